#pragma once

#include "model/PhpSettings.h"

#include <QCommandLineOption>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace hostbench::cli {

/*
 * A site's PHP settings from the command line (model::PhpSettings; issue
 * #25): --php ADDR (auto, unix:/path.sock or HOST:PORT; "off", sites edit
 * only: no PHP), --php-prefix PATH (the path prefix whose PHP files run,
 * default "/"), --php-front-controller on|off (missing files go to
 * PREFIX/index.php) and --php-timeout MS (PhpSettings::kMinTimeoutMs to
 * kMaxTimeoutMs). For serve and sites add, the last three need --php; sites
 * edit changes only the members given (the others keep their stored
 * values). A bad value is refused with model::PhpCheck's sentence, naming
 * the flag. Plain value; any thread.
 */
struct PhpFlags
{
    enum class Use { Serve, Add, Edit };

    std::optional<QString> address; // --php ADDR (trimmed)
    bool off = false; // --php off
    std::optional<QString> prefix; // --php-prefix (trimmed)
    std::optional<bool> frontController; // --php-front-controller on|off
    std::optional<int> timeoutMs; // --php-timeout

    bool given() const { return address || off || prefix || frontController || timeoutMs; }
    // `php` with the members given replaced (off: the defaults, no PHP).
    model::PhpSettings applyTo(model::PhpSettings php) const;
    // The control API's "php" member of a PUT: the members given, or null for off.
    QJsonValue json() const;

    // The flags' values as given (each list: every occurrence). nullopt with
    // a one-line sentence naming the flag in *error.
    static std::optional<PhpFlags> parse(const QStringList &addresses, const QStringList &prefixes,
        const QStringList &frontControllers, const QStringList &timeouts, Use use, QString *error);
};

/*
 * The --php, --php-prefix, --php-front-controller and --php-timeout options,
 * declared once for serve and sites (`scope` begins their help text, e.g.
 * "add, edit: "). Thread: any.
 */
struct PhpOptions
{
    explicit PhpOptions(const QString &scope = {});

    QList<QCommandLineOption> options() const; // { php, prefix, frontController, timeout }
    bool anySet(const QCommandLineParser &parser) const;
    // PhpFlags::parse on what `parser` holds for them.
    std::optional<PhpFlags> parse(const QCommandLineParser &parser, PhpFlags::Use use, QString *error) const;

    QCommandLineOption php;
    QCommandLineOption prefix;
    QCommandLineOption frontController;
    QCommandLineOption timeout;
};

} // namespace hostbench::cli
