#include "storage/ShootoutTable.h"

#include "storage/RunJson.h"
#include "storage/SqlColumn.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

// The tables' columns (Schema), named once.
namespace shootoutsTable {
const QString name = u"shootouts"_s;
const Column id = column(u"id"_s);
const Column startedAtMs = column(u"started_at_ms"_s);
const Column finished = column(u"finished"_s);
const Column settingsJson = column(u"settings_json"_s);
const Column notesJson = column(u"notes_json"_s);
// Not a column: the count of its runs, selected under this name.
const Column runCount = column(u"run_count"_s);
} // namespace shootoutsTable

namespace shootoutRunsTable {
const QString name = u"shootout_runs"_s;
const Column shootoutId = column(u"shootout_id"_s);
const Column runId = column(u"run_id"_s);
const Column server = column(u"server"_s);
const Column workload = column(u"workload"_s);
const Column round = column(u"round"_s);
const Column cpuUsPerRequest = column(u"cpu_us_per_request"_s);
} // namespace shootoutRunsTable

// The runs table's columns read with a shootout's entries (RunTable owns them).
namespace runsTable {
const Column summaryJson = column(u"summary_json"_s);
const Column finished = column(u"finished"_s);
} // namespace runsTable

QString where(const Column &column)
{
    return u"WHERE "_s + column.name + u" = "_s + column.placeholder;
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
    namespace e = shootoutRunsTable;
    query.prepare(
        u"SELECT s.%1, s.%2, s.%3, s.%4, s.%5, r.%6, r.%7 FROM %8 s JOIN runs r ON r.id = s.%1 "
        "WHERE s.%9 = %10 ORDER BY s.%4, r.id"_s
            .arg(e::runId.name, e::server.name, e::workload.name, e::round.name, e::cpuUsPerRequest.name,
                runsTable::summaryJson.name, runsTable::finished.name, e::name, e::shootoutId.name)
            .arg(e::shootoutId.placeholder));
    query.bindValue(e::shootoutId.placeholder, shootout->id);
    if (!query.exec())
        return fail(u"Cannot read the runs of shootout %1"_s.arg(shootout->id), query, error);
    const Fields field(query);
    while (query.next()) {
        model::ShootoutEntry entry;
        entry.runId = query.value(field(e::runId)).toLongLong();
        entry.server = query.value(field(e::server)).toString();
        entry.workload = query.value(field(e::workload)).toString();
        entry.round = query.value(field(e::round)).toInt();
        entry.cpuUsPerRequest = query.value(field(e::cpuUsPerRequest)).toDouble();
        entry.summary = RunJson::summaryFromJson(parseJson(query.value(field(runsTable::summaryJson))));
        if (!query.value(field(runsTable::finished)).toBool())
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
    namespace t = shootoutsTable;
    const ColumnValues row = { { t::startedAtMs, QVariant(startedAtMs) }, { t::finished, QVariant(0) },
        { t::settingsJson, QVariant(compactJson(settings)) }, { t::notesJson, QVariant(u"{}"_s) } };
    query.prepare(insert(t::name, row));
    bindAll(query, row);
    if (!query.exec()) {
        fail(u"Cannot save the shootout"_s, query, error);
        return 0;
    }
    return query.lastInsertId().toLongLong();
}

bool ShootoutTable::addRun(
    const QSqlDatabase &db, qint64 shootoutId, const model::ShootoutEntry &entry, QString *error)
{
    QSqlQuery query(db);
    namespace e = shootoutRunsTable;
    const ColumnValues row = { { e::shootoutId, QVariant(shootoutId) }, { e::runId, QVariant(entry.runId) },
        { e::server, text(entry.server) }, { e::workload, text(entry.workload) },
        { e::round, QVariant(entry.round) }, { e::cpuUsPerRequest, QVariant(entry.cpuUsPerRequest) } };
    query.prepare(insert(e::name, row));
    bindAll(query, row);
    return query.exec() || fail(u"Cannot save a run of shootout %1"_s.arg(shootoutId), query, error);
}

bool ShootoutTable::finish(
    const QSqlDatabase &db, qint64 shootoutId, const QJsonObject &notes, QString *error)
{
    QSqlQuery query(db);
    namespace t = shootoutsTable;
    const ColumnValues row = { { t::finished, QVariant(1) }, { t::notesJson, QVariant(compactJson(notes)) } };
    query.prepare(u"UPDATE "_s + t::name + u" SET "_s + assignments(row) + u' ' + where(t::id));
    bindAll(query, row);
    query.bindValue(t::id.placeholder, shootoutId);
    if (!query.exec())
        return fail(u"Cannot save the shootout"_s, query, error);
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
    namespace t = shootoutsTable;
    const QString columns = u"SELECT %1, (SELECT count(*) FROM %2 WHERE %3 = %4.%5) AS %6 FROM %4 "_s.arg(
        names({ t::id, t::startedAtMs, t::finished, t::settingsJson, t::notesJson }), shootoutRunsTable::name,
        shootoutRunsTable::shootoutId.name, t::name, t::id.name, t::runCount.name);
    if (id != 0) {
        query.prepare(columns + where(t::id));
        query.bindValue(t::id.placeholder, id);
    } else {
        query.prepare(
            columns + u"ORDER BY %1 DESC, %2 DESC LIMIT :limit"_s.arg(t::startedAtMs.name, t::id.name));
        query.bindValue(u":limit"_s, limit);
    }
    if (!query.exec())
        return fail(u"Cannot read the shootouts"_s, query, error);
    const Fields field(query);
    while (query.next()) {
        StoredShootout shootout;
        shootout.id = query.value(field(t::id)).toLongLong();
        shootout.startedAtMs = query.value(field(t::startedAtMs)).toLongLong();
        shootout.finished = query.value(field(t::finished)).toBool();
        shootout.settings = parseJson(query.value(field(t::settingsJson)));
        shootout.notes = parseJson(query.value(field(t::notesJson)));
        shootout.runCount = query.value(field(t::runCount)).toInt();
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
    namespace e = shootoutRunsTable;
    query.prepare(u"DELETE FROM runs WHERE id IN (SELECT %1 FROM %2 "_s.arg(e::runId.name, e::name)
        + where(e::shootoutId) + u')');
    query.bindValue(e::shootoutId.placeholder, id);
    if (!query.exec())
        return fail(u"Cannot remove the runs of shootout %1"_s.arg(id), query, error);
    query.prepare(u"DELETE FROM "_s + shootoutsTable::name + u' ' + where(shootoutsTable::id));
    query.bindValue(shootoutsTable::id.placeholder, id);
    if (!query.exec())
        return fail(u"Cannot remove shootout %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no shootout with id %1"_s.arg(id);
        return false;
    }
    return true;
}

} // namespace hostbench::storage
