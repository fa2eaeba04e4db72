#include "Http2Connection.h"

#include "BenchWorker.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include <nghttp2/nghttp2.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace hostbench::bench {

namespace asio = boost::asio;
using namespace Qt::StringLiterals;

namespace {

// h2load's default windows (-w 30, -W 30): flow control never holds a response back.
constexpr std::int32_t kWindow = (1 << 30) - 1;

} // namespace

struct Http2Connection::Callbacks
{
    static Http2Connection &self(void *userData) { return *static_cast<Http2Connection *>(userData); }
    static Stream *stream(nghttp2_session *session, std::int32_t id)
    {
        return id > 0 ? static_cast<Stream *>(nghttp2_session_get_stream_user_data(session, id)) : nullptr;
    }

    // Each frame's header: the bytes of the answer (frame headers included,
    // as HTTP/1.1's count its head), and its first byte's time.
    static int onBeginFrame(nghttp2_session *session, const nghttp2_frame_hd *hd, void *userData)
    {
        Http2Connection &c = self(userData);
        const quint64 bytes = 9 + quint64(hd->length);
        if (Stream *s = stream(session, hd->stream_id)) {
            if (!s->gotSome) {
                s->gotSome = true;
                s->attempt.firstByte = c.m_now;
            }
            s->attempt.bytes += bytes;
        } else {
            c.m_worker.recordConnectionBytes(bytes, c.m_now); // SETTINGS, PING, WINDOW_UPDATE, GOAWAY
        }
        return 0;
    }

    static int onHeader(nghttp2_session *session, const nghttp2_frame *frame, const uint8_t *name,
        size_t nameLength, const uint8_t *value, size_t valueLength, uint8_t, void *userData)
    {
        Stream *s = stream(session, frame->hd.stream_id);
        if (!s || frame->hd.type != NGHTTP2_HEADERS)
            return 0;
        if (nameLength == 7 && std::memcmp(name, ":status", 7) == 0) {
            unsigned status = 0;
            for (size_t i = 0; i < valueLength && i < 3; ++i)
                status = status * 10 + unsigned(value[i] - '0');
            // An interim 1xx response (RFC 9113 §8.1): the final one follows.
            if (status >= 200)
                s->status = status;
        } else if (nameLength == 6 && std::memcmp(name, "server", 6) == 0) {
            Http2Connection &c = self(userData);
            if (!c.m_worker.knowsServer())
                c.m_worker.noteServer(std::string_view(reinterpret_cast<const char *>(value), valueLength));
        }
        return 0;
    }

    static int onData(
        nghttp2_session *session, uint8_t, std::int32_t id, const uint8_t *, size_t length, void *)
    {
        if (Stream *s = stream(session, id))
            s->bodyBytes += length;
        return 0;
    }

    static int onFrameReceived(nghttp2_session *, const nghttp2_frame *frame, void *userData)
    {
        if (frame->hd.type == NGHTTP2_GOAWAY)
            self(userData).m_goingAway = true;
        return 0;
    }

    static int onFrameSent(nghttp2_session *session, const nghttp2_frame *frame, void *userData)
    {
        if (frame->hd.type == NGHTTP2_HEADERS) {
            if (Stream *s = stream(session, frame->hd.stream_id))
                s->attempt.written = self(userData).m_now;
        }
        return 0;
    }

    static int onStreamClose(nghttp2_session *session, std::int32_t id, uint32_t errorCode, void *userData)
    {
        Http2Connection &c = self(userData);
        if (c.m_tearingDown)
            return 0;
        if (Stream *s = stream(session, id))
            c.streamClosed(*s, errorCode);
        return 0;
    }

    // The request body, from the run's target (no copy of it per stream).
    static ssize_t readBody(nghttp2_session *, std::int32_t, uint8_t *buffer, size_t length, uint32_t *flags,
        nghttp2_data_source *source, void *)
    {
        auto *s = static_cast<Stream *>(source->ptr);
        const std::string &body = s->owner->m_run.target.body();
        const size_t n = std::min(length, body.size() - s->bodySent);
        std::memcpy(buffer, body.data() + s->bodySent, n);
        s->bodySent += n;
        if (s->bodySent == body.size())
            *flags |= NGHTTP2_DATA_FLAG_EOF;
        return ssize_t(n);
    }

