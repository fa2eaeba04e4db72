#include "LogWriter.h"

#include "http/LogFile.h"
#include "http/LogTable.h"
#include "http/Request.h"
#include "http/Response.h"
#include "http/SiteTable.h"
#include "model/LoadGeneratorAgent.h"
#include "sys/PeerSignals.h"

#include <algorithm>
#include <limits>

namespace hostbench::http {

namespace {

// LogRecordHead::version of a request's: 10, 11 or 20 (HTTP/2, issue #27).
std::uint8_t logVersion(int version)
{
    return std::uint8_t(version == 10 || version == 20 ? version : 11);
}

std::int64_t steadyNow()
{
    return std::chrono::steady_clock::now().time_since_epoch().count();
}

} // namespace

struct alignas(64) LogWriter::Slot
{
    std::mutex mutex; // this worker and the log thread only
    std::string buffer;
    std::shared_ptr<const Table> table;
    // The oldest stamp of a record on its way (beginResponse() .. logResponse()); 0: none.
    // Set under the mutex; cleared or moved on under it, or by abandonResponse() without it.
    std::atomic<std::int64_t> pending { 0 };
    UnderWay underWay; // the worker's only: its responses on their way, oldest first
};

LogWriter::LogWriter(int workerCount)
{
    for (int i = 0; i < workerCount; ++i)
        m_slots.push_back(std::make_unique<Slot>());
    m_held.resize(m_slots.size());
}

LogWriter::~LogWriter()
{
    stop();
}

void LogWriter::configure(const QList<model::VirtualHost> &hosts, const SiteTable &sites)
{
    std::shared_ptr<const Table> table = LogTable::build(hosts, sites, m_current.get());
    m_current = table;
    m_anyLog.store(table->anyLog, std::memory_order_relaxed);
    m_anyLogsLoadGenerator.store(table->anyLogsLoadGenerator, std::memory_order_relaxed);
    if (!m_thread.joinable()) {
        // Not started: no worker runs yet either, so hand the table over at once.
        for (auto &slot : m_slots) {
            std::lock_guard lock(slot->mutex);
            slot->table = table;
        }
        return;
    }
    std::unique_lock lock(m_mutex);
    m_pending = std::move(table);
    const quint64 generation = ++m_pendingGeneration;
    m_wake.notify_one();
    m_installedCondition.wait(lock, [&] { return m_installedGeneration >= generation; });
}

void LogWriter::start()
{
    if (m_thread.joinable())
        return;
    m_stopping = false;
    m_thread = std::thread([this] { run(); });
}

void LogWriter::stop()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join();
    m_anyLog.store(false, std::memory_order_relaxed);
    for (auto &slot : m_slots) {
        std::lock_guard lock(slot->mutex);
        slot->table.reset();
        std::string().swap(slot->buffer);
    }
    for (Held &held : m_held)
        held = Held();
    m_current.reset(); // the last owner of the files: they close here
}

void LogWriter::run()
{
    // A log path can be a FIFO whose reader went away: write(2) then fails with EPIPE.
    sys::PeerSignals::blockInThisThread();
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait_for(lock, kFlushInterval, [this] { return m_stopping || m_pending; });
        const std::shared_ptr<const Table> install = std::exchange(m_pending, nullptr);
        const quint64 generation = m_pendingGeneration;
        const bool stopping = m_stopping;
        lock.unlock();
        // After a stop request the workers have ended: this flush writes the last records.
        flush(install, install || stopping);
        lock.lock();
        if (install) {
            m_installedGeneration = generation;
            m_installedCondition.notify_all();
        }
        if (stopping)
            return;
    }
}

void LogWriter::flush(const std::shared_ptr<const Table> &install, bool everything)
{
    using Clock = std::chrono::steady_clock;
    // Before any buffer is taken: a record stamped up to here is in what is
    // taken below, or on its way (Slot::pending), and the cutoff goes below that.
    const std::int64_t now = steadyNow();
    std::int64_t cutoff = everything ? std::numeric_limits<std::int64_t>::max() : now;
    const std::int64_t wallOffset
        = std::chrono::duration_cast<Clock::duration>(std::chrono::system_clock::now().time_since_epoch())
              .count()
        - now;
    for (size_t i = 0; i < m_slots.size(); ++i)
        cutoff = take(i, install, everything, cutoff, now);
    // Every worker has had the same table since the last install: one merge
    // of all (a worker with another table would be merged with those sharing it).
    for (size_t i = 0; i < m_held.size(); ++i) {
        const Table *table = m_held[i].table.get();
        bool done = !table;
        for (size_t j = 0; j < i && !done; ++j)
            done = m_held[j].table.get() == table;
        if (!done)
            writeMerged(*table, cutoff, wallOffset);
    }
    for (Held &held : m_held) {
        if (!held.table)
            held.bytes.clear(); // nothing to write them to
        else
            keepLater(held, cutoff); // what waits: the last microseconds' records
        held.table.reset();
    }
}

