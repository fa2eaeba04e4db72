#pragma once

#include "model/ProxyRoute.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QList>

namespace hostbench::ui {

/*
 * A site's proxied paths as an editable table, for ProxyRoutesEditor:
 * columns path prefix and upstream URL (both text). Every cell is editable;
 * an edit by setData() emits edited(). routes() gives both trimmed.
 * Checking is SiteValidator's (ProxyCheck): the model only marks one row as
 * wrong (markRow), whose cells then have the mark colour as their
 * BackgroundRole. Not sorted. GUI thread.
 */
class ProxyRouteTableModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PrefixColumn, UpstreamColumn, ColumnCount };

    explicit ProxyRouteTableModel(QObject *parent = nullptr);

    // Replaces the routes (a model reset) and clears the mark.
    void setRoutes(const QList<model::ProxyRoute> &routes);
    QList<model::ProxyRoute> routes() const;
    // Adds `route` as the last row; returns its row.
    int appendRoute(const model::ProxyRoute &route);
    // Removes row `row` (the mark follows its row, or goes with it).
    void removeRoute(int row);

    // Marks `row` as wrong; -1 (or a row that is not there) clears.
    void markRow(int row);
    int markedRow() const { return m_markedRow; }
    // The background of the marked row (Tint's error base of the palette of the moment).
    void setMarkColor(const QColor &color);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // A cell was edited through setData().
    void edited();

private:
    void rowChanged(int row, const QList<int> &roles);

    QList<model::ProxyRoute> m_rows; // as typed, untrimmed
    int m_markedRow = -1;
    QColor m_markColor;
};

} // namespace hostbench::ui
