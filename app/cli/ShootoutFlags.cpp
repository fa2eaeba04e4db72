#include "cli/ShootoutFlags.h"

#include "cli/CliParse.h"
#include "model/CapacitySearch.h"
#include "shootout/ServerCatalog.h"
#include "shootout/Workload.h"

#include <QCommandLineParser>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace hostbench::cli {

using shootout::ShootoutOptions;

namespace {

QStringList splitList(const QString &text)
{
    QStringList items;
    for (const QString &item : text.split(u',', Qt::SkipEmptyParts))
        if (!item.trimmed().isEmpty())
            items.append(item.trimmed());
    return items;
}

} // namespace

ShootoutFlags::ShootoutFlags()
    : servers(u"servers"_s,
        u"Servers, comma-separated (default all: %1)."_s.arg(shootout::ServerCatalog::ids().join(u","_s)),
        u"LIST"_s)
    , workloads(u"workloads"_s,
          u"Workloads W1-W6 of WORKLOADS.md (W5 a PHP page through PHP-FPM, W5r its fixed answer), W6p (W6 "
          "from an app behind each server), W7p (a PHP page with 3 SQLite queries), W1s (W1 over TLS, "
          "keep-alive), W1sn (W1 over TLS, a new connection and a full handshake per request), W1h2 and W2h2 "
          "(W1 and W2 over HTTP/2, h2 by ALPN, 10 streams per connection), "
          "comma-separated (default %1)."_s.arg(ShootoutOptions::defaultWorkloads().join(u',')),
          u"LIST"_s)
    , duration(u"t"_s, u"Seconds per run (default 5)."_s, u"SECONDS"_s)
    , rounds(u"rounds"_s, u"Rounds, interleaved (default 3)."_s, u"N"_s)
    , concurrency(u"c"_s,
          u"Connections (default per workload: 50, W3 10, W4 4, W6 10, W6p 50, W1h2 and W2h2 10)."_s,
          u"CONCURRENCY"_s)
    , rate(u"rate"_s, u"Open model: R requests/s in all, as wrk2."_s, u"R"_s)
    , noKeepAlive(u"no-keep-alive"_s, u"A new connection per request."_s)
    , workers(u"workers"_s, u"Server worker processes or threads (default 1)."_s, u"N"_s)
    , port(u"port"_s,
          u"First port to try (default 18080); each server takes the next free one (and, with W1s, W1sn, "
          u"W1h2 or W2h2, "
          "the next for its TLS listener)."_s,
          u"PORT"_s)
    , json(u"json"_s, u"Writes the results as JSON to FILE."_s, u"FILE"_s)
    , dataDir(u"data-dir"_s, u"Data folder where the shootout is stored."_s, u"DIR"_s)
    , noStore(u"no-store"_s, u"Does not store the shootout."_s)
    , progress(u"progress"_s,
          u"How progress goes to stderr: text (the default) or json, one JSON object per line: "
          "started, message, server_starting, server_ready, server_failed, run_starting, result, done, "
          "error, and with --capacity capacity_step (the Shootout page reads these)."_s,
          u"text|json"_s)
    , capacity(u"capacity"_s,
          u"Ranks the servers by capacity at the --slo instead of throughput: for each workload and server, "
          "bench --find-capacity's search (doubling from --rate, default 100, then bisecting to 5%; each "
          "step 1 s unjudged, then --step-duration judged, on -c connections, default 50 or the "
          "workload's)."_s)
    , slo(u"slo"_s,
          u"--capacity: what every step must meet, in bench --threshold's grammar (latency pN, mean, min, "
          "max, rps, errors, non2xx); repeatable, at least one; e.g. --slo 'p99<10ms'."_s,
          u"EXPR"_s)
    , stepDuration(
          u"step-duration"_s, u"--capacity: the judged part of each step, in seconds (default 3)."_s, u"S"_s)
{ }

QList<QCommandLineOption> ShootoutFlags::options() const
{
    return { servers, workloads, duration, rounds, concurrency, rate, noKeepAlive, workers, port, json,
        dataDir, noStore, progress, capacity, slo, stepDuration };
}

bool ShootoutFlags::parseNames(const QCommandLineParser &parser, ShootoutOptions &o, QString *error) const
{
    o.servers = parser.isSet(servers) ? splitList(parser.value(servers)) : shootout::ServerCatalog::ids();
    for (QString &name : o.servers) {
        const std::optional<shootout::ServerKind> kind = shootout::ServerCatalog::find(name);
        if (!kind) {
            *error = u"unknown server \"%1\" (servers: %2)"_s.arg(
                name, shootout::ServerCatalog::ids().join(u", "_s));
            return false;
        }
        name = kind->id;
    }
    o.servers.removeDuplicates();
    o.workloads
        = parser.isSet(workloads) ? splitList(parser.value(workloads)) : ShootoutOptions::defaultWorkloads();
    for (QString &name : o.workloads) {
        const std::optional<shootout::Workload> workload = shootout::Workload::find(name);
        if (!workload) {
            *error = u"unknown workload \"%1\" (workloads: %2)"_s.arg(
                name, shootout::Workload::ids().join(u", "_s));
            return false;
        }
        name = workload->id;
    }
    o.workloads.removeDuplicates();
    if (o.servers.isEmpty() || o.workloads.isEmpty()) {
        *error = u"--servers and --workloads need at least one name each"_s;
        return false;
    }
    return true;
}

