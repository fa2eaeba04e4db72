#include "Worker.h"

#include "http/SiteTable.h"
#include "http/TlsSites.h"
#include "http/WorkerCounters.h"
#include "sys/PeerSignals.h"

#include <boost/asio/post.hpp>

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <exception>

namespace hostbench::http {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using reuse_port = asio::detail::socket_option::boolean<SOL_SOCKET, SO_REUSEPORT>;

// accept() hands over a connection once its first bytes have arrived
// (Linux's TCP_DEFER_ACCEPT, which h2o sets on its listeners; nginx's
// "listen ... deferred"). Without it, a new connection woke the worker twice,
// once to accept and once for its request, and the read tried in between
// found nothing: ab without keep-alive (W1, 4,070 B, -c50, one worker) cost
// 48.7-50.3 µs of server CPU per request, and 32.7-34.3 µs with it, at 11%
// more requests/s. The cost: a connection that sends nothing is accepted
// only after this many seconds (the kernel then retransmits its SYN-ACK and
// accepts on the answer), and its header timeout runs from then.
constexpr int kDeferAcceptSeconds = 1;

namespace {

unsigned ticksFor(int ms)
{
    return unsigned(std::max(1, (ms + 999) / 1000));
}

} // namespace

Worker::Timeouts Worker::timeoutsFrom(const model::ServerConfig &config)
{
    return { ticksFor(config.headerTimeoutMs), ticksFor(config.keepAliveTimeoutMs),
        ticksFor(config.sendTimeoutMs) };
}

Worker::Worker(int index, WorkerCounters &counters, std::shared_ptr<const SiteTable> sites,
    const model::ServerConfig &config)
    : m_index(index)
    , m_counters(counters)
    , m_sites(std::move(sites))
    , m_timeouts(timeoutsFrom(config))
    , m_maxConnections(std::max(1, config.maxConnectionsPerWorker))
    , m_http2(config.http2Enabled)
    , m_upstreams(std::size_t(std::max(1, config.upstreamConnectionsPerWorker)))
{ }

Worker::~Worker()
{
    join();
    m_upstreams.clear(); // its sockets close while the io_context still exists
}

boost::system::error_code Worker::listen(const tcp::endpoint &endpoint, bool tls)
{
    tcp::acceptor &acceptor = (tls ? m_secure : m_plain).acceptor;
    boost::system::error_code ec;
    acceptor.open(endpoint.protocol(), ec);
    if (!ec)
        acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec)
        acceptor.set_option(reuse_port(true), ec);
#ifdef TCP_DEFER_ACCEPT
    if (!ec) {
        // Only speed: where the kernel refuses it, accept() takes connections as they come.
        boost::system::error_code ignored;
        acceptor.set_option(
            asio::detail::socket_option::integer<IPPROTO_TCP, TCP_DEFER_ACCEPT>(kDeferAcceptSeconds),
            ignored);
    }
#endif
    if (!ec)
        acceptor.bind(endpoint, ec);
    if (!ec)
        acceptor.listen(tcp::socket::max_listen_connections, ec);
    if (!ec)
        acceptor.native_non_blocking(true, ec);
    if (!ec && ::fcntl(acceptor.native_handle(), F_SETFD, FD_CLOEXEC) != 0)
        ec.assign(errno, boost::system::system_category());
    (tls ? m_secure : m_plain).protocol = endpoint.protocol();
    if (ec) {
        boost::system::error_code ignored;
        acceptor.close(ignored);
    }
    return ec;
}

quint16 Worker::localPort(bool tls) const
{
    boost::system::error_code ec;
    const tcp::endpoint endpoint = (tls ? m_secure : m_plain).acceptor.local_endpoint(ec);
    return ec ? 0 : endpoint.port();
}

std::string Worker::takeOutputBuffer()
{
    if (m_spareOutputs.empty())
        return {};
    std::string buffer = std::move(m_spareOutputs.back());
    m_spareOutputs.pop_back();
    return buffer;
}

boost::beast::flat_buffer Worker::takeInputBuffer()
{
    if (m_spareInputs.empty())
        return {};
    boost::beast::flat_buffer buffer = std::move(m_spareInputs.back());
    m_spareInputs.pop_back();
    return buffer;
}

void Worker::keepBuffers(std::string output, boost::beast::flat_buffer input)
{
    if (m_spareOutputs.size() < kSpareBuffers && output.capacity() > 0
        && output.capacity() <= Connection::kKeptOutputCapacity) {
        output.clear();
        m_spareOutputs.push_back(std::move(output));
    }
    if (m_spareInputs.size() < kSpareBuffers && input.capacity() > 0
        && input.capacity() <= Connection::kKeptOutputCapacity) {
        input.clear();
        m_spareInputs.push_back(std::move(input));
    }
}

