#pragma once

#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::model {

struct ThresholdBaseline;

/*
 * A pass/fail condition on a finished run (issue #28), in k6's threshold
 * grammar: METRIC OPERATOR VALUE[UNIT], blanks allowed between the parts.
 *   latency  p50 p90 p95 p99 p99.9 (any pN, 0 < N <= 100), mean, min, max:
 *            the corrected latency, VALUE in us, ms (the default) or s
 *   rps      requests per second of the measured part
 *   errors   requests that did not succeed (failed, unfinished, or answered
 *            outside 200-399), as a count, or with % a share of the requests
 *   non2xx   responses outside 200-299 (ab's "Non-2xx responses"), a count
 *   unfinished  requests sent and never answered when the run stopped
 *   OPERATOR <, <=, >, >=, ==, !=
 * Examples: p99<50ms, p50 <= 2ms, rps>=20000, errors<0.1%, non2xx==0.
 * Against the baseline of the run's target (bench --compare-baseline's):
 * rps or a latency, an operator, then FACTOR*baseline (or baseline alone,
 * a factor of 1): rps>=0.95*baseline, p99<=1.1*baseline. The figure is then
 * the run's over the baseline's (the ratio of the two point figures, not
 * the verdict's interval).
 * Plain value; any thread.
 */
struct Threshold
{
    enum class Op { Less, LessOrEqual, Greater, GreaterOrEqual, Equal, NotEqual };

    QString text; // as given, blanks trimmed
    QString metric; // "p99", "rps", "errors", ...
    double percentile = 0; // for pN metrics
    Op op = Op::Less;
    double value = 0; // in the metric's unit: ms for latency, a share (0..1) for errors with %
    bool share = false; // errors given with %
    bool baseline = false; // VALUE was FACTOR*baseline: `value` is the factor, the figure a ratio

    // The threshold in `text`, or nullopt with *error naming the position
    // (1-based character) and the expected form, or listing the known
    // metrics for an unknown one.
    static std::optional<Threshold> parse(const QString &text, QString *error);
    // What `metric` measured in `summary` / `histogram`, in the unit of
    // `value`; for a baseline threshold, that figure over the same figure of
    // `baseline`, NaN without one (or when the baseline's figure is 0).
    double measure(const RunSummary &summary, const LatencyHistogram &histogram,
        const ThresholdBaseline *baseline = nullptr) const;
    bool passes(double measured) const;
    // "p99<50ms: 12.3 ms, pass" as the report's last lines print it.
    QString describe(double measured) const;
};

/*
 * The baseline run that the FACTOR*baseline thresholds are checked against.
 * Plain value; any thread.
 */
struct ThresholdBaseline
{
    qint64 runId = 0;
    RunSummary summary;
    LatencyHistogram histogram;
};

/*
 * Every threshold of a run checked: the report's lines and the verdict.
 * Plain value; any thread.
 */
struct ThresholdVerdict
{
    struct Result
    {
        QString threshold; // Threshold::text
        double measured = 0; // in the threshold's unit (ms, requests/s, a count or a share)
        bool passed = false;
        // False for a baseline threshold checked without a baseline (a
        // stored run's thresholds read again): it then passes, its line
        // saying that it was not checked.
        bool checked = true;
    };
    QList<Result> results; // in the thresholds' order
    QStringList lines; // Threshold::describe of each
    bool passed = true;

    // The threshold that aborted the run (summary.abortedBy, --abort-on-fail)
    // fails, its line its figure then: "p99<1us: 2.1 ms (< 0.001 ms), FAIL
    // after 1.0 s: the run was aborted (--abort-on-fail)".
    // `baseline`: for the FACTOR*baseline ones; without it they are not checked.
    static ThresholdVerdict check(const QList<Threshold> &thresholds, const RunSummary &summary,
        const LatencyHistogram &histogram, const ThresholdBaseline *baseline = nullptr);
    // The texts (a run's BenchParameters::thresholds) parsed and checked; one
    // that does not parse fails, its line saying why.
    static ThresholdVerdict check(const QStringList &texts, const RunSummary &summary,
        const LatencyHistogram &histogram, const ThresholdBaseline *baseline = nullptr);
};

} // namespace hostbench::model
