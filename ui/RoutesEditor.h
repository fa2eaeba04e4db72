#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QWidget>

class QPushButton;
class QTableView;

namespace hostbench::ui {

class RouteTableModel;

/*
 * The fixed-response routes of a site as an editable table: path, status,
 * content type, body (text). Checking is SiteValidator's; this widget only
 * edits and can mark one row as wrong, tinted in Tint's error base of the
 * palette of the moment (taken again when the palette changes). The table
 * (routesTable) is a QTableView on a RouteTableModel; edits go through the
 * model. GUI thread.
 */
class RoutesEditor final : public QWidget
{
    Q_OBJECT

public:
    explicit RoutesEditor(QWidget *parent = nullptr);

    void setRoutes(const QList<model::Route> &routes);
    QList<model::Route> routes() const;
    // Tints `row` as wrong; -1 clears.
    void markRow(int row);
    QTableView *table() const { return m_table; }
    RouteTableModel *model() const { return m_model; }

    void addRoute();
    void removeSelectedRoute();

signals:
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateButtons();

    RouteTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_addButton = nullptr;
    QPushButton *m_removeButton = nullptr;
};

} // namespace hostbench::ui
