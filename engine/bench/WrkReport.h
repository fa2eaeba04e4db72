#pragma once

#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QList>
#include <QString>

namespace hostbench::bench {

/*
 * Prints a run as wrk 4 prints its summary (src/wrk.c main(), print_stats(),
 * src/units.c): "Thread Stats" with Avg, Stdev, Max and +/- Stdev for the
 * latency and for each thread's request rate per sample interval, an
 * optional latency distribution (--latency), with a rate wrk2's
 * "Uncorrected Latency" block (p50, p90, p99, max from the actual send time;
 * the rest counts from the intended send time), then "N requests in T, B read",
 * socket errors, "Non-2xx or 3xx responses", Requests/sec and Transfer/sec.
 *
 * Req/Sec is taken from the interval samples (merged over threads) divided
 * by the thread count; wrk samples each thread separately. Socket errors:
 * read counts reset/closed connections and malformed responses; length
 * mismatches (which wrk does not check) are not shown.
 *
 * Plain function; any thread. Lines end with '\n'.
 */
class WrkReport final
{
public:
    // "Running 5s test @ URL" and "  T threads and C connections".
    static QString preamble(const QString &url, double durationSec, int threads, int connections);
    static QString format(const model::RunSummary &summary, const model::LatencyHistogram &histogram,
        const QList<model::BenchSample> &samples, bool latencyDistribution = false);

    // wrk's units.c formatting, e.g. 175.84us, 2.13ms, 3.00s, 156.69k, 22.12M.
    static QString formatTimeUs(double us);
    static QString formatMetric(double n);
    static QString formatBinary(double n);
};

} // namespace hostbench::bench
