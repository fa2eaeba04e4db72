#pragma once

#include "model/RunComparison.h"
#include "storage/Database.h"
#include "ui/RunCompareModel.h"

#include <QDialog>
#include <QList>

class QLabel;
class QTableView;

namespace hostbench::ui {

class BenchCharts;

/*
 * Stored runs side by side: a table of what each run was asked to do (URL,
 * model, length, concurrency, threads, keep-alive) and its key figures (one
 * column per run, in the order given) with each number's ratio to the first
 * run's, and the runs' requests/s and p99 latency (ms) series overlaid on
 * one pair of charts, their legends under the charts. The samples are read from the database once, when it is
 * built. The table, compareTable, is a QTableView on a RunCompareModel: each number cell holds its value in
 * kValueRole and, from the second run on, its ratio in kRatioRole (none when the first run's figure is 0).
 * Under the charts, compareVerdict says for each run after the first whether it is faster, slower or not
 * significantly different from the first, for requests/s and p99, at 95% confidence, with the ratio and
 * its interval (model::RunComparison, what bench --compare-baseline prints); the histograms are read
 * with the samples. GUI thread.
 */
class RunCompareDialog final : public QDialog
{
    Q_OBJECT

public:
    using Row = RunCompareModel::Row;
    using enum RunCompareModel::Row;
    static constexpr int kValueRole = RunCompareModel::kValueRole;
    static constexpr int kRatioRole = RunCompareModel::kRatioRole;

    RunCompareDialog(
        storage::Database &database, const QList<storage::StoredRun> &runs, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    BenchCharts *charts() const { return m_charts; }
    QLabel *verdict() const { return m_verdict; }

    // "#12 · 2024-05-01 10:20", as the column headers name a run.
    static QString runName(const storage::StoredRun &run);
    // "#12 · 10 s · closed" or "#13 · 10,000 requests · open 5,000/s", as
    // the charts' legends (under the charts) name a run: what it was asked
    // to do, the date being in the table.
    static QString legendName(const storage::StoredRun &run);
    // "#13 against #12, at 95% confidence: requests/s faster, ×1.98 (×1.95
    // to ×2.01); p99 no significant change, ×1.01 (×0.97 to ×1.05)."
    static QString verdictText(const storage::StoredRun &first, const storage::StoredRun &run,
        const model::RunComparison &comparison);

private:
    QTableView *m_table = nullptr;
    BenchCharts *m_charts = nullptr;
    QLabel *m_verdict = nullptr;
};

} // namespace hostbench::ui
