#include "TrustStores.h"

#include "LocalCa.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <unistd.h>

namespace hostbench::tls {

using namespace Qt::StringLiterals;

namespace {

constexpr int kCommandTimeoutMs = 30'000;

QString quoted(const QString &text)
{
    QString out = text;
    out.replace(u"'"_s, u"'\\''"_s);
    return u'\'' + out + u'\'';
}

// Runs a program; true on exit 0. `output` gets its stderr and stdout.
bool runProgram(const QString &program, const QStringList &arguments, QString *output = nullptr)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    if (!process.waitForStarted(kCommandTimeoutMs) || !process.waitForFinished(kCommandTimeoutMs)) {
        if (output)
            *output = process.errorString();
        process.kill();
        process.waitForFinished(1000);
        return false;
    }
    if (output)
        *output = QString::fromLocal8Bit(process.readAll()).trimmed();
    return process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
}

} // namespace

TrustStores::TrustStores(const LocalCa &ca, QString home, QString systemCaFolder, QString bundle)
    : m_root(ca.rootPath())
    , m_fingerprint(ca.rootFingerprint())
    , m_home(home.isEmpty() ? QDir::homePath() : std::move(home))
    , m_systemFolder(std::move(systemCaFolder))
    , m_bundle(std::move(bundle))
{
    QFile file(m_root);
    if (file.open(QIODevice::ReadOnly))
        m_rootPem = QString::fromLatin1(file.readAll()).trimmed();
}

QString TrustStores::systemFileName() const
{
    QString hex = m_fingerprint;
    hex.remove(u':');
    return u"hostbench-"_s + hex.left(8).toLower() + u".crt"_s;
}

QString TrustStores::nssNickname() const
{
    QString hex = m_fingerprint;
    hex.remove(u':');
    return u"Hostbench local CA "_s + hex.left(8).toLower();
}

QStringList TrustStores::nssDatabases() const
{
    QStringList databases;
    // Chromium's (and Chrome's) shared database; made by certutil -N when missing.
    databases.append(QDir(m_home).filePath(u".pki/nssdb"_s));
    // Each Firefox profile with an NSS database of its own.
    for (const QString &base : { u".mozilla/firefox"_s, u"snap/firefox/common/.mozilla/firefox"_s }) {
        const QDir profiles(QDir(m_home).filePath(base));
        for (const QString &profile : profiles.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            const QString path = profiles.filePath(profile);
            if (QFileInfo::exists(QDir(path).filePath(u"cert9.db"_s)))
                databases.append(path);
        }
    }
    return databases;
}

bool TrustStores::systemTrusted() const
{
    if (m_rootPem.isEmpty())
        return false;
    QFile bundle(m_bundle);
    if (!bundle.open(QIODevice::ReadOnly))
        return false;
    return QString::fromLatin1(bundle.readAll()).contains(m_rootPem);
}

std::optional<TrustStores::Scope> TrustStores::scopeNamed(const QString &name)
{
    if (name == QLatin1String("all"))
        return Scope::All;
    if (name == QLatin1String("system"))
        return Scope::System;
    if (name == QLatin1String("browsers"))
        return Scope::Browsers;
    return std::nullopt;
}

TrustStores::Scope TrustStores::scopeFromEnvironment()
{
    return scopeNamed(qEnvironmentVariable("HOSTBENCH_TRUST_STORES")).value_or(Scope::All);
}

QList<TrustStores::Store> TrustStores::stores(Scope scope) const
{
    QList<Store> stores;
    if (scope != Scope::Browsers)
        stores.append(systemStore());
    if (scope == Scope::System)
        return stores;
    const bool haveCertutil = !QStandardPaths::findExecutable(u"certutil"_s).isEmpty();
    for (const QString &database : nssDatabases()) {
        Store nss;
        const bool chromium = database.endsWith(u".pki/nssdb"_s);
        nss.name = chromium ? u"NSS: Chromium and Chrome"_s
                            : u"NSS: Firefox profile %1"_s.arg(QFileInfo(database).fileName());
        nss.location = database;
        const QString sql = u"sql:"_s + database;
        nss.canChange = haveCertutil;
        if (!haveCertutil)
            nss.note = u"certutil is missing (apt-get install libnss3-tools)"_s;
        else
            nss.trusted = runProgram(u"certutil"_s, { u"-d"_s, sql, u"-L"_s, u"-n"_s, nssNickname() });
        nss.trustCommands = {};
        if (chromium)
            nss.trustCommands.append(
                u"mkdir -p %1 && (certutil -d %2 -L >/dev/null 2>&1 || certutil -d %2 -N --empty-password)"_s
                    .arg(quoted(database), quoted(sql)));
        nss.trustCommands.append(u"certutil -d %1 -A -t C,, -n %2 -i %3"_s.arg(
            quoted(sql), quoted(nssNickname()), quoted(m_root)));
        nss.untrustCommands = { u"certutil -d %1 -D -n %2"_s.arg(quoted(sql), quoted(nssNickname())) };
        stores.append(nss);
    }
    return stores;
}

TrustStores::Store TrustStores::systemStore() const
{
    const bool root = ::geteuid() == 0;
    const QString installed = QDir(m_systemFolder).filePath(systemFileName());
    Store system;
    system.name = u"system (Debian ca-certificates: curl, wget, Python, most programs)"_s;
    system.location = m_systemFolder;
    system.trusted = systemTrusted();
    const bool haveUpdate = !QStandardPaths::findExecutable(u"update-ca-certificates"_s).isEmpty();
    system.canChange = root && haveUpdate;
    if (!haveUpdate)
        system.note = u"update-ca-certificates is missing (apt-get install ca-certificates)"_s;
    else if (!root)
        system.note = u"needs root: run the commands with sudo (or pkexec)"_s;
    system.trustCommands
        = { u"install -m 0644 %1 %2"_s.arg(quoted(m_root), quoted(installed)), u"update-ca-certificates"_s };
    system.untrustCommands = { u"rm -f %1"_s.arg(quoted(installed)), u"update-ca-certificates --fresh"_s };
    return system;
}

bool TrustStores::change(bool trust, QStringList *report, Scope scope) const
{
    bool ok = true;
    for (const Store &store : stores(scope)) {
        if (store.trusted == trust) {
            report->append(u"%1: %2 already"_s.arg(store.name, trust ? u"trusted"_s : u"not trusted"_s));
            continue;
        }
        if (!store.canChange) {
            report->append(u"%1: not changed (%2); to do it by hand:"_s.arg(store.name, store.note));
            for (const QString &command : trust ? store.trustCommands : store.untrustCommands)
                report->append(u"    "_s + command);
            continue;
        }
        QString output;
        bool done = true;
        for (const QString &command : trust ? store.trustCommands : store.untrustCommands) {
            if (!runProgram(u"/bin/sh"_s, { u"-c"_s, command }, &output)) {
                done = false;
                break;
            }
        }
        if (done)
            report->append(u"%1: %2"_s.arg(store.name, trust ? u"now trusted"_s : u"no longer trusted"_s));
        else
            report->append(u"%1: failed: %2"_s.arg(store.name, output));
        ok = ok && done;
    }
    return ok;
}

bool TrustStores::trust(QStringList *report, Scope scope) const
{
    return change(true, report, scope);
}

bool TrustStores::untrust(QStringList *report, Scope scope) const
{
    return change(false, report, scope);
}

} // namespace hostbench::tls
