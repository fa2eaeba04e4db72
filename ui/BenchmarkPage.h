#pragma once

#include "instance/ConnectProbe.h"
#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"
#include "runs/RecordedRun.h"
#include "ui/BenchEngineWatch.h"
#include "ui/BenchmarkFields.h"
#include "ui/BenchmarkForm.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QVariant>
#include <QWidget>

#include <memory>
#include <optional>

namespace hostbench::runs {
class BaselineCheck;
class RunService;
}
namespace hostbench::storage {
class Database;
class RunReader;
class RunWriter;
}

namespace hostbench::ui {

class AppSettings;
class EngineController;

/*
 * The Benchmark page: target URL (an editable list of the running engine's
 * sites), concurrency, a number of requests or a duration, keep-alive and
 * generator threads; the open model's rate, a warm-up and the request
 * timeout; the method, headers, a body (text or a file) and its content
 * type, each read as `hostbench-cli bench` reads its flag (model::BenchInput),
 * a bad one with its error beside it, its tab marked, and Start held back
 * with the reason in its tip and in the state line; Start (which first tries one connection to the target,
 * ConnectProbe, and shows a refusal under the URL) and Stop, a progress bar, live charts of
 * requests/s and latency, and when the run ends the ab-style report. The
 * run is stored as it goes, as bench stores it (runs::RecordedRun). When the target
 * is this window's own engine, each poll also samples the engine
 * (EngineController::metricsNow()) and the charts show its requests/s and
 * service time beside the client's, and the gap between the client's
 * latency and the service time (a figure and a series).
 *
 * While an open-model run goes, Pause and Resume it and a new rate (Apply)
 * changes it as PATCH /api/runs/{id} does (runs::RecordedRun::change); the
 * charts draw the plan from the change on (and the samples' planned rate:
 * 0 while paused, a step at each new rate). With Find capacity ticked
 * (Thresholds tab), Start runs a capacity search as bench --find-capacity,
 * through a runs::RunService of the page's own (as the control API runs
 * one), stored as one run: its steps fill a table as they end, and its
 * end says the capacity found (a lower bound when stopped early).
 *
 * The LoadGenerator runs in this process on its own threads; this page
 * polls it every kPollIntervalMs (takeSamples(), progress(), isFinished())
 * and never waits for a live run.
 *
 * The widgets and their layout are the form's (BenchmarkForm::setupForm);
 * this class gives them their behaviour: the form's side (fields read with
 * BenchmarkFields, the target, Start) in BenchmarkPage.cpp and
 * BenchmarkPageSettings.cpp, the run's (poll, stop, end, figures, report)
 * in BenchmarkPageRun.cpp, its pause and rate in BenchmarkPageControl.cpp,
 * a capacity search's in BenchmarkPageCapacity.cpp, the engine's side of a
 * run in BenchEngineWatch.
 *
 * Thread: GUI thread.
 */
class BenchmarkPage final : public QWidget, private BenchmarkForm
{
    Q_OBJECT

public:
    static constexpr int kPollIntervalMs = 100;

    BenchmarkPage(storage::Database &database, AppSettings &settings, EngineController &engine,
        QWidget *parent = nullptr);
    ~BenchmarkPage() override;

    // A run or a capacity search goes.
    bool isRunning() const { return m_run != nullptr || m_searchId != 0; }
    // The open-model run going is paused (Pause).
    bool isPaused() const;
    // The capacity search going: its stored run's id (runs::RunService); 0 when none goes.
    qint64 searchId() const { return m_searchId; }
    // The run under way (or the last one) targets this window's engine: its side is charted.
    bool watchesEngine() const { return m_watchEngine; }
    // Start was pressed and the target is being tried (ConnectProbe).
    bool isConnecting() const;
    // The run the form describes, the target resolved (TargetResolver); a
    // body file is read now. What a bad field holds is left at its default.
    model::BenchParameters parameters() const;
    // The sentence that keeps Start from starting (the first bad field's), or empty.
    const QString &fieldProblem() const { return m_fieldProblem; }
    // Offers the sites of the running engine in the URL list.
    void refreshTargets();

