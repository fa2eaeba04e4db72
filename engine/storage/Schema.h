#pragma once

#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * Hostbench's SQLite schema and its upgrades. Version N of the schema is
 * reached from version 0 (an empty file) by applying steps 1..N in order;
 * PRAGMA user_version records the last step applied. upgrade() applies the
 * missing steps and the new user_version in one transaction, so a failed
 * upgrade leaves the file as it was. Adding a version means appending a
 * step, never editing an old one.
 *
 * Versions: 1 the first schema (hosts, aliases, routes, settings, runs,
 * samples); 2 adds runs.histogram (a BLOB, HistogramBlob's encoding); 3 adds
 * host_settings and error_pages (HostSettingsTable); 4 adds runs.finished;
 * 5 adds host_settings.log_load_generator; 6 adds shootouts and
 * shootout_runs (ShootoutTable); 7 adds runs.note; 8 adds
 * host_settings.serve_hidden_files; 9 adds proxy_settings and proxy_routes
 * (ProxyTable); 10 adds proxy_apps (ProxyTable: a site's app command); 11
 * adds php_settings (PhpTable) and proxy_settings.log_upstream_times; 12
 * adds host_settings' TLS columns; 13 adds runs.baseline (RunTable).
 *
 * Thread: the caller's; it uses the connection it is given.
 * Errors: upgrade() returns false with the SQL error in *error.
 */
class Schema final
{
public:
    static constexpr int kVersion = 14;

    // Brings `db` from `fromVersion` to kVersion. `fromVersion` must be <= kVersion.
    static bool upgrade(QSqlDatabase &db, int fromVersion, QString *error);
    // Stops at `toVersion` (<= kVersion): how tests make a file of an older version.
    static bool upgrade(QSqlDatabase &db, int fromVersion, int toVersion, QString *error);
};

} // namespace hostbench::storage
