#pragma once

#include "shootout/ShootoutOptions.h"

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace hostbench::shootout {
class ShootoutJob;
struct ShootoutEvent;
}

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class AppSettings;
class ShootoutCharts;
class ShootoutForm;
class ShootoutListPane;
class ShootoutResultModel;

/*
 * The Shootout page: Hostbench beside the production servers found on the
 * machine (nginx, lighttpd, h2o, Apache, Caddy; those not installed are
 * shown disabled with the package that provides them), on the workloads
 * W1-W6, with the closed model (connections, keep-alive) or the open one
 * (requests/s), a duration per run and a number of rounds. Run starts
 * `hostbench-cli shootout --progress json` as a child process
 * (shootout::ShootoutJob; it pins the servers and the load generator to
 * their CPUs and stores the shootout in this data folder), so the window
 * never waits: its events (shootout::ShootoutEvent) move the progress bar
 * and the status line and go to the log as the CLI's text lines would.
 * At the end the stored shootout is shown: a table per workload and server
 * (requests/s with the spread of the rounds, ratio to the best, p50, p99,
 * CPU µs per request, errors) and overlaid requests/s and p99 bar charts.
 * Stored shootouts are listed (ShootoutListPane) and reopen when selected;
 * the list is read again each time the page is shown, so that those
 * stored by `hostbench-cli shootout` in the same data folder appear. Under
 * the list, Export and Delete act on the shown shootout.
 *
 * The form (ShootoutForm) is kept in the data folder (AppSettings::shootoutForm) as it is
 * changed and comes back at the next start. It scrolls when the window is
 * too low for it; the wheel over its fields scrolls it too (WheelGuard),
 * and Run and Stop stay below it, outside the scrolled part, always shown.
 *
 * The program is $HOSTBENCH_CLI when set, else hostbench-cli beside this
 * executable (or in ../cli/, the build tree), else on PATH.
 * Thread: GUI thread.
 */
class ShootoutPage final : public QWidget
{
    Q_OBJECT

public:
    ShootoutPage(storage::Database &database, QWidget *parent = nullptr);
    ~ShootoutPage() override;

    static QString cliProgram();

    // What the form describes, stored in this data folder, with --progress json.
    shootout::ShootoutOptions options() const;
    // The command line of options() (ShootoutOptions::arguments).
    QStringList arguments() const;
    // Starts the shootout; false (with the reason next to the field or in
    // the status line) when the form is incomplete or the program cannot start.
    bool startShootout();
    void stopShootout();
    bool isRunning() const;

    // Reads the stored shootouts again; selects `id` when given.
    void refresh(qint64 id = 0);
    // Shows a stored shootout's table and charts.
    void showShootout(qint64 id);
    qint64 shownShootoutId() const { return m_shownId; }
    // Export and Delete of the list (ShootoutListPane says what they do).
    void exportShownShootout();
    bool exportShootout(qint64 id, const QString &path, const QString &format);
    void deleteShownShootout();

signals:
    void runningChanged(bool running);
    // The shootout ended; `id` is the stored one, 0 when none was stored.
    void finished(qint64 id);
    // Shootout `id` and its runs were deleted.
    void removed(qint64 id);

protected:
    void showEvent(QShowEvent *event) override;

private:
    QWidget *makeRunPane();
    QWidget *makeResultPane();
    void connectParts();
    void handleEvent(const shootout::ShootoutEvent &event);
    void jobFinished(int exitCode, bool crashed);
    void setRunning(bool running);

    storage::Database &m_database;
    std::unique_ptr<AppSettings> m_settings;
    shootout::ShootoutJob *m_job = nullptr;
    qint64 m_storedId = 0;
    qint64 m_shownId = 0;
    ShootoutForm *m_form = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_stop = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QPlainTextEdit *m_log = nullptr;
    ShootoutListPane *m_list = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_notes = nullptr;
    ShootoutResultModel *m_resultModel = nullptr;
    QTableView *m_results = nullptr;
    ShootoutCharts *m_charts = nullptr;
};

} // namespace hostbench::ui
