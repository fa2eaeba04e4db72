#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"
#include "model/Threshold.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace hostbench::bench {

/*
 * A finished run as one JSON object (snake_case keys, ms for latencies,
 * bytes for sizes):
 *   completed, failed, requests_per_second, time_taken_sec, transfer_rate_kbps,
 *   non_2xx, keep_alive_requests, total_bytes, html_bytes, interrupted,
 *   started_at_ms, failures {connect, read, write, length, timeout, parse},
 *   status_counts {"200": n, ...},
 *   latency_ms {min, mean, p50, p90, p99, p999, max}
 *     (+ uncorrected_latency_ms {p50, p90, p99, max} with a rate),
 *   connection_times_ms {connect, processing, waiting, total: {min, mean, sd, median, max}},
 *   ttfb_ms {min, mean, sd, median, max} (time to first byte: from the request
 *   written to the first byte of its answer; the same as ab's Waiting row),
 *   percentiles_ms [{percent, ms}] (ab's table), server {software, hostname, port,
 *   path, document_length}, parameters {concurrency, keep_alive, threads, rate,
 *   and with BenchParameters: url, method, requests, duration_ms, warmup_ms,
 *   timeout_ms, sample_interval_ms, and what was sent: host (the Host
 *   header, when it was not the URL's), headers [{name, value}], content_type,
 *   body_bytes and body_base64 (when a body was sent)}, samples [{index, elapsed_ms, interval_ms,
 *   completed, failed, bytes, requests_per_second, p50_us, p90_us, p99_us, max_us,
 *   open_connections, and for the open model planned_rate (requests/s the
 *   schedule intended over the interval) and paused_ms}], percentile_spectrum [{percentile, latency_ms,
 * count}] (HdrHistogram's percentile distribution: 5 ticks per half distance).
 *
 * Plain functions; any thread.
 */
class JsonReport final
{
public:
    static QJsonObject toJson(const model::RunSummary &summary, const model::LatencyHistogram &histogram,
        const QList<model::BenchSample> &samples, const model::BenchParameters *parameters = nullptr);
    // A stored run's export: its id in the database ("run_id", as `runs show
    // ID` takes it) and the user's note ("note", empty when none).
    static void addStoredRun(QJsonObject &report, qint64 runId, const QString &note);
    static QJsonObject sampleToJson(const model::BenchSample &sample);
    // {"passed": bool, "results": [{"threshold": "p99<50ms", "measured": 12.3,
    // "passed": true}]}: measured in the threshold's unit (ms for latency,
    // requests/s, a count, or a share 0..1 for errors given with %).
    static QJsonObject thresholdsToJson(const model::ThresholdVerdict &verdict);
    // Percentiles 0, 10, 20, 30, 40, 50, 55, ... 75, 77.5, ... converging on 100.
    static QJsonArray percentileSpectrum(
        const model::LatencyHistogram &histogram, int ticksPerHalfDistance = 5);
};

} // namespace hostbench::bench
