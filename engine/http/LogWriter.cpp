#include "LogWriter.h"

#include "http/LogFile.h"
#include "http/Request.h"
#include "http/Response.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "model/LoadGeneratorAgent.h"
#include "sys/PeerSignals.h"

#include <QFileInfo>

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace hostbench::http {

namespace {

struct SiteLogs
{
    int access = -1; // index in Table::files; -1: no access log
    int error = -1;
    std::string server; // host name, for the error log
    bool logLoadGenerator = false; // VirtualHost::logLoadGenerator
};

std::uint16_t clampLength(size_t length)
{
    return std::uint16_t(std::min<size_t>(length, 0xffff));
}

void appendRecord(std::string &buffer, LogRecordHead head, const Request &request)
{
    head.methodLength = clampLength(request.methodName.size());
    head.targetLength = clampLength(request.target.size());
    head.refererLength = clampLength(request.referer.size());
    head.userAgentLength = clampLength(request.userAgent.size());
    head.hostLength = clampLength(request.host.size());
    const size_t strings = size_t(head.methodLength) + head.targetLength + head.refererLength
        + head.userAgentLength + head.hostLength;
    // Padded so that every head starts 8-byte aligned in the buffer.
    const size_t size = (sizeof head + strings + 7) & ~size_t(7);
    head.size = std::uint32_t(size);
    const size_t at = buffer.size();
    buffer.resize(at + size);
    char *out = buffer.data() + at;
    std::memcpy(out, &head, sizeof head);
    out += sizeof head;
    auto put = [&out](const std::string &value, std::uint16_t length) {
        std::memcpy(out, value.data(), length);
        out += length;
    };
    put(request.methodName, head.methodLength);
    put(request.target, head.targetLength);
    put(request.referer, head.refererLength);
    put(request.userAgent, head.userAgentLength);
    put(request.host, head.hostLength);
}

LogEntry readRecord(const char *at)
{
    LogEntry entry;
    std::memcpy(&entry.head, at, sizeof entry.head);
    const char *p = at + sizeof entry.head;
    auto take = [&p](std::uint16_t length) {
        const std::string_view view(p, length);
        p += length;
        return view;
    };
    entry.method = take(entry.head.methodLength);
    entry.target = take(entry.head.targetLength);
    entry.referer = take(entry.head.refererLength);
    entry.userAgent = take(entry.head.userAgentLength);
    entry.host = take(entry.head.hostLength);
    return entry;
}

} // namespace

// What the logs of one configuration are: immutable once built.
struct LogWriter::Table
{
    std::vector<std::shared_ptr<LogFile>> files;
    std::vector<SiteLogs> sites; // by site index
    std::unordered_map<const SiteCounters *, int> siteByCounters;
    // Holding the counters keeps their addresses from being reused while this table lives.
    std::vector<std::shared_ptr<SiteCounters>> counters;
    int defaultSite = 0;
};

struct alignas(64) LogWriter::Slot
{
    std::mutex mutex; // this worker and the log thread only
    std::string buffer;
    std::shared_ptr<const Table> table;
    // The stamp of a record on its way (beginResponse() .. logResponse()); 0: none.
    // Set under the mutex; cleared under it, or by abandonResponse() without it.
    std::atomic<std::int64_t> pending { 0 };
};

namespace {

std::int64_t steadyNow()
{
    return std::chrono::steady_clock::now().time_since_epoch().count();
}

} // namespace

LogWriter::LogWriter(int workerCount)
{
    for (int i = 0; i < workerCount; ++i)
        m_slots.push_back(std::make_unique<Slot>());
    m_held.resize(m_slots.size());
    m_heap.reserve(m_slots.size());
}

LogWriter::~LogWriter()
{
    stop();
}

void LogWriter::configure(const QList<model::VirtualHost> &hosts, const SiteTable &sites)
{
    auto table = std::make_shared<Table>();
    auto fileFor = [&](const QString &path, qint64 rotateBytes, int keep) -> int {
        if (path.trimmed().isEmpty())
            return -1;
        const std::string absolute = QFileInfo(path.trimmed()).absoluteFilePath().toStdString();
        for (size_t i = 0; i < table->files.size(); ++i) {
            if (table->files[i]->path() == absolute)
                return int(i); // the first site naming a file sets its rotation
        }
        std::shared_ptr<LogFile> file;
        if (m_current) {
            for (const auto &open : m_current->files) {
                if (open->hasSettings(absolute, rotateBytes, keep))
                    file = open;
            }
        }
        if (!file)
            file = std::make_shared<LogFile>(absolute, rotateBytes, keep);
        table->files.push_back(std::move(file));
        return int(table->files.size() - 1);
    };
    const size_t count = std::min(size_t(hosts.size()), sites.size());
    bool any = false;
    bool anyLogsLoadGenerator = false;
    for (size_t i = 0; i < count; ++i) {
        const model::VirtualHost &host = hosts[qsizetype(i)];
        SiteLogs logs;
        if (host.accessLogEnabled)
            logs.access = fileFor(host.accessLogPath, host.logRotateBytes, host.logRotateKeep);
        if (host.errorLogEnabled)
            logs.error = fileFor(host.errorLogPath, host.logRotateBytes, host.logRotateKeep);
        logs.server = host.hostName.toStdString();
        logs.logLoadGenerator = host.logLoadGenerator;
        any = any || logs.access >= 0 || logs.error >= 0;
        anyLogsLoadGenerator = anyLogsLoadGenerator || logs.logLoadGenerator;
        table->sites.push_back(std::move(logs));
        table->siteByCounters.emplace(sites.site(i).counters.get(), int(i));
        table->counters.push_back(sites.site(i).counters);
    }
    table->defaultSite = sites.defaultIndex() < count ? int(sites.defaultIndex()) : 0;
    if (table->sites.empty())
        table->sites.emplace_back();

    m_current = table;
    m_anyLog.store(any, std::memory_order_relaxed);
    m_anyLogsLoadGenerator.store(anyLogsLoadGenerator, std::memory_order_relaxed);
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
    for (size_t i = 0; i < m_slots.size(); ++i) {
        Slot &slot = *m_slots[i];
        Held &held = m_held[i];
        {
            std::lock_guard lock(slot.mutex);
            m_batch.swap(slot.buffer);
            const std::int64_t pending = slot.pending.load(std::memory_order_relaxed);
            if (pending != 0 && !everything)
                cutoff = std::min(cutoff, pending - 1);
            // Records held back from the last batch were written under this table too:
            // a new one comes only with `everything`, which holds nothing back.
            held.table = slot.table;
            // The swapped-out records were written under the old table; new ones use the new.
            if (install)
                slot.table = install;
        }
        if (held.at == held.bytes.size()) {
            held.bytes.clear();
            held.at = 0;
        }
        if (held.bytes.empty())
            held.bytes.swap(m_batch); // the common case: nothing held back, no copy
        else
            held.bytes.append(m_batch);
        m_batch.clear();
    }
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
        if (!held.table) {
            held.bytes.clear(); // nothing to write them to
            held.at = 0;
        } else if (held.at > 0) {
            held.bytes.erase(0, held.at); // what waits: the last microseconds' records
            held.at = 0;
        }
        held.table.reset();
    }
}

