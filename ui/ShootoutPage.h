#pragma once

#include <QMap>
#include <QProcess>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class AppSettings;
class FieldError;
class ShootoutCharts;

/*
 * The Shootout page: Hostbench beside the production servers found on the
 * machine (nginx, lighttpd, h2o, Apache, Caddy; those not installed are
 * shown disabled with the package that provides them), on the workloads
 * W1-W6, with the closed model (connections, keep-alive) or the open one
 * (requests/s), a duration per run and a number of rounds. Run starts
 * `hostbench-cli shootout` as a child process (it pins the servers and the
 * load generator to their CPUs and stores the shootout in this data
 * folder), so the window never waits: its progress lines ("[3/8] round 1
 * of 2: nginx W1") move the progress bar, its other lines go to the log.
 * At the end the stored shootout is shown: a table per workload and server
 * (requests/s with the spread of the rounds, ratio to the best, p50, p99,
 * CPU µs per request, errors) and overlaid requests/s and p99 bar charts.
 * Stored shootouts are listed and reopen when selected; the list is read
 * again each time the page is shown, so that those stored by
 * `hostbench-cli shootout` in the same data folder appear. Under the list,
 * Export writes the shown shootout as `hostbench-cli shootout export`
 * does (JSON, CSV or Markdown, shootout::ShootoutExport) and Delete
 * removes it and its runs after a question, as `shootout delete` does.
 *
 * The form is kept in the data folder (AppSettings::shootoutForm) as it is
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

    // The command line the form describes (after "shootout").
    QStringList arguments() const;
    // Starts the shootout; false (with the reason next to the field or in
    // the log) when the form is incomplete or the program cannot start.
    bool startShootout();
    void stopShootout();
    bool isRunning() const;

    // Reads the stored shootouts again; selects `id` when given.
    void refresh(qint64 id = 0);
    // Shows a stored shootout's table and charts.
    void showShootout(qint64 id);
    qint64 shownShootoutId() const { return m_shownId; }
    // Export: asks for a file (Qt's own dialog; the filter or the file's
    // suffix picks the format) and writes the shown shootout to it.
    void exportShownShootout();
    // Writes shootout `id` to `path` in `format` ("json", "csv", "md"),
    // whole or not at all; false with the reason under the list.
    bool exportShootout(qint64 id, const QString &path, const QString &format);
    // Delete: asks, then removes the shown shootout and its runs.
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
    QWidget *makeForm();
    void readOutput();
    void handleLine(const QString &line);
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void updateModelFields();
    void updateListButtons();
    void showListNote(const QString &text, bool error);
    void restoreForm();
    void saveForm();

    storage::Database &m_database;
    std::unique_ptr<AppSettings> m_settings;
    bool m_restoring = false; // restoreForm() under way: nothing to save
    QProcess *m_process = nullptr;
    QByteArray m_pending; // stderr not yet a whole line
    qint64 m_storedId = 0;
    qint64 m_shownId = 0;
    QMap<QString, QCheckBox *> m_servers;
    QMap<QString, QCheckBox *> m_workloads;
    FieldError *m_serversError = nullptr;
    FieldError *m_workloadsError = nullptr;
    QComboBox *m_model = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QCheckBox *m_keepAlive = nullptr;
    QDoubleSpinBox *m_rate = nullptr;
    QDoubleSpinBox *m_duration = nullptr;
    QSpinBox *m_rounds = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_stop = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QPlainTextEdit *m_log = nullptr;
    QTableWidget *m_list = nullptr;
    QLabel *m_listNote = nullptr; // what the last export or delete did
    QPushButton *m_export = nullptr;
    QPushButton *m_delete = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_notes = nullptr;
    QTableWidget *m_results = nullptr;
    ShootoutCharts *m_charts = nullptr;
};

} // namespace hostbench::ui
