#pragma once

#include "instance/AppProcess.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QObject>
#include <QString>

#include <map>
#include <memory>
#include <vector>

namespace hostbench::service {

/*
 * The apps of the sites served (issue #24): for each site whose
 * proxy.app is set (model::AppCommand), one AppProcess. apply() is given the
 * sites at each engine start and reload: an app starts for a site that has
 * come (or gained a command), restarts when its command, folder or
 * environment changed (the old process group gone first), and stops for a
 * site that has gone (or lost its command); stopAll() stops them all (the
 * engine stopped). All of it is asynchronous: QProcess starts the programs,
 * the signals end them. The destructor stops what still runs and waits for
 * it (up to each app's grace period, then SIGKILL): it is for Hostbench's
 * exit, so that no app outlives it.
 *
 * An app that gives up (AppProcess::State::GaveUp, after AppTiming's
 * maxFailures failed starts in a row) says so in appChanged(), status() and
 * message(), the app log and the site's error log.
 *
 * Thread: the thread that owns service::Instance (the GUI thread, serve's
 * main thread).
 */
class AppSupervisor final : public QObject
{
    Q_OBJECT

public:
    explicit AppSupervisor(QObject *parent = nullptr);
    ~AppSupervisor() override;

    // Where the app log of a site without a log path goes (DataFolder::logsPath()).
    void setLogsFolder(const QString &folder) { m_logsFolder = folder; }
    // For tests: shorter backoffs (AppTiming); applies to apps started after.
    void setTiming(const AppTiming &timing) { m_timing = timing; }

    void apply(const QList<model::VirtualHost> &sites);
    void stopAll();

    // The app of `site` (a host name), or null when it has none.
    const AppProcess *app(const QString &site) const;
    // Starts the app of `site` again after it gave up (AppProcess::start(): the
    // count of failed starts begins anew); false, and nothing done, when the
    // site has no app or its app has not given up.
    bool retry(const QString &site);
    // Sites with an app, in name order.
    QStringList sites() const;
    // Apps still being stopped (sites gone, the engine stopped).
    int stoppingCount() const { return int(m_stopping.size()); }

    // What a site's app runs as, as apply() would start it.
    AppSpec specFor(const model::VirtualHost &site) const;

signals:
    // The app of `site` started, exited, waits, stopped or gave up.
    void appChanged(const QString &site);

private:
    void retire(std::unique_ptr<AppProcess> app);

    QString m_logsFolder;
    AppTiming m_timing;
    std::map<QString, std::unique_ptr<AppProcess>> m_apps;
    std::vector<std::unique_ptr<AppProcess>> m_stopping;
};

} // namespace hostbench::service
