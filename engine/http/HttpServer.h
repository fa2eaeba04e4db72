#pragma once

#include "model/MetricsSnapshot.h"
#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

namespace hostbench::http {

/*
 * The embedded HTTP/1.1 and HTTP/2 server (RFC 9110, RFC 9112, RFC 9113:
 * h2 by ALPN on the TLS listener, h2c with prior knowledge on the cleartext
 * one, with config.http2Enabled; Http2Connection): N worker threads, each
 * with its own Boost.Asio io_context and its own SO_REUSEPORT listener on the
 * same address and port, serving name-based virtual hosts (static files from
 * each document root, fixed-response routes).
 *
 * Thread: owned by the thread that creates it (the GUI's or the CLI's main
 * thread); every method must be called from that thread, except metrics(),
 * which any thread may call. The workers never call back into the owner:
 * no signal is emitted per request; readers poll metrics() on a timer.
 */
class HttpServer final
{
public:
    HttpServer();
    ~HttpServer(); // stops

    HttpServer(const HttpServer &) = delete;
    HttpServer &operator=(const HttpServer &) = delete;

    // Starts serving `hosts` (one of them isDefault, else the first is the
    // default). config's timeouts act on a 1 s tick (rounded up to whole
    // seconds) and maxConnectionsPerWorker caps each worker (503 beyond). Returns false with a readable
    // reason in *error (address in use with no fallback, bad address, no hosts, a document root missing).
    // `afterBind`, when given, runs once the listeners are bound and the log
    // files open, before any worker accepts a connection: where a process
    // started as root gives root up. Its false (with *error) undoes the start.
    // With config.tlsEnabled, a second listener speaks TLS (RFC 8446) on
    // tlsListenAddress:tlsPort, with a certificate per site from the local CA
    // in dataFolder/ca (made on first use; http::TlsSites): an unreadable CA
    // folder, or no certificate for the default site, fails the start with
    // the reason; another site's failure leaves it on the default's
    // certificate, with the reason in tlsWarnings().
    bool start(const model::ServerConfig &config, const QList<model::VirtualHost> &hosts, QString *error,
        const std::function<bool(QString *)> &afterBind = {});
    // Closes the listeners and every connection, joins the workers. Idempotent.
    void stop();
    bool isRunning() const;

    // Replaces the virtual hosts for new requests; connections and responses
    // in flight are not dropped. Asynchronous: each worker picks the new
    // table up within moments. Ignored while stopped or when `hosts` is
    // empty; a missing document root makes that site answer 404.
    void reload(const QList<model::VirtualHost> &hosts);

    // Whether every log that `hosts` turn on with a path can be appended to,
    // as nginx refuses to start on a log it cannot open: false with the
    // first that cannot (a folder, a missing folder, /proc, no permission) in
    // *error. Creates each log file that is missing, empty. Callers check
    // before start() and reload(), and keep the running sites when it fails.
    static bool checkLogFiles(const QList<model::VirtualHost> &hosts, QString *error);

    // The address and port actually listened on (after port 0 or fallback);
    // empty, 0 and 0 while not running. url() names loopback for a wildcard
    // address ("0.0.0.0" -> 127.0.0.1, "::" -> [::1]).
    QString listenAddress() const;
    quint16 port() const;
    QString url() const; // e.g. "http://127.0.0.1:8080/"
    // The TLS listener's port and URL ("https://127.0.0.1:8443/"); 0 and empty without one.
    quint16 tlsPort() const;
    QString tlsUrl() const;
    // The TLS listener's CA folder (dataFolder/ca); empty without one.
    QString caFolder() const;
    // Why sites of the last start() or reload() have no certificate of their own; empty when all have.
    QStringList tlsWarnings() const;
    int threadCount() const;

    // Counters summed over the workers; any thread, never blocks the workers.
    // They restart from zero at start(); after stop() the last counts stay
    // readable with uptimeMs 0.
    model::MetricsSnapshot metrics() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace hostbench::http
