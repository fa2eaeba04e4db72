#pragma once

#include "http/LogRecord.h"
#include "http/PhpMatch.h"
#include "http/StringHash.h"
#include "http/UniqueFd.h"
#include "http/UpstreamTarget.h"
#include "http/WorkerCounters.h"
#include "model/MetricsSnapshot.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QString>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hostbench::http {

// One worker's share of a model::TimeBuckets, written by that worker only (bumpCounter()).
struct WorkerTimeBuckets
{
    std::array<std::atomic<quint64>, model::TimeBuckets::kBucketCount> counts {};
    std::atomic<quint64> sumUs { 0 };

    void record(quint64 us)
    {
        bumpCounter(counts[size_t(model::TimeBuckets::indexFor(us))]);
        bumpCounter(sumUs, us);
    }
    // Adds these counts to `into` (relaxed loads: whole values, any thread).
    void addTo(model::TimeBuckets &into) const
    {
        for (size_t i = 0; i < counts.size(); ++i)
            into.counts[i] += counts[i].load(std::memory_order_relaxed);
        into.sumUs += sumUs.load(std::memory_order_relaxed);
    }
};

// One worker's share of a site's counters, alone on its cache line(s).
struct alignas(64) SiteWorkerCounters
{
    std::atomic<quint64> requests { 0 }; // responses completed
    std::atomic<quint64> clientErrors { 0 }; // 4xx
    std::atomic<quint64> serverErrors { 0 }; // 5xx
    std::atomic<quint64> bytesSent { 0 }; // head and body bytes of its responses
    std::atomic<quint64> proxiedServiceSumUs { 0 }; // service time of the responses in upstreamTime
    WorkerTimeBuckets serviceTime; // every response
    WorkerTimeBuckets upstreamTime; // proxied, the upstream answered: to its last byte
    WorkerTimeBuckets upstreamHeaderTime; // proxied: to its response head
};

// A site's counters, one padded slot per worker (each written by its worker
// only, with bumpCounter(); read by HttpServer::metrics() from any thread).
struct SiteCounters
{
    explicit SiteCounters(int workers)
        : perWorker(std::make_unique<SiteWorkerCounters[]>(size_t(workers)))
        , workerCount(workers)
    { }
    // Counts one completed response of this site on worker `worker`, its
    // service time (µs) and, for a proxied one, the upstream's times.
    void recordResponse(
        int worker, int status, quint64 bytes, quint64 serviceUs, const UpstreamTiming &upstream)
    {
        SiteWorkerCounters &mine = perWorker[size_t(worker)];
        mine.serviceTime.record(serviceUs);
        if (upstream.totalUs >= 0) {
            mine.upstreamTime.record(quint64(upstream.totalUs));
            bumpCounter(mine.proxiedServiceSumUs, serviceUs);
        }
        if (upstream.headerUs >= 0)
            mine.upstreamHeaderTime.record(quint64(upstream.headerUs));
        bumpCounter(mine.requests);
        if (status >= 500)
            bumpCounter(mine.serverErrors);
        else if (status >= 400)
            bumpCounter(mine.clientErrors);
        if (bytes > 0)
            bumpCounter(mine.bytesSent, bytes);
    }
    quint64 total() const { return sum(&SiteWorkerCounters::requests); }
    // The times of all workers, summed (HttpServer::metrics()).
    void addTimesTo(model::MetricsSnapshot::SiteCount &site) const
    {
        for (int i = 0; i < workerCount; ++i) {
            const SiteWorkerCounters &worker = perWorker[size_t(i)];
            worker.serviceTime.addTo(site.serviceTime);
            worker.upstreamTime.addTo(site.upstreamTime);
            worker.upstreamHeaderTime.addTo(site.upstreamHeaderTime);
            site.proxiedServiceSumUs += worker.proxiedServiceSumUs.load(std::memory_order_relaxed);
        }
    }
    quint64 sum(std::atomic<quint64> SiteWorkerCounters::*counter) const
    {
        quint64 sum = 0;
        for (int i = 0; i < workerCount; ++i)
            sum += (perWorker[size_t(i)].*counter).load(std::memory_order_relaxed);
        return sum;
    }

    std::unique_ptr<SiteWorkerCounters[]> perWorker;
    int workerCount;
};

// A model::Route ready to answer: std::string copies, converted once.
struct FixedResponse
{
    int status = 200;
    std::string contentType;
    std::string body;
};

