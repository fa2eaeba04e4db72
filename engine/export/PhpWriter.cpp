#include "export/PhpWriter.h"

#include "export/ExportPlan.h"
#include "export/PhpPlan.h"
#include "export/ProxyPlan.h"

#include <algorithm>

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

QString ms(int value)
{
    return QString::number(value) + u"ms"_s;
}

// A comment line naming what the site runs where.
QString what(const PhpPass &php)
{
    return u"PHP (issue #25): *.php files under %1 run in PHP-FPM at %2%3."_s.arg(
               php.prefix, php.isUnix() ? u"unix:"_s : QString(), php.hostPort())
        + (php.frontController ? u" Missing files go to %1 (front controller)."_s.arg(php.frontScript())
                               : QString())
        + (php.autoPool ? u" That is Hostbench's own pool (auto), whose socket only its user may open: run"
                          " the server's workers as that user, or give the site a pool of its own."_s
                        : QString());
}

// A proxied prefix equal to the PHP one: the proxy wins (as in the engine).
bool proxiedAlready(const model::VirtualHost &site, const PhpPass &php)
{
    const QList<ProxyPass> passes = ProxyPlan::passes(site);
    return std::any_of(
        passes.cbegin(), passes.cend(), [&php](const ProxyPass &pass) { return pass.prefix == php.prefix; });
}

// nginx: the location running *.php files that exist, PATH_INFO split off.
QString nginxScriptLocation(const ExportPlan &plan, const PhpPass &php)
{
    const QString pad = u"            "_s;
    const QString regex
        = php.prefix == u"/"_s ? u"[^/]\\.php(/|$)"_s : u"^%1/.*[^/]\\.php(/|$)"_s.arg(php.prefix);
    const int pool = PhpPlan::pools(plan.sites, plan.options).indexOf(php.poolKey());
    QString s = u"        location ~ %1 {\n"_s.arg(regex);
    s += pad + u"fastcgi_split_path_info ^(.+?\\.php)(/.*)$;\n"_s;
    s += pad + u"# Only a script that exists runs: /uploads/photo.jpg/x.php is not photo.jpg.\n"_s;
    s += pad
        + (php.frontController ? u"try_files $fastcgi_script_name %1 =404;\n"_s.arg(php.frontScript())
                               : u"try_files $fastcgi_script_name =404;\n"_s);
    s += pad + u"# try_files empties $fastcgi_path_info: kept aside first.\n"_s;
    s += pad + u"set $hostbench_path_info $fastcgi_path_info;\n"_s;
    s += pad + u"# nginx's fastcgi_params, written here (the prefix holds all nginx reads); a client's\n"_s
        + pad + u"# Proxy field is not passed on (httpoxy).\n"_s;
    s += PhpPlan::nginxParams(pad);
    s += pad + u"fastcgi_pass hostbench_php_%1;\n"_s.arg(pool);
    s += pad + u"fastcgi_keep_conn on;\n"_s;
    s += pad + u"fastcgi_connect_timeout %1;\n"_s.arg(ms(php.timeoutMs));
    s += pad + u"fastcgi_send_timeout %1;\n"_s.arg(ms(php.timeoutMs));
    s += pad + u"fastcgi_read_timeout %1;\n"_s.arg(ms(php.timeoutMs));
    s += u"        }\n"_s;
    return s;
}

