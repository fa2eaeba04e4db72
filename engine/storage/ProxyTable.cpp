#include "storage/ProxyTable.h"

#include "storage/SqlColumn.h"

#include <QHash>
#include <QSqlQuery>
#include <QVariant>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

namespace settingsTable {
const QString name = u"proxy_settings"_s;
const Column hostId = column(u"host_id"_s);
const Column sendUpstreamHost = column(u"send_upstream_host"_s);
const Column upstreamTimeoutMs = column(u"upstream_timeout_ms"_s);
} // namespace settingsTable

namespace routesTable {
const QString name = u"proxy_routes"_s;
const Column hostId = column(u"host_id"_s);
const Column position = column(u"position"_s);
const Column pathPrefix = column(u"path_prefix"_s);
const Column upstream = column(u"upstream"_s);
} // namespace routesTable

QHash<qint64, qsizetype> indexById(const QList<model::VirtualHost> &hosts)
{
    QHash<qint64, qsizetype> index;
    for (qsizetype i = 0; i < hosts.size(); ++i)
        index.insert(hosts.at(i).id, i);
    return index;
}

} // namespace

bool ProxyTable::normalise(model::VirtualHost &host, QString *error)
{
    for (model::ProxyRoute &route : host.proxy.routes) {
        route.pathPrefix = route.pathPrefix.trimmed();
        route.upstream = route.upstream.trimmed();
    }
    int row = -1;
    QString problem = model::ProxyCheck::checkRoutes(host.proxy.routes, &row);
    if (problem.isEmpty())
        problem = model::ProxyCheck::checkTimeout(host.proxy.upstreamTimeoutMs);
    if (problem.isEmpty())
        return true;
    *error = u"The proxy settings of \"%1\": %2"_s.arg(host.hostName, problem);
    return false;
}

bool ProxyTable::readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error)
{
    const QHash<qint64, qsizetype> index = indexById(*hosts);
    QSqlQuery query(db);
    namespace s = settingsTable;
    if (!query.exec(select(s::name, { s::hostId, s::sendUpstreamHost, s::upstreamTimeoutMs })))
        return fail(u"Cannot read the proxy settings"_s, query, error);
    {
        const Fields field(query);
        while (query.next()) {
            const auto found = index.constFind(query.value(field(s::hostId)).toLongLong());
            if (found == index.constEnd())
                continue;
            model::ProxySettings &proxy = (*hosts)[*found].proxy;
            proxy.sendUpstreamHost = query.value(field(s::sendUpstreamHost)).toBool();
            proxy.upstreamTimeoutMs = query.value(field(s::upstreamTimeoutMs)).toInt();
        }
    }
    namespace r = routesTable;
    if (!query.exec(select(r::name, { r::hostId, r::pathPrefix, r::upstream }) + u"ORDER BY "_s
            + r::hostId.name + u", "_s + r::position.name))
        return fail(u"Cannot read the proxy routes"_s, query, error);
    const Fields field(query);
    while (query.next()) {
        const auto found = index.constFind(query.value(field(r::hostId)).toLongLong());
        if (found != index.constEnd())
            (*hosts)[*found].proxy.routes.append(
                { query.value(field(r::pathPrefix)).toString(), query.value(field(r::upstream)).toString() });
    }
    return true;
}

bool ProxyTable::write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error)
{
    const QString failure = u"Cannot save the proxy settings of \"%1\""_s.arg(host.hostName);
    QSqlQuery query(db);
    namespace s = settingsTable;
    const ColumnValues row { { s::hostId, QVariant(host.id) },
        { s::sendUpstreamHost, QVariant(int(host.proxy.sendUpstreamHost)) },
        { s::upstreamTimeoutMs, QVariant(host.proxy.upstreamTimeoutMs) } };
    query.prepare(insert(s::name, row, u"INSERT OR REPLACE"_s));
    bindAll(query, row);
    if (!query.exec())
        return fail(failure, query, error);
    namespace r = routesTable;
    query.prepare(
        u"DELETE FROM "_s + r::name + u" WHERE "_s + r::hostId.name + u" = "_s + r::hostId.placeholder);
    query.bindValue(r::hostId.placeholder, host.id);
    if (!query.exec())
        return fail(failure, query, error);
    for (qsizetype i = 0; i < host.proxy.routes.size(); ++i) {
        const model::ProxyRoute &route = host.proxy.routes.at(i);
        const ColumnValues values { { r::hostId, QVariant(host.id) }, { r::position, QVariant(qint64(i)) },
            { r::pathPrefix, text(route.pathPrefix) }, { r::upstream, text(route.upstream) } };
        if (i == 0)
            query.prepare(insert(r::name, values));
        bindAll(query, values);
        if (!query.exec())
            return fail(failure, query, error);
    }
    return true;
}

} // namespace hostbench::storage
