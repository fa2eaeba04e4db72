#pragma once

#include "cli/BenchCommand.h"

#include <QString>

namespace hostbench::runs {
class CapacityRun;
}

namespace hostbench::cli {

/*
 * `bench --find-capacity` once its flags are read (BenchCommand parses
 * them): the search (runs::CapacityRun) polled to its end, each step's
 * line on stderr as it ends, then the step table and the capacity on
 * stdout (ReportPrinter::capacity), the store's outcome and the output
 * files (--json, --csv, -e as for any run; the JSON with "capacity").
 * Exit status: 0 when a capacity was found; 4 (kExitFirstStepFailed) when
 * the first step already failed an SLO, said with its figures; 1 when a
 * step could not run, the run could not be stored or written, or the
 * search was stopped (SIGINT) before its first step ended.
 * Thread: the main thread.
 */
class CapacityBench final
{
public:
    static constexpr int kExitFirstStepFailed = 4;

    // Starts `run` (not started yet) with options.parameters and polls it to its end; the exit status.
    static int run(runs::CapacityRun &run, const BenchCommand::Options &options, const QString &databasePath);
};

} // namespace hostbench::cli
