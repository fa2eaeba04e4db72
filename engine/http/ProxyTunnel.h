#pragma once

#include "http/UpstreamPool.h"
#include "tls/TlsStream.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace hostbench::http {

/*
 * The two-way byte tunnel of an upgraded request (RFC 9110 §7.8, RFC 6455
 * WebSocket) once the upstream answered 101: what either side sends is
 * written to the other, a piece at a time (each written before the next is
 * read: back-pressure both ways). It ends when either side closes or
 * fails, or when nothing moved either way for `idle`; both sockets are
 * closed then and `done` gets the bytes written to the client.
 *
 * Thread: its worker's thread only. Kept alive by its pending handlers;
 * `client` must outlive it (its owner's `done` keeps the connection alive).
 */
class ProxyTunnel final : public std::enable_shared_from_this<ProxyTunnel>
{
public:
    static constexpr std::size_t kPieceBytes = 16 * 1024;

    ProxyTunnel(tls::Stream &client, UpstreamPool::Socket upstream, std::chrono::milliseconds idle,
        std::function<void(std::uint64_t)> done);

    // Writes `toClient` (bytes that followed the 101), then `toUpstream`
    // (bytes the client sent after its request), then tunnels.
    void start(std::string toClient, std::string toUpstream);

private:
    void pump(bool fromClient);
    void end();
    void finishEarly(); // the early bytes could not be written: end, and `done` at once
    void arm();

    tls::Stream &m_client;
    UpstreamPool::Socket m_upstream;
    std::chrono::milliseconds m_idle;
    std::function<void(std::uint64_t)> m_done;
    boost::asio::steady_timer m_timer;
    std::string m_early;
    std::array<char, kPieceBytes> m_down; // upstream -> client; read buffers, not zeroed
    std::array<char, kPieceBytes> m_up; // client -> upstream
    std::uint64_t m_toClient = 0;
    int m_pumps = 0;
    bool m_closed = false;
};

} // namespace hostbench::http
