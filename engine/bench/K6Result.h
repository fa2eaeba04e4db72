#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace hostbench::bench {

/*
 * Reads k6's JSON output (`k6 run --out json=FILE`: one JSON object per
 * line, "Metric" declarations and "Point" samples, times RFC 3339 with
 * nanoseconds, trend values in ms; https://grafana.com/docs/k6/latest/
 * results-output/real-time/json/) into a run as the load generator would
 * have made it:
 *   - one request per http_req_duration point: its value is the latency,
 *     its tags give the status ("0": failed; error_code 1050 a timeout,
 *     1200-1299 a connection failure, others a read failure), method and URL;
 *   - 100 ms intervals from the first point's time (floor to the ms): per
 *     interval the completed and failed requests and the latency p50, p90,
 *     p99 and max (from a LatencyHistogram, as the generator does);
 *   - the latency histogram (µs) and the summary: totals, status counts,
 *     percentiles; connect and waiting times from http_req_connecting and
 *     http_req_waiting; bytes from data_received; the concurrency is the
 *     largest "vus" value. timeTakenSec spans the intervals (count × 0.1 s).
 * Lines that are not JSON objects, or Points without a number, are errors
 * naming the line; a file without any http_req_duration point is an error.
 * Pure computation on the given bytes; any thread.
 */
class K6Result final
{
public:
    struct Run
    {
        model::BenchParameters parameters;
        model::RunSummary summary;
        QList<model::BenchSample> samples;
        model::LatencyHistogram histogram;
    };

    static std::optional<Run> read(const QByteArray &ndjson, QString *error);
    // RFC 3339 with any number of fraction digits: µs since the Unix epoch.
    static std::optional<qint64> parseTimeUs(const QString &text);
};

} // namespace hostbench::bench
