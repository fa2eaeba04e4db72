#include "cli/BenchCommand.h"

#include "bench/K6Script.h"

#include "bench/BenchTarget.h"
#include "bench/CsvReport.h"
#include "bench/JsonReport.h"
#include "cli/BenchFlags.h"
#include "cli/BenchReport.h"
#include "cli/CapacityBench.h"
#include "cli/CliParse.h"
#include "cli/Console.h"
#include "cli/ReportPrinter.h"
#include "cli/SignalWatcher.h"
#include "model/CapacitySearch.h"
#include "runs/BaselineCheck.h"
#include "runs/CapacityRun.h"
#include "runs/RecordedRun.h"
#include "storage/DataFolder.h"
#include "tls/LocalCa.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QNetworkProxy>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <utility>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"bench"_s;
constexpr int kConnectTimeoutMs = 5000;
constexpr qint64 kCapacityWarmupMs = 1000; // --find-capacity: each step's warm-up without --warmup
constexpr int kCapacityConnections = 50; // --find-capacity: -c without -c
constexpr qint64 kMinStepMs = 500, kMaxStepMs = 3'600'000; // --step-duration
constexpr int kPollMs = 25; // progress, the end of the run, and each interval
                            // stored within 25 ms of its end

// ab refuses a target it cannot connect to before sending anything; so do
// we, rather than report a run of connection failures. The check costs the
// server one connection (opened and closed, no request), which we say on
// stderr beside ab's progress lines, so that a server's connection count
// is not a surprise.
bool canConnect(const QUrl &url, QString *error)
{
    QTcpSocket socket;
    socket.setProxy(QNetworkProxy::NoProxy);
    const int port = url.port(url.scheme() == u"https"_s ? 443 : 80);
    socket.connectToHost(bench::BenchTarget::lookupName(url.host()), quint16(port));
    // An IPv6 literal keeps its brackets, as in the URL: [::1]:8080.
    const QString target = u"%1:%2"_s.arg(bench::BenchTarget::displayHost(url.host())).arg(port);
    if (socket.waitForConnected(kConnectTimeoutMs)) {
        socket.abort();
        Console::err(
            u"Reached %1 with 1 connection before the run (no request sent; not part of the run)"_s.arg(
                target));
        return true;
    }
    *error = u"cannot connect to %1: %2"_s.arg(target, socket.errorString());
    return false;
}

// bench's flags, in the order --help lists them.
struct Flags
{
    QList<QCommandLineOption> all() const
    {
        return { help, requests, duration, concurrency, keepAlive, threads, rate, warmup, timeout, method,
            header, postFile, contentType, host, http2, streams, insecure, tlsResume, dataDir, json, csv,
            percentCsv, format, noStore, exportK6, k6P99, threshold, abortOnFail, stages, compareBaseline,
            findCapacity, slo, stepDuration, capacityPrecision };
    }