bool ShootoutFlags::parseNumbers(const QCommandLineParser &parser, ShootoutOptions &o, QString *error) const
{
    const std::optional<qint64> ms
        = CliParse::seconds(parser.isSet(duration) ? parser.value(duration) : u"5"_s, u"-t"_s, error);
    if (!ms || *ms == 0) {
        if (ms)
            *error = u"-t must be more than 0 seconds"_s;
        return false;
    }
    o.durationMs = *ms;
    const auto integer = [&](const QCommandLineOption &option, const QString &flag, qint64 fallback,
                             qint64 low, qint64 high) {
        return parser.isSet(option) ? CliParse::integer(parser.value(option), flag, low, high, error)
                                    : std::optional<qint64>(fallback);
    };
    const std::optional<qint64> n = integer(rounds, u"--rounds"_s, 3, 1, 1000);
    const std::optional<qint64> c = integer(concurrency, u"-c"_s, 0, 1, 100'000);
    const std::optional<qint64> w = integer(workers, u"--workers"_s, 1, 1, 1024);
    const std::optional<qint64> p = integer(port, u"--port"_s, 18080, 1, 65535);
    if (!n || !c || !w || !p)
        return false;
    o.rounds = int(*n);
    o.concurrency = int(*c);
    o.workers = int(*w);
    o.firstPort = quint16(*p);
    o.keepAlive = !parser.isSet(noKeepAlive);
    if (parser.isSet(rate)) {
        bool ok = false;
        o.rate = parser.value(rate).toDouble(&ok);
        if (!ok || !(o.rate > 0) || o.rate > 1e8) {
            *error
                = u"--rate must be a number of requests per second above 0 and at most 100000000, not \"%1\""_s
                      .arg(parser.value(rate));
            return false;
        }
    }
    return true;
}

bool ShootoutFlags::parseOutput(const QCommandLineParser &parser, ShootoutOptions &o, QString *error) const
{
    o.jsonFile = parser.value(json);
    if (!o.jsonFile.isEmpty() && !QFileInfo(QFileInfo(o.jsonFile).absolutePath()).isDir()) {
        *error = u"--json: the folder of \"%1\" does not exist"_s.arg(o.jsonFile);
        return false;
    }
    o.dataDir = parser.value(dataDir);
    o.store = !parser.isSet(noStore);
    const QString mode = parser.isSet(progress) ? parser.value(progress) : u"text"_s;
    if (mode != u"text"_s && mode != u"json"_s) {
        *error = u"--progress must be text or json, not \"%1\""_s.arg(mode);
        return false;
    }
    o.progress = mode == u"json"_s ? ShootoutOptions::Progress::Json : ShootoutOptions::Progress::Text;
    return true;
}

// --capacity's SLOs (bench --slo's grammar and messages) and step; -t refused beside it.
bool ShootoutFlags::parseCapacity(const QCommandLineParser &parser, ShootoutOptions &o, QString *error) const
{
    if (!parser.isSet(capacity)) {
        for (const QCommandLineOption *option : { &slo, &stepDuration })
            if (parser.isSet(*option)) {
                *error = u"--%1 needs --capacity"_s.arg(option->names().constFirst());
                return false;
            }
        return true;
    }
    if (parser.isSet(duration)) {
        *error = u"--capacity runs steps of --step-duration: leave out -t"_s;
        return false;
    }
    for (const QString &text : parser.values(slo)) {
        const std::optional<model::Threshold> parsed = model::CapacitySearch::parseSlo(text, error);
        if (!parsed) {
            *error = u"--slo "_s + *error;
            return false;
        }
        o.capacitySlo.append(parsed->text);
    }
    if (o.capacitySlo.isEmpty()) {
        *error = u"--capacity needs at least one --slo to judge each step by, such as --slo 'p99<10ms'"_s;
        return false;
    }
    if (parser.isSet(stepDuration)) {
        const QString text = parser.value(stepDuration);
        const std::optional<qint64> ms = CliParse::seconds(text, u"--step-duration"_s, error);
        if (!ms)
            return false;
        if (*ms < 500 || *ms > 3'600'000) {
            *error = u"--step-duration must be from 0.5 to 3600 seconds, not \"%1\""_s.arg(text);
            return false;
        }
        o.stepMs = *ms;
    }
    return true;
}

std::optional<ShootoutOptions> ShootoutFlags::parse(const QCommandLineParser &parser, QString *error) const
{
    ShootoutOptions o;
    if (!parseNames(parser, o, error) || !parseNumbers(parser, o, error) || !parseOutput(parser, o, error)
        || !parseCapacity(parser, o, error))
        return std::nullopt;
    return o;
}

} // namespace hostbench::cli