    // Made once, read by every session (nghttp2 copies them into each).
    static nghttp2_session_callbacks *table()
    {
        static nghttp2_session_callbacks *callbacks = [] {
            nghttp2_session_callbacks *made = nullptr;
            nghttp2_session_callbacks_new(&made);
            nghttp2_session_callbacks_set_on_begin_frame_callback(made, &onBeginFrame);
            nghttp2_session_callbacks_set_on_header_callback(made, &onHeader);
            nghttp2_session_callbacks_set_on_data_chunk_recv_callback(made, &onData);
            nghttp2_session_callbacks_set_on_frame_recv_callback(made, &onFrameReceived);
            nghttp2_session_callbacks_set_on_frame_send_callback(made, &onFrameSent);
            nghttp2_session_callbacks_set_on_stream_close_callback(made, &onStreamClose);
            return made;
        }();
        return callbacks;
    }
};

Http2Connection::Http2Connection(BenchWorker &worker, const RunShared &run, int globalIndex)
    : m_worker(worker)
    , m_run(run)
    , m_socket(asio::ip::tcp::socket(worker.context()))
    , m_in(new char[kReadSize])
{
    const int streams = std::max(1, run.parameters.streams);
    m_streams.resize(size_t(streams));
    for (Stream &stream : m_streams) {
        stream.owner = this;
        m_free.push_back(&stream);
    }
    std::reverse(m_free.begin(), m_free.end());
    for (const auto &[name, value] : run.target.http2Fields()) {
        nghttp2_nv nv {};
        nv.name = reinterpret_cast<uint8_t *>(const_cast<char *>(name.data()));
        nv.namelen = name.size();
        nv.value = reinterpret_cast<uint8_t *>(const_cast<char *>(value.data()));
        nv.valuelen = value.size();
        nv.flags = NGHTTP2_NV_FLAG_NO_COPY_NAME | NGHTTP2_NV_FLAG_NO_COPY_VALUE;
        m_fields.push_back(nv);
    }
    if (run.paced()) {
        m_nextIndex = quint64(globalIndex);
        planNext();
        m_pacer.emplace(worker.context());
    }
}

Http2Connection::~Http2Connection()
{
    m_stopped = true;
    closeConnection();
    if (m_session)
        SSL_SESSION_free(m_session);
}

QString Http2Connection::where() const
{
    return u"%1://%2:%3"_s.arg(m_run.tlsContext ? u"https"_s : u"http"_s,
        BenchTarget::displayHost(m_run.target.host()), QString::number(m_run.target.port()));
}

void Http2Connection::start()
{
    if (m_pacer)
        armPacer();
    else
        dispatch();
}

void Http2Connection::shutdown(Clock::time_point stoppedAt)
{
    const bool hadEnded = m_finished;
    m_stopped = true;
    if (m_pacer)
        m_pacer->cancel();
    for (Stream &stream : m_streams) {
        if (stream.busy) {
            stream.busy = false;
            m_worker.recordUnfinished(stream.attempt);
        }
    }
    for (const Attempt &attempt : m_retry)
        m_worker.recordUnfinished(attempt);
    m_retry.clear();
    m_busy = 0;
    closeConnection();
    if (hadEnded || !m_pacer || m_run.countMode)
        return;
    // The schedule's send times up to the stop that no request went out for:
    // those waiting for a stream, and those the pacer had not reached.
    const Clock::time_point measureAt = m_run.measureAt;
    quint64 due = 0;
    for (const Clock::time_point intended : m_due) {
        if (intended >= measureAt && intended <= stoppedAt)
            due += 1;
    }
    m_due.clear();
    const auto seconds
        = [this](Clock::time_point t) { return std::chrono::duration<double>(t - m_run.startAt).count(); };
    due += m_run.schedule().countBetween(
        m_nextIndex, quint64(m_run.totalConnections), seconds(measureAt), seconds(stoppedAt));
    m_worker.recordNotSent(due);
}

