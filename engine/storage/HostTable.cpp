#include "storage/HostTable.h"

#include "storage/SqlColumn.h"

#include <QHash>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

QString normalisedName(const QString &name)
{
    return name.trimmed().toLower();
}

// The tables' columns (Schema), named once.
namespace hostsTable {
const QString name = u"virtual_hosts"_s;
const Column id = column(u"id"_s);
const Column hostName = column(u"host_name"_s);
const Column documentRoot = column(u"document_root"_s);
const Column isDefault = column(u"is_default"_s);
} // namespace hostsTable

namespace aliasesTable {
const QString name = u"host_aliases"_s;
const Column alias = column(u"alias"_s);
const Column hostId = column(u"host_id"_s);
const Column position = column(u"position"_s);
} // namespace aliasesTable

namespace routesTable {
const QString name = u"routes"_s;
const Column hostId = column(u"host_id"_s);
const Column position = column(u"position"_s);
const Column path = column(u"path"_s);
const Column status = column(u"status"_s);
const Column contentType = column(u"content_type"_s);
const Column body = column(u"body"_s);
} // namespace routesTable

// The host row's own columns: INSERT and UPDATE both take them from here.
ColumnValues hostColumns(const model::VirtualHost &host)
{
    return { { hostsTable::hostName, text(host.hostName) },
        { hostsTable::documentRoot, text(host.documentRoot) },
        { hostsTable::isDefault, QVariant(int(host.isDefault)) } };
}

ColumnValues aliasColumns(qint64 hostId, qsizetype position, const QString &alias)
{
    return { { aliasesTable::alias, text(alias) }, { aliasesTable::hostId, QVariant(hostId) },
        { aliasesTable::position, QVariant(qint64(position)) } };
}

