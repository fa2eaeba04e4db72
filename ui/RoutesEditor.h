#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QWidget>

class QPushButton;
class QTableWidget;

namespace hostbench::ui {

/*
 * The fixed-response routes of a site as an editable table: path, status,
 * content type, body (text). Checking is SiteValidator's; this widget only
 * edits and can mark one row as wrong, tinted in Tint's error base of the
 * palette of the moment (taken again when the palette changes). GUI thread.
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
    QTableWidget *table() const { return m_table; }

    void addRoute();
    void removeSelectedRoute();

signals:
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void tintRow(int row);
    void appendRow(const model::Route &route);
    void updateButtons();

    QTableWidget *m_table = nullptr;
    QPushButton *m_addButton = nullptr;
    QPushButton *m_removeButton = nullptr;
    int m_markedRow = -1;
};

} // namespace hostbench::ui
