#include "export/ApacheWriter.h"

#include "export/ExportPlan.h"
#include "export/PhpWriter.h"
#include "export/ProxyPlan.h"
#include "model/WebMimeTypes.h"

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

const QString kModules = u"/usr/lib/apache2/modules"_s;

int seconds(int ms)
{
    return std::max(1, (ms + 999) / 1000);
}

// Precompressed siblings (production): mod_rewrite picks file.br or file.gz
// by Accept-Encoding, with their encoding and Vary.
QString precompressedRules()
{
    QString s;
    s += u"        # Precompressed siblings (file.br, file.gz) when the client names the coding\n"
         "        # and does not refuse it by q=0 (RFC 9110 12.5.3). Only a sibling sent so gets\n"
         "        # Content-Encoding and the type of the file's own extension: a .gz requested\n"
         "        # as itself is a download (application/gzip, no Content-Encoding).\n"
         "        RewriteEngine On\n"_s;
    // The coding named as a whole token, and that token not weighted 0 (0.0, 0.000).
    const QString named = u"(^|[ ,])%1[ ]*($|[,;])"_s;
    const QString refused = u"(^|[ ,])%1[ ]*;[ ]*q=0(\\.0*)?[ ]*($|,)"_s;
    for (const auto &[coding, suffix] :
        { std::pair { u"br"_s, u".br"_s }, std::pair { u"gzip"_s, u".gz"_s } }) {
        s += u"        RewriteCond \"%{HTTP:Accept-Encoding}\" \"%1\" [NC]\n"_s.arg(named.arg(coding));
        s += u"        RewriteCond \"%{HTTP:Accept-Encoding}\" \"!%1\" [NC]\n"_s.arg(refused.arg(coding));
        s += u"        RewriteCond \"%{REQUEST_FILENAME}%1\" -f\n"
             "        RewriteRule \"^(.+)$\" \"$1%1\" [END,E=HOSTBENCH_CODING:%2]\n"_s.arg(suffix, coding);
    }
    // The rewrite is an internal redirect: its variables come back with REDIRECT_.
    for (const auto &[coding, suffix] :
        { std::pair { u"br"_s, u".br"_s }, std::pair { u"gzip"_s, u".gz"_s } }) {
        s += u"        <If \"%{ENV:REDIRECT_HOSTBENCH_CODING} == '%1'\">\n"
             "            RemoveType %2\n            AddEncoding %1 %2\n        </If>\n"_s.arg(
                 coding, suffix);
    }
    s += u"        # As Hostbench: Vary: Accept-Encoding on every answer for a file that has a sibling.\n"
         "        Header merge Vary Accept-Encoding \"expr=-f '%{REQUEST_FILENAME}.gz' || -f "
         "'%{REQUEST_FILENAME}.br' || -n %{ENV:REDIRECT_HOSTBENCH_CODING}\"\n"_s;
    return s;
}

// A site's fixed routes: an Alias to a file holding each text, and the files' types.
QString routeAliases(const ExportPlan &plan, int index)
{
    const model::VirtualHost &site = plan.sites.at(index);
    QString s;
    // Alias matches whole path segments ("/ok" and "/ok/...", not "/okay"),
    // without a regular expression on every request; the type goes with the file.
    QString types;
    for (const model::Route &route : site.routes) {
        const QString file = plan.routeFile(index, route);
        s += u"    # A fixed route: a file holding its text, for any method (Hostbench: GET and HEAD).\n"_s;
        if (route.status != 200)
            s += u"    # Hostbench answers %1 here; a file is always 200.\n"_s.arg(route.status);
        s += u"    Alias %1 %2\n"_s.arg(ExportPlan::quoted(route.path), ExportPlan::quoted(file));
        types += u"        <Files %1>\n            ForceType %2\n        </Files>\n"_s.arg(
            ExportPlan::quoted(file.section(u'/', -1)), ExportPlan::quoted(route.contentType));
    }
    if (!site.routes.isEmpty())
        s += u"    <Directory %1>\n        Require all granted\n%2    </Directory>\n"_s.arg(
            ExportPlan::quoted(plan.routesDir + u'/' + site.hostName), types);
    return s;
}

