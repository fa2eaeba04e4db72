#pragma once

#include "model/BenchParameters.h"
#include "model/CapacitySearch.h"
#include "runs/RecordedRun.h"

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace hostbench::bench {
class LoadGenerator;
}
namespace hostbench::storage {
class Database;
}

namespace hostbench::runs {

/*
 * bench --find-capacity (issue #28): a capacity search run step by step
 * and stored as one run. model::CapacitySearch picks each step's rate;
 * each step is an open-model run of the load generator at that rate, with
 * the parameters' connections, request and timeout: parameters.warmupMs
 * not judged (and not sampled), then findCapacity.stepMs judged by the
 * SLOs (CapacitySearch::judge). The next step starts when one has ended,
 * on fresh connections.
 *
 * Storing (given a database): one run, its row before the first step (the
 * parameters with their find_capacity plan), the judged parts' 100 ms
 * samples back to back as they come (index and elapsedMs run on over the
 * steps; the warm-ups are not in them), and at the end the summary and
 * histogram of the step at the capacity (the highest rate that passed, or
 * the first step when none did) with the step table in
 * RunSummary::capacity. stop() ends the search after the step under way
 * (left out of the table, the run interrupted).
 *
 * Thread: the thread that creates it, which polls it from its own timer;
 * the load generator runs on threads of its own. No signals.
 */
class CapacityRun final
{
public:
    // `database` null: nothing is stored. It must outlive the run.
    explicit CapacityRun(storage::Database *database);
    ~CapacityRun(); // a step still going is stopped and waited for
    CapacityRun(const CapacityRun &) = delete;
    CapacityRun &operator=(const CapacityRun &) = delete;

    // Stores the run's row and starts the first step at parameters.rate
    // (above 0). parameters.findCapacity.slo: each parsed by
    // CapacitySearch::parseSlo before (one that does not parse is left out).
    RecordedRun::Start start(const model::BenchParameters &parameters, QString *error);
    // Stores the intervals completed since the last call; when a step has
    // ended, judges it and starts the next (or ends the search).
    void poll();
    // The steps judged since the last call, in order (bench prints them).
    QList<model::CapacityStep> takeSteps();
    // The samples of the judged parts taken since the last call, renumbered
    // as stored (the window's live charts). The rate of the step under way.
    QList<model::BenchSample> takeSamples();
    double stepRate() const { return m_stepRate; }
    bool isFinished() const; // the search is over (or was never started)
    void stop(); // ends the search after the step under way; owner thread
    qint64 runId() const;

    // Once isFinished(): the run as stored (summary.capacity the step
    // table), samples of every step. Result::error: a step's load
    // generator failed (no descriptors, HTTP/2 refused); nothing is kept.
    RecordedRun::Result finish();

private:
    bool startStep(double rate, QString *error);
    void endStep();

    storage::Database *m_database;
    std::unique_ptr<bench::LoadGenerator> m_generator;
    model::BenchParameters m_parameters;
    QList<model::Threshold> m_slos;
    std::optional<model::CapacitySearch> m_search;
    qint64 m_runId = 0;
    double m_stepRate = 0;
    bool m_stepping = false; // a step's generator was started and not yet judged
    bool m_stopped = false;
    bool m_finished = true;
    int m_indexOffset = 0; // samples of the steps before
    qint64 m_elapsedOffsetMs = 0;
    QList<model::BenchSample> m_samples; // every step's, renumbered
    qsizetype m_samplesTaken = 0; // by takeSamples()
    QList<model::CapacityStep> m_fresh;
    model::CapacityResult m_result;
    model::RunSummary m_summary; // of the step at the capacity (or the first)
    model::LatencyHistogram m_histogram;
    QString m_error;
    bool m_samplesStored = true;
    QString m_sampleError;
};

} // namespace hostbench::runs
