#pragma once

#include "storage/Database.h"

#include <QAbstractTableModel>
#include <QList>
#include <QVariant>

namespace hostbench::ui {

/*
 * Stored runs side by side, for RunCompareDialog: one column per run, in
 * the order given (headed runName()), one row per figure (Row: what the
 * run was asked to do, then its results; headed by the figure's name).
 * A text cell's tool tip is its text; a number cell is right-aligned, holds
 * its value in kValueRole and, from the second run on, its ratio to the
 * first run's in kRatioRole and its text ("2,000 (×1.25)"); no ratio
 * against a 0. Fixed once made; read-only, not sorted. GUI thread.
 */
class RunCompareModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Row {
        UrlRow,
        ModelRow,
        LengthRow,
        ConcurrencyRow,
        ThreadsRow,
        KeepAliveRow,
        RateRow,
        P50Row,
        P90Row,
        P99Row,
        MaxRow,
        FailedRow,
        RowCount
    };
    static constexpr int kValueRole = Qt::UserRole + 1;
    static constexpr int kRatioRole = Qt::UserRole + 2;

    explicit RunCompareModel(const QList<storage::StoredRun> &runs, QObject *parent = nullptr);

    // "#12 · 2024-05-01 10:20", as the column headers name a run.
    static QString runName(const storage::StoredRun &run);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Cell
    {
        QString text;
        QVariant value; // numbers only
        QVariant ratio; // numbers from the second run on, against a first run's figure that is not 0
    };
    void fillTexts(const QList<storage::StoredRun> &runs);
    void fillNumbers(const QList<storage::StoredRun> &runs);
    Cell &cell(int row, int column) { return m_cells[row * m_columns + column]; }

    QStringList m_runNames;
    int m_columns = 0;
    QList<Cell> m_cells; // row by row
};

} // namespace hostbench::ui
