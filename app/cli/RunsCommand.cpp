#include "cli/RunsCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "storage/DataFolder.h"

#include <QCommandLineParser>
#include <QDateTime>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"runs"_s;

} // namespace

int RunsCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Lists the benchmark runs stored in the data folder, newest first."_s);
    const QCommandLineOption help({ u"h"_s, u"help"_s }, u"Shows this help."_s);
    const QCommandLineOption dataDir(
        u"data-dir"_s, u"Data folder (default $HOSTBENCH_DATA_DIR, else the user's)."_s, u"DIR"_s);
    const QCommandLineOption limit(u"limit"_s, u"At most N runs (default 50)."_s, u"N"_s, u"50"_s);
    parser.addOptions({ help, dataDir, limit });
    if (const std::optional<int> done = Console::parseFlags(parser, help, arguments, kCommand))
        return *done;
    QString error;
    const std::optional<qint64> count
        = CliParse::integer(parser.value(limit), u"--limit"_s, 1, 1'000'000, &error);
    if (!count)
        return Console::fail(kCommand, error);

    storage::DataFolder folder;
    if (!folder.open(parser.value(dataDir), &error))
        return Console::fail(kCommand, error);
    const QList<storage::StoredRun> runs = folder.database().runs(int(*count));
    if (runs.isEmpty()) {
        if (!folder.database().lastError().isEmpty())
            return Console::fail(kCommand, folder.database().lastError());
        Console::out(u"No runs stored in %1"_s.arg(folder.databasePath()));
        return 0;
    }
    Console::out(u"%1  %2  %3  %4  %5  %6  %7  %8"_s.arg(u"id"_s, 5)
                     .arg(u"started"_s, -19)
                     .arg(u"conc"_s, 5)
                     .arg(u"completed"_s, 10)
                     .arg(u"failed"_s, 7)
                     .arg(u"req/s"_s, 10)
                     .arg(u"p99 ms"_s, 8)
                     .arg(u"url"_s));
    for (const storage::StoredRun &run : runs) {
        const QString started
            = QDateTime::fromMSecsSinceEpoch(run.startedAtMs).toString(u"yyyy-MM-dd HH:mm:ss"_s);
        QString url = QString::fromLatin1(run.parameters.method) + u' ' + run.parameters.url;
        if (run.summary.interrupted)
            url += u" (interrupted)"_s;
        Console::out(u"%1  %2  %3  %4  %5  %6  %7  %8"_s.arg(run.id, 5)
                         .arg(started, -19)
                         .arg(run.parameters.concurrency, 5)
                         .arg(run.summary.completed, 10)
                         .arg(run.summary.failed, 7)
                         .arg(run.summary.requestsPerSecond, 10, 'f', 1)
                         .arg(run.summary.latencyP99Ms, 8, 'f', 2)
                         .arg(url));
    }
    return 0;
}

} // namespace hostbench::cli
