#include "storage/HostTable.h"

#include <QHash>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;

namespace {

QString normalisedName(const QString &name)
{
    return name.trimmed().toLower();
}

bool failQuery(const QString &what, const QSqlQuery &query, QString *error)
{
    *error = what + u": "_s + query.lastError().text();
    return false;
}

} // namespace

bool HostTable::normalise(model::VirtualHost &host, QString *error)
{
    host.hostName = normalisedName(host.hostName);
    if (host.hostName.isEmpty()) {
        *error = u"A virtual host needs a host name"_s;
        return false;
    }
    if (host.documentRoot.trimmed().isEmpty()) {
        *error = u"The virtual host \"%1\" needs a document root"_s.arg(host.hostName);
        return false;
    }
    QStringList aliases;
    for (const QString &alias : std::as_const(host.aliases)) {
        const QString name = normalisedName(alias);
        if (!name.isEmpty() && name != host.hostName && !aliases.contains(name))
            aliases.append(name);
    }
    host.aliases = aliases;
    QSet<QString> paths;
    for (const model::Route &route : std::as_const(host.routes)) {
        if (!route.path.startsWith(u'/')) {
            *error = u"The route \"%1\" of \"%2\" must start with /"_s.arg(route.path, host.hostName);
            return false;
        }
        if (paths.contains(route.path)) {
            *error = u"The virtual host \"%1\" has two routes for %2"_s.arg(host.hostName, route.path);
            return false;
        }
        paths.insert(route.path);
    }
    return true;
}

bool HostTable::readAll(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error)
{
    hosts->clear();
    QSqlQuery query(db);
    if (!query.exec(u"SELECT id, host_name, document_root, is_default FROM virtual_hosts "
                    "ORDER BY is_default DESC, host_name"_s))
        return failQuery(u"Cannot read the virtual hosts"_s, query, error);
    QHash<qint64, qsizetype> indexById;
    while (query.next()) {
        model::VirtualHost host;
        host.id = query.value(0).toLongLong();
        host.hostName = query.value(1).toString();
        host.documentRoot = query.value(2).toString();
        host.isDefault = query.value(3).toBool();
        indexById.insert(host.id, hosts->size());
        hosts->append(host);
    }
    if (!query.exec(u"SELECT host_id, alias FROM host_aliases ORDER BY host_id, position"_s))
        return failQuery(u"Cannot read the host aliases"_s, query, error);
    while (query.next())
        (*hosts)[indexById.value(query.value(0).toLongLong())].aliases.append(query.value(1).toString());
    if (!query.exec(
            u"SELECT host_id, path, status, content_type, body FROM routes ORDER BY host_id, position"_s))
        return failQuery(u"Cannot read the routes"_s, query, error);
    while (query.next()) {
        model::Route route;
        route.path = query.value(1).toString();
        route.status = query.value(2).toInt();
        route.contentType = query.value(3).toString();
        route.body = query.value(4).toByteArray();
        (*hosts)[indexById.value(query.value(0).toLongLong())].routes.append(route);
    }
    return true;
}

// The unique keys and triggers refuse a clash too, but in SQLite's words;
// this names the host that already has the name.
bool HostTable::checkNameIsFree(
    const QSqlDatabase &db, const QString &name, qint64 hostId, bool isAlias, QString *error)
{
    const QString what = isAlias ? u"The alias \"%1\""_s.arg(name) : u"The host name \"%1\""_s.arg(name);
    QSqlQuery query(db);
    query.prepare(u"SELECT host_name FROM virtual_hosts WHERE host_name = ? AND id <> ?"_s);
    query.addBindValue(name);
    query.addBindValue(hostId);
    if (!query.exec())
        return failQuery(u"Cannot check the host names"_s, query, error);
    if (query.next()) {
        *error = u"%1 is already the host name of another virtual host"_s.arg(what);
        return false;
    }
    query.prepare(u"SELECT v.host_name FROM host_aliases a JOIN virtual_hosts v ON v.id = a.host_id "
                  "WHERE a.alias = ? AND a.host_id <> ?"_s);
    query.addBindValue(name);
    query.addBindValue(hostId);
    if (!query.exec())
        return failQuery(u"Cannot check the host aliases"_s, query, error);
    if (query.next()) {
        *error = u"%1 is already an alias of the virtual host \"%2\""_s.arg(what, query.value(0).toString());
        return false;
    }
    return true;
}

