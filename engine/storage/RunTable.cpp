#include "storage/RunTable.h"

#include "storage/HistogramBlob.h"
#include "storage/RunJson.h"
#include "storage/SqlColumn.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QPair>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

namespace runsTable {
const Column id = column(u"id"_s);
const Column startedAtMs = column(u"started_at_ms"_s);
const Column url = column(u"url"_s);
const Column method = column(u"method"_s);
const Column concurrency = column(u"concurrency"_s);
const Column requests = column(u"requests"_s);
const Column durationMs = column(u"duration_ms"_s);
const Column keepAlive = column(u"keep_alive"_s);
const Column threads = column(u"threads"_s);
const Column rate = column(u"rate"_s);
const Column parametersJson = column(u"parameters_json"_s);
const Column timeTakenSec = column(u"time_taken_sec"_s);
const Column completed = column(u"completed"_s);
const Column failed = column(u"failed"_s);
const Column non2xx = column(u"non_2xx"_s);
const Column requestsPerSecond = column(u"requests_per_second"_s);
const Column transferRateKBps = column(u"transfer_rate_kbps"_s);
const Column latencyMeanMs = column(u"latency_mean_ms"_s);
const Column latencyP50Ms = column(u"latency_p50_ms"_s);
const Column latencyP99Ms = column(u"latency_p99_ms"_s);
const Column latencyMaxMs = column(u"latency_max_ms"_s);
const Column interrupted = column(u"interrupted"_s);
const Column finished = column(u"finished"_s);
const Column summaryJson = column(u"summary_json"_s);
const Column histogram = column(u"histogram"_s);
const Column note = column(u"note"_s);
const Column baseline = column(u"baseline"_s);
} // namespace runsTable

