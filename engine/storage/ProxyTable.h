#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * The SQL behind a site's proxy settings (model::ProxySettings, schema
 * version 9): proxy_settings (the Host switch and the upstream timeout, one
 * row per site) and proxy_routes (path prefix -> upstream URL, in order). A
 * site without a row (stored before version 9) reads as the defaults, with
 * no proxy route. Upstream URLs are stored as the user wrote them (trimmed).
 *
 * Thread: the connection's. Errors: false with a sentence in *error that
 * names the site.
 */
class ProxyTable final
{
public:
    // Trims prefixes and upstreams; refuses what the engine cannot use (model::ProxyCheck).
    static bool normalise(model::VirtualHost &host, QString *error);
    // Fills the proxy settings of `hosts` (already read, with their ids).
    static bool readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error);
    // Replaces the proxy settings of `host` (stored, id set). Call inside a transaction.
    static bool write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error);
};

} // namespace hostbench::storage
