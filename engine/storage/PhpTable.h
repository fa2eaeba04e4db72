#pragma once

#include "model/VirtualHost.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

namespace hostbench::storage {

/*
 * The SQL behind a site's PHP settings (model::PhpSettings, schema version
 * 11; issue #25): php_settings, one row per site whose settings are not the
 * defaults (address, path prefix, front controller 0/1, timeout in ms); a
 * site without a row (no PHP, or stored before) reads as the defaults. The
 * address and prefix are stored trimmed, as the user wrote them ("auto" is
 * kept as "auto": service/ resolves it when the engine starts).
 *
 * A stored row the engine cannot use (a hand edit, a damaged file: an
 * address FastCgiAddress refuses, a prefix PhpCheck refuses, a timeout that
 * is no integer or out of PhpSettings' range) fails readInto() with a
 * sentence naming the site, the column and the value as stored; it is never
 * replaced by a default: which PHP-FPM runs a site's scripts is not guessed.
 *
 * Thread: the connection's. Errors: false with a sentence in *error that
 * names the site.
 */
class PhpTable final
{
public:
    // Trims the address and the prefix; refuses what the engine cannot use (model::PhpCheck).
    static bool normalise(model::VirtualHost &host, QString *error);
    // Fills the PHP settings of `hosts` (already read, with their ids).
    static bool readInto(const QSqlDatabase &db, QList<model::VirtualHost> *hosts, QString *error);
    // Replaces the PHP settings of `host` (stored, id set). Call inside a transaction.
    static bool write(const QSqlDatabase &db, const model::VirtualHost &host, QString *error);
};

} // namespace hostbench::storage
