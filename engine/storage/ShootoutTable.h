#pragma once

#include "model/ShootoutEntry.h"

#include <QJsonObject>
#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * A stored shootout: one comparison of servers on workloads, and the runs
 * it holds. `settings` is what was asked (servers, workloads, model,
 * duration, rounds), `notes` what happened to each server (missing with its
 * package, failed to start with its log, port moved, version); both are the
 * shootout runner's JSON, kept as given. `entries` are filled by
 * Database::shootout() only (the list leaves them empty and counts them).
 */
struct StoredShootout
{
    qint64 id = 0;
    qint64 startedAtMs = 0; // ms since the Unix epoch
    bool finished = false; // false: still running, or its process ended midway
    QJsonObject settings;
    QJsonObject notes;
    int runCount = 0;
    QList<model::ShootoutEntry> entries; // in the order they were stored
};

/*
 * The SQL behind Database's shootout methods: tables shootouts and
 * shootout_runs (see Schema step 5). Each run of a shootout is a row of
 * runs, stored as bench stores it (RunTable); shootout_runs links it with
 * its server, workload, round and the server's CPU time per request.
 * Removing a shootout removes its runs. Database owns the connection and
 * the transactions.
 *
 * Thread: the connection's. Errors: false / 0 with a sentence in *error.
 */
class ShootoutTable final
{
public:
    static qint64 begin(
        const QSqlDatabase &db, const QJsonObject &settings, qint64 startedAtMs, QString *error);
    static bool addRun(
        const QSqlDatabase &db, qint64 shootoutId, const model::ShootoutEntry &entry, QString *error);
    static bool finish(const QSqlDatabase &db, qint64 shootoutId, const QJsonObject &notes, QString *error);
    // id == 0: every shootout, newest first, at most `limit`, without entries;
    // else that one with its entries.
    static bool select(
        const QSqlDatabase &db, qint64 id, int limit, QList<StoredShootout> *shootouts, QString *error);
    static bool remove(const QSqlDatabase &db, qint64 id, QString *error);
};

} // namespace hostbench::storage
