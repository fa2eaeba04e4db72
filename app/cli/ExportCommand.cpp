#include "cli/ExportCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "export/ConfigWriter.h"
#include "http/TlsSites.h"
#include "storage/DataFolder.h"
#include "tls/LocalCa.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"export"_s;
const QString kServers = u"nginx, caddy, lighttpd, apache (or h2o)"_s;

// The command's options, declared in the order --help lists them.
struct ExportFlags
{
    QCommandLineOption help = Console::helpOption();
    QCommandLineOption out { u"out"_s,
        u"Writes the configuration to FILE (and the files it refers to under --prefix)."_s, u"FILE"_s };
    QCommandLineOption listen { u"listen"_s,
        u"Address and port the server listens on (default: the stored server settings, else 127.0.0.1:8080)."_s,
        u"ADDR:PORT"_s };
    QCommandLineOption listenTls { u"listen-tls"_s,
        u"Also an HTTPS listener (TLS 1.2 and 1.3) on ADDR:PORT, or \"off\" (default: the stored server\n"
        "settings' when HTTPS is on there, else none). A site without a certificate of its own gets the\n"
        "data folder's local CA's (issued now when needed, as serve --listen-tls does)."_s,
        u"ADDR:PORT|off"_s };
    QCommandLineOption dataDir = Console::dataDirOption(u"the stored sites (and the local CA)"_s);
    SiteOptions siteOptions { u"Exports"_s, true };
    QCommandLineOption flavour { u"flavour"_s,
        u"production (default: as deployed, the package's user, places and logs) or benchmark (one worker,\n"
        "no access log, sendfile, file caching, everything under --prefix)."_s,
        u"production|benchmark"_s };
    QCommandLineOption prefix { u"prefix"_s,
        u"Folder for the server's own files: pid file, temporary files, default logs, route files "
        u"(production\n"
        "default: the package's places, route files in FILE.d/routes; benchmark default: FILE.d)."_s,
        u"DIR"_s };
    QCommandLineOption threads { u"threads"_s,
        u"Worker processes or threads (default: the server's choice; benchmark: 1)."_s, u"N"_s };
    QCommandLineOption user { u"user"_s,
        u"The user the workers run as when started by root (default: www-data in production)."_s, u"NAME"_s };

    void addTo(QCommandLineParser &parser) const
    {
        parser.setApplicationDescription(
            u"Writes the sites as the configuration of another web server: nginx, caddy (a Caddyfile),\n"
            "lighttpd, apache (Apache httpd 2.4) or h2o. Without --site / --default, the sites stored in "
            "the\n"
            "data folder; with them, exactly those (plus --route on each), as serve takes them. The file's\n"
            "head names the command that starts the server and its Debian package; a setting the server\n"
            "cannot express is a comment at its place."_s);
        parser.addOptions({ help, out, listen, listenTls, dataDir });
        parser.addOptions(siteOptions.options());
        parser.addOptions({ flavour, prefix, threads, user });
        parser.addPositionalArgument(u"server"_s, u"nginx, caddy, lighttpd, apache or h2o."_s);
    }
};

// The one positional argument: the server to write for.
std::optional<exporter::Server> readServer(const QCommandLineParser &parser, QString *error)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        *error = u"which server? expected one of "_s + kServers;
        return std::nullopt;
    }
    if (positional.size() > 1) {
        *error = u"unexpected argument \"%1\""_s.arg(positional.at(1));
        return std::nullopt;
    }
    const std::optional<exporter::Server> server = exporter::ConfigWriter::fromName(positional.first());
    if (!server)
        *error = u"unknown server \"%1\": expected one of %2"_s.arg(positional.first(), kServers);
    return server;
}

