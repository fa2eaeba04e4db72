#pragma once

#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineOption;
class QCommandLineParser;

namespace hostbench::cli {

/*
 * hostbench-cli's output: lines to stdout (results) and stderr (progress,
 * errors), each flushed at once so that a parent process reading a pipe
 * sees it immediately (the e2e tests parse "Serving http://..." this way).
 * Under systemd, when stderr is the journal ($JOURNAL_STREAM names it), each
 * stderr line starts with its syslog priority: "<3>" for a failure, "<4>"
 * for the rest, so that `journalctl -p err` finds the failures; stdout's
 * lines keep the journal's default, info.
 * Thread: the main thread.
 */
class Console final
{
public:
    static void out(const QString &text); // adds a newline
    static void outRaw(const QString &text); // as is
    static void err(const QString &text); // adds a newline
    // "hostbench-cli COMMAND: message" on stderr; returns the exit code 1.
    static int fail(const QString &command, const QString &message);
    // The parser's help with "Usage: hostbench-cli COMMAND ...".
    static QString help(const QCommandLineParser &parser, const QString &command);

    // The options every command takes, declared once: -h/--help, and
    // --data-dir DIR (the default folder is said here; `what` says what the
    // command keeps or finds there, e.g. "where the run is stored").
    static QCommandLineOption helpOption();
    static QCommandLineOption dataDirOption(const QString &what = {});

    enum class Positional { None, Allowed };
    // Parses a command's arguments. nullopt: go on; else the exit code, all
    // said already (--help printed: 0; a bad flag, or a positional argument
    // where the command takes none, reported: 1).
    static std::optional<int> parseFlags(QCommandLineParser &parser, const QCommandLineOption &help,
        const QStringList &arguments, const QString &command, Positional positional = Positional::None);
};

} // namespace hostbench::cli
