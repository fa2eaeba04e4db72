#pragma once

#include "storage/Database.h"

#include <QString>

namespace hostbench::storage {

/*
 * The user's data folder: the SQLite file `hostbench.sqlite`, the
 * default site's document root `sites/default/` and the default log files
 * `logs/<host>.access.log` and `logs/<host>.error.log`. The folder is, in order,
 * the one given (--data-dir), $HOSTBENCH_DATA_DIR, or QStandardPaths'
 * AppDataLocation.
 *
 * The first open creates the folder, the database and the default virtual
 * host "localhost" (default host, document root sites/default/ with the
 * welcome page copied from the resources). It never overwrites a welcome
 * page the user has edited, nor a database it cannot read.
 *
 * Thread: owned by the thread that opened it (its Database is bound to it).
 */
class DataFolder final
{
public:
    // The folder that open(explicitDir) would use.
    static QString resolve(const QString &explicitDir = {});

    // Returns false with a reason in *error (folder not writable, database
    // broken or newer than this build).
    bool open(const QString &explicitDir, QString *error);

    QString path() const { return m_path; }
    QString databasePath() const; // also after a failed open(): the file it could not open

    // Copies the database file, with its -wal and -shm files where they
    // exist, to "<file>.copy-YYYYMMDD-HHMMSS" beside it, leaving it as it is:
    // what the window offers before anything is done to a file it cannot open.
    // Returns the copy's path, or empty with the reason in *error. Any thread.
    static QString copyAside(const QString &databaseFile, QString *error);
    QString defaultDocumentRoot() const;
    QString logsPath() const; // <data>/logs, created by open()
    // A site stores an empty log path for "the default one": this fills
    // each enabled log of `hosts` that has none with logs/<host>.access.log
    // or logs/<host>.error.log. Call it when handing hosts to the engine.
    void applyDefaultLogPaths(QList<model::VirtualHost> &hosts) const;
    static void applyDefaultLogPaths(QList<model::VirtualHost> &hosts, const QString &logsFolder);
    Database &database() { return m_database; }

private:
    bool ensureDefaultSite(QString *error);

    QString m_path;
    Database m_database;
};

} // namespace hostbench::storage
