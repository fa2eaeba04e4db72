#include "storage/RunTable.h"

#include "storage/HistogramBlob.h"
#include "storage/RunJson.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QPair>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;

namespace {

bool failQuery(const QString &what, const QSqlQuery &query, QString *error)
{
    *error = what + u": "_s + query.lastError().text();
    return false;
}

// SQLite integers are signed 64-bit; Qt's driver would bind quint64 as text.
QVariant integer(quint64 value)
{
    return QVariant(qint64(value));
}

// A null QString binds as NULL; the text columns are NOT NULL.
QVariant text(const QString &value)
{
    return QVariant(value.isNull() ? QString(u""_s) : value);
}

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject parseJson(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

// The run row's columns that a summary fills, named once: INSERT and UPDATE
// both take them from here (bound by name, :column).
QList<QPair<QString, QVariant>> summaryColumns(const model::RunSummary &s, bool finished)
{
    return { { u"time_taken_sec"_s, QVariant(s.timeTakenSec) }, { u"completed"_s, integer(s.completed) },
        { u"failed"_s, integer(s.failed) }, { u"non_2xx"_s, integer(s.non2xx) },
        { u"requests_per_second"_s, QVariant(s.requestsPerSecond) },
        { u"transfer_rate_kbps"_s, QVariant(s.transferRateKBps) },
        { u"latency_mean_ms"_s, QVariant(s.latencyMeanMs) },
        { u"latency_p50_ms"_s, QVariant(s.latencyP50Ms) }, { u"latency_p99_ms"_s, QVariant(s.latencyP99Ms) },
        { u"latency_max_ms"_s, QVariant(s.latencyMaxMs) },
        { u"interrupted"_s, QVariant(int(s.interrupted || !finished)) },
        { u"finished"_s, QVariant(int(finished)) },
        { u"summary_json"_s, QVariant(compactJson(RunJson::toJson(s))) } };
}

// The columns the parameters fill, set once when the run begins.
QList<QPair<QString, QVariant>> parameterColumns(const model::BenchParameters &p, qint64 startedAtMs)
{
    return { { u"started_at_ms"_s, QVariant(startedAtMs) }, { u"url"_s, text(p.url) },
        { u"method"_s, text(QString::fromLatin1(p.method)) }, { u"concurrency"_s, QVariant(p.concurrency) },
        { u"requests"_s, QVariant(p.requests) }, { u"duration_ms"_s, QVariant(p.durationMs) },
        { u"keep_alive"_s, QVariant(int(p.keepAlive)) }, { u"threads"_s, QVariant(p.threads) },
        { u"rate"_s, QVariant(p.rate) },
        { u"parameters_json"_s, QVariant(compactJson(RunJson::toJson(p))) } };
}

void bindAll(QSqlQuery &query, const QList<QPair<QString, QVariant>> &columns)
{
    for (const auto &[name, value] : columns)
        query.bindValue(u':' + name, value);
}

} // namespace

qint64 RunTable::begin(
    const QSqlDatabase &db, const model::BenchParameters &parameters, qint64 startedAtMs, QString *error)
{
    // What is known before the first answer: the target and the model.
    model::RunSummary provisional;
    provisional.concurrency = parameters.concurrency;
    provisional.keepAlive = parameters.keepAlive;
    provisional.threads = parameters.threads;
    provisional.rate = parameters.rate;
    provisional.startedAtMs = startedAtMs;
    const QList<QPair<QString, QVariant>> columns
        = parameterColumns(parameters, startedAtMs) + summaryColumns(provisional, false);
    QStringList names;
    QStringList placeholders;
    for (const auto &column : columns) {
        names.append(column.first);
        placeholders.append(u':' + column.first);
    }
    QSqlQuery query(db);
    query.prepare(
        u"INSERT INTO runs (%1) VALUES (%2)"_s.arg(names.join(u", "_s), placeholders.join(u", "_s)));
    bindAll(query, columns);
    if (!query.exec()) {
        failQuery(u"Cannot save the run"_s, query, error);
        return 0;
    }
    return query.lastInsertId().toLongLong();
}

bool RunTable::appendSamples(
    const QSqlDatabase &db, qint64 runId, const QList<model::BenchSample> &samples, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO samples (run_id, idx, elapsed_ms, interval_ms, completed, failed, bytes, "
                  "p50_us, p90_us, p99_us, max_us, open_connections) "
                  "VALUES (:run_id, :idx, :elapsed_ms, :interval_ms, :completed, :failed, :bytes, "
                  ":p50_us, :p90_us, :p99_us, :max_us, :open_connections)"_s);
    for (const model::BenchSample &sample : samples) {
        bindAll(query,
            { { u"run_id"_s, QVariant(runId) }, { u"idx"_s, QVariant(sample.index) },
                { u"elapsed_ms"_s, QVariant(sample.elapsedMs) },
                { u"interval_ms"_s, QVariant(sample.intervalMs) },
                { u"completed"_s, integer(sample.completed) }, { u"failed"_s, integer(sample.failed) },
                { u"bytes"_s, integer(sample.bytes) }, { u"p50_us"_s, integer(sample.p50Us) },
                { u"p90_us"_s, integer(sample.p90Us) }, { u"p99_us"_s, integer(sample.p99Us) },
                { u"max_us"_s, integer(sample.maxUs) },
                { u"open_connections"_s, QVariant(sample.openConnections) } });
        if (!query.exec())
            return failQuery(u"Cannot save the samples of the run"_s, query, error);
    }
    return true;
}

bool RunTable::finish(const QSqlDatabase &db, qint64 runId, const model::RunSummary &summary,
    const model::LatencyHistogram *histogram, QString *error)
{
    QList<QPair<QString, QVariant>> columns = summaryColumns(summary, true);
    columns.append({ u"histogram"_s,
        histogram ? QVariant(HistogramBlob::encode(*histogram))
                  : QVariant(QMetaType(QMetaType::QByteArray)) });
    QStringList assignments;
    for (const auto &column : columns)
        assignments.append(column.first + u" = :"_s + column.first);
    QSqlQuery query(db);
    query.prepare(u"UPDATE runs SET %1 WHERE id = :id"_s.arg(assignments.join(u", "_s)));
    bindAll(query, columns);
    query.bindValue(u":id"_s, runId);
    if (!query.exec())
        return failQuery(u"Cannot save the run"_s, query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"Cannot save the run: run %1 is not stored"_s.arg(runId);
        return false;
    }
    return true;
}

qint64 RunTable::insert(const QSqlDatabase &db, const model::BenchParameters &parameters,
    const model::RunSummary &summary, const QList<model::BenchSample> &samples,
    const model::LatencyHistogram *histogram, QString *error)
{
    const qint64 startedAt
        = summary.startedAtMs > 0 ? summary.startedAtMs : QDateTime::currentMSecsSinceEpoch();
    const qint64 runId = begin(db, parameters, startedAt, error);
    if (runId == 0 || !appendSamples(db, runId, samples, error)
        || !finish(db, runId, summary, histogram, error))
        return 0;
    return runId;
}

bool RunTable::select(const QSqlDatabase &db, qint64 id, int limit, QList<StoredRun> *runs, QString *error)
{
    runs->clear();
    QSqlQuery query(db);
    const QString columns = u"SELECT id, started_at_ms, parameters_json, summary_json, finished FROM runs "_s;
    if (id != 0) {
        query.prepare(columns + u"WHERE id = ?"_s);
        query.addBindValue(id);
    } else {
        query.prepare(columns + u"ORDER BY started_at_ms DESC, id DESC LIMIT ?"_s);
        query.addBindValue(limit);
    }
    if (!query.exec())
        return failQuery(u"Cannot read the runs"_s, query, error);
    while (query.next()) {
        StoredRun run;
        run.id = query.value(u"id"_s).toLongLong();
        run.startedAtMs = query.value(u"started_at_ms"_s).toLongLong();
        run.parameters = RunJson::parametersFromJson(parseJson(query.value(u"parameters_json"_s)));
        run.summary = RunJson::summaryFromJson(parseJson(query.value(u"summary_json"_s)));
        run.finished = query.value(u"finished"_s).toBool();
        // A run whose process ended before its summary (kill -9, a crash):
        // its samples are kept, and it shows as broken off.
        if (!run.finished)
            run.summary.interrupted = true;
        runs->append(run);
    }
    return true;
}

bool RunTable::selectSamples(
    const QSqlDatabase &db, qint64 runId, QList<model::BenchSample> *samples, QString *error)
{
    samples->clear();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(u"SELECT idx, elapsed_ms, interval_ms, completed, failed, bytes, p50_us, p90_us, p99_us, "
                  "max_us, open_connections FROM samples WHERE run_id = ? ORDER BY idx"_s);
    query.addBindValue(runId);
    if (!query.exec())
        return failQuery(u"Cannot read the samples of run %1"_s.arg(runId), query, error);
    while (query.next()) {
        model::BenchSample sample;
        sample.index = query.value(0).toInt();
        sample.elapsedMs = query.value(1).toLongLong();
        sample.intervalMs = query.value(2).toLongLong();
        sample.completed = query.value(3).toULongLong();
        sample.failed = query.value(4).toULongLong();
        sample.bytes = query.value(5).toULongLong();
        sample.p50Us = query.value(6).toULongLong();
        sample.p90Us = query.value(7).toULongLong();
        sample.p99Us = query.value(8).toULongLong();
        sample.maxUs = query.value(9).toULongLong();
        sample.openConnections = query.value(10).toInt();
        samples->append(sample);
    }
    return true;
}

bool RunTable::selectHistogram(const QSqlDatabase &db, qint64 runId, bool *found,
    std::optional<model::LatencyHistogram> *histogram, QString *error)
{
    *found = false;
    histogram->reset();
    QSqlQuery query(db);
    query.prepare(u"SELECT histogram FROM runs WHERE id = ?"_s);
    query.addBindValue(runId);
    if (!query.exec())
        return failQuery(u"Cannot read the histogram of run %1"_s.arg(runId), query, error);
    if (!query.next())
        return true;
    *found = true;
    const QVariant value = query.value(0);
    if (value.isNull())
        return true;
    *histogram = HistogramBlob::decode(value.toByteArray());
    if (!*histogram) {
        *error = u"The histogram of run %1 is damaged"_s.arg(runId);
        return false;
    }
    return true;
}

bool RunTable::remove(const QSqlDatabase &db, qint64 id, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"DELETE FROM runs WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec())
        return failQuery(u"Cannot remove run %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no run with id %1"_s.arg(id);
        return false;
    }
    return true;
}

} // namespace hostbench::storage
