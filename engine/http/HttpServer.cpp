#include "HttpServer.h"

#include "http/LogWriter.h"
#include "http/SiteTable.h"
#include "http/TlsSites.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"
#include "model/LatencyHistogram.h"
#include "sys/PortHolder.h"
#include "tls/LocalCa.h"

#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace hostbench::http {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

constexpr int kPortFallbackTries = 100;
constexpr int kMaxThreads = 256;

// What metrics() reads, from any thread: replaced whole by start(), kept
// after stop() so the last counts stay readable.
struct MetricsState
{
    explicit MetricsState(int workerCount)
    {
        for (int i = 0; i < workerCount; ++i)
            workers.push_back(std::make_unique<WorkerCounters>());
    }

    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::atomic<bool> running { true };
    std::vector<std::unique_ptr<WorkerCounters>> workers;
    std::atomic<std::shared_ptr<const SiteTable>> sites;
};

QString endpointText(const asio::ip::address &address, quint16 port)
{
    const QString host = QString::fromStdString(address.to_string());
    return address.is_v6() ? QStringLiteral("[%1]:%2").arg(host).arg(port)
                           : QStringLiteral("%1:%2").arg(host).arg(port);
}

QString errorText(const boost::system::error_code &ec)
{
    return QString::fromStdString(ec.message());
}

// Whether anyone listens on the port. A listener with SO_REUSEPORT (another
// Hostbench, say) would let ours join it silently, so ask with a socket that
// sets SO_REUSEADDR only: its bind fails while anybody listens there.
boost::system::error_code probePort(asio::io_context &context, const tcp::endpoint &endpoint)
{
    boost::system::error_code ec;
    tcp::acceptor probe(context);
    probe.open(endpoint.protocol(), ec);
    if (!ec)
        probe.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec)
        probe.bind(endpoint, ec);
    boost::system::error_code ignored;
    probe.close(ignored);
    return ec;
}

} // namespace

struct HttpServer::Private
{
    bool running = false;
    asio::ip::address address;
    quint16 port = 0;
    asio::ip::address tlsAddress;
    quint16 tlsPort = 0; // 0: no TLS listener
    QString caFolder;
    QStringList tlsWarnings;
    std::vector<std::unique_ptr<Worker>> workers;
    std::shared_ptr<const SiteTable> sites;
    std::unique_ptr<LogWriter> logs; // outlives the workers, which log into it
    std::atomic<std::shared_ptr<MetricsState>> metrics;
    QString dataFolder; // ServerConfig::dataFolder of the last start(), for reload()

    bool bind(const model::ServerConfig &config, QString *error);
    bool bindTls(const model::ServerConfig &config, QString *error);
    std::shared_ptr<const TlsSites> certificates(
        const QList<model::VirtualHost> &hosts, std::shared_ptr<const SiteTable> table, QString *error);
};

bool HttpServer::Private::bindTls(const model::ServerConfig &config, QString *error)
{
    auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return false;
    };
    boost::system::error_code ec;
    tlsAddress = asio::ip::make_address(config.tlsListenAddress.trimmed().toStdString(), ec);
    if (ec)
        return fail(QStringLiteral("TLS listener: not an IP address: %1").arg(config.tlsListenAddress));
    const tcp::endpoint wanted(tlsAddress, config.tlsPort);
    Worker &first = *workers.front();
    if (config.tlsPort != 0)
        ec = probePort(first.context(), wanted);
    if (!ec)
        ec = first.listen(wanted, true);
    if (ec == asio::error::address_in_use)
        return fail(QStringLiteral("%1 (TLS) is in use by %2")
                        .arg(endpointText(tlsAddress, config.tlsPort),
                            sys::PortHolder::find(config.tlsPort).describe()));
    if (ec)
        return fail(QStringLiteral("cannot listen on %1 (TLS): %2")
                        .arg(endpointText(tlsAddress, config.tlsPort), errorText(ec)));
    tlsPort = first.localPort(true);
    for (size_t i = 1; i < workers.size(); ++i) {
        ec = workers[i]->listen(tcp::endpoint(tlsAddress, tlsPort), true);
        if (ec)
            return fail(QStringLiteral("cannot listen on %1 (TLS): %2")
                            .arg(endpointText(tlsAddress, tlsPort), errorText(ec)));
    }
    return true;
}

