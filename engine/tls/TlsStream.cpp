#include "TlsStream.h"

#include <boost/asio/ssl/error.hpp>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <sys/socket.h>

#include <cerrno>
#include <climits>

namespace hostbench::tls {

namespace asio = boost::asio;

namespace {

void release(SSL *ssl)
{
    if (!ssl)
        return;
    // Freed without a close_notify exchange, OpenSSL takes the connection for
    // a truncated one and marks its session not resumable, also in the copy a
    // client keeps for its next connection (the load generator's
    // --tls-resume). The connection is over either way: say it ended cleanly.
    SSL_set_shutdown(ssl, SSL_SENT_SHUTDOWN | SSL_RECEIVED_SHUTDOWN);
    SSL_free(ssl);
}

} // namespace

Stream::~Stream()
{
    release(m_ssl);
}

void Stream::useTls(SSL *ssl)
{
    release(m_ssl);
    m_ssl = ssl;
    if (m_ssl)
        SSL_set_fd(m_ssl, m_socket.native_handle());
}

void Stream::shutdownSend(boost::system::error_code &ec)
{
    if (m_ssl && SSL_is_init_finished(m_ssl)) {
        // One try: a close_notify that does not fit the socket buffer is left out.
        ERR_clear_error();
        SSL_shutdown(m_ssl);
        ERR_clear_error();
    }
    m_socket.shutdown(socket_type::shutdown_send, ec);
}

Stream::Step Stream::step(Operation operation, void *data, std::size_t size)
{
    ERR_clear_error();
    const int length = int(std::min<std::size_t>(size, INT_MAX));
    int n = 0;
    switch (operation) {
    case Operation::Handshake:
        n = SSL_do_handshake(m_ssl);
        break;
    case Operation::Read:
        if (length == 0)
            return {};
        n = SSL_read(m_ssl, data, length);
        break;
    case Operation::Write:
        if (length == 0)
            return {};
        n = SSL_write(m_ssl, data, length);
        break;
    }
    if (n > 0)
        return { Want::Done, operation == Operation::Handshake ? 0 : std::size_t(n), {} };
    const int error = SSL_get_error(m_ssl, n);
    switch (error) {
    case SSL_ERROR_WANT_READ:
        return { Want::Read, 0, {} };
    case SSL_ERROR_WANT_WRITE:
        return { Want::Write, 0, {} };
    case SSL_ERROR_ZERO_RETURN:
        return { Want::Done, 0, asio::error::eof };
    case SSL_ERROR_SYSCALL: {
        const int saved = errno;
        ERR_clear_error();
        if (saved == 0 || saved == EPIPE)
            return { Want::Done, 0, asio::error::eof };
        return { Want::Done, 0, boost::system::error_code(saved, boost::system::system_category()) };
    }
    default: {
        const unsigned long code = ERR_peek_last_error();
        ERR_clear_error();
        if (code == 0)
            return { Want::Done, 0, asio::error::eof };
        return { Want::Done, 0, boost::system::error_code(int(code), asio::error::get_ssl_category()) };
    }
    }
}

ssize_t Stream::trySend(const void *data, std::size_t size, int flags)
{
    if (!m_ssl)
        return ::send(m_socket.native_handle(), data, size, flags | MSG_NOSIGNAL);
    if (size == 0)
        return 0;
    const Step done = step(Operation::Write, const_cast<void *>(data), size);
    if (done.want != Want::Done) {
        errno = EAGAIN;
        return -1;
    }
    if (done.ec) {
        errno = done.ec == asio::error::eof ? EPIPE : EIO;
        return -1;
    }
    return ssize_t(done.bytes);
}

} // namespace hostbench::tls
