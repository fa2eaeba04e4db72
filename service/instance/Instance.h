#pragma once

#include "model/ServerConfig.h"
#include "model/SiteChange.h"
#include "model/VirtualHost.h"

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace hostbench::http {
class HttpServer;
}
namespace hostbench::storage {
class Database;
}
namespace hostbench::control {
class ControlApi;
}
namespace hostbench::runs {
class RunService;
}

namespace hostbench::service {

class AppSupervisor;
class PhpFpmPool;

/*
 * One running Hostbench, as the window (ui::EngineController) and
 * `hostbench-cli serve` both run it: the engine (http::HttpServer) on the
 * sites its owner gives, and beside it the control API with its token
 * (control::ControlToken, in the data folder), the stored sites' routes
 * (storage::SiteEdits, each change that is done handed to reload()), the
 * benchmark runs (runs::RunService) and the control.endpoint file through
 * which hostbench-cli finds the instance. What each owner says to its user
 * (a status line, stdout) stays with the owner: it listens to the signals.
 *
 * The sites' apps (model::AppCommand, issue #24) run beside the engine
 * (AppSupervisor): they start with it and with each site that gains one at
 * a reload, restart when their command, folder or environment changes,
 * stop with the engine, the site, or this object (whose destructor waits
 * for them, up to the longest grace period: no app outlives Hostbench).
 * Where they log: HOST.app.log beside the site's logs (AppLog::pathFor).
 *
 * The PHP-FPM pool of the data folder (PhpFpmPool, issue #25) runs while a
 * site served has the PHP address "auto": started with the engine (after
 * it gave root up) or at the reload that brings such a site, stopped with
 * the engine or the reload that takes the last one away. The engine is
 * given the sites with "auto" resolved to the pool's socket
 * (PhpFpmSetup::resolved, "unix:DATA/php/php-fpm.sock"); sites() keeps
 * "auto", as stored. No PHP-FPM installed: the pool says so (php().message()),
 * the PHP sites answer 502, the others serve.
 *
 * The control API outlives an engine stop: POST /api/engine/start calls the
 * starter (setEngineStarter(); without one, start() with the last
 * configuration). The destructor removes control.endpoint (if it still names
 * this API), closes the API, stops the runs still going (stored as
 * interrupted), then stops the engine.
 *
 * Errors: every call that can fail returns false with the reason in *error,
 * in English (the window shows it as it comes); nothing is left half started.
 *
 * Thread: the thread that runs the event loop (the GUI thread, serve's main
 * thread); the API's callbacks and every signal come there. The engine's
 * workers run on their own threads and never call back.
 */
class Instance final : public QObject
{
    Q_OBJECT

public:
    // The sites to serve, read at each start() and reload(): false with the
    // reason in *error (the database cannot be read). None: start() fails
    // ("there is no site to serve"), reload() keeps the sites served.
    using SiteSource = std::function<bool(QList<model::VirtualHost> *sites, QString *error)>;

    // `database`: the data folder's, for the API's site and run routes; null:
    // none of them (serve --site). `dataFolder`: keeps the token and
    // control.endpoint.
    Instance(storage::Database *database, QString dataFolder, SiteSource sites, QObject *parent = nullptr);
    ~Instance() override;

    // Serves the sites of the source under `config`; true when running
    // already. False with *error: no site, a site that exposes the system or
    // config.dataFolder (SiteValidator::checkExposure), a log that cannot be
    // opened (HttpServer::checkLogFiles), the port taken, or `afterBind`
    // (HttpServer::start: where serve gives root up) refusing.
    bool start(const model::ServerConfig &config, QString *error,
        const std::function<bool(QString *)> &afterBind = {});
    void stop(); // idempotent; the control API stays
    bool isRunning() const;
    // The sites of the source again, for new requests (as nginx -s reload);
    // true while stopped (the next start reads them). False with *error, the
    // engine keeping the sites it had, when they cannot be served.
    bool reload(QString *error);
    // The sites served since the last start() or reload(), as the source gave them.
    const QList<model::VirtualHost> &sites() const { return m_sites; }
    // The same, as the engine got them: "auto" PHP addresses resolved to the pool's socket.
    const QList<model::VirtualHost> &engineSites() const { return m_engineSites; }

    // Where the token and control.endpoint are kept, for the next openControl().
    void setDataFolder(const QString &path) { m_dataFolder = path; }

