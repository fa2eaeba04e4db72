#include "ui/CapacityStepModel.h"

#include "ui/Format.h"

#include <QHeaderView>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

CapacityStepModel::CapacityStepModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void CapacityStepModel::setSteps(const QList<model::CapacityStep> &steps)
{
    beginResetModel();
    m_steps = steps;
    endResetModel();
}

void CapacityStepModel::appendSteps(const QList<model::CapacityStep> &steps)
{
    if (steps.isEmpty())
        return;
    beginInsertRows({}, int(m_steps.size()), int(m_steps.size() + steps.size() - 1));
    m_steps += steps;
    endInsertRows();
}

QTableView *CapacityStepModel::makeView(CapacityStepModel *model, const QString &objectName, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(model);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->setWordWrap(false);
    view->horizontalHeader()->setStretchLastSection(true);
    // Each column as wide as its figures, fitted again as steps come (also while hidden).
    const auto fit = [view] { view->resizeColumnsToContents(); };
    connect(model, &QAbstractItemModel::rowsInserted, view, fit);
    connect(model, &QAbstractItemModel::modelReset, view, fit);
    return view;
}

int CapacityStepModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

int CapacityStepModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString CapacityStepModel::verdict(const model::CapacityStep &step) const
{
    if (step.passed)
        return tr("pass");
    return step.failedFigure.isEmpty() ? tr("fail: %1").arg(step.failedSlo)
                                       : tr("fail: %1").arg(step.failedFigure);
}

QVariant CapacityStepModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_steps.size())
        return {};
    const model::CapacityStep &step = m_steps.at(index.row());
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignVCenter | (index.column() == VerdictColumn ? Qt::AlignLeft : Qt::AlignRight));
    if (role == Qt::ToolTipRole && index.column() == VerdictColumn)
        return verdict(step);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case StepColumn:
        return index.row() + 1;
    case RateColumn:
        return Format::rate(step.rate);
    case AchievedColumn:
        return Format::rate(step.achieved);
    case P50Column:
        return Format::milliseconds(step.p50Ms);
    case P99Column:
        return Format::milliseconds(step.p99Ms);
    case ErrorsColumn:
        return tr("%1 of %2").arg(Format::count(step.errors), Format::count(step.requests));
    case VerdictColumn:
        return verdict(step);
    default:
        return {};
    }
}

QVariant CapacityStepModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StepColumn:
        return tr("Step");
    case RateColumn:
        return tr("Asked (req/s)");
    case AchievedColumn:
        return tr("Achieved (req/s)");
    case P50Column:
        return tr("p50");
    case P99Column:
        return tr("p99");
    case ErrorsColumn:
        return tr("Errors");
    case VerdictColumn:
        return tr("Verdict");
    default:
        return {};
    }
}

} // namespace hostbench::ui
