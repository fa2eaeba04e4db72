#pragma once

#include "model/PhpSettings.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace hostbench::control {

/*
 * A site's PHP settings (model::PhpSettings; issue #25) as the "php" member
 * of the control API's site JSON (SiteJson), both ways:
 *   "php": {"address": "unix:/run/php/php8.2-fpm.sock", "prefix": "/",
 *           "front_controller": false, "timeout_ms": 60000}
 * ("address" empty: the site runs no PHP; "auto": Hostbench's own PHP-FPM
 * pool.) apply() reads the member onto `php`: members left out keep their
 * values, null turns PHP off (the defaults); an unknown member or one of the
 * wrong JSON type is refused, naming it ("php.timeout_ms"). Values are
 * checked later, by model::SiteValidator (PhpCheck); field() names the
 * member its refusal is about. Thread: any.
 */
class PhpJson final
{
public:
    static QJsonObject toJson(const model::PhpSettings &php);
    // False with the member at fault in *field and a sentence in *detail.
    // `name` is the member's own name ("php").
    static bool apply(const QString &name, const QJsonValue &value, model::PhpSettings &php, QString *field,
        QString *detail);
    // The member model::PhpCheck::check refuses in `php` ("php.address",
    // "php.prefix" or "php.timeout_ms", in PhpCheck's order); "php" when it refuses none.
    static QString field(const model::PhpSettings &php);
};

} // namespace hostbench::control
