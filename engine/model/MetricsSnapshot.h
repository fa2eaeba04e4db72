#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

#include <array>

namespace hostbench::model {

/*
 * A Prometheus-style histogram of durations with fixed bounds (µs): counts
 * per bucket (not cumulative; the last bucket takes what lies above the
 * last bound, Prometheus' le="+Inf"), their sum and count. Used per site
 * for the engine's service time and the upstream's times of proxied
 * requests (/metrics, the Server page). Plain value; any thread.
 */
struct TimeBuckets
{
    // Upper bounds in µs: 0.5 ms .. 10 s, as Prometheus' default buckets and a sub-ms one.
    static constexpr std::array<quint64, 14> kBoundsUs { 500, 1000, 2500, 5000, 10'000, 25'000, 50'000,
        100'000, 250'000, 500'000, 1'000'000, 2'500'000, 5'000'000, 10'000'000 };
    static constexpr int kBucketCount = int(kBoundsUs.size()) + 1;

    std::array<quint64, kBucketCount> counts {};
    quint64 sumUs = 0;

    // The bucket of a duration of `us` µs: the first bound it does not pass.
    static constexpr int indexFor(quint64 us)
    {
        int i = 0;
        while (i < int(kBoundsUs.size()) && us > kBoundsUs[size_t(i)])
            ++i;
        return i;
    }
    quint64 count() const
    {
        quint64 total = 0;
        for (const quint64 c : counts)
            total += c;
        return total;
    }
};

/*
 * The engine's counters at one moment, summed over its worker threads.
 * Counters grow from the engine's start; rates are derived by the reader
 * from two snapshots. Plain value; any thread.
 */
struct MetricsSnapshot
{
    struct SiteCount
    {
        QString hostName;
        quint64 requests = 0; // responses completed
        quint64 clientErrors = 0; // of which 4xx
        quint64 serverErrors = 0; // of which 5xx
        quint64 bytesSent = 0; // head and body bytes of its completed responses
        TimeBuckets serviceTime {}; // request parsed -> response written, every response
        // Proxied responses whose upstream answered (issue #24): the upstream's time to the
        // last byte (nginx's $upstream_response_time) and to the response head
        // ($upstream_header_time), and the engine's service time of those same responses,
        // so that serviceSumUs - upstreamTime.sumUs is the engine's own share.
        TimeBuckets upstreamTime {};
        TimeBuckets upstreamHeaderTime {};
        quint64 proxiedServiceSumUs = 0;
    };

    qint64 uptimeMs = 0; // ms since the engine started; 0 when stopped
    quint64 requests = 0; // responses completed
    quint64 bytesSent = 0; // bytes written to sockets, headers included
    std::array<quint64, 5> statusClasses {}; // [0] = 1xx .. [4] = 5xx
    quint64 connectionsAccepted = 0;
    qint64 openConnections = 0;
    // Proxied requests that failed, by cause (kProxyErrorNames: refused,
    // timeout, bad_head, head_too_large, closed_early, closed_mid_body), the
    // retries made on a fresh connection after an early close (retried), and
    // the requests that waited for an upstream connection until the
    // upstream timeout (queue_timeout: 503).
    static constexpr std::array<const char *, 8> kProxyErrorNames { "refused", "timeout", "bad_head",
        "head_too_large", "closed_early", "closed_mid_body", "retried", "queue_timeout" };
    std::array<quint64, 8> proxyErrors {};
    // Proxied requests that waited for an upstream connection (all that a
    // worker allows per upstream were busy: ServerConfig::upstreamConnectionsPerWorker).
    quint64 proxyQueued = 0;
    // TLS listeners: handshakes completed, of them resumed sessions, and
    // connections closed for a TLS error (a failed handshake, plain HTTP sent to the TLS port).
    quint64 tlsHandshakes = 0;
    quint64 tlsResumed = 0;
    quint64 tlsErrors = 0;
    // HTTP/2 (issue #27): connections that spoke it (h2 and h2c), the streams
    // they opened (streams per connection: the one over the other), and the
    // RST_STREAM frames their clients sent.
    quint64 http2Connections = 0;
    quint64 http2Streams = 0;
    quint64 http2Resets = 0;
    // PHP requests that failed through FastCGI, by cause (kPhpErrorNames; issue #25).
    static constexpr std::array<const char *, 8> kPhpErrorNames { "unavailable", "timeout", "bad_head",
        "head_too_large", "malformed", "closed_early", "closed_mid_body", "queue_timeout" };
    std::array<quint64, 8> phpErrors {};
    // PHP requests that waited for a connection to PHP-FPM (the per-worker bound reached).
    quint64 phpQueued = 0;
    QList<SiteCount> perSite; // one entry per virtual host, in configuration order
    // Service-time percentiles (µs): request parsed -> response written, over the whole uptime.
    quint64 latencyP50Us = 0;
    quint64 latencyP99Us = 0;
    // The service-time histogram behind them: counts per bucket in
    // LatencyHistogram's layout (kCountsLength entries; empty when stopped).
    // The difference of two snapshots' counts gives the percentiles of the
    // interval between them (serviceTimePercentile()).
    QList<quint64> serviceTimeCounts;

    // The values (µs) at or below which each of `percentiles` (0..100,
    // ascending) of the responses completed between `earlier` and `later`
    // fall, as LatencyHistogram::valueAtPercentile() reads them (the
    // highest value of the bucket); zeros when none completed. `earlier`
    // may be an empty snapshot, or one from before a restart: then since
    // the engine's start. One pass over the buckets; any thread.
    static QList<quint64> serviceTimePercentiles(
        const MetricsSnapshot &earlier, const MetricsSnapshot &later, const QList<double> &percentiles);

    // The proxied responses completed between `earlier` and `later`, all
    // sites (matched by host name; one added, renamed or restarted in
    // between counts from zero): how many, the upstream's time and the
    // engine's service time of those responses (µs, summed). Any thread.
    struct UpstreamShare
    {
        quint64 responses = 0;
        quint64 upstreamUs = 0;
        quint64 serviceUs = 0;
        // Means per response (ms); 0 with none. engineOwnMs: service less upstream.
        double upstreamMs() const { return responses ? double(upstreamUs) / double(responses) / 1000.0 : 0; }
        double engineOwnMs() const
        {
            return responses && serviceUs > upstreamUs
                ? double(serviceUs - upstreamUs) / double(responses) / 1000.0
                : 0;
        }
    };
    static UpstreamShare upstreamShare(const MetricsSnapshot &earlier, const MetricsSnapshot &later);
};

} // namespace hostbench::model
