#include "export/LighttpdWriter.h"

#include "export/ExportPlan.h"
#include "export/PhpWriter.h"
#include "export/ProxyPlan.h"

#include <QRegularExpression>

#include <algorithm>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

// The Combined Log Format, as Hostbench writes it (lighttpd's default adds the host).
const QString kCombined = uR"("%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\"")"_s;

int seconds(int ms)
{
    return std::max(1, (ms + 999) / 1000);
}

// A regular expression matching any of the names, with or without a port.
QString hostPattern(const QStringList &names)
{
    QStringList escaped;
    for (const QString &name : names)
        escaped.append(QRegularExpression::escape(name));
    return u"\"^(%1)(:[0-9]+)?$\""_s.arg(escaped.join(u'|'));
}

// The settings of one proxied prefix, at `pad`: mod_proxy to its upstream,
// the prefix mapped onto the base path, upgrades, Forwarded, the timeouts.
QString proxySettings(const model::VirtualHost &site, const ProxyPass &pass, const QString &pad)
{
    const int seconds = std::max(1, (site.proxy.upstreamTimeoutMs + 999) / 1000);
    const QString host = pass.address.kind == model::UpstreamAddress::Kind::Unix
        ? u"\"socket\" => %1"_s.arg(ExportPlan::quoted(pass.address.socketPath))
        : u"\"host\" => %1, \"port\" => %2"_s.arg(
            ExportPlan::quoted(pass.address.host), QString::number(pass.address.port));
    QString s = pad
        + u"proxy.server = ( \"\" => ( ( %1, \"connect-timeout\" => %2, \"write-timeout\" => %2, "
          "\"read-timeout\" => %2 ) ) )\n"_s.arg(host, QString::number(seconds));
    QStringList header { u"\"upgrade\" => \"enable\""_s };
    const QString base = pass.address.basePath;
    if (!base.isEmpty()) {
        QStringList map;
        if (pass.prefix == u"/"_s) {
            map.append(u"\"/\" => %1"_s.arg(ExportPlan::quoted(ProxyPlan::withSlash(base))));
        } else {
            if (base.endsWith(u'/'))
                map.append(
                    u"%1 => %2"_s.arg(ExportPlan::quoted(pass.prefix + u'/'), ExportPlan::quoted(base)));
            map.append(u"%1 => %2"_s.arg(ExportPlan::quoted(pass.prefix), ExportPlan::quoted(base)));
        }
        header.prepend(u"\"map-urlpath\" => ( %1 )"_s.arg(map.join(u", "_s)));
    }
    if (site.proxy.sendUpstreamHost)
        header.append(
            u"\"map-host-request\" => ( \"-\" => %1 )"_s.arg(ExportPlan::quoted(pass.address.authority())));
    s += pad + u"proxy.header = ( %1 )\n"_s.arg(header.join(u", "_s));
    s += pad + u"proxy.forwarded = ( \"for\" => 1, \"proto\" => 1, \"host\" => 1 )\n"_s;
    s += pad + u"# A client's own forwarding fields go (mod_proxy adds its own) and the hop-by-hop\n"_s + pad
        + u"# fields it would pass on.\n"_s;
    s += pad
        + u"setenv.set-request-header = ( \"X-Forwarded-For\" => \"\", \"X-Forwarded-Host\" => \"\", "
          "\"X-Forwarded-Proto\" => \"\", \"Forwarded\" => \"\", \"Keep-Alive\" => \"\", \"TE\" => \"\", "
          "\"Proxy-Authorization\" => \"\", \"Proxy-Connection\" => \"\" )\n"_s;
    return s;
}

// A site's proxied prefixes: one condition chain, longest first (lighttpd
// applies every matching condition, so the chain picks one), whole segments
// as the engine matches; fixed routes below a prefix stay outside it.
// lighttpd 1.4.69 opens a new upstream connection per request.
QString proxyBlocks(const model::VirtualHost &site, const QString &pad)
{
    const QList<ProxyPass> passes = ProxyPlan::passes(site);
    if (passes.isEmpty())
        return {};
    const QStringList routes = ProxyPlan::routesUnder(site);
    QString inner = routes.isEmpty() ? pad : pad + u"    "_s;
    QString chain;
    for (qsizetype i = 0; i < passes.size(); ++i) {
        const ProxyPass &pass = passes.at(i);
        const QString regex
            = pass.prefix == u"/"_s ? u"^/"_s : u"^%1(/|$)"_s.arg(ProxyPlan::regexLiteral(pass.prefix));
        chain += inner + u"# %1 -> %2\n"_s.arg(pass.prefix, pass.address.display());
        chain += inner + (i > 0 ? u"else "_s : QString()) + u"$HTTP[\"url\"] =~ \"%1\" {\n"_s.arg(regex);
        chain += proxySettings(site, pass, inner + u"    "_s);
        chain += inner + u"}\n"_s;
    }
    QString s = pad
        + u"# Proxied paths (issue #24); lighttpd 1.4.69 opens a new upstream connection per request\n"_s
        + pad + u"# (no keep-alive pool) and appends X-Forwarded-For to a client's own one.\n"_s;
    if (routes.isEmpty())
        return s + chain;
    QStringList literals;
    for (const QString &route : routes)
        literals.append(ProxyPlan::regexLiteral(route));
    return s + pad + u"$HTTP[\"url\"] !~ \"^(%1)$\" {\n"_s.arg(literals.join(u'|')) + chain + pad + u"}\n"_s;
}

