#pragma once

#include <QString>

namespace hostbench::model {

/*
 * Where and how the engine listens. Plain value; any thread.
 */
struct ServerConfig
{
    // The defaults of the window and of `hostbench-cli serve`, written only here.
    static constexpr quint16 kDefaultPort = 8080;
    static constexpr quint16 kDefaultControlPort = 8079; // the control API's, on 127.0.0.1

    QString listenAddress = QStringLiteral("127.0.0.1"); // IPv4 or IPv6 literal
    quint16 port = kDefaultPort; // 0 picks a free port
    int threads = 0; // worker threads; 0 = one per core
    bool portFallback = true; // if `port` is taken, try the next ports (up to 100) instead of failing
    // A second listener that speaks TLS (HTTPS), with certificates from the
    // data folder's local CA (http::TlsSites); that exact port, or any free
    // one with 0 (no fallback).
    static constexpr quint16 kDefaultTlsPort = 8443;
    bool tlsEnabled = false;
    QString tlsListenAddress = QStringLiteral("127.0.0.1");
    quint16 tlsPort = kDefaultTlsPort;
    // HTTP/2 (RFC 9113): "h2" chosen by ALPN (RFC 7301) on the TLS listener
    // when the client offers it, and "h2c" with prior knowledge (a connection
    // that opens with the HTTP/2 preface) on the cleartext one (issue #27).
    // Off: ALPN answers http/1.1 only and the preface is not recognised. Not
    // stored yet (on for every engine).
    bool http2Enabled = true;

    // Timeouts (ms) and limits, as nginx's client_header_timeout,
    // keepalive_timeout and send_timeout.
    int headerTimeoutMs = 10'000; // the request head must arrive within this of its first byte
    int keepAliveTimeoutMs = 5'000; // idle time allowed between requests
    int sendTimeoutMs = 60'000; // a response write that makes no progress for this long closes
    int maxConnectionsPerWorker = 10'000; // beyond: 503 and close, never a hang

    // The ranges the window's Server page and the control API accept.
    static constexpr int kMaxThreads = 256;
    static constexpr int kMinTimeoutMs = 100;
    static constexpr int kMaxTimeoutMs = 3'600'000;
    static constexpr int kMaxConnectionsLimit = 1'000'000;
    // Connections open to one upstream (busy and idle, per worker thread), as
    // nginx's `server ... max_conns=N` with a queue: a proxied request that
    // finds them all busy waits for one (http::UpstreamPool), at most the
    // site's upstream timeout, then 503 with Retry-After. Not stored yet
    // (the default for every engine); at least 1.
    static constexpr int kDefaultUpstreamConnections = 64;
    int upstreamConnectionsPerWorker = kDefaultUpstreamConnections;

    // Hostbench's data folder (storage::DataFolder::path()): the engine never
    // serves a file or lists a folder inside it, whatever the site, but for
    // its "sites" folder (SiteValidator::sitesFolder), where site folders live.
    // Checked on the file opened (its path with every link resolved), not
    // on the request's path. Empty: none. Not stored; set by whoever starts
    // the engine.
    QString dataFolder;

    friend bool operator==(const ServerConfig &, const ServerConfig &) = default;
};

} // namespace hostbench::model