std::int64_t LogWriter::take(size_t i, const std::shared_ptr<const Table> &install, bool everything,
    std::int64_t cutoff, std::int64_t now)
{
    constexpr std::int64_t kHoldNs = std::chrono::nanoseconds(kHoldLimit).count();
    Slot &slot = *m_slots[i];
    Held &held = m_held[i];
    {
        std::lock_guard lock(slot.mutex);
        m_batch.swap(slot.buffer);
        const std::int64_t pending = slot.pending.load(std::memory_order_relaxed);
        // Held back below the oldest response on its way, unless it has been on its way too long.
        if (pending != 0 && !everything && now - pending < kHoldNs)
            cutoff = std::min(cutoff, pending - 1);
        // Records held back from the last batch were written under this table too:
        // a new one comes only with `everything`, which holds nothing back.
        held.table = slot.table;
        // The swapped-out records were written under the old table; new ones use the new.
        if (install)
            slot.table = install;
    }
    if (held.bytes.empty())
        held.bytes.swap(m_batch); // the common case: nothing held back, no copy
    else
        held.bytes.append(m_batch);
    m_batch.clear();
    return cutoff;
}

void LogWriter::keepLater(Held &held, std::int64_t cutoff)
{
    m_batch.clear();
    for (size_t at = 0; at + sizeof(LogRecordHead) <= held.bytes.size();) {
        const LogRecordHead head = readLogRecordHead(held.bytes.data() + at);
        if (head.stamp > cutoff)
            m_batch.append(held.bytes, at, head.size);
        at += head.size;
    }
    held.bytes.swap(m_batch);
    m_batch.clear();
}

void LogWriter::writeMerged(const Table &table, std::int64_t cutoff, std::int64_t wallOffset)
{
    // The records up to the cutoff of every worker under `table`, by stamp: a
    // buffer is in the order the responses ended, not always in stamp order.
    m_order.clear();
    for (size_t i = 0; i < m_held.size(); ++i) {
        if (m_held[i].table.get() != &table)
            continue;
        const std::string &bytes = m_held[i].bytes;
        for (size_t at = 0; at + sizeof(LogRecordHead) <= bytes.size();) {
            const LogRecordHead head = readLogRecordHead(bytes.data() + at);
            if (head.stamp <= cutoff)
                m_order.push_back({ head.stamp, i, at });
            at += head.size;
        }
    }
    std::sort(m_order.begin(), m_order.end());

    m_out.resize(std::max(m_out.size(), table.files.size()));
    for (std::string &out : m_out)
        out.clear();
    for (const Ordered &record : m_order) {
        LogEntry entry = readLogRecord(m_held[record.worker].bytes.data() + record.at);
        if (entry.head.sink < 0 || size_t(entry.head.sink) >= table.files.size())
            continue;
        entry.head.time = std::chrono::duration_cast<std::chrono::seconds>(
            std::chrono::steady_clock::duration(entry.head.stamp + wallOffset))
                              .count();
        std::string &out = m_out[size_t(entry.head.sink)];
        const size_t site = size_t(std::max(entry.head.site, 0));
        if (entry.head.kind == LogRecordHead::Access)
            m_format.appendAccessLine(
                entry, out, site < table.sites.size() && table.sites[site].upstreamTimes);
        else
            m_format.appendErrorLine(entry, site < table.sites.size() ? table.sites[site].server : "", out);
    }
    for (size_t i = 0; i < table.files.size(); ++i) {
        if (!m_out[i].empty())
            table.files[i]->write(m_out[i]);
    }
}

void LogWriter::beginResponse(int worker, const Request &request, Stamp &stamp)
{
    if (!m_anyLog.load(std::memory_order_relaxed))
        return;
    // A benchmark's requests are not logged unless a site asks: nothing to order.
    if (!m_anyLogsLoadGenerator.load(std::memory_order_relaxed)
        && request.userAgent.starts_with(model::kLoadGeneratorAgentPrefix))
        return;
    Slot &slot = *m_slots[size_t(worker)];
    leave(slot, stamp); // not listed, unless a response was neither logged nor abandoned
    std::lock_guard lock(slot.mutex);
    // Under the lock: the log thread's cutoff, read before it takes the lock, is then below it,
    // or the log thread sees it pending. The worker stamps one response after another, so
    // the list stays oldest first.
    stamp.m_stamp = steadyNow();
    if (slot.underWay.empty())
        slot.pending.store(stamp.m_stamp, std::memory_order_relaxed);
    slot.underWay.push_back(stamp);
}

