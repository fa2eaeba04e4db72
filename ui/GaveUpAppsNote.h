#pragma once

#include <QStringList>
#include <QWidget>

class QPushButton;

namespace hostbench::service {
class AppSupervisor;
}

namespace hostbench::ui {

class ErrorNote;

/*
 * The Server page's word on the sites' apps that gave up (issue #24:
 * service::AppSupervisor's app failed AppTiming::maxFailures starts in a
 * row and is not started again on its own): a warning note with a line per
 * such site, naming the site, the app's program and why (AppProcess's
 * message, with the last exit status, in English as in the app log; the
 * tool tip has each command line whole and points to the app log), and
 * beside it a Retry button that starts
 * each of them again (AppSupervisor::retry()).
 * Follows AppSupervisor::appChanged(); hidden while no app has given up.
 * The supervisor must outlive it. GUI thread (the supervisor's).
 */
class GaveUpAppsNote final : public QWidget
{
    Q_OBJECT

public:
    explicit GaveUpAppsNote(service::AppSupervisor &apps, QWidget *parent = nullptr);

    // The sites whose apps have given up, in name order.
    QStringList sites() const { return m_sites; }
    // Starts them again (the Retry button).
    void retry();

private:
    void update();

    service::AppSupervisor &m_apps;
    ErrorNote *m_note = nullptr;
    QPushButton *m_retry = nullptr;
    QStringList m_sites;
};

} // namespace hostbench::ui
