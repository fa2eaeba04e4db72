#pragma once

#include "model/LatencyHistogram.h"

#include <QtGlobal>

#include <array>
#include <atomic>
#include <memory>

namespace hostbench::http {

// Adds to a counter that only one thread writes: a relaxed load and store,
// no locked read-modify-write, and readers on other threads still see whole
// values (never torn).
inline void bumpCounter(std::atomic<quint64> &counter, quint64 amount = 1)
{
    counter.store(counter.load(std::memory_order_relaxed) + amount, std::memory_order_relaxed);
}

// bumpCounter() with a release store: a reader that loads `counter` with acquire
// then sees every earlier write of this thread (connectionsClosed: the accept it follows).
inline void bumpCounterReleased(std::atomic<quint64> &counter)
{
    counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

/*
 * The counters of one worker thread (wrk's per-thread stats). Written only
 * by that worker, read by HttpServer::metrics() from any thread without a
 * lock. Cache-line aligned so workers do not false-share. The latency
 * counters use LatencyHistogram's bucket layout (µs) and are summed into
 * a LatencyHistogram by the reader.
 */
struct alignas(64) WorkerCounters
{
    std::atomic<quint64> requests { 0 }; // responses sent, or given up mid-way (Connection)
    std::atomic<quint64> bytesSent { 0 }; // head and body bytes written
    std::array<std::atomic<quint64>, 5> statusClasses {}; // 1xx .. 5xx
    std::atomic<quint64> connectionsAccepted { 0 };
    std::atomic<quint64> connectionsClosed { 0 }; // bumpCounterReleased; read before connectionsAccepted
    // Proxied requests that failed, by http::ProxyError (refused, timeout, bad head, head too
    // large, closed early, closed mid-body; the retries made; the waits for a connection in vain).
    std::array<std::atomic<quint64>, 8> proxyErrors {};
    // Proxied requests that waited for an upstream connection (UpstreamPool's bound reached).
    std::atomic<quint64> proxyQueued { 0 };
    // TLS listeners: handshakes completed, of them resumed (a session ticket),
    // and connections closed for a TLS error (a failed handshake, plain HTTP on the TLS port).
    std::atomic<quint64> tlsHandshakes { 0 };
    std::atomic<quint64> tlsResumed { 0 };
    std::atomic<quint64> tlsErrors { 0 };
    // HTTP/2 (Http2Connection): connections that spoke it, the streams they
    // opened, and the RST_STREAM frames clients sent (RFC 9113 §6.4).
    std::atomic<quint64> http2Connections { 0 };
    std::atomic<quint64> http2Streams { 0 };
    std::atomic<quint64> http2Resets { 0 };
    // PHP requests that failed, by http::FastCgiError (unavailable, timeout, bad head, head too
    // large, malformed records, closed early, closed mid-body, the waits for a connection in vain).
    std::array<std::atomic<quint64>, 8> phpErrors {};
    // PHP requests that waited for a connection to PHP-FPM (UpstreamPool's bound reached).
    std::atomic<quint64> phpQueued { 0 };
    // Service time: request parsed -> response written (µs).
    std::unique_ptr<std::atomic<quint64>[]> latency
        = std::make_unique<std::atomic<quint64>[]>(size_t(model::LatencyHistogram::kCountsLength));

    void recordResponse(int status, quint64 serviceUs)
    {
        bumpCounter(requests);
        const int statusClass = status / 100 - 1;
        if (statusClass >= 0 && statusClass < 5)
            bumpCounter(statusClasses[size_t(statusClass)]);
        bumpCounter(latency[size_t(model::LatencyHistogram::countsIndexFor(serviceUs))]);
    }
};

} // namespace hostbench::http
