#include "http/Http2Connection.h"

#include "http/Http2Callbacks.h"
#include "http/Http2ClientSide.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include <cerrno>

namespace hostbench::http {

namespace asio = boost::asio;

namespace {

bool wouldBlock(int error)
{
    return error == EAGAIN || error == EWOULDBLOCK || error == EINTR;
}

} // namespace

Http2Connection::Http2Connection(Worker &worker, tls::Stream &stream, std::weak_ptr<void> owner)
    : m_worker(worker)
    , m_stream(stream)
    , m_owner(std::move(owner))
    , m_input(kReadSize)
    , m_stopTimer(stream.get_executor())
{ }

Http2Connection::~Http2Connection()
{
    if (m_session)
        nghttp2_session_del(m_session); // calls no stream-close callback
    LogWriter *logs = m_worker.logs();
    for (auto &[id, stream] : m_streams) {
        if (logs && stream->stamp.isListed())
            logs->abandonResponse(m_worker.index(), stream->stamp);
    }
}

void Http2Connection::start(std::string_view received, std::string serverName, bool overCap)
{
    m_serverName = std::move(serverName);
    const nghttp2_session_callbacks *callbacks = Callbacks::shared();
    nghttp2_option *options = const_cast<nghttp2_option *>(Callbacks::sharedOptions());
    if (!callbacks || !options || nghttp2_session_server_new2(&m_session, callbacks, this, options) != 0) {
        m_session = nullptr;
        close();
        return;
    }
    const nghttp2_settings_entry settings[] = {
        { NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, kMaxConcurrentStreams },
        { NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, kInitialWindowSize },
        { NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE, kMaxHeaderListBytes },
    };
    nghttp2_submit_settings(m_session, NGHTTP2_FLAG_NONE, settings, std::size(settings));
    if (overCap) {
        // The worker's connection cap (HTTP/1.1 answers 503): no stream is taken, the client may retry.
        nghttp2_session_terminate_session(m_session, NGHTTP2_REFUSED_STREAM);
    }
    // Frames are gathered into whole writes (flush()): Nagle would only delay them.
    boost::system::error_code ignored;
    m_stream.socket().set_option(asio::ip::tcp::no_delay(true), ignored);
    bumpCounter(m_worker.counters().http2Connections);
    refreshDeadline();
    if (!received.empty()) {
        consume(received.data(), received.size());
        return;
    }
    flush();
    read();
}

void Http2Connection::close()
{
    if (m_closed)
        return;
    m_closed = true;
    m_stopTimer.cancel();
    abortDynamic(); // their outcomes come later, from their own handlers
    boost::system::error_code ignored;
    m_stream.close(ignored);
}

void Http2Connection::stop()
{
    if (m_closed || m_stopping)
        return;
    m_stopping = true;
    if (m_finishing || !m_session) {
        close();
        return;
    }
    // RFC 9113 §6.8: the streams up to the last one taken are answered; later ones are not.
    nghttp2_submit_goaway(m_session, NGHTTP2_FLAG_NONE, nghttp2_session_get_last_proc_stream_id(m_session),
        NGHTTP2_NO_ERROR, nullptr, 0);
    m_stopTimer.expires_after(std::chrono::seconds(kStopGraceS));
    m_stopTimer.async_wait([this, owner = m_owner.lock()](const boost::system::error_code &ec) {
        if (!ec)
            close();
    });
    flush();
}

void Http2Connection::retire()
{
    if (m_closed || m_stopping || m_retired || m_finishing || !m_session)
        return;
    m_retired = true;
    nghttp2_submit_goaway(m_session, NGHTTP2_FLAG_NONE, nghttp2_session_get_last_proc_stream_id(m_session),
        NGHTTP2_NO_ERROR, nullptr, 0);
    // A write under way flushes the GOAWAY when it ends; else now.
    flush();
    read();
}

void Http2Connection::expire()
{
    if (m_closed)
        return;
    if (m_dynamicStreams > 0 && !m_finishing) {
        // A responder's stream waits on its upstream or on the client under the
        // responder's own timeouts (the site's upstream timeout, the header timeout
        // per body read), as an HTTP/1.1 connection that proxies does.
        m_deadline = m_worker.tick() + m_worker.timeouts().send + 1;
        return;
    }
    if (m_finishing || !m_session || !m_streams.empty() || m_writing) {
        // The linger is over, or a write (or a stream) made no progress for the send timeout.
        close();
        return;
    }
    // Idle for the keep-alive timeout: GOAWAY, then close (RFC 9113 §9.1).
    nghttp2_session_terminate_session(m_session, NGHTTP2_NO_ERROR);
    m_deadline = m_worker.tick() + Worker::kLingerTimeoutS + 1;
    flush();
}

void Http2Connection::refreshDeadline()
{
    const Worker::Timeouts &timeouts = m_worker.timeouts();
    const unsigned wait = m_streams.empty() && !m_writing ? timeouts.keepAlive : timeouts.send;
    // +1: the tick may come right after this, and the wait must last at least `wait`.
    m_deadline = m_worker.tick() + wait + 1;
}

void Http2Connection::read()
{
    if (m_reading || m_writing || m_closed || m_finishing || !m_session
        || !nghttp2_session_want_read(m_session))
        return;
    m_reading = true;
    m_stream.async_read_some(asio::buffer(m_input.data(), m_input.size()),
        [this, owner = m_owner.lock()](const boost::system::error_code &ec, std::size_t bytes) {
            m_reading = false;
            if (m_closed)
                return;
            if (m_finishing) {
                if (ec)
                    close();
                else
                    drain();
                return;
            }
            if (ec) {
                close(); // end of stream, reset or closed
                return;
            }
            consume(m_input.data(), bytes);
        });
}

void Http2Connection::consume(const char *data, std::size_t size)
{
    const ssize_t used
        = nghttp2_session_mem_recv(m_session, reinterpret_cast<const std::uint8_t *>(data), size);
    if (used == NGHTTP2_ERR_BAD_CLIENT_MAGIC) {
        close(); // not HTTP/2 after all
        return;
    }
    if (used < 0) {
        // A fatal error (a flood nghttp2 detected, a callback failure): GOAWAY, then the end.
        nghttp2_session_terminate_session(m_session, NGHTTP2_PROTOCOL_ERROR);
    }
    startReady(); // outside nghttp2's callbacks: a responder may submit at once
    flush();
    read();
}

void Http2Connection::scheduleFlush()
{
    if (m_flushPosted || m_closed)
        return;
    m_flushPosted = true;
    asio::post(m_stream.get_executor(), [this, owner = m_owner.lock()] {
        m_flushPosted = false;
        flush();
        read();
    });
}

void Http2Connection::flush()
{
    if (m_writing || m_closed || m_finishing || !m_session)
        return;
    std::size_t turn = 0;
    for (;;) {
        m_output.clear();
        while (m_output.size() < kWriteBatch) {
            const std::uint8_t *data = nullptr;
            const ssize_t n = nghttp2_session_mem_send(m_session, &data);
            if (n < 0) {
                close();
                return;
            }
            if (n == 0)
                break;
            m_output.append(reinterpret_cast<const char *>(data), std::size_t(n));
        }
        if (m_output.empty())
            break;
        const ssize_t n = m_stream.trySend(m_output.data(), m_output.size(), 0);
        if (n < 0 && !wouldBlock(errno)) {
            close();
            return;
        }
        const std::size_t written = n > 0 ? std::size_t(n) : 0;
        if (written > 0)
            bumpCounter(m_worker.counters().bytesSent, written);
        if (written < m_output.size()) {
            writeRest(written);
            return;
        }
        // Progress moves the send timeout on while streams are open; an idle
        // connection's keep-alive deadline stays (a PING answered is no request).
        if (!m_streams.empty())
            refreshDeadline();
        turn += written;
        if (turn >= kTurnBytes && nghttp2_session_want_write(m_session)) {
            // A fast reader could keep this loop going for a whole large file.
            m_writing = true;
            asio::post(m_stream.get_executor(), [this, owner = m_owner.lock()] {
                m_writing = false;
                flush();
                read();
            });
            return;
        }
    }
    if (m_output.capacity() > kWriteBatch * 2)
        std::string().swap(m_output); // an idle connection should not hold a large buffer
    if (!nghttp2_session_want_read(m_session) && !nghttp2_session_want_write(m_session))
        finish();
}

void Http2Connection::writeRest(std::size_t written)
{
    m_writing = true;
    refreshDeadline();
    asio::async_write(m_stream, asio::buffer(m_output.data() + written, m_output.size() - written),
        [this, owner = m_owner.lock()](const boost::system::error_code &ec, std::size_t bytes) {
            bumpCounter(m_worker.counters().bytesSent, bytes);
            m_writing = false;
            if (ec || m_closed) {
                close();
                return;
            }
            if (!m_streams.empty())
                refreshDeadline();
            flush();
            read();
        });
}

void Http2Connection::finish()
{
    // The session is over (GOAWAY sent and no stream left, or the client's
    // GOAWAY): half-close and read what the client still sends, so that it
    // reads our last frames before a reset that unread input would cause.
    m_finishing = true;
    boost::system::error_code ignored;
    m_stream.shutdownSend(ignored);
    m_deadline = m_worker.tick() + Worker::kLingerTimeoutS + 1;
    if (m_stopping) {
        // The worker's tick has stopped: the linger is bounded here (replacing stop()'s wait).
        m_stopTimer.expires_after(std::chrono::seconds(1));
        m_stopTimer.async_wait([this, owner = m_owner.lock()](const boost::system::error_code &ec) {
            if (!ec)
                close();
        });
    }
    if (!m_reading)
        drain();
}

void Http2Connection::drain()
{
    m_reading = true;
    m_stream.async_read_some(asio::buffer(m_input.data(), m_input.size()),
        [this, owner = m_owner.lock()](const boost::system::error_code &ec, std::size_t) {
            m_reading = false;
            if (ec || m_closed)
                close();
            else
                drain();
        });
}

} // namespace hostbench::http
