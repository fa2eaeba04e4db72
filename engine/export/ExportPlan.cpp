#include "export/ExportPlan.h"

#include "export/ConfigWriter.h"
#include "export/PhpPlan.h"
#include "export/ProxyPlan.h"
#include "model/WebMimeTypes.h"

#include <QDir>
#include <QMimeDatabase>
#include <QRegularExpression>
#include <QUrl>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

bool printable(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return false;
    }
    return true;
}

// A path the configuration names: absolute, no control characters, no
// double quote (Apache's and lighttpd's quoted strings cannot escape one).
bool checkPath(const QString &path, const QString &what, QString *error)
{
    if (!QDir::isAbsolutePath(path) || !printable(path) || path.contains(u'"')) {
        *error = u"%1 \"%2\" cannot be written into a configuration: it must be an absolute path without "
                 "quotes or control characters"_s.arg(what, path);
        return false;
    }
    return true;
}

// The options that name places, the user and the listening socket.
bool checkOptions(const ExportOptions &options, bool benchmark, const QString &prefix, QString *error)
{
    if (benchmark && prefix.isEmpty()) {
        *error = u"the benchmark flavour needs a prefix folder for the server's files"_s;
        return false;
    }
    if (!prefix.isEmpty() && !checkPath(prefix, u"The prefix"_s, error))
        return false;
    if (!options.configPath.isEmpty() && !checkPath(options.configPath, u"The configuration file"_s, error))
        return false;
    if (!options.user.isEmpty()
        && !QRegularExpression(u"^[a-z_][a-z0-9_.-]*$"_s).match(options.user).hasMatch()) {
        *error = u"the user \"%1\" is not a user name"_s.arg(options.user);
        return false;
    }
    static const QRegularExpression ipv4(
        u"^(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}$"_s);
    static const QRegularExpression ipv6(u"^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$"_s);
    if (!ipv4.match(options.config.listenAddress).hasMatch()
        && !ipv6.match(options.config.listenAddress).hasMatch()) {
        *error = u"the listen address \"%1\" is not an IP address"_s.arg(options.config.listenAddress);
        return false;
    }
    if (options.config.port == 0) {
        *error = u"the configuration needs a port (1-65535), not 0"_s;
        return false;
    }
    if (!options.routesDir.isEmpty() && !checkPath(options.routesDir, u"The routes folder"_s, error))
        return false;
    if (options.config.tlsEnabled) {
        const QString &address = options.config.tlsListenAddress;
        if (!ipv4.match(address).hasMatch() && !ipv6.match(address).hasMatch()) {
            *error = u"the TLS listen address \"%1\" is not an IP address"_s.arg(address);
            return false;
        }
        if (options.config.tlsPort == 0) {
            *error = u"the TLS listener needs a port (1-65535), not 0"_s;
            return false;
        }
        if (options.config.tlsPort == options.config.port) {
            *error = u"the TLS listener needs a port of its own, not the cleartext one (%1)"_s.arg(
                options.config.port);
            return false;
        }
    }
    return true;
}

// With TLS on: the site's certificate and key, both given and writable into a configuration.
bool checkTls(const model::VirtualHost &site, const ExportOptions &options, QString *error)
{
    if (!options.config.tlsEnabled)
        return true;
    const TlsFiles files = options.tlsFiles(site);
    if (files.certificatePath.isEmpty() || files.keyPath.isEmpty()) {
        *error = u"the site %1 has no certificate and key for TLS (its own, or the local CA's)"_s.arg(
            site.hostName);
        return false;
    }
    return checkPath(files.certificatePath, u"The certificate"_s, error)
        && checkPath(files.keyPath, u"The key"_s, error);
}

// A site's host names: each a plain name, none given to an earlier site (*seen).
bool checkNames(const QStringList &names, QStringList *seen, QString *error)
{
    static const QRegularExpression hostName(u"^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?$"_s);
    for (const QString &name : names) {
        if (!hostName.match(name).hasMatch()) {
            *error = u"the host name \"%1\" cannot be exported: lower-case letters, digits, dots, hyphens "
                     "and underscores only"_s.arg(name);
            return false;
        }
        if (seen->contains(name)) {
            *error = u"the host name \"%1\" is given to two sites"_s.arg(name);
            return false;
        }
        seen->append(name);
    }
    return true;
}

// A word a configuration names unquoted or in double quotes: printable, no
// quote, no space.
bool plainWord(const QString &text)
{
    return printable(text) && !text.contains(u'"') && !text.contains(u' ');
}

