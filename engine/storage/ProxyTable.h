#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * The SQL behind a site's proxy settings (model::ProxySettings, schema
 * version 9): proxy_settings (the Host switch and the upstream timeout, one
 * row per site; from version 11 also logUpstreamTimes) and proxy_routes (path prefix -> upstream URL, in
 * order), and, from version 10, proxy_apps (the site's model::AppCommand: command, working folder,
 * environment as a JSON array, stop grace in ms; no row for a site without one). A site without a row (stored
 * before) reads as the defaults, with no proxy route and no app. Upstream URLs and commands are stored as the
 * user wrote them (trimmed). A stored value that is not of its column's type (an app's grace that is no
 * integer, an environment that is no JSON array of strings) fails readInto() naming the site; one of the
 * right type that the rules refuse is read as stored (never replaced by a
 * default) for model::SiteValidator to report, as a bad timeout is.
 *
 * Thread: the connection's. Errors: false with a sentence in *error that
 * names the site.
 */
class ProxyTable final
{
public:
    // Trims prefixes, upstreams, the app's command and folder; refuses what
    // the engine cannot use (model::ProxyCheck: routes, timeout, app).
    static bool normalise(model::VirtualHost &host, QString *error);
    // Fills the proxy settings of `hosts` (already read, with their ids).
    static bool readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error);
    // Replaces the proxy settings of `host` (stored, id set). Call inside a transaction.
    static bool write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error);
};

} // namespace hostbench::storage
