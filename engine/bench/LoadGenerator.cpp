#include "LoadGenerator.h"

#include "LoadGeneratorPrivate.h"
#include "SummaryBuilder.h"
#include "sys/PeerSignals.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <QDateTime>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

#include <sys/resource.h>

namespace hostbench::bench {

namespace asio = boost::asio;
using std::chrono::milliseconds;

LoadGenerator::LoadGenerator()
    : d(std::make_unique<Private>())
{ }

LoadGenerator::~LoadGenerator()
{
    stop();
    wait();
}

// Many connections need many descriptors: lift the soft limit towards the
// hard one (Debian's soft default is 1024) rather than fail to connect.
static void raiseDescriptorLimit(int connections)
{
    rlimit limit {};
    const rlim_t wanted = rlim_t(connections) + 256;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < wanted && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = std::min(wanted, limit.rlim_max);
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

static bool refuse(QString *error, const QString &reason)
{
    if (error)
        *error = reason;
    return false;
}

// Besides one socket per connection, each thread's reactor holds a few
// descriptors (epoll, eventfd, timerfd), and the process has its own
// (stdio, Qt, a database): an estimate, not a count.
static int descriptorsBesidesSockets(int threads)
{
    return 3 * threads + 32;
}

static QString openFileLimitText()
{
    rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return QStringLiteral("the open-file limit (ulimit -n)");
    return QStringLiteral("the open-file limit of %1 (ulimit -n)").arg(qulonglong(limit.rlim_cur));
}

// The hard limit is as far as raiseDescriptorLimit() can go: beyond it,
// connections would fail by the thousand with EMFILE; say so before the run.
static bool checkDescriptorLimit(const model::BenchParameters &parameters, QString *error)
{
    rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_max == RLIM_INFINITY)
        return true;
    const int threads = std::min(parameters.threads, parameters.concurrency);
    const rlim_t needed = rlim_t(parameters.concurrency) + rlim_t(descriptorsBesidesSockets(threads));
    if (needed <= limit.rlim_max)
        return true;
    return refuse(error,
        QStringLiteral("%1 connections need %1 sockets (and about %2 other open files) but the "
                       "open-file limit is %3 (ulimit -n); raise it or lower the concurrency")
            .arg(parameters.concurrency)
            .arg(descriptorsBesidesSockets(threads))
            .arg(qulonglong(limit.rlim_max)));
}

bool LoadGenerator::start(const model::BenchParameters &parameters, QString *error)
{
    if (!d->threads.empty() && !isFinished())
        return refuse(error, QStringLiteral("a run is already going"));
    if (parameters.concurrency < 1)
        return refuse(error, QStringLiteral("concurrency must be at least 1"));
    if (parameters.threads < 1)
        return refuse(error, QStringLiteral("threads must be at least 1"));
    if (parameters.requests <= 0 && parameters.durationMs <= 0)
        return refuse(error, QStringLiteral("give a number of requests or a duration"));
    if (parameters.requests < 0 || parameters.durationMs < 0 || parameters.warmupMs < 0
        || parameters.rate < 0)
        return refuse(error, QStringLiteral("requests, duration, warm-up and rate cannot be negative"));
    if (parameters.sampleIntervalMs < 1 || parameters.timeoutMs < 1)
        return refuse(error, QStringLiteral("the sample interval and the timeout must be at least 1 ms"));
    if (!parameters.stages.isEmpty()) {
        if (parameters.requests > 0 || parameters.durationMs != model::LoadStages::totalMs(parameters.stages))
            return refuse(error,
                QStringLiteral("with stages the run lasts their sum: no number of requests, "
                               "and the duration their total"));
        for (const model::LoadStage &stage : parameters.stages)
            if (stage.durationMs <= 0 || !(stage.rate >= 0))
                return refuse(
                    error, QStringLiteral("a stage needs a duration above 0 and a rate of 0 or more"));
    }
    if (parameters.streams < 1 || parameters.streams > 1000)
        return refuse(error, QStringLiteral("streams per connection must be from 1 to 1000"));
    if (parameters.streams > 1 && !parameters.http2)
        return refuse(error, QStringLiteral("streams per connection are HTTP/2's: more than 1 needs HTTP/2"));
    if (!checkDescriptorLimit(parameters, error))
        return false;
    auto target = BenchTarget::fromParameters(parameters, error);
    if (!target)
        return false;

    asio::ip::tcp::endpoint endpoint;
    {
        asio::io_context context;
        asio::ip::tcp::resolver resolver(context);
        boost::system::error_code ec;
        const auto results = resolver.resolve(
            BenchTarget::lookupName(target->host()).toStdString(), std::to_string(target->port()), ec);
        if (ec || results.empty())
            return refuse(error,
                QStringLiteral("cannot resolve host \"%1\": %2")
                    .arg(target->host(), QString::fromStdString(ec.message())));
        endpoint = results.begin()->endpoint();
    }

    wait(); // a previous run's threads
    raiseDescriptorLimit(parameters.concurrency);
    d->workers.clear();
    d->summary.reset();
    d->stopRequested = false;

    const int threadCount = std::min(parameters.threads, parameters.concurrency);
    std::shared_ptr<const tls::ClientContext> tlsContext;
    if (target->isHttps()) {
        tlsContext = tls::ClientContext::make(parameters.tlsVerify, parameters.tlsRoots, error,
            parameters.http2 ? tls::ClientContext::Alpn::Http2 : tls::ClientContext::Alpn::Http11);
        if (!tlsContext)
            return false;
    }
    const QByteArray tlsHost = target->host().toLatin1();
    d->run = std::make_unique<RunShared>(parameters, std::move(*target), threadCount);
    RunShared &run = *d->run;
    run.endpoint = endpoint;
    run.tlsContext = std::move(tlsContext);
    run.tlsHost = tlsHost;
    run.totalConnections = parameters.concurrency;
    if (parameters.abortOnFail && !parameters.thresholds.isEmpty())
        run.collector.watch(parameters.thresholds);
    run.countMode = parameters.requests > 0;
    // Tickets go to threads in batches so that counting requests costs one
    // shared atomic per batch, small enough that no thread hoards the tail.
    run.ticketBatch = std::clamp<qint64>(parameters.requests / (threadCount * 64), 1, 64);
    run.startAt = Clock::now();
    run.measureAt = run.startAt + milliseconds(parameters.warmupMs);
    run.rates.reset(RateSchedule(parameters), run.startAt);
    if (run.paced())
        run.collector.plan(&run.rates, double(parameters.warmupMs) / 1000.0);
    d->startedAtMs = QDateTime::currentMSecsSinceEpoch() + parameters.warmupMs;

    int first = 0;
    for (int t = 0; t < threadCount; ++t) {
        const int connections
            = parameters.concurrency / threadCount + (t < parameters.concurrency % threadCount);
        d->workers.push_back(std::make_unique<BenchWorker>(run, t, first, connections));
        first += connections;
    }
    for (auto &worker : d->workers)
        d->threads.emplace_back([w = worker.get()] {
            // Asio writes with MSG_NOSIGNAL; this covers any other write to a server that hung up.
            sys::PeerSignals::blockInThisThread();
            w->run();
        });
    return true;
}

void LoadGenerator::stop()
{
    if (d->threads.empty() || isFinished())
        return;
    d->stopRequested = true;
    for (auto &worker : d->workers)
        worker->requestStop();
}

void LoadGenerator::wait()
{
    for (auto &thread : d->threads)
        thread.join();
    d->threads.clear();
}

bool LoadGenerator::isFinished() const
{
    return d->finished();
}

QList<model::BenchSample> LoadGenerator::takeSamples()
{
    return d->run ? d->run->collector.take() : QList<model::BenchSample>();
}

QList<model::BenchSample> LoadGenerator::allSamples() const
{
    return d->run ? d->run->collector.all() : QList<model::BenchSample>();
}

double LoadGenerator::progress() const
{
    if (!d->run)
        return 0;
    if (isFinished())
        return 1;
    const RunShared &run = *d->run;
    if (run.countMode) {
        quint64 done = 0;
        for (const auto &worker : d->workers)
            done += worker->done();
        return std::clamp(double(done) / double(run.parameters.requests), 0.0, 1.0);
    }
    const double elapsedMs = std::chrono::duration<double, std::milli>(Clock::now() - run.measureAt).count();
    return std::clamp(elapsedMs / double(run.parameters.durationMs), 0.0, 1.0);
}

void LoadGenerator::Private::buildSummary() const
{
    WorkerStats merged;
    Clock::time_point endedAt = run->measureAt;
    for (const auto &worker : workers) {
        merged.add(worker->stats());
        endedAt = std::max(endedAt, worker->endedAt());
    }
    const double timeTakenSec = std::chrono::duration<double>(endedAt - run->measureAt).count();
    const bool cutShort = run->countMode
        ? merged.ended() < quint64(run->parameters.requests)
        : endedAt < run->measureAt + milliseconds(run->parameters.durationMs);
    const bool interrupted = stopRequested && cutShort;
    histogram = run->parameters.isOpenModel() ? merged.corrected : merged.total;
    SummaryBuilder builder(run->parameters, run->target);
    summary = builder.build(merged, histogram, timeTakenSec);
    {
        std::lock_guard lock(run->serverMutex);
        summary->serverSoftware = run->serverSoftware;
        summary->tlsProtocol = run->tlsProtocol;
        summary->tlsCipher = run->tlsCipher;
        summary->tlsFailure = run->tlsFailure;
        summary->streamReset = run->streamReset;
    }
    summary->documentLength = std::max<qint64>(0, run->documentLength.load());
    summary->threads = int(workers.size());
    summary->startedAtMs = startedAtMs;
    summary->interrupted = interrupted;
    // A threshold broken by the run's last sample, at its end, stopped nothing.
    if (run->collector.thresholdBroken() && cutShort) {
        const ThresholdWatch watch = run->collector.brokenThreshold();
        summary->interrupted = true;
        summary->abortedBy = watch.failedThreshold();
        summary->abortedAtMs = watch.failedAtMs();
        summary->abortedFigure = watch.failedFigure();
    }
}

QString LoadGenerator::error() const
{
    if (!d->run || !isFinished())
        return {};
    if (d->run->protocolRefused.load(std::memory_order_relaxed)) {
        std::lock_guard lock(d->run->serverMutex);
        return QStringLiteral("the run stopped: ") + d->run->protocolFailure;
    }
    const int code = d->run->descriptorErrno.load(std::memory_order_relaxed);
    if (code == 0)
        return {};
    if (code == ENFILE)
        return QStringLiteral("the run stopped: a socket could not be opened: %1 (ENFILE): the system's "
                              "open-file table is full")
            .arg(QString::fromLocal8Bit(std::strerror(code)));
    return QStringLiteral("the run stopped: a socket could not be opened: %1 (EMFILE): %2 is too low for "
                          "%3 connections")
        .arg(QString::fromLocal8Bit(std::strerror(code)), openFileLimitText())
        .arg(d->run->parameters.concurrency);
}

model::RunSummary LoadGenerator::summary() const
{
    if (!d->run || !isFinished())
        return {};
    if (!d->summary)
        d->buildSummary();
    return *d->summary;
}

const model::LatencyHistogram &LoadGenerator::histogram() const
{
    if (d->run && isFinished() && !d->summary)
        d->buildSummary();
    return d->histogram;
}

} // namespace hostbench::bench
