#pragma once

#include "model/ServerConfig.h"

#include <QJsonObject>
#include <QString>

namespace hostbench::control {

/*
 * The engine's settings (model::ServerConfig) as the control API's
 * GET|PUT /api/engine/settings body, both ways:
 *   {"listen": "127.0.0.1", "port": 8080, "port_fallback": true, "threads": 0,
 *    "tls": {"enabled": false, "port": 8443},
 *    "header_timeout_ms": 10000, "keep_alive_timeout_ms": 5000,
 *    "send_timeout_ms": 60000, "max_connections_per_worker": 10000}
 * (threads 0: one per core; port 0: any free port; the TLS listener listens
 * on "listen" too, as the window's Server page does.) apply() reads a body
 * onto `config`: members left out keep their values; an unknown member or one
 * of the wrong JSON type is refused (400), a value out of range too (422),
 * each naming the member ("tls.port") in *field. Thread: any.
 */
class EngineSettingsJson final
{
public:
    static QJsonObject toJson(const model::ServerConfig &config);
    // False with the member at fault in *field, a sentence in *detail and
    // the HTTP status of the refusal (400 or 422) in *status.
    static bool apply(
        const QJsonObject &body, model::ServerConfig &config, QString *field, QString *detail, int *status);
};

} // namespace hostbench::control
