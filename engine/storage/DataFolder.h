#pragma once

#include "storage/Database.h"

#include <QString>

namespace hostbench::storage {

/*
 * The user's data folder: the SQLite file `hostbench.sqlite` and the
 * default site's document root `sites/default/`. The folder is, in order,
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
    QString databasePath() const;
    QString defaultDocumentRoot() const;
    Database &database() { return m_database; }

private:
    bool ensureDefaultSite(QString *error);

    QString m_path;
    Database m_database;
};

} // namespace hostbench::storage