// --flavour, --threads and --user.
bool readFlavour(const QCommandLineParser &parser, const ExportFlags &flags, exporter::ExportOptions *options,
    QString *error)
{
    if (parser.isSet(flags.flavour)) {
        if (parser.value(flags.flavour) == u"production"_s) {
            options->flavour = exporter::Flavour::Production;
        } else if (parser.value(flags.flavour) == u"benchmark"_s) {
            options->flavour = exporter::Flavour::Benchmark;
        } else {
            *error = u"--flavour: expected production or benchmark, not \"%1\""_s.arg(
                parser.value(flags.flavour));
            return false;
        }
    }
    if (parser.isSet(flags.threads)) {
        const std::optional<int> n = CliParse::threads(parser.value(flags.threads), error);
        if (!n)
            return false;
        options->config.threads = *n;
    }
    options->user = parser.value(flags.user);
    return true;
}

// The sites (--site / --default with --route, else the data folder's, whose
// server settings then apply) and the listening socket (--listen).
std::optional<QList<model::VirtualHost>> readSites(const QCommandLineParser &parser, const ExportFlags &flags,
    exporter::ExportOptions *options, QString *error)
{
    const std::optional<SiteFlags> siteFlags = flags.siteOptions.parse(parser, error);
    if (!siteFlags)
        return std::nullopt;
    QList<model::VirtualHost> sites = siteFlags->sites;
    options->config.listenAddress = u"127.0.0.1"_s;
    options->config.port = model::ServerConfig::kDefaultPort;
    if (sites.isEmpty()) {
        storage::DataFolder folder;
        if (!folder.open(parser.value(flags.dataDir), error))
            return std::nullopt;
        sites = folder.database().virtualHosts();
        if (sites.isEmpty()) {
            *error = u"no sites are stored in %1"_s.arg(folder.databasePath());
            return std::nullopt;
        }
        const int threadCount = options->config.threads;
        options->config = folder.database().serverConfig();
        options->config.threads = threadCount;
    } else if (parser.isSet(flags.dataDir)
        && (!parser.isSet(flags.listenTls) || parser.value(flags.listenTls) == u"off"_s)) {
        *error = u"--data-dir names stored sites (or, with --listen-tls, the local CA's folder); --site and "
                 "--default replace them"_s;
        return std::nullopt;
    }
    for (model::VirtualHost &host : sites)
        siteFlags->addRoutesTo(host);
    // A site whose PHP address is "auto" runs in the data folder's own PHP-FPM pool.
    options->phpAutoSocket
        = storage::DataFolder::resolve(parser.value(flags.dataDir)) + u"/php/php-fpm.sock"_s;
    if (parser.isSet(flags.listen)) {
        const std::optional<Endpoint> endpoint = CliParse::endpoint(parser.value(flags.listen), error);
        if (!endpoint) {
            *error = u"--listen: "_s + *error;
            return std::nullopt;
        }
        options->config.listenAddress = endpoint->address.toString();
        options->config.port = endpoint->port;
    }
    if (parser.isSet(flags.listenTls)) {
        options->config.tlsEnabled = parser.value(flags.listenTls) != u"off"_s;
        if (options->config.tlsEnabled) {
            const std::optional<Endpoint> endpoint = CliParse::endpoint(parser.value(flags.listenTls), error);
            if (!endpoint) {
                *error = u"--listen-tls: "_s + *error;
                return std::nullopt;
            }
            options->config.tlsListenAddress = endpoint->address.toString();
            options->config.tlsPort = endpoint->port;
        }
    }
    return sites;
}

