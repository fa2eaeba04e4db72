#include "cli/ServeCommand.h"

#include "cli/Console.h"
#include "cli/PidFile.h"
#include "cli/ServeControl.h"
#include "cli/ServeFlags.h"
#include "cli/SignalWatcher.h"
#include "http/HttpServer.h"
#include "instance/Instance.h"
#include "instance/PhpFpmPool.h"
#include "storage/DataFolder.h"
#include "sys/InstanceLock.h"
#include "sys/PortHolder.h"
#include "tls/LocalCa.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"serve"_s;

QString describe(const model::VirtualHost &host)
{
    QString names = host.hostName;
    for (const QString &alias : host.aliases)
        names += u", "_s + alias;
    QString line
        = u"  "_s + names + (host.isDefault ? u" (default)"_s : QString()) + u" -> "_s + host.documentRoot;
    if (!host.routes.isEmpty()) {
        QStringList paths;
        for (const model::Route &route : host.routes)
            paths.append(route.path);
        line += u"; routes "_s + paths.join(u", "_s);
    }
    for (const model::ProxyRoute &proxy : host.proxy.routes)
        line += u"; %1 proxied to %2"_s.arg(proxy.pathPrefix, proxy.upstream);
    if (host.proxy.app.isSet())
        line += u"; app: "_s + host.proxy.app.command;
    if (host.php.isSet())
        line += u"; PHP %1 at %2"_s.arg(host.php.pathPrefix, host.php.address);
    if (host.accessLogEnabled && !host.accessLogPath.isEmpty())
        line += u"; access log "_s + host.accessLogPath;
    if (host.errorLogEnabled && !host.errorLogPath.isEmpty())
        line += u"; error log "_s + host.errorLogPath;
    if (host.directoryListing)
        line += u"; listing"_s;
    if (host.serveHiddenFiles)
        line += u"; hidden files served"_s;
    return line;
}

// The stored timeouts and cap; where to listen and how many workers stay the command line's.
void applyStoredSettings(const model::ServerConfig &stored, model::ServerConfig &config)
{
    config.headerTimeoutMs = stored.headerTimeoutMs;
    config.keepAliveTimeoutMs = stored.keepAliveTimeoutMs;
    config.sendTimeoutMs = stored.sendTimeoutMs;
    config.maxConnectionsPerWorker = stored.maxConnectionsPerWorker;
}

QString describe(const model::ServerConfig &config)
{
    return u"Timeouts: header %1 ms, keep-alive %2 ms, send %3 ms; at most %4 connections per worker"_s
        .arg(config.headerTimeoutMs)
        .arg(config.keepAliveTimeoutMs)
        .arg(config.sendTimeoutMs)
        .arg(config.maxConnectionsPerWorker);
}

const QString kDescription
    = u"Serves static sites with name-based virtual hosts until SIGINT or SIGTERM;\n"
      "SIGHUP reloads them (the stored sites are read again).\n"
      "With --site or --default it serves exactly those sites; without, the sites stored in the data "
      "folder,\n"
      "under the stored timeouts and connection cap. The address, port and threads always come from\n"
      "--listen and --threads (or their defaults), never from the stored server settings.\n"
      "No document root may be or contain a system folder (/, /etc, /root, /proc, /sys, /dev, /boot,\n"
      "/var/lib) or the data folder, and no file inside the data folder is ever served (but for its\n"
      "sites/ folder). Files and folders whose name starts with \".\" (.git, .env) answer 404, but for\n"
      "/.well-known/, unless a site serves hidden files.\n"
      "Started as root, serve binds its ports, then gives root up for --user NAME, else for the user\n"
      "who ran sudo ($SUDO_USER), as nginx's `user` does; as root with neither it refuses to start,\n"
      "and going on as root takes --user root. That user must be able to read the sites and to write\n"
      "the data folder."_s;

