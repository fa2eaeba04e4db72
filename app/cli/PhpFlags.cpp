#include "cli/PhpFlags.h"

#include <QCommandLineParser>
#include <QJsonObject>

#include <algorithm>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

bool refuse(QString *error, const QString &message)
{
    *error = message;
    return false;
}

// "--flag is given N times: give it once" when a flag that takes one value has several.
QString once(const QString &flag, const QStringList &values)
{
    return values.size() > 1 ? u"%1 is given %2 times: give it once"_s.arg(flag).arg(values.size())
                             : QString();
}

// --php ADDR|off, the address checked (model::FastCgiAddress).
bool readAddress(const QStringList &addresses, PhpFlags &flags, QString *error)
{
    if (addresses.isEmpty())
        return true;
    const QString address = addresses.constFirst().trimmed();
    if (address == u"off"_s) {
        flags.off = true;
        return true;
    }
    if (address.isEmpty())
        return refuse(error, u"--php needs an address: auto, unix:/path/to.sock or HOST:PORT (or off)"_s);
    QString reason;
    if (model::FastCgiAddress::parse(address, &reason).kind == model::FastCgiAddress::Kind::Invalid)
        return refuse(error, u"--php \"%1\": %2"_s.arg(address, reason));
    flags.address = address;
    return true;
}

// --php-prefix PATH, checked as PhpCheck checks a site's prefix.
bool readPrefix(const QStringList &prefixes, PhpFlags &flags, QString *error)
{
    if (prefixes.isEmpty())
        return true;
    const QString prefix = prefixes.constFirst().trimmed();
    model::PhpSettings probe;
    probe.address = u"auto"_s;
    probe.pathPrefix = prefix;
    if (const QString problem = model::PhpCheck::check(probe); !problem.isEmpty())
        return refuse(error, u"--php-prefix \"%1\": %2"_s.arg(prefix, problem));
    flags.prefix = prefix;
    return true;
}

// --php-front-controller on|off.
bool readFrontController(const QStringList &values, PhpFlags &flags, QString *error)
{
    if (values.isEmpty())
        return true;
    const QString value = values.constFirst().trimmed();
    if (value != u"on"_s && value != u"off"_s)
        return refuse(error, u"--php-front-controller takes on or off, not \"%1\""_s.arg(value));
    flags.frontController = value == u"on"_s;
    return true;
}

// --php-timeout MS: a whole number PhpCheck takes.
bool readTimeout(const QStringList &timeouts, PhpFlags &flags, QString *error)
{
    if (timeouts.isEmpty())
        return true;
    const QString text = timeouts.constFirst().trimmed();
    bool ok = false;
    const qlonglong ms = text.toLongLong(&ok);
    if (!ok)
        return refuse(error, u"--php-timeout must be a whole number of milliseconds, not \"%1\""_s.arg(text));
    model::PhpSettings probe;
    probe.address = u"auto"_s;
    probe.timeoutMs = int(std::clamp<qlonglong>(ms, 0, model::PhpSettings::kMaxTimeoutMs + 1LL));
    if (const QString problem = model::PhpCheck::check(probe); !problem.isEmpty())
        return refuse(error, u"--php-timeout %1: %2"_s.arg(text, problem));
    flags.timeoutMs = probe.timeoutMs;
    return true;
}

// What the flags given may do for `use`.
QString checkUse(const PhpFlags &flags, PhpFlags::Use use)
{
    const bool details = flags.prefix || flags.frontController || flags.timeoutMs;
    if (flags.off && details)
        return u"--php off turns PHP off: it cannot be combined with --php-prefix, --php-front-controller "
               "or --php-timeout"_s;
    if (flags.off && use != PhpFlags::Use::Edit)
        return u"--php off turns a stored site's PHP off: it belongs to sites edit"_s;
    if (details && !flags.address && use != PhpFlags::Use::Edit)
        return u"--php-prefix, --php-front-controller and --php-timeout need --php ADDR"_s;
    return {};
}

} // namespace

model::PhpSettings PhpFlags::applyTo(model::PhpSettings php) const
{
    if (off)
        return {};
    if (address)
        php.address = *address;
    if (prefix)
        php.pathPrefix = *prefix;
    if (frontController)
        php.frontController = *frontController;
    if (timeoutMs)
        php.timeoutMs = *timeoutMs;
    return php;
}

QJsonValue PhpFlags::json() const
{
    if (off)
        return QJsonValue(QJsonValue::Null);
    QJsonObject object;
    if (address)
        object.insert(u"address"_s, *address);
    if (prefix)
        object.insert(u"prefix"_s, *prefix);
    if (frontController)
        object.insert(u"front_controller"_s, *frontController);
    if (timeoutMs)
        object.insert(u"timeout_ms"_s, *timeoutMs);
    return object;
}

std::optional<PhpFlags> PhpFlags::parse(const QStringList &addresses, const QStringList &prefixes,
    const QStringList &frontControllers, const QStringList &timeouts, Use use, QString *error)
{
    for (const auto &[flag, values] :
        { std::pair { u"--php"_s, &addresses }, std::pair { u"--php-prefix"_s, &prefixes },
            std::pair { u"--php-front-controller"_s, &frontControllers },
            std::pair { u"--php-timeout"_s, &timeouts } }) {
        if (const QString twice = once(flag, *values); !twice.isEmpty()) {
            *error = twice;
            return std::nullopt;
        }
    }
    PhpFlags flags;
    if (!readAddress(addresses, flags, error) || !readPrefix(prefixes, flags, error)
        || !readFrontController(frontControllers, flags, error) || !readTimeout(timeouts, flags, error))
        return std::nullopt;
    if (const QString misuse = checkUse(flags, use); !misuse.isEmpty()) {
        *error = misuse;
        return std::nullopt;
    }
    return flags;
}

PhpOptions::PhpOptions(const QString &scope)
    : php(u"php"_s,
        scope
            + u"runs the site's PHP files in PHP-FPM at ADDR: auto (Hostbench's own pool), "
              "unix:/path/to.sock or HOST:PORT; off (sites edit): no PHP."_s,
        u"ADDR|off"_s)
    , prefix(u"php-prefix"_s, scope + u"the path prefix whose PHP files run (default /: the whole site)."_s,
          u"PATH"_s)
    , frontController(u"php-front-controller"_s,
          scope
              + u"on sends requests for missing files to PREFIX/index.php with their query (Laravel, "
                "WordPress); off (the default) answers 404."_s,
          u"on|off"_s)
    , timeout(u"php-timeout"_s,
          scope
              + u"milliseconds PHP-FPM may take before the engine answers 504 (%1 to %2, default %3)."_s
                    .arg(model::PhpSettings::kMinTimeoutMs)
                    .arg(model::PhpSettings::kMaxTimeoutMs)
                    .arg(model::PhpSettings().timeoutMs),
          u"MS"_s)
{ }

QList<QCommandLineOption> PhpOptions::options() const
{
    return { php, prefix, frontController, timeout };
}

bool PhpOptions::anySet(const QCommandLineParser &parser) const
{
    const QList<QCommandLineOption> all = options();
    return std::any_of(
        all.begin(), all.end(), [&](const QCommandLineOption &option) { return parser.isSet(option); });
}

std::optional<PhpFlags> PhpOptions::parse(
    const QCommandLineParser &parser, PhpFlags::Use use, QString *error) const
{
    return PhpFlags::parse(parser.values(php), parser.values(prefix), parser.values(frontController),
        parser.values(timeout), use, error);
}

} // namespace hostbench::cli
