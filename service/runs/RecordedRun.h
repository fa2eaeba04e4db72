#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunChange.h"
#include "model/RunSummary.h"

#include <QList>
#include <QString>

#include <memory>

namespace hostbench::bench {
class LoadGenerator;
}
namespace hostbench::storage {
class Database;
class RunWriter;
}

namespace hostbench::runs {

/*
 * One benchmark run from its start to its storing: the one run sequence of
 * `hostbench-cli bench`, the window's Benchmark page, the control API's runs
 * (RunService) and the shootout.
 *
 * Given a database, the run is stored as it goes: its row before the first
 * request (Database::beginRun, started at now + the warm-up), each
 * interval's samples as poll() takes them (appendSamples), the summary and
 * the latency histogram at the end (finishRun). Killed midway (kill -9, a
 * crash, the machine), the file keeps the run as broken off with its
 * samples, so at most the last interval is lost. A run whose load generator
 * fails (no descriptors left) is removed again: what was measured until
 * then says little, and ab stores nothing either.
 *
 * With a RunWriter (the window), only the row is written by the caller's
 * thread, at start(); the samples, the end and a removal go to the writer's
 * thread, and finish() returns with storePending: the writer's stored()
 * says later whether the run is stored.
 *
 * Thread: the thread that creates it, which polls it from its own timer
 * (bench, the window and RunService every 100 ms); the load generator runs
 * on threads of its own. No signals.
 */
class RecordedRun final
{
public:
    struct Result
    {
        model::RunSummary summary; // also when the run broke off
        QList<model::BenchSample> samples; // every interval, oldest first
        model::LatencyHistogram histogram; // µs; with a rate, corrected for coordinated omission
        qint64 runId = 0; // the stored run; 0: no database, broke off, or not stored (storeError)
        QString error; // the load generator's: the run broke off, and nothing is kept of it
        QString storeError; // the database's, when the finished run could not be stored
        // With a RunWriter: runId is set and the end is queued; RunWriter::stored(runId, error) tells.
        bool storePending = false;
    };

    // `database` null: nothing is stored (bench --no-store). It must outlive the run.
    // `writer` (open, on `database`'s file) takes the writes after the row's.
    explicit RecordedRun(storage::Database *database, storage::RunWriter *writer = nullptr);
    ~RecordedRun(); // a run still going is stopped and waited for; its row stays broken off
    RecordedRun(const RecordedRun &) = delete;
    RecordedRun &operator=(const RecordedRun &) = delete;

    enum class Start {
        Started,
        NotStored, // the database could not store the run's row: *error is its error; nothing ran
        NotStarted, // the load generator refused to start: *error says why; nothing stays stored
    };
    // Stores the run's row, then starts the load generator. Once only.
    Start start(const model::BenchParameters &parameters, QString *error);
    // The intervals completed since the last call, oldest first, stored as they come.
    QList<model::BenchSample> poll();
    bool isFinished() const; // the generator has ended (or was never started)
    double progress() const; // 0..1
    void stop(); // asks the run to end early (its summary says interrupted); any thread
    // The open model while it goes: a new rate, then a pause or a resume
    // (model::RunChange; bench::LoadGenerator::setRate(), pause(), resume()).
    // False with the reason, nothing changed, for the closed model, a run
    // that has ended and a bad rate. The samples show it (plannedRate, pausedMs).
    bool change(const model::RunChange &change, QString *error);
    bool isPaused() const;
    double plannedRate() const; // requests/s now, 0 while paused; -1 for the closed model
    qint64 runId() const; // the stored row since start(); 0 without a database

    // Once isFinished(): waits for the generator's threads, stores the last
    // intervals, the summary and the histogram, and gives them back. Once only.
    Result finish();

private:
    storage::Database *m_database;
    storage::RunWriter *m_writer;
    std::unique_ptr<bench::LoadGenerator> m_generator;
    qint64 m_runId = 0;
    bool m_samplesStored = true; // false after a failed appendSamples: the run is not finished as stored
    QString m_sampleError;
};

} // namespace hostbench::runs
