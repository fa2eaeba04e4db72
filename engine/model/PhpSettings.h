#pragma once

#include <QCoreApplication>
#include <QString>

namespace hostbench::model {

/*
 * A site (or a path prefix of it) whose PHP files run in PHP-FPM over
 * FastCGI (issue #25; FastCGI 1.0 specification, nginx's fastcgi_pass as
 * the reference). Requests under `pathPrefix` (whole segments, as a
 * ProxyRoute's) for a file that exists under the document root and whose
 * name ends in ".php" (case-sensitive), and a directory whose index is
 * "index.php" (tried before the site's indexFiles), go to PHP-FPM; every
 * other file is served as a static file. A PHP file is never sent as text.
 * With `frontController`, a request for a file that does not exist goes to
 * "/index.php" under the prefix with its query string (nginx's
 * `try_files $uri $uri/ /index.php?$query_string`, as Laravel and
 * WordPress expect).
 *
 * `address` is FastCgiAddress's text: "auto" (the PHP-FPM pool Hostbench
 * runs for its data folder; service/ resolves it to that pool's socket
 * before the engine sees the site), "unix:/path.sock" or "HOST:PORT".
 * Empty: the site runs no PHP. Plain value; any thread.
 */
struct PhpSettings
{
    static constexpr int kMinTimeoutMs = 100;
    static constexpr int kMaxTimeoutMs = 3600 * 1000;

    QString address; // empty: no PHP
    QString pathPrefix = QStringLiteral("/"); // absolute; "/" is the whole site
    bool frontController = false; // missing files -> <prefix>/index.php
    // Milliseconds the engine waits for PHP-FPM (connect, the response head, each read
    // of the body) before it answers 504 and aborts the request; kMinTimeoutMs..kMaxTimeoutMs.
    int timeoutMs = 60 * 1000;

    bool isSet() const { return !address.trimmed().isEmpty(); }

    friend bool operator==(const PhpSettings &, const PhpSettings &) = default;
};

/*
 * Where PHP-FPM listens, parsed from PhpSettings::address:
 *   auto             Hostbench's own PHP-FPM pool (Kind::Auto);
 *   unix:/ABS/PATH   a Unix domain socket, at most 107 bytes; it need not
 *                    exist yet (502 until it does);
 *   HOST:PORT        TCP; HOST a DNS name or an IP literal (IPv6 in
 *                    brackets), PORT 1-65535 and required.
 * Plain value; any thread.
 */
struct FastCgiAddress
{
    Q_DECLARE_TR_FUNCTIONS(FastCgiAddress)

public:
    enum class Kind { Invalid, Auto, Tcp, Unix };

    Kind kind = Kind::Invalid;
    QString host; // Tcp: lower case, IPv6 without brackets
    quint16 port = 0; // Tcp
    QString socketPath; // Unix

    // The parsed address, or kind Invalid with a sentence in *error.
    static FastCgiAddress parse(const QString &text, QString *error);
    // For messages and the error log: "auto", "unix:/run/php.sock", "127.0.0.1:9000", "[::1]:9000".
    QString display() const;
};

/*
 * The checks of a site's PhpSettings (SiteValidator calls them). Pure
 * functions; any thread; messages translated in the window (context
 * "PhpCheck").
 */
class PhpCheck final
{
    Q_DECLARE_TR_FUNCTIONS(PhpCheck)

public:
    // A reason why `php` cannot be used (its address, prefix, then
    // timeout), or empty; settings without an address are fine.
    static QString check(const PhpSettings &php);
};

} // namespace hostbench::model
