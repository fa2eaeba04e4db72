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
 * size). stop() flushes what is left.
 *
 * Order: each file's lines are in the order the responses were sent,
 * across workers and connections, so a response a client waited for before
 * it sent its next request (on any connection) comes first: always for one
 * sent at once, and for a longer one unless its worker stalled between its
 * last write and its stamp for longer than the next exchange took. Each
 * record carries a steady-clock stamp read under its buffer's lock: for a
 * response sent at once (the usual case), before its first byte goes out
 * (beginResponse(), which also marks the buffer "a record stamped s is on
 * its way"); for one that needs more than one turn (a large body, a full
 * socket buffer), when it ends. The log thread reads the clock (the cutoff)
 * before it takes any buffer, lowers it below any stamp on its way, merges
 * the buffers by stamp (each is in stamp order already) and writes what is
 * up to the cutoff; the rest waits for the next batch. (nginx writes each
 * worker's buffer on its own.) Around a reload the lines of the old and the
 * new files are written apart. The wall-clock time of a line is its stamp
 * plus the wall clock's offset at the batch.
 *
 * A buffer past kMaxBufferBytes (a disk slower than the requests) drops
 * records and counts them.
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

    // Worker thread `worker`, before the response to `request` is written:
    // the stamp to give logResponse() if the response goes out in this call
    // (writeResponse() wrote it all), else call abandonResponse(). 0 (and
    // nothing to abandon) when nothing is logged or the request is the load
    // generator's unlogged traffic: no lock, no clock read then.
    std::int64_t beginResponse(int worker, const Request &request);
    // Worker thread: the response of the last beginResponse() is sent later;
    // its record is stamped when logged. No lock.
    void abandonResponse(int worker);
    // Worker thread `worker`: logs a finished response. `peer` is the
    // connection's cached address, looked up from `fd` on first use.
    // `begun`: beginResponse()'s stamp, or 0 to stamp it now.
    void logResponse(int worker, const Request &request, const Response &response, int fd, PeerAddress &peer,
        std::int64_t begun);

private:
    struct Table;
    struct Slot;

    // Log thread: what was taken from one worker's buffer and not written yet.
    struct Held
    {
        std::string bytes;
        size_t at = 0; // the next record to write
        std::shared_ptr<const Table> table;
    };

    void run();
    // `everything`: no cutoff (a new table is installed, or the writer stops).
    void flush(const std::shared_ptr<const Table> &install, bool everything);
    void writeMerged(const Table &table, std::int64_t cutoff, std::int64_t wallOffset);

    std::vector<std::unique_ptr<Slot>> m_slots;
    std::atomic<bool> m_anyLog { false };
    std::atomic<bool> m_anyLogsLoadGenerator { false }; // a site with VirtualHost::logLoadGenerator
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
    std::vector<Held> m_held; // per worker
    std::vector<std::pair<std::int64_t, size_t>> m_heap; // (stamp, worker) of the merge
    std::vector<std::string> m_out; // per file of the batch's table
    LogFormat m_format;
};

} // namespace hostbench::http
