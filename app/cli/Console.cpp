#include "cli/Console.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <sys/stat.h>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

void write(FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toLocal8Bit();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    std::fflush(stream);
}

// Whether `stream` is the journal's stream that systemd named in
// $JOURNAL_STREAM ("DEVICE:INODE", systemd.exec(5)): then each line may
// start with a syslog priority, "<3>" for an error (sd-daemon(3)).
bool isJournal(FILE *stream)
{
    const QByteArray expected = qgetenv("JOURNAL_STREAM");
    struct stat info = {};
    if (expected.isEmpty() || ::fstat(fileno(stream), &info) != 0)
        return false;
    return expected
        == QByteArray::number(quint64(info.st_dev)) + ':' + QByteArray::number(quint64(info.st_ino));
}

// stderr, each line with `priority` when it goes to the journal.
void writeError(const QString &text, const char *priority)
{
    static const bool journal = isJournal(stderr);
    if (!journal) {
        write(stderr, text + u'\n');
        return;
    }
    QString lines;
    for (const QString &line : text.split(u'\n'))
        lines += QLatin1StringView(priority) + line + u'\n';
    write(stderr, lines);
}

} // namespace

void Console::out(const QString &text)
{
    write(stdout, text + u'\n');
}

void Console::outRaw(const QString &text)
{
    write(stdout, text);
}

void Console::err(const QString &text)
{
    // Under systemd this is serve's: a reload refused, the control API not started.
    writeError(text, "<4>");
}

int Console::fail(const QString &command, const QString &message)
{
    writeError(u"hostbench-cli "_s + command + u": "_s + message, "<3>");
    return 1;
}

QString Console::help(const QCommandLineParser &parser, const QString &command)
{
    // QCommandLineParser names the program after argv[0]; the subcommand
    // belongs in the usage line too.
    QString text = parser.helpText();
    const QString usage = u"Usage: "_s + QCoreApplication::arguments().value(0);
    if (text.startsWith(usage))
        text.replace(0, usage.size(), u"Usage: hostbench-cli "_s + command);
    return text;
}

QCommandLineOption Console::helpOption()
{
    return QCommandLineOption({ u"h"_s, u"help"_s }, u"Shows this help."_s);
}

QCommandLineOption Console::dataDirOption(const QString &what)
{
    QString text = u"Data folder (default $HOSTBENCH_DATA_DIR, else the user's application data folder)"_s;
    if (!what.isEmpty())
        text += u": "_s + what;
    return QCommandLineOption(u"data-dir"_s, text + u'.', u"DIR"_s);
}

std::optional<int> Console::parseFlags(QCommandLineParser &parser, const QCommandLineOption &help,
    const QStringList &arguments, const QString &command, Positional positional)
{
    if (!parser.parse(arguments))
        return fail(command, parser.errorText() + u" (see hostbench-cli %1 --help)"_s.arg(command));
    if (parser.isSet(help)) {
        outRaw(Console::help(parser, command));
        return 0;
    }
    if (positional == Positional::None && !parser.positionalArguments().isEmpty())
        return fail(command, u"unexpected argument \"%1\""_s.arg(parser.positionalArguments().constFirst()));
    return std::nullopt;
}

} // namespace hostbench::cli
