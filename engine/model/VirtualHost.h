#pragma once

#include "model/PhpSettings.h"
#include "model/ProxyRoute.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace hostbench::model {

/*
 * A fixed-response route of a virtual host: a request for exactly `path`
 * (GET or HEAD) is answered with `status`, `contentType` and `body`, no file
 * involved. Serves the W5 ("hello") and W6 ("OK") reference workloads.
 * Plain value; any thread.
 */
struct Route
{
    QString path; // absolute path, e.g. "/hello"; no query string
    int status = 200; // HTTP status code
    QString contentType = QStringLiteral("text/plain");
    QByteArray body;

    friend bool operator==(const Route &, const Route &) = default;
};

/*
 * Size limits on a request (RFC 9112 §3, §5; RFC 9110 §15.5). The limits on
 * the request line and the header block are the default host's, since the
 * virtual host is known only once the header block has been read; the body
 * limit is the chosen host's. Units: bytes and fields.
 */
struct RequestLimits
{
    int maxRequestLineBytes = 8 * 1024; // longer: 414 URI Too Long
    int maxHeaderBytes = 16 * 1024; // longer header block: 431
    int maxHeaderFields = 100; // more fields: 431
    qint64 maxBodyBytes = 1024 * 1024; // longer body: 413 Content Too Large

    friend bool operator==(const RequestLimits &, const RequestLimits &) = default;
};

/*
 * A site's HTTPS settings (issue #26), used while the engine's TLS listener
 * runs (ServerConfig::tlsEnabled):
 *  - its own certificate: `certificatePath` (PEM, the leaf first, then its
 *    chain) and `keyPath` (PEM private key), both absolute and both or
 *    neither; empty: the data folder's local CA issues one for its names;
 *  - `redirectToHttps`: a request that comes over cleartext is answered
 *    308 Permanent Redirect (RFC 9110 §15.4.9; the method and body kept) to
 *    the same target on the TLS port, as nginx's `return 308 https://...`;
 *  - `hstsMaxAgeSeconds` > 0: responses over TLS carry
 *    "Strict-Transport-Security: max-age=N" (RFC 6797 §6.1), 0 sends none.
 * Both off by default: a local site's browser should not be told to insist
 * on HTTPS for a name it may serve in cleartext tomorrow.
 * Plain value; any thread.
 */
struct SiteTls
{
    static constexpr qint64 kMaxHstsSeconds = 2LL * 365 * 24 * 3600; // two years, the preload list's maximum

    QString certificatePath;
    QString keyPath;
    bool redirectToHttps = false;
    qint64 hstsMaxAgeSeconds = 0;

    bool hasOwnCertificate() const { return !certificatePath.isEmpty() || !keyPath.isEmpty(); }

    friend bool operator==(const SiteTls &, const SiteTls &) = default;
};

/*
 * A name-based virtual host (RFC 9110 §7.2): requests whose Host is
 * `hostName` or one of `aliases` (case-insensitive, port ignored) are served
 * from `documentRoot` and `routes`. Exactly one host of a set is the default
 * one, which answers unknown host names. Plain value; any thread.
 */
struct VirtualHost
{
    qint64 id = 0; // storage row id; 0 when not stored
    QString hostName; // e.g. "localhost"; lower case
    QStringList aliases; // further host names, lower case
    QString documentRoot; // absolute directory path
    QList<Route> routes;
    bool isDefault = false;

    // Static files.
    QStringList indexFiles { QStringLiteral("index.html") }; // tried in order for a directory
    bool directoryListing = false; // an HTML listing when a directory has no index file
    bool followSymlinks = false; // serve links that resolve outside the document root
    // Hidden files: a path with a segment starting with '.' (.git/, .env,
    // .htpasswd) answers 404 as if absent, and listings leave such names
    // out, as Caddy's `hide`; /.well-known/ (RFC 8615: ACME challenges)
    // is served all the same. True serves them like any file.
    bool serveHiddenFiles = false;
    QMap<int, QString> errorPages; // status -> path under the document root, e.g. 404 -> "/404.html"
    RequestLimits limits;

    // Logs: Combined Log Format access log and an error log, written by a
    // background thread; empty path or disabled = no log. Files rotate when
    // they pass logRotateBytes (file -> file.1 -> ... -> file.N).
    bool accessLogEnabled = true;
    QString accessLogPath; // absolute file path
    bool errorLogEnabled = true;
    QString errorLogPath; // absolute file path
    qint64 logRotateBytes = 16 * 1024 * 1024;
    int logRotateKeep = 5;
    // Requests of Hostbench's own load generator (kLoadGeneratorAgentPrefix)
    // go into the logs too; off: they are counted but not logged.
    bool logLoadGenerator = false;
    // Path prefixes served by an upstream app server (ProxySettings).
    ProxySettings proxy;
    // PHP files run in PHP-FPM over FastCGI (PhpSettings); a proxy route of the
    // same requests wins over PHP.
    PhpSettings php;
    // HTTPS: the site's own certificate, the redirect from http:// and HSTS (SiteTls).
    SiteTls tls;

    friend bool operator==(const VirtualHost &, const VirtualHost &) = default;
};

} // namespace hostbench::model
