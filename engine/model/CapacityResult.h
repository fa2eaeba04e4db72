#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <algorithm>

namespace hostbench::model {

/*
 * One step of a capacity search (bench --find-capacity, issue #28): the
 * open-model rate asked for and what its judged part (the step after its
 * warm-up) measured. Plain value; any thread.
 */
struct CapacityStep
{
    double rate = 0; // requests/s asked for
    double achieved = 0; // requests/s completed in the judged part
    double p50Ms = 0; // corrected latency of the judged part (ms)
    double p99Ms = 0;
    quint64 requests = 0; // attempted in the judged part (requests in flight at its end left out)
    quint64 errors = 0; // of those, the ones that did not succeed (Threshold's `errors`)
    bool passed = false;
    // The first SLO that failed (Threshold::text, or CapacitySearch's
    // implicit rps one) and its figure ("p99<10ms: 12.3 ms (< 10 ms)",
    // Threshold::describe without its verdict); empty when passed.
    QString failedSlo;
    QString failedFigure;

    bool operator==(const CapacityStep &) const = default;
};

/*
 * A capacity search's outcome, kept with its run (RunSummary::capacity).
 * Plain value; any thread.
 */
struct CapacityResult
{
    QStringList slo; // the SLOs' texts, in the order given
    QList<CapacityStep> steps; // in the order they ran
    double capacity = 0; // the highest rate that passed; 0 when none did

    bool isEmpty() const { return slo.isEmpty() && steps.isEmpty(); }
    // The search ran and its first step failed: no capacity (bench exits 4).
    bool firstStepFailed() const { return !steps.isEmpty() && !steps.first().passed; }
    // The capacity found is only a lower bound: the search was stopped
    // (`interrupted`), or no step failed (it ended at its highest rate, or
    // after its last step, before a failing rate bounded it).
    bool lowerBound(bool interrupted) const
    {
        if (capacity <= 0)
            return false;
        return interrupted || std::none_of(steps.cbegin(), steps.cend(), [](const CapacityStep &step) {
            return !step.passed;
        });
    }
    bool operator==(const CapacityResult &) const = default;
};

} // namespace hostbench::model
