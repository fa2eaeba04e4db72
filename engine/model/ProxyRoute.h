#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::model {

/*
 * A path prefix of a site proxied to an upstream app server (issue #24;
 * RFC 9110 §7.6, nginx's proxy_pass). `pathPrefix` matches whole segments:
 * "/api" takes "/api", "/api/" and "/api/x", not "/apix"; "/" takes the
 * whole site; the longest matching prefix wins, and a proxy prefix wins over
 * files (a fixed route of exactly the same path still answers first).
 * `upstream` is "http://HOST[:PORT][/PATH]" or "unix:/path/to.sock"
 * (UpstreamAddress). Path mapping, as nginx's: without a PATH the request's
 * target goes to the upstream unchanged; with one, the prefix is replaced by
 * it ("/api" -> "http://h:9000/v1": "/api/x?q" is sent as "/v1/x?q").
 * Plain value; any thread.
 */
struct ProxyRoute
{
    QString pathPrefix; // absolute, e.g. "/api" or "/"
    QString upstream; // as written by the user

    friend bool operator==(const ProxyRoute &, const ProxyRoute &) = default;
};

/*
 * The command that starts a site's app server with the engine (issue #24;
 * as Laragon's and Herd's site apps): `npm run dev`, `python3 -m
 * http.server 9000`. It runs as the user that runs Hostbench, without a
 * shell: QProcess::splitCommand() splits it into a program and its
 * arguments (quotes group, no pipes or variables). The supervisor
 * (service/instance) starts it with the engine, stops it with the engine
 * (SIGTERM, then SIGKILL after stopGraceMs) and restarts it when it exits.
 * Plain value; any thread.
 */
struct AppCommand
{
    static constexpr int kMinGraceMs = 100;
    static constexpr int kMaxGraceMs = 60 * 1000;

    QString command; // program and arguments; empty: the site starts no app
    QString workingDir; // absolute folder; empty: the site's document root
    QStringList environment; // "NAME=value" entries added to Hostbench's own environment
    int stopGraceMs = 5000; // milliseconds from SIGTERM to SIGKILL, kMinGraceMs..kMaxGraceMs

    bool isSet() const { return !command.trimmed().isEmpty(); }

    friend bool operator==(const AppCommand &, const AppCommand &) = default;
};

/*
 * A site's proxy settings: its routes, the app it starts (AppCommand), whether the upstream gets its own
 * authority as Host ("HOST:PORT" of the upstream URL) instead of the
 * client's, and how long the engine waits for the upstream (connect, then
 * the response head, then each read of the body) before it answers 504.
 * Plain value; any thread.
 */
struct ProxySettings
{
    static constexpr int kMinTimeoutMs = 100;
    static constexpr int kMaxTimeoutMs = 3600 * 1000;

    QList<ProxyRoute> routes;
    bool sendUpstreamHost = false; // false: Host as the client sent it (nginx's proxy_set_header Host $host)
    int upstreamTimeoutMs = 60 * 1000; // milliseconds, kMinTimeoutMs..kMaxTimeoutMs
    AppCommand app;
    // The access log's lines of this site end with the upstream's times, as nginx's
    // $upstream_connect_time $upstream_header_time $upstream_response_time (http::LogFormat).
    bool logUpstreamTimes = false;

    friend bool operator==(const ProxySettings &, const ProxySettings &) = default;
};

/*
 * An upstream URL, parsed and checked:
 *   http://HOST[:PORT][/PATH]  HOST a DNS name or an IP literal (IPv6 in
 *                              brackets), PORT 1-65535 (80 when left out),
 *                              PATH absolute, no query, fragment or blank;
 *   unix:/ABSOLUTE/PATH        a Unix domain socket, at most 107 bytes
 *                              (sun_path); it need not exist yet (the app
 *                              may start after the engine).
 * No user info, no https (not supported yet). Plain value; any thread.
 */
struct UpstreamAddress
{
    Q_DECLARE_TR_FUNCTIONS(UpstreamAddress)

public:
    enum class Kind { Invalid, Tcp, Unix };

    Kind kind = Kind::Invalid;
    QString host; // Tcp: lower case, IPv6 without brackets
    quint16 port = 0; // Tcp
    QString basePath; // Tcp: "" or "/v1" (a trailing '/' kept as written)
    QString socketPath; // Unix

    // The parsed address, or kind Invalid with a sentence in *error.
    static UpstreamAddress parse(const QString &text, QString *error);
    // The upstream's own authority for Host: "host:port" ("[::1]:9000"), "localhost" for a socket.
    QString authority() const;
    // For messages and the error log: "http://127.0.0.1:9000/v1", "unix:/run/app.sock".
    QString display() const;
};

/*
 * The checks of a site's ProxySettings (SiteValidator calls them). Pure
 * functions; any thread; messages translated in the window (context
 * "ProxyCheck").
 */
class ProxyCheck final
{
    Q_DECLARE_TR_FUNCTIONS(ProxyCheck)

public:
    // A reason why `route` is not valid (prefix, then upstream), or empty.
    static QString checkRoute(const ProxyRoute &route);
    // "Proxy N: reason" for the first bad or repeated route, with its
    // index in *row; empty (row -1) when all are fine.
    static QString checkRoutes(const QList<ProxyRoute> &routes, int *row);
    // A reason why `ms` is no upstream timeout, or empty.
    static QString checkTimeout(int ms);
    // A reason why `app` cannot be started (its command, working folder,
    // an environment entry that is no NAME=value, the grace period), or
    // empty; an AppCommand without a command is fine.
    static QString checkApp(const AppCommand &app);
};

} // namespace hostbench::model