// The worker URL of a pass: http://HOST:PORT, or a socket with the
// authority Hostbench sends for one ("localhost").
QString workerUrl(const model::UpstreamAddress &address)
{
    if (address.kind == model::UpstreamAddress::Kind::Unix)
        return u"unix:%1|http://localhost"_s.arg(address.socketPath);
    return u"http://"_s + ProxyPlan::hostPort(address);
}

// A site's proxied prefixes: mod_proxy_http with its connection pool (reused
// by default, per child process), WebSocket by upgrade=websocket (2.4.47+),
// the client's Host unless the site sends the upstream's, X-Forwarded-* and
// Forwarded set here (replacing a client's own) instead of mod_proxy's
// appended ones. ProxyPass rules are tried in order: the longest first.
QString proxyRules(const ExportPlan &plan, const model::VirtualHost &site)
{
    const QList<ProxyPass> passes = ProxyPlan::passes(site);
    if (passes.isEmpty())
        return {};
    QString s = u"    # Proxied paths (issue #24): the same requests as Hostbench's proxy.\n"_s;
    s += u"    ProxyPreserveHost %1\n"_s.arg(site.proxy.sendUpstreamHost ? u"Off"_s : u"On"_s);
    s += u"    ProxyAddHeaders Off\n"
         "    RequestHeader set X-Forwarded-For \"expr=%{REMOTE_ADDR}\"\n"
         "    RequestHeader set X-Forwarded-Proto \"expr=%{REQUEST_SCHEME}\"\n"
         "    RequestHeader set X-Forwarded-Host \"expr=%{HTTP_HOST}\"\n"
         "    RequestHeader set Forwarded "
         "\"expr=for=%{REMOTE_ADDR};host=\\\"%{HTTP_HOST}\\\";proto=%{REQUEST_SCHEME}\"\n"
         "    # Hop-by-hop fields mod_proxy_http would pass on.\n"
         "    RequestHeader unset Proxy-Connection\n"
         "    RequestHeader unset Proxy-Authorization\n"_s;
    for (const QString &route : ProxyPlan::routesUnder(site))
        s += u"    ProxyPass %1 \"!\"\n"_s.arg(ExportPlan::quoted(route));
    // Apache's timeouts are whole seconds here; the pool's idle time (ttl) is the engine's.
    const int seconds = std::max(1, (site.proxy.upstreamTimeoutMs + 999) / 1000);
    const QString keys = u" upgrade=websocket timeout=%1 connectiontimeout=%1 ttl=%2 nocanon"_s.arg(
        QString::number(seconds), QString::number(ProxyPlan::kIdleSeconds));
    Q_UNUSED(plan);
    for (const ProxyPass &pass : passes) {
        const QString worker = workerUrl(pass.address);
        const QString base = pass.address.basePath;
        s += u"    # %1 -> %2\n"_s.arg(pass.prefix, pass.address.display());
        if (pass.prefix == u"/"_s) {
            s += u"    ProxyPass \"/\" %1%2\n"_s.arg(
                ExportPlan::quoted(worker + ProxyPlan::withSlash(base)), keys);
            continue;
        }
        // Below the prefix, then the prefix itself: ProxyPass matches plain
        // prefixes, so a longer name ("/apix") is left to the files first.
        // (A ProxyPassMatch worker would not reuse its connections.)
        const QString target = base.isEmpty() ? pass.prefix : base;
        s += u"    ProxyPass %1 %2%3\n"_s.arg(ExportPlan::quoted(pass.prefix + u'/'),
            ExportPlan::quoted(worker + ProxyPlan::withSlash(target)), keys);
        s += u"    ProxyPassMatch %1 \"!\"\n"_s.arg(
            ExportPlan::quoted(u"^%1[^/]"_s.arg(ProxyPlan::regexLiteral(pass.prefix))));
        s += u"    ProxyPass %1 %2%3\n"_s.arg(
            ExportPlan::quoted(pass.prefix), ExportPlan::quoted(worker + target), keys);
    }
    return s;
}