    // Tries one connection to the target, then starts the run; false when
    // nothing is started (a run is live, or the URL is refused at once).
    bool startRun();
    void stopRun();
    // The open-model run going: Pause or Resume (as the button), a new rate
    // (as Apply, from the new rate field: a bad one shown beside it). False,
    // with the reason beside the field, when nothing changed.
    bool togglePause();
    bool applyRate();
    // The summary of the last run that ended (empty before).
    const model::RunSummary &lastSummary() const { return m_lastSummary; }
    const model::BenchParameters &lastParameters() const { return m_running; }

signals:
    void runningChanged(bool running);
    // The run ended; `runId` is its row in the database, 0 if it could not be stored.
    void runFinished(qint64 runId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private slots:
    void runStored(qint64 runId, const QString &error);

private:
    // Empty if a request got a 2xx or 3xx answer (or nothing ran); else what
    // the user is told, with the statuses that came instead.
    static QString noneSucceeded(const model::RunSummary &summary);

private:
    model::BenchParameters parametersWith(const BenchmarkFields &fields) const;
    // Shows `fields`' problems beside their fields and on their tabs; true when none.
    bool showFieldProblems(const BenchmarkFields &fields);
    void fieldsEdited();
    void browseBodyFile();
    // The state line: `text`, unless a bad field keeps Start from starting.
    void setState(const QString &text);
    void showState();
    static QString noEngineHint();
    void reserveHintRoom();
    void probeFinished(const QString &error);
    void launch(const model::BenchParameters &wanted);
    // The baseline the run needs (BaselineCheck::needed), read before it
    // starts, on m_baselineReader's thread; then baselineRead() launches the
    // run, or shows the reason under the Thresholds field when its target has none.
    void readBaseline(const model::BenchParameters &wanted);
    void baselineRead(model::BenchParameters wanted, std::shared_ptr<runs::BaselineCheck> baseline);
    // The run itself, its baseline (if any) read.
    void launchRun(const model::BenchParameters &wanted);
    // The thresholds' lines and the state line, and the verdict's lines under the report.
    void showVerdicts(const model::RunSummary &summary, const model::LatencyHistogram &histogram,
        const QList<model::BenchSample> &samples, qint64 takenMs);
    void poll();
    void finish();
    // The open model's controls (BenchmarkPageControl.cpp): their state, and
    // the plan drawn from `atSeconds` (into the measured part) on.
    void updateRunControls();
    void showPlanFrom(double atSeconds);
    double runSeconds() const; // into the measured part of the run going
    // A capacity search, run by m_service (BenchmarkPageCapacity.cpp).
    void launchSearch(const model::BenchParameters &wanted);
    void pollSearch();
    void searchEnded(qint64 id, const runs::RecordedRun::Result &result);
    QString searchOutcome(const model::RunSummary &summary) const;
    void updateState();
    void updateHint();
    void showError(const QString &message);
    void showFigures(quint64 requests, double rate, double p50Ms, double p99Ms, quint64 failed);
    void showEngineFigures(double serviceP50Ms, double serviceP99Ms, double clientP50Ms);
    // `last`: the run has ended; taken whatever the time since the previous one.
    void sampleEngine(const QList<model::BenchSample> &samples, bool last = false);
    struct FormSetting
    {
        QString key; // in AppSettings
        QWidget *field;
        QVariant fallback; // the field's value when nothing is stored
    };
    QList<FormSetting> formSettings() const;
    void restoreForm();
    void saveForm();

    storage::Database &m_database;
    AppSettings &m_settings;
    EngineController &m_engine;

    // The run's samples and end are written on this thread of its own (the
    // window never waits on a commit during a run); declared before m_run,
    // so that a run destroyed with the page has its last writes queued first.
    std::unique_ptr<storage::RunWriter> m_writer;
    std::unique_ptr<runs::RecordedRun> m_run;
    std::shared_ptr<runs::BaselineCheck> m_baseline; // the run's, when it needs one
    // Reads the baseline on a thread of its own (a baseline of an hour holds
    // 36,000 samples: the window does not wait on them); m_readingBaseline
    // while it does, m_baselineTicket the read whose answer counts (Stop
    // and a new Start make the one under way count for nothing).
    std::unique_ptr<storage::RunReader> m_baselineReader;
    bool m_readingBaseline = false;
    quint64 m_baselineTicket = 0;
    // Capacity searches run here as the control API runs them (its RunService
    // of its own, made at the first); m_searchId is the one going.
    std::unique_ptr<runs::RunService> m_service;
    qint64 m_searchId = 0;
    model::BenchParameters m_running;
    QElapsedTimer m_runClock; // from the run's start (the warm-up's), for the plan drawn after a change
    bool m_controlled = false; // the run going was paused or given a rate
    std::optional<double> m_rateSet; // the last rate given to it
    QTimer m_poll;
    ConnectProbe *m_probe = nullptr;
    model::BenchParameters m_probing;
    quint64 m_completed = 0;
    quint64 m_failed = 0;
    model::RunSummary m_lastSummary;
    bool m_watchEngine = false;
    BenchEngineWatch m_engineWatch; // the engine's side of a run of this window's engine
    QStringList m_offeredUrls;
    QString m_stateText; // what the state line says when no field is bad
    QString m_fieldProblem;
    QString m_fieldProblemWhere; // "Rate on the Timing tab"
    bool m_hadBody = false; // the body was given at the last edit (a new one makes a GET a POST)
};

} // namespace hostbench::ui