// What a site's blocks would write: its paths, index files, error pages and routes.
bool checkSite(const model::VirtualHost &site, QString *error)
{
    if (!checkPath(site.documentRoot, u"The document root"_s, error))
        return false;
    for (const QString &log : { site.accessLogPath, site.errorLogPath }) {
        if (!log.isEmpty() && !checkPath(log, u"The log file"_s, error))
            return false;
    }
    for (const QString &index : site.indexFiles) {
        if (index.isEmpty() || index.contains(u'/') || !plainWord(index)) {
            *error = u"the index file name \"%1\" cannot be exported"_s.arg(index);
            return false;
        }
    }
    for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it) {
        if (!it.value().startsWith(u'/') || !plainWord(it.value())) {
            *error = u"the error page \"%1\" cannot be exported"_s.arg(it.value());
            return false;
        }
    }
    for (const model::Route &route : site.routes) {
        if (!route.path.startsWith(u'/') || !plainWord(route.path) || !printable(route.contentType)
            || route.contentType.contains(u'"')) {
            *error = u"the route \"%1\" cannot be exported"_s.arg(route.path);
            return false;
        }
    }
    return true;
}

} // namespace

std::optional<ExportPlan> ExportPlan::make(
    const QList<model::VirtualHost> &sites, const ExportOptions &options, QString *error)
{
    if (sites.isEmpty()) {
        *error = u"there are no sites to export"_s;
        return std::nullopt;
    }
    ExportPlan plan;
    plan.options = options;
    plan.benchmark = options.flavour == Flavour::Benchmark;
    plan.tls = options.config.tlsEnabled;
    plan.program = ConfigWriter::program(options.server);
    plan.prefix = options.prefix.isEmpty() ? QString() : QDir::cleanPath(options.prefix);
    if (!checkOptions(options, plan.benchmark, plan.prefix, error))
        return std::nullopt;
    plan.routesDir = !options.routesDir.isEmpty()
        ? QDir::cleanPath(options.routesDir)
        : plan.place(u"routes"_s, u"/var/lib/hostbench-export/"_s + plan.program + u"/routes"_s);
    plan.user = !options.user.isEmpty() ? options.user : (plan.benchmark ? QString() : u"www-data"_s);
    // h2o refuses to start unless root when it names a user: under a prefix
    // (a user's own folder) it names one only when told to, and started by
    // root it serves as nobody (its own default).
    if (options.server == Server::H2o && options.user.isEmpty() && !plan.prefix.isEmpty())
        plan.user.clear();
    plan.workers = options.config.threads > 0 ? options.config.threads : (plan.benchmark ? 1 : 0);

    QStringList seen;
    int defaults = 0;
    for (const model::VirtualHost &site : sites) {
        if (!checkNames(names(site), &seen, error) || !checkSite(site, error)
            || !checkTls(site, options, error))
            return std::nullopt;
        if (const QString problem = ProxyPlan::check(site); !problem.isEmpty()) {
            *error = problem;
            return std::nullopt;
        }
        if (const QString problem = PhpPlan::check(site, options); !problem.isEmpty()) {
            *error = problem;
            return std::nullopt;
        }
        if (site.isDefault) {
            ++defaults;
            plan.sites.prepend(site);
        } else {
            plan.sites.append(site);
        }
    }
    if (defaults != 1) {
        *error = u"exactly one site must be the default one (%1 are)"_s.arg(defaults);
        return std::nullopt;
    }
    return plan;
}

QString ExportPlan::head(const QString &mark) const
{
    const QString configPath = options.configPath.isEmpty() ? u"FILE"_s : options.configPath;
    const QStringList command = ConfigWriter::command(options.server, configPath, prefix);
    QStringList lines {
        u"%1 configuration written by Hostbench %2 from %3 %4 (%5 flavour)."_s.arg(
            ConfigWriter::name(options.server), QStringLiteral(HOSTBENCH_VERSION),
            QString::number(sites.size()), sites.size() == 1 ? u"site"_s : u"sites"_s,
            benchmark ? u"benchmark"_s : u"production"_s),
        u"Debian 12 package: %1. Start it in the foreground with:"_s.arg(
            ConfigWriter::package(options.server)),
        u"  "_s + ConfigWriter::shellLine(command),
    };
    const QString runAs = rootRunsAs();
    if (!prefix.isEmpty() && !runAs.isEmpty() && runAs != u"root"_s
        && (options.server == Server::Lighttpd || options.server == Server::H2o)) {
        // Both open their logs (h2o also its pid file) after switching to that user.
        QStringList dirs { prefix + u"/logs"_s };
        if (options.server == Server::H2o)
            dirs.append(prefix + u"/run"_s);
        lines.append(
            u"Started by root, it writes its logs as %1; first give them to that user with:"_s.arg(runAs));
        lines.append(u"  "_s + ConfigWriter::shellLine(QStringList { u"chown"_s, runAs } + dirs));
    }
    if (options.server == Server::H2o && user.isEmpty())
        lines.append(u"No user named: started by root, h2o serves as nobody (--user names another; h2o"
                     " then starts only as root)."_s);
    if (benchmark)
        lines.append(
            u"One worker unless told more, no access log, sendfile, and every file it writes under "_s
            + prefix + u"."_s);
    if (tls)
        lines.append(u"HTTPS on %1: TLS 1.2 and 1.3, Hostbench's cipher suites where %2 names them, session "
                     "tickets, each site's certificate by SNI."_s.arg(
                         tlsListen(), ConfigWriter::name(options.server)));
    if (!routeFiles().isEmpty() && options.server != Server::Nginx && options.server != Server::Caddy)
        lines.append(u"Fixed routes are files under %1, written beside this file."_s.arg(routesDir));
    QString text;
    for (const QString &line : lines)
        text += mark + u' ' + line + u'\n';
    return text;
}

