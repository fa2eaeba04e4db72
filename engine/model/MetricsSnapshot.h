#pragma once

#include <QList>
#include <QString>
#include <QtGlobal>

#include <array>

namespace hostbench::model {

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
    };

    qint64 uptimeMs = 0; // ms since the engine started; 0 when stopped
    quint64 requests = 0; // responses completed
    quint64 bytesSent = 0; // bytes written to sockets, headers included
    std::array<quint64, 5> statusClasses {}; // [0] = 1xx .. [4] = 5xx
    quint64 connectionsAccepted = 0;
    qint64 openConnections = 0;
    // Proxied requests that failed, by cause (kProxyErrorNames: refused,
    // timeout, bad_head, head_too_large, closed_early, closed_mid_body), and
    // the retries made on a fresh connection after an early close (retried).
    static constexpr std::array<const char *, 7> kProxyErrorNames { "refused", "timeout", "bad_head",
        "head_too_large", "closed_early", "closed_mid_body", "retried" };
    std::array<quint64, 7> proxyErrors {};
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
};

} // namespace hostbench::model
