#include "control/PhpJson.h"

#include <cmath>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

const QString kAddress = u"address"_s;
const QString kPrefix = u"prefix"_s;
const QString kFrontController = u"front_controller"_s;
const QString kTimeoutMs = u"timeout_ms"_s;

bool fail(QString *field, QString *detail, const QString &where, const QString &why)
{
    *field = where;
    *detail = why;
    return false;
}

// A whole number of milliseconds that fits an int, else false.
bool milliseconds(const QJsonValue &value, int *out)
{
    const double number = value.toDouble();
    if (!value.isDouble() || !(number >= -2147483648.0 && number <= 2147483647.0)
        || number != std::trunc(number))
        return false;
    *out = int(number);
    return true;
}

// One member of "php" onto `next`; false naming it when it is unknown or of the wrong type.
bool readMember(const QString &member, const QString &key, const QJsonValue &v, model::PhpSettings &next,
    QString *field, QString *detail)
{
    if (key == kAddress || key == kPrefix) {
        if (!v.isString())
            return fail(field, detail, member, u"\"%1\" must be a string"_s.arg(member));
        (key == kAddress ? next.address : next.pathPrefix) = v.toString();
    } else if (key == kFrontController) {
        if (!v.isBool())
            return fail(field, detail, member, u"\"%1\" must be true or false"_s.arg(member));
        next.frontController = v.toBool();
    } else if (key == kTimeoutMs) {
        if (!milliseconds(v, &next.timeoutMs))
            return fail(
                field, detail, member, u"\"%1\" must be a whole number of milliseconds"_s.arg(member));
    } else {
        return fail(field, detail, member,
            u"Unknown member \"%1\" (php has address, prefix, front_controller and timeout_ms)"_s.arg(
                member));
    }
    return true;
}

} // namespace

QJsonObject PhpJson::toJson(const model::PhpSettings &php)
{
    return { { kAddress, php.address }, { kPrefix, php.pathPrefix },
        { kFrontController, php.frontController }, { kTimeoutMs, php.timeoutMs } };
}

bool PhpJson::apply(
    const QString &name, const QJsonValue &value, model::PhpSettings &php, QString *field, QString *detail)
{
    if (value.isNull()) {
        php = model::PhpSettings();
        return true;
    }
    if (!value.isObject())
        return fail(field, detail, name,
            u"\"%1\" must be an object (address, prefix, front_controller, timeout_ms) or null"_s.arg(name));
    model::PhpSettings next = php;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!readMember(name + u'.' + it.key(), it.key(), it.value(), next, field, detail))
            return false;
    }
    php = next;
    return true;
}

QString PhpJson::field(const model::PhpSettings &php)
{
    const QString name = u"php"_s;
    if (model::PhpCheck::check(php).isEmpty())
        return name;
    QString reason;
    if (model::FastCgiAddress::parse(php.address, &reason).kind == model::FastCgiAddress::Kind::Invalid)
        return name + u'.' + kAddress;
    model::PhpSettings prefixOnly = php;
    prefixOnly.timeoutMs = model::PhpSettings().timeoutMs;
    if (!model::PhpCheck::check(prefixOnly).isEmpty())
        return name + u'.' + kPrefix;
    return name + u'.' + kTimeoutMs;
}

} // namespace hostbench::control
