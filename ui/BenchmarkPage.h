#pragma once

#include "model/BenchParameters.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <memory>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace hostbench::bench {
class LoadGenerator;
}
namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class AppSettings;
class BenchCharts;
class ConnectProbe;
class EngineController;
class FieldError;

/*
 * The Benchmark page: target URL (an editable list of the running engine's
 * sites), concurrency, a number of requests or a duration, keep-alive and
 * generator threads; Start (which first tries one connection to the target,
 * ConnectProbe, and shows a refusal under the URL) and Stop, a progress bar, live charts of
 * requests/s and latency, and when the run ends the ab-style report; the
 * run is then stored (Database::saveRun, with its samples).
 *
 * The LoadGenerator runs in this process on its own threads; this page
 * polls it every kPollIntervalMs (takeSamples(), progress(), isFinished())
 * and never waits for a live run.
 *
 * Thread: GUI thread.
 */
class BenchmarkPage final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kPollIntervalMs = 100;

    BenchmarkPage(storage::Database &database, AppSettings &settings, EngineController &engine,
        QWidget *parent = nullptr);
    ~BenchmarkPage() override;

    bool isRunning() const { return m_generator != nullptr; }
    // Start was pressed and the target is being tried (ConnectProbe).
    bool isConnecting() const;
    // The run the form describes, the target resolved (TargetResolver).
    model::BenchParameters parameters() const;
    // Offers the sites of the running engine in the URL list.
    void refreshTargets();

    // Tries one connection to the target, then starts the run; false when
    // nothing is started (a run is live, or the URL is refused at once).
    bool startRun();
    void stopRun();

signals:
    void runningChanged(bool running);
    // The run ended; `runId` is its row in the database, 0 if it could not be stored.
    void runFinished(qint64 runId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static QString noEngineHint();
    void reserveHintRoom();
    void probeFinished(const QString &error);
    void launch(const model::BenchParameters &wanted);
    void poll();
    void finish();
    void updateState();
    void updateHint();
    void showError(const QString &message);
    void showFigures(quint64 requests, double rate, double p50Ms, double p99Ms, quint64 failed);
    void restoreForm();
    void saveForm();

    storage::Database &m_database;
    AppSettings &m_settings;
    EngineController &m_engine;

    std::unique_ptr<bench::LoadGenerator> m_generator;
    model::BenchParameters m_running;
    QTimer m_poll;
    ConnectProbe *m_probe = nullptr;
    model::BenchParameters m_probing;
    quint64 m_completed = 0;
    quint64 m_failed = 0;
    QStringList m_offeredUrls;

    QComboBox *m_url = nullptr;
    FieldError *m_urlError = nullptr;
    QLabel *m_hint = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QRadioButton *m_byRequests = nullptr;
    QSpinBox *m_requests = nullptr;
    QRadioButton *m_byDuration = nullptr;
    QSpinBox *m_duration = nullptr;
    QCheckBox *m_keepAlive = nullptr;
    QSpinBox *m_threads = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_state = nullptr;
    QLabel *m_liveRequests = nullptr;
    QLabel *m_liveRate = nullptr;
    QLabel *m_liveLatency = nullptr;
    QLabel *m_liveFailed = nullptr;
    QLabel *m_error = nullptr;
    BenchCharts *m_charts = nullptr;
    QPlainTextEdit *m_report = nullptr;
};

} // namespace hostbench::ui
