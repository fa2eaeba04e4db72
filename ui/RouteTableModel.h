#pragma once

#include "model/VirtualHost.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QList>

namespace hostbench::ui {

/*
 * A site's fixed-response routes as an editable table, for RoutesEditor:
 * columns path, status (an int in EditRole: a view edits it with a spin
 * box), content type and body (text, UTF-8 when stored). Every cell is
 * editable; an edit by setData() emits edited(). routes() gives path and
 * content type trimmed. Checking is SiteValidator's: the model only marks one
 * row as wrong (markRow), whose cells then have the mark colour as their
 * BackgroundRole. Not sorted. GUI thread.
 */
class RouteTableModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PathColumn, StatusColumn, ContentTypeColumn, BodyColumn, ColumnCount };

    explicit RouteTableModel(QObject *parent = nullptr);

    // Replaces the routes (a model reset) and clears the mark.
    void setRoutes(const QList<model::Route> &routes);
    QList<model::Route> routes() const;
    // Adds `route` as the last row; returns its row.
    int appendRoute(const model::Route &route);
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
    struct Row
    {
        QString path;
        int status = 200;
        QString contentType;
        QString body;
    };
    void rowChanged(int row, const QList<int> &roles);

    QList<Row> m_rows;
    int m_markedRow = -1;
    QColor m_markColor;
};

} // namespace hostbench::ui