// A site's certificate (SNI: lighttpd takes ssl.pemfile from the $HTTP["host"]
// condition the server name matches; the default site's is the listener's).
QString certificate(const ExportPlan &plan, const model::VirtualHost &site, const QString &pad)
{
    const TlsFiles files = plan.tlsFiles(site);
    return pad + u"ssl.pemfile = %1\n"_s.arg(ExportPlan::quoted(files.certificatePath)) + pad
        + u"ssl.privkey = %1\n"_s.arg(ExportPlan::quoted(files.keyPath));
}

// With TLS: a site's 308 from cleartext to https (mod_redirect; %1 is the
// host name the inner condition captures, the port left out) and its HSTS
// over TLS (mod_setenv).
QString tlsBlocks(const ExportPlan &plan, const model::VirtualHost &site, const QString &pad)
{
    QString s;
    if (plan.redirects(site)) {
        s += pad + u"# HTTPS only: every cleartext request is sent to the same target over TLS.\n"_s;
        s += pad + u"$HTTP[\"scheme\"] == \"http\" {\n"_s;
        s += pad + u"    $HTTP[\"host\"] =~ \"^([^:]+|\\[[^]]+\\])(:[0-9]+)?$\" {\n"_s;
        s += pad
            + u"        url.redirect = ( \"\" => \"https://%1%2${url.path}${qsa}\" )\n"_s.arg(
                u"%1"_s, plan.tlsPortSuffix());
        s += pad + u"        url.redirect-code = 308\n"_s;
        s += pad + u"    }\n"_s + pad + u"}\n"_s;
    }
    if (const QString hsts = plan.hsts(site); !hsts.isEmpty()) {
        s += pad + u"$HTTP[\"scheme\"] == \"https\" {\n"_s;
        s += pad
            + u"    setenv.add-response-header = ( \"Strict-Transport-Security\" => \"%1\" )\n"_s.arg(hsts);
        s += pad + u"}\n"_s;
    }
    return s;
}

// The TLS listener: mod_openssl on its socket with the default site's
// certificate, the protocols, suites and groups of Hostbench's listener.
QString tlsListener(const ExportPlan &plan)
{
    QString s
        = u"\n# HTTPS as Hostbench's listener: TLS 1.2 and 1.3, its suites and groups, the server's order;\n"
          "# lighttpd resumes by session tickets (its own rotated keys) and keeps no session cache.\n"
          "# HTTP/2 by ALPN beside HTTP/1.1, as Hostbench's TLS listener (lighttpd's default since 1.4.59,\n"
          "# written out so that it stays on).\n"
          "server.feature-flags = ( \"server.h2proto\" => \"enable\" )\n"_s;
    s += u"$SERVER[\"socket\"] == %1 {\n"_s.arg(ExportPlan::quoted(plan.tlsListen()));
    s += u"    ssl.engine = \"enable\"\n"_s;
    s += certificate(plan, plan.sites.first(), u"    "_s);
    s += u"    ssl.honor-cipher-order = \"enable\"\n"_s;
    s += u"    ssl.openssl.ssl-conf-cmd = ( \"MinProtocol\" => \"TLSv1.2\", \"MaxProtocol\" => \"TLSv1.3\",\n"
         "        \"CipherString\" => \"%1\",\n"
         "        \"Ciphersuites\" => \"%2\",\n"
         "        \"Groups\" => \"%3\" )\n"_s.arg(QLatin1String(ExportPlan::kTls12Ciphers),
             QLatin1String(ExportPlan::kTls13Suites), QLatin1String(ExportPlan::kGroups));
    s += u"}\n"_s;
    return s;
}

