#pragma once

#include "model/BenchParameters.h"
#include "model/RunSummary.h"
#include "model/Threshold.h"

#include <QStringList>

#include <optional>

namespace hostbench::cli {

/*
 * `hostbench-cli bench [flags] URL`: one run of the load generator with
 * ab's flags (-n -t -c -k -m -H -p -T) and wrk's (--threads, --rate,
 * --warmup), printed as ab's report (or wrk's with --format wrk), stored
 * with its interval samples and latency histogram in the data folder
 * (unless --no-store), written as JSON with --json FILE, its interval series
 * as CSV with --csv FILE, and ab's percentile CSV with -e FILE. With
 * --export-k6 FILE it writes a k6 script for the same run (bench::K6Script)
 * and exits 0 without sending a request.
 *
 * --timeout T (BenchFlags::timeout) sets BenchParameters::timeoutMs: a
 * request not answered within it fails as a timeout.
 *
 * Exit codes: 0 once the run has completed with at least one request that
 * succeeded, i.e. a complete response of status 200-399 (failed requests
 * beside it included; a run stopped by SIGINT too); 2 when the run ran but
 * no request succeeded (every one failed, timed out, was unfinished or was
 * answered 1xx, 4xx or 5xx), so that a script notices a dead target; 1 for
 * bad flags, a target that accepts no connection before the first request,
 * more connections than the open-file limit allows (checked first, and
 * again if a socket cannot be opened: EMFILE/ENFILE stops the run, as ab),
 * or an output file (--json, --csv, -e) that cannot be written. The data
 * folder is opened before the first request (unless --no-store): one that
 * cannot be is exit 1 with no request sent; a run that then cannot be saved
 * is reported in full and exits 1 too (before 2). With --threshold EXPR
 * (model::Threshold, repeatable) the report ends with a line per threshold
 * (the value measured, pass or FAIL), and a failed one exits 99 (as k6),
 * before 2. --compare-baseline, and a threshold FACTOR*baseline, read the
 * baseline of the run's target (runs::BaselineCheck) before the first request:
 * without one, exit 3 (runs::BaselineCheck::kExitNoBaseline); the verdict
 * (model::RunComparison) is printed after the report, before the
 * thresholds, and changes no exit status; --json has it as
 * "baseline_comparison" (runs::BaselineCheck::toJson) and its thresholds
 * checked against the baseline. --find-capacity --slo EXPR...
 * runs a capacity search instead of one run (CapacityBench, exit 4 when
 * its first step already fails). Thread: the main thread.
 */
class BenchCommand final
{
public:
    struct Options
    {
        model::BenchParameters parameters;
        QString dataDir; // --data-dir
        QString jsonFile; // --json
        QString csvFile; // --csv: the interval samples
        QString percentFile; // -e: ab's "Percentage served,Time in ms"
        bool wrkFormat = false;
        bool store = true;
        QString k6File; // --export-k6: write the k6 script instead of running
        double k6P99Ms = 1000; // --k6-p99-ms
        QList<model::Threshold> thresholds; // --threshold, in order
        bool compareBaseline = false; // --compare-baseline (BaselineCheck)
        bool needsBaseline = false; // --compare-baseline or a FACTOR*baseline threshold
    };

    // Parses `arguments` (arguments[0] is the program). nullopt with
    // *exitCode when done already (--help: 0; bad flags: 1, message printed).
    static std::optional<Options> parse(const QStringList &arguments, int *exitCode);
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
