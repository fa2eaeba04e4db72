#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * The SQL behind Database's virtual-host methods: tables virtual_hosts,
 * host_aliases and routes (see Schema). Database owns the connection and
 * the transactions; these functions only run statements on it.
 *
 * Thread: the connection's. Errors: false with a sentence in *error that
 * names the host and, for a clash, the other host.
 */
class HostTable final
{
public:
    // Trims and lower-cases names, drops empty, repeated and self aliases,
    // and checks what SQL cannot say clearly (empty name, route paths).
    static bool normalise(model::VirtualHost &host, QString *error);
    // Default host first, then by host name; aliases and routes in order.
    static bool readAll(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error);
    // Inserts (id == 0, then sets id) or updates `host` with its aliases
    // and routes. Call inside a transaction, with `host` normalised.
    static bool write(const QSqlDatabase &db, model::VirtualHost &host, QString *error);
    static bool remove(const QSqlDatabase &db, qint64 id, QString *error);

private:
    static bool checkNameIsFree(
        const QSqlDatabase &db, const QString &name, qint64 hostId, bool isAlias, QString *error);
};

} // namespace hostbench::storage
