#include "control/EngineSettingsJson.h"

#include <QHostAddress>

#include <cmath>
#include <functional>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

struct Refusal
{
    QString *field;
    QString *detail;
    int *status;

    bool operator()(int code, const QString &where, const QString &why) const
    {
        *status = code;
        *field = where;
        *detail = why;
        return false;
    }
};

// A whole JSON number in [low, high], else false.
bool whole(const QJsonValue &value, qint64 low, qint64 high, qint64 *out)
{
    const double number = value.toDouble();
    if (!value.isDouble() || number != std::trunc(number) || number < double(low) || number > double(high))
        return false;
    *out = qint64(number);
    return true;
}

// A whole-number member: 400 when not a number, 422 when out of [low, high].
bool number(const Refusal &refuse, const QString &member, const QJsonValue &value, qint64 low, qint64 high,
    const QString &unit, const std::function<void(qint64)> &set)
{
    if (!value.isDouble())
        return refuse(400, member, u"\"%1\" must be a number"_s.arg(member));
    qint64 v = 0;
    if (!whole(value, low, high, &v))
        return refuse(422, member,
            u"\"%1\" must be a whole number of %2 from %3 to %4"_s.arg(member, unit).arg(low).arg(high));
    set(v);
    return true;
}

bool readTls(const Refusal &refuse, const QJsonValue &value, model::ServerConfig &next)
{
    if (!value.isObject())
        return refuse(400, u"tls"_s, u"\"tls\" must be an object (enabled, port)"_s);
    const QJsonObject tls = value.toObject();
    for (auto it = tls.begin(); it != tls.end(); ++it) {
        const QString member = u"tls."_s + it.key();
        if (it.key() == u"enabled"_s) {
            if (!it.value().isBool())
                return refuse(400, member, u"\"%1\" must be true or false"_s.arg(member));
            next.tlsEnabled = it.value().toBool();
        } else if (it.key() == u"port"_s) {
            if (!number(refuse, member, it.value(), 0, 65535, u"port"_s,
                    [&](qint64 v) { next.tlsPort = quint16(v); }))
                return false;
        } else {
            return refuse(400, member, u"Unknown member \"%1\" (tls has enabled and port)"_s.arg(member));
        }
    }
    return true;
}

bool readMember(const Refusal &refuse, const QString &key, const QJsonValue &v, model::ServerConfig &next)
{
    if (key == u"listen"_s) {
        if (!v.isString())
            return refuse(400, key, u"\"listen\" must be a string"_s);
        const QString address = v.toString().trimmed();
        QHostAddress parsed;
        if (!parsed.setAddress(address) || address.contains(u'%'))
            return refuse(422, key,
                u"\"listen\" must be an IPv4 or IPv6 address (127.0.0.1, ::1, 0.0.0.0, ::), not \"%1\""_s.arg(
                    address));
        next.listenAddress = address;
        next.tlsListenAddress = address;
        return true;
    }
    if (key == u"port"_s)
        return number(refuse, key, v, 0, 65535, u"port"_s, [&](qint64 n) { next.port = quint16(n); });
    if (key == u"port_fallback"_s) {
        if (!v.isBool())
            return refuse(400, key, u"\"port_fallback\" must be true or false"_s);
        next.portFallback = v.toBool();
        return true;
    }
    if (key == u"threads"_s)
        return number(refuse, key, v, 0, model::ServerConfig::kMaxThreads, u"threads (0: one per core)"_s,
            [&](qint64 n) { next.threads = int(n); });
    if (key == u"tls"_s)
        return readTls(refuse, v, next);
    const std::pair<QString, int model::ServerConfig::*> positive[] = {
        { u"header_timeout_ms"_s, &model::ServerConfig::headerTimeoutMs },
        { u"keep_alive_timeout_ms"_s, &model::ServerConfig::keepAliveTimeoutMs },
        { u"send_timeout_ms"_s, &model::ServerConfig::sendTimeoutMs },
        { u"max_connections_per_worker"_s, &model::ServerConfig::maxConnectionsPerWorker },
    };
    for (const auto &entry : positive) {
        // Not a structured binding: clang 14 (the fuzz build's) cannot capture one in a lambda.
        int model::ServerConfig::*const member = entry.second;
        if (key == entry.first) {
            const bool connections = member == &model::ServerConfig::maxConnectionsPerWorker;
            return number(refuse, key, v, connections ? 1 : model::ServerConfig::kMinTimeoutMs,
                connections ? model::ServerConfig::kMaxConnectionsLimit : model::ServerConfig::kMaxTimeoutMs,
                connections ? u"connections"_s : u"milliseconds"_s, [&](qint64 n) { next.*member = int(n); });
        }
    }
    return refuse(400, key,
        u"Unknown member \"%1\" (the engine's settings are listen, port, port_fallback, threads, tls, "
        "header_timeout_ms, keep_alive_timeout_ms, send_timeout_ms and max_connections_per_worker)"_s.arg(
            key));
}

} // namespace

QJsonObject EngineSettingsJson::toJson(const model::ServerConfig &config)
{
    return { { u"listen"_s, config.listenAddress }, { u"port"_s, config.port },
        { u"port_fallback"_s, config.portFallback }, { u"threads"_s, config.threads },
        { u"tls"_s, QJsonObject { { u"enabled"_s, config.tlsEnabled }, { u"port"_s, config.tlsPort } } },
        { u"header_timeout_ms"_s, config.headerTimeoutMs },
        { u"keep_alive_timeout_ms"_s, config.keepAliveTimeoutMs },
        { u"send_timeout_ms"_s, config.sendTimeoutMs },
        { u"max_connections_per_worker"_s, config.maxConnectionsPerWorker } };
}

bool EngineSettingsJson::apply(
    const QJsonObject &body, model::ServerConfig &config, QString *field, QString *detail, int *status)
{
    const Refusal refuse { field, detail, status };
    model::ServerConfig next = config;
    for (auto it = body.begin(); it != body.end(); ++it) {
        if (!readMember(refuse, it.key(), it.value(), next))
            return false;
    }
    if (next.tlsEnabled && next.tlsPort != 0 && next.tlsPort == next.port)
        return refuse(422, u"tls.port"_s, u"\"tls.port\" must differ from \"port\" (%1)"_s.arg(next.port));
    config = next;
    return true;
}

} // namespace hostbench::control
