#include "export/H2oWriter.h"

#include "export/ExportPlan.h"
#include "export/PhpWriter.h"
#include "export/ProxyPlan.h"

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

int seconds(int ms)
{
    return std::max(1, (ms + 999) / 1000);
}

QString errorPages(const model::VirtualHost &site, const QString &pad);
QString accessLog(const ExportPlan &plan, const model::VirtualHost &site);

// One proxied prefix as a path of h2o's (h2o matches whole segments and the
// longest path, as the engine): proxy.reverse.url with the prefix's place
// taken by the base path, the client's Host, WebSocket, the timeouts, the
// keep-alive pool's idle time.
QString proxyPath(const ExportPlan &plan, const model::VirtualHost &site, const ProxyPass &pass)
{
    QString base = pass.address.basePath;
    if (base.isEmpty())
        base = pass.prefix; // the target unchanged
    else if (pass.prefix == u"/"_s)
        base = ProxyPlan::withSlash(base);
    else if (base.size() > 1 && base.endsWith(u'/'))
        base.chop(1); // h2o appends the rest with its '/': "/api/x" -> "/v1/x"
    const QString authority = pass.address.kind == model::UpstreamAddress::Kind::Unix
        ? u"[unix:%1]"_s.arg(pass.address.socketPath)
        : ProxyPlan::hostPort(pass.address);
    QString s = u"      # %1 -> %2\n      %3:\n"_s.arg(
        pass.prefix, pass.address.display(), ExportPlan::quoted(pass.prefix));
    s += u"        proxy.reverse.url: %1\n"_s.arg(ExportPlan::quoted(u"http://"_s + authority + base));
    s += u"        proxy.preserve-host: %1\n"_s.arg(site.proxy.sendUpstreamHost ? u"OFF"_s : u"ON"_s);
    s += u"        # A client's own X-Forwarded-For goes (h2o then sets its own); h2o 2.2 takes one\n"
         "        # field name here, so a client's Forwarded or X-Forwarded-Host stays.\n"
         "        proxy.header.unset: \"x-forwarded-for\"\n"_s;
    s += u"        proxy.websocket: ON\n        proxy.websocket.timeout: %1\n"_s.arg(
        site.proxy.upstreamTimeoutMs);
    s += u"        proxy.timeout.io: %1\n"_s.arg(site.proxy.upstreamTimeoutMs);
    s += u"        # Idle pooled upstream connections are closed after this many ms (h2o keeps a pool per "
         u"thread).\n"
         "        proxy.timeout.keepalive: %1\n"_s.arg(ProxyPlan::kIdleSeconds * 1000);
    Q_UNUSED(plan);
    return s;
}

// The mapping of one site, at four spaces (under hosts: "name:port":).
QString siteMapping(const ExportPlan &plan, int index)
{
    const model::VirtualHost &site = plan.sites.at(index);
    QString s;
    s += u"    paths:\n"_s;
    for (const model::Route &route : site.routes) {
        s += u"      %1:\n"_s.arg(ExportPlan::quoted(route.path));
        s += u"        # A fixed route: a file holding its text (h2o 2.2 has no fixed answer without mruby).\n"_s;
        if (route.status != 200)
            s += u"        # Hostbench answers %1 here; a file is always 200.\n"_s.arg(route.status);
        s += u"        file.file: %1\n"_s.arg(ExportPlan::quoted(plan.routeFile(index, route)));
        s += u"        file.mime.setdefaulttype: %1\n"_s.arg(ExportPlan::quoted(route.contentType));
    }
    bool wholeSite = false;
    for (const ProxyPass &pass : ProxyPlan::passes(site)) {
        s += proxyPath(plan, site, pass);
        wholeSite = wholeSite || pass.prefix == u"/"_s;
    }
    if (wholeSite)
        return s + u"      # The whole site is proxied: no file is served, no error page.\n"_s
            + accessLog(plan, site);
    s += PhpWriter::h2oPaths(plan, site);
    s += u"      \"/\":\n"_s;
    s += u"        file.dir: %1\n"_s.arg(ExportPlan::quoted(site.documentRoot));
    const QString php = PhpWriter::h2oRoot(plan, site);
    QStringList indexes;
    for (const QString &file : site.indexFiles)
        indexes.append(ExportPlan::quoted(file));
    s += php.isEmpty() ? u"        file.index: [ %1 ]\n"_s.arg(indexes.join(u", "_s)) : php;
    s += u"        file.dirlisting: %1\n"_s.arg(site.directoryListing ? u"ON"_s : u"OFF"_s);
    s += u"        # Precompressed siblings: h2o 2.2 sends file.gz (and file.br) when the client accepts "
         u"them.\n"
         "        file.send-compressed: ON\n"_s;
    // h2o's error-doc replaces any answer with that status: a site with
    // proxied paths has its pages for its files only, an upstream's pass through.
    if (site.proxy.routes.isEmpty())
        return s + errorPages(site, u"    "_s) + accessLog(plan, site);
    return s + errorPages(site, u"        "_s) + accessLog(plan, site);
}