// What a site's <VirtualHost> blocks hold after its names and document root.
QString siteBody(const ExportPlan &plan, int index)
{
    const model::VirtualHost &site = plan.sites.at(index);
    const QString root = ExportPlan::quoted(site.documentRoot);
    QString s;
    s += u"    LimitRequestBody %1\n"_s.arg(site.limits.maxBodyBytes);
    for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it)
        s += u"    ErrorDocument %1 %2\n"_s.arg(QString::number(it.key()), it.value());
    if (!plan.benchmark) {
        const QString access = plan.accessLog(site);
        if (!access.isEmpty())
            s += u"    CustomLog %1 combined\n"_s.arg(ExportPlan::quoted(access));
        const QString error = plan.errorLog(site);
        if (!error.isEmpty())
            s += u"    ErrorLog %1\n"_s.arg(ExportPlan::quoted(error));
        else
            s += u"    # The site's error log is off; Apache writes to the server's.\n"_s;
    }
    s += u"    <Directory %1>\n"_s.arg(root);
    s += u"        Require all granted\n        AllowOverride None\n"_s;
    s += u"        Options %1\n"_s.arg(
        site.directoryListing ? u"Indexes FollowSymLinks"_s : u"FollowSymLinks"_s);
    if (!site.followSymlinks)
        s += u"        # Hostbench refuses symbolic links that leave the document root; Apache follows them\n"
             "        # (SymLinksIfOwnerMatch would judge by owner instead).\n"_s;
    s += u"        DirectoryIndex %1\n"_s.arg(
        site.indexFiles.isEmpty() ? u"disabled"_s : site.indexFiles.join(u' '));
    if (plan.benchmark) {
        s += u"        # Precompressed siblings are left out of the benchmark flavour: a per-directory\n"
             "        # mod_rewrite costs every request about a tenth of Apache's rate here.\n"_s;
    } else {
        s += precompressedRules();
    }
    s += u"    </Directory>\n"_s;
    s += routeAliases(plan, index);
    s += proxyRules(plan, site);
    s += PhpWriter::apache(plan, site);
    return s;
}

// A site's <VirtualHost> blocks: the cleartext one (a 308 to https when the
// site redirects) and, with TLS, the TLS one with mod_ssl, the site's
// certificate (Apache picks the block by SNI among those of the address)
// and its HSTS.
QString siteBlock(const ExportPlan &plan, int index)
{
    const model::VirtualHost &site = plan.sites.at(index);
    const QString body = siteBody(plan, index);
    QString names = u"    ServerName %1\n"_s.arg(site.hostName);
    if (!site.aliases.isEmpty())
        names += u"    ServerAlias %1\n"_s.arg(site.aliases.join(u' '));
    names += u"    DocumentRoot %1\n"_s.arg(ExportPlan::quoted(site.documentRoot));
    const QString title = ExportPlan::names(site).join(u", "_s)
        + (site.isDefault ? u" (default site: the first for its address)"_s : QString());
    QString s = u"\n# %1\n<VirtualHost %2>\n"_s.arg(title, plan.listen()) + names;
    if (plan.redirects(site))
        s += u"    # HTTPS only: every cleartext request is sent to the same target over TLS (the query "
             u"kept).\n"
             "    RewriteEngine On\n"
             "    RewriteRule \"^\" \"https://%{SERVER_NAME}%1%{REQUEST_URI}\" [R=308,L]\n"_s.arg(
                 plan.tlsPortSuffix());
    else
        s += body;
    s += u"</VirtualHost>\n"_s;
    if (!plan.tls)
        return s;
    const TlsFiles files = plan.tlsFiles(site);
    s += u"\n# %1 over TLS\n<VirtualHost %2>\n"_s.arg(title, plan.tlsListen()) + names;
    s += u"    SSLEngine on\n    SSLCertificateFile %1\n    SSLCertificateKeyFile %2\n"_s.arg(
        ExportPlan::quoted(files.certificatePath), ExportPlan::quoted(files.keyPath));
    if (const QString hsts = plan.hsts(site); !hsts.isEmpty())
        s += u"    Header always set Strict-Transport-Security \"%1\"\n"_s.arg(hsts);
    s += body;
    s += u"</VirtualHost>\n"_s;
    return s;
}

