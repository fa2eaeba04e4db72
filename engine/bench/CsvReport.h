#pragma once

#include "model/BenchSample.h"

#include <QList>
#include <QString>

namespace hostbench::bench {

/*
 * A run's interval samples as CSV (RFC 4180, '\n' line ends), one header
 * line then one line per sample:
 *   index,elapsed_ms,interval_ms,completed,failed,bytes,requests_per_second,
 *   p50_us,p90_us,p99_us,max_us,open_connections
 * Plain function; any thread.
 */
class CsvReport final
{
public:
    static QString header();
    static QString format(const QList<model::BenchSample> &samples); // header included
};

} // namespace hostbench::bench
