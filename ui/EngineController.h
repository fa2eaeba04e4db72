#pragma once

#include "instance/EngineHistory.h"
#include "instance/Instance.h"
#include "instance/PhpFpmPool.h"
#include "model/MetricsSnapshot.h"
#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class AppSettings;

/*
 * The window's handle on its service::Instance (the engine, the control API,
 * its runs, token and endpoint file, as `hostbench-cli serve` runs them):
 * serves the stored sites, opens the control API as AppSettings say
 * (127.0.0.1, its port or, with the Server page's fallback, the next free
 * one; the engine runs without it when that port is taken) with the status
 * line the Server page shows, reloads the sites after an edit, and samples
 * HttpServer::metrics() every kMetricsIntervalMs (the workers never call
 * back: the GUI pulls). Rates are derived from two consecutive samples;
 * history() keeps the last hour of them for the charts.
 *
 * Thread: GUI thread; the engine's workers run on their own threads.
 */
class EngineController final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMetricsIntervalMs = 500;

    EngineController(storage::Database &database, AppSettings &settings, QObject *parent = nullptr);
    ~EngineController() override;

    // Starts serving the stored sites, none of them inside the data folder
    // (ServerConfig::dataFolder set to the database's folder). False with a
    // reason in *error (port in use, bad address, no site, a document root
    // missing, or one that exposes the system or the data folder:
    // SiteValidator::checkExposure).
    bool start(const model::ServerConfig &config, QString *error);
    void stop();
    bool isRunning() const;
    // Hands the stored sites to the running engine; true when stopped. False
    // with the reason in *error, the engine keeping the sites it had, when
    // it cannot take them: one exposes the system or the data folder
    // (SiteValidator::checkExposure), or a log cannot be opened
    // (HttpServer::checkLogFiles).
    bool reloadSites(QString *error = nullptr);
    // Where sites with an empty log path log (DataFolder::logsPath()); none: they do not log.
    void setLogsFolder(const QString &path) { m_logsFolder = path; }
    // The data folder, where the control API's token lives (ControlToken);
    // none: the control API does not start.
    void setTokenFolder(const QString &path) { m_instance.setDataFolder(path); }

    QString url() const; // "http://127.0.0.1:8080/"; empty when stopped
    QString listenAddress() const;
    quint16 port() const; // 0 when stopped
    // The HTTPS listener's URL ("https://127.0.0.1:8443/"; ServerConfig::tlsEnabled), and
    // why sites have no certificate of their own (HttpServer::tlsWarnings); empty when stopped or without it.
    QString tlsUrl() const;
    QStringList tlsWarnings() const;
    // The running engine serves HTTP/2 (ServerConfig::http2Enabled); false when stopped.
    bool servesHttp2() const;
    int threadCount() const;
    // Running, but not on the port the configuration asked for: that one was
    // taken and the server took the next free one (ServerConfig::portFallback).
    bool servesAnotherPort() const
    {
        return isRunning() && m_requestedPort != 0 && port() != m_requestedPort;
    }
    quint16 requestedPort() const { return m_requestedPort; } // of the last start; 0: any free port

    // The control API lives with the window, not with the engine: opened at
    // the window's start and again at each engine start (as set on the
    // Server page then: enabled, port), it answers while the engine is
    // stopped too, so that POST /api/engine/start can reach it. `starter`
    // starts the engine as the Server page's Start does; false with *error.
    void setEngineStarter(std::function<bool(QString *error)> starter)
    {
        m_engineStarter = std::move(starter);
    }
    // Where GET|PUT /api/engine/settings read and keep the settings
    // (service::Instance::SettingsKeeper; the window: its Server page).
    void setSettingsKeeper(service::Instance::SettingsKeeper keeper)
    {
        m_instance.setSettingsKeeper(std::move(keeper));
    }
    void openControlApi();

    // "Control API on http://127.0.0.1:8079/api/status", or why it is not running.
    QString controlApiStatus() const { return m_controlApiStatus; }
    quint16 controlApiPort() const; // 0 when not listening
    // False when it was wanted but could not listen (port taken...).
    bool controlApiFailed() const { return m_controlApiFailed; }

    // The sites' apps as the engine runs them (their states, appChanged(),
    // retry() after one gave up; the test-only timing).
    service::AppSupervisor &apps() { return m_instance.apps(); }

    // The last sample, and the rate of requests between the last two.
    const model::MetricsSnapshot &metrics() const { return m_metrics; }
    double requestsPerSecond() const { return m_requestsPerSecond; }
    // The PHP-FPM pool of the "auto" sites: state(), message(), phpVersion() (phpChanged()).
    const service::PhpFpmPool &php() const { return m_instance.php(); }
    // The samples of the last hour (since the window opened), as points per span.
    const EngineHistory &history() const { return m_history; }
    // A sample taken now, outside the timer (the Benchmark page's 100 ms
    // polls); its cost is a sum over the workers' counters (about 24k per
    // worker), no lock. Empty counters while stopped.
    model::MetricsSnapshot metricsNow() const;
    // The clock of history()'s points: ms since the controller was made.
    qint64 clockMs() const { return m_clock.elapsed(); }

signals:
    void runningChanged(bool running);
    // A site was created, changed or removed through the control API (and
    // handed to the engine): the Sites page shows it at once.
    void sitesEditedRemotely();
    // The engine took the stored sites again (reloadSites(): an edit in the
    // window, through the control API, or POST /api/engine/reload after the
    // database changed elsewhere): what it serves, and the files it logs to, may differ.
    void sitesReloaded();
    // A new metrics sample, every kMetricsIntervalMs while running.
    void metricsSampled();
    // A run through the control API was started, stored or removed: the Runs page reads the list again.
    void runsEditedRemotely();
    // The PHP-FPM pool's state, message or version changed (php()).
    void phpChanged();

private:
    void startControlApi();
    quint16 controlListenPort(quint16 port) const;
    void stopped();
    void sample();
    bool sitesToServe(QList<model::VirtualHost> *hosts, QString *error);

    std::function<bool(QString *)> m_engineStarter;
    quint16 m_controlApiPortWanted = 0; // the port setting the open API was made with
    storage::Database &m_database;
    AppSettings &m_settings;
    QString m_logsFolder;
    // The engine and the control API, as serve runs them; its POST /api/runs
    // benchmarks run beside the Benchmark page, stored as it stores its own.
    service::Instance m_instance;
    QString m_controlApiStatus;
    bool m_controlApiFailed = false;
    quint16 m_requestedPort = 0;
    QTimer m_timer;
    QElapsedTimer m_sampledAt;
    QElapsedTimer m_clock;
    EngineHistory m_history;
    model::MetricsSnapshot m_metrics;
    double m_requestsPerSecond = 0;
};

} // namespace hostbench::ui
