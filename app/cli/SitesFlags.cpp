#include "cli/SitesFlags.h"

#include "cli/CliParse.h"
#include "cli/Console.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <algorithm>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kSites = u"sites"_s;

const QString kDescription
    = u"Lists and changes the stored sites: through the control API of the instance running on the data\n"
      "folder (the window or serve), which then serves the change, else in its SQLite file directly.\n\n"
      "  sites list [--json]\n"
      "  sites add HOST[,ALIAS...]=DIR [--proxy PATH=URL]... [--app CMD [--app-dir DIR] [--app-env "
      "NAME=value]...\n"
      "            [--app-grace MS]] [--proxy-log-times on|off]\n"
      "            [--php ADDR [--php-prefix PATH] [--php-front-controller on|off] [--php-timeout MS]]\n"
      "            [--tls-cert FILE --tls-key FILE] [--https-redirect on|off] [--hsts SECONDS]\n"
      "  sites edit HOST [--host NAME] [--aliases A,B] [--root DIR] [--hidden-files on|off] [--default]\n"
      "             [--proxy PATH=URL|off]... [--app CMD|off] [--app-dir DIR] [--app-env NAME=value|off]...\n"
      "             [--app-grace MS] [--proxy-log-times on|off]\n"
      "             [--php ADDR|off] [--php-prefix PATH] [--php-front-controller on|off] [--php-timeout MS]\n"
      "             [--tls-cert FILE|off --tls-key FILE|off] [--https-redirect on|off] [--hsts SECONDS]\n"
      "  sites remove HOST\n\n"
      "A site's app command runs programs as the user who runs Hostbench; the control API takes one only\n"
      "while it listens on loopback."_s;

// sites' flags, in the order --help lists them.
struct Flags
{
    QList<QCommandLineOption> all() const
    {
        return QList<QCommandLineOption> { help, dataDir, json, host, aliases, root, hiddenFiles, makeDefault,
            proxy, proxyLogTimes }
        + app.options() + php.options() + QList<QCommandLineOption> { tlsCert, tlsKey, httpsRedirect, hsts };
    }

    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption dataDir = Console::dataDirOption();
    const QCommandLineOption json { u"json"_s, u"list: prints the sites as JSON."_s };
    const QCommandLineOption host { u"host"_s, u"edit: the new host name."_s, u"NAME"_s };
    const QCommandLineOption aliases { u"aliases"_s,
        u"edit: the new aliases, comma-separated (\"\" for none)."_s, u"A,B"_s };
    const QCommandLineOption root { u"root"_s, u"edit: the new document root."_s, u"DIR"_s };
    const QCommandLineOption makeDefault { u"default"_s, u"edit: makes it the default site."_s };
    const QCommandLineOption hiddenFiles { u"hidden-files"_s,
        u"edit: on serves and lists files whose name starts with \".\" (.git, .env); off (the default) "
        "answers 404 for them, but for /.well-known/."_s,
        u"on|off"_s };
    const QCommandLineOption proxy { u"proxy"_s,
        u"add, edit: proxies PATH and below to the app at URL (http://HOST:PORT[/PATH] or unix:/path.sock); "
        "/=URL: the whole site; repeatable; edit replaces the site's list (off: none)."_s,
        u"PATH=URL"_s };
    const QCommandLineOption proxyLogTimes { u"proxy-log-times"_s,
        u"add, edit: on ends each access log line of a proxied request with the upstream's connect, header "
        "and response times (as nginx's $upstream_*_time); off (the default) does not."_s,
        u"on|off"_s };
    const QCommandLineOption tlsCert { u"tls-cert"_s,
        u"add, edit: the site's own certificate for HTTPS (PEM, the leaf first, then its chain), with "
        "--tls-key; edit: off for the local CA's (the default)."_s,
        u"FILE"_s };
    const QCommandLineOption tlsKey { u"tls-key"_s,
        u"add, edit: the private key (PEM) of --tls-cert; edit: off for the local CA's."_s, u"FILE"_s };
    const QCommandLineOption httpsRedirect { u"https-redirect"_s,
        u"add, edit: on answers http:// requests with 308 to https:// while the engine serves HTTPS; off "
        "(the default) serves both."_s,
        u"on|off"_s };
    const QCommandLineOption hsts { u"hsts"_s,
        u"add, edit: sends Strict-Transport-Security: max-age=SECONDS over HTTPS (at most two years); 0 (the "
        "default) sends none."_s,
        u"SECONDS"_s };
    const AppOptions app { u"add, edit: "_s };
    const PhpOptions php { u"add, edit: "_s };
};

