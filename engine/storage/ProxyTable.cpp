#include "storage/ProxyTable.h"

#include "storage/SqlColumn.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

#include <climits>
#include <optional>

namespace hostbench::storage {

using namespace Qt::StringLiterals;
using namespace sql;

namespace {

namespace settingsTable {
const QString name = u"proxy_settings"_s;
const Column hostId = column(u"host_id"_s);
const Column sendUpstreamHost = column(u"send_upstream_host"_s);
const Column upstreamTimeoutMs = column(u"upstream_timeout_ms"_s);
const Column logUpstreamTimes = column(u"log_upstream_times"_s); // from version 11
} // namespace settingsTable

namespace routesTable {
const QString name = u"proxy_routes"_s;
const Column hostId = column(u"host_id"_s);
const Column position = column(u"position"_s);
const Column pathPrefix = column(u"path_prefix"_s);
const Column upstream = column(u"upstream"_s);
} // namespace routesTable

namespace appsTable {
const QString name = u"proxy_apps"_s;
const Column hostId = column(u"host_id"_s);
const Column command = column(u"command"_s);
const Column workingDir = column(u"working_dir"_s);
const Column environment = column(u"environment"_s);
const Column stopGraceMs = column(u"stop_grace_ms"_s);
} // namespace appsTable

QString environmentJson(const QStringList &entries)
{
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(entries)).toJson(QJsonDocument::Compact));
}

// The stored environment: a JSON array of strings, else nullopt.
std::optional<QStringList> environmentFromJson(const QString &json)
{
    QJsonParseError parsed;
    const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8(), &parsed);
    if (parsed.error != QJsonParseError::NoError || !document.isArray())
        return std::nullopt;
    QStringList entries;
    for (const QJsonValue &value : document.array()) {
        if (!value.isString())
            return std::nullopt;
        entries.append(value.toString());
    }
    return entries;
}

// One proxy_apps row as it was stored; a value that is not of its column's
// type (a hand edit, a damaged file) is an error naming the site, never a
// default in its place. A value of the right type that the rules refuse
// (model::ProxyCheck::checkApp) is read as stored, for SiteValidator to name.
bool readApp(const QSqlQuery &query, const sql::Fields &field, const QString &hostName,
    model::AppCommand *app, QString *error)
{
    namespace a = appsTable;
    const QString where = u"The stored app of \"%1\""_s.arg(hostName);
    const QVariant grace = query.value(field(a::stopGraceMs));
    // SQLite hands back an integer as one; text or a real stays what it is.
    const bool isInteger = grace.typeId() == QMetaType::LongLong || grace.typeId() == QMetaType::Int;
    const qlonglong graceMs = grace.toLongLong();
    if (!isInteger || graceMs < INT_MIN || graceMs > INT_MAX) {
        *error = u"%1: its stop grace period is not a number of milliseconds (\"%2\")"_s.arg(
            where, grace.toString());
        return false;
    }
    const QString json = query.value(field(a::environment)).toString();
    const std::optional<QStringList> environment = environmentFromJson(json);
    if (!environment) {
        *error = u"%1: its environment is not a JSON array of NAME=value strings (%2)"_s.arg(where, json);
        return false;
    }
    app->command = query.value(field(a::command)).toString();
    app->workingDir = query.value(field(a::workingDir)).toString();
    app->environment = *environment;
    app->stopGraceMs = int(graceMs);
    return true;
}

bool readApps(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, const QHash<qint64, qsizetype> &index,
    QString *error)
{
    namespace a = appsTable;
    QSqlQuery query(db);
    if (!query.exec(
            select(a::name, { a::hostId, a::command, a::workingDir, a::environment, a::stopGraceMs })))
        return fail(u"Cannot read the sites' apps"_s, query, error);
    const Fields field(query);
    while (query.next()) {
        const auto found = index.constFind(query.value(field(a::hostId)).toLongLong());
        if (found == index.constEnd())
            continue;
        model::VirtualHost &host = (*hosts)[*found];
        if (!readApp(query, field, host.hostName, &host.proxy.app, error))
            return false;
    }
    return true;
}

// Replaces the proxy_apps row of `host`: none when it has no app settings.
bool writeApp(QSqlQuery &query, const model::VirtualHost &host, const QString &failure, QString *error)
{
    namespace a = appsTable;
    query.prepare(
        u"DELETE FROM "_s + a::name + u" WHERE "_s + a::hostId.name + u" = "_s + a::hostId.placeholder);
    query.bindValue(a::hostId.placeholder, host.id);
    if (!query.exec())
        return fail(failure, query, error);
    const model::AppCommand &app = host.proxy.app;
    if (app == model::AppCommand())
        return true;
    const ColumnValues row { { a::hostId, QVariant(host.id) }, { a::command, text(app.command) },
        { a::workingDir, text(app.workingDir) },
        { a::environment, QVariant(environmentJson(app.environment)) },
        { a::stopGraceMs, QVariant(app.stopGraceMs) } };
    query.prepare(insert(a::name, row));
    bindAll(query, row);
    return query.exec() || fail(failure, query, error);
}

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
    model::AppCommand &app = host.proxy.app;
    app.command = app.command.trimmed();
    app.workingDir = app.workingDir.trimmed();
    int row = -1;
    QString problem = model::ProxyCheck::checkRoutes(host.proxy.routes, &row);
    if (problem.isEmpty())
        problem = model::ProxyCheck::checkTimeout(host.proxy.upstreamTimeoutMs);
    if (problem.isEmpty())
        problem = model::ProxyCheck::checkApp(app);
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
    if (!query.exec(
            select(s::name, { s::hostId, s::sendUpstreamHost, s::upstreamTimeoutMs, s::logUpstreamTimes })))
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
            proxy.logUpstreamTimes = query.value(field(s::logUpstreamTimes)).toBool();
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
    return readApps(db, hosts, index, error);
}

bool ProxyTable::write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error)
{
    const QString failure = u"Cannot save the proxy settings of \"%1\""_s.arg(host.hostName);
    QSqlQuery query(db);
    namespace s = settingsTable;
    const ColumnValues row { { s::hostId, QVariant(host.id) },
        { s::sendUpstreamHost, QVariant(int(host.proxy.sendUpstreamHost)) },
        { s::upstreamTimeoutMs, QVariant(host.proxy.upstreamTimeoutMs) },
        { s::logUpstreamTimes, QVariant(int(host.proxy.logUpstreamTimes)) } };
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
    return writeApp(query, host, failure, error);
}

} // namespace hostbench::storage
