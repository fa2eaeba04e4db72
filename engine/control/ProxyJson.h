#pragma once

#include "model/ProxyRoute.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace hostbench::control {

/*
 * A site's proxy settings (model::ProxySettings) as the "proxy" member of
 * the control API's site JSON (SiteJson), both ways:
 *   "proxy": {"routes": [{"path": "/api", "upstream": "http://127.0.0.1:9000"}],
 *             "send_upstream_host": false, "timeout_ms": 60000,
 *             "app": {"command": "npm run dev", "dir": "/srv/a", "env": ["PORT=9000"],
 *                     "stop_grace_ms": 5000},
 *             "log_upstream_times": false}
 * ("app" is the site's model::AppCommand: an empty command starts no app;
 * "dir" empty: the document root; "log_upstream_times": the access log's
 * lines end with the upstream's times.) apply() reads the member onto `proxy`:
 * members left out keep their values (in "app" too), "routes" replaces the
 * whole list, "app": null removes the app; an unknown member or one of the wrong
 * JSON type is refused, naming it ("proxy.routes[1].upstream"). Values are
 * checked later, by model::SiteValidator (ProxyCheck). Thread: any.
 */
class ProxyJson final
{
public:
    static QJsonObject toJson(const model::ProxySettings &proxy);
    // The "app" member alone: {"command", "dir", "env", "stop_grace_ms"}.
    static QJsonObject app(const model::AppCommand &app);
    // The "routes" member alone: [{"path": ..., "upstream": ...}, ...].
    static QJsonArray routes(const QList<model::ProxyRoute> &routes);
    // False with the member at fault in *field and a sentence in *detail.
    // `name` is the member's own name ("proxy").
    static bool apply(const QString &name, const QJsonValue &value, model::ProxySettings &proxy,
        QString *field, QString *detail);
};

} // namespace hostbench::control