void LogWriter::writeMerged(const Table &table, std::int64_t cutoff, std::int64_t wallOffset)
{
    // A min-heap of the workers by their next record's stamp: each buffer is in stamp order.
    const auto later
        = [](const std::pair<std::int64_t, size_t> &a, const std::pair<std::int64_t, size_t> &b) {
              return a.first > b.first || (a.first == b.first && a.second > b.second);
          };
    const auto next = [this, cutoff](size_t worker) -> std::int64_t {
        const Held &held = m_held[worker];
        if (held.at + sizeof(LogRecordHead) > held.bytes.size())
            return -1;
        LogRecordHead head;
        std::memcpy(&head, held.bytes.data() + held.at, sizeof head);
        return head.stamp <= cutoff ? head.stamp : -1;
    };
    m_heap.clear();
    for (size_t i = 0; i < m_held.size(); ++i) {
        if (m_held[i].table.get() != &table)
            continue;
        if (const std::int64_t stamp = next(i); stamp >= 0)
            m_heap.emplace_back(stamp, i);
    }
    std::make_heap(m_heap.begin(), m_heap.end(), later);

    m_out.resize(std::max(m_out.size(), table.files.size()));
    for (std::string &out : m_out)
        out.clear();
    while (!m_heap.empty()) {
        std::pop_heap(m_heap.begin(), m_heap.end(), later);
        const size_t worker = m_heap.back().second;
        m_heap.pop_back();
        Held &held = m_held[worker];
        LogEntry entry = readRecord(held.bytes.data() + held.at);
        held.at += entry.head.size;
        if (const std::int64_t stamp = next(worker); stamp >= 0) {
            m_heap.emplace_back(stamp, worker);
            std::push_heap(m_heap.begin(), m_heap.end(), later);
        }
        if (entry.head.sink < 0 || size_t(entry.head.sink) >= table.files.size())
            continue;
        entry.head.time = std::chrono::duration_cast<std::chrono::seconds>(
            std::chrono::steady_clock::duration(entry.head.stamp + wallOffset))
                              .count();
        std::string &out = m_out[size_t(entry.head.sink)];
        if (entry.head.kind == LogRecordHead::Access) {
            m_format.appendAccessLine(entry, out);
        } else {
            const size_t site = size_t(std::max(entry.head.site, 0));
            m_format.appendErrorLine(entry, site < table.sites.size() ? table.sites[site].server : "", out);
        }
    }
    for (size_t i = 0; i < table.files.size(); ++i) {
        if (!m_out[i].empty())
            table.files[i]->write(m_out[i]);
    }
}

