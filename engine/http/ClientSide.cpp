#include "http/ClientSide.h"

#include <boost/asio/ip/address.hpp>

#include <algorithm>

namespace hostbench::http {

namespace asio = boost::asio;

namespace {

// An address as REMOTE_ADDR and SERVER_ADDR give it (a v4-mapped IPv6 one
// as IPv4), in PeerAddress's text, the access log's, which formats IPv4
// without inet_ntop's sprintf (to_string() cost 3,300 instructions of a W5
// request for the two: callgrind).
std::string addressText(asio::ip::address address)
{
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
    PeerAddress peer;
    if (address.is_v4()) {
        const asio::ip::address_v4::bytes_type v4 = address.to_v4().to_bytes();
        peer.family = 4;
        std::copy(v4.begin(), v4.end(), peer.bytes.begin());
    } else {
        const asio::ip::address_v6::bytes_type v6 = address.to_v6().to_bytes();
        peer.family = 6;
        std::copy(v6.begin(), v6.end(), peer.bytes.begin());
    }
    std::string text;
    peer.appendTo(text);
    return text;
}

} // namespace

void ClientSide::attach(std::shared_ptr<Events> events)
{
    m_events = std::move(events);
    m_bytesSent = 0;
    m_bodyBytes = 0;
}

const PeerAddress &ClientSide::peer()
{
    if (m_peer.family == 0)
        m_peer = PeerAddress::ofSocket(m_stream.socket().native_handle());
    return m_peer;
}

const FastCgiPeer &ClientSide::sockets()
{
    if (m_sockets.known)
        return m_sockets;
    // Two system calls (getpeername, getsockname), kept for the connection's next PHP requests.
    asio::ip::tcp::socket &socket = m_stream.socket();
    m_sockets.known = true;
    m_sockets.https = m_stream.isTls();
    boost::system::error_code ec;
    const auto remote = socket.remote_endpoint(ec);
    if (!ec) {
        m_sockets.remoteAddress = addressText(remote.address());
        m_sockets.remotePort = remote.port();
    }
    const auto local = socket.local_endpoint(ec);
    if (!ec) {
        m_sockets.localAddress = addressText(local.address());
        m_sockets.localPort = local.port();
    }
    return m_sockets;
}

} // namespace hostbench::http