// mod_ssl's server-wide settings: the protocols, suites and groups of
// Hostbench's listener, the server's order, tickets without a session cache.
QString tlsSettings(const ExportPlan &plan)
{
    QString s = u"Listen %1 https\n"_s.arg(plan.tlsListen());
    s += u"# HTTPS as Hostbench's listener: TLS 1.2 and 1.3, its suites and groups, the server's order.\n"
         "SSLProtocol -all +TLSv1.2 +TLSv1.3\n"
         "SSLCipherSuite %1\n"
         "SSLCipherSuite TLSv1.3 %2\n"
         "SSLOpenSSLConfCmd Groups %3\n"
         "SSLHonorCipherOrder on\n"
         "SSLCompression off\n"
         "# Resumption by session tickets only (Hostbench keeps no server-side session cache).\n"
         "SSLSessionTickets on\n"
         "SSLSessionCache none\n"
         "# HTTP/2 by ALPN beside HTTP/1.1, as Hostbench's TLS listener (mod_http2; mpm_event, since\n"
         "# mod_http2 refuses prefork), server-wide: every TLS <VirtualHost> offers h2; cleartext stays "
         "HTTP/1.1.\n"
         "Protocols h2 http/1.1\n"_s.arg(QLatin1String(ExportPlan::kTls12Ciphers),
             QLatin1String(ExportPlan::kTls13Suites), QLatin1String(ExportPlan::kGroups));
    return s;
}

} // namespace

