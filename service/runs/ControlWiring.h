#pragma once

#include "control/ControlApi.h"
#include "model/SiteChange.h"

#include <QHostAddress>
#include <QString>

#include <functional>
#include <memory>

namespace hostbench::storage {
class Database;
}

namespace hostbench::runs {

class RunService;

/*
 * The control API as the window and `hostbench-cli serve` both wire it, in
 * one place: the token from the data folder (ControlToken), the stored
 * sites' routes (storage::SiteEdits, each change that is done handed to the
 * engine's reload), the benchmark runs (RunService), the engine's start,
 * stop and metrics, and the control.endpoint file through which
 * hostbench-cli finds the instance. What each says to its user (a status
 * line, stdout) stays with the caller.
 *
 * The destructor removes control.endpoint (if it still names this API),
 * closes the API and stops the runs still going (stored as interrupted).
 *
 * Thread: the thread that runs the event loop (the GUI thread, serve's main
 * thread); the API's callbacks are called there.
 */
class ControlWiring final
{
public:
    struct Engine
    {
        control::ControlApi::MetricsSource metrics; // HttpServer::metrics
        QString url; // where the engine serves now; empty while stopped
        std::function<bool(QString *reason)> reload; // the stored sites again, as SIGHUP does
        std::function<bool(QString *reason)> start; // true when running already
        std::function<void()> stop;
    };
    // Called after a site change through the API, once it is stored and the
    // reload was tried: change.reloadError is the reload's failure, if any.
    using SiteChanged = std::function<void(const model::SiteChange &change)>;

    // `database` null: no site or run routes (serve --site). `tokenFolder`:
    // the data folder, which keeps the token and control.endpoint.
    ControlWiring(
        Engine engine, storage::Database *database, QString tokenFolder, SiteChanged siteChanged = {});
    ~ControlWiring();
    ControlWiring(const ControlWiring &) = delete;
    ControlWiring &operator=(const ControlWiring &) = delete;

    // Loads (or makes) the token, builds the API and listens on address:port
    // (0: any free port). `tokenRequired`, or the stored setting
    // ControlApi::kTokenForMetricsSetting, makes /metrics need the token too.
    // False, with the reason in *error, when the token cannot be had or the
    // port cannot be listened on; nothing is left open then.
    bool listen(const QHostAddress &address, quint16 port, bool tokenRequired, QString *error);
    // After listen(): control.endpoint names this API; false with *error.
    bool writeEndpoint(QString *error);

    quint16 port() const; // 0 when not listening
    bool tokenForMetrics() const { return m_tokenForMetrics; }
    QString tokenFile() const; // where the token is kept
    void setEngineUrl(const QString &url);

private:
    Engine m_engine;
    storage::Database *m_database;
    QString m_tokenFolder;
    SiteChanged m_siteChanged;
    std::unique_ptr<RunService> m_runs;
    std::unique_ptr<control::ControlApi> m_api;
    QHostAddress m_address;
    bool m_tokenForMetrics = false;
    bool m_endpointWritten = false;
};

} // namespace hostbench::runs
