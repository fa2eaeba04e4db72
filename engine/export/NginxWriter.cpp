#include "export/NginxWriter.h"

#include "export/ExportPlan.h"
#include "export/PhpWriter.h"
#include "export/ProxyPlan.h"

#include <algorithm>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

// An nginx string: double quotes, \ and " escaped. A "$" would start a
// variable, and nginx has no escape for it: it is written as
// ${hostbench_dollar}, which the `geo` block in http {} defines as "$".
QString nginxString(const QString &text, bool *usesDollar)
{
    QString escaped = ExportPlan::quoted(text);
    if (escaped.contains(u'$')) {
        *usesDollar = true;
        escaped.replace(u"$"_s, u"${hostbench_dollar}"_s);
    }
    return escaped;
}

QString ms(int value)
{
    return QString::number(value) + u"ms"_s;
}

// The media types: the engine's own table written beside the configuration
// (benchmark), or Debian's.
QString mimeTypes(const ExportPlan &plan, ExportResult &result)
{
    QString out;
    if (plan.benchmark) {
        const QString types = plan.prefix + u"/mime.types"_s;
        QString table = u"# The engine's media types (shared-mime-info and its web types).\ntypes {\n"_s;
        const QMap<QString, QString> mime = ExportPlan::mimeTable();
        for (auto it = mime.cbegin(); it != mime.cend(); ++it)
            table += u"    %1 %2;\n"_s.arg(it.value(), it.key());
        result.files.append({ types, (table + u"}\n"_s).toUtf8() });
        out += u"    include %1;\n"_s.arg(ExportPlan::quoted(types));
    } else {
        out += u"    include /etc/nginx/mime.types;\n"_s;
    }
    return out;
}

// http {}'s settings shared by every server: types, timeouts, precompressed
// files, the benchmark's tuning and the temp folders under a prefix.
QString httpSettings(const ExportPlan &plan, ExportResult &result)
{
    const model::ServerConfig &config = plan.options.config;
    QString out = mimeTypes(plan, result);
    out += u"    default_type application/octet-stream;\n"_s;
    out += u"    sendfile on;\n    tcp_nopush on;\n"_s;
    out += u"    # Hostbench answers a folder without its slash with a relative Location.\n"
           "    absolute_redirect off;\n"_s;
    out += u"    client_header_timeout %1;\n    keepalive_timeout %2;\n    send_timeout %3;\n"_s.arg(
        ms(config.headerTimeoutMs), ms(config.keepAliveTimeoutMs), ms(config.sendTimeoutMs));
    out += u"    # Precompressed siblings: file.gz for gzip. Hostbench also serves file.br for brotli;\n"
           "    # nginx 1.22 has no brotli_static without a third-party module (not in Debian 12).\n"
           "    gzip_static on;\n"
           "    # As Hostbench: Vary: Accept-Encoding on every answer for a file that has a sibling.\n"
           "    gzip_vary on;\n"_s;
    if (plan.benchmark) {
        out += u"    access_log off;\n"_s;
        out += u"    keepalive_requests 1000000;\n"_s;
        out += u"    open_file_cache max=1000 inactive=60s;\n    open_file_cache_valid 1s;\n"_s;
    }
    if (!plan.prefix.isEmpty()) {
        for (const QString &temp : { u"client_body"_s, u"proxy"_s, u"fastcgi"_s, u"uwsgi"_s, u"scgi"_s }) {
            const QString dir = plan.prefix + u"/temp/"_s + temp;
            result.directories.append(dir);
            out += u"    %1_temp_path %2;\n"_s.arg(temp, ExportPlan::quoted(dir));
        }
    }
    out += u"    # Log rotation: Hostbench rotates its logs by size itself; nginx leaves that to logrotate.\n"_s;
    return out;
}

// A site's fixed routes: `location =` blocks that `return` the text.
QString routeLocations(const model::VirtualHost &site, bool *usesDollar)
{
    QString s;
    for (const model::Route &route : site.routes) {
        s += u"        location = %1 {\n"_s.arg(route.path);
        if (route.status >= 300 && route.status < 400)
            s += u"            # nginx takes the text of `return 3xx` as the Location, not the body.\n"_s;
        s += u"            # Hostbench answers GET and HEAD only (405 otherwise); nginx `return` answers any method.\n"_s;
        s += u"            default_type %1;\n"_s.arg(ExportPlan::quoted(route.contentType));
        s += u"            return %1 %2;\n        }\n"_s.arg(
            QString::number(route.status), nginxString(QString::fromUtf8(route.body), usesDollar));
    }
    return s;
}