    const http::HttpServer &server() const { return *m_server; }
    // The sites' apps: their states (appChanged()), the test-only timing.
    AppSupervisor &apps() { return *m_apps; }
    const AppSupervisor &apps() const { return *m_apps; }
    // The PHP-FPM pool for "auto": its state, message, PHP version (phpChanged()).
    PhpFpmPool &php() { return *m_php; }
    const PhpFpmPool &php() const { return *m_php; }
    // The configuration of the last start() (its dataFolder guards reloads).
    const model::ServerConfig &config() const { return m_config; }

    // How POST /api/engine/start starts the engine (the window: as its Start
    // button does); false with *error.
    void setEngineStarter(std::function<bool(QString *error)> starter) { m_starter = std::move(starter); }

    // Where the engine's settings live for GET|PUT /api/engine/settings:
    // `current` the ones the next start uses (the window: its Server page's
    // fields), `keep` takes new ones before a restart reads them (the window:
    // into its fields and the database; false with *error). Without a keeper
    // (serve): the last start's, kept until the process ends.
    struct SettingsKeeper
    {
        std::function<model::ServerConfig()> current;
        std::function<bool(const model::ServerConfig &config, QString *error)> keep;
    };
    void setSettingsKeeper(SettingsKeeper keeper) { m_keeper = std::move(keeper); }
    // The settings the next start uses (see SettingsKeeper).
    model::ServerConfig settings() const;
    // Keeps `config` (dataFolder is the instance's own, whatever it says)
    // and, while the engine runs, restarts it on them (*restarted). False
    // with *error when the engine does not start on them: it is started
    // again on the settings it had, and those are kept.
    bool applySettings(model::ServerConfig config, bool *restarted, QString *error);

    // Loads (or makes) the token, builds the control API and listens on
    // address:port (0: any free port), closing one opened before.
    // `tokenRequired`, or the stored setting ControlApi::kTokenForMetricsSetting,
    // makes /metrics need the token too. False with *error when the token
    // cannot be had or the port cannot be listened on; nothing is open then.
    bool openControl(const QHostAddress &address, quint16 port, bool tokenRequired, QString *error);
    // After openControl(): control.endpoint names this API; false with *error.
    bool writeEndpoint(QString *error);
    void closeControl(); // removes control.endpoint, stops the API's runs
    bool controlOpen() const { return m_api != nullptr; }
    quint16 controlPort() const; // 0 when not listening
    bool tokenForMetrics() const { return m_tokenForMetrics; }
    QString tokenFile() const; // where the token is kept

signals:
    void runningChanged(bool running);
    // reload() handed `count` sites to the engine.
    void sitesReloaded(int count);
    // A site was created, changed or removed through the control API, stored,
    // and the reload tried: change.reloadError is its failure, if any.
    void siteChanged(const model::SiteChange &change);
    // POST /api/engine/start started, or /stop stopped, the engine.
    void startedRemotely();
    void stoppedRemotely();
    // The control API's runs changed what is stored (runs::RunService::runsChanged).
    void runsChanged();
    // The app of `site` started, exited, waits to start again, stopped or
    // gave up (AppSupervisor::app(site) says which, and why).
    void appChanged(const QString &site);
    // The PHP-FPM pool's state or message changed, or its PHP version became
    // known (php().state(), message(), phpVersion()).
    void phpChanged();

private:
    QString dataFolderOf(const model::ServerConfig &config) const;
    bool loadSites(const model::ServerConfig &config, QList<model::VirtualHost> *sites, QString *error);
    void wireSites(control::ControlApi &api);

    storage::Database *m_database;
    QString m_dataFolder;
    SiteSource m_source;
    std::function<bool(QString *)> m_starter;
    SettingsKeeper m_keeper;
    // APIs closed from inside one of their routes, deleted on the next turn of the event loop.
    std::vector<std::unique_ptr<control::ControlApi>> m_retired;
    std::unique_ptr<http::HttpServer> m_server;
    std::unique_ptr<AppSupervisor> m_apps;
    std::unique_ptr<PhpFpmPool> m_php;
    model::ServerConfig m_config;
    QList<model::VirtualHost> m_sites;
    QList<model::VirtualHost> m_engineSites;
    std::unique_ptr<runs::RunService> m_runs;
    std::unique_ptr<control::ControlApi> m_api;
    QHostAddress m_address;
    bool m_tokenForMetrics = false;
    bool m_endpointWritten = false;
};

} // namespace hostbench::service
