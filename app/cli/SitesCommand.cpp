#include "cli/SitesCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ControlClient.h"
#include "cli/SitesFlags.h"
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

using Options = SitesOptions;

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

QString joined(const QJsonArray &values, const QString &member = {})
{
    QStringList texts;
    for (const QJsonValue &value : values)
        texts.append(member.isEmpty() ? value.toString() : value[member].toString());
    return texts.join(u","_s);
}

// The PHP-FPM address, with the prefix when it is not "/": "auto", "unix:/run/php.sock (/blog)"; "-": none.
QString phpCell(const QJsonObject &php)
{
    const QString address = php[u"address"_s].toString();
    const QString prefix = php[u"prefix"_s].toString();
    if (address.trimmed().isEmpty())
        return u"-"_s;
    return prefix == u"/"_s || prefix.isEmpty() ? address : u"%1 (%2)"_s.arg(address, prefix);
}

// One row per site: host (" *" for the default), aliases, document root,
// proxied paths ("-": none), PHP (phpCell) and the app command ("-": none), the last free text.
QList<QStringList> tableRows(const QJsonArray &sites)
{
    QList<QStringList> rows { { u"host"_s, u"aliases"_s, u"document root"_s, u"proxied"_s, u"php"_s,
        u"app"_s } };
    for (const QJsonValue &site : sites) {
        const QJsonObject proxy = site[u"proxy"_s].toObject();
        const QString paths = joined(proxy[u"routes"_s].toArray(), u"path"_s);
        const QString app = proxy[u"app"_s][u"command"_s].toString();
        rows.append({ site[u"host"_s].toString() + (site[u"default"_s].toBool() ? u" *"_s : QString()),
            joined(site[u"aliases"_s].toArray()), site[u"document_root"_s].toString(),
            paths.isEmpty() ? u"-"_s : paths, phpCell(site[u"php"_s].toObject()),
            app.isEmpty() ? u"-"_s : app });
    }
    return rows;
}

void printTable(const QJsonArray &sites)
{
    const QList<QStringList> rows = tableRows(sites);
    QList<qsizetype> widths(rows.constFirst().size() - 1, 0);
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row.at(i).size() + (i == 0 ? 2 : 0));
    }
    for (const QStringList &row : rows) {
        QString line;
        for (qsizetype i = 0; i < widths.size(); ++i)
            line += row.at(i).leftJustified(widths.at(i)) + u"  "_s;
        Console::out(line + row.constLast());
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
        const QList<model::VirtualHost> stored = folder.database().virtualHosts();
        // The folder always holds the default site: none read is a read that failed.
        if (stored.isEmpty() && !folder.database().lastError().isEmpty())
            return Console::fail(kSites, u"cannot read the stored sites: "_s + folder.database().lastError());
        for (const model::VirtualHost &site : stored)
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
    site->proxy.app = options.app.applyTo({});
    site->proxy.logUpstreamTimes = options.proxyLogTimes.value_or(false);
    site->php = options.php.applyTo({});
    site->tls.certificatePath = options.tlsCertificate.value_or(QString());
    site->tls.keyPath = options.tlsKey.value_or(QString());
    site->tls.redirectToHttps = options.httpsRedirect.value_or(false);
    site->tls.hstsMaxAgeSeconds = options.hstsSeconds.value_or(0);
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
    QJsonObject proxy;
    if (options.proxies)
        proxy.insert(u"routes"_s, control::ProxyJson::routes(*options.proxies));
    if (options.app.given())
        proxy.insert(u"app"_s, options.app.json());
    if (options.proxyLogTimes)
        proxy.insert(u"log_upstream_times"_s, *options.proxyLogTimes);
    if (!proxy.isEmpty())
        changes.insert(u"proxy"_s, proxy);
    if (options.php.given())
        changes.insert(u"php"_s, options.php.json());
    QJsonObject tls;
    if (options.tlsCertificate)
        tls.insert(u"certificate"_s, *options.tlsCertificate);
    if (options.tlsKey)
        tls.insert(u"key"_s, *options.tlsKey);
    if (options.httpsRedirect)
        tls.insert(u"redirect_http"_s, *options.httpsRedirect);
    if (options.hstsSeconds)
        tls.insert(u"hsts_max_age"_s, double(*options.hstsSeconds));
    if (!tls.isEmpty())
        changes.insert(u"tls"_s, tls);
    if (changes.isEmpty())
        return Console::fail(kSites,
            u"edit changes nothing: give --host, --aliases, --root, --hidden-files, --proxy, --app, "
            "--proxy-log-times, --php, --tls-cert, --tls-key, --https-redirect, --hsts or --default"_s);
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
    int exitCode = 0;
    const std::optional<Options> options = SitesFlags::parse(arguments, &exitCode);
    if (!options)
        return exitCode;
    Target target = findTarget(options->dataDir);
    if (options->subcommand == u"list"_s)
        return list(*options, target);
    if (options->subcommand == u"add"_s)
        return add(*options, target);
    if (options->subcommand == u"edit"_s)
        return edit(*options, target);
    return remove(*options, target);
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