// The upstream pools and the maps the proxied locations use (http {}).
QString proxyHttp(const ExportPlan &plan)
{
    const QStringList pools = ProxyPlan::pools(plan.sites);
    if (pools.isEmpty())
        return {};
    QString out
        = u"    # Proxied sites: one keep-alive pool per upstream and worker (HTTP/1.1, as Hostbench's).\n"_s;
    const int keepalive = plan.benchmark ? ProxyPlan::kBenchmarkPool : ProxyPlan::kProductionPool;
    for (qsizetype i = 0; i < pools.size(); ++i) {
        out += u"    upstream hostbench_upstream_%1 {\n        server %2;\n        keepalive %3;\n"
               "        keepalive_timeout %4s;\n    }\n"_s.arg(QString::number(i), pools.at(i),
                   QString::number(keepalive), QString::number(ProxyPlan::kIdleSeconds));
    }
    out += u"    # WebSocket and other upgrades: Connection: upgrade only when the client asks for one,\n"
           "    # else none (the pooled connection stays open).\n"
           "    map $http_upgrade $connection_upgrade {\n        default upgrade;\n        \"\" \"\";\n    "
           "}\n"
           "    # Forwarded: for= (RFC 7239): an IPv6 address quoted and in brackets.\n"
           "    map $remote_addr $hostbench_forwarded_for {\n        ~: \"\\\"[$remote_addr]\\\"\";\n"
           "        default $remote_addr;\n    }\n"_s;
    return out;
}

// The settings of one proxied location: HTTP/1.1 with the pool, Host,
// X-Forwarded-* and Forwarded replaced, the upgrade headers, the timeouts.
QString proxySettings(const model::VirtualHost &site, const ProxyPass &pass)
{
    const QString pad = u"            "_s;
    QString s;
    s += pad + u"proxy_http_version 1.1;\n"_s;
    s += pad
        + (site.proxy.sendUpstreamHost
                ? u"proxy_set_header Host %1;\n"_s.arg(ExportPlan::quoted(pass.address.authority()))
                : u"proxy_set_header Host $http_host;\n"_s);
    s += pad + u"proxy_set_header Upgrade $http_upgrade;\n"_s;
    s += pad + u"proxy_set_header Connection $connection_upgrade;\n"_s;
    s += pad + u"# The client's own X-Forwarded-* and Forwarded are replaced, not trusted.\n"_s;
    s += pad + u"proxy_set_header X-Forwarded-For $remote_addr;\n"_s;
    s += pad + u"proxy_set_header X-Forwarded-Proto $scheme;\n"_s;
    s += pad + u"proxy_set_header X-Forwarded-Host $http_host;\n"_s;
    s += pad
        + u"proxy_set_header Forwarded \"for=$hostbench_forwarded_for;host=\\\"$http_host\\\";proto=$scheme\";\n"_s;
    s += pad + u"# Hop-by-hop fields nginx would pass on.\n"_s;
    s += pad + u"proxy_set_header Proxy-Connection \"\";\n"_s;
    s += pad + u"proxy_set_header Proxy-Authorization \"\";\n"_s;
    s += pad + u"# Location from the upstream as it sent it (Hostbench rewrites no header).\n"_s;
    s += pad + u"proxy_redirect off;\n"_s;
    const QString timeout = ms(site.proxy.upstreamTimeoutMs);
    s += pad + u"proxy_connect_timeout %1;\n"_s.arg(timeout);
    s += pad + u"proxy_send_timeout %1;\n"_s.arg(timeout);
    s += pad + u"proxy_read_timeout %1;\n"_s.arg(timeout);
    return s;
}

