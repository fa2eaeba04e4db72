#include "storage/RunTable.h"

#include "storage/HistogramBlob.h"
#include "storage/RunJson.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
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

} // namespace

qint64 RunTable::insert(const QSqlDatabase &db, const model::BenchParameters &p, const model::RunSummary &s,
                        const QList<model::BenchSample> &samples, const model::LatencyHistogram *histogram,
                        QString *error)
{
    const qint64 startedAt = s.startedAtMs > 0 ? s.startedAtMs : QDateTime::currentMSecsSinceEpoch();
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO runs (started_at_ms, url, method, concurrency, requests, duration_ms, "
                  "keep_alive, threads, rate, time_taken_sec, completed, failed, non_2xx, "
                  "requests_per_second, transfer_rate_kbps, latency_mean_ms, latency_p50_ms, "
                  "latency_p99_ms, latency_max_ms, interrupted, parameters_json, summary_json, histogram) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (const QVariant &value : {QVariant(startedAt), text(p.url), text(QString::fromLatin1(p.method)),
                                  QVariant(p.concurrency), QVariant(p.requests), QVariant(p.durationMs),
                                  QVariant(int(p.keepAlive)), QVariant(p.threads), QVariant(p.rate),
                                  QVariant(s.timeTakenSec), integer(s.completed), integer(s.failed),
                                  integer(s.non2xx), QVariant(s.requestsPerSecond), QVariant(s.transferRateKBps),
                                  QVariant(s.latencyMeanMs), QVariant(s.latencyP50Ms), QVariant(s.latencyP99Ms),
                                  QVariant(s.latencyMaxMs), QVariant(int(s.interrupted)),
                                  QVariant(compactJson(RunJson::toJson(p))),
                                  QVariant(compactJson(RunJson::toJson(s))),
                                  histogram ? QVariant(HistogramBlob::encode(*histogram))
                                            : QVariant(QMetaType(QMetaType::QByteArray))})
        query.addBindValue(value);
    if (!query.exec()) {
        failQuery(u"Cannot save the run"_s, query, error);
        return 0;
    }
    const qint64 runId = query.lastInsertId().toLongLong();

    query.prepare(u"INSERT INTO samples (run_id, idx, elapsed_ms, interval_ms, completed, failed, bytes, "
                  "p50_us, p90_us, p99_us, max_us, open_connections) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (const model::BenchSample &sample : samples) {
        for (const QVariant &value : {QVariant(runId), QVariant(sample.index), QVariant(sample.elapsedMs),
                                      QVariant(sample.intervalMs), integer(sample.completed),
                                      integer(sample.failed), integer(sample.bytes), integer(sample.p50Us),
                                      integer(sample.p90Us), integer(sample.p99Us), integer(sample.maxUs),
                                      QVariant(sample.openConnections)})
            query.addBindValue(value);
        if (!query.exec()) {
            failQuery(u"Cannot save the samples of the run"_s, query, error);
            return 0;
        }
    }
    return runId;
}

bool RunTable::select(const QSqlDatabase &db, qint64 id, int limit, QList<StoredRun> *runs, QString *error)
{
    runs->clear();
    QSqlQuery query(db);
    const QString columns = u"SELECT id, started_at_ms, parameters_json, summary_json FROM runs "_s;
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
        run.id = query.value(0).toLongLong();
        run.startedAtMs = query.value(1).toLongLong();
        run.parameters = RunJson::parametersFromJson(parseJson(query.value(2)));
        run.summary = RunJson::summaryFromJson(parseJson(query.value(3)));
        runs->append(run);
    }
    return true;
}

bool RunTable::selectSamples(const QSqlDatabase &db, qint64 runId, QList<model::BenchSample> *samples,
                             QString *error)
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
