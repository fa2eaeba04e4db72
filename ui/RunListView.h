#pragma once

#include <QList>
#include <QTableView>

class QSortFilterProxyModel;

namespace hostbench::ui {

class RunListModel;

/*
 * The Runs page's list: a RunListModel behind a sorting proxy (kSortRole),
 * newest first, rows selected whole (Ctrl/Shift-click for several), the
 * Note column editable (double-click or F2). The URL column takes the width
 * its URLs need where the view has it (elided, at the right, only in a view
 * too narrow; the tool tip has it whole) until the user sizes it; the rest
 * are as wide as their contents, the note last with a width of its own.
 * Named runsTable. GUI thread.
 */
class RunListView final : public QTableView
{
    Q_OBJECT

public:
    RunListView(RunListModel *model, QWidget *parent = nullptr);

    QSortFilterProxyModel *proxy() const { return m_proxy; }
    // The selected runs' ids, in the order they were selected.
    QList<qint64> selectedRunIds() const;
    // Selects the run `runId` alone and scrolls to it; false if it is not listed.
    bool selectRun(qint64 runId);
    // Selects the row at `row` of the sorted list (clamped), or nothing when empty.
    void selectSortedRow(int row);
    // The first selected row of the sorted list; rowCount() when none.
    int firstSelectedSortedRow() const;
    // The URL column as wide as its longest URL, within the room the id,
    // date and result columns leave; until the user sizes it.
    void fitUrlColumn();

protected:
    bool viewportEvent(QEvent *event) override;

private:
    void sizeColumns();

    RunListModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    bool m_fittingUrl = false; // fitUrlColumn() resizing it
    bool m_urlSizedByUser = false;
};

} // namespace hostbench::ui
