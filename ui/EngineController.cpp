#include "ui/EngineController.h"

#include "control/ControlApi.h"
#include "control/ControlToken.h"
#include "http/HttpServer.h"
#include "model/SiteValidator.h"
#include "runs/ControlWiring.h"
#include "runs/RunService.h"
#include "storage/DataFolder.h"
#include "storage/Database.h"
#include "storage/SiteEdits.h"
#include "ui/AppSettings.h"
#include "ui/PortConflictDialog.h"

#include <QHostAddress>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

EngineController::EngineController(storage::Database &database, AppSettings &settings, QObject *parent)
    : QObject(parent)
    , m_database(database)
    , m_settings(settings)
    , m_server(std::make_unique<http::HttpServer>())
{
    setObjectName(u"engineController"_s);
    m_clock.start();
    m_timer.setInterval(kMetricsIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &EngineController::sample);
}

EngineController::~EngineController()
{
    // The control API reads the server: it goes first.
    stopControlApi();
    m_server->stop();
}

bool EngineController::start(const model::ServerConfig &config, QString *error)
{
    if (m_server->isRunning())
        return true;
    const QList<model::VirtualHost> hosts = sitesToServe();
    if (hosts.isEmpty()) {
        *error = m_database.lastError().isEmpty() ? tr("There is no site to serve: add one in Sites.")
                                                  : m_database.lastError();
        return false;
    }
    // A stored site that would expose the system or the data folder (stored
    // before the rule, or written into the file by hand) stops the start.
    const QString dataFolder = storage::SiteEdits::dataFolder(m_database);
    if (const QString refused = model::SiteValidator::checkExposure(hosts, dataFolder); !refused.isEmpty()) {
        *error = refused;
        return false;
    }
    model::ServerConfig guarded = config;
    guarded.dataFolder = dataFolder;
    if (!m_server->start(guarded, hosts, error))
        return false;
    m_requestedPort = config.port;

    m_metrics = m_server->metrics();
    m_history.add(m_metrics, m_clock.elapsed());
    m_requestsPerSecond = 0;
    m_sampledAt.start();
    m_timer.start();
    openControlApi();
    if (m_controlApi)
        m_controlApi->setEngineUrl(m_server->url());
    emit runningChanged(true);
    emit metricsSampled();
    return true;
}

void EngineController::stop()
{
    if (!m_server->isRunning())
        return;
    m_timer.stop();
    // The control API stays: POST /api/engine/start can start the engine again.
    if (m_controlApi)
        m_controlApi->setEngineUrl({});
    m_server->stop();
    m_metrics = {};
    m_requestsPerSecond = 0;
    emit runningChanged(false);
    emit metricsSampled();
}

bool EngineController::isRunning() const
{
    return m_server->isRunning();
}

bool EngineController::reloadSites(QString *error)
{
    if (!m_server->isRunning())
        return true;
    const QList<model::VirtualHost> hosts = sitesToServe();
    if (hosts.isEmpty())
        return true;
    QString reason = model::SiteValidator::checkExposure(hosts, storage::SiteEdits::dataFolder(m_database));
    if (reason.isEmpty())
        http::HttpServer::checkLogFiles(hosts, &reason);
    if (!reason.isEmpty()) {
        if (error)
            *error = reason;
        return false;
    }
    m_server->reload(hosts);
    emit sitesReloaded();
    return true;
}

QList<model::VirtualHost> EngineController::sitesToServe()
{
    QList<model::VirtualHost> hosts = m_database.virtualHosts();
    if (!m_logsFolder.isEmpty())
        storage::DataFolder::applyDefaultLogPaths(hosts, m_logsFolder);
    return hosts;
}

QString EngineController::url() const
{
    return m_server->isRunning() ? m_server->url() : QString();
}

QString EngineController::listenAddress() const
{
    return m_server->isRunning() ? m_server->listenAddress() : QString();
}

