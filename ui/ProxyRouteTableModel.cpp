#include "ui/ProxyRouteTableModel.h"

#include <QBrush>

namespace hostbench::ui {

ProxyRouteTableModel::ProxyRouteTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void ProxyRouteTableModel::setRoutes(const QList<model::ProxyRoute> &routes)
{
    beginResetModel();
    m_rows = routes;
    m_markedRow = -1;
    endResetModel();
}

QList<model::ProxyRoute> ProxyRouteTableModel::routes() const
{
    QList<model::ProxyRoute> result;
    for (const model::ProxyRoute &row : m_rows)
        result.append({ row.pathPrefix.trimmed(), row.upstream.trimmed() });
    return result;
}

int ProxyRouteTableModel::appendRoute(const model::ProxyRoute &route)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.append(route);
    endInsertRows();
    return row;
}

void ProxyRouteTableModel::removeRoute(int row)
{
    if (row < 0 || row >= m_rows.size())
        return;
    beginRemoveRows({}, row, row);
    m_rows.removeAt(row);
    if (row == m_markedRow)
        m_markedRow = -1;
    else if (row < m_markedRow)
        --m_markedRow;
    endRemoveRows();
}

void ProxyRouteTableModel::markRow(int row)
{
    if (row < 0 || row >= m_rows.size())
        row = -1;
    if (row == m_markedRow)
        return;
    const int unmarked = m_markedRow;
    m_markedRow = row;
    rowChanged(unmarked, { Qt::BackgroundRole });
    rowChanged(row, { Qt::BackgroundRole });
}

void ProxyRouteTableModel::setMarkColor(const QColor &color)
{
    if (color == m_markColor)
        return;
    m_markColor = color;
    rowChanged(m_markedRow, { Qt::BackgroundRole });
}

void ProxyRouteTableModel::rowChanged(int row, const QList<int> &roles)
{
    if (row >= 0 && row < m_rows.size())
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1), roles);
}

int ProxyRouteTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ProxyRouteTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProxyRouteTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const model::ProxyRoute &row = m_rows.at(index.row());
    if (role == Qt::BackgroundRole)
        return index.row() == m_markedRow && m_markColor.isValid() ? QVariant(QBrush(m_markColor))
                                                                   : QVariant();
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    return index.column() == PrefixColumn ? row.pathPrefix : row.upstream;
}

bool ProxyRouteTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    model::ProxyRoute &row = m_rows[index.row()];
    (index.column() == PrefixColumn ? row.pathPrefix : row.upstream) = value.toString();
    emit dataChanged(index, index, { Qt::DisplayRole, Qt::EditRole });
    emit edited();
    return true;
}

Qt::ItemFlags ProxyRouteTableModel::flags(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant ProxyRouteTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PrefixColumn:
        return tr("Path Prefix");
    case UpstreamColumn:
        return tr("Upstream URL");
    }
    return {};
}

} // namespace hostbench::ui
