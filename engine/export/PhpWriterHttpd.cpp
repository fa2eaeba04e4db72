// PhpWriter's Apache httpd and lighttpd parts (PhpWriter.cpp: nginx, Caddy, h2o).
#include "export/ExportPlan.h"
#include "export/PhpPlan.h"
#include "export/PhpWriter.h"
#include "export/ProxyPlan.h"

namespace hostbench::exporter {

using namespace Qt::StringLiterals;

namespace {

int seconds(int ms)
{
    return std::max(1, (ms + 999) / 1000);
}

// Apache: the worker a pool's requests go through (the part after the
// pipe names it; a Unix socket's name is not looked up).
QString apacheWorker(const QString &poolKey, int index)
{
    return poolKey.startsWith(u"unix:"_s) ? u"fcgi://hostbench-php-%1"_s.arg(index)
                                          : u"fcgi://%1"_s.arg(poolKey);
}

QString apacheHandler(const QString &poolKey, int index)
{
    const QString worker = apacheWorker(poolKey, index);
    return poolKey.startsWith(u"unix:"_s) ? u"proxy:%1|%2"_s.arg(poolKey, worker) : u"proxy:"_s + worker;
}

// The regular expression of "under the prefix" for lighttpd's and Apache's
// URL conditions: "^/" or "^/blog/".
QString under(const PhpPass &php)
{
    return u"^"_s + ProxyPlan::regexLiteral(php.dir());
}

} // namespace

QStringList PhpWriter::apacheModules(const ExportPlan &plan)
{
    if (PhpPlan::pools(plan.sites, plan.options).isEmpty())
        return {};
    return { u"proxy"_s, u"proxy_fcgi"_s };
}

QString PhpWriter::apacheWorkers(const ExportPlan &plan)
{
    const QStringList pools = PhpPlan::pools(plan.sites, plan.options);
    QString out;
    for (qsizetype i = 0; i < pools.size(); ++i) {
        // The first site's timeout for its address (one worker per address).
        int timeoutMs = 60 * 1000;
        for (const model::VirtualHost &site : plan.sites) {
            const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
            if (php && php->poolKey() == pools.at(i)) {
                timeoutMs = php->timeoutMs;
                break;
            }
        }
        out += u"# PHP-FPM at %1: its connections reused (FCGI_KEEP_CONN), a pool per child process.\n"
               "<Proxy \"%2\" enablereuse=on timeout=%3 ttl=%4>\n</Proxy>\n"_s.arg(pools.at(i),
                   apacheWorker(pools.at(i), int(i)), QString::number(seconds(timeoutMs)),
                   QString::number(ProxyPlan::kIdleSeconds));
    }
    return out;
}

QString PhpWriter::apache(const ExportPlan &plan, const model::VirtualHost &site)
{
    const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
    if (!php)
        return {};
    const int pool = int(PhpPlan::pools(plan.sites, plan.options).indexOf(php->poolKey()));
    QString s
        = u"    # %1\n"_s.arg(u"PHP (issue #25): *.php files under %1 run in PHP-FPM."_s.arg(php->prefix));
    if (!site.serveHiddenFiles)
        s += u"    # Hidden files (.env, .git/) are not served; /.well-known/ is (RFC 8615).\n"
             "    RedirectMatch 404 \"/\\.(?!well-known/)\"\n"_s;
    const QString dir = php->prefix == u"/"_s ? site.documentRoot : site.documentRoot + php->prefix;
    s += u"    # PHP source is never sent as text: another spelling of it (x.PHP, .phps), or a .php file\n"
         "    # outside %1 (the prefix's own section below grants .php scripts again).\n"
         "    <Directory %2>\n        <FilesMatch \"(?i)\\.(php|phps|phtml|phar)[. ]*$\">\n"
         "            Require all denied\n        </FilesMatch>\n    </Directory>\n"_s.arg(
             php->prefix, ExportPlan::quoted(site.documentRoot));
    s += u"    <Directory %1>\n"_s.arg(ExportPlan::quoted(dir));
    s += u"        DirectoryIndex %1\n"_s.arg(PhpPlan::indexFiles(site).join(u' '));
    if (php->frontController)
        s += u"        # The front controller: a request for a missing file runs %1 (its query string "
             u"kept).\n"
             "        FallbackResource %1\n"_s.arg(php->frontScript());
    s += u"        # Only a script that exists runs (/uploads/photo.jpg/x.php is photo.jpg's path, never "
         u"PHP's).\n"
         "        <FilesMatch \"\\.php$\">\n            Require all granted\n"
         "            <If \"-f %{REQUEST_FILENAME}\">\n                SetHandler %1\n            </If>\n"
         "        </FilesMatch>\n"_s.arg(ExportPlan::quoted(apacheHandler(php->poolKey(), pool)));
    s += u"    </Directory>\n"_s;
    return s;
}

QStringList PhpWriter::lighttpdModules(const ExportPlan &plan)
{
    if (PhpPlan::pools(plan.sites, plan.options).isEmpty())
        return {};
    return { u"\"mod_access\""_s, u"\"mod_rewrite\""_s, u"\"mod_fastcgi\""_s };
}

QString PhpWriter::lighttpd(const ExportPlan &plan, const model::VirtualHost &site, const QString &pad)
{
    const std::optional<PhpPass> php = PhpPlan::pass(site, plan.options);
    if (!php)
        return {};
    const QString in = pad + u"    "_s;
    QStringList indexes;
    for (const QString &file : PhpPlan::indexFiles(site))
        indexes.append(ExportPlan::quoted(file));
    QString s = pad
        + u"# PHP (issue #25): *.php files under %1 run in PHP-FPM; lighttpd 1.4.69 opens a\n"_s.arg(
            php->prefix)
        + pad + u"# new connection to it per request (no FCGI_KEEP_CONN).\n"_s;
    if (!site.serveHiddenFiles)
        s += pad + u"# Hidden files (.env, .git/) are refused (403: lighttpd has no 404 rule for them).\n"_s
            + pad + u"$HTTP[\"url\"] =~ \"/\\.(?!well-known/)\" {\n"_s + in
            + u"url.access-deny = ( \"\" )\n"_s + pad + u"}\n"_s;
    s += pad
        + u"# PHP source is never sent as text: another spelling of it (x.PHP, .phps), or a .php file\n"_s
        + pad + u"# outside %1.\n"_s.arg(php->prefix);
    s += pad + u"$HTTP[\"url\"] =~ \"(?i)\\.(php|phps|phtml|phar)[. ]*$\" {\n"_s;
    s += in + u"$HTTP[\"url\"] !~ \"%1.*\\.php$\" {\n"_s.arg(under(*php)) + in
        + u"    url.access-deny = ( \"\" )\n"_s + in + u"}\n"_s;
    s += pad + u"}\n"_s;
    s += pad + u"$HTTP[\"url\"] =~ \"%1\" {\n"_s.arg(under(*php));
    s += in + u"index-file.names = ( %1 )\n"_s.arg(indexes.join(u", "_s));
    s += in + u"# A file with a path after it (/uploads/photo.jpg/x.php) is 404, not the file.\n"_s;
    s += in + u"static-file.disable-pathinfo = \"enable\"\n"_s;
    const QString server = php->isUnix()
        ? u"\"socket\" => %1"_s.arg(ExportPlan::quoted(php->address.socketPath))
        : u"\"host\" => %1, \"port\" => %2"_s.arg(
            ExportPlan::quoted(php->address.host), QString::number(php->address.port));
    s += in + u"# check-local: only a script that exists runs; PATH_INFO split at the script's name.\n"_s;
    s += in
        + u"fastcgi.server = ( \".php\" => ( ( %1, \"check-local\" => \"enable\", "
          "\"broken-scriptfilename\" => \"enable\", \"connect-timeout\" => %2, \"read-timeout\" => %2, "
          "\"write-timeout\" => %2 ) ) )\n"_s.arg(server, QString::number(seconds(php->timeoutMs)));
    if (php->frontController) {
        s += in
            + u"# The front controller: a path that names no file runs %1 with its query string\n"_s.arg(
                php->frontScript())
            + in
            + u"# (a script's path with PATH_INFO after it, and a folder, are left as they are: lighttpd\n"_s
            + in
            + u"# takes a folder for a missing file, so a missing folder is 404, not the front controller).\n"_s;
        s += in
            + u"url.rewrite-if-not-file = ( \"^([^?]*[^/?]\\.php/[^?]*)(\\?.*)?$\" => \"$1${qsa}\", "
              "\"^([^?]*/)(\\?.*)?$\" => \"$1${qsa}\", \"\" => \"%1${qsa}\" )\n"_s.arg(php->frontScript());
    }
    s += pad + u"}\n"_s;
    return s;
}

} // namespace hostbench::exporter
