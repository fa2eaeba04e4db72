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
 *   - 100 ms intervals from the first request's or data_received point's
 *     time (floor to the ms): per interval the completed and failed
 *     requests, the bytes of its data_received points and the latency p50,
 *     p90, p99 and max (the values a LatencyHistogram of the interval gives,
 *     as the generator's; computed from the interval's own latencies);
 *   - the latency histogram (µs) and the summary: totals, status counts,
 *     percentiles; connect and waiting times from http_req_connecting and
 *     http_req_waiting; bytes from data_received (data_sent has no field:
 *     a run counts bytes received); the concurrency is the largest "vus"
 *     value. Keep-alive requests: k6 has no such metric, so they are the
 *     successful requests whose http_req_connecting point is 0 (sent on a
 *     reused connection; ab also counts the first request of each kept
 *     connection, so this is lower by about one per connection). keepAlive
 *     is whether any was, or true (k6's default) without connecting points.
 *     timeTakenSec spans the intervals (count × 0.1 s).
 *
 * Memory follows the number of points, not their time span: only intervals
 * that hold a point get a sample, plus a zero sample on each side of a gap
 * so that a chart drops to 0 there (samples <= 3 × those points); there is
 * no histogram per interval. Samples are sorted by time, with increasing
 * index (the interval's number from the start; numbers skipped by a gap are
 * missing).
 *
 * Points outside a sane range are set aside and reported in Run::notices
 * (a count and the first line, per reason), never silently:
 *   - a time before 2000-01-01 or from 2100-01-01 on (UTC);
 *   - a time more than 24 h (kMaxDistanceUs) before or after the first
 *     point dated in those years;
 *   - a value of a metric read here that is negative or above its limit:
 *     24 h for a duration, 1e15 bytes, 1e7 VUs (JSON has no NaN or
 *     Infinity, and Qt refuses a number beyond a double's range: such a line
 *     is not JSON, an error).
 * k6 writes the points of several VUs nearly in time order, so every point
 * is sorted by time; a point dated more than kReorderWindowUs (10 s) before
 * a point of an earlier line is still sorted in and counted, but reported
 * too (Notice::OutOfOrder). A last line without a newline that is not JSON
 * (k6 stopped while writing it) is skipped and reported.
 *
 * Errors (nullopt, *error says why): a line that is not a JSON object
 * (named by number), a Point without a numeric value or an RFC 3339 time,
 * no http_req_duration point left (with the reasons points were set aside).
 * Pure computation on the given bytes; any thread.
 */
class K6Result final
{
public:
    static constexpr qint64 kIntervalUs = 100'000;
    static constexpr qint64 kReorderWindowUs = 10'000'000; // 10 s
    static constexpr qint64 kMaxDistanceUs = 24LL * 3600 * 1'000'000; // 24 h
    static constexpr qint64 kEarliestUs = 946'684'800'000'000; // 2000-01-01T00:00:00Z
    static constexpr qint64 kLatestUs = 4'102'444'800'000'000; // 2100-01-01T00:00:00Z (excluded)

    // Points set aside (or reordered) for one reason: how many, and the
    // first line (1-based) with one.
    struct Notice
    {
        enum class Kind {
            TimeOutsideYears, // before 2000 or from 2100 on: skipped
            TimeFarFromRun, // more than 24 h from the first point: skipped
            ValueOutOfRange, // negative, infinite or above the limit: skipped
            OutOfOrder, // beyond the reordering window: kept, sorted in
            TruncatedLastLine, // the last line, cut short: skipped
        };
        Kind kind = Kind::TimeOutsideYears;
        qint64 count = 0;
        int firstLine = 0;

        // One English sentence, e.g. "2 points skipped (first at line 3): ...".
        QString text() const;
    };

    struct Run
    {
        model::BenchParameters parameters;
        model::RunSummary summary;
        QList<model::BenchSample> samples;
        model::LatencyHistogram histogram;
        QList<Notice> notices; // in the order of Notice::Kind, only those with a count
        qint64 points = 0; // Point lines read, kept or not
    };

    static std::optional<Run> read(const QByteArray &ndjson, QString *error);
    // RFC 3339 with any number of fraction digits: µs since the Unix epoch.
    static std::optional<qint64> parseTimeUs(const QString &text);
};

} // namespace hostbench::bench
