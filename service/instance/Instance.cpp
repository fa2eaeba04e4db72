#include "instance/Instance.h"

#include "control/ControlApi.h"
#include "control/ControlEndpoint.h"
#include "control/ControlToken.h"
#include "http/HttpServer.h"
#include "instance/AppSupervisor.h"
#include "instance/PhpFpmPool.h"
#include "instance/PhpFpmSetup.h"
#include "model/SiteValidator.h"
#include "runs/RunService.h"
#include "storage/Database.h"
#include "storage/SiteEdits.h"

#include <QDir>
#include <QTimer>

namespace hostbench::service {

using namespace Qt::StringLiterals;

Instance::Instance(storage::Database *database, QString dataFolder, SiteSource sites, QObject *parent)
    : QObject(parent)
    , m_database(database)
    , m_dataFolder(std::move(dataFolder))
    , m_source(std::move(sites))
    , m_server(std::make_unique<http::HttpServer>())
    , m_apps(std::make_unique<AppSupervisor>())
    , m_php(std::make_unique<PhpFpmPool>())
{
    setObjectName(u"instance"_s);
    connect(m_apps.get(), &AppSupervisor::appChanged, this, &Instance::appChanged);
    connect(m_php.get(), &PhpFpmPool::changed, this, &Instance::phpChanged);
    connect(m_php.get(), &PhpFpmPool::versionChanged, this, &Instance::phpChanged);
}

Instance::~Instance()
{
    // The control API reads the server: it goes first, now (no event loop
    // may run again to delete it later).
    closeControl();
    m_retired.clear();
    m_server->stop();
    m_apps.reset(); // waits for the apps still running (SIGTERM, SIGKILL after their grace)
    m_php.reset(); // and for PHP-FPM (SIGQUIT, SIGKILL after its grace)
}

QString Instance::dataFolderOf(const model::ServerConfig &config) const
{
    return config.dataFolder.isEmpty() ? m_dataFolder : config.dataFolder;
}

bool Instance::loadSites(const model::ServerConfig &config, QList<model::VirtualHost> *sites, QString *error)
{
    if (!m_source(sites, error))
        return false;
    if (sites->isEmpty())
        return true;
    if (!http::HttpServer::checkLogFiles(*sites, error))
        return false;
    // A site that would expose the system or the data folder (stored before
    // the rule, or written into the file by hand) is refused, not served.
    *error = model::SiteValidator::checkExposure(*sites, config.dataFolder);
    return error->isEmpty();
}

bool Instance::start(
    const model::ServerConfig &config, QString *error, const std::function<bool(QString *)> &afterBind)
{
    if (m_server->isRunning())
        return true;
    QList<model::VirtualHost> sites;
    if (!loadSites(config, &sites, error))
        return false;
    if (sites.isEmpty()) {
        *error = u"there is no site to serve"_s;
        return false;
    }
    m_php->setDataFolder(dataFolderOf(config));
    QList<model::VirtualHost> engineSites = PhpFpmSetup::resolved(sites, m_php->socketPath());
    if (!m_server->start(config, engineSites, error, afterBind))
        return false;
    m_config = config;
    m_sites = std::move(sites);
    m_engineSites = std::move(engineSites);
    // Where a site without a log path keeps its app log: the data folder's logs/.
    m_apps->setLogsFolder(
        config.dataFolder.isEmpty() ? QString() : QDir(config.dataFolder).filePath(u"logs"_s));
    m_apps->apply(m_sites);
    m_php->apply(m_sites, m_server->threadCount()); // as the user the engine serves as
    if (m_api)
        m_api->setEngineUrl(m_server->url());
    emit runningChanged(true);
    return true;
}

void Instance::stop()
{
    if (!m_server->isRunning())
        return;
    if (m_api)
        m_api->setEngineUrl({});
    m_server->stop();
    m_apps->stopAll();
    m_php->stop();
    emit runningChanged(false);
}

bool Instance::isRunning() const
{
    return m_server->isRunning();
}

bool Instance::reload(QString *error)
{
    if (!m_server->isRunning())
        return true;
    QList<model::VirtualHost> sites;
    if (!loadSites(m_config, &sites, error))
        return false;
    if (sites.isEmpty())
        return true; // as HttpServer::reload: the sites served stay
    QList<model::VirtualHost> engineSites = PhpFpmSetup::resolved(sites, m_php->socketPath());
    m_server->reload(engineSites);
    m_sites = std::move(sites);
    m_engineSites = std::move(engineSites);
    m_apps->apply(m_sites);
    m_php->apply(m_sites, m_server->threadCount());
    emit sitesReloaded(int(m_sites.size()));
    return true;
}

model::ServerConfig Instance::settings() const
{
    model::ServerConfig current = m_keeper.current ? m_keeper.current() : m_config;
    current.dataFolder = m_config.dataFolder;
    return current;
}

bool Instance::applySettings(model::ServerConfig config, bool *restarted, QString *error)
{
    *restarted = false;
    const model::ServerConfig before = settings();
    config.dataFolder = before.dataFolder;
    const auto keep = [this](const model::ServerConfig &wanted, QString *why) {
        if (m_keeper.keep)
            return m_keeper.keep(wanted, why);
        m_config = wanted;
        return true;
    };
    if (!keep(config, error))
        return false;
    if (!isRunning())
        return true;
    const auto startOn = [this](const model::ServerConfig &wanted, QString *why) {
        return m_starter ? m_starter(why) : start(wanted, why);
    };
    stop();
    if (startOn(config, error)) {
        *restarted = true;
        emit startedRemotely();
        return true;
    }
    // Back on what served before, so that a bad port does not leave the sites unserved.
    QString ignored;
    keep(before, &ignored);
    if (startOn(before, &ignored))
        *error += u" (the engine serves on its former settings again)"_s;
    else
        *error += u" (and it did not start again on its former settings: %1)"_s.arg(ignored);
    return false;
}

bool Instance::openControl(const QHostAddress &address, quint16 port, bool tokenRequired, QString *error)
{
    closeControl();
    control::ControlApi::Access access;
    access.token = control::ControlToken::loadOrCreate(m_dataFolder, error);
    if (access.token.isEmpty())
        return false;
    const QString tokenForMetricsKey = QString::fromLatin1(control::ControlApi::kTokenForMetricsSetting);
    const bool tokenForMetrics
        = tokenRequired || (m_database && m_database->setting(tokenForMetricsKey) == u"1"_s);
    access.tokenForMetrics = tokenForMetrics;

    http::HttpServer *server = m_server.get();
    auto api = std::make_unique<control::ControlApi>([server] { return server->metrics(); },
        m_server->isRunning() ? m_server->url() : QString(), std::move(access));
    api->setReload([this](QString *reason) {
        if (!isRunning()) {
            *reason = u"the engine is stopped (POST /api/engine/start starts it)"_s;
            return false;
        }
        return reload(reason);
    });
    api->setEngine({ [this](QString *reason) {
                        if (isRunning())
                            return true;
                        if (!(m_starter ? m_starter(reason) : start(m_config, reason)))
                            return false;
                        emit startedRemotely();
                        return true;
                    },
        [this] {
            if (!isRunning())
                return;
            stop();
            emit stoppedRemotely();
        },
        [this] { return settings(); },
        [this](const model::ServerConfig &config, bool *restarted, QString *reason) {
            return applySettings(config, restarted, reason);
        } });
    std::unique_ptr<runs::RunService> runs;
    if (m_database) {
        wireSites(*api);
        runs = std::make_unique<runs::RunService>(*m_database);
        connect(runs.get(), &runs::RunService::runsChanged, this, &Instance::runsChanged);
        api->setRuns(runs->callbacks());
    }
    if (!api->listen(address, port, error))
        return false;
    m_tokenForMetrics = tokenForMetrics;
    m_api = std::move(api);
    m_runs = std::move(runs);
    m_address = address;
    return true;
}

void Instance::wireSites(control::ControlApi &api)
{
    // Each change that is done goes to the engine; a reload that fails
    // leaves the change stored and the engine on the sites it had, and is
    // said to the client (SiteChange::reloadError) and the owner.
    storage::Database &db = *m_database;
    const auto applied = [this](model::SiteChange change) {
        if (change.result == model::SiteChange::Result::Done) {
            QString reason;
            if (!reload(&reason))
                change.reloadError = reason;
            emit siteChanged(change);
        }
        return change;
    };
    api.setSites({ [&db] { return db.virtualHosts(); },
        [&db](const QString &host) { return storage::SiteEdits::find(db, host); },
        [&db, applied](
            const model::VirtualHost &site) { return applied(storage::SiteEdits::create(db, site)); },
        [&db, applied](const QString &host, const model::VirtualHost &site) {
            return applied(storage::SiteEdits::replace(db, host, site));
        },
        [&db, applied](const QString &host) { return applied(storage::SiteEdits::remove(db, host)); } });
}

bool Instance::writeEndpoint(QString *error)
{
    if (!m_api) {
        *error = u"the control API is not listening"_s;
        return false;
    }
    m_endpointWritten = control::ControlEndpoint::write(m_dataFolder, m_address, m_api->port(), error);
    return m_endpointWritten;
}

void Instance::closeControl()
{
    if (m_api && m_endpointWritten)
        control::ControlEndpoint::remove(m_dataFolder, m_api->port());
    m_endpointWritten = false;
    if (m_api) {
        // Deleted later: this may run inside one of the API's own routes
        // (POST /api/engine/start or PUT /api/engine/settings restarting
        // the engine moves the API when the window's settings say so).
        m_api->close();
        control::ControlApi *retired = m_api.release();
        m_retired.emplace_back(retired);
        QTimer::singleShot(0, this, [this, retired] {
            std::erase_if(m_retired, [retired](const auto &api) { return api.get() == retired; });
        });
    }
    m_runs.reset(); // runs still going are stopped and stored as interrupted
}

quint16 Instance::controlPort() const
{
    return m_api ? m_api->port() : 0;
}

QString Instance::tokenFile() const
{
    return control::ControlToken::filePath(m_dataFolder);
}

} // namespace hostbench::service