// h2o: the index files and the custom handler of a PHP path (at eight spaces).
QString h2oHandler(const ExportPlan &plan, const model::VirtualHost &site, const PhpPass &php)
{
    QStringList indexes;
    for (const QString &file : PhpPlan::indexFiles(site))
        indexes.append(ExportPlan::quoted(file));
    const QString pad = u"        "_s;
    QString s = pad + u"file.index: [ %1 ]\n"_s.arg(indexes.join(u", "_s));
    s += pad + u"file.custom-handler:\n"_s;
    s += pad + u"  extension: .php\n"_s;
    s += pad + u"  fastcgi.connect:\n"_s;
    if (php.isUnix())
        s += pad + u"    port: %1\n"_s.arg(ExportPlan::quoted(php.address.socketPath)) + pad
            + u"    type: unix\n"_s;
    else
        s += pad + u"    host: %1\n"_s.arg(php.address.host) + pad + u"    port: %1\n"_s.arg(php.address.port)
            + pad + u"    type: tcp\n"_s;
    s += pad + u"  fastcgi.document_root: %1\n"_s.arg(ExportPlan::quoted(site.documentRoot));
    s += pad + u"  fastcgi.timeout.io: %1\n"_s.arg(php.timeoutMs);
    if (plan.benchmark) {
        s += pad + u"  # Idle connections to PHP-FPM are kept this many ms (FCGI_KEEP_CONN).\n"_s;
        s += pad + u"  fastcgi.timeout.keepalive: %1\n"_s.arg(ProxyPlan::kIdleSeconds * 1000);
    } else {
        // h2o keeps as many idle connections as it opened, with no bound: each holds one of
        // PHP-FPM's pm.max_children (see nginxUpstreams()), so none are kept, h2o's default.
        s += pad + u"  # No idle connections kept (h2o's default): a PHP-FPM worker on a kept connection\n"_s
            + pad + u"  # takes no other, and h2o has no bound below pm.max_children.\n"_s;
        s += pad + u"  fastcgi.timeout.keepalive: 0\n"_s;
    }
    if (php.frontController)
        s += pad
            + u"# The front controller (missing files -> %1) is not exported: h2o 2.2 has no try_files\n"_s
                  .arg(php.frontScript())
            + pad + u"# without mruby (Debian's h2o has none); these requests get 404.\n"_s;
    s += pad + u"# x.PHP goes to PHP-FPM too, which refuses it (security.limit_extensions: 403). Other\n"_s
        + pad
        + u"# spellings of PHP source (.phps, x.php.), a .php file outside %1 and hidden files\n"_s.arg(
            php.prefix)
        + pad + u"# (.env): no h2o 2.2 rule without mruby; h2o serves them as files.\n"_s;
    return s;
}

} // namespace

// Kept connections per nginx worker to a production PHP-FPM (see nginxUpstreams()).
constexpr int kPhpProductionPool = 2;

QString PhpWriter::nginxUpstreams(const ExportPlan &plan)
{
    const QStringList pools = PhpPlan::pools(plan.sites, plan.options);
    if (pools.isEmpty())
        return {};
    // A PHP-FPM worker on a kept connection (FCGI_KEEP_CONN) accepts no other: more kept
    // connections than pm.max_children leave requests waiting behind idle ones. The
    // benchmark flavour keeps ProxyPlan::kBenchmarkPool, as for HTTP upstreams (its pool
    // must have that many children for the hazard to stay away); a production pool's
    // size is not known here, so a small number and the rule in a comment.
    QString out = plan.benchmark
        ? u"    # PHP-FPM: one keep-alive pool per address and worker (FCGI_KEEP_CONN, as Hostbench's).\n"_s
        : u"    # PHP-FPM: kept connections per address and nginx worker (FCGI_KEEP_CONN). A PHP-FPM\n"
          "    # worker on a kept connection takes no other: keep worker_processes x keepalive below\n"
          "    # the pool's pm.max_children (Debian's www pool: 5), or requests wait behind idle ones.\n"_s;
    const int keepalive = plan.benchmark ? ProxyPlan::kBenchmarkPool : kPhpProductionPool;
    for (qsizetype i = 0; i < pools.size(); ++i) {
        out += u"    upstream hostbench_php_%1 {\n        server %2;\n        keepalive %3;\n"
               "        keepalive_timeout %4s;\n    }\n"_s.arg(QString::number(i), pools.at(i),
                   QString::number(keepalive), QString::number(ProxyPlan::kIdleSeconds));
    }
    return out;
}

QString PhpWriter::nginxLocations(const ExportPlan &plan, const model::VirtualHost &site)
{
    const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
    if (!php)
        return {};
    const QString index = PhpPlan::indexFiles(site).join(u' ');
    QString s = u"        # "_s + what(*php) + u'\n';
    if (!site.serveHiddenFiles)
        s += u"        # Hidden files (.env, .git/) are not served; /.well-known/ is (RFC 8615).\n"
             "        location ~ /\\.(?!well-known/) {\n            return 404;\n        }\n"_s;
    s += nginxScriptLocation(plan, *php);
    s += u"        # PHP source is never sent as text: another spelling of it (x.PHP, .phps), or a .php\n"
         "        # file outside %1, is refused where it exists.\n"
         "        location ~* \"\\.(php|phps|phtml|phar)[. ]*$\" {\n            if (-f $request_filename) {\n"
         "                return 403;\n            }\n        }\n"_s.arg(php->prefix);
    if (proxiedAlready(site, *php))
        return s + u"        # %1 is proxied: the proxy answers there, not PHP.\n"_s.arg(php->prefix);
    s += u"        location %1 {\n            index %2;\n"_s.arg(php->dir(), index);
    if (php->frontController)
        s += u"            try_files $uri $uri/ %1?$query_string;\n"_s.arg(php->frontScript());
    s += u"        }\n"_s;
    return s;
}

