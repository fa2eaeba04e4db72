#include "BenchConnection.h"

#include "BenchWorker.h"

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/write.hpp>

#include <openssl/ssl.h>

#include <cerrno>
#include <cstring>

namespace hostbench::bench {

namespace asio = boost::asio;
namespace http = boost::beast::http;

BenchConnection::BenchConnection(BenchWorker &worker, const RunShared &run, int globalIndex)
    : m_worker(worker)
    , m_run(run)
    , m_socket(asio::ip::tcp::socket(worker.context()))
    , m_buffer(new char[kBufferSize])
{
    if (run.paced()) {
        m_nextIndex = quint64(globalIndex);
        m_pacer.emplace(worker.context());
    }
}

BenchConnection::~BenchConnection()
{
    if (m_session)
        SSL_SESSION_free(m_session);
}

void BenchConnection::start()
{
    next();
}

void BenchConnection::shutdown(Clock::time_point stoppedAt)
{
    const bool hadEnded = m_stopped; // out of tickets: nothing was left to send
    const bool waitedForPacer = m_waitingForPacer;
    m_stopped = true;
    m_waitingForPacer = false;
    if (m_pacer)
        m_pacer->cancel();
    closeSocket();
    if (hadEnded)
        return;
    if (m_busy) {
        m_busy = false;
        m_worker.recordUnfinished(m_attempt);
    }
    if (!m_pacer || m_run.countMode)
        return;
    // The schedule's send times up to the stop that no request went out for:
    // the one the pacer was waiting for, and those after it (wrk2 drops them
    // silently; they are what a server too slow for the rate cost).
    const Clock::time_point measureAt = m_run.measureAt;
    quint64 due = 0;
    if (waitedForPacer && m_attempt.intended >= measureAt && m_attempt.intended <= stoppedAt)
        due += 1;
    const auto seconds
        = [this](Clock::time_point t) { return std::chrono::duration<double>(t - m_run.startAt).count(); };
    due += m_run.schedule().countBetween(
        m_nextIndex, quint64(m_run.totalConnections), seconds(measureAt), seconds(stoppedAt));
    m_worker.recordNotSent(due);
}

void BenchConnection::checkTimeout(Clock::time_point now, Clock::duration timeout)
{
    if (m_busy && !m_timedOut && now - m_attempt.start > timeout) {
        // The pending operation completes with operation_aborted and sees m_timedOut.
        m_timedOut = true;
        closeSocket();
    }
}

void BenchConnection::begin()
{
    const BenchWorker::Ticket ticket = m_worker.takeTicket(m_attempt.intended);
    if (ticket == BenchWorker::Ticket::None) {
        m_stopped = true;
        closeSocket();
        m_worker.connectionFinished();
        return;
    }
    m_attempt.measured = ticket == BenchWorker::Ticket::Measured;
    m_attempt.start = m_pacer ? Clock::now() : m_attempt.intended;
    m_attempt.bytes = 0;
    m_busy = true;
    m_timedOut = false;
    m_retried = false;
    resetParser();
    if (m_open) {
        m_attempt.reused = true;
        m_attempt.connected = m_attempt.start;
        send();
    } else {
        connect();
    }
}

void BenchConnection::connect()
{
    m_attempt.reused = false;
    boost::system::error_code ec;
    m_socket.useTls(nullptr); // a new connection: cleartext until its handshake
    m_socket.socket().open(m_run.endpoint.protocol(), ec);
    if (ec) {
        // Fail later, not by recursion from here. Out of descriptors, every
        // connection would fail the same way: the run ends with the reason.
        const int code = ec.value();
        const bool noDescriptors
            = ec.category() == boost::system::system_category() && (code == EMFILE || code == ENFILE);
        asio::post(m_worker.context(), [this, noDescriptors, code] {
            if (m_stopped)
                return;
            if (noDescriptors)
                m_worker.outOfDescriptors(code);
            else
                fail(FailureKind::Connect);
        });
        return;
    }
    // Before connecting, so that Asio needs no ioctl of its own for the connect.
    m_socket.socket().set_option(asio::ip::tcp::no_delay(true), ec);
    m_socket.socket().non_blocking(true, ec); // send() writes directly
    m_socket.socket().async_connect(m_run.endpoint, [this](const boost::system::error_code &ec) {
        if (m_stopped)
            return;
        if (ec) {
            fail(m_timedOut ? FailureKind::Timeout : FailureKind::Connect);
            return;
        }
        m_open = true;
        m_worker.connectionOpened();
        m_attempt.connected = Clock::now();
        if (m_run.tlsContext)
            handshake(m_attempt.connected);
        else
            send();
    });
}

void BenchConnection::handshake(Clock::time_point tcpConnected)
{
    SSL *ssl
        = m_run.tlsContext->newConnection(m_run.tlsHost, m_run.parameters.tlsResume ? m_session : nullptr);
    if (!ssl) {
        fail(FailureKind::Tls);
        return;
    }
    m_socket.useTls(ssl);
    m_socket.async_handshake([this, tcpConnected](const boost::system::error_code &ec, size_t) {
        if (m_stopped)
            return;
        if (ec) {
            if (m_timedOut) {
                fail(FailureKind::Timeout);
                return;
            }
            QString reason = tls::ClientContext::verifyFailure(m_socket.ssl());
            if (reason.isEmpty())
                reason = QString::fromStdString(ec.message());
            m_worker.noteTlsFailure(reason);
            fail(FailureKind::Tls);
            return;
        }
        const Clock::time_point done = Clock::now();
        SSL *ssl = m_socket.ssl();
        m_worker.recordHandshake(m_attempt.measured,
            quint64(std::chrono::duration_cast<std::chrono::microseconds>(done - tcpConnected).count()),
            tls::ClientContext::resumed(ssl), ssl);
        if (m_run.parameters.tlsResume) {
            // TLS 1.3 sends its tickets after the handshake: the session is
            // taken again when the connection closes (closeSocket), this one
            // serves if it is closed before any arrived.
            if (SSL_SESSION *session = SSL_get1_session(ssl)) {
                if (m_session)
                    SSL_SESSION_free(m_session);
                m_session = session;
            }
        }
        m_attempt.connected = done;
        send();
    });
}

void BenchConnection::send()
{
    const std::string &request = m_run.target.request();
    // The socket's send buffer is empty between requests, so a plain
    // non-blocking write almost always takes the whole request at once.
    boost::system::error_code ec;
    const ssize_t sent = m_socket.trySend(request.data(), request.size(), 0);
    size_t n = 0;
    if (sent >= 0)
        n = size_t(sent);
    else if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        ec = asio::error::would_block;
    else
        ec.assign(errno, boost::system::system_category());
    if (!ec && n == request.size()) {
        m_attempt.written = Clock::now();
        receive();
        return;
    }
    if (ec && ec != asio::error::would_block) {
        if (!retryStale())
            fail(m_timedOut ? FailureKind::Timeout : FailureKind::Write);
        return;
    }
    asio::async_write(m_socket, asio::buffer(request.data() + n, request.size() - n),
        [this](const boost::system::error_code &ec, size_t) {
            if (m_stopped)
                return;
            if (ec) {
                if (m_timedOut)
                    fail(FailureKind::Timeout);
                else if (!retryStale())
                    fail(FailureKind::Write);
                return;
            }
            m_attempt.written = Clock::now();
            receive();
        });
}

void BenchConnection::receive()
{
    m_socket.async_read_some(asio::buffer(m_buffer.get() + m_used, kBufferSize - m_used),
        [this](const boost::system::error_code &ec, size_t n) { onReceive(ec, n); });
}

void BenchConnection::onReceive(const boost::system::error_code &ec, size_t n)
{
    if (m_stopped)
        return;
    if (ec) {
        if (m_timedOut)
            fail(FailureKind::Timeout);
        else if (ec == asio::error::eof)
            onEof();
        else if (!retryStale())
            fail(FailureKind::Read);
        return;
    }
    const Clock::time_point now = Clock::now();
    if (m_attempt.bytes == 0)
        m_attempt.firstByte = now;
    m_attempt.bytes += n;
    m_used += n;

    size_t offset = 0;
    const ResponseReader::State state = m_reader.feed(m_buffer.get(), m_used, offset);
    if (state == ResponseReader::State::Error) {
        fail(FailureKind::Parse);
        return;
    }
    // Keep what is not parsed yet (an incomplete header) at the front.
    if (offset > 0) {
        std::memmove(m_buffer.get(), m_buffer.get() + offset, m_used - offset);
        m_used -= offset;
    }
    if (state == ResponseReader::State::Done)
        complete(now);
    else if (m_used == kBufferSize)
        fail(FailureKind::Parse);
    else
        receive();
}

void BenchConnection::onEof()
{
    // A body delimited by the end of the connection (RFC 9112 §6.3 item 8)
    // ends here; anything else cut short is a read failure.
    if (m_reader.gotSome() && m_reader.atEnd() == ResponseReader::State::Done) {
        complete(Clock::now());
        return;
    }
    if (!retryStale())
        fail(FailureKind::Read);
}

bool BenchConnection::retryStale()
{
    if (!m_attempt.reused || m_retried || m_attempt.bytes > 0)
        return false;
    m_retried = true;
    closeSocket();
    resetParser();
    connect();
    return true;
}

void BenchConnection::resetParser()
{
    m_reader.reset(m_run.target.isHead());
}

void BenchConnection::complete(Clock::time_point now)
{
    const auto &response = m_reader.parser().get();
    // After a 101 the connection speaks the protocol switched to, not HTTP/1.1.
    const bool keptAlive
        = m_run.parameters.keepAlive && m_reader.parser().keep_alive() && response.result_int() != 101;
    if (!m_worker.knowsServer())
        m_worker.noteServer(response[http::field::server]);
    m_busy = false;
    m_used = 0; // a client that does not pipeline expects nothing more
    m_worker.recordResponse(m_attempt, now, response.result_int(), response.body(), keptAlive);
    if (!keptAlive)
        closeSocket();
    next();
}

void BenchConnection::fail(FailureKind kind)
{
    m_busy = false;
    closeSocket();
    m_worker.recordFailure(m_attempt, kind);
    next();
}

void BenchConnection::closeSocket()
{
    if (m_open) {
        m_open = false;
        m_worker.connectionClosed();
    }
    m_used = 0;
    if (SSL *ssl = m_socket.ssl(); ssl && m_run.parameters.tlsResume && SSL_is_init_finished(ssl)) {
        // The freshest session, with the tickets that came after the handshake.
        if (SSL_SESSION *session = SSL_get1_session(ssl); session && SSL_SESSION_is_resumable(session)) {
            if (m_session)
                SSL_SESSION_free(m_session);
            m_session = session;
        } else if (session) {
            SSL_SESSION_free(session);
        }
    }
    boost::system::error_code ignored;
    m_socket.close(ignored);
}

} // namespace hostbench::bench