namespace samplesTable {
const Column runId = column(u"run_id"_s);
const Column index = column(u"idx"_s);
const Column elapsedMs = column(u"elapsed_ms"_s);
const Column intervalMs = column(u"interval_ms"_s);
const Column completed = column(u"completed"_s);
const Column failed = column(u"failed"_s);
const Column bytes = column(u"bytes"_s);
const Column p50Us = column(u"p50_us"_s);
const Column p90Us = column(u"p90_us"_s);
const Column p99Us = column(u"p99_us"_s);
const Column maxUs = column(u"max_us"_s);
const Column openConnections = column(u"open_connections"_s);
const Column plannedRate = column(u"planned_rate"_s); // NULL: the closed model
const Column pausedMs = column(u"paused_ms"_s);
} // namespace samplesTable

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject parseJson(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

// The run row's columns that a summary fills: INSERT and UPDATE both take
// them from here.
ColumnValues summaryColumns(const model::RunSummary &s, bool finished)
{
    return { { runsTable::timeTakenSec, QVariant(s.timeTakenSec) },
        { runsTable::completed, integer(s.completed) }, { runsTable::failed, integer(s.failed) },
        { runsTable::non2xx, integer(s.non2xx) },
        { runsTable::requestsPerSecond, QVariant(s.requestsPerSecond) },
        { runsTable::transferRateKBps, QVariant(s.transferRateKBps) },
        { runsTable::latencyMeanMs, QVariant(s.latencyMeanMs) },
        { runsTable::latencyP50Ms, QVariant(s.latencyP50Ms) },
        { runsTable::latencyP99Ms, QVariant(s.latencyP99Ms) },
        { runsTable::latencyMaxMs, QVariant(s.latencyMaxMs) },
        { runsTable::interrupted, QVariant(int(s.interrupted || !finished)) },
        { runsTable::finished, QVariant(int(finished)) },
        { runsTable::summaryJson, QVariant(compactJson(RunJson::toJson(s))) } };
}

// The columns the parameters fill, set once when the run begins.
ColumnValues parameterColumns(const model::BenchParameters &p, qint64 startedAtMs)
{
    return { { runsTable::startedAtMs, QVariant(startedAtMs) }, { runsTable::url, text(p.url) },
        { runsTable::method, text(QString::fromLatin1(p.method)) },
        { runsTable::concurrency, QVariant(p.concurrency) }, { runsTable::requests, QVariant(p.requests) },
        { runsTable::durationMs, QVariant(p.durationMs) },
        { runsTable::keepAlive, QVariant(int(p.keepAlive)) }, { runsTable::threads, QVariant(p.threads) },
        { runsTable::rate, QVariant(p.rate) },
        { runsTable::parametersJson, QVariant(compactJson(RunJson::toJson(p))) } };
}

// One samples row.
ColumnValues sampleColumns(qint64 runId, const model::BenchSample &sample)
{
    return { { samplesTable::runId, QVariant(runId) }, { samplesTable::index, QVariant(sample.index) },
        { samplesTable::elapsedMs, QVariant(sample.elapsedMs) },
        { samplesTable::intervalMs, QVariant(sample.intervalMs) },
        { samplesTable::completed, integer(sample.completed) },
        { samplesTable::failed, integer(sample.failed) }, { samplesTable::bytes, integer(sample.bytes) },
        { samplesTable::p50Us, integer(sample.p50Us) }, { samplesTable::p90Us, integer(sample.p90Us) },
        { samplesTable::p99Us, integer(sample.p99Us) }, { samplesTable::maxUs, integer(sample.maxUs) },
        { samplesTable::openConnections, QVariant(sample.openConnections) },
        { samplesTable::plannedRate, sample.plannedRate < 0 ? QVariant() : QVariant(sample.plannedRate) },
        { samplesTable::pausedMs, QVariant(sample.pausedMs) } };
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
    const ColumnValues columns
        = parameterColumns(parameters, startedAtMs) + summaryColumns(provisional, false);
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO runs (%1) VALUES (%2)"_s.arg(names(columns), placeholders(columns)));
    bindAll(query, columns);
    if (!query.exec()) {
        fail(u"Cannot save the run"_s, query, error);
        return 0;
    }
    return query.lastInsertId().toLongLong();
}

bool RunTable::appendSamples(
    const QSqlDatabase &db, qint64 runId, const QList<model::BenchSample> &samples, QString *error)
{
    if (samples.isEmpty())
        return true;
    const ColumnValues first = sampleColumns(runId, samples.first());
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO samples (%1) VALUES (%2)"_s.arg(names(first), placeholders(first)));
    for (const model::BenchSample &sample : samples) {
        bindAll(query, sampleColumns(runId, sample));
        if (!query.exec())
            return fail(u"Cannot save the samples of the run"_s, query, error);
    }
    return true;
}

bool RunTable::finish(const QSqlDatabase &db, qint64 runId, const model::RunSummary &summary,
    const model::LatencyHistogram *histogram, QString *error)
{
    ColumnValues columns = summaryColumns(summary, true);
    columns.append({ runsTable::histogram,
        histogram ? QVariant(HistogramBlob::encode(*histogram))
                  : QVariant(QMetaType(QMetaType::QByteArray)) });
    QSqlQuery query(db);
    query.prepare(u"UPDATE runs SET %1 WHERE %2 = %3"_s.arg(
        assignments(columns), runsTable::id.name, runsTable::id.placeholder));
    bindAll(query, columns);
    query.bindValue(runsTable::id.placeholder, runId);
    if (!query.exec())
        return fail(u"Cannot save the run"_s, query, error);
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
    query.setForwardOnly(true);
    // A shootout's runs say which server, workload and round they were (no
    // column of shootout_runs shares a name with one of runs).
    const QString select
        = u"SELECT %1, shootout_runs.shootout_id, shootout_runs.server, "
          "shootout_runs.workload, shootout_runs.round FROM runs "
          "LEFT JOIN shootout_runs ON shootout_runs.run_id = runs.id "_s.arg(
              names(QList<Column> { runsTable::id, runsTable::startedAtMs, runsTable::parametersJson,
                  runsTable::summaryJson, runsTable::finished, runsTable::note, runsTable::baseline }));
    if (id != 0) {
        query.prepare(select + u"WHERE %1 = %2"_s.arg(runsTable::id.name, runsTable::id.placeholder));
        query.bindValue(runsTable::id.placeholder, id);
    } else {
        query.prepare(select
            + u"ORDER BY %1 DESC, %2 DESC LIMIT :limit"_s.arg(
                runsTable::startedAtMs.name, runsTable::id.name));
        query.bindValue(u":limit"_s, limit);
    }
    if (!query.exec())
        return fail(u"Cannot read the runs"_s, query, error);
    const QSqlRecord record = query.record();
    const int idField = record.indexOf(runsTable::id.name);
    const int startedAtField = record.indexOf(runsTable::startedAtMs.name);
    const int parametersField = record.indexOf(runsTable::parametersJson.name);
    const int summaryField = record.indexOf(runsTable::summaryJson.name);
    const int finishedField = record.indexOf(runsTable::finished.name);
    const int noteField = record.indexOf(runsTable::note.name);
    const int baselineField = record.indexOf(runsTable::baseline.name);
    const int shootoutField = record.indexOf(u"shootout_id"_s); // then server, workload, round
    while (query.next()) {
        StoredRun run;
        run.id = query.value(idField).toLongLong();
        run.startedAtMs = query.value(startedAtField).toLongLong();
        run.parameters = RunJson::parametersFromJson(parseJson(query.value(parametersField)));
        run.summary = RunJson::summaryFromJson(parseJson(query.value(summaryField)));
        run.finished = query.value(finishedField).toBool();
        run.note = query.value(noteField).toString();
        run.baseline = query.value(baselineField).toBool();
        run.shootoutId = query.value(shootoutField).toLongLong();
        run.shootoutServer = query.value(shootoutField + 1).toString();
        run.shootoutWorkload = query.value(shootoutField + 2).toString();
        run.shootoutRound = query.value(shootoutField + 3).toInt();
        // A run whose process ended before its summary (kill -9, a crash):
        // its samples are kept, and it shows as broken off.
        if (!run.finished)
            run.summary.interrupted = true;
        runs->append(run);
    }
    for (StoredRun &run : *runs) {
        if (!run.finished && !summarizeSamples(db, run.id, &run.summary, error))
            return false;
    }
    return true;
}

bool RunTable::summarizeSamples(
    const QSqlDatabase &db, qint64 runId, model::RunSummary *summary, QString *error)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(u"SELECT COUNT(*), SUM(%1), SUM(%2), SUM(%3), MAX(%4) FROM samples WHERE %5 = %6"_s.arg(
        samplesTable::completed.name, samplesTable::failed.name, samplesTable::bytes.name,
        samplesTable::elapsedMs.name, samplesTable::runId.name, samplesTable::runId.placeholder));
    query.bindValue(samplesTable::runId.placeholder, runId);
    if (!query.exec() || !query.next())
        return fail(u"Cannot read the samples of run %1"_s.arg(runId), query, error);
    if (query.value(0).toLongLong() == 0)
        return true; // nothing was stored: the run shows as broken off with no figures
    summary->completed = quint64(query.value(1).toLongLong());
    summary->failed = quint64(query.value(2).toLongLong());
    summary->totalBytes = quint64(query.value(3).toLongLong());
    summary->timeTakenSec = query.value(4).toLongLong() / 1000.0;
    if (summary->timeTakenSec > 0) {
        summary->requestsPerSecond = double(summary->completed) / summary->timeTakenSec;
        summary->transferRateKBps = double(summary->totalBytes) / 1024.0 / summary->timeTakenSec;
    }
    return true;
}

