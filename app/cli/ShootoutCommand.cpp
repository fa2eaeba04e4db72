#include "cli/ShootoutCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ReportPrinter.h"
#include "cli/ShootoutFlags.h"
#include "cli/SignalWatcher.h"
#include "shootout/ServerNote.h"
#include "shootout/ShootoutEvent.h"
#include "shootout/ShootoutExport.h"
#include "shootout/ShootoutOptions.h"
#include "shootout/ShootoutReport.h"
#include "shootout/ShootoutRunner.h"
#include "storage/DataFolder.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>

#include <limits>

namespace hostbench::cli {

using namespace Qt::StringLiterals;
using shootout::ShootoutEvent;
using shootout::ShootoutExport;
using shootout::ShootoutOptions;
using shootout::ShootoutReport;

namespace {

const QString kCommand = u"shootout"_s;
const QStringList kActions { u"list"_s, u"show"_s, u"export"_s, u"compare"_s, u"delete"_s };

QList<shootout::ShootoutWorkloadResult> resultsOf(const storage::StoredShootout &stored)
{
    return ShootoutExport::results(stored);
}

QString serverNotes(const QMap<QString, shootout::ServerNote> &servers)
{
    QString out;
    for (auto it = servers.cbegin(); it != servers.cend(); ++it) {
        const shootout::ServerNote &note = it.value();
        if (note.status == u"missing"_s)
            out += u"%1: missing (apt-get install %2)\n"_s.arg(it.key(), note.package);
        else if (note.status == u"failed"_s || note.status == u"wrong bytes"_s)
            out += u"%1: %2: %3\n"_s.arg(it.key(), note.status, note.message);
        if (!note.portNote.isEmpty())
            out += note.portNote + u'\n';
    }
    return out;
}

std::optional<storage::StoredShootout> stored(storage::DataFolder &folder, qint64 id, int *failed)
{
    std::optional<storage::StoredShootout> shootout = folder.database().shootout(id);
    if (!shootout)
        *failed = Console::fail(kCommand,
            folder.database().lastError().contains(u"There is no shootout"_s)
                ? u"no shootout %1 in %2 (hostbench-cli shootout list lists them)"_s.arg(id).arg(
                    folder.databasePath())
                : folder.database().lastError());
    return shootout;
}

int list(storage::DataFolder &folder)
{
    const QList<storage::StoredShootout> shootouts = folder.database().shootouts();
    if (shootouts.isEmpty()) {
        if (!folder.database().lastError().isEmpty())
            return Console::fail(kCommand, folder.database().lastError());
        Console::out(u"No shootouts stored in %1"_s.arg(folder.databasePath()));
        return 0;
    }
    Console::out(u"%1  %2  %3  %4  %5"_s.arg(u"id"_s, 5)
                     .arg(u"started"_s, -19)
                     .arg(u"runs"_s, 5)
                     .arg(u"workloads"_s, -12)
                     .arg(u"servers"_s));
    for (const storage::StoredShootout &s : shootouts) {
        const ShootoutOptions settings = ShootoutOptions::fromSettings(s.settings);
        QString servers = settings.servers.join(u","_s);
        if (settings.capacity())
            servers += u" [capacity at %1]"_s.arg(settings.capacitySlo.join(u", "_s));
        if (!s.finished)
            servers += u" (broken off)"_s;
        else if (shootout::ServerNote::interrupted(s.notes))
            servers += u" (interrupted)"_s;
        Console::out(
            u"%1  %2  %3  %4  %5"_s.arg(s.id, 5)
                .arg(QDateTime::fromMSecsSinceEpoch(s.startedAtMs).toString(u"yyyy-MM-dd HH:mm:ss"_s), -19)
                .arg(s.runCount, 5)
                .arg(settings.workloads.join(u","_s), -12)
                .arg(servers));
    }
    return 0;
}

int show(storage::DataFolder &folder, qint64 id)
{
    int failed = 0;
    const std::optional<storage::StoredShootout> s = stored(folder, id, &failed);
    if (!s)
        return failed;
    const ShootoutOptions settings = ShootoutOptions::fromSettings(s->settings);
    const QString plan = settings.capacity()
        ? u"capacity at %1, steps of %2 s"_s.arg(settings.capacitySlo.join(u", "_s))
              .arg(double(settings.stepMs) / 1000.0)
        : u"%1 s per run"_s.arg(double(settings.durationMs) / 1000.0);
    Console::out(u"Shootout %1, %2: %3, %4 rounds%5"_s.arg(s->id)
                     .arg(QDateTime::fromMSecsSinceEpoch(s->startedAtMs).toString(u"yyyy-MM-dd HH:mm:ss"_s))
                     .arg(plan)
                     .arg(settings.rounds)
                     .arg(s->finished ? QString() : u" (broken off)"_s));
    if (const QString machine = s->settings.value(u"machine"_s).toString(); !machine.isEmpty())
        Console::out(u"Machine: "_s + machine);
    Console::outRaw(serverNotes(shootout::ServerNote::ofShootout(s->notes)));
    Console::outRaw(ShootoutReport::text(resultsOf(*s)));
    return 0;
}

int exportShootout(storage::DataFolder &folder, qint64 id, const QString &format, const QString &out)
{
    int failed = 0;
    const std::optional<storage::StoredShootout> s = stored(folder, id, &failed);
    if (!s)
        return failed;
    // storedAction() checked the name.
    const QString text
        = ShootoutExport::text(*s, ShootoutExport::format(format).value_or(ShootoutExport::Format::Json));
    if (out.isEmpty()) {
        Console::outRaw(text);
        return 0;
    }
    QString error;
    if (!ReportPrinter::writeText(out, u"--out"_s, text, &error))
        return Console::fail(kCommand, error);
    Console::out(u"Shootout %1 written to %2"_s.arg(s->id).arg(out));
    return 0;
}

int compare(storage::DataFolder &folder, qint64 before, qint64 after)
{
    int failed = 0;
    const std::optional<storage::StoredShootout> a = stored(folder, before, &failed);
    if (!a)
        return failed;
    const std::optional<storage::StoredShootout> b = stored(folder, after, &failed);
    if (!b)
        return failed;
    Console::outRaw(ShootoutReport::compare(resultsOf(*a), resultsOf(*b), a->id, b->id));
    return 0;
}

int remove(storage::DataFolder &folder, qint64 id)
{
    int failed = 0;
    if (!stored(folder, id, &failed))
        return failed;
    if (!folder.database().removeShootout(id))
        return Console::fail(kCommand, folder.database().lastError());
    Console::out(u"Deleted shootout %1 and its runs from %2"_s.arg(id).arg(folder.databasePath()));
    return 0;
}

int storedAction(
    const QStringList &positional, const QString &dataDir, const QString &format, const QString &out)
{
    const QString action = positional.constFirst();
    const qsizetype wanted = action == u"list"_s ? 1 : action == u"compare"_s ? 3 : 2;
    if (positional.size() != wanted)
        return Console::fail(kCommand,
            wanted == 1       ? u"list takes no id"_s
                : wanted == 3 ? u"compare takes two shootout ids (shootout list lists them)"_s
                              : u"%1 takes one shootout ID (shootout list lists them)"_s.arg(action));
    QList<qint64> ids;
    QString error;
    for (qsizetype i = 1; i < positional.size(); ++i) {
        const std::optional<qint64> id
            = CliParse::integer(positional.at(i), u"ID"_s, 1, std::numeric_limits<qint64>::max(), &error);
        if (!id)
            return Console::fail(kCommand, error);
        ids.append(*id);
    }
    if (action == u"export"_s && !ShootoutExport::format(format))
        return Console::fail(
            kCommand, u"export needs --format json, csv, md or html, not \"%1\""_s.arg(format));
    storage::DataFolder folder;
    if (!folder.open(dataDir, &error))
        return Console::fail(kCommand, error);
    if (action == u"show"_s)
        return show(folder, ids.at(0));
    if (action == u"export"_s)
        return exportShootout(folder, ids.at(0), format, out);
    if (action == u"compare"_s)
        return compare(folder, ids.at(0), ids.at(1));
    if (action == u"delete"_s)
        return remove(folder, ids.at(0));
    return list(folder);
}

// The runner's events on stderr: text lines (the default) or, with
// --progress json, one JSON object per line; a failure as either.
class ProgressOut final
{
public:
    explicit ProgressOut(ShootoutOptions::Progress mode)
        : m_json(mode == ShootoutOptions::Progress::Json)
    { }

