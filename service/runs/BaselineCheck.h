#pragma once

#include "model/BenchParameters.h"
#include "model/RunComparison.h"
#include "model/Threshold.h"
#include "storage/Database.h"

#include <QJsonObject>
#include <QString>

namespace hostbench::runs {

/*
 * A run's baseline (issue #28): `--compare-baseline` (bench), "compare_baseline"
 * (POST /api/runs), the Benchmark page's "Compare with baseline", and the
 * thresholds FACTOR*baseline (model::Threshold) compare a run with the
 * baseline of its target (model::runTarget: the method and the URL; `runs
 * baseline ID` sets it). load() reads it before the first request, so
 * that a run without one is refused before it starts (bench exits
 * kExitNoBaseline, the API answers 422); after the run, lines() and
 * toJson() give the verdict (model::RunComparison).
 * One piece for bench, the control API's runs (RunService) and the window.
 * Thread: the thread that owns `database` (any one at a time).
 */
class BaselineCheck final
{
public:
    // bench's exit status for a target without a baseline.
    static constexpr int kExitNoBaseline = 3;

    // Whether a run of `parameters` needs its baseline: a FACTOR*baseline
    // threshold among parameters.thresholds, or `compare` asked.
    static bool needed(const model::BenchParameters &parameters, bool compare);

    // The baseline of `parameters`' target, with its samples and histogram,
    // from `database`. False with *error naming the target and the targets
    // that have a baseline (or saying that none has), or the database's error.
    bool load(storage::Database &database, const model::BenchParameters &parameters, QString *error);
    // The stored run `runId` as the baseline (a run read again, compared with
    // the baseline it ran against: BenchParameters::baselineRunId). False with
    // *error when it is no longer stored.
    bool loadRun(storage::Database &database, qint64 runId, QString *error);
    // The member of a run request at fault when load() failed: the first
    // FACTOR*baseline threshold ("thresholds[i]"), else "compare_baseline".
    static QString faultyMember(const model::BenchParameters &parameters);
    bool isLoaded() const { return m_loaded; }
    qint64 baselineRunId() const { return m_run.id; }

    // After the run: "Compared with the baseline, run 3 (GET ...), at 95%
    // confidence:" then a line each for requests/s and p99 (indented two
    // blanks), and a line naming the parameters that differ, if any.
    QStringList lines(
        const model::BenchParameters &parameters, const model::RunComparison::Figures &run) const;
    // The same as JSON: {"baseline_run", "target", "confidence",
    // "requests_per_second" and "p99_ms": {"verdict" ("faster", "slower",
    // "no significant change", "cannot tell"), "ratio", "low", "high" (the
    // interval of the ratio), "value" (this run's), "baseline_value",
    // "reason" (cannot tell only)}, "differences": ["-c: baseline 2, this run 3"]}.
    QJsonObject toJson(
        const model::BenchParameters &parameters, const model::RunComparison::Figures &run) const;
    // A finished run read again (GET /api/runs/{id}): "thresholds" (bench
    // --json's form: model::ThresholdVerdict checked against the run's
    // baselineRunId, when it had one and it is still stored) and, for a run
    // with compareBaseline, "baseline_comparison" (toJson(), or {"error"}
    // when its baseline is no longer stored). Empty for a run with neither.
    static QJsonObject storedVerdicts(storage::Database &database, const storage::StoredRun &run,
        const model::RunComparison::Figures &figures);
    // For ThresholdVerdict::check; null before load().
    const model::ThresholdBaseline *thresholdBaseline() const { return m_loaded ? &m_threshold : nullptr; }

private:
    bool take(storage::Database &database, const storage::StoredRun &run, QString *error);

    bool m_loaded = false;
    storage::StoredRun m_run;
    model::RunComparison::Figures m_figures;
    model::ThresholdBaseline m_threshold;
};

} // namespace hostbench::runs
