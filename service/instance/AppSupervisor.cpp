#include "instance/AppSupervisor.h"

#include <QDir>

#include <algorithm>
#include <set>

namespace hostbench::service {

AppSupervisor::AppSupervisor(QObject *parent)
    : QObject(parent)
{ }

AppSupervisor::~AppSupervisor()
{
    // SIGTERM to every app at once, then one wait for them all (up to the
    // longest grace period, not their sum); the destructors find them gone.
    std::vector<std::pair<AppProcess *, QDeadlineTimer>> ending;
    for (auto &entry : m_apps)
        ending.emplace_back(entry.second.get(), entry.second->beginTerminate());
    for (auto &app : m_stopping)
        ending.emplace_back(app.get(), app->beginTerminate());
    for (auto &[app, deadline] : ending)
        app->finishTerminate(deadline);
    m_apps.clear();
    m_stopping.clear();
}

AppSpec AppSupervisor::specFor(const model::VirtualHost &site) const
{
    AppSpec spec;
    spec.site = site.hostName;
    spec.app = site.proxy.app;
    const QString folder = site.proxy.app.workingDir.trimmed();
    spec.workingDir = QDir::cleanPath(folder.isEmpty() ? site.documentRoot : folder);
    spec.logPath = AppLog::pathFor(site, m_logsFolder);
    spec.rotateBytes = site.logRotateBytes;
    spec.rotateKeep = site.logRotateKeep;
    if (site.errorLogEnabled)
        spec.errorLogPath = site.errorLogPath.trimmed();
    return spec;
}

void AppSupervisor::apply(const QList<model::VirtualHost> &sites)
{
    std::set<QString> wanted;
    for (const model::VirtualHost &site : sites) {
        if (!site.proxy.app.isSet())
            continue;
        wanted.insert(site.hostName);
        const AppSpec spec = specFor(site);
        auto found = m_apps.find(site.hostName);
        if (found == m_apps.end()) {
            auto app = std::make_unique<AppProcess>(spec, m_timing);
            const QString name = site.hostName;
            connect(app.get(), &AppProcess::stateChanged, this, [this, name] { emit appChanged(name); });
            AppProcess *started = app.get();
            m_apps.emplace(name, std::move(app));
            started->start();
        } else if (!found->second->spec().sameProcess(spec)) {
            found->second->restartWith(spec);
        } else {
            found->second->update(spec);
        }
    }
    for (auto it = m_apps.begin(); it != m_apps.end();) {
        if (wanted.count(it->first)) {
            ++it;
            continue;
        }
        std::unique_ptr<AppProcess> gone = std::move(it->second);
        const QString name = it->first;
        it = m_apps.erase(it);
        retire(std::move(gone));
        emit appChanged(name);
    }
}

void AppSupervisor::stopAll()
{
    std::map<QString, std::unique_ptr<AppProcess>> apps = std::move(m_apps);
    m_apps.clear();
    for (auto &[name, app] : apps) {
        retire(std::move(app));
        emit appChanged(name);
    }
}

void AppSupervisor::retire(std::unique_ptr<AppProcess> app)
{
    AppProcess *process = app.get();
    process->disconnect(this);
    m_stopping.push_back(std::move(app));
    connect(process, &AppProcess::stopped, this, [this, process] {
        // Not deleted inside its own signal: from the event loop.
        const auto found = std::find_if(m_stopping.begin(), m_stopping.end(),
            [process](const std::unique_ptr<AppProcess> &p) { return p.get() == process; });
        if (found == m_stopping.end())
            return;
        found->release()->deleteLater();
        m_stopping.erase(found);
    });
    process->stop();
}

const AppProcess *AppSupervisor::app(const QString &site) const
{
    const auto found = m_apps.find(site);
    return found == m_apps.end() ? nullptr : found->second.get();
}

bool AppSupervisor::retry(const QString &site)
{
    const auto found = m_apps.find(site);
    if (found == m_apps.end() || found->second->state() != AppProcess::State::GaveUp)
        return false;
    found->second->start();
    return true;
}

QStringList AppSupervisor::sites() const
{
    QStringList names;
    for (const auto &entry : m_apps)
        names << entry.first;
    return names;
}

} // namespace hostbench::service
