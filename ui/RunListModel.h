#pragma once

#include "storage/Database.h"

#include <QAbstractTableModel>
#include <QList>

namespace hostbench::ui {

/*
 * The stored runs as a table: the run's id ("#4", as the Compare dialog
 * names runs; "#4 ★" for the baseline of its target, its tool tip saying so), date, URL (for a shootout's
 * run, the server it measured first: "nginx · http://127.0.0.1:18081/1k.bin"), the results (requests, req/s,
 * p50, p99, failed), then what was asked: model (closed, or open at a rate), length (duration or request
 * count), keep-alive, concurrency, threads; and the user's note, the one editable cell: an edit shows at once
 * and emits noteEdited() (the page stores it). DisplayRole is formatted text; kSortRole the raw figure, for a
 * QSortFilterProxyModel; kRunIdRole the run's row id; a header's ToolTipRole says what the column holds.
 * Holds what Database::runs() returned (a bounded list): samples are not loaded here. GUI thread.
 */
class RunListModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        IdColumn,
        DateColumn,
        UrlColumn,
        RequestsColumn,
        RateColumn,
        P50Column,
        P99Column,
        FailedColumn,
        ModelColumn,
        LengthColumn,
        KeepAliveColumn,
        ConcurrencyColumn,
        ThreadsColumn,
        NoteColumn,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole + 1;
    static constexpr int kRunIdRole = Qt::UserRole + 2;

    explicit RunListModel(QObject *parent = nullptr);

    void setRuns(const QList<storage::StoredRun> &runs);
    const storage::StoredRun &run(int row) const { return m_runs.at(row); }
    int rowOf(qint64 runId) const;
    // "#4": how the list, the Compare dialog and the titles name a run.
    static QString idText(qint64 runId);
    // "http://127.0.0.1:8080/ (Host: example.test:8080)"
    static QString displayUrl(const model::BenchParameters &parameters);
    // displayUrl(run.parameters), after the server for a shootout's run:
    // "nginx · http://127.0.0.1:18081/1k.bin".
    static QString displayUrl(const storage::StoredRun &run);
    // The URL cell's tool tip: the whole URL, and for a shootout's run its
    // shootout, server, workload and round.
    static QString urlToolTip(const storage::StoredRun &run);
    // "closed" or "open, 5,000 req/s" (wrk2's constant rate, coordinated
    // omission corrected).
    static QString modelText(const model::BenchParameters &parameters);
    // "10 s" or "10,000 requests": what ended the run.
    static QString lengthText(const model::BenchParameters &parameters);
    // lengthText(), or how far a run got that did not reach its end:
    // "stopped at 2.8 s of 10 s", "broken off at 3.9 s of 10 s" (its process
    // ended first: the figures are those of its stored samples), as
    // `hostbench-cli runs list` marks them "(interrupted)" and "(broken off)".
    // A run not finished whose stored samples reach to within
    // kRunningSlackMs of now (`nowMs`, ms since the epoch) is still going,
    // here or in another process: "running, at 1.5 s of 10 s".
    static QString lengthText(const storage::StoredRun &run, qint64 nowMs);
    static QString lengthText(const storage::StoredRun &run);
    // How far behind now the last stored sample of a running run may be:
    // samples are stored each poll (RecordedRun), well under a second apart.
    static constexpr qint64 kRunningSlackMs = 5000;

    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // The user wrote `note` (trimmed) for run `runId` in the table.
    void noteEdited(qint64 runId, const QString &note);

private:
    static QString headerToolTip(int section);

    QList<storage::StoredRun> m_runs;
};

} // namespace hostbench::ui