    const QCommandLineOption help = Console::helpOption();
    const QCommandLineOption requests { u"n"_s, u"Number of requests (default 1)."_s, u"REQUESTS"_s };
    const QCommandLineOption duration { u"t"_s, u"Run for this many seconds instead of -n."_s, u"SECONDS"_s };
    const QCommandLineOption concurrency { u"c"_s, u"Connections at a time (default 1)."_s,
        u"CONCURRENCY"_s };
    const QCommandLineOption keepAlive { u"k"_s, u"Uses HTTP keep-alive."_s };
    const QCommandLineOption threads { u"threads"_s, u"Generator threads (default 1)."_s, u"T"_s };
    const QCommandLineOption rate { u"rate"_s, u"Sends R requests/s in all (open model, as wrk2)."_s,
        u"R"_s };
    const QCommandLineOption warmup { u"warmup"_s, u"Runs S seconds first without counting them."_s, u"S"_s };
    const QCommandLineOption timeout { u"timeout"_s,
        u"A request not answered within T fails as a timeout: ms, or with a unit "
        u"(500, 500ms, 1.5s, 2m; "
        "default 30s)."_s,
        u"T"_s };
    const QCommandLineOption method { u"m"_s, u"Request method (default GET, or POST with -p)."_s,
        u"METHOD"_s };
    const QCommandLineOption header { u"H"_s, u"Adds a request header; repeatable."_s, u"\"Name: value\""_s };
    const QCommandLineOption postFile { u"p"_s, u"Sends FILE as the request body."_s, u"FILE"_s };
    const QCommandLineOption contentType { u"T"_s, u"Content-Type of the body (default text/plain)."_s,
        u"TYPE"_s };
    const QCommandLineOption host { u"host"_s, u"Host header instead of the URL's host."_s, u"HOST"_s };
    const QCommandLineOption http2 { u"h2"_s,
        u"Speaks HTTP/2: h2 by ALPN for https://, h2c with prior knowledge for http:// (a server that "
        "does not speak it ends the run with an error)."_s };
    const QCommandLineOption streams { u"streams"_s,
        u"--h2: requests in flight at a time on each connection, one per stream (h2load's -m; "
        "default 1, at most 1000)."_s,
        u"N"_s };
    const QCommandLineOption insecure { u"insecure"_s,
        u"https://: does not verify the server's certificate (by default it must chain to the system's "
        "trust store or to the data folder's local CA, and name the URL's host)."_s };
    const QCommandLineOption tlsResume { u"tls-resume"_s,
        u"https://: a new connection resumes the session of the one before it (on, the default: a "
        "resumed handshake) or not (off: a full handshake each time)."_s,
        u"on|off"_s };
    const QCommandLineOption dataDir
        = Console::dataDirOption(u"where the run is stored, and whose local CA is trusted"_s);
    const QCommandLineOption json { u"json"_s, u"Writes the summary as JSON to FILE."_s, u"FILE"_s };
    const QCommandLineOption csv { u"csv"_s, u"Writes the interval samples as CSV to FILE."_s, u"FILE"_s };
    const QCommandLineOption percentCsv { u"e"_s, u"Writes ab's CSV of percentiles 0..100 (ms) to FILE."_s,
        u"FILE"_s };
    const QCommandLineOption format { u"format"_s, u"Report format: ab (default) or wrk."_s, u"ab|wrk"_s,
        u"ab"_s };
    const QCommandLineOption noStore { u"no-store"_s, u"Does not store the run."_s };
    const QCommandLineOption exportK6 { u"export-k6"_s,
        u"Writes a k6 script for the same run to FILE and exits: the benchmark does not run."_s, u"FILE"_s };
    const QCommandLineOption threshold { u"threshold"_s,
        u"Fails the run (exit 99) unless METRIC OP VALUE holds: p50, p90, p95, p99, p99.9 (any pN), mean, "
        u"min, "
        "max (ms, or with us or s), rps, errors (a count, or a share with %), non2xx, unfinished; "
        "<, <=, >, >=, ==, !=. Repeatable; e.g. --threshold 'p99<50ms' --threshold 'errors<0.1%'. "
        "Against the target's baseline: 'rps>=0.95*baseline', 'p99<=1.1*baseline'."_s,
        u"EXPR"_s };
    const QCommandLineOption abortOnFail { u"abort-on-fail"_s,
        u"With --threshold: stops the run (exit 99) at the first 100 ms sample after which a threshold "
        u"fails on the figures so far, checked from 1 s into the measured part on (unfinished: at the "
        u"end only)."_s };
    const QCommandLineOption stages { u"stages"_s,
        u"Open model in stages, as k6's ramping-arrival-rate: each DURATION:RATE ramps the rate linearly to "
        u"RATE requests/s over DURATION (ms, s, m or h), from --rate (or 0); the run lasts their sum (no "
        u"-n or -t). E.g. --stages 10s:1000,30s:5000,10s:0."_s,
        u"DURATION:RATE,..."_s };
    const QCommandLineOption compareBaseline { u"compare-baseline"_s,
        u"After the run, compares it with the baseline of its target (runs baseline ID): faster, slower "
        "or no significant change at 95% confidence, for requests/s and p99 (exit 3 when the target has "
        "no baseline, before any request)."_s };
    const QCommandLineOption findCapacity { u"find-capacity"_s,
        u"Searches for the highest open-model rate whose steps meet every --slo: doubling from --rate "
        u"(default 100) until a step fails, then bisecting to --capacity-precision; each step runs "
        u"--warmup (default 1 s) unjudged, then --step-duration judged, on -c connections (default 50). "
        u"Stored as one run; exit 4 when the first step already fails. No -n, -t or --stages."_s };
    const QCommandLineOption slo { u"slo"_s,
        u"--find-capacity: what every step must meet, in --threshold's grammar (latency pN, mean, min, "
        u"max, rps, errors, non2xx); repeatable, at least one; e.g. --slo 'p99<10ms' --slo 'errors<0.1%'."_s,
        u"EXPR"_s };
    const QCommandLineOption stepDuration { u"step-duration"_s,
        u"--find-capacity: the judged part of each step, in seconds (default 3)."_s, u"S"_s };
    const QCommandLineOption capacityPrecision { u"capacity-precision"_s,
        u"--find-capacity: the bisection stops when the first failing rate is within PERCENT of the "
        u"highest passing one (default 5, from 0.1 to 50)."_s,
        u"PERCENT"_s };
    const QCommandLineOption k6P99 { u"k6-p99-ms"_s,
        u"The k6 script's threshold: the 99th latency percentile below MS ms (default 1000)."_s, u"MS"_s };
};

