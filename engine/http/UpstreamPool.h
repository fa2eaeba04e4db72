#pragma once

#include <boost/asio/generic/stream_protocol.hpp>
#include <boost/asio/io_context.hpp>

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hostbench::http {

/*
 * One worker's idle keep-alive connections to upstream app servers
 * (RFC 9112 §9.3), by upstream (UpstreamTarget::key). Each worker has its
 * own pool, so no lock is shared between workers, and a connection is only
 * ever used by the worker that opened it.
 *
 * A connection comes back with give() only after a whole response was read
 * from it and both sides keep it alive, so no pooled connection has unread
 * bytes. At most kIdleLimit idle connections per upstream are kept (the
 * oldest is closed beyond), none longer than kIdleTimeout. take() drops a
 * connection that is past its idle time, that the upstream has closed, or
 * that has bytes waiting (a peek with MSG_PEEK | MSG_DONTWAIT), and hands
 * out the most recently used one. prune() closes the expired ones (the
 * worker's tick); clear() all (the worker's stop).
 *
 * Thread: its worker's thread only.
 */
class UpstreamPool final
{
public:
    using Socket = boost::asio::generic::stream_protocol::socket;
    using Clock = std::chrono::steady_clock;

    static constexpr std::size_t kIdleLimit = 32; // idle connections per upstream and worker
    static constexpr std::chrono::seconds kIdleTimeout { 30 };

    // An idle connection to `key` that is still good, or nullopt.
    std::optional<Socket> take(std::string_view key, Clock::time_point now = Clock::now());
    // Keeps `socket` (open, nothing unread) for the next request to `key`.
    void give(const std::string &key, Socket socket, Clock::time_point now = Clock::now());
    void prune(Clock::time_point now = Clock::now());
    void clear() { m_idle.clear(); }
    std::size_t idleCount() const;

private:
    struct Idle
    {
        Socket socket;
        Clock::time_point since;
    };
    static bool stillGood(Socket &socket);
    std::unordered_map<std::string, std::vector<Idle>> m_idle;
};

} // namespace hostbench::http