void Http2Connection::checkTimeout(Clock::time_point now, Clock::duration timeout)
{
    if (m_state == State::Closed)
        return;
    bool late = false;
    for (Stream &stream : m_streams) {
        if (!stream.busy || now - stream.attempt.start <= timeout)
            continue;
        if (m_state == State::Connecting) {
            late = true;
            break;
        }
        // Only this stream: cancelled, its late answer ignored.
        m_worker.recordFailure(stream.attempt, FailureKind::Timeout);
        nghttp2_session_set_stream_user_data(m_h2, stream.id, nullptr);
        nghttp2_submit_rst_stream(m_h2, NGHTTP2_FLAG_NONE, stream.id, NGHTTP2_CANCEL);
        release(stream);
        late = true;
    }
    if (!late)
        return;
    if (m_state == State::Connecting) {
        // The pending connect or handshake ends with operation_aborted and sees m_timedOut.
        m_timedOut = true;
        boost::system::error_code ignored;
        m_socket.close(ignored);
        return;
    }
    dispatch();
}

bool Http2Connection::takeWork(Attempt &attempt, Clock::time_point now)
{
    if (!m_retry.empty()) {
        attempt = m_retry.back(); // holds its ticket already
        m_retry.pop_back();
        return true;
    }
    if (m_outOfTickets)
        return false;
    Clock::time_point intended = now;
    if (m_pacer) {
        dropPaused();
        if (m_due.empty())
            return false;
        intended = m_due.front();
    }
    const BenchWorker::Ticket ticket = m_worker.takeTicket(intended);
    if (ticket == BenchWorker::Ticket::None) {
        m_outOfTickets = true;
        m_due.clear();
        if (m_pacer)
            m_pacer->cancel();
        return false;
    }
    if (m_pacer)
        m_due.pop_front();
    attempt = Attempt {};
    attempt.intended = intended;
    attempt.start = now; // the send, or the connect start; with a rate latency counts from intended
    attempt.measured = ticket == BenchWorker::Ticket::Measured;
    return true;
}

void Http2Connection::dispatch()
{
    m_needDispatch = false;
    if (m_stopped)
        return;
    if (m_state == State::Connecting)
        return; // the streams assigned at the connect start go out when it is ready
    const Clock::time_point now = Clock::now();
    bool submitted = false;
    for (;;) {
        if (m_state == State::Open && m_goingAway) {
            if (m_busy > 0)
                break; // the streams under way finish first
            closeConnection();
        }
        if (m_free.empty())
            break;
        Attempt attempt;
        if (!takeWork(attempt, now))
            break;
        Stream &stream = *m_free.back();
        m_free.pop_back();
        stream.attempt = attempt;
        stream.busy = true;
        ++m_busy;
        if (m_state == State::Open) {
            stream.attempt.reused = true;
            if (!attempt.retried)
                stream.attempt.start = now;
            stream.attempt.connected = now;
            submit(stream);
            submitted = true;
        } else {
            stream.attempt.reused = false;
            stream.attempt.start = attempt.retried ? attempt.start : now;
        }
    }
    if (m_state == State::Closed && m_busy > 0) {
        connect();
        return;
    }
    if (m_state == State::Open && (submitted || !m_writing))
        flush();
    if (m_busy == 0 && m_outOfTickets && m_retry.empty() && !m_finished) {
        m_finished = true;
        m_stopped = true;
        closeConnection();
        m_worker.connectionFinished();
    }
}

void Http2Connection::submit(Stream &stream)
{
    stream.status = 0;
    stream.bodyBytes = 0;
    stream.bodySent = 0;
    stream.gotSome = false;
    stream.attempt.bytes = 0;
    nghttp2_data_provider body {};
    body.source.ptr = &stream;
    body.read_callback = &Callbacks::readBody;
    const std::int32_t id = nghttp2_submit_request(m_h2, nullptr, m_fields.data(), m_fields.size(),
        m_run.target.body().empty() ? nullptr : &body, &stream);
    if (id < 0) {
        // No stream ids left, or a GOAWAY: on the next connection, once.
        m_goingAway = true;
        if (stream.attempt.retried) {
            m_worker.recordFailure(stream.attempt, FailureKind::Write);
        } else {
            Attempt again = stream.attempt;
            again.retried = true;
            m_retry.push_back(again);
        }
        release(stream);
        return;
    }
    stream.id = id;
}