// The settings of one site, at indentation `pad`.
QString siteSettings(const ExportPlan &plan, int index, const QString &pad)
{
    const model::VirtualHost &site = plan.sites.at(index);
    QString s;
    s += pad + u"server.document-root = %1\n"_s.arg(ExportPlan::quoted(site.documentRoot));
    QStringList indexes;
    for (const QString &file : site.indexFiles)
        indexes.append(ExportPlan::quoted(file));
    s += pad + u"index-file.names = ( %1 )\n"_s.arg(indexes.join(u", "_s));
    s += pad + u"dir-listing.activate = \"%1\"\n"_s.arg(site.directoryListing ? u"enable"_s : u"disable"_s);
    s += pad + u"server.max-request-size = %1 # KiB\n"_s.arg((site.limits.maxBodyBytes + 1023) / 1024);
    s += pad
        + u"# Request line up to %1 bytes, header block %2 bytes, %3 header fields: lighttpd limits the\n"_s
              .arg(site.limits.maxRequestLineBytes)
              .arg(site.limits.maxHeaderBytes)
              .arg(site.limits.maxHeaderFields);
    s += pad + u"# whole head once for the server (server.max-request-field-size, the default site's).\n"_s;
    // lighttpd keeps the status only with server.errorfile-prefix, which
    // reads PREFIX<status>.html: usable when every page is named so, in one folder.
    QString folder;
    bool oneFolder = !site.errorPages.isEmpty();
    for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it) {
        const QString name = QString::number(it.key()) + u".html"_s;
        const QString dir = it.value().endsWith(u'/' + name) ? it.value().chopped(name.size()) : QString();
        if (dir.isEmpty() || (!folder.isEmpty() && dir != folder))
            oneFolder = false;
        folder = dir;
    }
    if (oneFolder) {
        s += pad
            + u"# Error pages: <status>.html in %1 (for any status that has such a file there).\n"_s.arg(
                folder);
        s += pad + u"server.errorfile-prefix = %1\n"_s.arg(ExportPlan::quoted(site.documentRoot + folder));
    } else {
        if (index > 0)
            s += pad + u"server.errorfile-prefix = \"\" # not the default site's pages\n"_s;
        for (auto it = site.errorPages.cbegin(); it != site.errorPages.cend(); ++it)
            s += pad
                + u"# Error page %1 for %2: lighttpd keeps the status only for pages named <status>.html in "
                  u"one "
                  "folder (server.errorfile-prefix).\n"_s.arg(it.value(), QString::number(it.key()));
    }
    if (!plan.benchmark) {
        const QString access = plan.accessLog(site);
        s += pad + u"accesslog.filename = %1\n"_s.arg(ExportPlan::quoted(access));
        if (!plan.errorLog(site).isEmpty())
            s += pad
                + u"# Error log %1: lighttpd has one error log, the server's.\n"_s.arg(plan.errorLog(site));
    }
    if (!site.followSymlinks)
        s += pad
            + u"# Hostbench refuses symbolic links that leave the document root; lighttpd follows them "
              "(server.follow-symlink).\n"_s;
    s += pad
        + u"# Precompressed siblings (file.gz, file.br): lighttpd 1.4.69 has no equivalent; mod_deflate "
          "compresses into a cache instead.\n"_s;
    for (const model::Route &route : site.routes) {
        s += pad + u"$HTTP[\"url\"] == %1 {\n"_s.arg(ExportPlan::quoted(route.path));
        if (route.status != 200)
            s += pad + u"    # Hostbench answers %1 here; a file is always 200.\n"_s.arg(route.status);
        s += pad
            + u"    # A fixed route: a file holding its text, for any method (Hostbench: GET and HEAD).\n"_s;
        s += pad
            + u"    alias.url = ( %1 => %2 )\n"_s.arg(
                ExportPlan::quoted(route.path), ExportPlan::quoted(plan.routeFile(index, route)));
        s += pad + u"    mimetype.assign = ( \"\" => %1 )\n"_s.arg(ExportPlan::quoted(route.contentType));
        s += pad + u"}\n"_s;
    }
    s += proxyBlocks(site, pad);
    s += PhpWriter::lighttpd(plan, site, pad);
    s += tlsBlocks(plan, site, pad);
    return s;
}

} // namespace

