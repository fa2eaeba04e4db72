#pragma once

#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli runs [--data-dir DIR] [--limit N]`: the stored benchmark
 * runs, newest first, one line each. Returns 1 when the data folder cannot
 * be opened. Thread: the main thread.
 */
class RunsCommand final
{
public:
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
