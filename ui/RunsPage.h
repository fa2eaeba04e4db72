#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace hostbench::storage {
class Database;
struct StoredRun;
}

namespace hostbench::ui {

class BenchCharts;
class RunListModel;

/*
 * The Runs page: the newest kRunLimit stored runs (newest first, sortable by
 * any column); the selected run's report and charts, its samples read from
 * the database only when it is selected. Several runs selected
 * (Ctrl/Shift-click) open side by side with Compare (RunCompareDialog), the
 * first selected as the reference; Export writes the selected runs to JSON
 * and CSV (RunExportDialog); Delete removes them after a question that says
 * how many. The buttons' actions are also the table's context menu. The
 * Note column is editable (double-click or F2); a note is stored as soon as
 * it is written and shown under the list with the selected run's title.
 * The first column is the run's id ("#4", as Compare names runs); the URL
 * column takes the width its URLs need where the window has it (elided, at
 * the right, only in a window too narrow; the tool tip has it whole), a
 * shootout's run with its server. The list is read again
 * each time the page is shown and on Refresh (F5), so that runs stored by
 * hostbench-cli in the same data folder appear. GUI thread.
 */
class RunsPage final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kRunLimit = 500;

    explicit RunsPage(storage::Database &database, QWidget *parent = nullptr);

    // Reads the run list again; keeps the selection, or selects `runId` when given.
    void refresh(qint64 runId = 0);
    qint64 selectedRunId() const;
    // The selected runs' ids, in the order they were selected.
    QList<qint64> selectedRunIds() const;
    // Asks, then deletes the selected runs (one or more).
    void deleteSelectedRuns();
    // Opens a RunCompareDialog on the selected runs (two or more).
    void compareSelectedRuns();
    // Opens a RunExportDialog on the selected runs (one or more).
    void exportSelectedRuns();

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showSelectedRun();
    // The URL column as wide as its longest URL, within the room the id,
    // date and result columns leave in the table; until the user sizes it.
    void fitUrlColumn();
    void deleteRuns(const QList<qint64> &runIds);
    // Stores a note written in the table at once (the Note column).
    void storeNote(qint64 runId, const QString &note);
    void showTitle(const storage::StoredRun &run);
    // The selected runs, in the order they were selected.
    QList<storage::StoredRun> selectedRuns() const;

    storage::Database &m_database;
    RunListModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QTableView *m_table = nullptr;
    bool m_fittingUrl = false; // fitUrlColumn() resizing it
    bool m_urlSizedByUser = false;
    QLabel *m_count = nullptr;
    QLabel *m_exported = nullptr; // what the last export wrote
    QPushButton *m_refresh = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_compare = nullptr;
    QPushButton *m_export = nullptr;
    QLabel *m_title = nullptr;
    BenchCharts *m_charts = nullptr;
    QPlainTextEdit *m_report = nullptr;
};

} // namespace hostbench::ui
