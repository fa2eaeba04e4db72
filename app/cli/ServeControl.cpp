#include "cli/ServeControl.h"

#include "cli/Console.h"
#include "runs/ControlWiring.h"
#include "storage/DataFolder.h"
#include "sys/PortHolder.h"

namespace hostbench::cli {

using namespace Qt::StringLiterals;

ServeControl::ServeControl(Engine engine, storage::DataFolder *folder, QString dataDir)
    : m_engine(std::move(engine))
    , m_folder(folder)
    // The token lives in the data folder, also for --site sites, so that
    // `status` and the other commands find it there.
    , m_tokenFolder(folder ? folder->path() : storage::DataFolder::resolve(dataDir))
{ }

ServeControl::~ServeControl() = default; // ControlWiring removes control.endpoint and stops the runs

bool ServeControl::listen(const Endpoint &endpoint, bool tokenRequired)
{
    // A site change that is stored but could not be served is said here too.
    const auto siteChanged = [](const model::SiteChange &change) {
        if (!change.reloadError.isEmpty())
            Console::err(u"hostbench-cli serve: stored, but not reloaded: "_s + change.reloadError);
    };
    auto wiring
        = std::make_unique<runs::ControlWiring>(runs::ControlWiring::Engine { m_engine.metrics, m_engine.url,
                                                    m_engine.reload, m_engine.start, m_engine.stop },
            m_folder ? &m_folder->database() : nullptr, m_tokenFolder, siteChanged);
    QString error;
    if (!wiring->listen(endpoint.address, endpoint.port, tokenRequired, &error)) {
        // "Address in use": by whom (a web server answering "File not found"
        // to hostbench-cli status otherwise looks like a broken Hostbench).
        const sys::PortHolder holder = sys::PortHolder::find(endpoint.port);
        if (endpoint.port != 0
            && (holder.result == sys::PortHolder::Result::Found
                || holder.result == sys::PortHolder::Result::Hidden))
            error += u" (port %1 is in use by %2)"_s.arg(QString::number(endpoint.port), holder.describe());
        Console::err(u"hostbench-cli serve: control API not started: "_s + error);
        return false;
    }
    m_wiring = std::move(wiring);

    Endpoint actual = endpoint;
    actual.port = m_wiring->port();
    Console::out(u"Control API on http://%1/api/status and /metrics; its token is in %2"_s.arg(
        actual.toString(), m_wiring->tokenFile()));
    // hostbench-cli finds this instance through the data folder.
    if (!m_wiring->writeEndpoint(&error))
        Console::err(u"hostbench-cli serve: "_s + error);
    if (!actual.address.isLoopback()) {
        Console::out(
            u"The control API listens on %1, which other machines may reach: every route, "
            "/metrics included, needs its token (--control-token-required)"_s.arg(actual.address.toString()));
    } else if (m_wiring->tokenForMetrics()) {
        Console::out(u"The control API needs its token on /metrics too"_s);
    }
    return true;
}

void ServeControl::setEngineUrl(const QString &url)
{
    if (m_wiring)
        m_wiring->setEngineUrl(url);
}

} // namespace hostbench::cli
