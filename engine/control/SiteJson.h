#pragma once

#include "model/VirtualHost.h"

#include <QJsonObject>
#include <QString>

namespace hostbench::control {

/*
 * A site (model::VirtualHost) as the control API's JSON, both ways:
 *   {"host": "a.test", "aliases": ["www.a.test"], "document_root": "/srv/a",
 *    "default": false, "index_files": ["index.html"], "directory_listing": false,
 *    "follow_symlinks": false, "serve_hidden_files": false, "access_log": true,
 *    "access_log_path": "",
 *    "error_log": true, "error_log_path": "", "log_load_generator": false,
 *    "routes": [{"path": "/hello", "status": 200, "content_type": "text/plain", "body": "hello"}],
 *    "proxy": {"routes": [{"path": "/api", "upstream": "http://127.0.0.1:9000"}],
 *              "send_upstream_host": false, "timeout_ms": 60000, "log_upstream_times": false},
 *    "php": {"address": "auto", "prefix": "/", "front_controller": true, "timeout_ms": 60000},
 *    "tls": {"certificate": "", "key": "", "redirect_http": false, "hsts_max_age": 0}}
 * ("proxy": ProxyJson; "php": PhpJson; "tls": model::SiteTls, seconds; an
 * empty certificate and key: the local CA issues one; null: the defaults).
 * An empty log path means the data folder's default one. Error pages and
 * request limits are kept as stored; the API does not show them.
 *
 * apply() reads a request body onto `site` (the stored one for PUT, a new
 * one for POST): members left out keep the site's values; an unknown
 * member or one of the wrong JSON type is refused, naming it (routes[2].status).
 * Values are checked later, by model::SiteValidator. Thread: any.
 */
class SiteJson final
{
public:
    static QJsonObject toJson(const model::VirtualHost &site);
    // A strong entity tag of the site as toJson() shows it (RFC 9110
    // section 8.8.3): a quoted hash that changes with any member.
    static QByteArray entityTag(const model::VirtualHost &site);

    // False with the member at fault in *field and a sentence in *detail.
    static bool apply(const QJsonObject &json, model::VirtualHost &site, QString *field, QString *detail);
};

} // namespace hostbench::control
