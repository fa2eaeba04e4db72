#include "cli/SitesCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ControlClient.h"
#include "control/ProxyJson.h"
#include "control/SiteJson.h"
#include "storage/DataFolder.h"
#include "storage/SiteEdits.h"
#include "sys/InstanceLock.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <memory>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kSites = u"sites"_s;

struct Options
{
    QString subcommand;
    QStringList positional;
    QString dataDir;
    bool json = false;
    std::optional<QString> host;
    std::optional<QString> aliases;
    std::optional<QString> root;
    std::optional<QString> hiddenFiles; // "on" or "off"
    std::optional<QList<model::ProxyRoute>> proxies; // --proxy PATH=URL..., or "off" (none)
    bool makeDefault = false;
};

// Where the command works: the running instance's API, or the SQLite file.
struct Target
{
    QString folder;
    std::optional<ControlClient> instance; // set when one answers
    QString instanceTrouble; // why an instance named by the folder was not used
};

Target findTarget(const QString &dataDir)
{
    Target target;
    target.folder = storage::DataFolder::resolve(dataDir);
    std::optional<ControlClient> client = ControlClient::forDataFolder(target.folder);
    if (!client)
        return target;
    // An endpoint file left by an instance that was killed names a closed port.
    const ControlClient::Reply probe = client->request("GET", u"/api/status"_s);
    if (probe.status == 200)
        target.instance = std::move(client);
    else if (probe.status == 401 && !client->tokenError().isEmpty())
        target.instanceTrouble = client->tokenError(); // a token world-readable, unreadable, missing
    else if (probe.status == 401)
        target.instanceTrouble
            = u"the instance at %1 refused this folder's control token"_s.arg(client->endpoint().toString());
    else
        target.instanceTrouble = u"no instance answers at %1"_s.arg(client->endpoint().toString());
    return target;
}

QString describe(const QJsonObject &site)
{
    QStringList aliases;
    for (const QJsonValue &alias : site[u"aliases"_s].toArray())
        aliases.append(alias.toString());
    return u"%1%2 -> %3"_s.arg(site[u"host"_s].toString(),
        aliases.isEmpty() ? QString() : u" ("_s + aliases.join(u", "_s) + u')',
        site[u"document_root"_s].toString());
}

void printTable(const QJsonArray &sites)
{
    qsizetype hostWidth = 4;
    qsizetype aliasWidth = 7;
    for (const QJsonValue &site : sites) {
        QStringList aliases;
        for (const QJsonValue &alias : site[u"aliases"_s].toArray())
            aliases.append(alias.toString());
        hostWidth = std::max(hostWidth, site[u"host"_s].toString().size() + 2);
        aliasWidth = std::max(aliasWidth, aliases.join(u","_s).size());
    }
    Console::out(u"%1  %2  %3"_s.arg(u"host"_s, -int(hostWidth))
                     .arg(u"aliases"_s, -int(aliasWidth))
                     .arg(u"document root"_s));
    for (const QJsonValue &site : sites) {
        QStringList aliases;
        for (const QJsonValue &alias : site[u"aliases"_s].toArray())
            aliases.append(alias.toString());
        const QString host = site[u"host"_s].toString() + (site[u"default"_s].toBool() ? u" *"_s : QString());
        Console::out(u"%1  %2  %3"_s.arg(host, -int(hostWidth))
                         .arg(aliases.join(u","_s), -int(aliasWidth))
                         .arg(site[u"document_root"_s].toString()));
    }
    Console::out(u"(* the default site, which answers unknown host names)"_s);
}

// The outcome of a change made on the SQLite file, as the API would say it.
int reportChange(const model::SiteChange &change, const QString &done)
{
    if (change.result != model::SiteChange::Result::Done)
        return Console::fail(kSites, change.detail);
    Console::out(done);
    return 0;
}

