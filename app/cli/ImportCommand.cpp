#include "cli/ImportCommand.h"

#include "bench/K6Result.h"
#include "cli/Console.h"
#include "storage/DataFolder.h"

#include <QCommandLineParser>
#include <QFile>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"import"_s;

} // namespace

int ImportCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Stores the result of another load tester as a run: `import k6 RESULT.json` reads what\n"
        "`k6 run --out json=RESULT.json` wrote (one JSON object per line) into requests/s and latency\n"
        "percentiles per 100 ms, the latency histogram and the status counts. Points dated before 2000,\n"
        "after 2099 or more than 24 h from the first one, or with a value out of range, are skipped,\n"
        "and points more than 10 s out of order are sorted in: each is reported on stderr with its\n"
        "count and first line."_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption dataDir = Console::dataDirOption(u"where the run is stored"_s);
    parser.addOptions({ help, dataDir });
    parser.addPositionalArgument(u"k6"_s, u"The tool whose output it is (k6)."_s);
    parser.addPositionalArgument(u"FILE"_s, u"Its JSON output."_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, help, arguments, kCommand, Console::Positional::Allowed))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2 || positional.first() != u"k6"_s)
        return Console::fail(
            kCommand, u"expected: import k6 RESULT.json (see hostbench-cli import --help)"_s);
    QFile file(positional.at(1));
    if (!file.open(QIODevice::ReadOnly))
        return Console::fail(kCommand, u"cannot read %1: %2"_s.arg(positional.at(1), file.errorString()));
    QString error;
    const std::optional<bench::K6Result::Run> run = bench::K6Result::read(file.readAll(), &error);
    if (!run)
        return Console::fail(kCommand, positional.at(1) + u": "_s + error);
    storage::DataFolder folder;
    if (!folder.open(parser.value(dataDir), &error))
        return Console::fail(kCommand, error);
    const qint64 id = folder.database().saveRun(run->parameters, run->summary, run->samples, &run->histogram);
    if (id == 0)
        return Console::fail(kCommand, u"the run was not stored: "_s + folder.database().lastError());
    Console::out(
        u"Imported %1 requests (%2 failed) from %3 as run %4"_s.arg(QString::number(run->summary.completed),
            QString::number(run->summary.failed), positional.at(1), QString::number(id)));
    // What was set aside or reordered, once per reason, after the result.
    for (const bench::K6Result::Notice &notice : run->notices)
        Console::err(u"hostbench-cli import: %1: %2"_s.arg(positional.at(1), notice.text()));
    return 0;
}

} // namespace hostbench::cli