// The site's error pages at `pad` (host or path level).
QString errorPages(const model::VirtualHost &site, const QString &pad)
{
    QString s;
    if (!site.errorPages.isEmpty()) {
        s += pad + u"error-doc:\n"_s;
        for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it)
            s += pad + u"  - status: %1\n"_s.arg(it.key()) + pad
                + u"    url: %1\n"_s.arg(ExportPlan::quoted(it.value()));
    }
    return s;
}

// The site's access log (production).
QString accessLog(const ExportPlan &plan, const model::VirtualHost &site)
{
    QString s;
    if (!plan.benchmark) {
        const QString access = plan.accessLog(site);
        if (!access.isEmpty())
            s += u"    access-log:\n      path: %1\n      format: \"%h %l %u %t \\\"%r\\\" %s %b "
                 u"\\\"%{Referer}i\\\" "
                 "\\\"%{User-agent}i\\\"\"\n"_s.arg(ExportPlan::quoted(access));
    }
    return s;
}

// A redirecting site's cleartext mapping: a 308 to https. h2o 2.2's
// redirect names one URL, so every name of the site goes to its host name.
QString redirectMapping(const ExportPlan &plan, const model::VirtualHost &site)
{
    return u"    paths:\n      \"/\":\n"
           "        # HTTPS only: every cleartext request is sent to the same path over TLS (h2o 2.2\n"
           "        # names one URL: the site's host name, whichever name was asked for).\n"
           "        redirect:\n          url: %1\n          status: 308\n"_s.arg(
               ExportPlan::quoted(u"https://%1%2/"_s.arg(site.hostName, plan.tlsPortSuffix())));
}

// The TLS hosts: each name of each site on the TLS port (its Host field
// with that port), on a host-level listener with the site's certificate;
// the hosts sharing the listener are told apart by SNI, the first (the
// default site's) answers an unknown name. The same paths as the cleartext
// mapping, and the site's HSTS.
QString tlsHosts(const ExportPlan &plan)
{
    const model::ServerConfig &config = plan.options.config;
    const QString port = QString::number(config.tlsPort);
    QString out;
    for (int i = 0; i < plan.sites.size(); ++i) {
        const model::VirtualHost &site = plan.sites.at(i);
        const QStringList names = ExportPlan::names(site);
        const TlsFiles files = plan.tlsFiles(site);
        out += u"  # %1 over TLS\n"_s.arg(names.join(u", "_s));
        out += u"  \"%1:%2\": &tls%3\n"_s.arg(names.first(), port, QString::number(i));
        out += u"    listen:\n      host: %1\n      port: %2\n      ssl:\n"_s.arg(
            config.tlsListenAddress, port);
        out += u"        certificate-file: %1\n        key-file: %2\n"_s.arg(
            ExportPlan::quoted(files.certificatePath), ExportPlan::quoted(files.keyPath));
        out += u"        # TLS 1.2 and 1.3 with Hostbench's TLS 1.2 suites, the server's order; h2o 2.2 "
               u"names\n"
               "        # neither TLS 1.3's suites nor the groups (OpenSSL's defaults).\n"
               "        minimum-version: TLSv1.2\n"
               "        cipher-suite: \"%1\"\n"
               "        cipher-preference: server\n"
               "        # No OCSP stapling (h2o would run its fetcher for each certificate). HTTP/2 by ALPN\n"
               "        # beside HTTP/1.1, as Hostbench's TLS listener: h2o offers h2 on every TLS "
               "listener.\n"
               "        ocsp-update-interval: 0\n"_s.arg(QLatin1String(ExportPlan::kTls12Ciphers));
        if (const QString hsts = plan.hsts(site); !hsts.isEmpty())
            out += u"    header.add: \"strict-transport-security: %1\"\n"_s.arg(hsts);
        out += siteMapping(plan, i);
        for (qsizetype a = 1; a < names.size(); ++a)
            out += u"  \"%1:%2\": *tls%3\n"_s.arg(names.at(a), port, QString::number(i));
    }
    return out;
}

} // namespace

