#pragma once

#include "export/ExportOptions.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::exporter {

/*
 * Writes a set of virtual hosts as the configuration of another web server:
 * nginx (1.22), lighttpd (1.4.69), Apache httpd (2.4, mpm_event), Caddy (2.6,
 * a Caddyfile) and h2o (2.2, YAML), the versions of Debian 12. Each site
 * becomes a server block or virtual host with its host name and aliases (the
 * default site the default server), document root, index files, fixed
 * routes, directory listing, precompressed siblings, error pages, logs and
 * request limits, and the listen address, port and timeouts come from
 * ExportOptions::config. Where the target has no equivalent of a setting,
 * the file says so in a comment at that place; the file's head names the
 * command that starts it and the Debian package.
 *
 * Fixed routes: nginx `return`, Caddy `respond`; lighttpd, Apache and h2o
 * serve a generated file holding the body (ExportResult::files) at exactly
 * that path with the route's media type, always with status 200 (a comment
 * says so when the route has another).
 *
 * PHP sites (issue #25, model::PhpSettings; PhpWriter.h says how for each
 * server): *.php files that exist under the site's PHP prefix run in PHP-FPM
 * over FastCGI, "auto" being ExportOptions::phpAutoSocket; the unsafe paths
 * (/uploads/photo.jpg/x.php) run nothing.
 *
 * HTTPS (issue #26; ExportOptions::config.tlsEnabled): a second listener on
 * the TLS address and port, TLS 1.2 and 1.3 only, session tickets on and no
 * server-side session cache, as Hostbench's listener; each site is served
 * there with its certificate (ExportOptions::tlsFiles) picked by SNI, a
 * client without SNI getting the default site's; a site's redirectToHttps
 * makes its cleartext answers 308 to https://HOST[:PORT] and the same
 * target, its hstsMaxAgeSeconds sends Strict-Transport-Security over TLS
 * only. Per server:
 *  - nginx: a second `server` block per site (`listen ... ssl`), http {}'s
 *    ssl_* settings naming the engine's suites (ssl_conf_command for TLS
 *    1.3's) and groups; the redirect is `return 308`;
 *  - Apache: mod_ssl, `Listen ... https`, a second <VirtualHost> per site
 *    (SSLEngine, its files); the redirect a mod_rewrite [R=308];
 *  - lighttpd: mod_openssl on `$SERVER["socket"]` with the default site's
 *    files, the others' ssl.pemfile in their $HTTP["host"] condition (SNI);
 *    suites and groups by ssl.openssl.ssl-conf-cmd; mod_redirect, mod_setenv;
 *  - Caddy: an https:// block per site with `tls CERT KEY`, TLS 1.2's
 *    suites and the curves (Go fixes TLS 1.3's), `default_sni`, no HTTP/3;
 *  - h2o: host-level listeners with `ssl` on the TLS port, one host per name
 *    ("name:port"), tickets only (ssl-session-resumption); h2o 2.2 names
 *    neither TLS 1.3's suites nor the groups, and its redirect names one
 *    URL: the site's host name, whichever of its names was asked for.
 *
 * Errors (write returns nullopt with a sentence in *error): no sites, no or
 * several default sites, the benchmark flavour without a prefix, a path or
 * host name the target's syntax cannot hold (a quote, a newline), a PHP site
 * on "auto" without ExportOptions::phpAutoSocket, with TLS on: a TLS port 0
 * or the cleartext one, a site without a certificate and key. save()
 * reports a file it cannot write. Thread: any (pure, but save() and the
 * benchmark MIME table read QMimeDatabase, which is thread-safe).
 */
class ConfigWriter final
{
public:
    static std::optional<ExportResult> write(
        const QList<model::VirtualHost> &sites, const ExportOptions &options, QString *error);

    // Writes result.config to result.configPath (when set) and every file
    // of result.files, and makes result.directories; folders are created as
    // needed. False with the path and reason in *error.
    static bool save(const ExportResult &result, QString *error);

    // "nginx", "lighttpd", "apache", "caddy", "h2o".
    static QString name(Server server);
    // The names above, "apache2" too; case-insensitive.
    static std::optional<Server> fromName(const QString &name);
    static QList<Server> servers();
    // The program to start: "nginx", "lighttpd", "apache2", "caddy", "h2o".
    static QString program(Server server);
    // The Debian 12 package that provides program(server).
    static QString package(Server server);
    // The foreground command for a configuration at configPath, argv with
    // the program first (nginx's -p prefix and -e error log: `prefix`, else
    // the configuration's folder; Caddy: through `env`, its XDG folders
    // under `prefix` when one is given).
    static QStringList command(Server server, const QString &configPath, const QString &prefix);
    // argv as one line a POSIX shell reads back into the same words: a word
    // with anything but letters, digits and _@%+=:,./- is put in single
    // quotes (a ' in it as '\''), an empty one as ''. For the start
    // commands shown to users: `-g 'daemon off;'` must survive a paste.
    static QString shellLine(const QStringList &argv);
};

} // namespace hostbench::exporter