QString ApacheWriter::write(const ExportPlan &plan, ExportResult &result)
{
    const model::ServerConfig &config = plan.options.config;
    QString out = plan.head(u"#"_s);
    // mod_log_config is built into Debian's apache2.
    QStringList modules { u"mpm_event"_s, u"authz_core"_s, u"mime"_s, u"dir"_s, u"alias"_s, u"autoindex"_s,
        u"rewrite"_s, u"reqtimeout"_s, u"headers"_s };
    if (!ProxyPlan::pools(plan.sites).isEmpty())
        modules += { u"proxy"_s, u"proxy_http"_s };
    if (plan.tls)
        modules += { u"ssl"_s, u"http2"_s };
    for (const QString &module : PhpWriter::apacheModules(plan)) {
        if (!modules.contains(module))
            modules.append(module);
    }
    for (const QString &module : modules)
        out += u"LoadModule %1_module %2/mod_%1.so\n"_s.arg(module, kModules);
    out += u"ServerRoot \"/etc/apache2\"\n"_s;
    out += u"ServerName %1\n"_s.arg(plan.sites.first().hostName);
    out += u"Listen %1\n"_s.arg(plan.listen());
    if (plan.tls)
        out += tlsSettings(plan);
    if (plan.user == u"root"_s)
        out += u"# Apache refuses to serve as root: its children run as www-data.\nUser www-data\nGroup www-data\n"_s;
    else if (!plan.user.isEmpty())
        out += u"User %1\nGroup %1\n"_s.arg(plan.user);
    const QString runtime = plan.place(u"run"_s, u"/run/apache2"_s);
    if (!plan.prefix.isEmpty())
        result.directories.append(runtime);
    out += u"PidFile %1\n"_s.arg(
        ExportPlan::quoted(plan.place(u"run/apache2.pid"_s, u"/run/apache2/apache2.pid"_s)));
    out += u"DefaultRuntimeDir %1\n"_s.arg(ExportPlan::quoted(runtime));
    out += u"Mutex file:%1 default\n"_s.arg(runtime);
    out += u"ErrorLog %1\nLogLevel warn\n"_s.arg(ExportPlan::quoted(plan.serverErrorLog()));
    if (plan.benchmark) {
        const QString types = plan.prefix + u"/mime.types"_s;
        QString table = u"# The engine's media types (shared-mime-info and its web types).\n"_s;
        const QMap<QString, QString> mime = ExportPlan::mimeTable();
        for (auto it = mime.cbegin(); it != mime.cend(); ++it)
            table += it.value() + u'\t' + it.key() + u'\n';
        result.files.append({ types, table.toUtf8() });
        out += u"TypesConfig %1\n"_s.arg(ExportPlan::quoted(types));
    } else {
        out += u"TypesConfig /etc/mime.types\n"_s;
        out += u"# The web's media types as Hostbench sends them (RFC 9239: text/javascript).\n"_s;
        for (const auto &[extension, type] : model::WebMimeTypes::kTypes)
            out += u"AddType %1 .%2\n"_s.arg(QString::fromLatin1(type), QString::fromLatin1(extension));
        out += u"LogFormat \"%h %l %u %t \\\"%r\\\" %>s %O \\\"%{Referer}i\\\" \\\"%{User-Agent}i\\\"\" combined\n"_s;
        out += u"# Log rotation: logrotate's job with Apache (Hostbench rotates by size itself).\n"_s;
    }
    out += u"# Timeouts: Timeout is Apache's send timeout, in seconds; RequestReadTimeout the head's.\n"_s;
    out += u"Timeout %1\nRequestReadTimeout header=%2 body=%1\n"_s.arg(
        QString::number(seconds(config.sendTimeoutMs)), QString::number(seconds(config.headerTimeoutMs)));
    out += u"KeepAlive On\nKeepAliveTimeout %1ms\n"_s.arg(config.keepAliveTimeoutMs);
    const model::RequestLimits &limits = plan.sites.first().limits;
    out += u"# The default site's head limits, as in Hostbench; Apache limits each field, not the block.\n"_s;
    out += u"LimitRequestLine %1\nLimitRequestFieldSize %2\nLimitRequestFields %3\n"_s.arg(
        QString::number(limits.maxRequestLineBytes), QString::number(limits.maxHeaderBytes),
        QString::number(limits.maxHeaderFields));
    out += u"EnableSendfile On\nEnableMMAP On\n"_s;
    const int threads = 128;
    if (plan.benchmark || plan.workers > 0) {
        const int processes = std::max(1, plan.workers);
        out += u"# %1 child process%2 of mpm_event; each of its threads serves one connection at a time.\n"_s
                   .arg(QString::number(processes), processes == 1 ? QString() : u"es"_s);
        out += u"StartServers %1\nServerLimit %1\nMinSpareThreads 1\nMaxSpareThreads %2\nThreadsPerChild %3\n"
               "ThreadLimit %3\nMaxRequestWorkers %2\nMaxConnectionsPerChild 0\n"_s.arg(
                   QString::number(processes), QString::number(processes * threads),
                   QString::number(threads));
    }
    if (plan.benchmark)
        out += u"MaxKeepAliveRequests 0\n# No open-file cache in Apache's core (mod_file_cache needs a list of files).\n"_s;
    out += u"# Hostbench's cap of %1 connections per worker: MaxRequestWorkers is Apache's nearest.\n"_s.arg(
        config.maxConnectionsPerWorker);
    out += PhpWriter::apacheWorkers(plan);
    for (int i = 0; i < plan.sites.size(); ++i)
        out += siteBlock(plan, i);
    return out;
}

} // namespace hostbench::exporter