// With TLS on: the local CA's certificate for each site that has none of
// its own (issued for its names when needed, as serve's), each said on stderr.
bool issueCertificates(const QList<model::VirtualHost> &sites, const QString &dataDir,
    exporter::ExportOptions *options, QString *error)
{
    if (!options->config.tlsEnabled)
        return true;
    const QString folder = tls::LocalCa::folderIn(storage::DataFolder::resolve(dataDir));
    std::optional<tls::LocalCa> ca;
    for (const model::VirtualHost &site : sites) {
        if (site.tls.hasOwnCertificate()) {
            Console::err(u"TLS: %1 uses its own certificate %2 (key %3)"_s.arg(
                site.hostName, site.tls.certificatePath, site.tls.keyPath));
            continue;
        }
        if (!ca) {
            ca = tls::LocalCa::open(folder, true, error);
            if (!ca) {
                *error = u"the local certificate authority in %1: %2"_s.arg(folder, *error);
                return false;
            }
        }
        const std::optional<tls::LocalCa::Leaf> leaf
            = ca->leafFor(site.hostName, http::TlsSites::namesFor(site), error);
        if (!leaf) {
            *error = u"the certificate of %1: %2"_s.arg(site.hostName, *error);
            return false;
        }
        options->siteCertificates.insert(site.hostName, { leaf->certificatePath, leaf->keyPath });
        Console::err(u"TLS: %1 uses the local CA's certificate %2 (key %3)%4"_s.arg(site.hostName,
            leaf->certificatePath, leaf->keyPath, leaf->issued ? u", issued now"_s : QString()));
    }
    if (ca)
        Console::err(
            u"TLS: clients trust the local CA by its root %1 (hostbench-cli ca trust)"_s.arg(ca->rootPath()));
    return true;
}

// --out and --prefix: where the configuration and its files go.
bool readPlaces(const QCommandLineParser &parser, const ExportFlags &flags, exporter::ExportOptions *options,
    QString *error)
{
    if (parser.isSet(flags.out)) {
        if (parser.value(flags.out).trimmed().isEmpty()) {
            *error = u"--out needs a file"_s;
            return false;
        }
        options->configPath = QFileInfo(parser.value(flags.out)).absoluteFilePath();
        // Route files beside the configuration; the benchmark flavour keeps all its files there.
        options->routesDir = options->configPath + u".d/routes"_s;
        if (options->flavour == exporter::Flavour::Benchmark)
            options->prefix = options->configPath + u".d"_s;
    }
    if (parser.isSet(flags.prefix)) {
        options->prefix = QFileInfo(parser.value(flags.prefix)).absoluteFilePath();
        options->routesDir.clear();
    }
    return true;
}

// The configuration on stdout, with a note on stderr naming the files it refers to.
int printResult(const exporter::ExportResult &result)
{
    Console::outRaw(QString::fromUtf8(result.config));
    if (!result.files.isEmpty()) {
        QStringList paths;
        for (const exporter::ExportedFile &file : result.files)
            paths.append(file.path);
        Console::err(u"hostbench-cli export: not written (use --out): "_s + paths.join(u", "_s));
    }
    return 0;
}

} // namespace

int ExportCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    const ExportFlags flags;
    flags.addTo(parser);
    if (const std::optional<int> done
        = Console::parseFlags(parser, flags.help, arguments, kCommand, Console::Positional::Allowed))
        return *done;
    QString error;
    const std::optional<exporter::Server> server = readServer(parser, &error);
    if (!server)
        return Console::fail(kCommand, error);
    exporter::ExportOptions options;
    options.server = *server;
    if (!readFlavour(parser, flags, &options, &error))
        return Console::fail(kCommand, error);
    const std::optional<QList<model::VirtualHost>> sites = readSites(parser, flags, &options, &error);
    if (!sites || !readPlaces(parser, flags, &options, &error)
        || !issueCertificates(*sites, parser.value(flags.dataDir), &options, &error))
        return Console::fail(kCommand, error);

    const std::optional<exporter::ExportResult> result
        = exporter::ConfigWriter::write(*sites, options, &error);
    if (!result)
        return Console::fail(kCommand, error);
    if (!parser.isSet(flags.out))
        return printResult(*result);
    if (!exporter::ConfigWriter::save(*result, &error))
        return Console::fail(kCommand, error);
    Console::err(u"Wrote %1 for %2 (Debian package %3). Start it with:\n  %4"_s.arg(result->configPath,
        exporter::ConfigWriter::name(*server), result->package,
        exporter::ConfigWriter::shellLine(result->command)));
    return 0;
}

} // namespace hostbench::cli
