#pragma once

#include "model/ProxyRoute.h"

#include <QCommandLineOption>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace hostbench::cli {

/*
 * A site's app start command from the command line (model::AppCommand;
 * issue #24): --app "CMD" (or "off", sites edit only: removes it),
 * --app-dir DIR (an existing folder, made absolute), --app-env NAME=value
 * (repeatable; "off" alone: none) and --app-grace MS (the stop grace,
 * AppCommand::kMinGraceMs..kMaxGraceMs). For serve and sites add, --app-dir,
 * --app-env and --app-grace need --app; sites edit changes only the members
 * given (the others keep their stored values). Plain value; any thread.
 */
struct AppFlags
{
    enum class Use { Serve, Add, Edit };

    std::optional<QString> command; // --app CMD (trimmed)
    bool off = false; // --app off
    std::optional<QString> workingDir; // --app-dir, absolute
    std::optional<QStringList> environment; // --app-env entries; empty: off
    std::optional<int> stopGraceMs; // --app-grace

    bool given() const { return command || off || workingDir || environment || stopGraceMs; }
    // `app` with the members given replaced (off: no app).
    model::AppCommand applyTo(model::AppCommand app) const;
    // The control API's "proxy.app" member of a PUT: the members given, or null for off.
    QJsonValue json() const;

    // The flags' values as given (each list: every occurrence). nullopt with
    // a one-line sentence naming the flag in *error.
    static std::optional<AppFlags> parse(const QStringList &commands, const QStringList &dirs,
        const QStringList &environment, const QStringList &graces, Use use, QString *error);
};

/*
 * The --app, --app-dir, --app-env and --app-grace options, declared once for
 * serve and sites (`scope` begins their help text, e.g. "add, edit: ").
 * Thread: any.
 */
struct AppOptions
{
    explicit AppOptions(const QString &scope = {});

    QList<QCommandLineOption> options() const; // { app, dir, env, grace }
    // AppFlags::parse on what `parser` holds for them.
    std::optional<AppFlags> parse(const QCommandLineParser &parser, AppFlags::Use use, QString *error) const;

    QCommandLineOption app;
    QCommandLineOption dir;
    QCommandLineOption env;
    QCommandLineOption grace;
};

} // namespace hostbench::cli
