#pragma once

#include "export/ExportOptions.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace hostbench::exporter {

/*
 * What every writer needs, worked out once from the sites and options: the
 * sites with the default one first, the effective prefix, user, worker
 * count and log paths, where the route files go. Internal to the library.
 * Plain value; any thread.
 */
struct ExportPlan
{
    QList<model::VirtualHost> sites; // the default site first
    ExportOptions options;
    bool benchmark = false;
    QString program; // "nginx", "apache2", ...
    QString prefix; // empty: the Debian package's places (production only)
    QString routesDir; // absolute
    QString user; // empty: write none
    int workers = 0; // 0: the server's own choice

    // Checks the sites and options (see ConfigWriter::write) and fills the plan.
    static std::optional<ExportPlan> make(
        const QList<model::VirtualHost> &sites, const ExportOptions &options, QString *error);

    // The user the server serves as when started by root (empty: the one who
    // started it; "root": stays root).
    QString rootRunsAs() const;
    // The comment block at the top of a file, each line starting with `mark`:
    // what wrote it, the start line and, where the server writes its logs
    // after switching users, the chown that lets it.
    QString head(const QString &mark) const;
    // The file serving a fixed route of `site` (sites.indexOf): one file per
    // route, its name the percent-encoded path.
    QString routeFile(int site, const model::Route &route) const;
    QList<ExportedFile> routeFiles() const;
    // The access or error log of a site, empty when off (benchmark: access
    // logs always off, site error logs go to the server's error log).
    QString accessLog(const model::VirtualHost &site) const;
    QString errorLog(const model::VirtualHost &site) const;
    // The server-wide error log and pid file.
    QString serverErrorLog() const;
    QString pidFile() const;
    // Under the prefix, else `fallback`.
    QString place(const QString &relative, const QString &fallback) const;
    // Every host name of a site, the host name first.
    static QStringList names(const model::VirtualHost &site);
    // "127.0.0.1:8080", "[::1]:8080".
    QString listen() const;
    // The address alone, an IPv6 literal in brackets.
    QString bindAddress() const;
    // The media type of every extension QMimeDatabase knows, as the engine
    // picks them (model::WebMimeTypes first): extension (no dot, lower
    // case) -> type. For the benchmark flavour's MIME table.
    static QMap<QString, QString> mimeTable();
    // A string in double quotes with \ and " escaped (nginx, lighttpd,
    // Apache, Caddy, YAML all read this form).
    static QString quoted(const QString &text);
};

} // namespace hostbench::exporter
