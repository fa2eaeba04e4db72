#pragma once

#include "control/ControlApi.h"
#include "model/BenchParameters.h"
#include "model/RunSummary.h"
#include "runs/RecordedRun.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <map>
#include <memory>
#include <optional>

namespace hostbench::storage {
class Database;
class RunWriter;
}

namespace hostbench::runs {

class CapacityRun;

/*
 * The benchmark runs of the control API (POST/GET/DELETE /api/runs), for
 * serve and for the window:
 * each run is a RecordedRun, stored as `bench` stores it, as it goes
 * (beginRun, the samples every kPollMs, finishRun), so that
 * `hostbench-cli runs` and the window list it. Only the run's row is
 * written on the owner's thread, at the start: the samples, the end and a
 * removal go to a storage::RunWriter (its own thread and connection, as the
 * Benchmark page's), so that no commit and no fdatasync stall the thread
 * that runs the window or serve's event loop; a run whose end is still being
 * written reads "stopping" or "running". Without a writer (it could not open
 * the database's file) the writes are made on the owner's thread, as before.
 * A run whose generator fails
 * (too many open files) is removed, as bench removes it, and reported
 * "failed" until serve exits. At destruction the runs still going are
 * stopped and stored as interrupted (the writer writes its queue before it ends).
 *
 * A run's JSON: {id, state (running, stopping, finished, interrupted, aborted
 * (--abort-on-fail stopped it),
 * broken off: stored unfinished by a process that ended, failed),
 * started_at_ms, parameters (control::RunRequestJson's form), summary once
 * finished (bench --json's figures), samples [bench::JsonReport::sampleToJson],
 * error, and once finished "thresholds" checked against the baseline it ran
 * with and, with "compare_baseline", "baseline_comparison"
 * (BaselineCheck::storedVerdicts); while an open-model run goes: paused,
 * planned_rate (requests/s now)}. PATCH changes such a run (change()); its
 * samples show it (planned_rate, paused_ms).
 *
 * A run with "find_capacity" (bench --find-capacity) is a runs::CapacityRun,
 * whose steps are stored on the owner's thread (no writer); its summary has
 * the step table ("capacity").
 *
 * Thread: the main thread (its event loop runs the poll timer).
 */
class RunService final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPollMs = 100;

    explicit RunService(storage::Database &database, QObject *parent = nullptr);
    ~RunService() override;

    control::ControlApi::Runs callbacks();

    // A run with compareBaseline or a FACTOR*baseline threshold first loads
    // the baseline of its target (BaselineCheck; kept in its parameters as
    // baselineRunId); without one it is refused, 0 with *error and *field
    // ("thresholds[i]" or "compare_baseline").
    qint64 start(const model::BenchParameters &parameters, QString *error, QString *field);
    QJsonArray list();
    std::optional<QJsonObject> show(qint64 id);
    control::ControlApi::Runs::Removal remove(qint64 id, QString *error);
    // PUT or DELETE /api/runs/{id}/baseline: Database::setBaseline or clearBaseline.
    control::ControlApi::Runs::Marking baseline(qint64 id, bool set, QString *error);
    // PATCH /api/runs/{id}: pauses, resumes or sets the rate of a running
    // open-model run (RecordedRun::change); Done fills *answer with
    // liveState()'s members. Refused with the reason: a closed-model run, a
    // capacity search, a run that has ended, a bad rate.
    control::ControlApi::Runs::Changing change(
        qint64 id, const model::RunChange &change, QJsonObject *answer, QString *error);

    // A capacity search of this service under way (the window's step table
    // and charts): the steps judged and the samples taken since the last
    // call (CapacityRun::takeSteps(), takeSamples()) and the rate of the
    // step under way; nullopt when `id` is no search under way.
    struct CapacityProgress
    {
        QList<model::CapacityStep> steps;
        QList<model::BenchSample> samples;
        double stepRate = 0;
    };
    std::optional<CapacityProgress> takeCapacityProgress(qint64 id);

signals:
    // Run `id` has ended, its end stored or handed to the writer: its
    // summary (a search's with the step table), samples and histogram, or
    // its error (RecordedRun::finish(), CapacityRun::finish()). For the
    // window's Benchmark page, which runs its capacity searches here.
    void runEnded(qint64 id, const hostbench::runs::RecordedRun::Result &result);
    // The stored runs changed: a run was started (its row is stored), its
    // end was stored (by the writer thread, or on this thread without one),
    // or a run was removed. For lists that show the stored runs (the
    // window's Runs page); emitted per run, never per sample.
    void runsChanged();

private:
    // A run, or a capacity search ("find_capacity"): one of the two.
    struct Running
    {
        std::unique_ptr<RecordedRun> recorded;
        std::unique_ptr<CapacityRun> capacity;
        bool stopping = false;

        void poll();
        bool isFinished() const;
        void stop();
    };

    void poll();
    void finish(qint64 id, Running &run);
    QString state(qint64 id, bool storedFinished, const model::RunSummary &summary) const;
    // A running open-model run's {"paused", "planned_rate"} (requests/s now); empty for the others.
    QJsonObject liveState(qint64 id) const;
    storage::RunWriter *writer();

    storage::Database &m_database;
    // Before m_running: the runs queue their last writes to it as they go.
    std::unique_ptr<storage::RunWriter> m_writer;
    bool m_writerTried = false;
    std::map<qint64, Running> m_running;
    QHash<qint64, bool> m_storing; // id -> stopping, for runs whose end the writer still writes
    QHash<qint64, QString> m_failed; // id -> why its generator stopped it
    QTimer m_timer;
};

} // namespace hostbench::runs
