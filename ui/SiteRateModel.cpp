#include "ui/SiteRateModel.h"

#include "ui/Format.h"

#include <algorithm>

namespace hostbench::ui {

SiteRateModel::SiteRateModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

bool SiteRateModel::Row::operator==(const Row &other) const
{
    return std::equal(std::begin(texts), std::end(texts), std::begin(other.texts))
        && errorsToolTip == other.errorsToolTip;
}

SiteRateModel::Row SiteRateModel::rowFor(const EngineHistory::SiteRate &site)
{
    Row row;
    row.texts[SiteColumn] = site.hostName;
    row.texts[RequestsColumn] = Format::count(site.requests);
    row.texts[RateColumn] = Format::rate(site.requestsPerSecond);
    row.texts[ErrorsColumn] = Format::count(site.clientErrors + site.serverErrors);
    row.texts[SentColumn] = tr("%1/s").arg(Format::bytes(quint64(site.bytesPerSecond)));
    row.errorsToolTip
        = tr("%1 of %2 responses since the engine started: %3 with 4xx, %4 with 5xx")
              .arg(Format::count(site.clientErrors + site.serverErrors), Format::count(site.requests),
                  Format::count(site.clientErrors), Format::count(site.serverErrors));
    return row;
}

void SiteRateModel::setRates(const QList<EngineHistory::SiteRate> &sites)
{
    QList<Row> rows;
    rows.reserve(sites.size());
    for (const EngineHistory::SiteRate &site : sites)
        rows.append(rowFor(site));
    if (rows.size() != m_rows.size()) {
        // Sites come and go rarely (a reload): the table starts again.
        beginResetModel();
        m_rows = rows;
        endResetModel();
        return;
    }
    for (int row = 0; row < rows.size(); ++row) {
        if (rows.at(row) == m_rows.at(row))
            continue;
        m_rows[row] = rows.at(row);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1), { Qt::DisplayRole, Qt::ToolTipRole });
    }
}

int SiteRateModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SiteRateModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SiteRateModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return row.texts[index.column()];
    case Qt::ToolTipRole:
        return index.column() == ErrorsColumn ? QVariant(row.errorsToolTip) : QVariant();
    case Qt::TextAlignmentRole:
        return int(index.column() == SiteColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                : Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant SiteRateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section == ErrorsColumn)
        return tr("Responses with status 4xx or 5xx since the engine started (each cell's tooltip splits "
                  "them)");
    if (role != Qt::DisplayRole)
        return {};
    const QString names[ColumnCount]
        = { tr("Site"), tr("Requests"), tr("Requests/s"), tr("Errors"), tr("Sent/s") };
    return names[section];
}

} // namespace hostbench::ui
