#pragma once

#include <QJsonObject>
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
 * it is (Upstream::describe()). The keys are named here and nowhere
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

    bool operator==(const ServerNote &other) const = default;
};

} // namespace hostbench::shootout
