#include "ui/ShootoutResultModel.h"

#include "ui/Format.h"
#include "ui/ShootoutPage.h"

using namespace Qt::StringLiterals;

namespace hostbench::ui {

ShootoutResultModel::ShootoutResultModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ShootoutResultModel::setResults(const QList<shootout::ShootoutWorkloadResult> &results)
{
    beginResetModel();
    m_rows.clear();
    m_capacity = false;
    for (const shootout::ShootoutWorkloadResult &result : results)
        m_capacity = m_capacity || !result.capacitySlo.isEmpty();
    for (const shootout::ShootoutWorkloadResult &result : results)
        for (const shootout::ShootoutCell &cell : result.cells)
            m_rows.append({ result.workload, cell });
    endResetModel();
}

int ShootoutResultModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ShootoutResultModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ShootoutResultModel::text(const Row &row, int column)
{
    const shootout::ShootoutCell &cell = row.cell;
    switch (column) {
    case Workload:
        return row.workload;
    case Server:
        return cell.server;
    case RequestsPerSecond: // with --capacity: the capacity at the SLOs, ">=" for a lower bound
        return cell.capacityMode ? shootout::ShootoutReport::capacityText(cell)
                                 : Format::rate(cell.requestsPerSecond);
    case Spread:
        return u"±%1%"_s.arg(cell.spreadPercent, 0, 'f', 0);
    case RatioToBest: // the upstream alone is a reference, not ranked (ShootoutReport's "ref")
        return cell.reference ? ShootoutPage::tr("ref", "the upstream alone, not ranked")
                              : QString::number(cell.ratioToBest, 'f', 2);
    case P50:
        return Format::milliseconds(cell.p50Ms);
    case P99:
        return Format::milliseconds(cell.p99Ms);
    case CpuPerRequest: // not measured by a capacity search
        return cell.capacityMode ? u"–"_s : QString::number(cell.cpuUsPerRequest, 'f', 1);
    case Errors:
        return Format::count(cell.errors);
    default:
        return {};
    }
}

QVariant ShootoutResultModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::DisplayRole)
        return text(m_rows.at(index.row()), index.column());
    if (role == Qt::TextAlignmentRole && index.column() != Workload && index.column() != Server)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant ShootoutResultModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Workload:
        return ShootoutPage::tr("Workload");
    case Server:
        return ShootoutPage::tr("Server");
    case RequestsPerSecond:
        return m_capacity ? ShootoutPage::tr("Capacity (req/s)") : ShootoutPage::tr("Requests/s");
    case Spread:
        return ShootoutPage::tr("Spread");
    case RatioToBest:
        return ShootoutPage::tr("Ratio to best");
    case P50:
        return ShootoutPage::tr("p50");
    case P99:
        return ShootoutPage::tr("p99");
    case CpuPerRequest:
        return ShootoutPage::tr("CPU µs/request");
    case Errors:
        return ShootoutPage::tr("Errors");
    default:
        return {};
    }
}

} // namespace hostbench::ui