bool HostTable::write(const QSqlDatabase &db, model::VirtualHost &host, QString *error)
{
    if (!checkNameIsFree(db, host.hostName, host.id, false, error))
        return false;
    for (const QString &alias : std::as_const(host.aliases)) {
        if (!checkNameIsFree(db, alias, host.id, true, error))
            return false;
    }
    const QString failure = u"Cannot save the virtual host \"%1\""_s.arg(host.hostName);
    QSqlQuery query(db);
    if (host.isDefault) {
        query.prepare(u"UPDATE virtual_hosts SET is_default = 0 WHERE id <> ?"_s);
        query.addBindValue(host.id);
        if (!query.exec())
            return failQuery(failure, query, error);
    }
    if (host.id == 0) {
        query.prepare(u"INSERT INTO virtual_hosts (host_name, document_root, is_default) VALUES (?, ?, ?)"_s);
        query.addBindValue(host.hostName);
        query.addBindValue(host.documentRoot);
        query.addBindValue(int(host.isDefault));
        if (!query.exec())
            return failQuery(failure, query, error);
        host.id = query.lastInsertId().toLongLong();
    } else {
        // The old aliases go first: the host may take one of them as its name.
        for (const QString &table : { u"host_aliases"_s, u"routes"_s }) {
            query.prepare(u"DELETE FROM "_s + table + u" WHERE host_id = ?"_s);
            query.addBindValue(host.id);
            if (!query.exec())
                return failQuery(failure, query, error);
        }
        query.prepare(
            u"UPDATE virtual_hosts SET host_name = ?, document_root = ?, is_default = ? WHERE id = ?"_s);
        query.addBindValue(host.hostName);
        query.addBindValue(host.documentRoot);
        query.addBindValue(int(host.isDefault));
        query.addBindValue(host.id);
        if (!query.exec())
            return failQuery(failure, query, error);
        if (query.numRowsAffected() != 1) {
            *error = u"There is no virtual host with id %1"_s.arg(host.id);
            return false;
        }
    }
    query.prepare(u"INSERT INTO host_aliases (alias, host_id, position) VALUES (?, ?, ?)"_s);
    for (qsizetype i = 0; i < host.aliases.size(); ++i) {
        query.addBindValue(host.aliases.at(i));
        query.addBindValue(host.id);
        query.addBindValue(qint64(i));
        if (!query.exec())
            return failQuery(failure, query, error);
    }
    query.prepare(u"INSERT INTO routes (host_id, position, path, status, content_type, body) "
                  "VALUES (?, ?, ?, ?, ?, ?)"_s);
    for (qsizetype i = 0; i < host.routes.size(); ++i) {
        const model::Route &route = host.routes.at(i);
        query.addBindValue(host.id);
        query.addBindValue(qint64(i));
        query.addBindValue(route.path);
        query.addBindValue(route.status);
        query.addBindValue(route.contentType.isNull() ? u""_s : route.contentType);
        // A null QByteArray binds as NULL; the column wants a blob, maybe empty.
        query.addBindValue(route.body.isNull() ? QByteArray("") : route.body);
        if (!query.exec())
            return failQuery(failure, query, error);
    }
    return true;
}

bool HostTable::remove(const QSqlDatabase &db, qint64 id, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"DELETE FROM virtual_hosts WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec())
        return failQuery(u"Cannot remove the virtual host %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no virtual host with id %1"_s.arg(id);
        return false;
    }
    return true;
}

} // namespace hostbench::storage
