#include "runs/ControlWiring.h"

#include "control/ControlEndpoint.h"
#include "control/ControlToken.h"
#include "runs/RunService.h"
#include "storage/Database.h"
#include "storage/SiteEdits.h"

namespace hostbench::runs {

using namespace Qt::StringLiterals;

ControlWiring::ControlWiring(
    Engine engine, storage::Database *database, QString tokenFolder, SiteChanged siteChanged)
    : m_engine(std::move(engine))
    , m_database(database)
    , m_tokenFolder(std::move(tokenFolder))
    , m_siteChanged(std::move(siteChanged))
{ }

ControlWiring::~ControlWiring()
{
    if (m_api && m_endpointWritten)
        control::ControlEndpoint::remove(m_tokenFolder, m_api->port());
    m_api.reset();
    m_runs.reset(); // runs still going are stopped and stored as interrupted
}

bool ControlWiring::listen(const QHostAddress &address, quint16 port, bool tokenRequired, QString *error)
{
    control::ControlApi::Access access;
    access.token = control::ControlToken::loadOrCreate(m_tokenFolder, error);
    if (access.token.isEmpty())
        return false;
    const QString tokenForMetricsKey = QString::fromLatin1(control::ControlApi::kTokenForMetricsSetting);
    access.tokenForMetrics
        = tokenRequired || (m_database && m_database->setting(tokenForMetricsKey) == u"1"_s);
    m_tokenForMetrics = access.tokenForMetrics;

    auto api = std::make_unique<control::ControlApi>(m_engine.metrics, m_engine.url, std::move(access));
    api->setReload(m_engine.reload);
    api->setEngine({ m_engine.start, m_engine.stop });
    std::unique_ptr<RunService> runs;
    if (m_database) {
        // Each change that is done goes to the engine; a reload that fails
        // leaves the change stored and the engine on the sites it had, and
        // is said to the client (SiteChange::reloadError) and the caller.
        storage::Database &db = *m_database;
        const auto applied = [this](model::SiteChange change) {
            if (change.result == model::SiteChange::Result::Done) {
                QString reason;
                if (m_engine.reload && !m_engine.reload(&reason))
                    change.reloadError = reason;
                if (m_siteChanged)
                    m_siteChanged(change);
            }
            return change;
        };
        api->setSites({ [&db] { return db.virtualHosts(); },
            [&db](const QString &host) { return storage::SiteEdits::find(db, host); },
            [&db, applied](
                const model::VirtualHost &site) { return applied(storage::SiteEdits::create(db, site)); },
            [&db, applied](const QString &host, const model::VirtualHost &site) {
                return applied(storage::SiteEdits::replace(db, host, site));
            },
            [&db, applied](const QString &host) { return applied(storage::SiteEdits::remove(db, host)); } });
        runs = std::make_unique<RunService>(db);
        api->setRuns(runs->callbacks());
    }
    if (!api->listen(address, port, error))
        return false;
    m_api = std::move(api);
    m_runs = std::move(runs);
    m_address = address;
    return true;
}

bool ControlWiring::writeEndpoint(QString *error)
{
    if (!m_api) {
        *error = u"the control API is not listening"_s;
        return false;
    }
    m_endpointWritten = control::ControlEndpoint::write(m_tokenFolder, m_address, m_api->port(), error);
    return m_endpointWritten;
}

quint16 ControlWiring::port() const
{
    return m_api ? m_api->port() : 0;
}

QString ControlWiring::tokenFile() const
{
    return control::ControlToken::filePath(m_tokenFolder);
}

void ControlWiring::setEngineUrl(const QString &url)
{
    m_engine.url = url;
    if (m_api)
        m_api->setEngineUrl(url);
}

} // namespace hostbench::runs
