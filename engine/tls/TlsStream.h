#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>

#include <sys/types.h>

#include <cstddef>

using SSL = struct ssl_st;

namespace hostbench::tls {

/*
 * A TCP connection that speaks cleartext or TLS (RFC 8446, RFC 5246), with
 * the interface Boost.Asio's composed operations need (async_read_some,
 * async_write_some, get_executor), so asio::async_write and the engine's own
 * direct, non-blocking calls (trySend) work the same on both.
 *
 * Why OpenSSL directly on the socket (SSL_set_fd, as nginx does) and not
 * asio::ssl::stream: asio's stream encrypts into a memory BIO and then
 * copies to the socket with a second asynchronous write, which rules out the
 * engine's send-now-or-wait path (a response head and body written with one
 * call where it was made, no handler when the socket takes it all). Here an
 * SSL_write goes straight to the non-blocking socket; only when OpenSSL asks
 * for readability or writability (SSL_ERROR_WANT_READ/WRITE) does the stream
 * wait for it with the socket's async_wait, and then repeats the call with
 * the same bytes, as OpenSSL requires (SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER
 * and SSL_MODE_ENABLE_PARTIAL_WRITE are set by tls::ServerContext and
 * tls::ClientContext).
 *
 * Errors: asio's (the socket's) as they come; a TLS failure as an error in
 * asio's SSL category (its message is OpenSSL's reason, e.g. "wrong version
 * number", "certificate verify failed"); the peer's close_notify, or a
 * hang-up without one, as asio::error::eof.
 *
 * OpenSSL writes to the socket with write(2), so a hang-up raises SIGPIPE in
 * the writing thread: callers' threads block it (sys::PeerSignals), as the
 * engine's workers and the load generator's threads do.
 *
 * Thread: the thread of the socket's io_context only (one operation of each
 * direction at a time, as for a socket).
 */
class Stream final
{
public:
    using socket_type = boost::asio::ip::tcp::socket;
    using executor_type = socket_type::executor_type;
    using native_handle_type = socket_type::native_handle_type;
    using wait_type = socket_type::wait_type;

    explicit Stream(socket_type socket)
        : m_socket(std::move(socket))
    { }
    ~Stream();
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;

    // From now on the stream speaks TLS through `ssl` (owned from here; made
    // by a ServerContext or ClientContext, accepting or connecting); the
    // handshake comes first (async_handshake). Null: cleartext again.
    void useTls(SSL *ssl);
    bool isTls() const { return m_ssl != nullptr; }
    SSL *ssl() const { return m_ssl; }

    socket_type &socket() { return m_socket; }
    executor_type get_executor() { return m_socket.get_executor(); }
    native_handle_type native_handle() { return m_socket.native_handle(); }
    bool is_open() const { return m_socket.is_open(); }
    void cancel(boost::system::error_code &ec) { m_socket.cancel(ec); }
    // Closes the socket at once, with no close_notify. Pending operations end with operation_aborted.
    void close(boost::system::error_code &ec) { m_socket.close(ec); }
    // The end of what this side sends: a close_notify (TLS; best effort,
    // never waits), then the TCP half-close (FIN).
    void shutdownSend(boost::system::error_code &ec);
    template <class Handler> void async_wait(wait_type what, Handler &&handler)
    {
        m_socket.async_wait(what, std::forward<Handler>(handler));
    }

    // The TLS handshake (server or client side, from `ssl`'s mode);
    // handler(error_code, std::size_t 0). Cleartext: done at once.
    template <class Handler> void async_handshake(Handler &&handler)
    {
        drive(Operation::Handshake, nullptr, 0, std::forward<Handler>(handler), true);
    }

    template <class MutableBuffers, class Handler>
    void async_read_some(const MutableBuffers &buffers, Handler &&handler)
    {
        if (!m_ssl) {
            m_socket.async_read_some(buffers, std::forward<Handler>(handler));
            return;
        }
        const boost::asio::mutable_buffer first = firstOf(buffers);
        drive(Operation::Read, first.data(), first.size(), std::forward<Handler>(handler), true);
    }

    // TLS: one buffer of the sequence at a time (the first that is not empty);
    // asio::async_write goes on with the rest.
    template <class ConstBuffers, class Handler>
    void async_write_some(const ConstBuffers &buffers, Handler &&handler)
    {
        if (!m_ssl) {
            m_socket.async_write_some(buffers, std::forward<Handler>(handler));
            return;
        }
        const boost::asio::const_buffer first = firstOf(buffers);
        drive(Operation::Write, const_cast<void *>(first.data()), first.size(),
            std::forward<Handler>(handler), true);
    }

    // Immediate and non-blocking, as send(2) with MSG_NOSIGNAL: the bytes
    // taken (TLS: encrypted and handed to the socket, in whole records), or
    // -1 with errno: EAGAIN when the socket (or OpenSSL) must wait, then the
    // same bytes must be written again (async_write_some), else EPIPE,
    // ECONNRESET or EIO. `flags` (MSG_MORE) applies to cleartext only.
    ssize_t trySend(const void *data, std::size_t size, int flags);

private:
    enum class Operation { Handshake, Read, Write };
    enum class Want { Done, Read, Write };
    struct Step
    {
        Want want = Want::Done;
        std::size_t bytes = 0;
        boost::system::error_code ec;
    };

    Step step(Operation operation, void *data, std::size_t size);

    template <class Buffers> static auto firstOf(const Buffers &buffers)
    {
        auto it = boost::asio::buffer_sequence_begin(buffers);
        const auto end = boost::asio::buffer_sequence_end(buffers);
        using Buffer = std::decay_t<decltype(*it)>;
        for (; it != end; ++it) {
            if (Buffer(*it).size() > 0)
                return Buffer(*it);
        }
        return Buffer();
    }

    // Runs the operation until it is done or fails, waiting for the socket in
    // between; the handler never runs inside the call that started it.
    template <class Handler>
    void drive(Operation operation, void *data, std::size_t size, Handler &&handler, bool first)
    {
        const Step done = m_ssl ? step(operation, data, size) : Step {};
        if (done.want != Want::Done) {
            m_socket.async_wait(done.want == Want::Read ? socket_type::wait_read : socket_type::wait_write,
                [this, operation, data, size, handler = std::forward<Handler>(handler)](
                    const boost::system::error_code &ec) mutable {
                    if (ec)
                        std::move(handler)(ec, std::size_t(0));
                    else
                        drive(operation, data, size, std::move(handler), false);
                });
            return;
        }
        if (!first) {
            std::forward<Handler>(handler)(done.ec, done.bytes);
            return;
        }
        boost::asio::post(
            m_socket.get_executor(), [handler = std::forward<Handler>(handler), done]() mutable {
                std::move(handler)(done.ec, done.bytes);
            });
    }

    socket_type m_socket;
    SSL *m_ssl = nullptr;
};

} // namespace hostbench::tls
