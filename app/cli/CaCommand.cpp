#include "cli/CaCommand.h"

#include "cli/Console.h"
#include "storage/DataFolder.h"
#include "tls/LocalCa.h"
#include "tls/TrustStores.h"

#include <QCommandLineParser>
#include <QFile>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"ca"_s;

void printStores(const tls::TrustStores &stores, tls::TrustStores::Scope scope)
{
    for (const tls::TrustStores::Store &store : stores.stores(scope)) {
        QString line = u"  %1: %2"_s.arg(store.name, store.trusted ? u"trusted"_s : u"not trusted"_s);
        if (!store.note.isEmpty())
            line += u" (%1)"_s.arg(store.note);
        Console::out(line);
    }
}

} // namespace

int CaCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"The local certificate authority that issues the certificates of HTTPS sites (serve --listen-tls).\n"
        "  status   the root certificate and whether each trust store trusts it\n"
        "  trust    makes the system store and the browsers' NSS databases trust it\n"
        "  untrust  the reverse\n"
        "  export   writes the root certificate (never its key) to FILE, or to stdout"_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption dataDir
        = Console::dataDirOption(u"the one whose \"ca\" folder holds the authority"_s);
    const QCommandLineOption storesOption(u"stores"_s,
        u"The trust stores to read or change: all (the default), system (Debian's ca-certificates) or "
        "browsers (the NSS databases of Chromium and Firefox)."_s,
        u"all|system|browsers"_s);
    parser.addOptions({ help, dataDir, storesOption });
    parser.addPositionalArgument(
        u"action"_s, u"status, trust, untrust or export"_s, u"status|trust|untrust|export"_s);
    parser.addPositionalArgument(
        u"file"_s, u"export: where to write the root certificate (default stdout)"_s, u"[FILE]"_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, help, arguments, kCommand, Console::Positional::Allowed))
        return *done;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0, u"status"_s);
    if (action != u"status"_s && action != u"trust"_s && action != u"untrust"_s && action != u"export"_s)
        return Console::fail(kCommand, u"unknown action %1 (status, trust, untrust or export)"_s.arg(action));
    if (positional.size() > (action == u"export"_s ? 2 : 1))
        return Console::fail(kCommand, u"too many arguments for %1"_s.arg(action));

    tls::TrustStores::Scope scope = tls::TrustStores::Scope::All;
    if (parser.isSet(storesOption)) {
        const QString value = parser.value(storesOption);
        const std::optional<tls::TrustStores::Scope> named = tls::TrustStores::scopeNamed(value);
        if (!named)
            return Console::fail(
                kCommand, u"--stores: give all, system or browsers, not \"%1\""_s.arg(value));
        scope = *named;
    }
    const QString folder = tls::LocalCa::folderIn(storage::DataFolder::resolve(parser.value(dataDir)));
    QString error;
    const std::optional<tls::LocalCa> ca = tls::LocalCa::open(folder, action != u"status"_s, &error);
    if (!ca) {
        if (action == u"status"_s && !QFile::exists(folder + u"/rootCA.pem"_s)
            && !QFile::exists(folder + u"/rootCA-key.pem"_s)) {
            Console::out(u"No certificate authority yet in %1: it is made when serve --listen-tls, "
                         "ca trust or ca export first needs it."_s.arg(folder));
            return 0;
        }
        return Console::fail(kCommand, error);
    }
    if (action == u"export"_s) {
        QFile root(ca->rootPath());
        if (!root.open(QIODevice::ReadOnly))
            return Console::fail(kCommand, u"cannot read %1: %2"_s.arg(ca->rootPath(), root.errorString()));
        const QByteArray pem = root.readAll();
        if (positional.size() < 2) {
            Console::outRaw(QString::fromLatin1(pem));
            return 0;
        }
        QFile out(positional.at(1));
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(pem) != pem.size())
            return Console::fail(kCommand, u"cannot write %1: %2"_s.arg(positional.at(1), out.errorString()));
        Console::out(u"Wrote the root certificate to %1"_s.arg(positional.at(1)));
        return 0;
    }
    const tls::TrustStores stores(*ca);
    if (action == u"status"_s) {
        Console::out(u"Certificate authority: %1"_s.arg(ca->rootSubject()));
        Console::out(u"Root certificate:      %1"_s.arg(ca->rootPath()));
        Console::out(u"SHA-256 fingerprint:   %1"_s.arg(ca->rootFingerprint()));
        Console::out(u"Valid until:           %1"_s.arg(ca->rootNotAfter().toString(Qt::ISODate)));
        Console::out(u"Trust stores:"_s);
        printStores(stores, scope);
        return 0;
    }
    QStringList report;
    const bool ok = action == u"trust"_s ? stores.trust(&report, scope) : stores.untrust(&report, scope);
    for (const QString &line : report)
        Console::out(line);
    return ok ? 0 : 1;
}

} // namespace hostbench::cli
