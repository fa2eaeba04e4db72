#pragma once

#include "cli/CliParse.h"
#include "control/ControlApi.h"

#include <QString>

#include <functional>
#include <memory>

namespace hostbench::storage {
class DataFolder;
}
namespace hostbench::runs {
class ControlWiring;
}

namespace hostbench::cli {

/*
 * serve's control API: runs::ControlWiring (the wiring the window shares:
 * token, control.endpoint, stored sites, runs, the engine's reload, start
 * and stop), and what serve says of it: on stdout where it listens and how
 * it is reached, on stderr why it does not, or that a stored site change
 * could not be reloaded.
 *
 * Thread: the main thread, which runs the event loop.
 */
class ServeControl final
{
public:
    struct Engine
    {
        control::ControlApi::MetricsSource metrics; // HttpServer::metrics
        QString url; // where the engine serves now
        std::function<bool(QString *reason)> reload; // as SIGHUP
        std::function<bool(QString *reason)> start; // true when running already
        std::function<void()> stop;
    };

    // `folder`: the opened data folder when serving the stored sites, else
    // null (then `dataDir` names where the token is kept).
    ServeControl(Engine engine, storage::DataFolder *folder, QString dataDir);
    ~ServeControl();

    // Listens on `endpoint`; false, with the reason on stderr, when it cannot.
    // `tokenRequired`: /metrics needs the token too, which allows an address
    // other than loopback.
    bool listen(const Endpoint &endpoint, bool tokenRequired);
    void setEngineUrl(const QString &url);

private:
    Engine m_engine;
    storage::DataFolder *m_folder;
    QString m_tokenFolder;
    std::unique_ptr<runs::ControlWiring> m_wiring;
};

} // namespace hostbench::cli