    bool json() const { return m_json; }

    void event(const ShootoutEvent &event) const
    {
        if (m_json) {
            Console::err(QString::fromUtf8(QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact)));
            return;
        }
        const QString line = event.textLine();
        if (!line.isEmpty())
            Console::err(line);
    }

    int fail(const QString &message) const
    {
        if (!m_json)
            return Console::fail(kCommand, message);
        ShootoutEvent error;
        error.kind = ShootoutEvent::Kind::Error;
        error.text = message;
        event(error);
        return 1;
    }

private:
    bool m_json = false;
};

void printResults(const shootout::ShootoutRunner &runner,
    const QList<shootout::ShootoutWorkloadResult> &results, int rounds)
{
    Console::outRaw(serverNotes(runner.serverNotes()));
    Console::out(u"Median of %1 round(s), spread (max - min) / median; ratio to the best; "
                 "CPU us per request of the server's processes (/proc; not with --capacity)%2"_s.arg(rounds)
                     .arg(runner.pinned() ? u"; server and load generator pinned to different CPUs"_s
                                          : u"; not pinned"_s));
    Console::outRaw(ShootoutReport::text(results));
}

int runShootout(ShootoutOptions o)
{
    const ProgressOut progress(o.progress);
    o.hostbenchCli = QCoreApplication::applicationFilePath();
    QString error;
    storage::DataFolder folder;
    if (o.store && !folder.open(o.dataDir, &error))
        return progress.fail(error + u" (--no-store runs without storing)"_s);

    shootout::ShootoutRunner runner;
    runner.onEvent = [&progress](const ShootoutEvent &event) { progress.event(event); };
    SignalWatcher watcher([&runner](int) { runner.stop(); });
    const qint64 startedAt = QDateTime::currentMSecsSinceEpoch();
    ShootoutEvent started;
    started.kind = ShootoutEvent::Kind::Started;
    started.settings = o.settings();
    progress.event(started);
    if (!runner.run(o, o.store ? &folder.database() : nullptr, &error)) {
        Console::outRaw(serverNotes(runner.serverNotes()));
        return progress.fail(error);
    }
    const QList<shootout::ShootoutWorkloadResult> results
        = ShootoutReport::aggregate(runner.entries(), o.servers, o.workloads);
    printResults(runner, results, o.rounds);
    if (o.store && !progress.json()) // in JSON, the done event says it
        Console::err(u"Stored as shootout %1 in %2"_s.arg(runner.shootoutId()).arg(folder.databasePath()));
    if (!o.jsonFile.isEmpty()) {
        const QJsonObject object = ShootoutExport::json(
            runner.shootoutId(), startedAt, runner.settingsJson(o), runner.notes(), results);
        if (!ReportPrinter::writeText(
                o.jsonFile, u"--json"_s, QString::fromUtf8(QJsonDocument(object).toJson()), &error))
            return progress.fail(error);
    }
    return 0;
}

} // namespace

int ShootoutCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the reference workloads:\n"
        "  shootout [flags]                       runs one, prints a table per workload, stores it\n"
        "  shootout list                          lists the stored shootouts, newest first\n"
        "  shootout show ID                       prints a stored shootout's tables\n"
        "  shootout export ID --format json|csv|md|html [--out FILE]\n"
        "  shootout compare ID LATER_ID           requests/s and p99 of a later shootout beside an earlier "
        "one\n"
        "  shootout delete ID                     removes a shootout and its runs\n"
        "Progress goes to stderr; with --progress json as one JSON object per line, e.g.\n"
        "  {\"event\":\"run_starting\",\"done\":0,\"total\":4,\"round\":1,\"rounds\":1,\"server\":\"nginx\","
        "\"workload\":\"W1\"}"_s);
    const QCommandLineOption help = Console::helpOption();
    const ShootoutFlags flags;
    const QCommandLineOption format(u"format"_s,
        u"export: json, csv, md or html (a page to share, with a bar chart per workload)."_s, u"FORMAT"_s);
    const QCommandLineOption out(u"out"_s, u"export: writes to FILE instead of stdout."_s, u"FILE"_s);
    parser.addOption(help);
    parser.addOptions(flags.options());
    parser.addOptions({ format, out });
    parser.addPositionalArgument(
        u"action"_s, u"list, show, export, compare or delete; none runs a shootout."_s, u"[action]"_s);
    if (const std::optional<int> done
        = Console::parseFlags(parser, help, arguments, kCommand, Console::Positional::Allowed))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (!positional.isEmpty()) {
        if (!kActions.contains(positional.constFirst()))
            return Console::fail(kCommand,
                u"unknown action \"%1\" (list, show, export, compare, delete; none runs a shootout)"_s.arg(
                    positional.constFirst()));
        return storedAction(positional, parser.value(flags.dataDir), parser.value(format), parser.value(out));
    }
    QString error;
    const std::optional<ShootoutOptions> options = flags.parse(parser, &error);
    if (!options)
        return Console::fail(kCommand, error);
    return runShootout(*options);
}

} // namespace hostbench::cli