QString H2oWriter::write(const ExportPlan &plan, ExportResult &result)
{
    const model::ServerConfig &config = plan.options.config;
    QString out = plan.head(u"#"_s);
    out += u"listen:\n  host: %1\n  port: %2\n"_s.arg(config.listenAddress, QString::number(config.port));
    if (!plan.user.isEmpty())
        out += u"user: %1\n"_s.arg(plan.user);
    if (!plan.prefix.isEmpty())
        result.directories.append(plan.prefix + u"/run"_s);
    out += u"pid-file: %1\n"_s.arg(ExportPlan::quoted(plan.pidFile()));
    out += u"error-log: %1\n"_s.arg(ExportPlan::quoted(plan.serverErrorLog()));
    if (plan.workers > 0)
        out += u"num-threads: %1\n"_s.arg(plan.workers);
    out += u"max-connections: %1\n"_s.arg(config.maxConnectionsPerWorker);
    out += u"# h2o has one timeout for an HTTP/1 request head and the idle time between requests\n"
           "# (Hostbench: %1 ms and %2 ms); no send timeout.\n"
           "http1-request-timeout: %3\n"_s.arg(QString::number(config.headerTimeoutMs),
               QString::number(config.keepAliveTimeoutMs),
               QString::number(seconds(std::max(config.headerTimeoutMs, config.keepAliveTimeoutMs))));
    const model::RequestLimits &limits = plan.sites.first().limits;
    out += u"limit-request-body: %1\n"_s.arg(limits.maxBodyBytes);
    out += u"# Head limits (request line %1 bytes, header block %2 bytes, %3 fields): no h2o 2.2 equivalent.\n"_s
               .arg(QString::number(limits.maxRequestLineBytes), QString::number(limits.maxHeaderBytes),
                   QString::number(limits.maxHeaderFields));
    out += u"# Symbolic links leaving the document root: Hostbench refuses them (unless a site allows\n"
           "# them), h2o follows them. Per-site error logs: h2o has one, the server's.\n"_s;
    if (plan.benchmark) {
        out += u"# No access log; h2o sends files with sendfile and caches open files itself.\n"_s;
        out += u"file.mime.settypes:\n"_s;
        const QMap<QString, QString> mime = ExportPlan::mimeTable();
        QMap<QString, QStringList> byType;
        for (auto it = mime.cbegin(); it != mime.cend(); ++it)
            byType[it.value()].append(u"\".%1\""_s.arg(it.key()));
        for (auto it = byType.cbegin(); it != byType.cend(); ++it)
            out += u"  %1: [ %2 ]\n"_s.arg(ExportPlan::quoted(it.key()), it.value().join(u", "_s));
    } else {
        out += u"# Log rotation: logrotate's job with h2o (Hostbench rotates by size itself).\n"_s;
    }
    if (!ProxyPlan::pools(plan.sites).isEmpty())
        out += u"# Proxied paths: h2o 2.2 appends X-Forwarded-For to a client's own and sets no\n"
               "# X-Forwarded-Host or Forwarded (its header commands have no request variables).\n"
               "proxy.emit-x-forwarded-headers: ON\nproxy.emit-via-header: OFF\n"_s;
    if (plan.tls)
        out += u"# HTTPS: resumption by session tickets only (Hostbench keeps no server-side session "
               u"cache).\n"
               "ssl-session-resumption:\n  mode: ticket\n"_s;
    out += u"hosts:\n"_s;
    const QString port = QString::number(config.port);
    for (int i = 0; i < plan.sites.size(); ++i) {
        const model::VirtualHost &site = plan.sites.at(i);
        const QStringList names = ExportPlan::names(site);
        out += u"  # %1%2\n"_s.arg(names.join(u", "_s),
            site.isDefault ? u" (default site: h2o uses the first host for unknown names)"_s : QString());
        // h2o matches the Host field with its port as written: each name with and without it.
        out += u"  \"%1:%2\": &site%3\n"_s.arg(names.first(), port, QString::number(i));
        out += plan.redirects(site) ? redirectMapping(plan, site) : siteMapping(plan, i);
        out += u"  \"%1\": *site%2\n"_s.arg(names.first(), QString::number(i));
        for (qsizetype a = 1; a < names.size(); ++a)
            out += u"  \"%1:%2\": *site%3\n  \"%1\": *site%3\n"_s.arg(names.at(a), port, QString::number(i));
    }
    if (plan.tls)
        out += tlsHosts(plan);
    return out;
}

} // namespace hostbench::exporter
