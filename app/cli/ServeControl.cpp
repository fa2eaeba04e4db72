#include "cli/ServeControl.h"

#include "cli/Console.h"
#include "control/ControlEndpoint.h"
#include "control/ControlToken.h"
#include "runs/RunService.h"
#include "storage/DataFolder.h"
#include "storage/SiteEdits.h"
#include "sys/PortHolder.h"

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

// The control API's site routes on the stored sites: each change that is
// done reloads the engine. A reload that fails is said on stderr and to the
// client (SiteChange::reloadError); the change stays stored, and the engine
// serves the sites it had.
control::ControlApi::Sites storedSites(storage::Database &database, std::function<bool(QString *)> reload)
{
    const auto reloaded = [reload](model::SiteChange change) {
        QString reason;
        if (change.result == model::SiteChange::Result::Done && !reload(&reason)) {
            Console::err(u"hostbench-cli serve: stored, but not reloaded: "_s + reason);
            change.reloadError = reason;
        }
        return change;
    };
    return { [&database] { return database.virtualHosts(); },
        [&database](const QString &host) { return storage::SiteEdits::find(database, host); },
        [&database, reloaded](
            const model::VirtualHost &site) { return reloaded(storage::SiteEdits::create(database, site)); },
        [&database, reloaded](const QString &host, const model::VirtualHost &site) {
            return reloaded(storage::SiteEdits::replace(database, host, site));
        },
        [&database, reloaded](
            const QString &host) { return reloaded(storage::SiteEdits::remove(database, host)); } };
}

} // namespace

ServeControl::ServeControl(Engine engine, storage::DataFolder *folder, QString dataDir)
    : m_engine(std::move(engine))
    , m_folder(folder)
    // The token lives in the data folder, also for --site sites, so that
    // `status` and the other commands find it there.
    , m_tokenFolder(folder ? folder->path() : storage::DataFolder::resolve(dataDir))
{ }

ServeControl::~ServeControl()
{
    if (m_api && m_endpointWritten)
        control::ControlEndpoint::remove(m_tokenFolder, m_api->port());
    m_api.reset();
    m_runs.reset(); // runs still going are stopped and stored as interrupted
}

bool ServeControl::listen(const Endpoint &endpoint, bool tokenRequired)
{
    QString error;
    control::ControlApi::Access access;
    access.token = control::ControlToken::loadOrCreate(m_tokenFolder, &error);
    if (access.token.isEmpty()) {
        Console::err(u"hostbench-cli serve: control API not started: "_s + error);
        return false;
    }
    const QString tokenForMetricsKey = QString::fromLatin1(control::ControlApi::kTokenForMetricsSetting);
    access.tokenForMetrics
        = tokenRequired || (m_folder && m_folder->database().setting(tokenForMetricsKey) == u"1"_s);
    const bool tokenForMetrics = access.tokenForMetrics;

    m_api = std::make_unique<control::ControlApi>(m_engine.metrics, m_engine.url, std::move(access));
    m_api->setReload(m_engine.reload);
    m_api->setEngine({ m_engine.start, m_engine.stop });
    if (m_folder) {
        m_api->setSites(storedSites(m_folder->database(), m_engine.reload));
        m_runs = std::make_unique<runs::RunService>(m_folder->database());
        m_api->setRuns(m_runs->callbacks());
    }
    if (!m_api->listen(endpoint.address, endpoint.port, &error)) {
        // "Address in use": by whom (a web server answering "File not found"
        // to hostbench-cli status otherwise looks like a broken Hostbench).
        const sys::PortHolder holder = sys::PortHolder::find(endpoint.port);
        if (endpoint.port != 0
            && (holder.result == sys::PortHolder::Result::Found
                || holder.result == sys::PortHolder::Result::Hidden))
            error += u" (port %1 is in use by %2)"_s.arg(QString::number(endpoint.port), holder.describe());
        Console::err(u"hostbench-cli serve: control API not started: "_s + error);
        m_api.reset();
        m_runs.reset();
        return false;
    }

    Endpoint actual = endpoint;
    actual.port = m_api->port();
    Console::out(u"Control API on http://%1/api/status and /metrics; its token is in %2"_s.arg(
        actual.toString(), control::ControlToken::filePath(m_tokenFolder)));
    // hostbench-cli finds this instance through the data folder.
    if (control::ControlEndpoint::write(m_tokenFolder, actual.address, actual.port, &error))
        m_endpointWritten = true;
    else
        Console::err(u"hostbench-cli serve: "_s + error);
    if (!actual.address.isLoopback()) {
        Console::out(
            u"The control API listens on %1, which other machines may reach: every route, "
            "/metrics included, needs its token (--control-token-required)"_s.arg(actual.address.toString()));
    } else if (tokenForMetrics) {
        Console::out(u"The control API needs its token on /metrics too"_s);
    }
    return true;
}

void ServeControl::setEngineUrl(const QString &url)
{
    if (m_api)
        m_api->setEngineUrl(url);
}

} // namespace hostbench::cli