ColumnValues routeColumns(qint64 hostId, qsizetype position, const model::Route &route)
{
    return { { routesTable::hostId, QVariant(hostId) }, { routesTable::position, QVariant(qint64(position)) },
        { routesTable::path, text(route.path) }, { routesTable::status, QVariant(route.status) },
        { routesTable::contentType, text(route.contentType) }, { routesTable::body, blob(route.body) } };
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
    if (!query.exec(
            select(hostsTable::name,
                { hostsTable::id, hostsTable::hostName, hostsTable::documentRoot, hostsTable::isDefault })
            + u"ORDER BY "_s + hostsTable::isDefault.name + u" DESC, "_s + hostsTable::hostName.name))
        return fail(u"Cannot read the virtual hosts"_s, query, error);
    QHash<qint64, qsizetype> indexById;
    {
        const Fields field(query);
        while (query.next()) {
            model::VirtualHost host;
            host.id = query.value(field(hostsTable::id)).toLongLong();
            host.hostName = query.value(field(hostsTable::hostName)).toString();
            host.documentRoot = query.value(field(hostsTable::documentRoot)).toString();
            host.isDefault = query.value(field(hostsTable::isDefault)).toBool();
            indexById.insert(host.id, hosts->size());
            hosts->append(host);
        }
    }
    if (!query.exec(select(aliasesTable::name, { aliasesTable::hostId, aliasesTable::alias }) + u"ORDER BY "_s
            + aliasesTable::hostId.name + u", "_s + aliasesTable::position.name))
        return fail(u"Cannot read the host aliases"_s, query, error);
    {
        const Fields field(query);
        while (query.next())
            (*hosts)[indexById.value(query.value(field(aliasesTable::hostId)).toLongLong())].aliases.append(
                query.value(field(aliasesTable::alias)).toString());
    }
    if (!query.exec(select(routesTable::name,
                        { routesTable::hostId, routesTable::path, routesTable::status,
                            routesTable::contentType, routesTable::body })
            + u"ORDER BY "_s + routesTable::hostId.name + u", "_s + routesTable::position.name))
        return fail(u"Cannot read the routes"_s, query, error);
    const Fields field(query);
    while (query.next()) {
        model::Route route;
        route.path = query.value(field(routesTable::path)).toString();
        route.status = query.value(field(routesTable::status)).toInt();
        route.contentType = query.value(field(routesTable::contentType)).toString();
        route.body = query.value(field(routesTable::body)).toByteArray();
        (*hosts)[indexById.value(query.value(field(routesTable::hostId)).toLongLong())].routes.append(route);
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
    query.prepare(select(hostsTable::name, { hostsTable::hostName }) + u"WHERE "_s + hostsTable::hostName.name
        + u" = "_s + hostsTable::hostName.placeholder + u" AND "_s + hostsTable::id.name + u" <> "_s
        + hostsTable::id.placeholder);
    bindAll(query, { { hostsTable::hostName, name }, { hostsTable::id, hostId } });
    if (!query.exec())
        return fail(u"Cannot check the host names"_s, query, error);
    if (query.next()) {
        *error = u"%1 is already the host name of another virtual host"_s.arg(what);
        return false;
    }
    // A join: the table-qualified names are written out here.
    query.prepare(u"SELECT v.host_name FROM host_aliases a JOIN virtual_hosts v ON v.id = a.host_id "
                  "WHERE a.alias = :alias AND a.host_id <> :host_id"_s);
    bindAll(query, { { aliasesTable::alias, name }, { aliasesTable::hostId, hostId } });
    if (!query.exec())
        return fail(u"Cannot check the host aliases"_s, query, error);
    if (query.next()) {
        *error = u"%1 is already an alias of the virtual host \"%2\""_s.arg(
            what, query.value(hostsTable::hostName.name).toString());
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
    const Column &id = hostsTable::id;
    if (host.isDefault) {
        query.prepare(u"UPDATE "_s + hostsTable::name + u" SET "_s + hostsTable::isDefault.name
            + u" = 0 WHERE "_s + id.name + u" <> "_s + id.placeholder);
        query.bindValue(id.placeholder, host.id);
        if (!query.exec())
            return fail(failure, query, error);
    }
    const ColumnValues row = hostColumns(host);
    if (host.id == 0) {
        query.prepare(insert(hostsTable::name, row));
        bindAll(query, row);
        if (!query.exec())
            return fail(failure, query, error);
        host.id = query.lastInsertId().toLongLong();
    } else {
        // The old aliases go first: the host may take one of them as its name.
        for (const auto &[table, hostId] : { std::pair { aliasesTable::name, aliasesTable::hostId },
                 { routesTable::name, routesTable::hostId } }) {
            query.prepare(
                u"DELETE FROM "_s + table + u" WHERE "_s + hostId.name + u" = "_s + hostId.placeholder);
            query.bindValue(hostId.placeholder, host.id);
            if (!query.exec())
                return fail(failure, query, error);
        }
        query.prepare(u"UPDATE "_s + hostsTable::name + u" SET "_s + assignments(row) + u" WHERE "_s + id.name
            + u" = "_s + id.placeholder);
        bindAll(query, row);
        query.bindValue(id.placeholder, host.id);
        if (!query.exec())
            return fail(failure, query, error);
        if (query.numRowsAffected() != 1) {
            *error = u"There is no virtual host with id %1"_s.arg(host.id);
            return false;
        }
    }
    for (qsizetype i = 0; i < host.aliases.size(); ++i) {
        const ColumnValues alias = aliasColumns(host.id, i, host.aliases.at(i));
        if (i == 0)
            query.prepare(insert(aliasesTable::name, alias));
        bindAll(query, alias);
        if (!query.exec())
            return fail(failure, query, error);
    }
    for (qsizetype i = 0; i < host.routes.size(); ++i) {
        const ColumnValues route = routeColumns(host.id, i, host.routes.at(i));
        if (i == 0)
            query.prepare(insert(routesTable::name, route));
        bindAll(query, route);
        if (!query.exec())
            return fail(failure, query, error);
    }
    return true;
}

bool HostTable::remove(const QSqlDatabase &db, qint64 id, QString *error)
{
    QSqlQuery query(db);
    query.prepare(u"DELETE FROM "_s + hostsTable::name + u" WHERE "_s + hostsTable::id.name + u" = "_s
        + hostsTable::id.placeholder);
    query.bindValue(hostsTable::id.placeholder, id);
    if (!query.exec())
        return fail(u"Cannot remove the virtual host %1"_s.arg(id), query, error);
    if (query.numRowsAffected() != 1) {
        *error = u"There is no virtual host with id %1"_s.arg(id);
        return false;
    }
    return true;
}

} // namespace hostbench::storage
