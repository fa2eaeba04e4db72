#pragma once

#include <optional>

namespace hostbench::model {

/*
 * A change to an open-model run while it goes (issue #28; k6's pause,
 * resume and scale): PATCH /api/runs/{id} and the Benchmark page's Pause,
 * Resume and Apply. Either member, or both: a new rate is set first, so
 * that {"paused": false, "rate": N} resumes at N and {"paused": true,
 * "rate": N} pauses and resumes at N later. bench::LoadGenerator::pause(),
 * resume() and setRate() say what each does. Plain value; any thread.
 */
struct RunChange
{
    std::optional<bool> paused; // true: pause; false: resume
    std::optional<double> rate; // requests/s from now on, above 0 and at most BenchInput::kMaxRate

    bool isEmpty() const { return !paused && !rate; }
};

} // namespace hostbench::model