quint16 EngineController::port() const
{
    return m_server->isRunning() ? m_server->port() : 0;
}

int EngineController::threadCount() const
{
    return m_server->isRunning() ? m_server->threadCount() : 0;
}

quint16 EngineController::controlApiPort() const
{
    return m_controlApi ? m_controlApi->port() : 0;
}

void EngineController::stopControlApi()
{
    m_controlApi.reset(); // removes control.endpoint, stops the API's runs
}

void EngineController::openControlApi()
{
    // Open as the settings want it: keep it. Off, failed (a taken port may
    // be free now) or on another port: make it again.
    const quint16 port = m_settings.controlApiPort();
    if (m_controlApi && m_settings.controlApiEnabled() && port == m_controlApiPortWanted)
        return;
    stopControlApi();
    m_controlApiPortWanted = port;
    startControlApi();
}

void EngineController::startControlApi()
{
    m_controlApiFailed = false;
    if (!m_settings.controlApiEnabled()) {
        m_controlApiStatus = tr("The control API is off.");
        return;
    }
    const quint16 port = m_settings.controlApiPort();
    const QHostAddress loopback(QHostAddress::LocalHost);
    // "Use the next free port if taken" (the Server page): the API moves by
    // itself, past the engine's own port, and says so; the setting stays.
    quint16 listenPort = port;
    const model::ServerConfig engineConfig = m_database.serverConfig();
    if (port != 0 && engineConfig.portFallback && PortConflictDialog::isTaken(loopback, port)) {
        quint16 next = port;
        do {
            next = PortConflictDialog::nextFreePort(loopback, quint16(next + 1));
        } while (next != 0 && next == engineConfig.port);
        if (next != 0)
            listenPort = next;
    }
    http::HttpServer *server = m_server.get();
    runs::ControlWiring::Engine engine { [server] { return server->metrics(); },
        m_server->isRunning() ? m_server->url() : QString(),
        [this](QString *error) { return reloadSites(error); },
        // Start and stop as the Server page's buttons do (its settings, its messages).
        [this](QString *error) {
            if (isRunning())
                return true;
            if (!m_engineStarter) {
                *error = u"this window cannot start its engine from here"_s;
                return false;
            }
            return m_engineStarter(error);
        },
        [this] { stop(); } };
    // Site changes through the API take the window's path: stored, reloaded, shown.
    auto wiring = std::make_unique<runs::ControlWiring>(std::move(engine), &m_database, m_tokenFolder,
        [this](const model::SiteChange &) { emit sitesEditedRemotely(); });
    QString error;
    if (!wiring->listen(loopback, listenPort, false, &error)) {
        // The engine is useful without it; say so and go on.
        m_controlApiStatus = tr("The engine runs without its control API: %1").arg(error);
        m_controlApiFailed = true;
        return;
    }
    m_controlApi = std::move(wiring);
    // hostbench-cli finds the window's engine through the data folder.
    m_controlApi->writeEndpoint(&error);
    m_controlApiStatus = tr("Control API on http://127.0.0.1:%1/api/status").arg(m_controlApi->port());
    if (listenPort != port)
        m_controlApiStatus = tr("Port %1 is in use by %2, so the control API listens on port %3 instead.")
                                 .arg(QString::number(port), PortConflictDialog::holderOf(port),
                                     QString::number(listenPort));
}

model::MetricsSnapshot EngineController::metricsNow() const
{
    return m_server->metrics();
}

void EngineController::sample()
{
    const model::MetricsSnapshot now = m_server->metrics();
    const qint64 elapsedMs = m_sampledAt.restart();
    if (elapsedMs > 0 && now.requests >= m_metrics.requests)
        m_requestsPerSecond = double(now.requests - m_metrics.requests) * 1000.0 / double(elapsedMs);
    m_metrics = now;
    m_history.add(now, m_clock.elapsed());
    emit metricsSampled();
}

} // namespace hostbench::ui