// serve's flags, in the order --help lists them.
struct Flags
{
    QList<QCommandLineOption> all() const
    {
        return QList<QCommandLineOption> { help, listen, listenTls, threads, dataDir } + sites.options()
            + QList<QCommandLineOption> { control, controlTokenRequired, pidFile, user, accessLog, errorLog,
                  listing, hiddenFiles, tlsCert, tlsKey, httpsRedirect, hsts };
    }

    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption listen { u"listen"_s,
        u"Address and port to listen on (default 127.0.0.1:%1, or the next free port; "
        "a port given here must be free; port 0 picks one)."_s.arg(model::ServerConfig::kDefaultPort),
        u"ADDR:PORT"_s };
    const QCommandLineOption listenTls { u"listen-tls"_s,
        u"Also serves HTTPS (TLS 1.2 and 1.3) on ADDR:PORT (e.g. 127.0.0.1:%1; port 0 picks one), with a "
        "certificate per site from the data folder's local certificate authority (made on first use; "
        "`hostbench-cli ca trust` makes browsers trust it)."_s.arg(model::ServerConfig::kDefaultTlsPort),
        u"ADDR:PORT"_s };
    const QCommandLineOption threads { u"threads"_s, u"Worker threads (default: one per core)."_s, u"N"_s };
    const QCommandLineOption dataDir = Console::dataDirOption(u"the stored sites and settings"_s);
    const SiteOptions sites { u"Serves"_s, true };
    const QCommandLineOption control { u"control"_s,
        u"Control API address (default 127.0.0.1:%1), or \"off\". Loopback only, "
        "unless with --control-token-required."_s.arg(model::ServerConfig::kDefaultControlPort),
        u"ADDR:PORT|off"_s };
    const QCommandLineOption controlTokenRequired { u"control-token-required"_s,
        u"The control API asks for its token (control.token in the data folder) on /metrics too, not only on "
        "/api; needed for a --control address other than loopback."_s };
    const QCommandLineOption pidFile { u"pid-file"_s,
        u"Writes the process id to FILE once serving, and removes it at exit."_s, u"FILE"_s };
    const QCommandLineOption accessLog { u"access-log"_s,
        u"Access log (Combined Log Format) of the --site / --default sites, or "
        "\"off\" (the default for them). Stored sites use their own settings."_s,
        u"FILE|off"_s };
    const QCommandLineOption errorLog { u"error-log"_s,
        u"Error log of the --site / --default sites, or \"off\" (the default)."_s, u"FILE|off"_s };
    const QCommandLineOption listing { u"listing"_s,
        u"Lists the files of a folder without an index file (--site / --default sites)."_s };
    const QCommandLineOption hiddenFiles { u"hidden-files"_s,
        u"Serves and lists hidden files, whose name starts with \".\" (--site / --default sites); "
        "without, they answer 404."_s };
    const QCommandLineOption tlsCert { u"tls-cert"_s,
        u"With --listen-tls: the certificate (PEM, the leaf first, then its chain) of the --site / --default "
        "sites, with --tls-key; without, the local certificate authority issues one per site."_s,
        u"FILE"_s };
    const QCommandLineOption tlsKey { u"tls-key"_s, u"The private key (PEM) of --tls-cert."_s, u"FILE"_s };
    const QCommandLineOption httpsRedirect { u"https-redirect"_s,
        u"With --listen-tls: on answers http:// requests to the --site / --default sites with 308 to "
        u"https://; "
        "off (the default) serves both."_s,
        u"on|off"_s };
    const QCommandLineOption hsts { u"hsts"_s,
        u"With --listen-tls: the --site / --default sites send Strict-Transport-Security: max-age=SECONDS "
        "over HTTPS (at most two years); 0 (the default) sends none."_s,
        u"SECONDS"_s };
    const QCommandLineOption user { u"user"_s,
        u"Started as root: the user to serve as once the ports are bound (default: $SUDO_USER; "
        "\"root\" stays root). Needed when root runs serve without sudo."_s,
        u"NAME"_s };
};

} // namespace

