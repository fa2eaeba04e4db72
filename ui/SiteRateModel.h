#pragma once

#include "instance/EngineHistory.h"

#include <QAbstractTableModel>
#include <QList>

namespace hostbench::ui {

/*
 * The Server page's per-site table (MetricsPanel's metricsSites): one row
 * per site of EngineHistory::sites(), columns site, requests (since the
 * engine started), requests/s, errors (4xx and 5xx since the engine
 * started, a count; the cell's tool tip splits them) and bytes sent per
 * second. Texts formatted as Format does; the site left-aligned, the figures
 * right-aligned; the Errors header has a tool tip. setRates() changes only
 * the rows whose texts changed (no repaint for an unchanged figure). Read-only,
 * not sorted. GUI thread.
 */
class SiteRateModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SiteColumn, RequestsColumn, RateColumn, ErrorsColumn, SentColumn, ColumnCount };

    explicit SiteRateModel(QObject *parent = nullptr);

    // The sites' figures now; an empty list empties the table (engine stopped).
    void setRates(const QList<EngineHistory::SiteRate> &sites);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString texts[ColumnCount];
        QString errorsToolTip;
        bool operator==(const Row &other) const;
    };
    static Row rowFor(const EngineHistory::SiteRate &site);

    QList<Row> m_rows;
};

} // namespace hostbench::ui