QString LighttpdWriter::write(const ExportPlan &plan, ExportResult &result)
{
    const model::ServerConfig &config = plan.options.config;
    QString out = plan.head(u"#"_s);
    QStringList modules;
    if (plan.tls)
        modules.append(u"\"mod_openssl\""_s);
    const bool redirects = std::any_of(plan.sites.cbegin(), plan.sites.cend(),
        [&plan](const model::VirtualHost &site) { return plan.redirects(site); });
    const bool hsts = std::any_of(plan.sites.cbegin(), plan.sites.cend(),
        [&plan](const model::VirtualHost &site) { return !plan.hsts(site).isEmpty(); });
    if (redirects)
        modules.append(u"\"mod_redirect\""_s);
    modules.append(u"\"mod_alias\""_s);
    if (!ProxyPlan::pools(plan.sites).isEmpty())
        modules += { u"\"mod_setenv\""_s, u"\"mod_proxy\""_s };
    else if (hsts)
        modules.append(u"\"mod_setenv\""_s);
    modules += PhpWriter::lighttpdModules(plan);
    if (!plan.benchmark)
        modules.append(u"\"mod_accesslog\""_s);
    out += u"server.modules = ( %1 )\n"_s.arg(modules.join(u", "_s));
    out += u"server.bind = %1\n"_s.arg(ExportPlan::quoted(plan.bindAddress()));
    out += u"server.port = %1\n"_s.arg(config.port);
    if (plan.user == u"root"_s)
        out += u"# Started by root, lighttpd stays root (it will not switch to uid 0 by name).\n"_s;
    else if (!plan.user.isEmpty())
        out += u"server.username = %1\nserver.groupname = %1\n"_s.arg(ExportPlan::quoted(plan.user));
    out += u"server.pid-file = %1\n"_s.arg(ExportPlan::quoted(plan.pidFile()));
    out += u"server.errorlog = %1\n"_s.arg(ExportPlan::quoted(plan.serverErrorLog()));
    if (plan.workers > 1)
        out += u"server.max-worker = %1\n"_s.arg(plan.workers);
    else if (plan.benchmark)
        out += u"server.max-worker = 0 # one process\n"_s;
    out += u"server.max-connections = %1\nserver.max-fds = %2\n"_s.arg(
        QString::number(config.maxConnectionsPerWorker), QString::number(2 * config.maxConnectionsPerWorker));
    out += u"# Timeouts in whole seconds; lighttpd has no separate limit for the request head's arrival,\n"
           "# max-read-idle is the longest pause while reading it.\n"_s;
    out += u"server.max-read-idle = %1\nserver.max-keep-alive-idle = %2\nserver.max-write-idle = %3\n"_s.arg(
        QString::number(seconds(config.headerTimeoutMs)), QString::number(seconds(config.keepAliveTimeoutMs)),
        QString::number(seconds(config.sendTimeoutMs)));
    out += u"server.max-request-field-size = %1\n"_s.arg(plan.sites.first().limits.maxHeaderBytes);
    out += u"server.network-backend = \"sendfile\"\n"_s;
    if (plan.benchmark) {
        out += u"server.stat-cache-engine = \"simple\"\nserver.max-keep-alive-requests = 1000000\n"_s;
        QStringList types;
        const QMap<QString, QString> mime = ExportPlan::mimeTable();
        for (auto it = mime.cbegin(); it != mime.cend(); ++it)
            types.append(u"    \".%1\" => %2"_s.arg(it.key(), ExportPlan::quoted(it.value())));
        out += u"# The engine's media types (shared-mime-info and its web types).\nmimetype.assign = (\n%1,\n"
               "    \"\" => \"application/octet-stream\"\n)\n"_s.arg(types.join(u",\n"_s));
    } else {
        out += u"include_shell \"/usr/share/lighttpd/create-mime.conf.pl\"\n"_s;
        out += u"accesslog.format = %1\n"_s.arg(kCombined);
        out += u"# Log rotation: logrotate's job with lighttpd (Hostbench rotates by size itself).\n"_s;
    }

    if (plan.tls)
        out += tlsListener(plan);

    // The default site in the global scope; its conditional settings
    // (routes) apply only where no other site's names match.
    QStringList otherNames;
    for (int i = 1; i < plan.sites.size(); ++i)
        otherNames += ExportPlan::names(plan.sites.at(i));
    out += u"\n# %1 (default site)\n"_s.arg(ExportPlan::names(plan.sites.first()).join(u", "_s));
    QString defaultSite = siteSettings(plan, 0, QString());
    if (!otherNames.isEmpty()) {
        // Settings inside conditions stay global; the route blocks move under a
        // condition that excludes the other sites' names.
        static const QRegularExpression condition(u"^\\$HTTP\\["_s, QRegularExpression::MultilineOption);
        const qsizetype routes = defaultSite.indexOf(condition);
        if (routes >= 0) {
            QString block = defaultSite.mid(routes);
            defaultSite.truncate(routes);
            block.replace(QRegularExpression(u"^"_s, QRegularExpression::MultilineOption), u"    "_s);
            defaultSite += u"$HTTP[\"host\"] !~ %1 {\n%2}\n"_s.arg(hostPattern(otherNames), block);
        }
    }
    out += defaultSite;
    for (int i = 1; i < plan.sites.size(); ++i) {
        const QStringList names = ExportPlan::names(plan.sites.at(i));
        out += u"\n# %1\n$HTTP[\"host\"] =~ %2 {\n"_s.arg(names.join(u", "_s), hostPattern(names));
        if (plan.tls)
            out += certificate(plan, plan.sites.at(i), u"    "_s);
        out += siteSettings(plan, i, u"    "_s);
        out += u"}\n"_s;
    }
    Q_UNUSED(result);
    return out;
}

} // namespace hostbench::exporter