void Http2Connection::release(Stream &stream)
{
    stream.busy = false;
    stream.id = 0;
    --m_busy;
    m_free.push_back(&stream);
    m_needDispatch = true;
}

void Http2Connection::streamClosed(Stream &stream, std::uint32_t errorCode)
{
    if (!stream.busy)
        return;
    if (errorCode == NGHTTP2_NO_ERROR && stream.status != 0) {
        m_worker.recordResponse(stream.attempt, m_now, stream.status, stream.bodyBytes, true);
    } else if (errorCode == NGHTTP2_REFUSED_STREAM && !stream.attempt.retried) {
        // Not processed (RFC 9113 §8.7): safe to send again, once (on a new
        // connection when a GOAWAY refused it).
        Attempt again = stream.attempt;
        again.retried = true;
        m_retry.push_back(again);
    } else {
        // Reset by the server (HTTP_1_1_REQUIRED, INTERNAL_ERROR, ...) or closed without an
        // answer: a receive failure, and the report names the first reset's code.
        if (errorCode != NGHTTP2_NO_ERROR)
            m_worker.noteStreamReset(errorCode);
        m_worker.recordFailure(stream.attempt, FailureKind::Read);
    }
    release(stream);
}

void Http2Connection::connect()
{
    m_state = State::Connecting;
    m_timedOut = false;
    m_connectStart = Clock::now();
    const unsigned generation = ++m_generation;
    boost::system::error_code ec;
    m_socket.useTls(nullptr);
    m_socket.socket().open(m_run.endpoint.protocol(), ec);
    if (ec) {
        const int code = ec.value();
        const bool noDescriptors
            = ec.category() == boost::system::system_category() && (code == EMFILE || code == ENFILE);
        asio::post(m_worker.context(), [this, noDescriptors, code, generation] {
            if (m_stopped || generation != m_generation)
                return;
            if (noDescriptors)
                m_worker.outOfDescriptors(code);
            else
                failAll(FailureKind::Connect);
        });
        return;
    }
    m_socket.socket().set_option(asio::ip::tcp::no_delay(true), ec);
    m_socket.socket().non_blocking(true, ec);
    m_socket.socket().async_connect(m_run.endpoint, [this, generation](const boost::system::error_code &ec) {
        if (m_stopped || generation != m_generation)
            return;
        if (ec) {
            failAll(m_timedOut ? FailureKind::Timeout : FailureKind::Connect);
            return;
        }
        m_open = true;
        m_worker.connectionOpened();
        m_connected = Clock::now();
        if (m_run.tlsContext)
            handshake(generation);
        else
            sessionReady(generation);
    });
}

void Http2Connection::handshake(unsigned generation)
{
    SSL *ssl
        = m_run.tlsContext->newConnection(m_run.tlsHost, m_run.parameters.tlsResume ? m_session : nullptr);
    if (!ssl) {
        failAll(FailureKind::Tls);
        return;
    }
    m_socket.useTls(ssl);
    const Clock::time_point tcpConnected = m_connected;
    m_socket.async_handshake([this, generation, tcpConnected](const boost::system::error_code &ec, size_t) {
        if (m_stopped || generation != m_generation)
            return;
        if (ec) {
            if (m_timedOut) {
                failAll(FailureKind::Timeout);
                return;
            }
            QString reason = tls::ClientContext::verifyFailure(m_socket.ssl());
            if (reason.isEmpty())
                reason = QString::fromStdString(ec.message());
            m_worker.noteTlsFailure(reason);
            failAll(FailureKind::Tls);
            return;
        }
        SSL *ssl = m_socket.ssl();
        const QByteArray alpn = tls::ClientContext::alpnSelected(ssl);
        if (alpn != "h2") {
            refuse(alpn.isEmpty()
                    ? u"%1 chose no protocol by ALPN: it does not speak HTTP/2 (h2) there (RFC 9113 §3.2)"_s
                          .arg(where())
                    : u"%1 chose \"%2\" by ALPN, not \"h2\": it does not speak HTTP/2 there (RFC 9113 §3.2)"_s
                          .arg(where(), QString::fromLatin1(alpn)));
            return;
        }
        const Clock::time_point done = Clock::now();
        bool measured = false;
        for (const Stream &stream : m_streams)
            measured = measured || (stream.busy && stream.attempt.measured);
        m_worker.recordHandshake(measured,
            quint64(std::chrono::duration_cast<std::chrono::microseconds>(done - tcpConnected).count()),
            tls::ClientContext::resumed(ssl), ssl);
        if (m_run.parameters.tlsResume) {
            if (SSL_SESSION *session = SSL_get1_session(ssl)) {
                if (m_session)
                    SSL_SESSION_free(m_session);
                m_session = session;
            }
        }
        m_connected = done;
        sessionReady(generation);
    });
}

