#pragma once

#include "storage/ShootoutTable.h"

#include <QAbstractTableModel>
#include <QList>

namespace hostbench::ui {

/*
 * The stored shootouts as the Shootout page lists them, one row each, in
 * the order given (Database::shootouts: newest first): its id, start
 * (local time), servers (" (broken off)" when it never finished),
 * workloads and number of runs. The numbers are right-aligned; the id
 * column's Qt::UserRole is the id. Headers and texts are the page's
 * (ShootoutPage::tr). Read-only. Thread: GUI thread (any one thread when
 * no view shows it, as in its tests).
 */
class ShootoutListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Id, Started, Servers, Workloads, Runs, ColumnCount };

    explicit ShootoutListModel(QObject *parent = nullptr);

    void setShootouts(const QList<storage::StoredShootout> &shootouts);
    // The id of `row`, 0 when out of range; the row of `id`, -1 when not listed.
    qint64 idAt(int row) const;
    int rowOf(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        qint64 id = 0;
        qint64 startedAtMs = 0;
        bool finished = false;
        QStringList servers;
        QStringList workloads;
        int runCount = 0;
    };
    QString text(const Row &row, int column) const;

    QList<Row> m_rows;
};

} // namespace hostbench::ui
