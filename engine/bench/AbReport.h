#pragma once

#include "model/RunSummary.h"

#include <QString>

namespace hostbench::bench {

/*
 * Prints a RunSummary exactly as ApacheBench 2.3 prints its results
 * (support/ab.c, output_results()): the same field names, column widths,
 * rounding (whole ms in the Connection Times table and the percentile
 * table) and the same optional lines (failure breakdown, Non-2xx,
 * Keep-Alive requests only with -k, the median/mean sanity warnings).
 *
 * Differences from ab, by design: "Complete requests" counts answered
 * requests only (ab also counts those that failed the length check), and the
 * breakdown puts timeouts under Receive and malformed responses under
 * Exceptions. Medians and percentiles come from the HDR histogram (3
 * significant digits), not from sorting every request. With a rate (the
 * open model), the Connection Times table counts from the actual send, the
 * percentile table from each request's intended send time (coordinated-
 * omission corrected), and a last block, which ab does not have, puts the
 * corrected p50/p90/p99/max beside the uncorrected ones.
 *
 * Plain function; any thread. Lines end with '\n'.
 */
class AbReport final
{
public:
    // The unit of the Connection Times and percentile tables. ab prints whole
    // milliseconds; the window offers whole microseconds for runs whose
    // answers take under a few milliseconds, where every ab cell would read 0.
    enum class TimeUnit { Milliseconds, Microseconds };

    // Microseconds where the median total time is under 10 ms (whole
    // milliseconds would keep under two significant digits), else
    // milliseconds.
    static TimeUnit fittingUnit(const model::RunSummary &summary);

    // ab's opening lines, up to "Benchmarking HOST (be patient)".
    static QString preamble(const QString &hostname);
    // ab's results block: from two blank lines and "Server Software:" to the
    // percentile table (shown only with more than one complete request), and
    // with a rate the corrected/uncorrected block. With TimeUnit::Microseconds
    // the two tables' headings say (µs) and their cells are whole
    // microseconds; the rest is ab's layout unchanged.
    static QString format(const model::RunSummary &summary, TimeUnit unit = TimeUnit::Milliseconds);
    // An HTTP/2 run's protocol as the reports name it: "HTTP/2 (h2c, prior
    // knowledge), 10 streams per connection", or "(h2 by ALPN)" over TLS.
    static QString protocolText(const model::RunSummary &summary);
};

} // namespace hostbench::bench
