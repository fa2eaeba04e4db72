#include "http/UpstreamPool.h"

#include <sys/socket.h>

#include <algorithm>
#include <cerrno>

namespace hostbench::http {

UpstreamPool::UpstreamPool(std::size_t connectionLimit)
    : m_limit(std::max<std::size_t>(1, connectionLimit))
{ }

bool UpstreamPool::stillGood(Socket &socket)
{
    char byte = 0;
    const ssize_t n = ::recv(socket.native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    // 0: the upstream closed it; > 0: bytes nobody asked for; an error other than "nothing yet".
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

UpstreamPool::Upstream &UpstreamPool::upstream(std::string_view key)
{
    if (const auto it = m_upstreams.find(key); it != m_upstreams.end())
        return it->second;
    return m_upstreams.try_emplace(std::string(key)).first->second;
}

std::optional<UpstreamPool::Socket> UpstreamPool::take(Upstream &upstream, Clock::time_point now)
{
    while (!upstream.idle.empty()) {
        Upstream::Idle last = std::move(upstream.idle.back());
        upstream.idle.pop_back();
        if (now - last.since < kIdleTimeout && stillGood(last.socket))
            return std::move(last.socket);
        boost::system::error_code ignored;
        last.socket.close(ignored);
        release(upstream);
    }
    return std::nullopt;
}

bool UpstreamPool::reserve(Upstream &upstream)
{
    if (upstream.open >= m_limit || !upstream.waiting.empty())
        return false;
    ++upstream.open;
    return true;
}

void UpstreamPool::wait(Upstream &upstream, Waiter &waiter)
{
    waiter.leaveQueue();
    upstream.waiting.push_back(waiter);
}

void UpstreamPool::release(Upstream &upstream)
{
    if (upstream.open > 0)
        --upstream.open;
    if (m_stopped || upstream.waiting.empty())
        return;
    Waiter &first = upstream.waiting.front();
    upstream.waiting.pop_front();
    ++upstream.open; // the slot goes to the waiter
    first.upstreamReady(std::nullopt);
}

void UpstreamPool::give(Upstream &upstream, Socket socket, Clock::time_point now)
{
    if (m_stopped) {
        boost::system::error_code ignored;
        socket.close(ignored);
        release(upstream);
        return;
    }
    if (!upstream.waiting.empty()) {
        Waiter &first = upstream.waiting.front();
        upstream.waiting.pop_front();
        first.upstreamReady(std::move(socket)); // with its slot
        return;
    }
    // A proxied upstream keeps every connection under the bound: an idle
    // limit below it closed and reopened connections at -c 50 (11,222 in
    // TIME-WAIT after 5 s of W6p with 32). PHP-FPM's keep at most kIdleLimit (each idle one pins a PHP-FPM
    // worker).
    if (upstream.idle.size() >= (upstream.unanswered ? kIdleLimit : m_limit))
        closeIdle(upstream, 0); // the oldest goes (nobody waits: its slot is free)
    upstream.idle.push_back({ std::move(socket), now });
}

void UpstreamPool::closeIdle(Upstream &upstream, std::size_t index)
{
    upstream.idle.erase(upstream.idle.begin() + std::ptrdiff_t(index));
    release(upstream);
}

void UpstreamPool::prune(Clock::time_point now)
{
    for (auto &[key, upstream] : m_upstreams) {
        // An idle PHP-FPM connection pins one of its workers: let it go while others wait.
        const bool pinning = upstream.unanswered && upstream.unanswered->load(std::memory_order_relaxed) > 0;
        const std::size_t expired = std::erase_if(upstream.idle,
            [&](const Upstream::Idle &entry) { return pinning || now - entry.since >= kIdleTimeout; });
        for (std::size_t i = 0; i < expired; ++i)
            release(upstream);
    }
}

void UpstreamPool::clear()
{
    m_stopped = true;
    for (auto &[key, upstream] : m_upstreams) {
        upstream.open -= std::min(upstream.open, upstream.idle.size());
        upstream.idle.clear();
    }
}

std::size_t UpstreamPool::idleCount() const
{
    std::size_t count = 0;
    for (const auto &[key, upstream] : m_upstreams)
        count += upstream.idle.size();
    return count;
}

} // namespace hostbench::http