// A site's proxied prefixes: `location = /p` and `location /p/` (whole
// segments, as the engine matches), the prefix replaced by the base path.
QString proxyLocations(const ExportPlan &plan, const model::VirtualHost &site)
{
    const QStringList pools = ProxyPlan::pools(plan.sites);
    // On a PHP site the proxied prefixes win over its `location ~ \.php` (as in the engine).
    const QString location = site.php.isSet() ? u"location ^~"_s : u"location"_s;
    QString s;
    for (const ProxyPass &pass : ProxyPlan::passes(site)) {
        const QString pool
            = u"http://hostbench_upstream_%1"_s.arg(pools.indexOf(ProxyPlan::poolKey(pass.address)));
        const QString base = pass.address.basePath;
        const QString settings = proxySettings(site, pass);
        s += u"        # %1 -> %2\n"_s.arg(pass.prefix, pass.address.display());
        if (pass.prefix == u"/"_s) {
            s += u"        %1 / {\n            proxy_pass %2%3;\n%4        }\n"_s.arg(
                location, pool, base.isEmpty() ? QString() : ProxyPlan::withSlash(base), settings);
            continue;
        }
        const bool routeHere = std::any_of(site.routes.cbegin(), site.routes.cend(),
            [&pass](const model::Route &route) { return route.path == pass.prefix; });
        if (!routeHere)
            s += u"        location = %1 {\n            proxy_pass %2%3;\n%4        }\n"_s.arg(
                pass.prefix, pool, base, settings);
        s += u"        %1 %2/ {\n            proxy_pass %3%4;\n%5        }\n"_s.arg(
            location, pass.prefix, pool, base.isEmpty() ? QString() : ProxyPlan::withSlash(base), settings);
    }
    return s;
}

// What one site's server {} blocks hold after their listen and server_name
// lines: the root, files, limits, logs, routes, proxied and PHP paths.
QString siteBody(const ExportPlan &plan, const model::VirtualHost &site, bool *usesDollar)
{
    QString s;
    s += u"        root %1;\n"_s.arg(ExportPlan::quoted(site.documentRoot));
    if (!site.indexFiles.isEmpty())
        s += u"        index %1;\n"_s.arg(site.indexFiles.join(u' '));
    s += u"        autoindex %1;\n"_s.arg(site.directoryListing ? u"on"_s : u"off"_s);
    if (!site.followSymlinks)
        s += u"        # Hostbench refuses symbolic links that leave the document root; nginx has no "
             u"such\n"
             "        # rule (disable_symlinks refuses all links, or those of another owner): it follows them.\n"_s;
    // nginx limits each header line (buffers of `size`), not the block:
    // `number` buffers of the request line's limit hold the block's.
    const int lineBytes = site.limits.maxRequestLineBytes;
    const int buffers = std::max(2, (site.limits.maxHeaderBytes + lineBytes - 1) / lineBytes);
    s += u"        # Request line up to %1 bytes, header block up to about %2 (nginx limits each line\n"
         "        # to the buffer size). Hostbench's %3 header fields at most: no nginx equivalent.\n"
         "        large_client_header_buffers %4 %1;\n"_s.arg(QString::number(lineBytes),
             QString::number(site.limits.maxHeaderBytes), QString::number(site.limits.maxHeaderFields),
             QString::number(buffers));
    s += u"        client_max_body_size %1;\n"_s.arg(site.limits.maxBodyBytes);
    for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it)
        s += u"        error_page %1 %2;\n"_s.arg(QString::number(it.key()), it.value());
    if (!plan.benchmark) {
        const QString access = plan.accessLog(site);
        s += access.isEmpty() ? u"        access_log off;\n"_s
                              : u"        access_log %1 combined;\n"_s.arg(ExportPlan::quoted(access));
        const QString error = plan.errorLog(site);
        if (!error.isEmpty())
            s += u"        error_log %1;\n"_s.arg(ExportPlan::quoted(error));
        else
            s += u"        # The site's error log is off; nginx cannot turn it off, it goes to the server's.\n"_s;
    }
    s += routeLocations(site, usesDollar);
    s += proxyLocations(plan, site);
    s += PhpWriter::nginxLocations(plan, site);
    s += u"        # Log rotation by size (%1 bytes, %2 kept): logrotate's job with nginx.\n"_s.arg(
        QString::number(site.logRotateBytes), QString::number(site.logRotateKeep));
    return s;
}

