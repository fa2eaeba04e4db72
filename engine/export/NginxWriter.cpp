#include "export/NginxWriter.h"

#include "export/ExportPlan.h"

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

// One site's server {} block.
QString serverBlock(const ExportPlan &plan, const model::VirtualHost &site, bool *usesDollar)
{
    QString s = u"\n    server {\n"_s;
    s += u"        listen %1%2;\n"_s.arg(plan.listen(), site.isDefault ? u" default_server"_s : QString());
    s += u"        server_name %1;\n"_s.arg(ExportPlan::names(site).join(u' '));
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
    s += u"        # Log rotation by size (%1 bytes, %2 kept): logrotate's job with nginx.\n"_s.arg(
        QString::number(site.logRotateBytes), QString::number(site.logRotateKeep));
    s += u"    }\n"_s;
    return s;
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
    bool usesDollar = false;
    QString servers;
    for (const model::VirtualHost &site : plan.sites)
        servers += serverBlock(plan, site, &usesDollar);
    if (usesDollar)
        out += u"    # \"$\" in a route's text (nginx strings have no escape for it).\n"
               "    geo $hostbench_dollar { default \"$\"; }\n"_s;
    out += servers;
    out += u"}\n"_s;
    return out;
}

} // namespace hostbench::exporter
