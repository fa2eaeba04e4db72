#include "http/ProxyTunnel.h"

#include <boost/asio/write.hpp>

namespace hostbench::http {

namespace asio = boost::asio;
using error_code = boost::system::error_code;

ProxyTunnel::ProxyTunnel(tls::Stream &client, UpstreamPool::Socket upstream, std::chrono::milliseconds idle,
    std::function<void(std::uint64_t)> done)
    : m_client(client)
    , m_upstream(std::move(upstream))
    , m_idle(idle)
    , m_done(std::move(done))
    , m_timer(m_upstream.get_executor())
{ }

void ProxyTunnel::arm()
{
    m_timer.expires_after(m_idle);
    m_timer.async_wait([weak = weak_from_this()](const error_code &ec) {
        if (const auto self = weak.lock(); self && !ec)
            self->end(); // idle for too long
    });
}

void ProxyTunnel::start(std::string toClient, std::string toUpstream)
{
    m_early = std::move(toUpstream);
    arm();
    auto self = shared_from_this();
    auto buffer = std::make_shared<std::string>(std::move(toClient));
    asio::async_write(m_client, asio::buffer(*buffer), [self, buffer](const error_code &ec, std::size_t n) {
        self->m_toClient += n;
        if (ec) {
            self->finishEarly();
            return;
        }
        asio::async_write(
            self->m_upstream, asio::buffer(self->m_early), [self](const error_code &writeError, std::size_t) {
                if (writeError) {
                    self->finishEarly();
                    return;
                }
                self->m_pumps = 2;
                self->pump(true);
                self->pump(false);
            });
    });
}

void ProxyTunnel::finishEarly()
{
    end();
    if (auto done = std::move(m_done)) {
        m_done = nullptr;
        done(m_toClient);
    }
}

void ProxyTunnel::end()
{
    if (!m_closed) {
        m_closed = true;
        error_code ignored;
        m_timer.cancel();
        m_upstream.close(ignored);
        m_client.close(ignored);
    }
}

void ProxyTunnel::pump(bool fromClient)
{
    std::array<char, kPieceBytes> &buffer = fromClient ? m_up : m_down;
    auto finished = [self = shared_from_this()] {
        self->end();
        if (--self->m_pumps == 0 && self->m_done) {
            auto done = std::move(self->m_done);
            self->m_done = nullptr;
            done(self->m_toClient);
        }
    };
    auto onRead = [self = shared_from_this(), fromClient, finished, &buffer](
                      const error_code &ec, std::size_t n) {
        if (ec || self->m_closed) {
            finished();
            return;
        }
        self->arm(); // the idle time starts again with each transfer
        auto onWritten = [self, fromClient, finished](const error_code &writeError, std::size_t written) {
            if (!fromClient)
                self->m_toClient += written;
            if (writeError || self->m_closed)
                finished();
            else
                self->pump(fromClient);
        };
        if (fromClient)
            asio::async_write(self->m_upstream, asio::buffer(buffer.data(), n), onWritten);
        else
            asio::async_write(self->m_client, asio::buffer(buffer.data(), n), onWritten);
    };
    if (fromClient)
        m_client.async_read_some(asio::buffer(buffer), onRead);
    else
        m_upstream.async_read_some(asio::buffer(buffer), onRead);
}

} // namespace hostbench::http