QString ExportPlan::rootRunsAs() const
{
    if (options.server == Server::H2o && user.isEmpty())
        return u"nobody"_s;
    return user;
}

QString ExportPlan::routeFile(int site, const model::Route &route) const
{
    return routesDir + u'/' + sites.at(site).hostName + u'/'
        + QString::fromLatin1(QUrl::toPercentEncoding(route.path, QByteArray(), "."));
}

QList<ExportedFile> ExportPlan::routeFiles() const
{
    QList<ExportedFile> files;
    for (int i = 0; i < sites.size(); ++i) {
        for (const model::Route &route : sites.at(i).routes)
            files.append({ routeFile(i, route), route.body });
    }
    return files;
}

QString ExportPlan::place(const QString &relative, const QString &fallback) const
{
    return prefix.isEmpty() ? fallback : prefix + u'/' + relative;
}

QString ExportPlan::accessLog(const model::VirtualHost &site) const
{
    if (benchmark || !site.accessLogEnabled)
        return {};
    if (!site.accessLogPath.isEmpty())
        return site.accessLogPath;
    const QString file = site.hostName + u".access.log"_s;
    return place(u"logs/"_s + file, u"/var/log/"_s + program + u'/' + file);
}

QString ExportPlan::errorLog(const model::VirtualHost &site) const
{
    if (benchmark || !site.errorLogEnabled)
        return {};
    if (!site.errorLogPath.isEmpty())
        return site.errorLogPath;
    const QString file = site.hostName + u".error.log"_s;
    return place(u"logs/"_s + file, u"/var/log/"_s + program + u'/' + file);
}

QString ExportPlan::serverErrorLog() const
{
    return place(u"logs/error.log"_s, u"/var/log/"_s + program + u"/error.log"_s);
}

QString ExportPlan::pidFile() const
{
    if (options.server == Server::H2o) // written by the user it serves as, in a folder of its own
        return place(u"run/h2o.pid"_s, u"/run/h2o.pid"_s);
    return place(program + u".pid"_s, u"/run/"_s + program + u".pid"_s);
}

QStringList ExportPlan::names(const model::VirtualHost &site)
{
    return QStringList { site.hostName } + site.aliases;
}

QString ExportPlan::listen() const
{
    return bindAddress() + u':' + QString::number(options.config.port);
}

QString ExportPlan::bindAddress() const
{
    const QString &address = options.config.listenAddress;
    return address.contains(u':') ? u"["_s + address + u"]"_s : address;
}

QString ExportPlan::tlsListen() const
{
    return tlsBindAddress() + u':' + QString::number(options.config.tlsPort);
}

QString ExportPlan::tlsBindAddress() const
{
    const QString &address = options.config.tlsListenAddress;
    return address.contains(u':') ? u"["_s + address + u"]"_s : address;
}

QString ExportPlan::tlsPortSuffix() const
{
    return options.config.tlsPort == 443 ? QString() : u":"_s + QString::number(options.config.tlsPort);
}

QString ExportPlan::hsts(const model::VirtualHost &site) const
{
    if (!tls || site.tls.hstsMaxAgeSeconds <= 0)
        return {};
    return u"max-age="_s + QString::number(site.tls.hstsMaxAgeSeconds);
}

QMap<QString, QString> ExportPlan::mimeTable()
{
    QMap<QString, QString> table;
    const QMimeDatabase database;
    static const QRegularExpression plain(u"^[a-z0-9_+-]+$"_s);
    for (const QMimeType &type : database.allMimeTypes()) {
        for (const QString &suffix : type.suffixes()) {
            const QString extension = suffix.toLower();
            if (table.contains(extension) || !plain.match(extension).hasMatch())
                continue;
            // As the engine: the type QMimeDatabase picks for the extension.
            const QMimeType picked
                = database.mimeTypeForFile(u"x."_s + extension, QMimeDatabase::MatchExtension);
            if (picked.isValid() && !picked.isDefault())
                table.insert(extension, picked.name());
        }
    }
    for (const auto &[extension, type] : model::WebMimeTypes::kTypes)
        table.insert(QString::fromLatin1(extension), QString::fromLatin1(type));
    return table;
}

QString ExportPlan::quoted(const QString &text)
{
    QString out = u"\""_s;
    for (const QChar c : text) {
        if (c == u'\\' || c == u'"')
            out += u'\\';
        out += c;
    }
    return out + u'"';
}

} // namespace hostbench::exporter