std::shared_ptr<const TlsSites> HttpServer::Private::certificates(
    const QList<model::VirtualHost> &hosts, std::shared_ptr<const SiteTable> table, QString *error)
{
    QStringList warnings;
    auto built = TlsSites::build(hosts, std::move(table), caFolder, error, &warnings);
    if (built)
        tlsWarnings = warnings;
    return built;
}

bool HttpServer::Private::bind(const model::ServerConfig &config, QString *error)
{
    auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return false;
    };
    Worker &first = *workers.front();
    boost::system::error_code ec;
    if (config.port == 0) {
        ec = first.listen(tcp::endpoint(address, 0));
        if (ec)
            return fail(
                QStringLiteral("cannot listen on %1: %2").arg(endpointText(address, 0), errorText(ec)));
    } else {
        const int last
            = config.portFallback ? std::min(int(config.port) + kPortFallbackTries, 65535) : config.port;
        int candidate = config.port;
        for (; candidate <= last; ++candidate) {
            const tcp::endpoint endpoint(address, quint16(candidate));
            ec = probePort(first.context(), endpoint);
            if (!ec)
                ec = first.listen(endpoint);
            if (ec != asio::error::address_in_use)
                break;
        }
        if (ec == asio::error::address_in_use) {
            if (last == config.port)
                return fail(QStringLiteral("%1 is in use by %2")
                                .arg(endpointText(address, config.port),
                                    sys::PortHolder::find(config.port).describe()));
            return fail(QStringLiteral("%1 and the next %2 ports are in use")
                            .arg(endpointText(address, config.port))
                            .arg(last - config.port));
        }
        if (ec) {
            return fail(QStringLiteral("cannot listen on %1: %2")
                            .arg(endpointText(address, quint16(candidate)), errorText(ec)));
        }
    }
    port = first.localPort();
    for (size_t i = 1; i < workers.size(); ++i) {
        ec = workers[i]->listen(tcp::endpoint(address, port));
        if (ec)
            return fail(
                QStringLiteral("cannot listen on %1: %2").arg(endpointText(address, port), errorText(ec)));
    }
    return true;
}

HttpServer::HttpServer()
    : d(std::make_unique<Private>())
{ }

HttpServer::~HttpServer()
{
    stop();
}

bool HttpServer::start(const model::ServerConfig &config, const QList<model::VirtualHost> &hosts,
    QString *error, const std::function<bool(QString *)> &afterBind)
{
    if (d->running) {
        if (error)
            *error = QStringLiteral("the server is already running");
        return false;
    }
    int threads = config.threads > 0 ? config.threads : int(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, kMaxThreads);

    auto sites = SiteTable::build(hosts, threads, nullptr, true, error, config.dataFolder);
    if (!sites)
        return false;
    boost::system::error_code ec;
    d->address = asio::ip::make_address(config.listenAddress.trimmed().toStdString(), ec);
    if (ec) {
        if (error)
            *error = QStringLiteral("not an IP address: %1").arg(config.listenAddress);
        return false;
    }

    std::shared_ptr<const TlsSites> certificates;
    if (config.tlsEnabled) {
        d->caFolder = config.dataFolder.isEmpty() ? QString() : tls::LocalCa::folderIn(config.dataFolder);
        certificates = d->certificates(hosts, sites, error);
        if (!certificates)
            return false;
    } else {
        d->caFolder.clear();
        d->tlsWarnings.clear();
    }

    auto state = std::make_shared<MetricsState>(threads);
    state->sites.store(sites);
    rlimit files {};
    const std::uint64_t fileLimit = ::getrlimit(RLIMIT_NOFILE, &files) == 0 ? files.rlim_cur : 1024;
    const std::size_t openFileBudget = FileCache::descriptorBudgetFor(fileLimit, unsigned(threads));
    for (int i = 0; i < threads; ++i) {
        d->workers.push_back(std::make_unique<Worker>(i, *state->workers[size_t(i)], sites, config));
        d->workers.back()->setOpenFileBudget(openFileBudget);
        d->workers.back()->setTls(certificates);
    }
    if (!d->bind(config, error) || (certificates && !d->bindTls(config, error))) {
        d->workers.clear();
        d->port = 0;
        d->tlsPort = 0;
        return false;
    }
    d->logs = std::make_unique<LogWriter>(threads);
    d->logs->configure(hosts, *sites);
    if (afterBind) {
        QString reason;
        if (!afterBind(&reason)) {
            if (error)
                *error = reason;
            d->logs.reset();
            d->workers.clear();
            d->port = 0;
            d->tlsPort = 0;
            return false;
        }
    }
    d->logs->start();
    d->sites = std::move(sites);
    d->dataFolder = config.dataFolder;
    d->metrics.store(std::move(state));
    for (auto &worker : d->workers) {
        worker->setLogs(d->logs.get());
        worker->start();
    }
    d->running = true;
    return true;
}