bool RunTable::selectSamples(
    const QSqlDatabase &db, qint64 runId, QList<model::BenchSample> *samples, QString *error)
{
    samples->clear();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    const QList<Column> columns = { samplesTable::index, samplesTable::elapsedMs, samplesTable::intervalMs,
        samplesTable::completed, samplesTable::failed, samplesTable::bytes, samplesTable::p50Us,
        samplesTable::p90Us, samplesTable::p99Us, samplesTable::maxUs, samplesTable::openConnections,
        samplesTable::plannedRate, samplesTable::pausedMs };
    query.prepare(u"SELECT %1 FROM samples WHERE %2 = %3 ORDER BY %4"_s.arg(
        names(columns), samplesTable::runId.name, samplesTable::runId.placeholder, samplesTable::index.name));
    query.bindValue(samplesTable::runId.placeholder, runId);
    if (!query.exec())
        return fail(u"Cannot read the samples of run %1"_s.arg(runId), query, error);
    // Each column's position, looked up once for all rows.
    const QSqlRecord record = query.record();
    const auto field = [&record](const Column &column) { return record.indexOf(column.name); };
    const int index = field(samplesTable::index);
    const int elapsedMs = field(samplesTable::elapsedMs);
    const int intervalMs = field(samplesTable::intervalMs);
    const int completed = field(samplesTable::completed);
    const int failed = field(samplesTable::failed);
    const int bytes = field(samplesTable::bytes);
    const int p50Us = field(samplesTable::p50Us);
    const int p90Us = field(samplesTable::p90Us);
    const int p99Us = field(samplesTable::p99Us);
    const int maxUs = field(samplesTable::maxUs);
    const int openConnections = field(samplesTable::openConnections);
    const int plannedRate = field(samplesTable::plannedRate);
    const int pausedMs = field(samplesTable::pausedMs);
    while (query.next()) {
        model::BenchSample sample;
        sample.index = query.value(index).toInt();
        sample.elapsedMs = query.value(elapsedMs).toLongLong();
        sample.intervalMs = query.value(intervalMs).toLongLong();
        sample.completed = query.value(completed).toULongLong();
        sample.failed = query.value(failed).toULongLong();
        sample.bytes = query.value(bytes).toULongLong();
        sample.p50Us = query.value(p50Us).toULongLong();
        sample.p90Us = query.value(p90Us).toULongLong();
        sample.p99Us = query.value(p99Us).toULongLong();
        sample.maxUs = query.value(maxUs).toULongLong();
        sample.openConnections = query.value(openConnections).toInt();
        const QVariant planned = query.value(plannedRate);
        sample.plannedRate = planned.isNull() ? -1.0 : planned.toDouble();
        sample.pausedMs = query.value(pausedMs).toLongLong();
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
    query.prepare(u"SELECT %1 FROM runs WHERE %2 = %3"_s.arg(
        runsTable::histogram.name, runsTable::id.name, runsTable::id.placeholder));
    query.bindValue(runsTable::id.placeholder, runId);
    if (!query.exec())
        return fail(u"Cannot read the histogram of run %1"_s.arg(runId), query, error);
    if (!query.next())
        return true;
    *found = true;
    const QVariant value = query.value(runsTable::histogram.name);
    if (value.isNull())
        return true;
    *histogram = HistogramBlob::decode(value.toByteArray());
    if (!*histogram) {
        *error = u"The histogram of run %1 is damaged"_s.arg(runId);
        return false;
    }
    return true;
}

bool RunTable::setNote(const QSqlDatabase &db, qint64 id, const QString &note, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"UPDATE runs SET %1 = %2 WHERE %3 = %4"_s.arg(
        runsTable::note.name, runsTable::note.placeholder, runsTable::id.name, runsTable::id.placeholder));
    // NOT NULL: a null QString would bind as NULL.
    query.bindValue(runsTable::note.placeholder, note.isNull() ? u""_s : note);
    query.bindValue(runsTable::id.placeholder, id);
    if (!query.exec())
        return fail(u"Cannot save the note of run %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no run with id %1"_s.arg(id);
        return false;
    }
    return true;
}