// bench's phases, in the order run() takes them: the flags read (parseRun,
// parseOutputs), the k6 script written instead of a run (exportK6), the run
// polled to its end (measure), and what it gives printed, stored and
// written (BenchReport::report, which returns the exit status).

// --find-capacity's plan: the SLOs, each step's judged length and the
// precision; the flags it makes no sense beside refused. False with *error.
bool parseCapacity(const QCommandLineParser &parser, const Flags &f,
    model::BenchParameters::CapacityPlan *plan, QString *error)
{
    const FlagReader read(parser, kCommand);
    for (auto [option, name, why] : { std::tuple { &f.requests, u"-n"_s, u"each step's length"_s },
             std::tuple { &f.duration, u"-t"_s, u"each step's length"_s },
             std::tuple { &f.stages, u"--stages"_s, u"each step's rate"_s },
             std::tuple { &f.threshold, u"--threshold"_s, u"what each step must meet (with --slo)"_s },
             std::tuple { &f.abortOnFail, u"--abort-on-fail"_s, u"what each step must meet (with --slo)"_s },
             std::tuple { &f.compareBaseline, u"--compare-baseline"_s, u"its own verdict"_s },
             std::tuple { &f.exportK6, u"--export-k6"_s, u"its steps as it goes"_s } }) {
        if (parser.isSet(*option)) {
            *error = u"--find-capacity sets %1: leave out %2"_s.arg(why, name);
            return false;
        }
    }
    for (const QString &text : parser.values(f.slo)) {
        const std::optional<model::Threshold> slo = model::CapacitySearch::parseSlo(text, error);
        if (!slo) {
            *error = u"--slo "_s + *error;
            return false;
        }
        plan->slo.append(slo->text);
    }
    if (plan->slo.isEmpty()) {
        *error
            = u"--find-capacity needs at least one --slo to judge each step by, such as --slo 'p99<10ms'"_s;
        return false;
    }
    if (const std::optional<QString> text = read.value(f.stepDuration)) {
        const std::optional<qint64> ms = CliParse::seconds(*text, u"--step-duration"_s, error);
        if (!ms)
            return false;
        if (*ms < kMinStepMs || *ms > kMaxStepMs) {
            *error = u"--step-duration must be from 0.5 to 3600 seconds, not \"%1\""_s.arg(*text);
            return false;
        }
        plan->stepMs = *ms;
    }
    if (const std::optional<QString> text = read.value(f.capacityPrecision)) {
        bool ok = false;
        const double percent = text->toDouble(&ok);
        if (!ok || !(percent >= 0.1 && percent <= 50)) {
            *error = u"--capacity-precision must be a percentage from 0.1 to 50, not \"%1\""_s.arg(*text);
            return false;
        }
        plan->precision = percent / 100.0;
    }
    return true;
}

