#pragma once

#include "model/SiteChange.h"
#include "model/VirtualHost.h"

#include <QString>

namespace hostbench::storage {

class Database;

/*
 * Changes to the stored sites from outside the window (the control API,
 * `hostbench-cli sites`), under the rules of the window's site dialog
 * (model::SiteValidator: host syntax, no name twice, an existing document
 * root that exposes neither the system nor the data folder holding
 * `database`, valid routes) and of its Sites page (the first site is the default
 * one; the default site is neither removed nor unmade, another site is made
 * the default instead). Each change is one transaction
 * (Database::saveVirtualHost / removeVirtualHost); a refused change leaves
 * the database as it was.
 *
 * Thread: the thread that owns `database`.
 */
class SiteEdits final
{
public:
    // Stores a new site (its id is ignored).
    static model::SiteChange create(Database &database, model::VirtualHost site);
    // Replaces the site now named `hostName` (case-insensitive) with `site`,
    // which may rename it.
    static model::SiteChange replace(Database &database, const QString &hostName, model::VirtualHost site);
    static model::SiteChange remove(Database &database, const QString &hostName);
    // The stored site named `hostName` (its host name, not an alias); NotFound otherwise.
    static model::SiteChange find(Database &database, const QString &hostName);
    // The data folder of `database`: the folder of its file (DataFolder keeps
    // hostbench.sqlite at its top); empty when it has no file.
    static QString dataFolder(const Database &database);
};

} // namespace hostbench::storage
