#include "export/CaddyWriter.h"

#include "export/ExportPlan.h"
#include "export/PhpWriter.h"
#include "export/ProxyPlan.h"

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

QString ms(int value)
{
    return QString::number(value) + u"ms"_s;
}

// The regular expression of a proxied prefix (whole segments, case as
// written: Caddy's `path` matcher ignores case) and the rewrite that puts
// the base path in its place; capture 1 is the rest of the path.
std::pair<QString, QString> proxyMatch(const ProxyPass &pass, const QString &name)
{
    const QString base = pass.address.basePath;
    const QString rest = u"{re.%1.1}"_s.arg(name);
    if (pass.prefix == u"/"_s)
        return { u"^/(.*)$"_s, base.isEmpty() ? QString() : ProxyPlan::withSlash(base) + rest };
    // A base path ending in '/' takes the rest without its leading '/'.
    if (base.endsWith(u'/'))
        return { u"^%1(?:/(.*))?$"_s.arg(pass.prefix), base + rest };
    return { u"^%1(/.*)?$"_s.arg(pass.prefix), base.isEmpty() ? QString() : base + rest };
}

// One proxied prefix: a `handle` with reverse_proxy (HTTP/1.1 keep-alive
// pool, WebSocket by default), Forwarded added, the upstream timeout.
QString proxyHandle(const ExportPlan &plan, const model::VirtualHost &site, const ProxyPass &pass, int index)
{
    const QString name = u"proxy%1"_s.arg(index);
    const auto [regex, rewrite] = proxyMatch(pass, name);
    QString s = u"    # %1 -> %2\n    @%3 {\n        path_regexp %3 %4\n"_s.arg(
        pass.prefix, pass.address.display(), name, ExportPlan::quoted(regex));
    const QStringList routes = ProxyPlan::routesUnder(site);
    if (!routes.isEmpty())
        s += u"        not path %1\n"_s.arg(routes.join(u' '));
    s += u"    }\n    handle @%1 {\n"_s.arg(name);
    if (!rewrite.isEmpty())
        s += u"        rewrite * %1\n"_s.arg(ExportPlan::quoted(rewrite));
    const QString upstream = pass.address.kind == model::UpstreamAddress::Kind::Unix
        ? u"unix/"_s + pass.address.socketPath
        : ProxyPlan::hostPort(pass.address);
    s += u"        reverse_proxy %1 {\n"_s.arg(upstream);
    if (site.proxy.sendUpstreamHost)
        s += u"            header_up Host %1\n"_s.arg(ExportPlan::quoted(pass.address.authority()));
    s += u"            # Caddy sets X-Forwarded-For/-Proto/-Host itself (a client's own values are\n"
         "            # not trusted); Forwarded (RFC 7239) as Hostbench sends it.\n"
         "            header_up Forwarded \"for={remote_host};host=\\\"{hostport}\\\";proto={scheme}\"\n"_s;
    const QString timeout = ms(site.proxy.upstreamTimeoutMs);
    const int pool = plan.benchmark ? ProxyPlan::kBenchmarkPool : ProxyPlan::kProductionPool;
    s += u"            transport http {\n                versions 1.1\n                dial_timeout %1\n"
         "                response_header_timeout %1\n                keepalive %2s\n"
         "                keepalive_idle_conns_per_host %3\n"
         "                # No Accept-Encoding: gzip of Caddy's own: the client's fields as sent.\n"
         "                compression off\n            }\n"_s.arg(
             timeout, QString::number(ProxyPlan::kIdleSeconds), QString::number(pool));
    s += u"        }\n    }\n"_s;
    return s;
}

QString proxyHandles(const ExportPlan &plan, const model::VirtualHost &site)
{
    QString s;
    const QList<ProxyPass> passes = ProxyPlan::passes(site);
    for (qsizetype i = 0; i < passes.size(); ++i)
        s += proxyHandle(plan, site, passes.at(i), int(i));
    return s;
}