int list(const Options &options, Target &target)
{
    QJsonArray sites;
    if (target.instance) {
        const ControlClient::Reply reply = target.instance->request("GET", u"/api/sites"_s);
        if (reply.status != 200)
            return Console::fail(kSites, ControlClient::problemText(reply));
        sites = QJsonDocument::fromJson(reply.body).array();
    } else {
        storage::DataFolder folder;
        QString error;
        if (!folder.open(options.dataDir, &error))
            return Console::fail(kSites, error);
        for (const model::VirtualHost &site : folder.database().virtualHosts())
            sites.append(control::SiteJson::toJson(site));
    }
    if (options.json)
        Console::outRaw(QString::fromUtf8(QJsonDocument(sites).toJson(QJsonDocument::Indented)));
    else
        printTable(sites);
    return 0;
}

// Sends a change to the instance; prints what it did.
int sendChange(Target &target, const QByteArray &method, const QString &path, const QJsonObject &body,
    const QString &done)
{
    const ControlClient::Reply reply = target.instance->request(
        method, path, body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact));
    if (reply.status == 0)
        return Console::fail(kSites, reply.error);
    if (reply.status >= 300) {
        const QJsonObject problem = QJsonDocument::fromJson(reply.body).object();
        if (problem[u"stored"_s].toBool()) {
            return Console::fail(kSites,
                u"stored, but the engine did not reload: %1; it still serves the previous configuration"_s
                    .arg(problem[u"reason"_s].toString()));
        }
        return Console::fail(kSites, ControlClient::problemText(reply));
    }
    const QJsonObject site = QJsonDocument::fromJson(reply.body).object();
    const QString where = target.instance->endpoint().toString();
    Console::out(done.arg(site.isEmpty() ? QString() : describe(site))
        + u" (through the running instance at %1, which reloaded)"_s.arg(where));
    return 0;
}

QString sitePath(const QString &host)
{
    return u"/api/sites/"_s + QString::fromLatin1(QUrl::toPercentEncoding(host));
}

// A change on the SQLite file is made under the folder's instance lock, the
// one the window and `serve` hold: never beside a running Hostbench whose
// control API does not answer (its engine stopped, or --control off), which
// would not see it. Returns the exit code when the lock cannot be had.
std::optional<int> lockFolder(const Target &target, std::unique_ptr<sys::InstanceLock> &lock)
{
    lock = std::make_unique<sys::InstanceLock>(target.folder);
    if (lock->tryLock())
        return std::nullopt;
    if (lock->heldByAnother())
        return Console::fail(kSites,
            u"the data folder %1 is in use by %2, and no control API of it answers%3: "
            u"change the site there, or stop it first"_s.arg(target.folder, lock->describeHolder(),
                target.instanceTrouble.isEmpty() ? QString() : u" ("_s + target.instanceTrouble + u')'));
    return Console::fail(kSites, lock->errorString());
}

// Opens the data folder for a change on its SQLite file, under its instance
// lock (lockFolder). Returns the exit code when either fails.
std::optional<int> openForChange(const Options &options, const Target &target, storage::DataFolder &folder,
    std::unique_ptr<sys::InstanceLock> &lock)
{
    QString error;
    if (!folder.open(options.dataDir, &error))
        return Console::fail(kSites, error);
    return lockFolder(target, lock);
}

QString directly(const Target &target)
{
    return target.instanceTrouble.isEmpty()
        ? u" (in %1; no instance runs on it)"_s.arg(target.folder)
        : u" (in %1 directly: %2)"_s.arg(target.folder, target.instanceTrouble);
}

int add(const Options &options, Target &target)
{
    if (options.positional.size() != 1)
        return Console::fail(kSites, u"add takes one HOST[,ALIAS...]=DIR, e.g. a.test,www.a.test=/srv/a"_s);
    QString error;
    std::optional<model::VirtualHost> site = CliParse::site(options.positional.constFirst(), &error);
    if (!site)
        return Console::fail(kSites, error);
    site->proxy.routes = options.proxies.value_or(QList<model::ProxyRoute>());
    if (target.instance) {
        // The whole site as the API shows it: a new site's other members are the defaults.
        const QJsonObject body = control::SiteJson::toJson(*site);
        return sendChange(target, "POST", u"/api/sites"_s, body, u"Added %1"_s);
    }
    storage::DataFolder folder;
    std::unique_ptr<sys::InstanceLock> lock;
    if (const std::optional<int> failed = openForChange(options, target, folder, lock))
        return *failed;
    const model::SiteChange change = storage::SiteEdits::create(folder.database(), *site);
    return reportChange(
        change, u"Added %1%2"_s.arg(describe(control::SiteJson::toJson(change.site)), directly(target)));
}

