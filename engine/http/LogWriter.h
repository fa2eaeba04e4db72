#pragma once

#include "http/LogFormat.h"
#include "http/LogRecord.h"
#include "model/VirtualHost.h"

#include <QList>

#include <boost/intrusive/list.hpp>

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
struct LogTable;
struct Request;
struct Response;
struct SiteCounters;

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
 * Order: each file's lines are in the order the responses' first bytes
 * went out, across workers and connections, so a response a client waited
 * for before it sent its next request (on any connection) comes first. Each
 * record carries a steady-clock stamp read under its buffer's lock before
 * its response's first byte goes out (beginResponse()), and the response is
 * listed as "on its way" in its worker's slot until it is logged, however
 * many turns it takes (a large body, a full socket buffer). A buffer is
 * then not always in stamp order (a long response is appended after
 * shorter ones that began later). The log thread reads the clock (the
 * cutoff) before it takes any buffer, lowers it below the oldest stamp on
 * its way, sorts what it took by stamp and writes what is up to the
 * cutoff; the rest waits for the next batch. A response on its way for
 * longer than kHoldLimit (a download to a slow client) no longer holds the
 * others back: its line comes when it ends, after lines of responses that
 * began later. (nginx writes each worker's buffer on its own, each line
 * when its response ends.) Around a reload the lines of the old and the
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
 * HttpServer; beginResponse(), abandonResponse() and logResponse() by
 * worker `worker` only.
 */
class LogWriter final
{
public:
    static constexpr std::chrono::milliseconds kFlushInterval { 150 };
    // How long a response on its way holds back the lines of those that began after it.
    static constexpr std::chrono::milliseconds kHoldLimit { 1000 };

    /*
     * A response's place in the log's order, from beginResponse() to
     * logResponse() or abandonResponse(): its stamp and its link in its
     * worker's list of responses on their way (in stamp order, as the
     * worker stamps them one after another). Owned by the Connection
     * sending the response; thread: that connection's worker. Destroyed
     * while listed, it leaves the list by itself (call abandonResponse()
     * first, so that the log thread stops holding back for it).
     */
    class Stamp
    {
    public:
        bool isListed() const { return m_hook.is_linked(); }

    private:
        friend class LogWriter;
        std::int64_t m_stamp = 0; // steady clock, ns; 0: none
        boost::intrusive::list_member_hook<boost::intrusive::link_mode<boost::intrusive::auto_unlink>> m_hook;
    };
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

    // Worker thread `worker`, before the first byte of the response to
    // `request` goes out: reads its stamp and lists `stamp` as on its way,
    // until logResponse() or abandonResponse(). Nothing (no lock, no clock
    // read) when nothing is logged or the request is the load generator's
    // unlogged traffic.
    void beginResponse(int worker, const Request &request, Stamp &stamp);
    // Worker thread: the response of `stamp` will not be logged (the
    // connection went away before it could be). No lock.
    void abandonResponse(int worker, Stamp &stamp);
    // Worker thread `worker`: logs a finished response, or one given up
    // mid-body, with `bodyBytes` the body bytes actually sent (nginx's
    // $body_bytes_sent). `peer` is the connection's cached address, looked
    // up from `fd` on first use. `stamp`: beginResponse()'s, or an unlisted
    // one to stamp it now.
    void logResponse(int worker, const Request &request, const Response &response, std::uint64_t bodyBytes,
        int fd, PeerAddress &peer, Stamp &stamp);
    // Worker thread `worker`: one line of `text` in the error log of the site
    // of `site` (a PHP script's FCGI_STDERR record, while `request` runs),
    // stamped now; `fd`: the client's socket, for its address.
    void logMessage(
        int worker, const Request &request, const SiteCounters *site, std::string_view text, int fd);

private:
    using Table = LogTable;
    struct Slot;

    using UnderWay = boost::intrusive::list<Stamp,
        boost::intrusive::member_hook<Stamp, decltype(Stamp::m_hook), &Stamp::m_hook>,
        boost::intrusive::constant_time_size<false>>;

    // Log thread: what was taken from one worker's buffer and not written yet.
    struct Held
    {
        std::string bytes;
        std::shared_ptr<const Table> table;
    };
    // Log thread: one record of the merge, by its stamp.
    struct Ordered
    {
        std::int64_t stamp;
        size_t worker;
        size_t at; // in m_held[worker].bytes
        auto operator<=>(const Ordered &) const = default;
    };

    void run();
    // `everything`: no cutoff (a new table is installed, or the writer stops).
    void flush(const std::shared_ptr<const Table> &install, bool everything);
    // Takes worker `i`'s buffer into m_held[i]; returns the cutoff lowered below what it has on its way.
    std::int64_t take(size_t i, const std::shared_ptr<const Table> &install, bool everything,
        std::int64_t cutoff, std::int64_t now);
    void writeMerged(const Table &table, std::int64_t cutoff, std::int64_t wallOffset);
    // Drops what was written of `held` (stamped up to `cutoff`), keeps the rest for the next batch.
    void keepLater(Held &held, std::int64_t cutoff);
    // Worker thread: `stamp` is no longer on its way (the slot's pending stamp follows).
    static void leave(Slot &slot, Stamp &stamp);

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
    std::vector<Ordered> m_order; // the records of the batch being written
    std::vector<std::string> m_out; // per file of the batch's table
    LogFormat m_format;
};

} // namespace hostbench::http
