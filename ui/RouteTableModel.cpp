#include "ui/RouteTableModel.h"

#include <QBrush>

namespace hostbench::ui {

RouteTableModel::RouteTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void RouteTableModel::setRoutes(const QList<model::Route> &routes)
{
    beginResetModel();
    m_rows.clear();
    for (const model::Route &route : routes)
        m_rows.append({ route.path, route.status, route.contentType, QString::fromUtf8(route.body) });
    m_markedRow = -1;
    endResetModel();
}

QList<model::Route> RouteTableModel::routes() const
{
    QList<model::Route> result;
    for (const Row &row : m_rows) {
        model::Route route;
        route.path = row.path.trimmed();
        route.status = row.status;
        route.contentType = row.contentType.trimmed();
        route.body = row.body.toUtf8();
        result.append(route);
    }
    return result;
}

int RouteTableModel::appendRoute(const model::Route &route)
{
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.append({ route.path, route.status, route.contentType, QString::fromUtf8(route.body) });
    endInsertRows();
    return row;
}

void RouteTableModel::removeRoute(int row)
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

void RouteTableModel::markRow(int row)
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

void RouteTableModel::setMarkColor(const QColor &color)
{
    if (color == m_markColor)
        return;
    m_markColor = color;
    rowChanged(m_markedRow, { Qt::BackgroundRole });
}

void RouteTableModel::rowChanged(int row, const QList<int> &roles)
{
    if (row >= 0 && row < m_rows.size())
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1), roles);
}

int RouteTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RouteTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RouteTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows.at(index.row());
    if (role == Qt::BackgroundRole)
        return index.row() == m_markedRow && m_markColor.isValid() ? QVariant(QBrush(m_markColor))
                                                                   : QVariant();
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case PathColumn:
        return row.path;
    case StatusColumn:
        return row.status; // an int: the view edits it with a spin box
    case ContentTypeColumn:
        return row.contentType;
    case BodyColumn:
        return row.body;
    }
    return {};
}

bool RouteTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    Row &row = m_rows[index.row()];
    switch (index.column()) {
    case PathColumn:
        row.path = value.toString();
        break;
    case StatusColumn:
        row.status = value.toInt(); // SiteValidator says when it is no HTTP status
        break;
    case ContentTypeColumn:
        row.contentType = value.toString();
        break;
    case BodyColumn:
        row.body = value.toString();
        break;
    }
    emit dataChanged(index, index, { Qt::DisplayRole, Qt::EditRole });
    emit edited();
    return true;
}

Qt::ItemFlags RouteTableModel::flags(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

QVariant RouteTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PathColumn:
        return tr("Path");
    case StatusColumn:
        return tr("Status");
    case ContentTypeColumn:
        return tr("Content Type");
    case BodyColumn:
        return tr("Body");
    }
    return {};
}

} // namespace hostbench::ui
