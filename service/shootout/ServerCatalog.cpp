#include "shootout/ServerCatalog.h"

#include "export/ConfigWriter.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <unistd.h>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

const QList<ServerKind> &ServerCatalog::all()
{
    // The others' programs and packages are engine/export's (ConfigWriter),
    // in the order the shootout's help gives them.
    static const QList<ServerKind> kinds = [] {
        QList<ServerKind> list { { u"hostbench"_s, u"hostbench-cli"_s, u"hostbench"_s } };
        for (const QString &name : { u"nginx"_s, u"lighttpd"_s, u"h2o"_s, u"apache"_s, u"caddy"_s }) {
            const std::optional<exporter::Server> server = exporter::ConfigWriter::fromName(name);
            Q_ASSERT(server);
            list.append({ exporter::ConfigWriter::name(*server), exporter::ConfigWriter::program(*server),
                exporter::ConfigWriter::package(*server) });
        }
        return list;
    }();
    return kinds;
}

std::optional<ServerKind> ServerCatalog::find(const QString &id)
{
    for (const ServerKind &kind : all())
        if (kind.id.compare(id, Qt::CaseInsensitive) == 0
            || kind.program.compare(id, Qt::CaseInsensitive) == 0)
            return kind;
    return std::nullopt;
}

QStringList ServerCatalog::ids()
{
    QStringList ids;
    for (const ServerKind &kind : all())
        ids.append(kind.id);
    return ids;
}

QStringList ServerCatalog::searchPath()
{
    const QByteArray override = qgetenv("HOSTBENCH_SERVER_PATH");
    if (!override.isNull())
        return QString::fromLocal8Bit(override).split(u':', Qt::SkipEmptyParts);
    QStringList path = QString::fromLocal8Bit(qgetenv("PATH")).split(u':', Qt::SkipEmptyParts);
    for (const QString &dir : { u"/usr/local/sbin"_s, u"/usr/sbin"_s, u"/sbin"_s })
        if (!path.contains(dir))
            path.append(dir);
    return path;
}

QString ServerCatalog::locate(const ServerKind &kind, const QString &hostbenchCli)
{
    if (kind.id == u"hostbench"_s)
        return QFileInfo(hostbenchCli).isExecutable() ? hostbenchCli : QString();
    return QStandardPaths::findExecutable(kind.program, searchPath());
}

std::optional<ServerCatalog::Launch> ServerCatalog::prepare(const ServerKind &kind, const QString &program,
    const model::VirtualHost &site, quint16 port, int workers, const QString &prefix, QString *error,
    const Tls *tls)
{
    Launch launch;
    launch.program = program;
    if (kind.id == u"hostbench"_s) {
        launch.errorLog = QDir(prefix).filePath(u"error.log"_s);
        launch.arguments = { u"serve"_s, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port), u"--threads"_s,
            QString::number(workers), u"--control"_s, u"off"_s, u"--default"_s, site.documentRoot,
            u"--access-log"_s, u"off"_s, u"--error-log"_s, launch.errorLog };
        for (const model::Route &route : site.routes)
            launch.arguments << u"--route"_s << route.path + u'=' + QString::fromUtf8(route.body);
        for (const model::ProxyRoute &route : site.proxy.routes)
            launch.arguments << u"--proxy"_s << route.pathPrefix + u'=' + route.upstream;
        // The PHP site (the shootout's: the whole path, the default timeout).
        if (site.php.isSet())
            launch.arguments << u"--php"_s << site.php.address;
        if (tls)
            launch.arguments << u"--listen-tls"_s << u"127.0.0.1:%1"_s.arg(tls->port) << u"--data-dir"_s
                             << tls->dataDir;
        // Started by root, serve gives root up unless told to stay: it serves
        // the files root wrote under the prefix, as the other servers do.
        if (::geteuid() == 0)
            launch.arguments << u"--user"_s << u"root"_s;
        return launch;
    }
    const std::optional<exporter::Server> server = exporter::ConfigWriter::fromName(kind.id);
    if (!server) {
        *error = u"no configuration writer for %1"_s.arg(kind.id);
        return std::nullopt;
    }
    exporter::ExportOptions options;
    options.server = *server;
    options.flavour = exporter::Flavour::Benchmark;
    options.config.listenAddress = u"127.0.0.1"_s;
    options.config.port = port;
    options.config.threads = workers;
    if (tls) {
        options.config.tlsEnabled = true;
        options.config.tlsListenAddress = u"127.0.0.1"_s;
        options.config.tlsPort = tls->port;
    }
    options.prefix = QDir(prefix).absolutePath();
    options.configPath = QDir(prefix).filePath(kind.id + u".conf"_s);
    // Started by root, the workers read what root wrote (Apache's run as www-data).
    if (::geteuid() == 0)
        options.user = u"root"_s;
    const std::optional<exporter::ExportResult> result
        = exporter::ConfigWriter::write({ site }, options, error);
    if (!result || !exporter::ConfigWriter::save(*result, error))
        return std::nullopt;
    // The command names the program; it runs as found (`env` for Caddy's folders).
    launch.arguments = result->command;
    for (QString &argument : launch.arguments)
        if (argument == kind.program)
            argument = program;
    launch.program = launch.arguments.takeFirst();
    if (!QFileInfo(launch.program).isAbsolute())
        launch.program = QStandardPaths::findExecutable(launch.program);
    if (launch.program.isEmpty()) {
        *error = u"cannot find %1 to start %2"_s.arg(result->command.value(0), kind.id);
        return std::nullopt;
    }
    launch.errorLog = QDir(prefix).filePath(u"logs/error.log"_s);
    return launch;
}

} // namespace hostbench::shootout