int edit(const Options &options, Target &target)
{
    if (options.positional.size() != 1)
        return Console::fail(kSites, u"edit takes the site's HOST, then what changes (see --help)"_s);
    QJsonObject changes;
    if (options.host)
        changes.insert(u"host"_s, *options.host);
    if (options.aliases) {
        QJsonArray aliases;
        for (const QString &alias : options.aliases->split(u',', Qt::SkipEmptyParts))
            aliases.append(alias.trimmed());
        changes.insert(u"aliases"_s, aliases);
    }
    if (options.root) {
        QString error;
        const std::optional<QString> root = CliParse::directory(*options.root, u"--root"_s, &error);
        if (!root)
            return Console::fail(kSites, error);
        changes.insert(u"document_root"_s, *root);
    }
    if (options.hiddenFiles) {
        if (*options.hiddenFiles != u"on"_s && *options.hiddenFiles != u"off"_s)
            return Console::fail(
                kSites, u"--hidden-files takes on or off, not \"%1\""_s.arg(*options.hiddenFiles));
        changes.insert(u"serve_hidden_files"_s, *options.hiddenFiles == u"on"_s);
    }
    if (options.makeDefault)
        changes.insert(u"default"_s, true);
    if (options.proxies)
        changes.insert(
            u"proxy"_s, QJsonObject { { u"routes"_s, control::ProxyJson::routes(*options.proxies) } });
    if (changes.isEmpty())
        return Console::fail(kSites,
            u"edit changes nothing: give --host, --aliases, --root, --hidden-files, --proxy or --default"_s);
    const QString host = options.positional.constFirst();
    if (target.instance) {
        return sendChange(target, "PUT", sitePath(host), changes, u"Changed %1"_s);
    }
    storage::DataFolder folder;
    std::unique_ptr<sys::InstanceLock> lock;
    if (const std::optional<int> failed = openForChange(options, target, folder, lock))
        return *failed;
    QString error;
    const model::SiteChange found = storage::SiteEdits::find(folder.database(), host);
    if (found.result != model::SiteChange::Result::Done)
        return Console::fail(kSites, found.detail);
    model::VirtualHost site = found.site;
    QString field;
    if (!control::SiteJson::apply(changes, site, &field, &error))
        return Console::fail(kSites, error);
    const model::SiteChange change = storage::SiteEdits::replace(folder.database(), host, site);
    return reportChange(
        change, u"Changed %1%2"_s.arg(describe(control::SiteJson::toJson(change.site)), directly(target)));
}

int remove(const Options &options, Target &target)
{
    if (options.positional.size() != 1)
        return Console::fail(kSites, u"remove takes the site's HOST"_s);
    const QString host = options.positional.constFirst();
    if (target.instance) {
        return sendChange(target, "DELETE", sitePath(host), {}, u"Removed "_s + host + u"%1"_s);
    }
    storage::DataFolder folder;
    std::unique_ptr<sys::InstanceLock> lock;
    if (const std::optional<int> failed = openForChange(options, target, folder, lock))
        return *failed;
    const model::SiteChange change = storage::SiteEdits::remove(folder.database(), host);
    return reportChange(change, u"Removed "_s + host + directly(target));
}

} // namespace

int SitesCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Lists and changes the stored sites: through the control API of the instance running on the data\n"
        "folder (the window or serve), which then serves the change, else in its SQLite file directly.\n\n"
        "  sites list [--json]\n"
        "  sites add HOST[,ALIAS...]=DIR [--proxy PATH=URL]...\n"
        "  sites edit HOST [--host NAME] [--aliases A,B] [--root DIR] [--hidden-files on|off] [--default]\n"
        "             [--proxy PATH=URL|off]...\n"
        "  sites remove HOST"_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption dataDir = Console::dataDirOption();
    const QCommandLineOption json(u"json"_s, u"list: prints the sites as JSON."_s);
    const QCommandLineOption host(u"host"_s, u"edit: the new host name."_s, u"NAME"_s);
    const QCommandLineOption aliases(
        u"aliases"_s, u"edit: the new aliases, comma-separated (\"\" for none)."_s, u"A,B"_s);
    const QCommandLineOption root(u"root"_s, u"edit: the new document root."_s, u"DIR"_s);
    const QCommandLineOption makeDefault(u"default"_s, u"edit: makes it the default site."_s);
    const QCommandLineOption hiddenFiles(u"hidden-files"_s,
        u"edit: on serves and lists files whose name starts with \".\" (.git, .env); off (the default) "
        "answers 404 for them, but for /.well-known/."_s,
        u"on|off"_s);
    const QCommandLineOption proxy(u"proxy"_s,
        u"add, edit: proxies PATH and below to the app at URL (http://HOST:PORT[/PATH] or unix:/path.sock); "
        "/=URL: the whole site; repeatable; edit replaces the site's list (off: none)."_s,
        u"PATH=URL"_s);
    parser.addOptions({ help, dataDir, json, host, aliases, root, hiddenFiles, makeDefault, proxy });
    parser.addPositionalArgument(u"action"_s, u"list, add, edit or remove."_s, u"action"_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, help, arguments, kSites, Console::Positional::Allowed))
        return *done;
    Options options;
    options.positional = parser.positionalArguments();
    options.subcommand = options.positional.isEmpty() ? QString() : options.positional.takeFirst();
    options.dataDir = parser.value(dataDir);
    options.json = parser.isSet(json);
    if (parser.isSet(host))
        options.host = parser.value(host);
    if (parser.isSet(aliases))
        options.aliases = parser.value(aliases);
    if (parser.isSet(root))
        options.root = parser.value(root);
    options.makeDefault = parser.isSet(makeDefault);
    if (parser.isSet(hiddenFiles))
        options.hiddenFiles = parser.value(hiddenFiles).trimmed();
    QString error;
    if (parser.isSet(proxy)
        && !(options.proxies = CliParse::proxies(parser.values(proxy), u"--proxy"_s, &error)))
        return Console::fail(kSites, error);

    const QStringList known { u"list"_s, u"add"_s, u"edit"_s, u"remove"_s };
    if (!known.contains(options.subcommand))
        return Console::fail(
            kSites, u"expected list, add, edit or remove (see hostbench-cli sites --help)"_s);
    if (options.subcommand == u"list"_s && !options.positional.isEmpty())
        return Console::fail(kSites, u"unexpected argument \"%1\""_s.arg(options.positional.constFirst()));
    const bool editFlags
        = options.host || options.aliases || options.root || options.hiddenFiles || options.makeDefault;
    if (options.proxies && options.subcommand != u"add"_s && options.subcommand != u"edit"_s)
        return Console::fail(kSites, u"--proxy belongs to sites add and sites edit"_s);
    if (options.subcommand != u"edit"_s && editFlags)
        return Console::fail(
            kSites, u"--host, --aliases, --root, --hidden-files and --default belong to sites edit"_s);

    Target target = findTarget(options.dataDir);
    if (options.subcommand == u"list"_s)
        return list(options, target);
    if (options.subcommand == u"add"_s)
        return add(options, target);
    if (options.subcommand == u"edit"_s)
        return edit(options, target);
    return remove(options, target);
}

int SitesCommand::runReload(const QStringList &arguments)
{
    const QString command = u"reload"_s;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Makes the instance running on the data folder (the window or serve) serve the stored sites again,\n"
        "as SIGHUP does for serve."_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption dataDir = Console::dataDirOption();
    parser.addOptions({ help, dataDir });
    if (const std::optional<int> done = Console::parseFlags(parser, help, arguments, command))
        return *done;
    Target target = findTarget(parser.value(dataDir));
    if (!target.instance) {
        const QString none = u"no instance runs on %1 (no control.endpoint there)"_s.arg(target.folder);
        return Console::fail(command, target.instanceTrouble.isEmpty() ? none : target.instanceTrouble);
    }
    const ControlClient::Reply reply = target.instance->request("POST", u"/api/engine/reload"_s);
    if (reply.status != 200)
        return Console::fail(command, reply.status == 0 ? reply.error : ControlClient::problemText(reply));
    Console::out(u"Reloaded the instance at %1"_s.arg(target.instance->endpoint().toString()));
    return 0;
}

} // namespace hostbench::cli