std::optional<ServeCommand::Options> ServeCommand::parse(const QStringList &arguments, int *exitCode)
{
    const Flags flags;
    QCommandLineParser parser;
    parser.setApplicationDescription(kDescription);
    parser.addOptions(flags.all());
    if (const std::optional<int> done = Console::parseFlags(parser, flags.help, arguments, kCommand)) {
        *exitCode = *done;
        return std::nullopt;
    }
    *exitCode = 1;
    const FlagReader read(parser, kCommand);
    QString error;
    std::optional<model::ServerConfig> config
        = ServeFlags::listen(read.value(flags.listen), read.value(flags.threads), &error);
    if (!config || !ServeFlags::listenTls(read.value(flags.listenTls), *config, &error))
        return read.fail(error);
    const std::optional<QString> pidFile = ServeFlags::pidFile(read.value(flags.pidFile), &error);
    if (!pidFile)
        return read.fail(error);
    std::optional<SiteFlags> sites = flags.sites.parse(parser, &error);
    if (!sites)
        return read.fail(error);
    const std::optional<ServeFlags::SiteLogs> logs = ServeFlags::siteLogs(read.value(flags.accessLog),
        read.value(flags.errorLog), parser.isSet(flags.listing), !sites->sites.isEmpty(), &error);
    if (!logs)
        return read.fail(error);
    const std::optional<ServeFlags::SiteHttps> https = ServeFlags::siteHttps(read.value(flags.tlsCert),
        read.value(flags.tlsKey), read.value(flags.httpsRedirect), read.value(flags.hsts),
        !sites->sites.isEmpty(), config->tlsEnabled, &error);
    if (!https)
        return read.fail(error);
    const bool tokenRequired = parser.isSet(flags.controlTokenRequired);
    const std::optional<ServeFlags::Control> control
        = ServeFlags::control(read.value(flags.control), tokenRequired, &error);
    if (!control)
        return read.fail(error);
    const bool hiddenFiles = parser.isSet(flags.hiddenFiles);
    if (hiddenFiles && sites->sites.isEmpty())
        return read.fail(
            u"--hidden-files applies to the sites of --site / --default; stored sites use their own settings"_s);
    // Last: a flag that is wrong says so first, whoever runs it.
    const std::optional<Privileges::Plan> user
        = Privileges::plan(read.value(flags.user), ::geteuid(), qEnvironmentVariable("SUDO_USER"), &error);
    if (!user)
        return read.fail(error);

    Options options;
    options.config = *config;
    options.dataDir = parser.value(flags.dataDir);
    options.pidFile = *pidFile;
    options.flags = std::move(*sites);
    options.explicitSites = !options.flags.sites.isEmpty();
    logs->applyTo(options.flags.sites);
    https->applyTo(options.flags.sites);
    for (model::VirtualHost &host : options.flags.sites)
        host.serveHiddenFiles = hiddenFiles;
    options.user = *user;
    // The data folder is guarded even when serving --site / --default only:
    // its control token is there.
    options.config.dataFolder = storage::DataFolder::resolve(options.dataDir);
    options.control = control->endpoint;
    options.controlGiven = control->given;
    options.controlTokenRequired = tokenRequired;
    *exitCode = 0;
    return options;
}

