#pragma once

#include "model/ProxyRoute.h"

#include <QList>
#include <QWidget>

class QPushButton;
class QTableView;

namespace hostbench::ui {

class ProxyRouteTableModel;

/*
 * A site's proxied paths as an editable table (path prefix -> upstream URL)
 * with Add and Remove buttons, for SiteProxyPage. Checking is
 * SiteValidator's; this widget only edits and can mark one row as wrong,
 * tinted in Tint's error base of the palette of the moment. The table
 * (proxyRoutesTable) is a QTableView on a ProxyRouteTableModel; edits go
 * through the model. GUI thread.
 */
class ProxyRoutesEditor final : public QWidget
{
    Q_OBJECT

public:
    // What Add proposes first, and what picking "Proxy to an app" fills in.
    static model::ProxyRoute firstRoute();

    explicit ProxyRoutesEditor(QWidget *parent = nullptr);

    void setRoutes(const QList<model::ProxyRoute> &routes);
    QList<model::ProxyRoute> routes() const;
    // Tints `row` as wrong; -1 clears.
    void markRow(int row);
    QTableView *table() const { return m_table; }
    ProxyRouteTableModel *model() const { return m_model; }

    // A new row ("/" when there is none, else "/api"), its prefix opened for editing.
    void addRoute();
    void removeSelectedRoute();

signals:
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateButtons();

    ProxyRouteTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_addButton = nullptr;
    QPushButton *m_removeButton = nullptr;
};

} // namespace hostbench::ui