// A site block's addresses: the default site's the port alone (every host
// name the others do not claim), the others' each name on the port.
QString addresses(const model::VirtualHost &site, const QString &scheme, quint16 port)
{
    if (site.isDefault)
        return u"%1://:%2"_s.arg(scheme).arg(port);
    QStringList list;
    for (const QString &name : ExportPlan::names(site))
        list.append(u"%1://%2:%3"_s.arg(scheme, name).arg(port));
    return list.join(u", "_s);
}

// What a site's blocks hold after their address and bind lines.
QString siteBody(const ExportPlan &plan, int index)
{
    const model::VirtualHost &site = plan.sites.at(index);
    QString s;
    s += u"    root * %1\n"_s.arg(ExportPlan::quoted(site.documentRoot));
    s += u"    request_body {\n        max_size %1\n    }\n"_s.arg(site.limits.maxBodyBytes);
    for (int r = 0; r < site.routes.size(); ++r) {
        const model::Route &route = site.routes.at(r);
        s += u"    @route%1 {\n        path %2\n        method GET HEAD\n    }\n"_s.arg(
            QString::number(r), ExportPlan::quoted(route.path));
        s += u"    header @route%1 Content-Type %2\n"_s.arg(
            QString::number(r), ExportPlan::quoted(route.contentType));
        s += u"    respond @route%1 %2 %3\n"_s.arg(QString::number(r),
            ExportPlan::quoted(QString::fromUtf8(route.body)), QString::number(route.status));
    }
    s += proxyHandles(plan, site);
    s += PhpWriter::caddy(plan, site);
    s += u"    file_server {\n"_s;
    s += u"        index %1\n"_s.arg(site.indexFiles.join(u' '));
    if (site.directoryListing)
        s += u"        browse\n"_s;
    s += u"        precompressed br gzip\n"_s;
    s += u"    }\n"_s;
    if (!site.followSymlinks)
        s += u"    # Hostbench refuses symbolic links that leave the document root; Caddy follows them.\n"_s;
    s += u"    # Limits on the request line (%1 bytes) and the header fields (%2): no Caddy equivalent per site.\n"_s
             .arg(site.limits.maxRequestLineBytes)
             .arg(site.limits.maxHeaderFields);
    if (!site.errorPages.isEmpty()) {
        s += u"    handle_errors {\n"_s;
        for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it) {
            s += u"        @error%1 expression {err.status_code} == %1\n"_s.arg(it.key());
            s += u"        rewrite @error%1 %2\n"_s.arg(QString::number(it.key()), it.value());
        }
        s += u"        file_server\n    }\n"_s;
    }
    if (!plan.benchmark) {
        const QString access = plan.accessLog(site);
        if (!access.isEmpty()) {
            s += u"    # Caddy writes its access log as JSON lines, not the Combined Log Format; it rolls "
                 u"the file\n"
                 "    # itself (Hostbench: at %1 bytes, %2 kept).\n"_s.arg(
                     QString::number(site.logRotateBytes), QString::number(site.logRotateKeep));
            s += u"    log {\n        output file %1 {\n            roll_size %2B\n            roll_keep %3\n"
                 "        }\n    }\n"_s.arg(ExportPlan::quoted(access), QString::number(site.logRotateBytes),
                     QString::number(site.logRotateKeep));
        }
        if (!plan.errorLog(site).isEmpty())
            s += u"    # Error log %1: Caddy has one error log, the global one.\n"_s.arg(plan.errorLog(site));
    }
    return s;
}

