#pragma once

#include "http/LogFormat.h"
#include "http/LogRecord.h"
#include "model/VirtualHost.h"

#include <QList>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace hostbench::http {

class LogFile;
class SiteTable;
struct Request;
struct Response;

/*
 * The access and error logs of every site, written by one background
 * thread in batches, never by a worker (nginx's `access_log ... buffer=`
 * idea, with the writes moved off the workers entirely).
 *
 * A worker copies what a line needs (status, bytes, client, time, request
 * line, Referer, User-Agent, Host) into its own buffer with memcpy; no
 * formatting, no allocation once the buffer has grown, no write(2). Each
 * buffer has a mutex that only its worker and the log thread take: the
 * log thread swaps the buffer out every kFlushInterval, formats the
 * records (LogFormat) and appends them to the files (LogFile, rotated by
 * size). stop() flushes what is left. Within one worker the lines keep
 * their order; lines of different workers in the same batch are not merged
 * by time (as with nginx's per-worker log buffers). A buffer past kMaxBufferBytes (a
 * disk slower than the requests) drops records and counts them.
 *
 * What is logged: every response in the site's access log, but for those
 * of Hostbench's own load generator (model::kLoadGeneratorAgentPrefix)
 * unless the site has VirtualHost::logLoadGenerator; in its error
 * log, requests that could not be parsed or passed a limit (answered
 * 4xx before a site was chosen; logged for the default site, level info),
 * 403 and 404 (level error, as nginx's open() failures), 5xx (error) and
 * a 400 that carries a reason (a path climbing above the root; info).
 * Response::errorReason, when set, goes into the error line (LogFormat).
 *
 * configure() maps each site of a SiteTable to its files; sites sharing a
 * path share one file, and a file whose path and rotation stay the same
 * stays open across a reload; a changed path is opened anew, the old file
 * closed once the records written under it are out.
 *
 * Thread: constructed, configured, started and stopped by the owner of
 * HttpServer; logResponse() by worker `worker` only.
 */
class LogWriter final
{
public:
    static constexpr std::chrono::milliseconds kFlushInterval { 150 };
    static constexpr size_t kMaxBufferBytes = 8 * 1024 * 1024;

    explicit LogWriter(int workerCount);
    ~LogWriter(); // stops
    LogWriter(const LogWriter &) = delete;
    LogWriter &operator=(const LogWriter &) = delete;

    // Owner thread. `hosts` in the order SiteTable::build was given them.
    // Returns once every worker logs under the new table (the log thread
    // hands it over between two batches), so requests the workers parse
    // with the new sites are logged to the new files.
    void configure(const QList<model::VirtualHost> &hosts, const SiteTable &sites);
    void start();
    // Writes what the workers logged (call it after they have stopped), closes the files. Idempotent.
    void stop();
    // Records dropped because a buffer was full; any thread.
    quint64 dropped() const { return m_dropped.load(std::memory_order_relaxed); }

    // Worker thread `worker`: logs a finished response. `peer` is the
    // connection's cached address, looked up from `fd` on first use.
    void logResponse(int worker, const Request &request, const Response &response, int fd, PeerAddress &peer);

private:
    struct Table;
    struct Slot;

    void run();
    void flush(const std::shared_ptr<const Table> &install);
    void writeBatch(const std::string &batch, const Table &table);

    std::vector<std::unique_ptr<Slot>> m_slots;
    std::atomic<bool> m_anyLog { false };
    std::atomic<quint64> m_dropped { 0 };
    std::shared_ptr<const Table> m_current; // owner thread

    std::mutex m_mutex; // owner <-> log thread: m_pending, m_stopping, the generations
    std::condition_variable m_wake;
    std::condition_variable m_installedCondition;
    std::shared_ptr<const Table> m_pending;
    quint64 m_pendingGeneration = 0;
    quint64 m_installedGeneration = 0;
    bool m_stopping = false;
    std::thread m_thread;

    // Log thread only.
    std::string m_batch;
    std::vector<std::string> m_out; // per file of the batch's table
    LogFormat m_format;
};

} // namespace hostbench::http
