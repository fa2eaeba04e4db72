#include "http/UpstreamPool.h"

#include <sys/socket.h>

#include <cerrno>

namespace hostbench::http {

bool UpstreamPool::stillGood(Socket &socket)
{
    char byte = 0;
    const ssize_t n = ::recv(socket.native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    // 0: the upstream closed it; > 0: bytes nobody asked for; an error other than "nothing yet".
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
}

std::optional<UpstreamPool::Socket> UpstreamPool::take(std::string_view key, Clock::time_point now)
{
    const auto it = m_idle.find(std::string(key));
    if (it == m_idle.end())
        return std::nullopt;
    std::vector<Idle> &idle = it->second;
    while (!idle.empty()) {
        Idle last = std::move(idle.back());
        idle.pop_back();
        if (now - last.since < kIdleTimeout && stillGood(last.socket))
            return std::move(last.socket);
        boost::system::error_code ignored;
        last.socket.close(ignored);
    }
    return std::nullopt;
}

void UpstreamPool::give(const std::string &key, Socket socket, Clock::time_point now)
{
    std::vector<Idle> &idle = m_idle[key];
    if (idle.size() >= kIdleLimit)
        idle.erase(idle.begin()); // the oldest goes
    idle.push_back({ std::move(socket), now });
}

void UpstreamPool::prune(Clock::time_point now)
{
    for (auto &[key, idle] : m_idle) {
        std::erase_if(idle, [&](const Idle &entry) { return now - entry.since >= kIdleTimeout; });
    }
}

std::size_t UpstreamPool::idleCount() const
{
    std::size_t count = 0;
    for (const auto &[key, idle] : m_idle)
        count += idle.size();
    return count;
}

} // namespace hostbench::http
