#include "cli/ExportCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "export/ConfigWriter.h"
#include "storage/DataFolder.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"export"_s;
const QString kServers = u"nginx, caddy, lighttpd, apache (or h2o)"_s;

} // namespace

int ExportCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Writes the sites as the configuration of another web server: nginx, caddy (a Caddyfile),\n"
        "lighttpd, apache (Apache httpd 2.4) or h2o. Without --site / --default, the sites stored in the\n"
        "data folder; with them, exactly those (plus --route on each), as serve takes them. The file's\n"
        "head names the command that starts the server and its Debian package; a setting the server\n"
        "cannot express is a comment at its place."_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption out(u"out"_s,
        u"Writes the configuration to FILE (and the files it refers to under --prefix)."_s, u"FILE"_s);
    const QCommandLineOption listen(u"listen"_s,
        u"Address and port the server listens on (default: the stored server settings, else 127.0.0.1:8080)."_s,
        u"ADDR:PORT"_s);
    const QCommandLineOption dataDir = Console::dataDirOption(u"the stored sites"_s);
    const SiteOptions siteOptions(u"Exports"_s);
    const QCommandLineOption flavour(u"flavour"_s,
        u"production (default: as deployed, the package's user, places and logs) or benchmark (one worker,\n"
        "no access log, sendfile, file caching, everything under --prefix)."_s,
        u"production|benchmark"_s);
    const QCommandLineOption prefix(u"prefix"_s,
        u"Folder for the server's own files: pid file, temporary files, default logs, route files "
        u"(production\n"
        "default: the package's places, route files in FILE.d/routes; benchmark default: FILE.d)."_s,
        u"DIR"_s);
    const QCommandLineOption threads(
        u"threads"_s, u"Worker processes or threads (default: the server's choice; benchmark: 1)."_s, u"N"_s);
    const QCommandLineOption user(u"user"_s,
        u"The user the workers run as when started by root (default: www-data in production)."_s, u"NAME"_s);
    parser.addOptions({ help, out, listen, dataDir });
    parser.addOptions(siteOptions.options());
    parser.addOptions({ flavour, prefix, threads, user });
    parser.addPositionalArgument(u"server"_s, u"nginx, caddy, lighttpd, apache or h2o."_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, help, arguments, kCommand, Console::Positional::Allowed))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return Console::fail(kCommand, u"which server? expected one of "_s + kServers);
    if (positional.size() > 1)
        return Console::fail(kCommand, u"unexpected argument \"%1\""_s.arg(positional.at(1)));
    const std::optional<exporter::Server> server = exporter::ConfigWriter::fromName(positional.first());
    if (!server)
        return Console::fail(
            kCommand, u"unknown server \"%1\": expected one of %2"_s.arg(positional.first(), kServers));

    QString error;
    exporter::ExportOptions options;
    options.server = *server;
    if (parser.isSet(flavour)) {
        if (parser.value(flavour) == u"production"_s)
            options.flavour = exporter::Flavour::Production;
        else if (parser.value(flavour) == u"benchmark"_s)
            options.flavour = exporter::Flavour::Benchmark;
        else
            return Console::fail(kCommand,
                u"--flavour: expected production or benchmark, not \"%1\""_s.arg(parser.value(flavour)));
    }
    if (parser.isSet(threads)) {
        const std::optional<int> n = CliParse::threads(parser.value(threads), &error);
        if (!n)
            return Console::fail(kCommand, error);
        options.config.threads = *n;
    }
    options.user = parser.value(user);

    const std::optional<SiteFlags> flags = siteOptions.parse(parser, &error);
    if (!flags)
        return Console::fail(kCommand, error);
    QList<model::VirtualHost> sites = flags->sites;
    options.config.listenAddress = u"127.0.0.1"_s;
    options.config.port = model::ServerConfig::kDefaultPort;
    if (sites.isEmpty()) {
        storage::DataFolder folder;
        if (!folder.open(parser.value(dataDir), &error))
            return Console::fail(kCommand, error);
        sites = folder.database().virtualHosts();
        if (sites.isEmpty())
            return Console::fail(kCommand, u"no sites are stored in %1"_s.arg(folder.databasePath()));
        const int threadCount = options.config.threads;
        options.config = folder.database().serverConfig();
        options.config.threads = threadCount;
    } else if (parser.isSet(dataDir)) {
        return Console::fail(kCommand, u"--data-dir names stored sites; --site and --default replace them"_s);
    }
    for (model::VirtualHost &host : sites)
        flags->addRoutesTo(host);
    if (parser.isSet(listen)) {
        const std::optional<Endpoint> endpoint = CliParse::endpoint(parser.value(listen), &error);
        if (!endpoint)
            return Console::fail(kCommand, u"--listen: "_s + error);
        options.config.listenAddress = endpoint->address.toString();
        options.config.port = endpoint->port;
    }

    if (parser.isSet(out)) {
        if (parser.value(out).trimmed().isEmpty())
            return Console::fail(kCommand, u"--out needs a file"_s);
        options.configPath = QFileInfo(parser.value(out)).absoluteFilePath();
        // Route files beside the configuration; the benchmark flavour keeps all its files there.
        options.routesDir = options.configPath + u".d/routes"_s;
        if (options.flavour == exporter::Flavour::Benchmark)
            options.prefix = options.configPath + u".d"_s;
    }
    if (parser.isSet(prefix)) {
        options.prefix = QFileInfo(parser.value(prefix)).absoluteFilePath();
        options.routesDir.clear();
    }

    const std::optional<exporter::ExportResult> result
        = exporter::ConfigWriter::write(sites, options, &error);
    if (!result)
        return Console::fail(kCommand, error);
    if (!parser.isSet(out)) {
        Console::outRaw(QString::fromUtf8(result->config));
        if (!result->files.isEmpty()) {
            QStringList paths;
            for (const exporter::ExportedFile &file : result->files)
                paths.append(file.path);
            Console::err(u"hostbench-cli export: not written (use --out): "_s + paths.join(u", "_s));
        }
        return 0;
    }
    if (!exporter::ConfigWriter::save(*result, &error))
        return Console::fail(kCommand, error);
    Console::err(u"Wrote %1 for %2 (Debian package %3). Start it with:\n  %4"_s.arg(result->configPath,
        exporter::ConfigWriter::name(*server), result->package,
        exporter::ConfigWriter::shellLine(result->command)));
    return 0;
}

} // namespace hostbench::cli