namespace {

// The data folder serve serves from (no --site / --default): opened, locked
// for this process, its stored timeouts and cap applied. An exit code when
// it cannot be had.
std::optional<int> openFolder(ServeCommand::Options &options, std::optional<storage::DataFolder> &folder,
    std::optional<sys::InstanceLock> &lock)
{
    QString error;
    folder.emplace();
    if (!folder->open(options.dataDir, &error))
        return Console::fail(kCommand, error);
    // One Hostbench serves a data folder: a second would serve the same
    // sites on the next port and write the same log files.
    lock.emplace(folder->path());
    if (!lock->tryLock() && lock->heldByAnother())
        return Console::fail(kCommand,
            u"the data folder %1 is in use by %2; stop it first, or give another "
            "folder with --data-dir"_s.arg(folder->path(), lock->describeHolder()));
    if (!lock->isLocked())
        return Console::fail(kCommand, lock->errorString());
    applyStoredSettings(folder->database().serverConfig(), options.config);
    Console::out(u"Sites from "_s + folder->databasePath());
    Console::out(describe(options.config));
    return std::nullopt;
}

// The sites to serve: the flags', or the stored ones (read again on each
// reload), with --route added to each; the Instance checks them.
service::Instance::SiteSource siteSource(const ServeCommand::Options &options, storage::DataFolder *folder)
{
    return [&options, folder](QList<model::VirtualHost> *sites, QString *error) {
        *sites = options.flags.sites;
        if (folder) {
            *sites = folder->database().virtualHosts();
            if (sites->isEmpty()) {
                // The folder always holds the default site: none read is a read that failed
                // (a stored value that is not of its type, as ProxyTable reports it).
                const QString why = folder->database().lastError();
                *error = why.isEmpty()
                    ? u"no sites are stored in %1; give some with --site or --default"_s.arg(
                        folder->databasePath())
                    : u"cannot read the stored sites: "_s + why;
                return false;
            }
            folder->applyDefaultLogPaths(*sites);
        }
        for (model::VirtualHost &host : *sites)
            options.flags.addRoutesTo(host);
        return true;
    };
}

// What serve says of the PHP-FPM pool of the "auto" sites: why it is down,
// or that it is ready, once its version is known too.
void sayPhp(const service::PhpFpmPool &php)
{
    using State = service::PhpFpmPool::State;
    if (php.state() == State::NotInstalled || php.state() == State::Failed || php.state() == State::GaveUp)
        Console::err(u"hostbench-cli serve: "_s + php.message());
    else if (php.state() == State::Ready && !php.phpVersion().isEmpty())
        Console::out(u"PHP-FPM (%1): %2"_s.arg(php.phpVersion(), php.message()));
}

// What serve says once serving: as whom, where, which sites.
void sayServing(const ServeCommand::Options &options, const storage::DataFolder *folder,
    const service::Instance &instance)
{
    if (const QString line = Privileges::describe(options.user); !line.isEmpty())
        Console::out(line);
    if (options.user.action == Privileges::Plan::Action::Drop && folder
        && (!QFileInfo(folder->path()).isWritable() || !QFileInfo(folder->databasePath()).isWritable()))
        Console::err(u"hostbench-cli serve: warning: user %1 cannot write the data folder %2 (owner %3): "
                     "site changes, the control token and runs cannot be stored; give the folder to %1 "
                     "(chown -R %1 %2) or serve another with --data-dir"_s.arg(
                         options.user.user, folder->path(), QFileInfo(folder->path()).owner()));
    const http::HttpServer &server = instance.server();
    QString serving = u"Serving "_s + server.url();
    if (options.config.port != 0 && server.port() != options.config.port)
        serving += u" (%1 is in use by %2)"_s.arg(
            QString::number(options.config.port), sys::PortHolder::find(options.config.port).describe());
    Console::out(serving);
    if (server.tlsPort() != 0) {
        const QList<model::VirtualHost> &sites = instance.sites();
        const auto own = std::count_if(sites.begin(), sites.end(),
            [](const model::VirtualHost &host) { return host.tls.hasOwnCertificate(); });
        const QString source = own == 0 ? u"certificates from the local CA in %1"_s.arg(server.caFolder())
            : own == sites.size()
            ? u"the sites' own certificates"_s
            : u"the sites' own certificates, or the local CA's in %1"_s.arg(server.caFolder());
        Console::out(u"Serving %1 (TLS; %2)"_s.arg(server.tlsUrl(), source));
        for (const QString &warning : server.tlsWarnings())
            Console::err(u"hostbench-cli serve: warning: "_s + warning);
    }
    for (const model::VirtualHost &host : instance.sites())
        Console::out(describe(host));
    sayPhp(instance.php());
}

// What serve says of what happens to its instance while it serves: reloads
// (SIGHUP, the control API's reload and its site changes, as nginx -s
// reload: connections in flight finish on the old sites), and the engine
// started or stopped through the control API, which outlives a stop.
void narrate(service::Instance &instance)
{
    QObject::connect(&instance, &service::Instance::sitesReloaded, [](int count) {
        Console::out(u"Reloaded: %1 %2"_s.arg(count).arg(count == 1 ? u"site"_s : u"sites"_s));
    });
    // A site change that is stored but could not be served is said here too.
    QObject::connect(&instance, &service::Instance::siteChanged, [](const model::SiteChange &change) {
        if (!change.reloadError.isEmpty())
            Console::err(u"hostbench-cli serve: stored, but not reloaded: "_s + change.reloadError);
    });
    QObject::connect(&instance, &service::Instance::startedRemotely, [&instance] {
        Console::out(u"Serving %1 (started through the control API)"_s.arg(instance.server().url()));
    });
    QObject::connect(&instance, &service::Instance::stoppedRemotely,
        [] { Console::out(u"Stopped through the control API, which runs on."_s); });
    QObject::connect(
        &instance, &service::Instance::phpChanged, [&instance, last = std::make_shared<QString>()] {
            const QString now = QString::number(int(instance.php().state())) + instance.php().phpVersion();
            if (now != std::exchange(*last, now))
                sayPhp(instance.php());
        });
}

// SIGHUP: the sites again; a list that cannot be served (a log that cannot
// be opened) keeps the old one and says why.
void reloadOnSignal(service::Instance &instance)
{
    QString reason;
    if (!instance.isRunning())
        reason = u"the engine is stopped (POST /api/engine/start starts it)"_s;
    else if (instance.reload(&reason))
        return;
    Console::err(u"hostbench-cli serve: not reloaded: "_s + reason);
}

} // namespace

