#pragma once

#include "export/ExportOptions.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::exporter {

/*
 * A site's PHP settings (issue #25, model::PhpSettings) as every writer
 * needs them: the prefix as the engine matches it (whole segments, no
 * trailing '/', "/" for the whole site), the PHP-FPM address with "auto"
 * resolved to ExportOptions::phpAutoSocket, the front controller's script
 * and the timeout. Plain value; any thread.
 */
struct PhpPass
{
    QString prefix; // "/" or "/blog"
    model::FastCgiAddress address; // Tcp or Unix, never Auto
    bool frontController = false;
    bool autoPool = false; // "auto": Hostbench's own pool (its socket is its user's only)
    int timeoutMs = 60 * 1000;

    // The prefix with a trailing '/' ("/" or "/blog/").
    QString dir() const;
    // The front controller's URL path: "/index.php", "/blog/index.php".
    QString frontScript() const;
    // "127.0.0.1:9000", "[::1]:9000", or the socket path.
    QString hostPort() const;
    bool isUnix() const { return address.kind == model::FastCgiAddress::Kind::Unix; }
    // Its key in PhpPlan::pools(): "unix:/run/php.sock", "127.0.0.1:9000".
    QString poolKey() const;
};

/*
 * The PHP sites of an export worked out for the writers, and the checks the
 * configurations' syntax needs. The rules written are the engine's
 * (http::matchPhp): only an existing file whose name ends in ".php" runs,
 * the path after its first ".php" segment is PATH_INFO (so
 * /uploads/photo.jpg/x.php never runs photo.jpg), a folder tries index.php
 * before the site's index files, PHP source under another spelling (x.PHP,
 * .phps, .phtml, .phar) is refused, and with the front controller a path
 * that names no file goes to <prefix>/index.php with its query string.
 * Internal to the library. Pure functions; any thread.
 */
class PhpPlan final
{
public:
    // The site's PHP settings, none when it runs no PHP (or they are invalid:
    // check() refuses them first).
    static std::optional<PhpPass> pass(const model::VirtualHost &site, const ExportOptions &options);
    // Every distinct PHP-FPM address of all sites (PhpPass::poolKey), in the
    // order first used: the writers' connection pools, named by index.
    static QStringList pools(const QList<model::VirtualHost> &sites, const ExportOptions &options);
    // A reason why the site's PHP settings cannot be written (invalid, "auto"
    // without ExportOptions::phpAutoSocket, a prefix or socket the
    // configurations cannot hold unquoted), or empty.
    static QString check(const model::VirtualHost &site, const ExportOptions &options);
    // The index files of a PHP site for `prefix`'s folders: index.php first,
    // then the site's own.
    static QStringList indexFiles(const model::VirtualHost &site);
    // The FastCGI parameters every writer that spells them out sends (nginx's
    // fastcgi_params plus SCRIPT_FILENAME, PATH_INFO, DOCUMENT_ROOT,
    // REQUEST_SCHEME, HTTPS and an empty HTTP_PROXY: httpoxy), as nginx
    // `fastcgi_param` lines at `pad`.
    static QString nginxParams(const QString &pad);
};

} // namespace hostbench::exporter
