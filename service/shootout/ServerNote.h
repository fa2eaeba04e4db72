#pragma once

#include "model/ShootoutEntry.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace hostbench::shootout {

/*
 * What a shootout says about one server, as ShootoutRunner::notes() gives
 * it and a stored shootout keeps it ({"servers": {ID: note}, ...} in
 * StoredShootout::notes): "status" ("measured", "missing", "failed",
 * "wrong bytes"), "package" (Debian's), "port", "message" (why it failed),
 * "log" (its own output and logs when it failed to start), "port_note"
 * (when its first port was in use). With a proxied workload, the id
 * "upstream" notes the upstream: its port, package and, as "message", what
 * it is (Upstream::describe()); with a PHP workload, the id "php-fpm" notes
 * the PHP-FPM pool (ShootoutPhp::describe(), or "missing" with its
 * package), and the stored notes keep the pool's CPU per request of each
 * run ({"php_fpm_cpu_us_per_request": {RUN_ID: µs}}, which shootout_runs
 * has no column for). The keys are named here and nowhere
 * else; a field left empty (or 0) is not written. A value type; any thread.
 */
struct ServerNote
{
    QString status;
    QString package;
    quint16 port = 0;
    QString message;
    QString log;
    QString portNote;

    QJsonObject toJson() const;
    static ServerNote fromJson(const QJsonObject &object);

    // {ID: note} as JSON and back.
    static QJsonObject toJson(const QMap<QString, ServerNote> &notes);
    static QMap<QString, ServerNote> fromJson(const QJsonValue &servers);
    // The servers' notes of a stored shootout's notes (its "servers").
    static QMap<QString, ServerNote> ofShootout(const QJsonObject &shootoutNotes);
    // Its "servers" as stored, every key kept (for exports).
    static QJsonObject serversJson(const QJsonObject &shootoutNotes);
    // Whether it was stopped before its end.
    static bool interrupted(const QJsonObject &shootoutNotes);
    // A stored shootout's notes: the servers' and whether it was stopped before its end.
    static QJsonObject shootoutNotes(const QMap<QString, ServerNote> &servers, bool interrupted);
    // The same with the PHP-FPM pool's CPU per request of each stored run of
    // `entries` that has one (ShootoutEntry::phpFpmCpuUsPerRequest > 0).
    static QJsonObject shootoutNotes(const QMap<QString, ServerNote> &servers, bool interrupted,
        const QList<model::ShootoutEntry> &entries);
    // Puts back into `entries` (by run id) the pool's CPU per request that
    // `shootoutNotes` keeps.
    static void restorePhpFpmCpu(const QJsonObject &shootoutNotes, QList<model::ShootoutEntry> *entries);

    bool operator==(const ServerNote &other) const = default;
};

} // namespace hostbench::shootout