QString PhpWriter::caddy(const ExportPlan &plan, const model::VirtualHost &site)
{
    const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
    if (!php)
        return {};
    const bool whole = php->prefix == u"/"_s;
    const QString in = whole ? u"    "_s : u"        "_s;
    QString s = u"    # "_s + what(*php) + u'\n';
    if (!site.serveHiddenFiles)
        s += u"    @hostbench_hidden {\n        path */.*\n        not path /.well-known/*\n    }\n"_s;
    s += u"    # PHP source is never sent as text: another spelling of it (x.PHP, .phps), or a .php\n"
         "    # file outside %1, is refused where it exists.\n"
         "    @hostbench_php_source {\n        path_regexp php_source \"(?i)\\.(php|phps|phtml|phar)[. "
         "]*$\"\n"
         "        not path_regexp \"^%2.*\\.php$\"\n        file\n    }\n"_s.arg(
             php->prefix, ProxyPlan::regexLiteral(php->dir()));
    QString responds;
    if (!site.serveHiddenFiles)
        responds += u"    respond @hostbench_hidden 404\n"_s;
    responds += u"    respond @hostbench_php_source 403\n"_s;
    // Inside the prefix's handle too: a handle answers before the site's respond.
    QString inner = whole ? responds : QString(responds).replace(u"    respond"_s, u"        respond"_s);
    const QString address = php->isUnix() ? u"unix/"_s + php->address.socketPath : php->hostPort();
    inner += in + u"php_fastcgi %1 {\n"_s.arg(address);
    if (php->frontController) {
        if (!whole)
            inner += in + u"    try_files {path} {path}/index.php %1\n"_s.arg(php->frontScript());
        else
            inner += in
                + u"    # The front controller is php_fastcgi's default (try_files {path} {path}/index.php index.php).\n"_s;
    } else {
        inner
            += in + u"    # No front controller: php_fastcgi's try_files without its index.php fallback.\n"_s;
        inner += in + u"    try_files {path} {path}/index.php =404\n"_s;
    }
    inner += in + u"    # SERVER_NAME as Hostbench sends it: the site's host name, not the request's.\n"_s;
    inner += in + u"    env SERVER_NAME %1\n"_s.arg(site.hostName);
    inner += in + u"    dial_timeout %1\n"_s.arg(ms(php->timeoutMs));
    inner += in + u"    read_timeout %1\n"_s.arg(ms(php->timeoutMs));
    inner += in + u"    write_timeout %1\n"_s.arg(ms(php->timeoutMs));
    inner += in + u"}\n"_s;
    if (whole)
        return s + inner;
    s += responds;
    s += u"    @hostbench_php {\n        path %1 %1/*\n    }\n    handle @hostbench_php {\n"_s.arg(
        php->prefix);
    s += inner;
    s += u"        file_server {\n            index %1\n            precompressed br gzip\n        }\n    }\n"_s
             .arg(PhpPlan::indexFiles(site).join(u' '));
    return s;
}

QString PhpWriter::h2oPaths(const ExportPlan &plan, const model::VirtualHost &site)
{
    const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
    if (!php || php->prefix == u"/"_s || proxiedAlready(site, *php))
        return {};
    QString s = u"      # "_s + what(*php) + u'\n';
    s += u"      %1:\n        file.dir: %2\n"_s.arg(
        ExportPlan::quoted(php->prefix), ExportPlan::quoted(site.documentRoot + php->prefix));
    return s + h2oHandler(plan, site, *php);
}

QString PhpWriter::h2oRoot(const ExportPlan &plan, const model::VirtualHost &site)
{
    const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
    if (!php || php->prefix != u"/"_s)
        return {};
    return u"        # "_s + what(*php) + u'\n' + h2oHandler(plan, site, *php);
}

} // namespace hostbench::exporter