void LogWriter::leave(Slot &slot, Stamp &stamp)
{
    if (!stamp.isListed())
        return;
    const bool oldest = &slot.underWay.front() == &stamp;
    slot.underWay.erase(slot.underWay.iterator_to(stamp));
    // A late store only holds the log thread's cutoff back one batch longer.
    if (oldest)
        slot.pending.store(
            slot.underWay.empty() ? 0 : slot.underWay.front().m_stamp, std::memory_order_relaxed);
}

void LogWriter::abandonResponse(int worker, Stamp &stamp)
{
    leave(*m_slots[size_t(worker)], stamp);
    stamp.m_stamp = 0;
}

void LogWriter::logResponse(int worker, const Request &request, const Response &response,
    std::uint64_t bodyBytes, int fd, PeerAddress &peer, Stamp &begun)
{
    if (!m_anyLog.load(std::memory_order_relaxed)) {
        if (begun.isListed())
            abandonResponse(worker, begun); // the logs went off in between
        return;
    }
    Slot &slot = *m_slots[size_t(worker)];
    std::lock_guard lock(slot.mutex);
    // Under the lock, as beginResponse()'s (the log thread's cutoff then tells which records it has).
    const std::int64_t stamp = begun.isListed() ? begun.m_stamp : steadyNow();
    // What is written now is no longer on its way, logged or not.
    leave(slot, begun);
    begun.m_stamp = 0;
    const Table *table = slot.table.get();
    if (!table)
        return;
    int site = table->defaultSite;
    if (response.site) {
        const auto it = table->siteByCounters.find(response.site);
        if (it == table->siteByCounters.end())
            return; // a site of another configuration, around a reload
        site = it->second;
    }
    const LogTable::SiteLogs &logs = table->sites[size_t(site)];
    // A benchmark's millions of lines would rotate away the site's real
    // traffic: counted (the workers did), not logged, unless the site asks.
    if (!logs.logLoadGenerator && request.userAgent.starts_with(model::kLoadGeneratorAgentPrefix))
        return;
    const int status = response.status;
    const bool unparsed = !response.site && status >= 400; // parse error or limit, before a site was chosen
    // A 400 the engine can explain (a path climbing above the root) is logged too.
    // A reason with a status under 400: a proxied body the upstream cut short.
    const bool failed
        = unparsed || status >= 500 || status == 403 || status == 404 || response.errorReason != nullptr;
    const int errorSink = failed ? logs.error : -1;
    if (logs.access < 0 && errorSink < 0)
        return;
    if (slot.buffer.size() >= kMaxBufferBytes) {
        m_dropped.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    if (peer.family == 0)
        peer = PeerAddress::ofSocket(fd);

    LogRecordHead head;
    head.site = site;
    head.status = std::uint16_t(std::clamp(status, 0, 999));
    head.stamp = stamp;
    head.bytes = bodyBytes;
    head.peer = peer;
    head.version = logVersion(request.version);
    head.parsed = !request.methodName.empty();
    head.errorReason = response.errorReason;
    head.upstream = response.upstream;
    if (logs.access >= 0) {
        head.kind = LogRecordHead::Access;
        head.sink = logs.access;
        appendLogRecord(slot.buffer, head, request);
    }
    if (errorSink >= 0) {
        head.kind = LogRecordHead::Error;
        // nginx logs what the client got wrong at info, what the server met at error.
        head.level = unparsed || status == 400 ? LogLevel::Info : LogLevel::Error;
        head.sink = errorSink;
        appendLogRecord(slot.buffer, head, request);
    }
}

void LogWriter::logMessage(
    int worker, const Request &request, const SiteCounters *site, std::string_view text, int fd)
{
    if (!m_anyLog.load(std::memory_order_relaxed))
        return;
    Slot &slot = *m_slots[size_t(worker)];
    std::lock_guard lock(slot.mutex);
    const Table *table = slot.table.get();
    if (!table)
        return;
    const auto it = table->siteByCounters.find(site);
    if (it == table->siteByCounters.end())
        return;
    const LogTable::SiteLogs &logs = table->sites[size_t(it->second)];
    if (logs.error < 0 || slot.buffer.size() >= kMaxBufferBytes)
        return;
    if (!logs.logLoadGenerator && request.userAgent.starts_with(model::kLoadGeneratorAgentPrefix))
        return;
    LogRecordHead head;
    head.kind = LogRecordHead::Message;
    head.level = LogLevel::Error;
    head.site = it->second;
    head.sink = logs.error;
    head.stamp = steadyNow();
    head.peer = PeerAddress::ofSocket(fd);
    head.version = logVersion(request.version);
    head.parsed = !request.methodName.empty();
    appendLogRecord(slot.buffer, head, request, text);
}

} // namespace hostbench::http