// The run's parameters from the flags; false with *error for a bad one.
bool parseRun(const QCommandLineParser &parser, const Flags &f, model::BenchParameters *p, QString *error)
{
    // What the run is: the flags the Benchmark page has fields for, read by
    // BenchFlags (model::BenchInput's rules, as the page reads them).
    const FlagReader read(parser, kCommand);
    const std::optional<QString> url = BenchFlags::url(parser.positionalArguments(), error);
    if (!url)
        return false;
    const bool capacity = parser.isSet(f.findCapacity);
    if (capacity && !parseCapacity(parser, f, &p->findCapacity, error))
        return false;
    std::optional<BenchFlags::Length> length
        = BenchFlags::length(read.value(f.requests), read.value(f.duration), error);
    if (!length)
        return false;
    if (capacity) // each step's length; the run's is what the search takes
        *length = { 0, p->findCapacity.stepMs };
    std::optional<double> rate = BenchFlags::rate(read.value(f.rate), error);
    if (!rate)
        return false;
    const std::optional<QList<model::LoadStage>> stages = BenchFlags::stages(read.value(f.stages), *rate,
        read.value(f.requests).has_value() || read.value(f.duration).has_value(), error);
    if (!stages)
        return false;
    if (!stages->isEmpty())
        *length = { 0, model::LoadStages::totalMs(*stages) };
    std::optional<BenchFlags::Connections> connections
        = BenchFlags::connections(read.value(f.concurrency), read.value(f.threads), length->requests, error);
    if (!connections)
        return false;
    std::optional<qint64> warmupMs = BenchFlags::warmup(read.value(f.warmup), error);
    if (!warmupMs)
        return false;
    const std::optional<int> timeoutMs = BenchFlags::timeout(read.value(f.timeout), error);
    if (!timeoutMs)
        return false;
    const auto headers = BenchFlags::headers(parser.values(f.header), error);
    if (!headers)
        return false;
    const std::optional<BenchFlags::Request> request
        = BenchFlags::request(read.value(f.postFile), read.value(f.method), read.value(f.contentType), error);
    if (!request)
        return false;
    p->url = *url;
    if (capacity) {
        // The search's defaults: a start rate, a warm-up per step, connections enough for a queue.
        if (*rate == 0)
            *rate = model::CapacitySearch::kDefaultStartRate;
        if (!read.value(f.warmup))
            *warmupMs = kCapacityWarmupMs;
        if (!read.value(f.concurrency))
            connections->concurrency = std::max(connections->concurrency, kCapacityConnections);
    }
    p->requests = length->requests;
    p->durationMs = length->durationMs;
    p->concurrency = connections->concurrency;
    p->threads = connections->threads;
    p->keepAlive = parser.isSet(f.keepAlive);
    p->rate = *rate;
    p->stages = *stages;
    p->warmupMs = *warmupMs;
    p->timeoutMs = *timeoutMs;
    p->headers = *headers;
    p->method = request->method;
    p->body = request->body;
    p->contentType = request->contentType;
    p->hostOverride = parser.value(f.host);
    p->http2 = parser.isSet(f.http2);
    if (const std::optional<QString> streams = read.value(f.streams)) {
        const std::optional<qint64> n = CliParse::integer(*streams, u"--streams"_s, 1, 1000, error);
        if (!n)
            return false;
        if (!p->http2) {
            *error = u"--streams needs --h2 (streams are HTTP/2's; HTTP/1.1 sends one request at a time)"_s;
            return false;
        }
        p->streams = int(*n);
    }
    p->tlsVerify = !parser.isSet(f.insecure);
    if (const std::optional<QString> resume = read.value(f.tlsResume)) {
        if (*resume != u"on"_s && *resume != u"off"_s) {
            *error = u"--tls-resume: give on or off, not \"%1\""_s.arg(*resume);
            return false;
        }
        p->tlsResume = *resume == u"on"_s;
    }
    // The local CA's root, made by serve --listen-tls (absent: the system store alone).
    p->tlsRoots = { tls::LocalCa::folderIn(storage::DataFolder::resolve(parser.value(f.dataDir)))
        + u"/rootCA.pem"_s };
    return true;
}

