#pragma once

#include "storage/Database.h"

#include <QAbstractTableModel>
#include <QList>

namespace hostbench::ui {

/*
 * The stored runs as a table: date, URL, concurrency, requests, req/s, p50,
 * p99, failed. DisplayRole is formatted text; kSortRole the raw figure, for
 * a QSortFilterProxyModel; kRunIdRole the run's row id. Holds what
 * Database::runs() returned (a bounded list): samples are not loaded here.
 * GUI thread.
 */
class RunListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        DateColumn,
        UrlColumn,
        ConcurrencyColumn,
        RequestsColumn,
        RateColumn,
        P50Column,
        P99Column,
        FailedColumn,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole + 1;
    static constexpr int kRunIdRole = Qt::UserRole + 2;

    explicit RunListModel(QObject *parent = nullptr);

    void setRuns(const QList<storage::StoredRun> &runs);
    const storage::StoredRun &run(int row) const { return m_runs.at(row); }
    int rowOf(qint64 runId) const;
    // "http://127.0.0.1:8080/ (Host: example.test:8080)"
    static QString displayUrl(const model::BenchParameters &parameters);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<storage::StoredRun> m_runs;
};

} // namespace hostbench::ui
