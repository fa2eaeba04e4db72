#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;

namespace hostbench::storage {
class Database;
class RunReader;
struct StoredRun;
}

namespace hostbench::ui {

class BenchCharts;
class CapacityStepModel;
class RunListModel;
class RunListView;

/*
 * The Runs page: the newest kRunLimit stored runs (newest first, sortable by
 * any column); the selected run's report and charts, its samples read from
 * the database only when it is selected (an open-model run's planned rate
 * dotted under its requests/s: 0 where it was paused, a step where its rate
 * was changed), and a capacity search's step table over its report. Several runs selected
 * (Ctrl/Shift-click) open side by side with Compare (RunCompareDialog), the
 * first selected as the reference; Export writes the selected runs to JSON
 * and CSV (RunExportDialog); Delete removes them after a question that says
 * how many. "Set as baseline" makes the selected run the baseline of its
 * target (its method and URL, model::runTarget; as `hostbench-cli runs
 * baseline ID`), or clears it when it is one already ("Clear baseline"); a
 * baseline's id cell carries a star. "Export report…" writes the selected
 * run's report to share (bench::RunReport, as `runs export --html/--md`):
 * HTML or Markdown by the suffix of the file chosen in Qt's own file
 * dialog, else by its filter, written whole on the GUI thread through
 * bench::ReportFile as the other exports are (a report is tens of KiB). The buttons' actions are also the
 * table's context menu. The Note column is editable (double-click or F2); a note is stored as soon as it is
 * written and shown under the list with the selected run's title. The first column is the run's id ("#4", as
 * Compare names runs); the URL column takes the width its URLs need where the window has it (elided, at the
 * right, only in a window too narrow; the tool tip has it whole), a shootout's run with its server. The list
 * is read again each time the page is shown and on Refresh (F5), so that runs stored by hostbench-cli in the
 * same data folder appear. The list is read on a storage thread of its own (storage::RunReader, its own
 * connection), never on the GUI thread: the count says "Loading…" until it comes, and runsLoaded() follows.
 * GUI thread.
 */
class RunsPage final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kRunLimit = 500;

    explicit RunsPage(storage::Database &database, QWidget *parent = nullptr);

    // Reads the run list again, on the reader's thread: returns at once,
    // runsLoaded() follows. Keeps the selection, or selects `runId` when given.
    void refresh(qint64 runId = 0);
    // True from refresh() until the list it asked for is shown.
    bool isLoading() const { return m_loading; }
    qint64 selectedRunId() const;
    // The selected runs' ids, in the order they were selected.
    QList<qint64> selectedRunIds() const;
    // Asks, then deletes the selected runs (one or more).
    void deleteSelectedRuns();
    // Opens a RunCompareDialog on the selected runs (two or more).
    void compareSelectedRuns();
    // Opens a RunExportDialog on the selected runs (one or more).
    void exportSelectedRuns();
    // Makes the selected run its target's baseline, or clears the target's
    // baseline when the selected run is it; the list is read again.
    void toggleBaseline();
    // Asks for a file (QFileDialog) and writes the selected run's report to it.
    void exportSelectedReport();
    // Writes run `runId`'s report to `path`: Markdown for a .md or
    // .markdown file, else HTML. False, the page saying why, when the run
    // cannot be read or the file cannot be written.
    bool exportReport(qint64 runId, const QString &path, bool markdown);

signals:
    // The list asked for by refresh() (or after a deletion) is shown.
    void runsLoaded();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void nameWidgets();
    QWidget *listPane();
    QWidget *detailPane();
    void connectActions();
    void showContextMenu(const QPoint &position);
    // Asks the reader for the list; showRuns() gets it.
    void startLoading();
    void showRuns(quint64 ticket, const QList<storage::StoredRun> &runs, const QString &error);
    void showSelectedRun();
    void deleteRuns(const QList<qint64> &runIds);
    // Stores a note written in the table at once (the Note column).
    void storeNote(qint64 runId, const QString &note);
    void showTitle(const storage::StoredRun &run);
    // The selected runs, in the order they were selected.
    QList<storage::StoredRun> selectedRuns() const;

    storage::Database &m_database;
    storage::RunReader *m_reader = nullptr;
    RunListModel *m_model = nullptr;
    RunListView *m_table = nullptr;
    quint64 m_ticket = 0; // of the read whose list is awaited
    bool m_loading = false;
    qint64 m_keepRunId = 0; // selected once the list comes
    int m_keepSortedRow = -1; // after a deletion: the row selected once it comes
    QLabel *m_count = nullptr;
    QLabel *m_exported = nullptr; // what the last export wrote
    QPushButton *m_refresh = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_compare = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_exportReport = nullptr;
    QPushButton *m_baseline = nullptr;
    QLabel *m_title = nullptr;
    BenchCharts *m_charts = nullptr;
    QPlainTextEdit *m_report = nullptr;
    CapacityStepModel *m_steps = nullptr; // a capacity search's (RunSummary::capacity)
    QTableView *m_stepTable = nullptr; // over the report, for a capacity search only
};

} // namespace hostbench::ui