// Where the run goes; false with *error for a bad flag.
bool parseOutputs(
    const QCommandLineParser &parser, const Flags &f, BenchCommand::Options *options, QString *error)
{
    // Where the run goes: the data folder, the files, the report's format, k6.
    const FlagReader read(parser, kCommand);
    options->dataDir = parser.value(f.dataDir);
    options->store = !parser.isSet(f.noStore);
    for (auto [flag, option, file] : { std::tuple { u"--json"_s, &f.json, &options->jsonFile },
             std::tuple { u"--csv"_s, &f.csv, &options->csvFile },
             std::tuple { u"-e"_s, &f.percentCsv, &options->percentFile } }) {
        const std::optional<QString> checked = BenchFlags::outputFile(flag, parser.value(*option), error);
        if (!checked)
            return false;
        *file = *checked;
    }
    const std::optional<bool> wrkFormat = BenchFlags::wrkFormat(parser.value(f.format), error);
    if (!wrkFormat)
        return false;
    options->wrkFormat = *wrkFormat;
    const std::optional<QString> k6File = BenchFlags::k6File(read.value(f.exportK6), error);
    if (!k6File)
        return false;
    options->k6File = *k6File;
    const std::optional<double> k6P99Ms = BenchFlags::k6P99Ms(read.value(f.k6P99), error);
    if (!k6P99Ms)
        return false;
    // The default p99 threshold stands in for --threshold: given those, only an explicit one is added.
    options->k6P99Ms = parser.isSet(f.threshold) && !parser.isSet(f.k6P99) ? 0.0 : *k6P99Ms;
    for (const QString &text : parser.values(f.threshold)) {
        const std::optional<model::Threshold> threshold = model::Threshold::parse(text, error);
        if (!threshold) {
            *error = u"--threshold "_s + *error;
            return false;
        }
        options->thresholds.append(*threshold);
        options->parameters.thresholds.append(threshold->text);
        options->needsBaseline = options->needsBaseline || threshold->baseline;
    }
    if (parser.isSet(f.abortOnFail)) {
        if (options->thresholds.isEmpty()) {
            *error = u"--abort-on-fail needs a --threshold to watch"_s;
            return false;
        }
        options->parameters.abortOnFail = true;
    }
    if (!parser.isSet(f.findCapacity)) {
        for (const QCommandLineOption *option : { &f.slo, &f.stepDuration, &f.capacityPrecision }) {
            if (parser.isSet(*option)) {
                *error = u"--%1 needs --find-capacity"_s.arg(option->names().constFirst());
                return false;
            }
        }
    }
    options->compareBaseline = parser.isSet(f.compareBaseline);
    options->needsBaseline = options->needsBaseline || options->compareBaseline;
    return true;
}

// --export-k6: the script for the run, with the command line in its head; the exit status.
int exportK6(const BenchCommand::Options &options, const QStringList &arguments)
{
    const QStringList words = QStringList { u"hostbench-cli"_s, u"bench"_s } + arguments.mid(1);
    QString error;
    if (!ReportPrinter::writeText(options.k6File, u"--export-k6"_s,
            QString::fromUtf8(bench::K6Script::write(options.parameters, options.k6P99Ms, words)), &error))
        return Console::fail(kCommand, error);
    Console::err(
        u"Wrote the k6 script %1 (the benchmark did not run; k6 run %1 runs it)"_s.arg(options.k6File));
    return 0;
}

// Polls the started run (storing its samples, ab's heartbeat) until it ends; its result.
runs::RecordedRun::Result measure(runs::RecordedRun &run, const BenchCommand::Options &options)
{
    // ab's heartbeat on stderr: every tenth of a run of more than 150 requests.
    const qint64 requests = options.parameters.requests;
    const qint64 heartbeat = !options.wrkFormat && requests > 150 ? requests / 10 : 0;
    qint64 reported = 0;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (heartbeat > 0) {
            const qint64 done = qint64(run.progress() * double(requests));
            while (reported + heartbeat <= done && reported + heartbeat < requests) {
                reported += heartbeat;
                Console::err(u"Completed %1 requests"_s.arg(reported));
            }
        }
        run.poll();
        if (run.isFinished())
            loop.quit();
    });
    poll.start(kPollMs);
    loop.exec();
    return run.finish();
}

} // namespace

