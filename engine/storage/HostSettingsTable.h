#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * The SQL behind a virtual host's settings of schema version 3: tables
 * host_settings (static files, request limits, logs: one row per host) and
 * error_pages (status -> path). A host without a row (stored before version
 * 3) reads as model::VirtualHost's defaults.
 *
 * Log paths are stored as given; an empty path is "the default one", which
 * DataFolder::applyDefaultLogPaths() resolves (under <data>/logs/) when a
 * GUI or CLI hands the hosts to the engine, so that moving the data folder
 * moves the default logs with it.
 *
 * Thread: the connection's. Errors: false with a sentence in *error that
 * names the host.
 */
class HostSettingsTable final
{
public:
    // Trims index names and paths; refuses what the engine cannot use.
    static bool normalise(model::VirtualHost &host, QString *error);
    // Fills the settings of `hosts` (already read, with their ids).
    static bool readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error);
    // Replaces the settings of `host` (stored, id set). Call inside a transaction.
    static bool write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error);
};

} // namespace hostbench::storage