// A site's blocks: the cleartext one (a 308 to https when the site
// redirects) and, with TLS, the https one with the site's certificate (Caddy
// picks it by SNI), the protocols, TLS 1.2 suites and curves of Hostbench's
// listener, and its HSTS.
QString siteBlock(const ExportPlan &plan, int index)
{
    const model::VirtualHost &site = plan.sites.at(index);
    const model::ServerConfig &config = plan.options.config;
    const QString title = ExportPlan::names(site).join(u", "_s)
        + (site.isDefault ? u" (default site: every host name the others do not claim)"_s : QString());
    const QString body = siteBody(plan, index);
    QString s = u"\n# %1\n%2 {\n"_s.arg(title, addresses(site, u"http"_s, config.port));
    s += u"    bind %1\n"_s.arg(config.listenAddress);
    if (plan.redirects(site))
        s += u"    # HTTPS only: every cleartext request is sent to the same target over TLS.\n"
             "    redir https://{host}%1{uri} 308\n"_s.arg(plan.tlsPortSuffix());
    else
        s += body;
    s += u"}\n"_s;
    if (!plan.tls)
        return s;
    const TlsFiles files = plan.tlsFiles(site);
    s += u"\n# %1 over TLS\n%2 {\n"_s.arg(title, addresses(site, u"https"_s, config.tlsPort));
    s += u"    bind %1\n"_s.arg(config.tlsListenAddress);
    // Go's names of the TLS 1.2 suites of ExportPlan::kTls12Ciphers, in that order.
    s += u"    tls %1 %2 {\n        protocols tls1.2 tls1.3\n"
         "        # TLS 1.2's suites; Go's TLS 1.3 suites are fixed (the same three, its own order).\n"
         "        ciphers TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256 TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 "
         "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384 TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 "
         "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256 TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256\n"
         "        curves x25519 secp256r1 secp384r1\n    }\n"_s.arg(
             ExportPlan::quoted(files.certificatePath), ExportPlan::quoted(files.keyPath));
    if (const QString hsts = plan.hsts(site); !hsts.isEmpty())
        s += u"    header Strict-Transport-Security %1\n"_s.arg(ExportPlan::quoted(hsts));
    s += body;
    s += u"}\n"_s;
    return s;
}

} // namespace

QString CaddyWriter::write(const ExportPlan &plan, ExportResult &result)
{
    const model::ServerConfig &config = plan.options.config;
    QString out = plan.head(u"#"_s);
    out += u"{\n"_s;
    if (plan.tls)
        out += u"    # The certificates are the ones named in the https blocks (no ACME, no redirects of\n"
               "    # Caddy's own); a client that sends no server name gets the default site's.\n"
               "    auto_https off\n    skip_install_trust\n    default_sni %1\n"_s.arg(
                   plan.sites.first().hostName);
    else
        out += u"    # Plain HTTP, as Hostbench serves; drop this line to let Caddy get certificates.\n"
               "    auto_https off\n"_s;
    if (!plan.prefix.isEmpty()) {
        out += u"    admin off\n"_s;
        const QString storage = plan.prefix + u"/data"_s;
        result.directories.append(storage);
        out += u"    storage file_system %1\n"_s.arg(ExportPlan::quoted(storage));
    }
    out += u"    log {\n        output file %1\n        level ERROR\n    }\n"_s.arg(
        ExportPlan::quoted(plan.serverErrorLog()));
    out += u"    servers {\n        timeouts {\n            read_header %1\n            idle %2\n"
           "            # Caddy's write timeout bounds the whole response, Hostbench's send timeout a "
           "pause.\n"
           "            write %3\n        }\n"_s.arg(
               ms(config.headerTimeoutMs), ms(config.keepAliveTimeoutMs), ms(config.sendTimeoutMs));
    out += u"        max_header_size %1\n"_s.arg(plan.sites.first().limits.maxHeaderBytes);
    if (plan.tls)
        out += u"        # HTTP/1.1 and HTTP/2 over TLS, no HTTP/3 (Caddy would also listen on UDP).\n"
               "        protocols h1 h2\n"_s;
    out += u"    }\n"_s;
    out += u"}\n"_s;
    if (plan.workers > 0 || plan.benchmark)
        out += u"# Workers: Caddy is one Go process; set GOMAXPROCS=%1 in its environment to limit its threads.\n"_s
                   .arg(std::max(1, plan.workers));
    out += u"# No connection cap (Hostbench: %1 per worker) and no user directive: Caddy runs as who starts it.\n"_s
               .arg(config.maxConnectionsPerWorker);
    if (plan.benchmark)
        out += u"# No access log; sendfile and file caching are Go's and Caddy's own; media types are Caddy's.\n"_s;
    for (int i = 0; i < plan.sites.size(); ++i)
        out += siteBlock(plan, i);
    return out;
}

} // namespace hostbench::exporter
