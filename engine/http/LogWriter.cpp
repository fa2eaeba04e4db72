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
};

LogWriter::LogWriter(int workerCount)
{
    for (int i = 0; i < workerCount; ++i)
        m_slots.push_back(std::make_unique<Slot>());
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
        table->sites.push_back(std::move(logs));
        table->siteByCounters.emplace(sites.site(i).counters.get(), int(i));
        table->counters.push_back(sites.site(i).counters);
    }
    table->defaultSite = sites.defaultIndex() < count ? int(sites.defaultIndex()) : 0;
    if (table->sites.empty())
        table->sites.emplace_back();

    m_current = table;
    m_anyLog.store(any, std::memory_order_relaxed);
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
        flush(install);
        lock.lock();
        if (install) {
            m_installedGeneration = generation;
            m_installedCondition.notify_all();
        }
        if (stopping)
            return;
    }
}

void LogWriter::flush(const std::shared_ptr<const Table> &install)
{
    for (auto &slot : m_slots) {
        std::shared_ptr<const Table> table;
        {
            std::lock_guard lock(slot->mutex);
            m_batch.swap(slot->buffer);
            table = slot->table;
            // The swapped-out records were written under the old table; new ones use the new.
            if (install)
                slot->table = install;
        }
        if (table && !m_batch.empty())
            writeBatch(m_batch, *table);
        m_batch.clear();
    }
}

void LogWriter::writeBatch(const std::string &batch, const Table &table)
{
    m_out.resize(std::max(m_out.size(), table.files.size()));
    for (std::string &out : m_out)
        out.clear();
    for (size_t at = 0; at + sizeof(LogRecordHead) <= batch.size();) {
        const LogEntry entry = readRecord(batch.data() + at);
        at += entry.head.size;
        if (entry.head.sink < 0 || size_t(entry.head.sink) >= table.files.size())
            continue;
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

void LogWriter::logResponse(
    int worker, const Request &request, const Response &response, int fd, PeerAddress &peer)
{
    if (!m_anyLog.load(std::memory_order_relaxed))
        return;
    Slot &slot = *m_slots[size_t(worker)];
    std::lock_guard lock(slot.mutex);
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
    head.time = std::time(nullptr);
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
