#include "ui/EngineController.h"

#include "http/HttpServer.h"
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
    , m_instance(&database, QString(),
          [this](QList<model::VirtualHost> *hosts, QString *error) { return sitesToServe(hosts, error); })
{
    setObjectName(u"engineController"_s);
    m_clock.start();
    m_timer.setInterval(kMetricsIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &EngineController::sample);
    // Start and stop through the control API as the Server page's buttons do
    // (its settings, its messages).
    m_instance.setEngineStarter([this](QString *error) {
        if (!m_engineStarter) {
            *error = u"this window cannot start its engine from here"_s;
            return false;
        }
        return m_engineStarter(error);
    });
    connect(&m_instance, &service::Instance::runningChanged, this, [this](bool running) {
        if (!running)
            stopped();
    });
    connect(&m_instance, &service::Instance::sitesReloaded, this, &EngineController::sitesReloaded);
    // Site changes through the API take the window's path: stored, reloaded, shown.
    connect(&m_instance, &service::Instance::siteChanged, this, &EngineController::sitesEditedRemotely);
    connect(&m_instance, &service::Instance::runsChanged, this, &EngineController::runsEditedRemotely);
    connect(&m_instance, &service::Instance::phpChanged, this, &EngineController::phpChanged);
}

EngineController::~EngineController() = default; // the Instance closes its control API, then the engine

bool EngineController::start(const model::ServerConfig &config, QString *error)
{
    if (m_instance.isRunning())
        return true;
    if (m_database.virtualHosts().isEmpty()) {
        *error = m_database.lastError().isEmpty() ? tr("There is no site to serve: add one in Sites.")
                                                  : m_database.lastError();
        return false;
    }
    model::ServerConfig guarded = config;
    guarded.dataFolder = storage::SiteEdits::dataFolder(m_database);
    if (!m_instance.start(guarded, error))
        return false;
    m_requestedPort = config.port;

    m_metrics = m_instance.server().metrics();
    m_history.add(m_metrics, m_clock.elapsed());
    m_requestsPerSecond = 0;
    m_sampledAt.start();
    m_timer.start();
    openControlApi();
    emit runningChanged(true);
    emit metricsSampled();
    return true;
}

void EngineController::stop()
{
    m_instance.stop(); // stopped() below, as for POST /api/engine/stop
}

void EngineController::stopped()
{
    m_timer.stop();
    m_metrics = {};
    m_requestsPerSecond = 0;
    emit runningChanged(false);
    emit metricsSampled();
}

bool EngineController::isRunning() const
{
    return m_instance.isRunning();
}

bool EngineController::reloadSites(QString *error)
{
    QString reason;
    if (m_instance.reload(&reason))
        return true;
    if (error)
        *error = reason;
    return false;
}

bool EngineController::sitesToServe(QList<model::VirtualHost> *hosts, QString *error)
{
    *hosts = m_database.virtualHosts();
    if (hosts->isEmpty() && !m_database.lastError().isEmpty()) {
        *error = m_database.lastError();
        return false;
    }
    if (!m_logsFolder.isEmpty())
        storage::DataFolder::applyDefaultLogPaths(*hosts, m_logsFolder);
    return true;
}

QString EngineController::url() const
{
    return isRunning() ? m_instance.server().url() : QString();
}

QString EngineController::listenAddress() const
{
    return isRunning() ? m_instance.server().listenAddress() : QString();
}

quint16 EngineController::port() const
{
    return isRunning() ? m_instance.server().port() : 0;
}

QString EngineController::tlsUrl() const
{
    return isRunning() ? m_instance.server().tlsUrl() : QString();
}

bool EngineController::servesHttp2() const
{
    return isRunning() && m_instance.config().http2Enabled;
}

QStringList EngineController::tlsWarnings() const
{
    return isRunning() ? m_instance.server().tlsWarnings() : QStringList();
}

int EngineController::threadCount() const
{
    return isRunning() ? m_instance.server().threadCount() : 0;
}

quint16 EngineController::controlApiPort() const
{
    return m_instance.controlPort();
}

void EngineController::openControlApi()
{
    // Open as the settings want it: keep it. Off, failed (a taken port may
    // be free now) or on another port: make it again.
    const quint16 port = m_settings.controlApiPort();
    if (m_instance.controlOpen() && m_settings.controlApiEnabled() && port == m_controlApiPortWanted)
        return;
    m_instance.closeControl();
    m_controlApiPortWanted = port;
    startControlApi();
}

// "Use the next free port if taken" (the Server page): the API moves by
// itself, past the engine's own port, and says so; the setting stays.
quint16 EngineController::controlListenPort(quint16 port) const
{
    const QHostAddress loopback(QHostAddress::LocalHost);
    const model::ServerConfig engineConfig = m_database.serverConfig();
    if (port == 0 || !engineConfig.portFallback || !PortConflictDialog::isTaken(loopback, port))
        return port;
    quint16 next = port;
    do {
        next = PortConflictDialog::nextFreePort(loopback, quint16(next + 1));
    } while (next != 0 && next == engineConfig.port);
    return next != 0 ? next : port;
}

void EngineController::startControlApi()
{
    m_controlApiFailed = false;
    if (!m_settings.controlApiEnabled()) {
        m_controlApiStatus = tr("The control API is off.");
        return;
    }
    const quint16 port = m_settings.controlApiPort();
    const quint16 listenPort = controlListenPort(port);
    QString error;
    if (!m_instance.openControl(QHostAddress(QHostAddress::LocalHost), listenPort, false, &error)) {
        // The engine is useful without it; say so and go on.
        m_controlApiStatus = tr("The engine runs without its control API: %1").arg(error);
        m_controlApiFailed = true;
        return;
    }
    // hostbench-cli finds the window's engine through the data folder.
    m_instance.writeEndpoint(&error);
    m_controlApiStatus = tr("Control API on http://127.0.0.1:%1/api/status").arg(m_instance.controlPort());
    if (listenPort != port)
        m_controlApiStatus = tr("Port %1 is in use by %2, so the control API listens on port %3 instead.")
                                 .arg(QString::number(port), PortConflictDialog::holderOf(port),
                                     QString::number(listenPort));
}

model::MetricsSnapshot EngineController::metricsNow() const
{
    return m_instance.server().metrics();
}

void EngineController::sample()
{
    const model::MetricsSnapshot now = m_instance.server().metrics();
    const qint64 elapsedMs = m_sampledAt.restart();
    if (elapsedMs > 0 && now.requests >= m_metrics.requests)
        m_requestsPerSecond = double(now.requests - m_metrics.requests) * 1000.0 / double(elapsedMs);
    m_metrics = now;
    m_history.add(now, m_clock.elapsed());
    emit metricsSampled();
}

} // namespace hostbench::ui
