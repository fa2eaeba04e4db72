#pragma once

#include "BenchWorker.h"
#include "LoadGenerator.h"
#include "RunShared.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace hostbench::bench {

// LoadGenerator's state, shared by LoadGenerator.cpp and LoadGeneratorControl.cpp.
struct LoadGenerator::Private
{
    std::unique_ptr<RunShared> run;
    std::vector<std::unique_ptr<BenchWorker>> workers;
    std::vector<std::thread> threads;
    qint64 startedAtMs = 0;
    std::atomic<bool> stopRequested { false };
    mutable std::optional<model::RunSummary> summary; // built once the run has finished
    mutable model::LatencyHistogram histogram;

    bool finished() const
    {
        return std::all_of(workers.begin(), workers.end(), [](const auto &w) { return w->isFinished(); });
    }
    void buildSummary() const;
};

} // namespace hostbench::bench
