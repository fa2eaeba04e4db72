#pragma once

#include "http/StringHash.h"

#include <boost/asio/generic/stream_protocol.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/intrusive/list.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace hostbench::http {

/*
 * One worker's connections to upstream app servers (RFC 9112 §9.3), by
 * upstream (UpstreamTarget::key): the idle keep-alive ones, how many are
 * open, and the requests waiting for one. Each worker has its own pool, so
 * no lock is shared between workers, and a connection is only ever used by
 * the worker that opened it.
 *
 * The bound on all connections (nginx's `server ... max_conns=N` with
 * `queue`, HAProxy's `maxconn`): at most connectionLimit() connections per
 * upstream are open at once, busy and idle together (a "slot" each). A
 * request takes an idle connection (take()), else a slot for a new one
 * (reserve()), else it waits (wait()) in a FIFO queue per upstream: the
 * next connection given back (give()) or slot freed by a close (release())
 * goes to the first waiter, handed over by Waiter::upstreamReady(). A
 * waiter leaves the queue by itself (Waiter::leaveQueue(), or its
 * destruction) when its client goes away or its wait times out
 * (ProxyResponder: 503).
 *
 * The same bound holds for the connections to a PHP-FPM address
 * (FastCgiResponder, key "fastcgi:" + address): without it, 50 HTTP/2
 * clients with 100 streams each opened 5,000 connections to PHP-FPM at
 * once, overflowed its listen backlog and got 502s for about a fifth of
 * their requests.
 *
 * A connection comes back with give() only after a whole response was read
 * from it and both sides keep it alive, so no pooled connection has unread
 * bytes. Every connection under the bound may stay idle (PHP-FPM's: at
 * most kIdleLimit; the oldest is closed beyond), none
 * longer than kIdleTimeout. take() drops a
 * connection that is past its idle time, that the upstream has closed, or
 * that has bytes waiting (a peek with MSG_PEEK | MSG_DONTWAIT), and hands
 * out the most recently used one. prune() closes the expired ones (the
 * worker's tick), and every idle one of a PHP-FPM that has connections
 * waiting to be answered (Upstream::unanswered); clear() all (the worker's stop: from then on give()
 * closes what it gets and no waiter is served).
 *
 * Thread: its worker's thread only.
 */
class UpstreamPool final
{
public:
    using Socket = boost::asio::generic::stream_protocol::socket;
    using Clock = std::chrono::steady_clock;

    static constexpr std::size_t kIdleLimit = 32; // idle connections per PHP-FPM address and worker
    static constexpr std::chrono::seconds kIdleTimeout { 30 };

    // A request waiting for a connection to one upstream, in that upstream's
    // queue while isWaiting(). Its owner's thread only; it unlinks itself
    // when destroyed.
    class Waiter
        : public boost::intrusive::list_base_hook<boost::intrusive::link_mode<boost::intrusive::auto_unlink>>
    {
    public:
        // The waiter's turn, called by give() or release() (the waiter has
        // left the queue): `socket` is a connection given back, or nullopt:
        // a slot is reserved for a new connection. Either way the waiter
        // holds a slot now, to be given back with give() or release().
        virtual void upstreamReady(std::optional<Socket> socket) = 0;
        bool isWaiting() const { return is_linked(); }
        void leaveQueue() { unlink(); }

    protected:
        Waiter() = default;
        ~Waiter() = default;
    };

    // One upstream's connections. Lives as long as the pool (one per key
    // ever used on the worker: a handful), so a request may keep a pointer.
    class Upstream
    {
        friend class UpstreamPool;
        struct Idle
        {
            Socket socket;
            Clock::time_point since;
        };
        std::vector<Idle> idle;
        std::size_t open = 0; // slots held: idle, busy, or being opened
        // PHP-FPM's: its connections opened and not answered yet, on every
        // worker (PhpSite::unanswered); while any, prune() closes the idle ones.
        std::shared_ptr<const std::atomic<int>> unanswered;
        boost::intrusive::list<Waiter, boost::intrusive::constant_time_size<false>> waiting;

    public:
        std::size_t openCount() const { return open; }
    };

    // `connectionLimit`: model::ServerConfig::upstreamConnectionsPerWorker (at least 1).
    explicit UpstreamPool(std::size_t connectionLimit = 64);

    std::size_t connectionLimit() const { return m_limit; }
    // The record of `key` (created empty on first use).
    Upstream &upstream(std::string_view key);
    // A PHP-FPM address's record: as above, with PhpSite::unanswered kept for give() and prune().
    Upstream &upstream(std::string_view key, const std::shared_ptr<std::atomic<int>> &unanswered)
    {
        Upstream &record = upstream(key);
        if (record.unanswered.get() != unanswered.get()) // a reload's new site table
            record.unanswered = unanswered;
        return record;
    }
    // An idle connection that is still good, its slot with it, or nullopt;
    // the stale ones it drops free their slots.
    std::optional<Socket> take(Upstream &upstream, Clock::time_point now = Clock::now());
    // A slot for a new connection: false when connectionLimit() are open or others wait already.
    bool reserve(Upstream &upstream);
    // Queues `waiter` (FIFO) until a connection or a slot is free: its upstreamReady().
    void wait(Upstream &upstream, Waiter &waiter);
    // A slot given back: its connection is closed (or was never opened).
    // The first waiter gets it; else it is free.
    void release(Upstream &upstream);
    // Gives back `socket` (open, nothing unread) with its slot: to the first
    // waiter, else kept idle for the next request.
    void give(Upstream &upstream, Socket socket, Clock::time_point now = Clock::now());
    void prune(Clock::time_point now = Clock::now());
    void clear();
    std::size_t idleCount() const;

private:
    static bool stillGood(Socket &socket);
    // The idle connection `index` closed: its slot goes to the first waiter, else is free.
    void closeIdle(Upstream &upstream, std::size_t index);

    std::size_t m_limit;
    bool m_stopped = false;
    std::unordered_map<std::string, Upstream, StringHash, std::equal_to<>> m_upstreams;
};

} // namespace hostbench::http
