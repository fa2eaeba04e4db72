#include "cli/ShootoutCommand.h"

#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ReportPrinter.h"
#include "cli/SignalWatcher.h"
#include "shootout/ShootoutExport.h"
#include "shootout/ShootoutReport.h"
#include "shootout/ShootoutRunner.h"
#include "storage/DataFolder.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>

#include <limits>

namespace hostbench::cli {

using namespace Qt::StringLiterals;
using shootout::ShootoutExport;
using shootout::ShootoutReport;

namespace {

const QString kCommand = u"shootout"_s;
const QStringList kActions { u"list"_s, u"show"_s, u"export"_s, u"compare"_s, u"delete"_s };

QStringList splitList(const QString &text)
{
    QStringList items;
    for (const QString &item : text.split(u',', Qt::SkipEmptyParts))
        if (!item.trimmed().isEmpty())
            items.append(item.trimmed());
    return items;
}

QStringList stringList(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list.append(item.toString());
    return list;
}

QList<shootout::ShootoutWorkloadResult> resultsOf(const storage::StoredShootout &stored)
{
    return ShootoutExport::results(stored);
}

QString serverNotes(const QJsonObject &servers)
{
    QString out;
    for (auto it = servers.constBegin(); it != servers.constEnd(); ++it) {
        const QJsonObject note = it.value().toObject();
        const QString status = note.value(u"status"_s).toString();
        if (status == u"missing"_s)
            out += u"%1: missing (apt-get install %2)\n"_s.arg(it.key(), note.value(u"package"_s).toString());
        else if (status == u"failed"_s || status == u"wrong bytes"_s)
            out += u"%1: %2: %3\n"_s.arg(it.key(), status, note.value(u"message"_s).toString());
        if (note.contains(u"port_note"_s))
            out += note.value(u"port_note"_s).toString() + u'\n';
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
        QString servers = stringList(s.settings.value(u"servers"_s)).join(u","_s);
        if (!s.finished)
            servers += u" (broken off)"_s;
        else if (s.notes.value(u"interrupted"_s).toBool())
            servers += u" (interrupted)"_s;
        Console::out(
            u"%1  %2  %3  %4  %5"_s.arg(s.id, 5)
                .arg(QDateTime::fromMSecsSinceEpoch(s.startedAtMs).toString(u"yyyy-MM-dd HH:mm:ss"_s), -19)
                .arg(s.runCount, 5)
                .arg(stringList(s.settings.value(u"workloads"_s)).join(u","_s), -12)
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
    const QJsonObject &settings = s->settings;
    Console::out(u"Shootout %1, %2: %3 s per run, %4 rounds%5"_s.arg(s->id)
                     .arg(QDateTime::fromMSecsSinceEpoch(s->startedAtMs).toString(u"yyyy-MM-dd HH:mm:ss"_s))
                     .arg(settings.value(u"duration_s"_s).toDouble())
                     .arg(settings.value(u"rounds"_s).toInt())
                     .arg(s->finished ? QString() : u" (broken off)"_s));
    Console::outRaw(serverNotes(s->notes.value(u"servers"_s).toObject()));
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
        return Console::fail(kCommand, u"export needs --format json, csv or md, not \"%1\""_s.arg(format));
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

} // namespace

int ShootoutCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the reference workloads:\n"
        "  shootout [flags]                       runs one, prints a table per workload, stores it\n"
        "  shootout list                          lists the stored shootouts, newest first\n"
        "  shootout show ID                       prints a stored shootout's tables\n"
        "  shootout export ID --format json|csv|md [--out FILE]\n"
        "  shootout compare ID LATER_ID           requests/s and p99 of a later shootout beside an earlier "
        "one\n"
        "  shootout delete ID                     removes a shootout and its runs"_s);
    const QCommandLineOption help({ u"h"_s, u"help"_s }, u"Shows this help."_s);
    const QCommandLineOption servers(u"servers"_s,
        u"Servers, comma-separated (default all: %1)."_s.arg(shootout::ServerCatalog::ids().join(u","_s)),
        u"LIST"_s);
    const QCommandLineOption workloads(u"workloads"_s,
        u"Workloads W1-W6 of WORKLOADS.md, comma-separated (default W1,W2,W3,W5,W6)."_s, u"LIST"_s);
    const QCommandLineOption duration(u"t"_s, u"Seconds per run (default 5)."_s, u"SECONDS"_s);
    const QCommandLineOption rounds(u"rounds"_s, u"Rounds, interleaved (default 3)."_s, u"N"_s);
    const QCommandLineOption concurrency(
        u"c"_s, u"Connections (default per workload: 50, W3 10, W4 4, W6 10)."_s, u"CONCURRENCY"_s);
    const QCommandLineOption rate(u"rate"_s, u"Open model: R requests/s in all, as wrk2."_s, u"R"_s);
    const QCommandLineOption noKeepAlive(u"no-keep-alive"_s, u"A new connection per request."_s);
    const QCommandLineOption workers(
        u"workers"_s, u"Server worker processes or threads (default 1)."_s, u"N"_s);
    const QCommandLineOption port(
        u"port"_s, u"First port to try (default 18080); each server takes the next free one."_s, u"PORT"_s);
    const QCommandLineOption json(u"json"_s, u"Writes the results as JSON to FILE."_s, u"FILE"_s);
    const QCommandLineOption dataDir(u"data-dir"_s, u"Data folder where the shootout is stored."_s, u"DIR"_s);
    const QCommandLineOption noStore(u"no-store"_s, u"Does not store the shootout."_s);
    const QCommandLineOption format(u"format"_s, u"export: json, csv or md."_s, u"FORMAT"_s);
    const QCommandLineOption out(u"out"_s, u"export: writes to FILE instead of stdout."_s, u"FILE"_s);
    parser.addOptions({ help, servers, workloads, duration, rounds, concurrency, rate, noKeepAlive, workers,
        port, json, dataDir, noStore, format, out });
    parser.addPositionalArgument(
        u"action"_s, u"list, show, export, compare or delete; none runs a shootout."_s, u"[action]"_s);
    if (!parser.parse(arguments))
        return Console::fail(kCommand, parser.errorText() + u" (see hostbench-cli shootout --help)"_s);
    if (parser.isSet(help)) {
        Console::outRaw(Console::help(parser, kCommand));
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (!positional.isEmpty()) {
        if (!kActions.contains(positional.constFirst()))
            return Console::fail(kCommand,
                u"unknown action \"%1\" (list, show, export, compare, delete; none runs a shootout)"_s.arg(
                    positional.constFirst()));
        return storedAction(positional, parser.value(dataDir), parser.value(format), parser.value(out));
    }

    shootout::ShootoutRunner::Options o;
    QString error;
    o.servers = parser.isSet(servers) ? splitList(parser.value(servers)) : shootout::ServerCatalog::ids();
    for (QString &name : o.servers) {
        const std::optional<shootout::ServerKind> kind = shootout::ServerCatalog::find(name);
        if (!kind)
            return Console::fail(kCommand,
                u"unknown server \"%1\" (servers: %2)"_s.arg(
                    name, shootout::ServerCatalog::ids().join(u", "_s)));
        name = kind->id;
    }
    o.servers.removeDuplicates();
    o.workloads = parser.isSet(workloads) ? splitList(parser.value(workloads))
                                          : QStringList { u"W1"_s, u"W2"_s, u"W3"_s, u"W5"_s, u"W6"_s };
    for (QString &name : o.workloads) {
        const std::optional<shootout::Workload> workload = shootout::Workload::find(name);
        if (!workload)
            return Console::fail(kCommand,
                u"unknown workload \"%1\" (workloads: %2)"_s.arg(
                    name, shootout::Workload::ids().join(u", "_s)));
        name = workload->id;
    }
    o.workloads.removeDuplicates();
    if (o.servers.isEmpty() || o.workloads.isEmpty())
        return Console::fail(kCommand, u"--servers and --workloads need at least one name each"_s);
    const std::optional<qint64> ms
        = CliParse::seconds(parser.isSet(duration) ? parser.value(duration) : u"5"_s, u"-t"_s, &error);
    if (!ms || *ms == 0)
        return Console::fail(kCommand, ms ? u"-t must be more than 0 seconds"_s : error);
    o.durationMs = *ms;
    const auto integer = [&](const QCommandLineOption &option, const QString &flag, qint64 fallback,
                             qint64 low, qint64 high) {
        return parser.isSet(option) ? CliParse::integer(parser.value(option), flag, low, high, &error)
                                    : std::optional<qint64>(fallback);
    };
    const std::optional<qint64> n = integer(rounds, u"--rounds"_s, 3, 1, 1000);
    const std::optional<qint64> c = integer(concurrency, u"-c"_s, 0, 1, 100'000);
    const std::optional<qint64> w = integer(workers, u"--workers"_s, 1, 1, 1024);
    const std::optional<qint64> p = integer(port, u"--port"_s, 18080, 1, 65535);
    if (!n || !c || !w || !p)
        return Console::fail(kCommand, error);
    o.rounds = int(*n);
    o.concurrency = int(*c);
    o.workers = int(*w);
    o.firstPort = quint16(*p);
    o.keepAlive = !parser.isSet(noKeepAlive);
    if (parser.isSet(rate)) {
        bool ok = false;
        o.rate = parser.value(rate).toDouble(&ok);
        if (!ok || !(o.rate > 0) || o.rate > 1e8)
            return Console::fail(kCommand,
                u"--rate must be a number of requests per second above 0 and at most 100000000, not \"%1\""_s
                    .arg(parser.value(rate)));
    }
    const QString jsonFile = parser.value(json);
    if (!jsonFile.isEmpty() && !QFileInfo(QFileInfo(jsonFile).absolutePath()).isDir())
        return Console::fail(kCommand, u"--json: the folder of \"%1\" does not exist"_s.arg(jsonFile));
    o.hostbenchCli = QCoreApplication::applicationFilePath();

    storage::DataFolder folder;
    const bool store = !parser.isSet(noStore);
    if (store && !folder.open(parser.value(dataDir), &error))
        return Console::fail(kCommand, error + u" (--no-store runs without storing)"_s);

    shootout::ShootoutRunner runner;
    runner.onLine = [](const QString &line) { Console::err(line); };
    runner.onProgress = [](int done, int total, const QString &what) {
        Console::err(u"[%1/%2] %3"_s.arg(done).arg(total).arg(what));
    };
    SignalWatcher watcher([&runner](int) { runner.stop(); });
    const qint64 startedAt = QDateTime::currentMSecsSinceEpoch();
    Console::err(u"Shootout: %1 on %2, %3 s per run, %4 round(s)%5"_s
                     .arg(o.servers.join(u", "_s), o.workloads.join(u", "_s))
                     .arg(double(o.durationMs) / 1000.0)
                     .arg(o.rounds)
                     .arg(o.rate > 0 ? u", open model at %1 requests/s"_s.arg(o.rate) : QString()));
    const bool ran = runner.run(o, store ? &folder.database() : nullptr, &error);
    if (!ran) {
        Console::outRaw(serverNotes(runner.notes()));
        return Console::fail(kCommand, error);
    }
    const QList<shootout::ShootoutWorkloadResult> results
        = ShootoutReport::aggregate(runner.entries(), o.servers, o.workloads);
    Console::outRaw(serverNotes(runner.notes()));
    Console::out(u"Median of %1 round(s), spread (max - min) / median; ratio to the best; "
                 "CPU us per request of the server's processes (/proc)%2"_s.arg(o.rounds)
                     .arg(runner.pinned() ? u"; server and load generator pinned to different CPUs"_s
                                          : u"; not pinned"_s));
    Console::outRaw(ShootoutReport::text(results));
    if (store)
        Console::err(u"Stored as shootout %1 in %2"_s.arg(runner.shootoutId()).arg(folder.databasePath()));
    if (!jsonFile.isEmpty()) {
        const QJsonObject object = ShootoutExport::json(
            runner.shootoutId(), startedAt, runner.settingsJson(o), runner.notes(), results);
        if (!ReportPrinter::writeText(
                jsonFile, u"--json"_s, QString::fromUtf8(QJsonDocument(object).toJson()), &error))
            return Console::fail(kCommand, error);
    }
    return 0;
}

} // namespace hostbench::cli
