#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QList>
#include <QString>

namespace hostbench::bench {

/*
 * One stored run, everything a shared report shows of it: what `runs
 * export --html/--md` and the Runs page's "Export report..." read from the
 * database (storage::StoredRun, its samples and its histogram).
 * Plain value; any thread.
 */
struct ReportRun
{
    qint64 id = 0; // the run's id in the database; 0 for a run not stored
    QString note; // the user's, plain text; empty when none
    bool finished = true; // false: its process ended before the run did (broken off)
    model::BenchParameters parameters;
    model::RunSummary summary;
    model::LatencyHistogram histogram; // empty for a run stored before histograms were kept
    QList<model::BenchSample> samples; // the 100 ms samples, in order
};

/*
 * A benchmark run as a report to share (issue #28):
 *
 *  - html(): one self-contained HTML5 page, readable offline: the key
 *    figures (requests per second, latency percentiles, time to first byte,
 *    errors), the thresholds and their verdict, three charts drawn as inline
 *    SVG (requests per second over time and the latency percentiles p50,
 *    p90 and p99 over time, from the 100 ms samples; the latency percentile
 *    spectrum from the HDR histogram on HdrHistogram's logarithmic
 *    1/(1-percentile) axis), the run's parameters and ab's report
 *    (AbReport::format). It holds no <script>, loads nothing (a
 *    Content-Security-Policy of default-src 'none', inline styles only) and
 *    names no other URL than the run's own target, as text. Every text that
 *    comes from the run (URL, headers, note, server software) is
 *    HTML-escaped. Each chart is <svg id="chart-rps|chart-latency|
 *    chart-spectrum"> whose series are <path class="series ..."> with the
 *    points in `d` (empty charts say "No samples stored" instead).
 *  - markdown(): the key figures and the thresholds as GitHub-flavoured
 *    Markdown tables, for a pull-request comment; the run's texts have
 *    Markdown's and HTML's special characters escaped.
 *
 * Latencies are in ms with three decimals, as bench's JSON gives them; with
 * a rate (the open model) they are corrected for coordinated omission and
 * the report says so, the uncorrected figures beside them.
 *
 * Plain functions; any thread. The texts are English, as bench's reports.
 */
class RunReport final
{
public:
    static QString html(const ReportRun &run);
    static QString markdown(const ReportRun &run);
};

} // namespace hostbench::bench
