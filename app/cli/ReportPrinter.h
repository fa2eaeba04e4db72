#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"
#include "model/Threshold.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

namespace hostbench::cli {

/*
 * What `hostbench-cli bench` prints, through the load generator's report
 * writers (bench::AbReport, WrkReport, JsonReport): ab's preamble as
 * "This is Hostbench-cli, Version ... Benchmarking HOST (be patient)", or
 * wrk's "Running 10s test @ URL"; then the report; and the JSON and CSV files.
 * Thread: any.
 */
class ReportPrinter final
{
public:
    static QString preamble(const QUrl &url, bool wrkFormat, const model::BenchParameters &parameters);
    static QString report(const model::RunSummary &summary, const model::LatencyHistogram &histogram,
        const QList<model::BenchSample> &samples, bool wrkFormat);
    // "\nThresholds:\n  p99<50ms: 12.300 ms (< 50 ms), pass\n..." after the
    // report (bench, runs show); empty without thresholds.
    static QString thresholds(const model::ThresholdVerdict &verdict);
    // bench --find-capacity's step table and the capacity found (bench, runs
    // show): "\nCapacity search (SLO ...):\n  step  rate ...\nCapacity: ..."; empty
    // for a run that is no capacity search (summary.capacity empty).
    // `parameters`: the run's, for the steps' warm-up, judged length and
    // precision; summary.interrupted: the search was stopped (SIGINT, DELETE).
    static QString capacity(const model::RunSummary &summary, const model::BenchParameters &parameters);
    // The step's line in the table (bench prints each as it ends, on stderr).
    static QString capacityStep(int number, const model::CapacityStep &step);
    // Writes the JSON summary to `path` (atomically); false with *error.
    // runId > 0: a stored run, whose id and note go in too. `extra`'s
    // members are put in last, replacing those of the same name (bench:
    // the thresholds checked against the baseline, "baseline_comparison").
    static bool writeJson(const QString &path, const model::BenchParameters &parameters,
        const model::RunSummary &summary, const model::LatencyHistogram &histogram,
        const QList<model::BenchSample> &samples, QString *error, qint64 runId = 0, const QString &note = {},
        const QJsonObject &extra = {});
    // Writes `text` (UTF-8) to `path` atomically; false with *error naming `flag`.
    static bool writeText(const QString &path, const QString &flag, const QString &text, QString *error);
};

} // namespace hostbench::cli
