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

} // namespace

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
        { u"timeout_ms"_s, proxy.upstreamTimeoutMs } };
}

bool ProxyJson::apply(const QString &name, const QJsonValue &value, model::ProxySettings &proxy,
    QString *field, QString *detail)
{
    if (!value.isObject())
        return fail(field, detail, name,
            u"\"%1\" must be an object (routes, send_upstream_host, timeout_ms)"_s.arg(name));
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
        } else if (it.key() == u"send_upstream_host"_s) {
            if (!v.isBool())
                return fail(field, detail, member, u"\"%1\" must be true or false"_s.arg(member));
            next.sendUpstreamHost = v.toBool();
        } else if (it.key() == u"timeout_ms"_s) {
            const double number = v.toDouble();
            if (!v.isDouble() || !(number >= -2147483648.0 && number <= 2147483647.0)
                || number != std::trunc(number))
                return fail(
                    field, detail, member, u"\"%1\" must be a whole number of milliseconds"_s.arg(member));
            next.upstreamTimeoutMs = int(number);
        } else {
            return fail(field, detail, member,
                u"Unknown member \"%1\" (proxy has routes, send_upstream_host and timeout_ms)"_s.arg(member));
        }
    }
    proxy = next;
    return true;
}

} // namespace hostbench::control
