#pragma once

#include "shootout/ShootoutReport.h"

#include <QAbstractTableModel>
#include <QList>

namespace hostbench::ui {

/*
 * A shootout's figures as the Shootout page shows them: a row per workload
 * and server (ShootoutReport::aggregate's order), with the median
 * requests/s (with --capacity the capacity at the SLOs, ">=" a lower bound,
 * "none" when the first step failed, and no CPU figure), the spread of the rounds ("±4%"), the ratio to the
 * best, p50 and p99 latency, the server's CPU µs per request and the errors. Every column but the workload's
 * and the server's is right-aligned. Headers are the page's (ShootoutPage::tr). Read-only. Thread: GUI thread
 * (any one thread when no view shows it, as in its tests).
 */
class ShootoutResultModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Workload,
        Server,
        RequestsPerSecond,
        Spread,
        RatioToBest,
        P50,
        P99,
        CpuPerRequest,
        Errors,
        ColumnCount
    };

    explicit ShootoutResultModel(QObject *parent = nullptr);

    void setResults(const QList<shootout::ShootoutWorkloadResult> &results);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString workload;
        shootout::ShootoutCell cell;
    };
    static QString text(const Row &row, int column);

    QList<Row> m_rows;
    bool m_capacity = false; // a --capacity shootout: the figure is the capacity at the SLOs
};

} // namespace hostbench::ui
