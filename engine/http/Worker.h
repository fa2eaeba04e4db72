#pragma once

#include "http/Connection.h"
#include "http/HttpDate.h"
#include "http/RequestHandler.h"
#include "http/UpstreamPool.h"
#include "model/ServerConfig.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/intrusive/list.hpp>

#include <QtGlobal>

#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace hostbench::http {

class LogWriter;
class SiteTable;
class TlsSites;
struct WorkerCounters;

/*
 * One worker thread of HttpServer: its own io_context, its own
 * SO_REUSEPORT listener on the shared address and port (the kernel spreads
 * new connections over the listeners), its connections, its counters, its
 * Date and MIME caches. Nothing here is shared with another worker, so the
 * request path takes no lock.
 *
 * A one-second tick expires connections past their deadline (keep-alive
 * idle, request head, stalled send: model::ServerConfig's
 * keepAliveTimeoutMs, headerTimeoutMs, sendTimeoutMs, rounded up to whole
 * seconds, at least one): a store per request instead of a timer per
 * connection. So a timeout of N s fires after N to N+1 s.
 *
 * Beyond maxConnectionsPerWorker open connections, a new one is answered
 * 503 with "Connection: close" at once and closed (after the usual linger),
 * never left waiting in the accept queue.
 *
 * A second listener, when bound (listen(..., true)), speaks TLS: its
 * connections start with the handshake (Connection::start) with the
 * certificates of the current TlsSites, replaced by reload() with the sites.
 *
 * Thread: constructed, bound (listen()) and started by HttpServer's owner
 * thread; reload() and requestStop() post to the worker thread, join()
 * waits for it. Everything else runs on the worker thread.
 */
class Worker final
{
public:
    static constexpr unsigned kLingerTimeoutS = 2;
    static constexpr int kAcceptBatch = 64; // connections accepted per wake-up, at most

    // Timeouts in whole ticks (seconds), from model::ServerConfig.
    struct Timeouts
    {
        unsigned header = 10;
        unsigned keepAlive = 5;
        unsigned send = 60;
    };
    static Timeouts timeoutsFrom(const model::ServerConfig &config);

    Worker(int index, WorkerCounters &counters, std::shared_ptr<const SiteTable> sites,
        const model::ServerConfig &config);
    ~Worker();
    Worker(const Worker &) = delete;
    Worker &operator=(const Worker &) = delete;

    // Owner thread, before start(): opens, binds and listens (SO_REUSEADDR, SO_REUSEPORT;
    // TCP_DEFER_ACCEPT of 1 s where the kernel has it: accept() waits for the first bytes).
    // `tls`: the TLS listener (its connections need tls set before start(): setTls()).
    boost::system::error_code listen(const boost::asio::ip::tcp::endpoint &endpoint, bool tls = false);
    quint16 localPort(bool tls = false) const;
    // Owner thread, before start(): the TLS listener's certificates.
    void setTls(std::shared_ptr<const TlsSites> tls) { m_tls = std::move(tls); }
    // Owner thread, before start(): the server's logs (may stay null: nothing is logged).
    void setLogs(LogWriter *logs) { m_logs = logs; }
    // Owner thread, before start(): open files its file cache may keep (FileCache::descriptorBudgetFor).
    void setOpenFileBudget(std::size_t files) { m_handler.files().cache().setDescriptorBudget(files); }
    void start();
    // Owner thread: the new table serves requests parsed after the worker picks it up.
    // `tls`: the TLS listener's certificates for those sites (null without one).
    void reload(std::shared_ptr<const SiteTable> sites, std::shared_ptr<const TlsSites> tls = nullptr);
    // Owner thread: closes the listener and every connection; the thread ends when their handlers have run.
    void requestStop();
    void join();

    // Worker thread only, for connections.
    boost::asio::io_context &context() { return m_context; }
    const std::shared_ptr<const SiteTable> &sites() const { return m_sites; }
    // The TLS listener's certificates (held by each TLS connection's SSL through its handshake).
    const TlsSites *tls() const { return m_tls.get(); }
    RequestHandler &handler() { return m_handler; }
    // Connections to upstreams (proxied sites), their bound and queue; this worker's own.
    UpstreamPool &upstreams() { return m_upstreams; }
    HttpDate &date() { return m_date; }
    WorkerCounters &counters() { return m_counters; }
    LogWriter *logs() const { return m_logs; }
    int index() const { return m_index; }
    bool isStopping() const { return m_stopping; }
    // HTTP/2 is served (model::ServerConfig::http2Enabled): h2 by ALPN, h2c with prior knowledge.
    bool http2Enabled() const { return m_http2; }
    // Seconds since the worker started, advanced by the tick.
    unsigned tick() const { return m_tick; }
    const Timeouts &timeouts() const { return m_timeouts; }
    // Called by Connection's destructor.
    void connectionClosed() { --m_openConnections; }

    // Buffers of closed connections, kept for the next ones: a connection
    // per request (W1) otherwise allocates and frees both each time (about
    // 1,000 instructions a request under callgrind). At most kSpareBuffers
    // of each, none above Connection's kKeptOutputCapacity bytes.
    static constexpr std::size_t kSpareBuffers = 64;
    std::string takeOutputBuffer();
    boost::beast::flat_buffer takeInputBuffer();
    void keepBuffers(std::string output, boost::beast::flat_buffer input);

private:
    struct Listener;
    void accept(Listener &listener);
    void acceptLater(Listener &listener);
    void scheduleTick();
    void closeExpired();
    void run();

    const int m_index;
    WorkerCounters &m_counters;
    LogWriter *m_logs = nullptr;
    std::shared_ptr<const SiteTable> m_sites;
    std::shared_ptr<const TlsSites> m_tls;
    RequestHandler m_handler;
    HttpDate m_date;
    unsigned m_tick = 0;
    const Timeouts m_timeouts;
    const int m_maxConnections;
    const bool m_http2;
    bool m_stopping = false;
    std::vector<std::string> m_spareOutputs; // declared before the io_context: connections
    std::vector<boost::beast::flat_buffer> m_spareInputs; // destroyed with it give theirs back
    // Declared before the io_context: handlers destroyed with it unlink their connections from here
    // and count themselves closed.
    int m_openConnections = 0;
    boost::intrusive::list<Connection, boost::intrusive::constant_time_size<false>> m_connections;
    // Declared before the io_context too: responders destroyed with it give their slots back and
    // leave its queues. Its idle sockets are closed before the io_context goes (~Worker, requestStop).
    UpstreamPool m_upstreams;
    // One thread does all of this worker's I/O (other threads only post():
    // reload, requestStop), so the reactor needs no locking, as BenchWorker's;
    // the scheduler keeps its lock for those posts. The reactor's locks were
    // about 1,200 of a W6p request's 29,600 instructions (callgrind).
    boost::asio::io_context m_context { BOOST_ASIO_CONCURRENCY_HINT_UNSAFE_IO };
    struct Listener
    {
        explicit Listener(boost::asio::io_context &context, bool tls)
            : acceptor(context)
            , retryTimer(context)
            , tls(tls)
        { }
        boost::asio::ip::tcp::acceptor acceptor;
        boost::asio::ip::tcp protocol = boost::asio::ip::tcp::v4(); // of the listener, for accepted sockets
        boost::asio::steady_timer retryTimer;
        const bool tls;
    };
    Listener m_plain { m_context, false };
    Listener m_secure { m_context, true };
    boost::asio::steady_timer m_tickTimer { m_context };
    std::thread m_thread;
};

} // namespace hostbench::http
