#include "cli/AppFlags.h"

#include "cli/CliParse.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonObject>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

std::nullopt_t fail(QString *error, const QString &message)
{
    *error = message;
    return std::nullopt;
}

bool refuse(QString *error, const QString &message)
{
    *error = message;
    return false;
}

// "--flag is given twice" when a flag that takes one value has several.
QString once(const QString &flag, const QStringList &values)
{
    return values.size() > 1 ? u"%1 is given %2 times: give it once"_s.arg(flag).arg(values.size())
                             : QString();
}

// --app-env entries, each NAME=value (model::ProxyCheck's rule); "off" alone: none.
std::optional<QStringList> environmentOf(const QStringList &entries, QString *error)
{
    if (entries.contains(u"off"_s)) {
        if (entries.size() == 1)
            return QStringList();
        return fail(error, u"--app-env off (no environment) cannot be combined with NAME=value entries"_s);
    }
    for (const QString &entry : entries) {
        const model::AppCommand probe { u"app"_s, {}, { entry }, model::AppCommand().stopGraceMs };
        if (!model::ProxyCheck::checkApp(probe).isEmpty())
            return fail(
                error, u"--app-env: \"%1\" is not NAME=value (e.g. --app-env PORT=9000)"_s.arg(entry));
    }
    return entries;
}

// --app CMD|off, its program checked (model::ProxyCheck::checkApp).
bool readCommand(const QStringList &commands, AppFlags &flags, QString *error)
{
    if (commands.isEmpty())
        return true;
    if (const QString twice = once(u"--app"_s, commands); !twice.isEmpty())
        return refuse(error, twice + u" (one command per site)"_s);
    const QString command = commands.constFirst().trimmed();
    if (command == u"off"_s) {
        flags.off = true;
        return true;
    }
    if (command.isEmpty())
        return refuse(error, u"--app needs a command, e.g. --app \"npm run dev\" (or off)"_s);
    const QString problem = model::ProxyCheck::checkApp({ command, {}, {}, model::AppCommand().stopGraceMs });
    if (!problem.isEmpty())
        return refuse(error, u"--app \"%1\": %2"_s.arg(command, problem));
    flags.command = command;
    return true;
}

// What the flags given may do for `use`.
QString checkUse(const AppFlags &flags, AppFlags::Use use)
{
    const bool details = flags.workingDir || flags.environment || flags.stopGraceMs;
    if (flags.off && details)
        return u"--app off removes the app: it cannot be combined with --app-dir, --app-env or --app-grace"_s;
    if (flags.off && use != AppFlags::Use::Edit)
        return u"--app off removes a stored site's app: it belongs to sites edit"_s;
    if (details && !flags.command && use != AppFlags::Use::Edit)
        return u"--app-dir, --app-env and --app-grace need --app \"CMD\""_s;
    return {};
}

} // namespace

model::AppCommand AppFlags::applyTo(model::AppCommand app) const
{
    if (off)
        return {};
    if (command)
        app.command = *command;
    if (workingDir)
        app.workingDir = *workingDir;
    if (environment)
        app.environment = *environment;
    if (stopGraceMs)
        app.stopGraceMs = *stopGraceMs;
    return app;
}

QJsonValue AppFlags::json() const
{
    if (off)
        return QJsonValue(QJsonValue::Null);
    QJsonObject object;
    if (command)
        object.insert(u"command"_s, *command);
    if (workingDir)
        object.insert(u"dir"_s, *workingDir);
    if (environment)
        object.insert(u"env"_s, QJsonArray::fromStringList(*environment));
    if (stopGraceMs)
        object.insert(u"stop_grace_ms"_s, *stopGraceMs);
    return object;
}

std::optional<AppFlags> AppFlags::parse(const QStringList &commands, const QStringList &dirs,
    const QStringList &environment, const QStringList &graces, Use use, QString *error)
{
    AppFlags flags;
    if (!readCommand(commands, flags, error))
        return std::nullopt;
    for (const auto &[flag, values] :
        { std::pair { u"--app-dir"_s, &dirs }, std::pair { u"--app-grace"_s, &graces } }) {
        if (const QString twice = once(flag, *values); !twice.isEmpty())
            return fail(error, twice);
    }
    if (!dirs.isEmpty()) {
        const std::optional<QString> dir = CliParse::directory(dirs.constFirst(), u"--app-dir"_s, error);
        if (!dir)
            return std::nullopt;
        flags.workingDir = *dir;
    }
    if (!environment.isEmpty() && !(flags.environment = environmentOf(environment, error)))
        return std::nullopt;
    if (!graces.isEmpty()) {
        const std::optional<qint64> ms = CliParse::integer(graces.constFirst(), u"--app-grace"_s,
            model::AppCommand::kMinGraceMs, model::AppCommand::kMaxGraceMs, error);
        if (!ms)
            return std::nullopt;
        flags.stopGraceMs = int(*ms);
    }
    if (const QString misuse = checkUse(flags, use); !misuse.isEmpty())
        return fail(error, misuse);
    return flags;
}

AppOptions::AppOptions(const QString &scope)
    : app(u"app"_s,
        scope
            + u"the command that starts the site's app with the engine (no shell: quotes group), run as this "
              "user; the engine stops it at exit. off (sites edit): removes it."_s,
        u"CMD|off"_s)
    , dir(u"app-dir"_s, scope + u"the app's working folder (default: the document root)."_s, u"DIR"_s)
    , env(u"app-env"_s,
          scope
              + u"adds NAME=value to the app's environment; repeatable (edit replaces the list; off: none)."_s,
          u"NAME=value"_s)
    , grace(u"app-grace"_s,
          scope
              + u"milliseconds from SIGTERM to SIGKILL when the app stops (%1 to %2, default %3)."_s
                    .arg(model::AppCommand::kMinGraceMs)
                    .arg(model::AppCommand::kMaxGraceMs)
                    .arg(model::AppCommand().stopGraceMs),
          u"MS"_s)
{ }

QList<QCommandLineOption> AppOptions::options() const
{
    return { app, dir, env, grace };
}

std::optional<AppFlags> AppOptions::parse(
    const QCommandLineParser &parser, AppFlags::Use use, QString *error) const
{
    return AppFlags::parse(
        parser.values(app), parser.values(dir), parser.values(env), parser.values(grace), use, error);
}

} // namespace hostbench::cli
