#include "cli/RunsCommand.h"

#include "bench/CsvReport.h"
#include "bench/ReportFile.h"
#include "bench/RunReport.h"
#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ControlClient.h"
#include "cli/ReportPrinter.h"
#include "model/RunComparison.h"
#include "storage/DataFolder.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QUrl>

#include <limits>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"runs"_s;

} // namespace

namespace {

int list(storage::DataFolder &folder, qint64 count)
{
    const QList<storage::StoredRun> runs = folder.database().runs(int(count));
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
        if (!run.finished)
            url += u" (broken off)"_s;
        else if (!run.summary.abortedBy.isEmpty())
            url += u" (aborted: %1)"_s.arg(run.summary.abortedBy);
        else if (run.summary.interrupted)
            url += u" (interrupted)"_s;
        if (run.baseline)
            url += u" (baseline)"_s;
        if (!run.note.isEmpty())
            url += u"  # "_s + QString(run.note).replace(u'\n', u' ');
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

// The stored run `text` names, or the exit code of the failure.
std::optional<storage::StoredRun> storedRun(storage::DataFolder &folder, qint64 id, int *failed)
{
    std::optional<storage::StoredRun> run = folder.database().run(id);
    if (!run) {
        *failed = Console::fail(kCommand,
            folder.database().lastError().isEmpty()
                ? u"no run %1 in %2 (hostbench-cli runs lists them)"_s.arg(id).arg(folder.databasePath())
                : folder.database().lastError());
    }
    return run;
}

model::LatencyHistogram histogramOf(storage::DataFolder &folder, const storage::StoredRun &run)
{
    // A run stored before histograms were kept has none: its report then
    // gives the stored percentiles without the spectrum.
    return folder.database().histogram(run.id).value_or(model::LatencyHistogram());
}

int show(storage::DataFolder &folder, qint64 id, bool wrkFormat)
{
    int failed = 0;
    const std::optional<storage::StoredRun> run = storedRun(folder, id, &failed);
    if (!run)
        return failed;
    const QList<model::BenchSample> samples = folder.database().samples(run->id);
    const model::LatencyHistogram histogram = histogramOf(folder, *run);
    Console::outRaw(ReportPrinter::preamble(QUrl(run->parameters.url), wrkFormat, run->parameters)
        + ReportPrinter::report(run->summary, histogram, samples, wrkFormat)
        + ReportPrinter::thresholds(
            model::ThresholdVerdict::check(run->parameters.thresholds, run->summary, histogram))
        + ReportPrinter::capacity(run->summary, run->parameters));
    if (!run->finished)
        Console::out(
            u"(broken off: its process ended before the run did; the samples stored so far are kept)"_s);
    if (!run->note.isEmpty())
        Console::out(u"Note: "_s + run->note);
    const QString target = model::runTarget(run->parameters);
    if (run->baseline) {
        Console::out(u"Baseline of %1"_s.arg(target));
    } else if (const std::optional<storage::StoredRun> baseline
        = folder.database().baseline(run->parameters.method, run->parameters.url)) {
        Console::out(u"Baseline of %1: run %2"_s.arg(target, QString::number(baseline->id)));
    }
    return 0;
}

// runs baseline ID [--clear]: run ID becomes its target's baseline, or the
// target's baseline (whichever run it is) is cleared.
int baseline(storage::DataFolder &folder, qint64 id, bool clear)
{
    int failed = 0;
    const std::optional<storage::StoredRun> run = storedRun(folder, id, &failed);
    if (!run)
        return failed;
    const QString target = model::runTarget(run->parameters);
    if (clear) {
        qint64 cleared = 0;
        if (!folder.database().clearBaseline(run->id, &cleared))
            return Console::fail(kCommand, folder.database().lastError());
        Console::out(cleared == 0
                ? u"%1 had no baseline"_s.arg(target)
                : u"Run %1 is no longer the baseline of %2"_s.arg(QString::number(cleared), target));
        return 0;
    }
    const std::optional<storage::StoredRun> former
        = folder.database().baseline(run->parameters.method, run->parameters.url);
    if (!folder.database().setBaseline(run->id))
        return Console::fail(kCommand, folder.database().lastError());
    QString line = u"Run %1 is the baseline of %2"_s.arg(QString::number(run->id), target);
    if (former && former->id != run->id)
        line += u" (instead of run %1)"_s.arg(former->id);
    Console::out(line);
    return 0;
}

// The files of `runs export`: empty when not asked for; "-" for stdout.
struct ExportFiles
{
    QString json;
    QString csv;
    QString html;
    QString markdown;
};

// A report to share is read by others: 0644 whatever the umask.
constexpr QFileDevice::Permissions kSharedFile
    = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther;

bool writeReport(const QString &path, const QString &flag, const QString &text, QString *error)
{
    if (path == u"-"_s) {
        Console::outRaw(text);
        return true;
    }
    if (bench::ReportFile::write(path, text.toUtf8(), error, kSharedFile))
        return true;
    *error = flag + u": "_s + *error;
    return false;
}

int exportRun(storage::DataFolder &folder, qint64 id, const ExportFiles &files)
{
    int failed = 0;
    const std::optional<storage::StoredRun> run = storedRun(folder, id, &failed);
    if (!run)
        return failed;
    const QList<model::BenchSample> samples = folder.database().samples(run->id);
    QString error;
    if (!files.json.isEmpty()
        && !ReportPrinter::writeJson(files.json, run->parameters, run->summary, histogramOf(folder, *run),
            samples, &error, run->id, run->note))
        return Console::fail(kCommand, error);
    if (!files.csv.isEmpty()
        && !ReportPrinter::writeText(files.csv, u"--csv"_s, bench::CsvReport::format(samples), &error))
        return Console::fail(kCommand, error);
    if (!files.html.isEmpty() || !files.markdown.isEmpty()) {
        bench::ReportRun report;
        report.id = run->id;
        report.note = run->note;
        report.finished = run->finished;
        report.parameters = run->parameters;
        report.summary = run->summary;
        report.histogram = histogramOf(folder, *run);
        report.samples = samples;
        if (!files.html.isEmpty()
            && !writeReport(files.html, u"--html"_s, bench::RunReport::html(report), &error))
            return Console::fail(kCommand, error);
        if (!files.markdown.isEmpty()
            && !writeReport(files.markdown, u"--md"_s, bench::RunReport::markdown(report), &error))
            return Console::fail(kCommand, error);
    }
    QStringList written;
    for (const QString &file : { files.json, files.csv })
        if (!file.isEmpty())
            written.append(file);
    const bool toStdout = files.html == u"-"_s || files.markdown == u"-"_s;
    for (const QString &file : { files.html, files.markdown })
        if (!file.isEmpty() && file != u"-"_s)
            written.append(file);
    // With a report on stdout, the line that says so goes to stderr.
    if (!written.isEmpty()) {
        const QString line = u"Run %1 written to %2"_s.arg(run->id).arg(written.join(u" and "_s));
        if (toStdout)
            Console::err(line);
        else
            Console::out(line);
    }
    return 0;
}

int remove(storage::DataFolder &folder, qint64 id)
{
    int failed = 0;
    const std::optional<storage::StoredRun> run = storedRun(folder, id, &failed);
    if (!run)
        return failed;
    // A running `serve` may be running it: ask it, which stops a run under way.
    if (std::optional<ControlClient> instance = ControlClient::forDataFolder(folder.path())) {
        const ControlClient::Reply reply = instance->request("DELETE", u"/api/runs/%1"_s.arg(run->id));
        if (reply.status == 202 || reply.status == 204) {
            Console::out(u"Deleted run %1 (through the running instance at %2)"_s.arg(run->id).arg(
                instance->endpoint().toString()));
            return 0;
        }
        if (reply.status == 401 || reply.status == 404)
            return Console::fail(kCommand, ControlClient::problemText(reply));
        // No instance answers, or one without a run service (the window): the file.
    }
    if (!folder.database().removeRun(run->id))
        return Console::fail(kCommand, folder.database().lastError());
    Console::out(u"Deleted run %1 from %2"_s.arg(run->id).arg(folder.databasePath()));
    return 0;
}

} // namespace

int RunsCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"The benchmark runs stored in the data folder:\n"
        "  runs [list] [--limit N]                 lists them, newest first (a note after #)\n"
        "  runs show ID [--format ab|wrk]          prints its report as bench did\n"
        "  runs export ID [--json FILE] [--csv FILE]  writes its summary, percentile spectrum and samples\n"
        "  runs export ID [--html FILE] [--md FILE]   writes a report to share (- for stdout)\n"
        "  runs delete ID                          removes it (through a running serve, which stops it if it "
        "runs)\n"
        "  runs baseline ID [--clear]              makes it the baseline of its target (method and URL),\n"
        "                                          for bench --compare-baseline; --clear: the target has none"_s);
    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption dataDir = Console::dataDirOption();
    const QCommandLineOption limit(u"limit"_s, u"list: at most N runs (default 50)."_s, u"N"_s, u"50"_s);
    const QCommandLineOption format(u"format"_s, u"show: ab (default) or wrk."_s, u"ab|wrk"_s, u"ab"_s);
    const QCommandLineOption json(u"json"_s, u"export: the JSON summary, as bench --json."_s, u"FILE"_s);
    const QCommandLineOption csv(u"csv"_s, u"export: the 100 ms samples, as bench --csv."_s, u"FILE"_s);
    const QCommandLineOption html(u"html"_s,
        u"export: a self-contained HTML report (figures, thresholds, charts as inline SVG); - for stdout."_s,
        u"FILE"_s);
    const QCommandLineOption markdown(
        u"md"_s, u"export: a Markdown summary for a pull-request comment; - for stdout."_s, u"FILE"_s);
    const QCommandLineOption clear(
        u"clear"_s, u"baseline: clears the baseline of the run's target instead of setting it."_s);
    parser.addOptions({ help, dataDir, limit, format, json, csv, html, markdown, clear });
    parser.addPositionalArgument(
        u"action"_s, u"list (default), show, export, delete or baseline."_s, u"[action]"_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, help, arguments, kCommand, Console::Positional::Allowed))
        return *done;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0, u"list"_s);
    const qsizetype wanted = action == u"list"_s ? 1 : 2;
    if (!QStringList { u"list"_s, u"show"_s, u"export"_s, u"delete"_s, u"baseline"_s }.contains(action))
        return Console::fail(
            kCommand, u"unknown action \"%1\" (list, show, export, delete, baseline)"_s.arg(action));
    if (parser.isSet(clear) && action != u"baseline"_s)
        return Console::fail(kCommand, u"--clear goes with baseline (runs baseline ID --clear)"_s);
    if (positional.size() > wanted || (wanted == 2 && positional.size() < 2))
        return Console::fail(kCommand,
            wanted == 1 ? u"list takes no run id"_s : u"%1 takes one run ID (runs lists them)"_s.arg(action));
    if (parser.value(format) != u"ab"_s && parser.value(format) != u"wrk"_s)
        return Console::fail(kCommand, u"bad --format \"%1\" (ab or wrk)"_s.arg(parser.value(format)));
    QString error;
    const std::optional<qint64> count
        = CliParse::integer(parser.value(limit), u"--limit"_s, 1, 1'000'000, &error);
    if (!count)
        return Console::fail(kCommand, error);
    std::optional<qint64> id;
    if (wanted == 2) {
        id = CliParse::integer(positional.at(1), u"ID"_s, 1, std::numeric_limits<qint64>::max(), &error);
        if (!id)
            return Console::fail(kCommand, error);
    }
    const ExportFiles files { parser.value(json), parser.value(csv), parser.value(html),
        parser.value(markdown) };
    if (action == u"export"_s && files.json.isEmpty() && files.csv.isEmpty() && files.html.isEmpty()
        && files.markdown.isEmpty())
        return Console::fail(kCommand, u"export writes --json FILE, --csv FILE, --html FILE or --md FILE"_s);
    if (action == u"export"_s) {
        if (files.html == u"-"_s && files.markdown == u"-"_s)
            return Console::fail(kCommand, u"only one of --html and --md may be - (stdout)"_s);
    }

    storage::DataFolder folder;
    if (!folder.open(parser.value(dataDir), &error))
        return Console::fail(kCommand, error);
    if (action == u"show"_s)
        return show(folder, *id, parser.value(format) == u"wrk"_s);
    if (action == u"export"_s)
        return exportRun(folder, *id, files);
    if (action == u"delete"_s)
        return remove(folder, *id);
    if (action == u"baseline"_s)
        return baseline(folder, *id, parser.isSet(clear));
    return list(folder, *count);
}

} // namespace hostbench::cli