bool RunTable::setBaseline(const QSqlDatabase &db, qint64 id, bool baseline, QString *error)
{
    QSqlQuery query(db);
    if (baseline) {
        // The target's former baseline, if any, first (the unique index).
        query.prepare(
            u"UPDATE runs SET %1 = 0 WHERE %1 = 1 AND (%2, %3) = "
            "(SELECT %2, %3 FROM runs WHERE %4 = %5)"_s.arg(runsTable::baseline.name, runsTable::method.name,
                runsTable::url.name, runsTable::id.name, runsTable::id.placeholder));
        query.bindValue(runsTable::id.placeholder, id);
        if (!query.exec())
            return fail(u"Cannot set the baseline"_s, query, error);
    }
    query.prepare(u"UPDATE runs SET %1 = %2 WHERE %3 = %4"_s.arg(runsTable::baseline.name,
        runsTable::baseline.placeholder, runsTable::id.name, runsTable::id.placeholder));
    query.bindValue(runsTable::baseline.placeholder, int(baseline));
    query.bindValue(runsTable::id.placeholder, id);
    if (!query.exec())
        return fail(u"Cannot set the baseline"_s, query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no run with id %1"_s.arg(id);
        return false;
    }
    return true;
}

bool RunTable::selectBaselineIds(
    const QSqlDatabase &db, const QByteArray &method, const QString &url, QList<qint64> *ids, QString *error)
{
    ids->clear();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QString sql = u"SELECT %1 FROM runs WHERE %2 = 1"_s.arg(runsTable::id.name, runsTable::baseline.name);
    if (!url.isNull())
        sql += u" AND %1 = %2 AND %3 = %4"_s.arg(runsTable::method.name, runsTable::method.placeholder,
            runsTable::url.name, runsTable::url.placeholder);
    query.prepare(sql + u" ORDER BY %1"_s.arg(runsTable::id.name));
    if (!url.isNull()) {
        query.bindValue(runsTable::method.placeholder, QString::fromLatin1(method));
        query.bindValue(runsTable::url.placeholder, url);
    }
    if (!query.exec())
        return fail(u"Cannot read the baselines"_s, query, error);
    while (query.next())
        ids->append(query.value(0).toLongLong());
    return true;
}

bool RunTable::remove(const QSqlDatabase &db, qint64 id, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"DELETE FROM runs WHERE %1 = %2"_s.arg(runsTable::id.name, runsTable::id.placeholder));
    query.bindValue(runsTable::id.placeholder, id);
    if (!query.exec())
        return fail(u"Cannot remove run %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no run with id %1"_s.arg(id);
        return false;
    }
    return true;
}

} // namespace hostbench::storage
