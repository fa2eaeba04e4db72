#pragma once

#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"

#include <QList>
#include <QString>

namespace hostbench::bench {

/*
 * A run as CSV (RFC 4180, '\n' line ends).
 *
 * format(): the interval samples (--csv), one header line then one line per
 * sample:
 *   index,elapsed_ms,interval_ms,completed,failed,bytes,requests_per_second,
 *   p50_us,p90_us,p99_us,max_us,open_connections
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
    static QString abPercentiles(const model::LatencyHistogram &histogram);
};

} // namespace hostbench::bench