// A model::VirtualHost converted for the request path.
struct Site
{
    QString hostName; // as configured, for metrics
    std::string documentRoot; // canonical absolute path; empty when the root is missing
    UniqueFd rootFd; // O_PATH handle of documentRoot; invalid when missing
    std::unordered_map<std::string, FixedResponse, StringHash, std::equal_to<>> routes; // by normalised path
    std::vector<std::string> indexFiles; // tried in order for a path ending in '/'
    bool directoryListing = false;
    bool followSymlinks = false;
    bool serveHiddenFiles = false; // VirtualHost::serveHiddenFiles
    // The data folder's guard (ServerConfig::dataFolder), canonical paths:
    // when `guarded`, every file or folder opened under this site is looked
    // up again by its descriptor (/proc/self/fd) and refused when it lies in
    // `protectedFolder` but not in `servedFolder`. Set for a site that
    // follows links, or whose root is, contains or lies in the data folder
    // outside its "sites" folder; a root elsewhere, links kept beneath it,
    // cannot reach the data folder, so its requests pay nothing.
    bool guarded = false;
    std::string protectedFolder;
    std::string servedFolder;
    std::unordered_map<int, std::string> errorPages; // status -> normalised path under the root
    model::RequestLimits limits; // VirtualHost::limits
    std::shared_ptr<SiteCounters> counters;
    // Proxied path prefixes (VirtualHost::proxy), the longest first.
    std::vector<UpstreamTarget> proxies;
    bool sendUpstreamHost = false;
    int upstreamTimeoutMs = 60 * 1000;
    // PHP through FastCGI (VirtualHost::php; PhpMatch.h): `runsPhp` when the
    // site has a PHP-FPM address. `serverName`: the host name as UTF-8, the
    // FastCGI SERVER_NAME.
    bool runsPhp = false;
    PhpSite php;
    std::string serverName;
    // HTTPS (VirtualHost::tls): cleartext requests answered 308 to the TLS
    // port while it listens, and the HSTS field that TLS responses carry
    // ("Strict-Transport-Security: max-age=N\r\n", RFC 6797 §6.1), empty for none.
    bool redirectToHttps = false;
    std::string hstsField;

    // The proxy route that takes the normalised `path`, or null.
    const UpstreamTarget *findProxy(std::string_view path) const
    {
        for (const UpstreamTarget &target : proxies) {
            if (target.matches(path))
                return &target;
        }
        return nullptr;
    }

    const FixedResponse *findRoute(std::string_view path) const
    {
        const auto it = routes.find(path);
        return it == routes.end() ? nullptr : &it->second;
    }
    const std::string *errorPage(int status) const
    {
        if (errorPages.empty())
            return nullptr;
        const auto it = errorPages.find(status);
        return it == errorPages.end() ? nullptr : &it->second;
    }
};

/*
 * The virtual hosts as the workers use them: an immutable table built once
 * per start() or reload() on the owner's thread from model::VirtualHost
 * values (Qt strings converted here, never per request), then shared
 * read-only by every worker through a shared_ptr. Responses in flight keep
 * the table they started with.
 *
 * Host selection (RFC 9110 §7.2): the Host value without its port, without
 * brackets for an IPv6 literal ("[::1]:8080" -> "::1") and without a
 * trailing dot, compared case-insensitively with each site's hostName and
 * aliases; then, for a name under ".localhost" that matched nothing,
 * the name without that suffix (RFC 6761 §6.3: browsers resolve
 * *.localhost to loopback, so http://blog.test.localhost:8080/ reaches
 * site blog.test without a hosts entry); no match or no Host -> the
 * default site (isDefault, else the first). The first site that names a
 * host wins.
 *
 * Per-site request counters survive a reload for hosts that keep their
 * hostName. Thread: built on the owner's thread, then read-only; any thread.
 */
class SiteTable final
{
public:
    // Null with *error set when `hosts` is empty or, with requireRoots, a
    // document root is not an existing directory. Without requireRoots a
    // site with a missing root answers 404 for every file. `previous` (may
    // be null) lends its per-site counters to hosts of the same name.
    // `dataFolder`: ServerConfig::dataFolder, guarded in every site (Site::guarded).
    static std::shared_ptr<const SiteTable> build(const QList<model::VirtualHost> &hosts, int workerCount,
        const SiteTable *previous, bool requireRoots, QString *error, const QString &dataFolder = {});

    size_t size() const { return m_sites.size(); }
    // Some site proxies a path: the parser then keeps the fields and body that a proxy forwards.
    bool hasProxies() const { return m_hasProxies; }
    // Some site runs PHP: the parser then keeps the fields and body as for a proxy.
    bool hasPhp() const { return m_hasPhp; }
    // Some site sends cleartext requests to HTTPS (Site::redirectToHttps).
    bool hasTlsRedirects() const { return m_hasTlsRedirects; }
    const Site &site(size_t index) const { return m_sites[index]; }
    size_t defaultIndex() const { return m_default; }
    // The site that serves a request whose Host (or absolute-form authority) is `host`.
    size_t indexForHost(std::string_view host) const;
    // The site that serves a request with this Host field and this target
    // authority (empty unless the target is in absolute form): the authority
    // wins over Host (RFC 9112 §3.2.2). The one choice both the parser (for
    // the body limit) and RequestHandler (for the answer) make.
    size_t indexForRequest(std::string_view hostField, std::string_view targetAuthority) const
    {
        return indexForHost(targetAuthority.empty() ? hostField : targetAuthority);
    }

    // "Example.com:8080" -> "Example.com", "[::1]:80" -> "::1", "a.b." -> "a.b". No case change.
    static std::string_view hostWithoutPort(std::string_view host);
    // The clean absolute `path` is `folder` or lies inside it ("/" holds every path).
    static bool isWithin(std::string_view path, std::string_view folder);

private:
    std::vector<Site> m_sites;
    std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> m_byName; // lower-case names
    size_t m_default = 0;
    bool m_hasProxies = false;
    bool m_hasPhp = false;
    bool m_hasTlsRedirects = false;
};

} // namespace hostbench::http