std::int64_t LogWriter::beginResponse(int worker, const Request &request)
{
    if (!m_anyLog.load(std::memory_order_relaxed))
        return 0;
    // A benchmark's requests are not logged unless a site asks: nothing to order.
    if (!m_anyLogsLoadGenerator.load(std::memory_order_relaxed)
        && request.userAgent.starts_with(model::kLoadGeneratorAgentPrefix))
        return 0;
    Slot &slot = *m_slots[size_t(worker)];
    std::lock_guard lock(slot.mutex);
    // Under the lock: the log thread's cutoff, read before it takes the lock, is then below it,
    // or the log thread sees it pending.
    const std::int64_t stamp = steadyNow();
    slot.pending.store(stamp, std::memory_order_relaxed);
    return stamp;
}

void LogWriter::abandonResponse(int worker)
{
    // A late clear only holds the log thread's cutoff back one batch longer.
    m_slots[size_t(worker)]->pending.store(0, std::memory_order_relaxed);
}

void LogWriter::logResponse(int worker, const Request &request, const Response &response, int fd,
    PeerAddress &peer, std::int64_t begun)
{
    if (!m_anyLog.load(std::memory_order_relaxed)) {
        if (begun != 0)
            abandonResponse(worker); // the logs went off in between
        return;
    }
    Slot &slot = *m_slots[size_t(worker)];
    std::lock_guard lock(slot.mutex);
    // What is written now is no longer on its way, logged or not.
    slot.pending.store(0, std::memory_order_relaxed);
    // Under the lock, as beginResponse()'s (the log thread's cutoff then tells which records it has).
    const std::int64_t stamp = begun != 0 ? begun : steadyNow();
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
    const SiteLogs &logs = table->sites[size_t(site)];
    // A benchmark's millions of lines would rotate away the site's real
    // traffic: counted (the workers did), not logged, unless the site asks.
    if (!logs.logLoadGenerator && request.userAgent.starts_with(model::kLoadGeneratorAgentPrefix))
        return;
    const int status = response.status;
    const bool unparsed = !response.site && status >= 400; // parse error or limit, before a site was chosen
    // A 400 the engine can explain (a path climbing above the root) is logged too.
    const bool failed = unparsed || status >= 500 || status == 403 || status == 404
        || (status >= 400 && response.errorReason);
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
    head.bytes = !response.headOnly && ResponseHead::bodyAllowed(status) ? response.contentLength : 0;
    head.peer = peer;
    head.version = std::uint8_t(request.version == 10 ? 10 : 11);
    head.parsed = !request.methodName.empty();
    head.errorReason = response.errorReason;
    if (logs.access >= 0) {
        head.kind = LogRecordHead::Access;
        head.sink = logs.access;
        appendRecord(slot.buffer, head, request);
    }
    if (errorSink >= 0) {
        head.kind = LogRecordHead::Error;
        // nginx logs what the client got wrong at info, what the server met at error.
        head.level = unparsed || status == 400 ? LogLevel::Info : LogLevel::Error;
        head.sink = errorSink;
        appendRecord(slot.buffer, head, request);
    }
}

} // namespace hostbench::http