// One site's server {} blocks: the cleartext one (a 308 to https when the
// site redirects) and, with TLS, the TLS one with the site's certificate
// (nginx picks the server block by SNI) and its HSTS.
QString serverBlocks(const ExportPlan &plan, const model::VirtualHost &site, bool *usesDollar)
{
    const QString defaultServer = site.isDefault ? u" default_server"_s : QString();
    const QString names = ExportPlan::names(site).join(u' ');
    const QString body = siteBody(plan, site, usesDollar);
    QString s = u"\n    server {\n"_s;
    s += u"        listen %1%2;\n"_s.arg(plan.listen(), defaultServer);
    s += u"        server_name %1;\n"_s.arg(names);
    if (plan.redirects(site))
        s += u"        # HTTPS only: every cleartext request is sent to the same target over TLS.\n"
             "        return 308 https://$host%1$request_uri;\n"_s.arg(plan.tlsPortSuffix());
    else
        s += body;
    s += u"    }\n"_s;
    if (!plan.tls)
        return s;
    const TlsFiles files = plan.tlsFiles(site);
    s += u"\n    server {\n"_s;
    // HTTP/2 by ALPN beside HTTP/1.1, as Hostbench's TLS listener (nginx 1.22 spells it on listen;
    // 1.25 has `http2 on;` instead).
    s += u"        listen %1 ssl http2%2;\n"_s.arg(plan.tlsListen(), defaultServer);
    s += u"        server_name %1;\n"_s.arg(names);
    s += u"        ssl_certificate %1;\n        ssl_certificate_key %2;\n"_s.arg(
        ExportPlan::quoted(files.certificatePath), ExportPlan::quoted(files.keyPath));
    if (const QString hsts = plan.hsts(site); !hsts.isEmpty())
        s += u"        # On every answer over TLS, errors too (a location with add_header of its own would\n"
             "        # drop it: none here has one).\n"
             "        add_header Strict-Transport-Security \"%1\" always;\n"_s.arg(hsts);
    s += body;
    s += u"    }\n"_s;
    return s;
}

// http {}'s TLS settings, shared by every TLS server block: the protocols,
// suites and groups of Hostbench's listener, tickets without a session cache.
QString tlsSettings(const ExportPlan &plan)
{
    if (!plan.tls)
        return {};
    return u"    # HTTPS as Hostbench's listener: TLS 1.2 and 1.3, its suites and groups, the server's "
           u"order.\n"
           "    ssl_protocols TLSv1.2 TLSv1.3;\n"
           "    ssl_ciphers %1;\n"
           "    ssl_conf_command Ciphersuites %2;\n"
           "    ssl_ecdh_curve %3;\n"
           "    ssl_prefer_server_ciphers on;\n"
           "    # Resumption by session tickets only (Hostbench keeps no server-side session cache).\n"
           "    ssl_session_tickets on;\n"
           "    ssl_session_cache off;\n"_s.arg(QLatin1String(ExportPlan::kTls12Ciphers),
               QLatin1String(ExportPlan::kTls13Suites), QLatin1String(ExportPlan::kGroups));
}

} // namespace

QString NginxWriter::write(const ExportPlan &plan, ExportResult &result)
{
    const model::ServerConfig &config = plan.options.config;
    QString out = plan.head(u"#"_s);
    if (!plan.user.isEmpty())
        out += u"user %1;\n"_s.arg(plan.user);
    out += plan.workers > 0 ? u"worker_processes %1;\n"_s.arg(plan.workers) : u"worker_processes auto;\n"_s;
    out += u"pid %1;\n"_s.arg(ExportPlan::quoted(plan.pidFile()));
    out += u"error_log %1 warn;\n"_s.arg(ExportPlan::quoted(plan.serverErrorLog()));
    out += u"events {\n    worker_connections %1;\n}\n"_s.arg(config.maxConnectionsPerWorker);
    out += u"\nhttp {\n"_s;
    out += httpSettings(plan, result);
    out += tlsSettings(plan);
    out += proxyHttp(plan);
    out += PhpWriter::nginxUpstreams(plan);
    bool usesDollar = false;
    QString servers;
    for (const model::VirtualHost &site : plan.sites)
        servers += serverBlocks(plan, site, &usesDollar);
    if (usesDollar)
        out += u"    # \"$\" in a route's text (nginx strings have no escape for it).\n"
               "    geo $hostbench_dollar { default \"$\"; }\n"_s;
    out += servers;
    out += u"}\n"_s;
    return out;
}

} // namespace hostbench::exporter