std::optional<BenchCommand::Options> BenchCommand::parse(const QStringList &arguments, int *exitCode)
{
    const Flags f;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Load-tests URL like ApacheBench (ab) and wrk, prints ab's report and "
        u"stores the run.\n"
        "Exit status: 0 when at least one request succeeded (a complete 2xx or "
        "3xx response);\n"
        "2 when the run ran but none did (each failed, timed out, was unfinished "
        "or got 1xx, 4xx or 5xx);\n"
        "1 for bad flags, a target that accepts no connection, or a run not stored or written;\n"
        "3 when --compare-baseline or a FACTOR*baseline threshold finds no baseline for the target;\n"
        "4 when --find-capacity's first step already failed an SLO (no capacity found);\n"
        "99 when a --threshold failed (or, with --abort-on-fail, stopped the run)."_s);
    parser.addPositionalArgument(u"URL"_s, u"http://host[:port]/path[?query]"_s);
    parser.addOptions(f.all());
    *exitCode = 1;
    if (const std::optional<int> done
        = Console::parseFlags(parser, f.help, arguments, kCommand, Console::Positional::Allowed)) {
        *exitCode = *done;
        return std::nullopt;
    }
    const FlagReader read(parser, kCommand);
    Options options;
    QString error;
    if (!parseRun(parser, f, &options.parameters, &error) || !parseOutputs(parser, f, &options, &error))
        return read.fail(error);
    *exitCode = 0;
    return options;
}

int BenchCommand::run(const QStringList &arguments)
{
    int exitCode = 0;
    const std::optional<Options> options = parse(arguments, &exitCode);
    if (!options)
        return exitCode;
    if (!options->k6File.isEmpty())
        return exportK6(*options, arguments);

    // The data folder opens before the first request (after the target
    // answered, so that a typo in the URL creates no folder): a run of ten
    // minutes is not lost for a database that could never have stored it.
    storage::DataFolder folder;
    std::optional<runs::RecordedRun> run;
    std::optional<runs::CapacityRun> search; // --find-capacity
    // Watch before the first line: a SIGINT from then on ends the run with a
    // report, as ab does (it reaches stop() from the event loop of measure()).
    SignalWatcher watcher([&run, &search](int) {
        if (run)
            run->stop();
        if (search)
            search->stop();
    });
    Console::outRaw(
        ReportPrinter::preamble(QUrl(options->parameters.url), options->wrkFormat, options->parameters));
    QString error;
    if (!canConnect(QUrl(options->parameters.url), &error))
        return Console::fail(kCommand, error);
    if ((options->store || options->needsBaseline) && !folder.open(options->dataDir, &error))
        return Console::fail(kCommand, error + u" (--no-store runs without storing)"_s);
    // The baseline before the first request: without one, the run would be for nothing.
    runs::BaselineCheck baseline;
    if (options->needsBaseline && !baseline.load(folder.database(), options->parameters, &error)) {
        Console::err(u"hostbench-cli bench: %1 (exit %2)"_s.arg(
            error, QString::number(runs::BaselineCheck::kExitNoBaseline)));
        return runs::BaselineCheck::kExitNoBaseline;
    }
    if (options->parameters.isCapacitySearch()) {
        search.emplace(options->store ? &folder.database() : nullptr);
        return CapacityBench::run(*search, *options, folder.databasePath());
    }
    // Stored as it goes (RecordedRun): killed mid-run, the file keeps the run
    // as broken off with its samples.
    run.emplace(options->store ? &folder.database() : nullptr);
    switch (run->start(options->parameters, &error)) {
    case runs::RecordedRun::Start::Started:
        break;
    case runs::RecordedRun::Start::NotStored:
        return Console::fail(kCommand, error + u" (--no-store runs without storing)"_s);
    case runs::RecordedRun::Start::NotStarted:
        return Console::fail(kCommand, error);
    }
    const runs::RecordedRun::Result result = measure(*run, *options);
    // ab stops with "Too many open files" too: what was measured until then
    // says little, so there is no report and nothing is stored.
    if (!result.error.isEmpty())
        return Console::fail(kCommand, result.error);
    return BenchReport::report(result, *options, folder.databasePath(), baseline);
}

} // namespace hostbench::cli
