#pragma once

#include "storage/Database.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <optional>

namespace hostbench::storage {

/*
 * The SQL behind Database's run methods: tables runs and samples (see
 * Schema). A run row has the figures a run list shows as columns and the
 * whole parameters and summary as JSON (RunJson); samples are one row per
 * interval, deleted with their run (ON DELETE CASCADE); the latency
 * histogram is a BLOB in the run row (HistogramBlob). Database owns the
 * connection and the transactions.
 *
 * Thread: the connection's. Errors: false / 0 with a sentence in *error.
 */
class RunTable final
{
public:
    // A run stored as it goes: begin() stores the parameters as an
    // unfinished run (returns its id, 0 on failure), appendSamples() each
    // interval's samples, finish() the summary and histogram (NULL without
    // one). Each in a transaction of its own, so that a process killed
    // mid-run leaves the run, unfinished, with the samples stored so far.
    static qint64 begin(
        const QSqlDatabase &db, const model::BenchParameters &parameters, qint64 startedAtMs, QString *error);
    static bool appendSamples(
        const QSqlDatabase &db, qint64 runId, const QList<model::BenchSample> &samples, QString *error);
    static bool finish(const QSqlDatabase &db, qint64 runId, const model::RunSummary &summary,
        const model::LatencyHistogram *histogram, QString *error);
    // All three at once. Call inside a transaction; returns the new run id,
    // 0 on failure.
    static qint64 insert(const QSqlDatabase &db, const model::BenchParameters &parameters,
        const model::RunSummary &summary, const QList<model::BenchSample> &samples,
        const model::LatencyHistogram *histogram, QString *error);
    // id == 0: every run, newest first, at most `limit`; else that run only.
    // An unfinished run (broken off) gets the figures of its stored samples
    // (summarizeSamples), so that lists say what was measured, not 0.
    static bool select(const QSqlDatabase &db, qint64 id, int limit, QList<StoredRun> *runs, QString *error);
    // Completed, failed and received bytes summed over the run's samples, the
    // length (s) from the last one, and the rates from those: the summary of a
    // run whose process ended before its own (kill -9, a crash). Leaves
    // *summary as it is when no sample was stored.
    static bool summarizeSamples(
        const QSqlDatabase &db, qint64 runId, model::RunSummary *summary, QString *error);
    static bool selectSamples(
        const QSqlDatabase &db, qint64 runId, QList<model::BenchSample> *samples, QString *error);
    // *found: whether the run exists; *histogram: its histogram, nullopt when
    // it was stored without one. False (with *error) for a failed query or an
    // unreadable BLOB.
    static bool selectHistogram(const QSqlDatabase &db, qint64 runId, bool *found,
        std::optional<model::LatencyHistogram> *histogram, QString *error);
    static bool remove(const QSqlDatabase &db, qint64 id, QString *error);
    static bool setNote(const QSqlDatabase &db, qint64 id, const QString &note, QString *error);
    // Makes run `id` the baseline of its target (method and URL), the
    // target's former one no longer, or (baseline false) not a baseline.
    // Call inside a transaction.
    static bool setBaseline(const QSqlDatabase &db, qint64 id, bool baseline, QString *error);
    // The ids of the baselines: of the target `method` `url`, or every one
    // when `url` is null; by id.
    static bool selectBaselineIds(const QSqlDatabase &db, const QByteArray &method, const QString &url,
        QList<qint64> *ids, QString *error);
};

} // namespace hostbench::storage
