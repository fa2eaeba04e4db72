#include "control/ProxyJson.h"

#include <QJsonArray>

#include <cmath>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

bool fail(QString *field, QString *detail, const QString &where, const QString &why)
{
    *field = where;
    *detail = why;
    return false;
}

bool route(
    const QString &where, const QJsonValue &value, model::ProxyRoute &out, QString *field, QString *detail)
{
    if (!value.isObject())
        return fail(field, detail, where, u"\"%1\" must be an object with path and upstream"_s.arg(where));
    const QJsonObject object = value.toObject();
    model::ProxyRoute route;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString member = where + u'.' + it.key();
        QString *target = it.key() == u"path"_s ? &route.pathPrefix
            : it.key() == u"upstream"_s         ? &route.upstream
                                                : nullptr;
        if (!target)
            return fail(field, detail, member,
                u"Unknown member \"%1\" (a proxy route has path and upstream)"_s.arg(member));
        if (!it.value().isString())
            return fail(field, detail, member, u"\"%1\" must be a string"_s.arg(member));
        *target = it.value().toString();
    }
    if (!object.contains(u"path"_s))
        return fail(field, detail, where + u".path"_s, u"A proxy route needs a \"path\""_s);
    if (!object.contains(u"upstream"_s))
        return fail(field, detail, where + u".upstream"_s, u"A proxy route needs an \"upstream\""_s);
    out = route;
    return true;
}

// A whole number of milliseconds that fits an int, else false.
bool milliseconds(const QJsonValue &value, int *out)
{
    const double number = value.toDouble();
    if (!value.isDouble() || !(number >= -2147483648.0 && number <= 2147483647.0)
        || number != std::trunc(number))
        return false;
    *out = int(number);
    return true;
}

bool strings(const QJsonValue &value, QStringList *out)
{
    if (!value.isArray())
        return false;
    QStringList list;
    for (const QJsonValue &entry : value.toArray()) {
        if (!entry.isString())
            return false;
        list.append(entry.toString());
    }
    *out = list;
    return true;
}

// "app": {"command", "dir", "env", "stop_grace_ms"} onto `out` (members left
// out keep their values); null: no app.
bool readApp(
    const QString &where, const QJsonValue &value, model::AppCommand &out, QString *field, QString *detail)
{
    if (value.isNull()) {
        out = model::AppCommand();
        return true;
    }
    if (!value.isObject())
        return fail(field, detail, where,
            u"\"%1\" must be an object (command, dir, env, stop_grace_ms) or null"_s.arg(where));
    model::AppCommand next = out;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString member = where + u'.' + it.key();
        const QJsonValue &v = it.value();
        const QString key = it.key();
        if (key == u"command"_s || key == u"dir"_s) {
            if (!v.isString())
                return fail(field, detail, member, u"\"%1\" must be a string"_s.arg(member));
            (key == u"command"_s ? next.command : next.workingDir) = v.toString();
        } else if (key == u"env"_s) {
            if (!strings(v, &next.environment))
                return fail(field, detail, member,
                    u"\"%1\" must be an array of \"NAME=value\" strings"_s.arg(member));
        } else if (key == u"stop_grace_ms"_s) {
            if (!milliseconds(v, &next.stopGraceMs))
                return fail(
                    field, detail, member, u"\"%1\" must be a whole number of milliseconds"_s.arg(member));
        } else {
            return fail(field, detail, member,
                u"Unknown member \"%1\" (app has command, dir, env and stop_grace_ms)"_s.arg(member));
        }
    }
    out = next;
    return true;
}

} // namespace

QJsonObject ProxyJson::app(const model::AppCommand &app)
{
    return { { u"command"_s, app.command }, { u"dir"_s, app.workingDir },
        { u"env"_s, QJsonArray::fromStringList(app.environment) }, { u"stop_grace_ms"_s, app.stopGraceMs } };
}

QJsonArray ProxyJson::routes(const QList<model::ProxyRoute> &routes)
{
    QJsonArray array;
    for (const model::ProxyRoute &route : routes)
        array.append(QJsonObject { { u"path"_s, route.pathPrefix }, { u"upstream"_s, route.upstream } });
    return array;
}

QJsonObject ProxyJson::toJson(const model::ProxySettings &proxy)
{
    return { { u"routes"_s, routes(proxy.routes) }, { u"send_upstream_host"_s, proxy.sendUpstreamHost },
        { u"timeout_ms"_s, proxy.upstreamTimeoutMs }, { u"app"_s, app(proxy.app) },
        { u"log_upstream_times"_s, proxy.logUpstreamTimes } };
}

bool ProxyJson::apply(const QString &name, const QJsonValue &value, model::ProxySettings &proxy,
    QString *field, QString *detail)
{
    if (!value.isObject())
        return fail(field, detail, name,
            u"\"%1\" must be an object (routes, send_upstream_host, timeout_ms, app, log_upstream_times)"_s
                .arg(name));
    model::ProxySettings next = proxy;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString member = name + u'.' + it.key();
        const QJsonValue &v = it.value();
        if (it.key() == u"routes"_s) {
            if (!v.isArray())
                return fail(field, detail, member, u"\"%1\" must be an array of proxy routes"_s.arg(member));
            QList<model::ProxyRoute> routes;
            const QJsonArray array = v.toArray();
            for (qsizetype i = 0; i < array.size(); ++i) {
                model::ProxyRoute one;
                if (!route(u"%1[%2]"_s.arg(member).arg(i), array.at(i), one, field, detail))
                    return false;
                routes.append(one);
            }
            next.routes = routes;
        } else if (it.key() == u"send_upstream_host"_s || it.key() == u"log_upstream_times"_s) {
            if (!v.isBool())
                return fail(field, detail, member, u"\"%1\" must be true or false"_s.arg(member));
            (it.key() == u"send_upstream_host"_s ? next.sendUpstreamHost : next.logUpstreamTimes)
                = v.toBool();
        } else if (it.key() == u"timeout_ms"_s) {
            if (!milliseconds(v, &next.upstreamTimeoutMs))
                return fail(
                    field, detail, member, u"\"%1\" must be a whole number of milliseconds"_s.arg(member));
        } else if (it.key() == u"app"_s) {
            if (!readApp(member, v, next.app, field, detail))
                return false;
        } else {
            return fail(field, detail, member,
                u"Unknown member \"%1\" (proxy has routes, send_upstream_host, timeout_ms, app and "
                "log_upstream_times)"_s.arg(member));
        }
    }
    proxy = next;
    return true;
}

} // namespace hostbench::control