void Http2Connection::sessionReady(unsigned generation)
{
    // nghttp2 sends the window updates itself (its default); push is refused in SETTINGS.
    if (nghttp2_session_client_new(&m_h2, Callbacks::table(), this) != 0) {
        m_h2 = nullptr;
        failAll(FailureKind::Connect);
        return;
    }
    const nghttp2_settings_entry settings[] = {
        { NGHTTP2_SETTINGS_ENABLE_PUSH, 0 },
        { NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, uint32_t(kWindow) },
    };
    nghttp2_submit_settings(m_h2, NGHTTP2_FLAG_NONE, settings, std::size(settings));
    nghttp2_session_set_local_window_size(m_h2, NGHTTP2_FLAG_NONE, 0, kWindow);
    m_state = State::Open;
    m_prefaceChecked = false;
    m_headSize = 0;
    for (Stream &stream : m_streams) {
        if (!stream.busy)
            continue;
        stream.attempt.connected = m_connected;
        submit(stream);
    }
    flush();
    if (generation == m_generation && m_state == State::Open)
        receive();
}

void Http2Connection::flush()
{
    if (m_writing || m_state != State::Open || !m_h2)
        return;
    m_now = Clock::now();
    for (;;) {
        m_out.clear();
        while (m_out.size() < kWriteChunk) {
            const uint8_t *data = nullptr;
            const ssize_t n = nghttp2_session_mem_send(m_h2, &data);
            if (n < 0) {
                failAll(FailureKind::Parse);
                return;
            }
            if (n == 0)
                break;
            m_out.append(reinterpret_cast<const char *>(data), size_t(n));
        }
        if (m_out.empty())
            break;
        const ssize_t sent = m_socket.trySend(m_out.data(), m_out.size(), 0);
        if (sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
            failAll(FailureKind::Write);
            return;
        }
        const size_t n = sent > 0 ? size_t(sent) : 0;
        if (n == m_out.size())
            continue;
        m_writing = true;
        const unsigned generation = m_generation;
        asio::async_write(m_socket, asio::buffer(m_out.data() + n, m_out.size() - n),
            [this, generation](const boost::system::error_code &ec, size_t) {
                if (m_stopped || generation != m_generation)
                    return;
                m_writing = false;
                if (ec) {
                    failAll(m_timedOut ? FailureKind::Timeout : FailureKind::Write);
                    return;
                }
                flush();
                if (m_needDispatch && generation == m_generation)
                    dispatch();
            });
        return;
    }
    if (m_needDispatch) {
        // A stream closed while its last frames went out: its slot is free again.
        asio::post(m_worker.context(), [this, generation = m_generation] {
            if (!m_stopped && generation == m_generation)
                dispatch();
        });
    }
}

void Http2Connection::receive()
{
    const unsigned generation = m_generation;
    m_socket.async_read_some(asio::buffer(m_in.get(), kReadSize),
        [this, generation](const boost::system::error_code &ec, size_t n) { onReceive(generation, ec, n); });
}

