#pragma once

#include "model/VirtualHost.h"

#include <QString>
#include <QStringList>

namespace hostbench::exporter {

struct ExportPlan;

/*
 * The PHP part of each server's configuration (issue #25): what a site
 * with model::PhpSettings adds to its block, as the engine's rules
 * (PhpPlan): *.php files that exist under the prefix run in PHP-FPM over
 * FastCGI with PATH_INFO, index.php first in folders, PHP source under
 * another spelling refused, hidden files refused unless the site serves
 * them, the front controller. Each returns "" for a site without PHP.
 * Internal to the library. Pure functions; any thread.
 *
 *  - nginx: a `location ~ [^/]\.php(/|$)` with fastcgi_split_path_info and
 *    `try_files $fastcgi_script_name =404`, the parameters written inline,
 *    `fastcgi_pass` to an upstream with `keepalive` and
 *    `fastcgi_keep_conn on`, the front controller's
 *    `try_files $uri $uri/ /index.php?$query_string`.
 *  - Caddy: `php_fastcgi` (its front controller is its default; without one
 *    `try_files {path} {path}/index.php =404`).
 *  - Apache: mod_proxy_fcgi's `SetHandler "proxy:unix:...|fcgi://..."` in a
 *    `<FilesMatch "\.php$">` for files that exist, a reused worker,
 *    `FallbackResource` for the front controller.
 *  - lighttpd: mod_fastcgi's `fastcgi.server` with check-local, the front
 *    controller by `url.rewrite-if-not-file`.
 *  - h2o: `file.custom-handler` with `fastcgi.connect`; no front
 *    controller (h2o 2.2 needs mruby for it: a comment says so).
 */
class PhpWriter final
{
public:
    // nginx: the upstream blocks of every PHP-FPM address (in http {}).
    static QString nginxUpstreams(const ExportPlan &plan);
    // nginx: the site's index line and PHP locations (in its server {}).
    static QString nginxLocations(const ExportPlan &plan, const model::VirtualHost &site);
    // Caddy: the site's PHP directives (in its site block, before file_server).
    static QString caddy(const ExportPlan &plan, const model::VirtualHost &site);
    // Apache: the modules PHP needs ("proxy", "proxy_fcgi"), and the reused
    // workers of every PHP-FPM address (server-wide).
    static QStringList apacheModules(const ExportPlan &plan);
    static QString apacheWorkers(const ExportPlan &plan);
    // Apache: the site's PHP sections (in its <VirtualHost>).
    static QString apache(const ExportPlan &plan, const model::VirtualHost &site);
    // lighttpd: the modules PHP needs, and the site's settings at `pad`.
    static QStringList lighttpdModules(const ExportPlan &plan);
    static QString lighttpd(const ExportPlan &plan, const model::VirtualHost &site, const QString &pad);
    // h2o: the site's PHP paths (under its paths:, before "/"), and what its
    // "/" adds (at eight spaces).
    static QString h2oPaths(const ExportPlan &plan, const model::VirtualHost &site);
    static QString h2oRoot(const ExportPlan &plan, const model::VirtualHost &site);
};

} // namespace hostbench::exporter