// The flags against the action they belong to: a one-line reason, or empty.
QString misplacedFlag(const SitesOptions &options, bool appGiven, bool phpGiven)
{
    const QStringList known { u"list"_s, u"add"_s, u"edit"_s, u"remove"_s };
    if (!known.contains(options.subcommand))
        return u"expected list, add, edit or remove (see hostbench-cli sites --help)"_s;
    if (options.subcommand == u"list"_s && !options.positional.isEmpty())
        return u"unexpected argument \"%1\""_s.arg(options.positional.constFirst());
    const bool changes = options.subcommand == u"add"_s || options.subcommand == u"edit"_s;
    if (options.proxies && !changes)
        return u"--proxy belongs to sites add and sites edit"_s;
    if (appGiven && !changes)
        return u"--app, --app-dir, --app-env and --app-grace belong to sites add and sites edit"_s;
    if ((phpGiven || options.proxyLogTimes) && !changes)
        return u"--php, --php-prefix, --php-front-controller, --php-timeout and --proxy-log-times belong to "
               "sites add and sites edit"_s;
    const bool tlsGiven
        = options.tlsCertificate || options.tlsKey || options.httpsRedirect || options.hstsSeconds;
    if (tlsGiven && !changes)
        return u"--tls-cert, --tls-key, --https-redirect and --hsts belong to sites add and sites edit"_s;
    if (options.subcommand == u"add"_s && options.tlsCertificate.has_value() != options.tlsKey.has_value())
        return u"--tls-cert and --tls-key go together"_s;
    const bool editFlags
        = options.host || options.aliases || options.root || options.hiddenFiles || options.makeDefault;
    if (options.subcommand != u"edit"_s && editFlags)
        return u"--host, --aliases, --root, --hidden-files and --default belong to sites edit"_s;
    return {};
}

} // namespace

std::optional<SitesOptions> SitesFlags::parse(const QStringList &arguments, int *exitCode)
{
    const Flags flags;
    QCommandLineParser parser;
    parser.setApplicationDescription(kDescription);
    parser.addOptions(flags.all());
    parser.addPositionalArgument(u"action"_s, u"list, add, edit or remove."_s, u"action"_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, flags.help, arguments, kSites, Console::Positional::Allowed)) {
        *exitCode = *done;
        return std::nullopt;
    }
    *exitCode = 1;
    const FlagReader read(parser, kSites);
    SitesOptions options;
    options.positional = parser.positionalArguments();
    options.subcommand = options.positional.isEmpty() ? QString() : options.positional.takeFirst();
    options.dataDir = parser.value(flags.dataDir);
    options.json = parser.isSet(flags.json);
    options.host = read.value(flags.host);
    options.aliases = read.value(flags.aliases);
    options.root = read.value(flags.root);
    options.makeDefault = parser.isSet(flags.makeDefault);
    if (parser.isSet(flags.hiddenFiles))
        options.hiddenFiles = parser.value(flags.hiddenFiles).trimmed();
    QString error;
    if (parser.isSet(flags.proxy)
        && !(options.proxies = CliParse::proxies(parser.values(flags.proxy), u"--proxy"_s, &error))
                .has_value())
        return read.fail(error);
    const QList<QCommandLineOption> appOptions = flags.app.options();
    const bool appGiven = std::any_of(appOptions.begin(), appOptions.end(),
        [&](const QCommandLineOption &option) { return parser.isSet(option); });
    if (parser.isSet(flags.proxyLogTimes)
        && !(options.proxyLogTimes
            = CliParse::onOff(parser.value(flags.proxyLogTimes), u"--proxy-log-times"_s, &error))
                .has_value())
        return read.fail(error);
    // A file given relative to here; "off" (edit) clears it.
    const auto file = [&](const QCommandLineOption &option) -> std::optional<QString> {
        if (!parser.isSet(option))
            return std::nullopt;
        const QString value = parser.value(option).trimmed();
        if (value == u"off"_s || value.isEmpty())
            return QString();
        return QFileInfo(value).absoluteFilePath();
    };
    options.tlsCertificate = file(flags.tlsCert);
    options.tlsKey = file(flags.tlsKey);
    if (parser.isSet(flags.httpsRedirect)
        && !(options.httpsRedirect
            = CliParse::onOff(parser.value(flags.httpsRedirect), u"--https-redirect"_s, &error))
                .has_value())
        return read.fail(error);
    if (parser.isSet(flags.hsts)
        && !(options.hstsSeconds = CliParse::hstsSeconds(parser.value(flags.hsts), &error)).has_value())
        return read.fail(error);
    const bool phpGiven = flags.php.anySet(parser);
    if (const QString misplaced = misplacedFlag(options, appGiven, phpGiven); !misplaced.isEmpty())
        return read.fail(misplaced);
    const bool editing = options.subcommand == u"edit"_s;
    std::optional<AppFlags> app
        = flags.app.parse(parser, editing ? AppFlags::Use::Edit : AppFlags::Use::Add, &error);
    if (!app)
        return read.fail(error);
    options.app = std::move(*app);
    std::optional<PhpFlags> php
        = flags.php.parse(parser, editing ? PhpFlags::Use::Edit : PhpFlags::Use::Add, &error);
    if (!php)
        return read.fail(error);
    options.php = std::move(*php);
    *exitCode = 0;
    return options;
}

} // namespace hostbench::cli