void HttpServer::stop()
{
    if (!d->running)
        return;
    for (auto &worker : d->workers)
        worker->requestStop();
    for (auto &worker : d->workers)
        worker->join();
    d->workers.clear();
    d->logs.reset(); // after the workers: writes what they logged, closes the files
    d->sites.reset();
    if (const auto state = d->metrics.load())
        state->running.store(false);
    d->running = false;
    d->tlsPort = 0;
}

bool HttpServer::isRunning() const
{
    return d->running;
}

namespace {

using namespace Qt::StringLiterals;

// As nginx, which fails to start on `open() "..." failed`: a log file that
// cannot be appended to is an error at start, not a warning at the first
// request. A missing folder is refused rather than created (the engine would
// create it, as root anywhere). The check creates an empty log file, as the
// engine would at its first line.
bool checkLogFile(const QString &path, const QString &what, QString *error)
{
    const QFileInfo info(path);
    if (info.isDir()) {
        *error = u"%1 %2 is a folder, not a file"_s.arg(what, path);
        return false;
    }
    if (!QFileInfo(info.absolutePath()).isDir()) {
        *error = u"%1 %2: the folder %3 does not exist"_s.arg(what, path, info.absolutePath());
        return false;
    }
    // /proc and /sys files open for append (as root) and then fail every write.
    const QByteArray type = QStorageInfo(info.absolutePath()).fileSystemType();
    if (type == "proc" || type == "sysfs") {
        *error = u"%1 %2 is on %3, where log lines cannot be written"_s.arg(
            what, path, QString::fromLatin1(type));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        *error = u"cannot open the %1 %2: %3"_s.arg(what, path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

bool HttpServer::checkLogFiles(const QList<model::VirtualHost> &sites, QString *error)
{
    for (const model::VirtualHost &host : sites) {
        if (host.accessLogEnabled && !host.accessLogPath.isEmpty()
            && !checkLogFile(host.accessLogPath, u"access log"_s, error))
            return false;
        if (host.errorLogEnabled && !host.errorLogPath.isEmpty()
            && !checkLogFile(host.errorLogPath, u"error log"_s, error))
            return false;
    }
    return true;
}

void HttpServer::reload(const QList<model::VirtualHost> &hosts)
{
    if (!d->running)
        return;
    // A missing document root no longer stops anything: that site answers 404.
    auto sites
        = SiteTable::build(hosts, int(d->workers.size()), d->sites.get(), false, nullptr, d->dataFolder);
    if (!sites)
        return; // no hosts: keep serving the current ones
    // New names get their certificates before any worker sees the table; a
    // CA that fails now keeps the old certificates (SNI then finds a new site
    // on the default's), with the reason in tlsWarnings().
    std::shared_ptr<const TlsSites> certificates;
    if (d->tlsPort != 0) {
        QString reason;
        certificates = d->certificates(hosts, sites, &reason);
        if (!certificates)
            d->tlsWarnings = QStringList { reason };
    }
    d->sites = sites;
    // Before the workers get the table: a reopened log then sees their first requests.
    d->logs->configure(hosts, *sites);
    if (const auto state = d->metrics.load())
        state->sites.store(sites);
    for (auto &worker : d->workers)
        worker->reload(sites, certificates);
}

QString HttpServer::listenAddress() const
{
    return d->running ? QString::fromStdString(d->address.to_string()) : QString();
}

quint16 HttpServer::port() const
{
    return d->running ? d->port : 0;
}

QString HttpServer::url() const
{
    if (!d->running)
        return QString();
    // A wildcard address is reached through loopback.
    asio::ip::address host = d->address;
    if (host.is_unspecified())
        host = host.is_v6() ? asio::ip::address(asio::ip::address_v6::loopback())
                            : asio::ip::address(asio::ip::address_v4::loopback());
    return QStringLiteral("http://%1/").arg(endpointText(host, d->port));
}

quint16 HttpServer::tlsPort() const
{
    return d->running ? d->tlsPort : 0;
}

QString HttpServer::tlsUrl() const
{
    if (!d->running || d->tlsPort == 0)
        return QString();
    asio::ip::address host = d->tlsAddress;
    if (host.is_unspecified())
        host = host.is_v6() ? asio::ip::address(asio::ip::address_v6::loopback())
                            : asio::ip::address(asio::ip::address_v4::loopback());
    return QStringLiteral("https://%1/").arg(endpointText(host, d->tlsPort));
}

QString HttpServer::caFolder() const
{
    return d->running && d->tlsPort != 0 ? d->caFolder : QString();
}

QStringList HttpServer::tlsWarnings() const
{
    return d->tlsWarnings;
}

int HttpServer::threadCount() const
{
    return d->running ? int(d->workers.size()) : 0;
}

model::MetricsSnapshot HttpServer::metrics() const
{
    model::MetricsSnapshot snapshot;
    const auto state = d->metrics.load();
    if (!state)
        return snapshot;
    constexpr auto relaxed = std::memory_order_relaxed;
    if (state->running.load(relaxed)) {
        snapshot.uptimeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - state->started)
                                .count();
    }
    std::vector<quint64> latency(size_t(model::LatencyHistogram::kCountsLength), 0);
    quint64 closed = 0;
    for (const auto &worker : state->workers) {
        snapshot.requests += worker->requests.load(relaxed);
        snapshot.bytesSent += worker->bytesSent.load(relaxed);
        for (size_t i = 0; i < snapshot.statusClasses.size(); ++i)
            snapshot.statusClasses[i] += worker->statusClasses[i].load(relaxed);
        // "Closed" first (acquire, against the worker's release): "accepted" read after it
        // covers every connection it counts, so the open count can be high for a moment
        // but never reads 0 while a connection is open.
        closed += worker->connectionsClosed.load(std::memory_order_acquire);
        snapshot.connectionsAccepted += worker->connectionsAccepted.load(relaxed);
        for (size_t i = 0; i < snapshot.proxyErrors.size(); ++i)
            snapshot.proxyErrors[i] += worker->proxyErrors[i].load(relaxed);
        for (size_t i = 0; i < snapshot.phpErrors.size(); ++i)
            snapshot.phpErrors[i] += worker->phpErrors[i].load(relaxed);
        snapshot.proxyQueued += worker->proxyQueued.load(relaxed);
        snapshot.phpQueued += worker->phpQueued.load(relaxed);
        snapshot.tlsHandshakes += worker->tlsHandshakes.load(relaxed);
        snapshot.tlsResumed += worker->tlsResumed.load(relaxed);
        snapshot.tlsErrors += worker->tlsErrors.load(relaxed);
        snapshot.http2Connections += worker->http2Connections.load(relaxed);
        snapshot.http2Streams += worker->http2Streams.load(relaxed);
        snapshot.http2Resets += worker->http2Resets.load(relaxed);
        for (size_t i = 0; i < latency.size(); ++i)
            latency[i] += worker->latency[i].load(relaxed);
    }
    snapshot.openConnections = qint64(snapshot.connectionsAccepted - closed);
    model::LatencyHistogram histogram;
    for (size_t i = 0; i < latency.size(); ++i)
        histogram.addToBucket(int(i), latency[i]);
    snapshot.latencyP50Us = histogram.valueAtPercentile(50);
    snapshot.latencyP99Us = histogram.valueAtPercentile(99);
    snapshot.serviceTimeCounts = QList<quint64>(latency.begin(), latency.end());
    if (const auto sites = state->sites.load()) {
        for (size_t i = 0; i < sites->size(); ++i) {
            const SiteCounters &counters = *sites->site(i).counters;
            model::MetricsSnapshot::SiteCount site { sites->site(i).hostName, counters.total(),
                counters.sum(&SiteWorkerCounters::clientErrors),
                counters.sum(&SiteWorkerCounters::serverErrors),
                counters.sum(&SiteWorkerCounters::bytesSent) };
            counters.addTimesTo(site);
            snapshot.perSite.append(site);
        }
    }
    return snapshot;
}

} // namespace hostbench::http
