#include "ui/RunListView.h"

#include "ui/RunListModel.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

RunListView::RunListView(RunListModel *model, QWidget *parent)
    : QTableView(parent)
    , m_model(model)
    , m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(u"runsTable"_s);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RunListModel::kSortRole);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(RunListModel::DateColumn, Qt::DescendingOrder);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    // Cut at the end, where the window is too narrow: a shootout's server
    // and the host come first.
    setTextElideMode(Qt::ElideRight);
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    sizeColumns();
}

void RunListView::sizeColumns()
{
    QHeaderView *header = horizontalHeader();
    header->setHighlightSections(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The URL gets the width it needs where the window has it
    // (fitUrlColumn), and its tool tip; the rest are as wide as their
    // contents, results before parameters, so that a narrow window scrolls
    // past what was asked rather than what came out.
    header->setSectionResizeMode(RunListModel::UrlColumn, QHeaderView::Interactive);
    header->resizeSection(RunListModel::UrlColumn, 200);
    connect(header, &QHeaderView::sectionResized, this, [this](int section) {
        if (section == RunListModel::UrlColumn && !m_fittingUrl)
            m_urlSizedByUser = true;
    });
    // The note, last, takes what is left and keeps a width of its own.
    header->setSectionResizeMode(RunListModel::NoteColumn, QHeaderView::Interactive);
    header->resizeSection(RunListModel::NoteColumn, 160);
    header->setStretchLastSection(true);
}

bool RunListView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Resize)
        fitUrlColumn();
    return QTableView::viewportEvent(event);
}

void RunListView::fitUrlColumn()
{
    if (m_urlSizedByUser)
        return;
    // What ResizeToContents gives the columns before the parameters.
    const QHeaderView *header = horizontalHeader();
    int others = 0;
    for (const int column : { RunListModel::IdColumn, RunListModel::DateColumn, RunListModel::RequestsColumn,
             RunListModel::RateColumn, RunListModel::P50Column, RunListModel::P99Column,
             RunListModel::FailedColumn })
        others += qMax(sizeHintForColumn(column), header->sectionSizeHint(column));
    const int room = viewport()->width() - others;
    const int wanted
        = qMax(sizeHintForColumn(RunListModel::UrlColumn), header->sectionSizeHint(RunListModel::UrlColumn));
    constexpr int kLeast = 200; // what it had before: a narrow window scrolls instead
    m_fittingUrl = true;
    horizontalHeader()->resizeSection(RunListModel::UrlColumn, qMax(kLeast, qMin(wanted, room)));
    m_fittingUrl = false;
}

QList<qint64> RunListView::selectedRunIds() const
{
    QList<qint64> ids;
    // selectedRows() follows the selection ranges, so the order of the clicks.
    for (const QModelIndex &index : selectionModel()->selectedRows())
        ids.append(index.data(RunListModel::kRunIdRole).toLongLong());
    return ids;
}

bool RunListView::selectRun(qint64 runId)
{
    const int row = m_model->rowOf(runId);
    if (row < 0)
        return false;
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    scrollTo(index);
    return true;
}

void RunListView::selectSortedRow(int row)
{
    const int count = m_proxy->rowCount();
    if (count == 0) {
        selectionModel()->clearSelection();
        return;
    }
    const QModelIndex index = m_proxy->index(qBound(0, row, count - 1), 0);
    selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    scrollTo(index);
}

int RunListView::firstSelectedSortedRow() const
{
    int first = m_proxy->rowCount();
    for (const QModelIndex &index : selectionModel()->selectedRows())
        first = qMin(first, index.row());
    return first;
}

} // namespace hostbench::ui
