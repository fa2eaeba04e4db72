#pragma once

#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"

#include <QList>
#include <QString>

#include <utility>

namespace hostbench::bench {

/*
 * A run as CSV (RFC 4180, '\n' line ends).
 *
 * format(): the interval samples (--csv), one header line then one line per
 * sample:
 *   index,elapsed_ms,interval_ms,completed,failed,bytes,requests_per_second,
 *   p50_us,p90_us,p99_us,max_us,open_connections
 *
 * formatRuns(): several runs' samples in one file (the Runs page's Export):
 * the header above with "run_id," first, then each run's samples, in the
 * order given, each line starting with its run's id.
 *
 * abPercentiles(): ab's -e file (support/ab.c, output_results()):
 * "Percentage served,Time in ms" then one line "P,T" for each P = 0..100,
 * T in ms with three decimals: 0 is the fastest request, 100 the slowest,
 * the others the latency histogram's percentile (3 significant digits; ab
 * sorts every request). Empty histogram: every T is 0.000.
 *
 * Plain functions; any thread.
 */
class CsvReport final
{
public:
    static QString header();
    static QString format(const QList<model::BenchSample> &samples); // header included
    // (run id, its samples) pairs; header included.
    static QString formatRuns(const QList<std::pair<qint64, QList<model::BenchSample>>> &runs);
    static QString abPercentiles(const model::LatencyHistogram &histogram);

private:
    static QString line(const model::BenchSample &sample); // with its '\n'
};

} // namespace hostbench::bench