void Worker::start()
{
    m_thread = std::thread([this] { run(); });
}

void Worker::run()
{
    // sendfile(2) to a client that hung up raises SIGPIPE: an error here, never the process's end.
    sys::PeerSignals::blockInThisThread();
    accept(m_plain);
    if (m_secure.acceptor.is_open())
        accept(m_secure);
    scheduleTick();
    for (;;) {
        try {
            m_context.run();
            return;
        } catch (const std::exception &) {
            // A handler threw (out of memory, most likely): that connection is
            // gone with its handler; keep serving the others.
        }
    }
}

void Worker::reload(std::shared_ptr<const SiteTable> sites, std::shared_ptr<const TlsSites> tls)
{
    asio::post(m_context, [this, sites = std::move(sites), tls = std::move(tls)]() mutable {
        m_sites = std::move(sites);
        if (tls)
            m_tls = std::move(tls);
        // HTTP/2 connections are told to go (GOAWAY), their streams finishing on the old table.
        for (auto it = m_connections.begin(); it != m_connections.end();) {
            Connection &connection = *it++;
            connection.reloaded();
        }
    });
}

void Worker::requestStop()
{
    asio::post(m_context, [this] {
        m_stopping = true;
        boost::system::error_code ignored;
        m_plain.acceptor.close(ignored);
        m_secure.acceptor.close(ignored);
        m_tickTimer.cancel();
        m_plain.retryTimer.cancel();
        m_secure.retryTimer.cancel();
        for (auto it = m_connections.begin(); it != m_connections.end();) {
            Connection &connection = *it++;
            connection.stop(); // HTTP/2: GOAWAY, the streams under way finish
        }
        m_upstreams.clear();
        // No work remains once the cancelled handlers have run, and run() returns.
    });
}

void Worker::join()
{
    if (m_thread.joinable())
        m_thread.join();
}

void Worker::accept(Listener &listener)
{
    // Wait for readiness, then accept4(2) what is queued: asio's own accept
    // neither sets close-on-exec (a child process would inherit connections
    // and keep them open) nor takes more than one connection per wake-up.
    listener.acceptor.async_wait(
        tcp::acceptor::wait_read, [this, &listener](const boost::system::error_code &ec) {
            if (m_stopping || ec == asio::error::operation_aborted)
                return;
            if (ec) {
                acceptLater(listener);
                return;
            }
            for (int i = 0; i < kAcceptBatch; ++i) {
                const int fd = ::accept4(
                    listener.acceptor.native_handle(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
                if (fd < 0) {
                    if (errno == EINTR || errno == ECONNABORTED || errno == EPROTO)
                        continue;
                    if (errno == EAGAIN || errno == EWOULDBLOCK)
                        break;
                    // Out of descriptors (EMFILE, ENFILE) or memory: waiting for
                    // readiness again at once would spin.
                    acceptLater(listener);
                    return;
                }
                tcp::socket socket(m_context);
                boost::system::error_code assignError;
                socket.assign(listener.protocol, fd, assignError);
                if (assignError) {
                    ::close(fd);
                    continue;
                }
                bumpCounter(m_counters.connectionsAccepted);
                auto connection = std::make_shared<Connection>(*this, std::move(socket));
                m_connections.push_back(*connection);
                // Over the cap: answered 503 at once, never left waiting.
                const bool overCap = m_openConnections >= m_maxConnections;
                ++m_openConnections;
                connection->start(overCap, listener.tls);
            }
            accept(listener);
        });
}

void Worker::acceptLater(Listener &listener)
{
    listener.retryTimer.expires_after(std::chrono::milliseconds(100));
    listener.retryTimer.async_wait([this, &listener](const boost::system::error_code &ec) {
        if (!ec && !m_stopping)
            accept(listener);
    });
}

void Worker::scheduleTick()
{
    m_tickTimer.expires_after(std::chrono::seconds(1));
    m_tickTimer.async_wait([this](const boost::system::error_code &ec) {
        if (ec || m_stopping)
            return;
        ++m_tick;
        closeExpired();
        scheduleTick();
    });
}

void Worker::closeExpired()
{
    m_upstreams.prune();
    for (auto it = m_connections.begin(); it != m_connections.end();) {
        Connection &connection = *it++;
        if (connection.isExpired(m_tick))
            connection.expire();
    }
}

} // namespace hostbench::http
