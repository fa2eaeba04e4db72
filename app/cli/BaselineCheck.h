#pragma once

#include "model/BenchParameters.h"
#include "model/RunComparison.h"
#include "model/Threshold.h"
#include "storage/Database.h"

#include <QString>

#include <optional>

namespace hostbench::cli {

/*
 * bench's baseline (issue #28): `--compare-baseline` and the thresholds
 * FACTOR*baseline (model::Threshold) compare the run with the baseline of
 * its target (model::runTarget: the method and the URL; `runs baseline ID`
 * sets it). load() reads it before the first request, so that a run
 * without one stops before it starts (exit kExitNoBaseline); compare()
 * gives the verdict's lines after the run (model::RunComparison).
 * Thread: the main thread.
 */
class BaselineCheck final
{
public:
    // The target has no baseline (none set, or only other targets have one).
    static constexpr int kExitNoBaseline = 3;

    // The baseline of `parameters`' target, with its samples and histogram,
    // from `database`. False with *error naming the target and the targets
    // that have a baseline (or saying none has), or the database's error.
    bool load(storage::Database &database, const model::BenchParameters &parameters, QString *error);

    // After the run: "Compared with the baseline, run 3 (GET ...), at 95%
    // confidence:" then a line each for requests/s and p99, and a line naming
    // the parameters that differ, if any.
    QString compare(const model::BenchParameters &parameters, const model::RunComparison::Figures &run) const;
    // For ThresholdVerdict::check.
    const model::ThresholdBaseline *thresholdBaseline() const { return m_loaded ? &m_threshold : nullptr; }

private:
    bool m_loaded = false;
    storage::StoredRun m_run;
    model::RunComparison::Figures m_figures;
    model::ThresholdBaseline m_threshold;
};

} // namespace hostbench::cli