bool Http2Connection::checkServerPreface(const char *data, size_t n)
{
    const size_t take = std::min(n, sizeof m_head - m_headSize);
    std::memcpy(m_head + m_headSize, data, take);
    m_headSize += take;
    if (m_headSize >= 5 && std::memcmp(m_head, "HTTP/", 5) == 0) {
        // An HTTP/1.x server's answer to the preface ("PRI * HTTP/2.0"): its status line.
        QByteArray line(data, qsizetype(std::min<size_t>(n, 120)));
        line = line.left(line.indexOf('\r')).trimmed();
        refuse(u"%1 answered in HTTP/1.x (\"%2\"), not HTTP/2: it takes no h2c with prior knowledge there "
               "(RFC 9113 §3.3); leave out --h2, or use an https:// URL for h2 by ALPN"_s.arg(
                   where(), QString::fromLatin1(line)));
        return false;
    }
    if (m_headSize < sizeof m_head)
        return true; // too little yet to tell
    const bool settings = m_head[3] == NGHTTP2_SETTINGS && (m_head[5] & 0x7f) == 0 && m_head[6] == 0
        && m_head[7] == 0 && m_head[8] == 0;
    if (!settings) {
        refuse(u"%1 does not speak HTTP/2: its first bytes are not a SETTINGS frame (RFC 9113 §3.4)"_s.arg(
            where()));
        return false;
    }
    m_prefaceChecked = true;
    return true;
}

void Http2Connection::onReceive(unsigned generation, const boost::system::error_code &ec, size_t n)
{
    if (m_stopped || generation != m_generation)
        return;
    if (ec) {
        if (m_timedOut) {
            failAll(FailureKind::Timeout);
        } else if (ec == asio::error::eof && m_busy == 0) {
            closeConnection(); // closed while idle: the next request opens a new one
            dispatch();
        } else {
            failAll(FailureKind::Read);
        }
        return;
    }
    m_now = Clock::now();
    if (!feed(n))
        return;
    // TLS: the records already arrived, read now rather than one asynchronous
    // read each (an SSL_read gives one record, at most 16 KiB), as h2load
    // reads until the socket is empty; the answers they complete are then
    // followed by one write.
    if (SSL *ssl = m_socket.ssl()) {
        for (int i = 0; i < kDrainReads; ++i) {
            ERR_clear_error();
            const int got = SSL_read(ssl, m_in.get(), int(kReadSize));
            if (got <= 0) {
                ERR_clear_error(); // SSL_ERROR_WANT_READ, or an end the next read reports
                break;
            }
            m_now = Clock::now();
            if (!feed(size_t(got)))
                return;
        }
    }
    dispatch();
    if (m_stopped || generation != m_generation || m_state != State::Open)
        return;
    if (!nghttp2_session_want_read(m_h2) && !nghttp2_session_want_write(m_h2) && !m_writing) {
        // The session is over: after a GOAWAY with nothing under way, or a
        // protocol error nghttp2 answered with GOAWAY itself.
        if (m_busy > 0) {
            failAll(FailureKind::Parse);
        } else {
            closeConnection();
            dispatch();
        }
        return;
    }
    receive();
}

bool Http2Connection::feed(size_t n)
{
    const unsigned generation = m_generation;
    if (!m_prefaceChecked && !checkServerPreface(m_in.get(), n))
        return false;
    if (nghttp2_session_mem_recv(m_h2, reinterpret_cast<const uint8_t *>(m_in.get()), n) < 0) {
        failAll(FailureKind::Parse);
        return false;
    }
    return !m_stopped && generation == m_generation;
}

void Http2Connection::failAll(FailureKind kind)
{
    closeConnection();
    for (Stream &stream : m_streams) {
        if (!stream.busy)
            continue;
        m_worker.recordFailure(stream.attempt, kind);
        release(stream);
    }
    dispatch();
}

void Http2Connection::refuse(const QString &reason)
{
    // Ends the whole run (the worker's finish() shuts this connection down).
    m_worker.protocolRefused(reason);
}

void Http2Connection::closeConnection()
{
    ++m_generation;
    if (m_h2) {
        m_tearingDown = true;
        nghttp2_session_del(m_h2);
        m_tearingDown = false;
        m_h2 = nullptr;
    }
    if (m_open) {
        m_open = false;
        m_worker.connectionClosed();
    }
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
    m_state = State::Closed;
    m_writing = false;
    m_goingAway = false;
    m_prefaceChecked = false;
    m_headSize = 0;
    m_timedOut = false;
    m_out.clear();
}

} // namespace hostbench::bench
