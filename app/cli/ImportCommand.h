#pragma once

#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli import k6 RESULT.json [--data-dir DIR]`: reads the output
 * of `k6 run --out json=RESULT.json` (bench::K6Result) and stores it as a
 * run in the data folder, with its 100 ms samples and latency histogram, so
 * that `runs show`, `runs export` and the window's Runs page show it like a
 * run of `bench`. Prints the run's id on stdout, then on stderr one line per
 * reason points were set aside or reordered (K6Result::Notice: count, first
 * line). Returns 0, or 1 with the reason on stderr (an unreadable file, a
 * line that is not k6's format, no request left, a folder that cannot be
 * opened). Thread: the main thread.
 */
class ImportCommand final
{
public:
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
