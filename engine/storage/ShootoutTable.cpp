#include "storage/ShootoutTable.h"

#include "storage/RunJson.h"

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

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject parseJson(const QVariant &value)
{
    return QJsonDocument::fromJson(value.toString().toUtf8()).object();
}

bool selectEntries(const QSqlDatabase &db, StoredShootout *shootout, QString *error)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    // Runs removed on their own (runs delete) leave the shootout: the join drops them.
    query.prepare(u"SELECT r.id, s.server, s.workload, s.round, s.cpu_us_per_request, r.summary_json, "
                  "r.finished FROM shootout_runs s JOIN runs r ON r.id = s.run_id "
                  "WHERE s.shootout_id = ? ORDER BY s.round, r.id"_s);
    query.addBindValue(shootout->id);
    if (!query.exec())
        return failQuery(u"Cannot read the runs of shootout %1"_s.arg(shootout->id), query, error);
    while (query.next()) {
        model::ShootoutEntry entry;
        entry.runId = query.value(0).toLongLong();
        entry.server = query.value(1).toString();
        entry.workload = query.value(2).toString();
        entry.round = query.value(3).toInt();
        entry.cpuUsPerRequest = query.value(4).toDouble();
        entry.summary = RunJson::summaryFromJson(parseJson(query.value(5)));
        if (!query.value(6).toBool())
            entry.summary.interrupted = true;
        shootout->entries.append(entry);
    }
    shootout->runCount = int(shootout->entries.size());
    return true;
}

} // namespace

qint64 ShootoutTable::begin(
    const QSqlDatabase &db, const QJsonObject &settings, qint64 startedAtMs, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO shootouts (started_at_ms, finished, settings_json, notes_json) "
                  "VALUES (?, 0, ?, '{}')"_s);
    query.addBindValue(startedAtMs);
    query.addBindValue(compactJson(settings));
    if (!query.exec()) {
        failQuery(u"Cannot save the shootout"_s, query, error);
        return 0;
    }
    return query.lastInsertId().toLongLong();
}

bool ShootoutTable::addRun(
    const QSqlDatabase &db, qint64 shootoutId, const model::ShootoutEntry &entry, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO shootout_runs (shootout_id, run_id, server, workload, round, "
                  "cpu_us_per_request) VALUES (?, ?, ?, ?, ?, ?)"_s);
    query.addBindValue(shootoutId);
    query.addBindValue(entry.runId);
    query.addBindValue(entry.server);
    query.addBindValue(entry.workload);
    query.addBindValue(entry.round);
    query.addBindValue(entry.cpuUsPerRequest);
    return query.exec() || failQuery(u"Cannot save a run of shootout %1"_s.arg(shootoutId), query, error);
}

bool ShootoutTable::finish(
    const QSqlDatabase &db, qint64 shootoutId, const QJsonObject &notes, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"UPDATE shootouts SET finished = 1, notes_json = ? WHERE id = ?"_s);
    query.addBindValue(compactJson(notes));
    query.addBindValue(shootoutId);
    if (!query.exec())
        return failQuery(u"Cannot save the shootout"_s, query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no shootout with id %1"_s.arg(shootoutId);
        return false;
    }
    return true;
}

bool ShootoutTable::select(
    const QSqlDatabase &db, qint64 id, int limit, QList<StoredShootout> *shootouts, QString *error)
{
    shootouts->clear();
    QSqlQuery query(db);
    const QString columns = u"SELECT id, started_at_ms, finished, settings_json, notes_json, "
                            "(SELECT count(*) FROM shootout_runs WHERE shootout_id = shootouts.id) "
                            "FROM shootouts "_s;
    if (id != 0) {
        query.prepare(columns + u"WHERE id = ?"_s);
        query.addBindValue(id);
    } else {
        query.prepare(columns + u"ORDER BY started_at_ms DESC, id DESC LIMIT ?"_s);
        query.addBindValue(limit);
    }
    if (!query.exec())
        return failQuery(u"Cannot read the shootouts"_s, query, error);
    while (query.next()) {
        StoredShootout shootout;
        shootout.id = query.value(0).toLongLong();
        shootout.startedAtMs = query.value(1).toLongLong();
        shootout.finished = query.value(2).toBool();
        shootout.settings = parseJson(query.value(3));
        shootout.notes = parseJson(query.value(4));
        shootout.runCount = query.value(5).toInt();
        shootouts->append(shootout);
    }
    if (id != 0 && !shootouts->isEmpty())
        return selectEntries(db, &(*shootouts)[0], error);
    return true;
}

bool ShootoutTable::remove(const QSqlDatabase &db, qint64 id, QString *error)
{
    QSqlQuery query(db);
    // Its runs first: they belong to it (and would otherwise stay as loose runs).
    query.prepare(u"DELETE FROM runs WHERE id IN (SELECT run_id FROM shootout_runs WHERE shootout_id = ?)"_s);
    query.addBindValue(id);
    if (!query.exec())
        return failQuery(u"Cannot remove the runs of shootout %1"_s.arg(id), query, error);
    query.prepare(u"DELETE FROM shootouts WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec())
        return failQuery(u"Cannot remove shootout %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no shootout with id %1"_s.arg(id);
        return false;
    }
    return true;
}

} // namespace hostbench::storage
