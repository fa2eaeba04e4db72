#include "ui/ShootoutListModel.h"

#include "shootout/ShootoutOptions.h"
#include "ui/Format.h"
#include "ui/ShootoutPage.h"

using namespace Qt::StringLiterals;

namespace hostbench::ui {

ShootoutListModel::ShootoutListModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ShootoutListModel::setShootouts(const QList<storage::StoredShootout> &shootouts)
{
    beginResetModel();
    m_rows.clear();
    for (const storage::StoredShootout &s : shootouts) {
        const shootout::ShootoutOptions settings = shootout::ShootoutOptions::fromSettings(s.settings);
        m_rows.append({ s.id, s.startedAtMs, s.finished, settings.servers, settings.workloads, s.runCount });
    }
    endResetModel();
}

qint64 ShootoutListModel::idAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).id : 0;
}

int ShootoutListModel::rowOf(qint64 id) const
{
    for (qsizetype row = 0; row < m_rows.size(); ++row)
        if (m_rows.at(row).id == id)
            return int(row);
    return -1;
}

int ShootoutListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ShootoutListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ShootoutListModel::text(const Row &row, int column) const
{
    switch (column) {
    case Id:
        return QString::number(row.id);
    case Started:
        return Format::dateTime(row.startedAtMs);
    case Servers:
        return row.servers.join(u", "_s) + (row.finished ? QString() : ShootoutPage::tr(" (broken off)"));
    case Workloads:
        return row.workloads.join(u", "_s);
    case Runs:
        return QString::number(row.runCount);
    default:
        return {};
    }
}

QVariant ShootoutListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return text(row, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == Id || index.column() == Runs)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::UserRole:
        return index.column() == Id ? QVariant(row.id) : QVariant();
    default:
        return {};
    }
}

QVariant ShootoutListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id:
        return ShootoutPage::tr("Shootout");
    case Started:
        return ShootoutPage::tr("Started");
    case Servers:
        return ShootoutPage::tr("Servers");
    case Workloads:
        return ShootoutPage::tr("Workloads");
    case Runs:
        return ShootoutPage::tr("Runs");
    default:
        return {};
    }
}

} // namespace hostbench::ui