int ServeCommand::run(const QStringList &arguments)
{
    int exitCode = 0;
    std::optional<Options> options = parse(arguments, &exitCode);
    if (!options)
        return exitCode;

    // Watch before serving: a SIGTERM from now on stops the server cleanly,
    // a SIGHUP reloads the sites (once the server runs).
    std::function<void()> reload;
    SignalWatcher watcher(
        [&reload](int signal) {
            if (signal != SIGHUP)
                QCoreApplication::quit();
            else if (reload)
                reload();
        },
        true);
    if (!watcher.isActive())
        Console::err(u"hostbench-cli serve: cannot watch SIGINT/SIGTERM/SIGHUP; stop it with SIGKILL"_s);

    std::optional<storage::DataFolder> folder;
    std::optional<sys::InstanceLock> lock;
    if (!options->explicitSites) {
        if (const std::optional<int> failed = openFolder(*options, folder, lock))
            return *failed;
    }
    storage::DataFolder *stored = folder ? &*folder : nullptr;
    // The token lives in the data folder, also for --site sites, so that
    // `status` and the other commands find it there.
    service::Instance instance(stored ? &stored->database() : nullptr,
        stored ? stored->path() : storage::DataFolder::resolve(options->dataDir),
        siteSource(*options, stored));
    // Root goes once the ports are bound and the logs open, before the
    // first connection is accepted (Privileges).
    // The local CA, made as root at the start, goes to the user first (Privileges::handOver).
    const auto dropRoot = [&options](QString *reason) {
        return (!options->config.tlsEnabled
                   || Privileges::handOver(
                       tls::LocalCa::folderIn(options->config.dataFolder), options->user, reason))
            && Privileges::drop(options->user, reason);
    };
    QString error;
    if (!instance.start(options->config, &error, dropRoot))
        return Console::fail(kCommand, error);
    sayServing(*options, stored, instance);
    narrate(instance);
    // The port the user gave, or nothing: as for --listen.
    if (options->control && !ServeControl::open(instance, *options->control, options->controlTokenRequired)
        && options->controlGiven)
        return 1;
    reload = [&instance] { reloadOnSignal(instance); };

    PidFile pidFile(options->pidFile);
    if (!pidFile.write(&error))
        return Console::fail(kCommand, error);
    Console::out(u"Press Ctrl+C to stop, send SIGHUP to reload the sites."_s);
    QCoreApplication::exec();

    pidFile.remove();
    instance.closeControl(); // before the engine it reads; runs still going are stored as interrupted
    instance.stop();
    Console::out(u"Stopped."_s);
    return 0;
}

} // namespace hostbench::cli
