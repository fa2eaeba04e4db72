#pragma once

#include "cli/BenchCommand.h"
#include "runs/BaselineCheck.h"
#include "runs/RecordedRun.h"

#include <QString>

namespace hostbench::cli {

/*
 * What `bench` does with a run that ended (BenchCommand.h's exit statuses):
 * ab's (or wrk's) report on stdout, the store's outcome on stderr, the
 * output files, the baseline's verdict and the thresholds' lines.
 * --json has, with a baseline loaded, the thresholds checked against it
 * and, with --compare-baseline, "baseline_comparison"
 * (runs::BaselineCheck::toJson). Thread: the main thread.
 */
class BenchReport final
{
public:
    // The report, the files, the verdicts; the exit status: 0, 1 (not
    // stored, not written), 2 (no request succeeded), 99 (a threshold failed).
    static int report(const runs::RecordedRun::Result &result, const BenchCommand::Options &options,
        const QString &databasePath, const runs::BaselineCheck &baseline);
    // --json, --csv and -e as options ask; false with *error. `baseline`:
    // empty (not loaded) for a run without one (bench --find-capacity's).
    static bool writeFiles(const runs::RecordedRun::Result &result, const BenchCommand::Options &options,
        const runs::BaselineCheck &baseline, QString *error);
};

} // namespace hostbench::cli
