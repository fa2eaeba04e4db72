#include "Http2Connection.h"

#include "http/FieldText.h"
#include "http/HttpDate.h"
#include "http/PhpMatch.h"
#include "http/RequestHandler.h"
#include "http/RequestTarget.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include <nghttp2/nghttp2.h>

#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hostbench::http {

namespace asio = boost::asio;

namespace {

bool wouldBlock(int error)
{
    return error == EAGAIN || error == EWOULDBLOCK || error == EINTR;
}

std::string_view viewOf(const std::uint8_t *data, std::size_t size)
{
    return { reinterpret_cast<const char *>(data), size };
}

// A field sent more than once is joined with ", " (RFC 9110 §5.3), as RequestParser does.
void keepField(std::string &kept, std::string_view value)
{
    if (!kept.empty())
        kept.append(", ");
    kept.append(value);
}

Request::Method methodOf(std::string_view name)
{
    if (name == "GET")
        return Request::Method::Get;
    if (name == "HEAD")
        return Request::Method::Head;
    if (name == "OPTIONS")
        return Request::Method::Options;
    return Request::Method::Other;
}

// A response field: the name is a literal (static storage, not copied); the value nghttp2 copies.
nghttp2_nv field(std::string_view name, std::string_view value)
{
    return { reinterpret_cast<std::uint8_t *>(const_cast<char *>(name.data())),
        reinterpret_cast<std::uint8_t *>(const_cast<char *>(value.data())), name.size(), value.size(),
        NGHTTP2_NV_FLAG_NO_COPY_NAME };
}

} // namespace

struct Http2Connection::Callbacks
{
    static Http2Connection &of(void *self) { return *static_cast<Http2Connection *>(self); }

    static Stream *streamOf(nghttp2_session *session, std::int32_t id)
    {
        return static_cast<Stream *>(nghttp2_session_get_stream_user_data(session, id));
    }

    static int beginHeaders(nghttp2_session *session, const nghttp2_frame *frame, void *self)
    {
        if (frame->hd.type != NGHTTP2_HEADERS || frame->headers.cat != NGHTTP2_HCAT_REQUEST)
            return 0;
        Stream *stream = of(self).newStream(frame->hd.stream_id);
        nghttp2_session_set_stream_user_data(session, frame->hd.stream_id, stream);
        return 0;
    }

    static int header(nghttp2_session *session, const nghttp2_frame *frame, const std::uint8_t *nameData,
        std::size_t nameLength, const std::uint8_t *valueData, std::size_t valueLength, std::uint8_t, void *)
    {
        Stream *stream = streamOf(session, frame->hd.stream_id);
        if (!stream || frame->hd.type != NGHTTP2_HEADERS || frame->headers.cat != NGHTTP2_HCAT_REQUEST
            || stream->tooLarge)
            return 0; // trailers, or past the limit: not read
        // RFC 9113 §6.5.2's size of a field; nghttp2 does not bound the whole section itself.
        stream->headerBytes += nameLength + valueLength + 32;
        if (stream->headerBytes > kMaxHeaderListBytes) {
            stream->tooLarge = true;
            return 0;
        }
        const std::string_view name = viewOf(nameData, nameLength);
        const std::string_view value = viewOf(valueData, valueLength);
        Request &request = stream->request;
        // nghttp2 has checked the names (lower case, no connection-specific
        // field, the pseudo-header fields first and known, RFC 9113 §8.2-8.3).
        if (name.starts_with(':')) {
            if (name == ":method") {
                request.methodName.assign(value);
                request.method = methodOf(value);
            } else if (name == ":path") {
                request.target.assign(value);
            } else if (name == ":authority") {
                // RFC 9113 §8.3.1: it takes Host's place.
                request.host.assign(value);
                stream->authoritySeen = true;
            }
            return 0;
        }
        switch (name.size()) {
        case 4:
            if (name == "host" && !stream->authoritySeen)
                request.host.assign(value);
            break;
        case 5:
            if (name == "range")
                keepField(request.range, value);
            break;
        case 7:
            if (name == "referer")
                request.referer.assign(value);
            break;
        case 8:
            if (name == "if-match")
                keepField(request.ifMatch, value);
            else if (name == "if-range")
                keepField(request.ifRange, value);
            break;
        case 10:
            if (name == "user-agent")
                request.userAgent.assign(value);
            break;
        case 13:
            if (name == "if-none-match")
                keepField(request.ifNoneMatch, value);
            break;
        case 14:
            if (name == "content-length")
                request.hasBody = true;
            break;
        case 15:
            if (name == "accept-encoding")
                keepField(request.acceptEncoding, value);
            break;
        case 17:
            if (name == "if-modified-since")
                keepField(request.ifModifiedSince, value);
            break;
        case 19:
            if (name == "if-unmodified-since")
                keepField(request.ifUnmodifiedSince, value);
            break;
        default:
            break;
        }
        return 0;
    }

    static int frameReceived(nghttp2_session *session, const nghttp2_frame *frame, void *self)
    {
        if (frame->hd.type == NGHTTP2_RST_STREAM) {
            bumpCounter(of(self).m_worker.counters().http2Resets);
            return 0;
        }
        if (frame->hd.type != NGHTTP2_HEADERS && frame->hd.type != NGHTTP2_DATA)
            return 0;
        Stream *stream = streamOf(session, frame->hd.stream_id);
        // cutShort: answered or refused (HTTP_1_1_REQUIRED) early; DATA still in flight changes nothing.
        if (!stream || stream->answered || stream->cutShort)
            return 0;
        if ((frame->hd.flags & NGHTTP2_FLAG_END_STREAM) != 0) {
            // The request is complete (its body, if any, was read and dropped: the static phase needs none).
            of(self).respond(*stream);
            return 0;
        }
        if (frame->hd.type == NGHTTP2_DATA) {
            // The stream's window is never opened again (dataChunk()): once a
            // window's worth of DATA has come, the client can send no more of
            // its body, and waits. The response goes out now; RST_STREAM
            // NO_ERROR follows it (frameSent(), RFC 9113 §8.1). Padding, which
            // nghttp2 credits back itself, counts here too.
            stream->dataReceived += frame->hd.length;
            if (stream->dataReceived >= kInitialWindowSize) {
                stream->cutShort = true;
                of(self).respond(*stream);
            }
        }
        return 0;
    }

    /*
     * A request body's bytes: dropped (the static phase reads none), and
     * credited to the connection's window only, never to the stream's
     * (no_auto_window_update, makeOptions()). nghttp2's automatic
     * WINDOW_UPDATE would open the stream's window again as fast as bytes
     * came, so a client could send a body without end and DATA beyond its
     * window would never be caught: now a stream's body is at most
     * kInitialWindowSize, and one more byte is nghttp2's stream error
     * FLOW_CONTROL_ERROR (RFC 9113 §6.9.1).
     */
    static int dataChunk(nghttp2_session *session, std::uint8_t, std::int32_t, const std::uint8_t *,
        std::size_t length, void *)
    {
        return nghttp2_session_consume_connection(session, length) == 0 ? 0 : NGHTTP2_ERR_CALLBACK_FAILURE;
    }

    // The last frame of a response cut short (frameReceived()) is out: the client may stop its body.
    static int frameSent(nghttp2_session *session, const nghttp2_frame *frame, void *)
    {
        if ((frame->hd.type != NGHTTP2_HEADERS && frame->hd.type != NGHTTP2_DATA)
            || (frame->hd.flags & NGHTTP2_FLAG_END_STREAM) == 0)
            return 0;
        Stream *stream = streamOf(session, frame->hd.stream_id);
        // Not when the client ended its side meanwhile: the stream closes by itself.
        if (stream && stream->cutShort
            && nghttp2_session_get_stream_remote_close(session, frame->hd.stream_id) == 0)
            nghttp2_submit_rst_stream(session, NGHTTP2_FLAG_NONE, frame->hd.stream_id, NGHTTP2_NO_ERROR);
        return 0;
    }

    static int streamClose(nghttp2_session *session, std::int32_t id, std::uint32_t, void *self)
    {
        Stream *stream = streamOf(session, id);
        if (!stream)
            return 0;
        nghttp2_session_set_stream_user_data(session, id, nullptr);
        Http2Connection &connection = of(self);
        // Answered: counted and logged, also when the client reset it mid-body
        // (with the bytes sent so far, as an HTTP/1.1 download given up).
        if (stream->answered)
            connection.record(*stream);
        connection.releaseStream(stream);
        return 0;
    }

    /*
     * The body of a response, a DATA frame's worth (at most `length`, the
     * frame size and the flow-control windows allow) at a time, copied into
     * nghttp2's frame buffer: a file's with one pread(2) from the file (the
     * page cache) straight into it, a body from memory with memcpy from the
     * stream's copy. Chosen over NGHTTP2_DATA_FLAG_NO_COPY (the application
     * writing each DATA frame itself, its 9-byte head then the payload with
     * writev or sendfile) because one path serves TLS and cleartext alike
     * (no sendfile through OpenSSL without kernel TLS, so TLS reads into
     * memory anyway), and because frames are then gathered into one write of
     * up to kWriteBatch bytes (flush()) instead of one system call (or two)
     * per 16 KiB frame; the cost is one more copy per byte (frame buffer to
     * the batch) than sendfile(2) on HTTP/1.1 cleartext.
     */
    static ssize_t readBody(nghttp2_session *, std::int32_t, std::uint8_t *buffer, std::size_t length,
        std::uint32_t *flags, nghttp2_data_source *source, void *)
    {
        Stream &stream = *static_cast<Stream *>(source->ptr);
        std::size_t n = 0;
        if (stream.file.isValid()) {
            const std::size_t asked = std::size_t(std::min<std::uint64_t>(length, stream.fileRemaining));
            ssize_t got = 0;
            do {
                got = asked == 0 ? 0 : ::pread(stream.file.get(), buffer, asked, off_t(stream.fileOffset));
            } while (got < 0 && errno == EINTR);
            if (asked > 0 && got <= 0) {
                // An error, or the file shrank: the promised length cannot be
                // met. RST_STREAM INTERNAL_ERROR tells the client the body is short.
                return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
            }
            n = std::size_t(got);
            stream.fileOffset += n;
            stream.fileRemaining -= n;
            if (stream.fileRemaining == 0) {
                *flags |= NGHTTP2_DATA_FLAG_EOF;
                stream.file.reset();
            }
        } else {
            n = std::min(length, stream.body.size() - stream.bodyAt);
            std::memcpy(buffer, stream.body.data() + stream.bodyAt, n);
            stream.bodyAt += n;
            if (stream.bodyAt == stream.body.size())
                *flags |= NGHTTP2_DATA_FLAG_EOF;
        }
        stream.bodySent += n;
        return ssize_t(n);
    }

    static nghttp2_session_callbacks *make()
    {
        nghttp2_session_callbacks *callbacks = nullptr;
        if (nghttp2_session_callbacks_new(&callbacks) != 0)
            return nullptr;
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, beginHeaders);
        nghttp2_session_callbacks_set_on_header_callback(callbacks, header);
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, frameReceived);
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, streamClose);
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, dataChunk);
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks, frameSent);
        return callbacks;
    }

    // Made once for the process (read-only afterwards: nghttp2 copies them into each session).
    static const nghttp2_session_callbacks *shared()
    {
        static nghttp2_session_callbacks *const callbacks = make();
        return callbacks;
    }

    static nghttp2_option *makeOptions()
    {
        nghttp2_option *option = nullptr;
        if (nghttp2_option_new(&option) != 0)
            return nullptr;
        // CVE-2023-44487 ("rapid reset"): RST_STREAM frames from the client, a token bucket.
        nghttp2_option_set_stream_reset_rate_limit(option, kResetBurst, kResetRate);
        // CVE-2024-27316 and the like: a header block spread over endless CONTINUATION frames.
        nghttp2_option_set_max_continuations(option, kMaxContinuations);
        // Request bodies open the connection's window only (Callbacks::dataChunk).
        nghttp2_option_set_no_auto_window_update(option, 1);
        return option;
    }

    static const nghttp2_option *sharedOptions()
    {
        static nghttp2_option *const option = makeOptions();
        return option;
    }
};

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

Http2Connection::Stream *Http2Connection::newStream(std::int32_t id)
{
    std::unique_ptr<Stream> made;
    if (!m_spare.empty()) {
        made = std::move(m_spare.back());
        m_spare.pop_back();
    } else {
        made = std::make_unique<Stream>();
    }
    Stream *stream = made.get();
    stream->id = id;
    stream->request.clear();
    stream->request.version = 20;
    // A request is answered with the table of its start; a reload takes effect from the next one.
    stream->sites = m_worker.sites();
    bumpCounter(m_worker.counters().http2Streams);
    m_streams.emplace(id, std::move(made));
    refreshDeadline();
    return stream;
}

void Http2Connection::releaseStream(Stream *stream)
{
    const auto it = m_streams.find(stream->id);
    if (it == m_streams.end())
        return;
    std::unique_ptr<Stream> released = std::move(it->second);
    m_streams.erase(it);
    if (LogWriter *logs = m_worker.logs(); logs && released->stamp.isListed())
        logs->abandonResponse(m_worker.index(), released->stamp);
    released->response.clear();
    released->sites.reset();
    released->file.reset();
    released->body.clear();
    released->bodyAt = 0;
    released->fileOffset = released->fileRemaining = released->bodySent = 0;
    released->headerBytes = 0;
    released->dataReceived = 0;
    released->authoritySeen = released->tooLarge = released->answered = released->cutShort = false;
    if (m_spare.size() < kMaxConcurrentStreams)
        m_spare.push_back(std::move(released));
    refreshDeadline();
}

void Http2Connection::respond(Stream &stream)
{
    stream.parsedAt = std::chrono::steady_clock::now();
    if (!answer(stream))
        submit(stream);
}

bool Http2Connection::answer(Stream &stream)
{
    const Request &request = stream.request;
    Response &response = stream.response;
    const SiteTable &sites = *stream.sites;
    if (stream.tooLarge) {
        response.clear();
        RequestHandler::answerError(431, response);
        response.errorReason = "HTTP/2 header section larger than SETTINGS_MAX_HEADER_LIST_SIZE";
        return false;
    }
    if (m_stream.isTls() && !m_serverName.empty() && !request.host.empty()
        && sites.indexForHost(m_serverName) != sites.indexForHost(request.host)) {
        // RFC 9110 §15.5.20: this connection's certificate is not that site's.
        response.clear();
        RequestHandler::answerError(421, response);
        return false;
    }
    const bool dynamic = sites.hasProxies() || sites.hasPhp();
    if (dynamic || (!m_stream.isTls() && sites.hasTlsRedirects())) {
        RequestTarget target;
        std::string path;
        if (RequestTarget::split(request.target, target)
            && RequestTarget::normalizePath(target.path, path, nullptr)) {
            const Site &site = sites.site(RequestHandler::pickSite(sites, request, target));
            if (!m_stream.isTls() && site.redirectToHttps
                && answerRedirect(stream, site, target.path, target.query))
                return false;
            if (dynamic && !site.findRoute(path)) {
                bool refused = site.findProxy(path) != nullptr;
                if (!refused && site.runsPhp) {
                    const PhpScript script = matchPhp(site, site.php, path);
                    if (script.kind == PhpScript::Kind::Script) {
                        refused = true;
                    } else if (script.kind != PhpScript::Kind::Static) {
                        response.clear();
                        response.headOnly = request.method == Request::Method::Head;
                        response.site = site.counters.get();
                        m_worker.handler().files().answerError(
                            script.kind == PhpScript::Kind::Forbidden ? 403 : 404, site, response);
                        return false;
                    }
                }
                if (refused) {
                    // The proxy and PHP responders speak to an HTTP/1.1 connection: the
                    // client asks again over HTTP/1.1 (RFC 9113 §7, HTTP_1_1_REQUIRED).
                    nghttp2_submit_rst_stream(
                        m_session, NGHTTP2_FLAG_NONE, stream.id, NGHTTP2_HTTP_1_1_REQUIRED);
                    return true;
                }
            }
        }
    }
    m_worker.handler().handle(request, sites, response);
    return false;
}

bool Http2Connection::answerRedirect(
    Stream &stream, const Site &site, std::string_view path, std::string_view query)
{
    const quint16 tlsPort = m_worker.localPort(true);
    if (tlsPort == 0)
        return false;
    Response &response = stream.response;
    response.clear();
    RequestHandler::answerError(308, response);
    response.site = site.counters.get();
    response.headOnly = stream.request.method == Request::Method::Head;
    // The site's own name: :authority is the client's to choose, the redirect's target is ours.
    std::string &location = response.location;
    location.assign("https://").append(site.serverName);
    if (tlsPort != 443)
        location.append(1, ':').append(std::to_string(tlsPort));
    location.append(path);
    if (!query.empty())
        location.append(1, '?').append(query);
    return true;
}

void Http2Connection::submit(Stream &stream)
{
    Response &response = stream.response;
    if (!m_stream.isTls())
        response.hsts = {}; // RFC 6797 §7.2: never over cleartext
    const bool withBody = ResponseHead::bodyAllowed(response.status);

    // Numbers, formatted where nghttp2 can read them until it has copied them (submit).
    char status[4] = {};
    std::snprintf(status, sizeof status, "%03d", std::clamp(response.status, 100, 999));
    std::string length;
    FieldText::appendNumber(length, response.contentLength);
    std::string range;
    if (response.contentRange != Response::ContentRange::None) {
        range.append("bytes ");
        if (response.contentRange == Response::ContentRange::Range) {
            FieldText::appendNumber(range, response.rangeFirst);
            range.append(1, '-');
            FieldText::appendNumber(range, response.rangeLast);
        } else {
            range.append(1, '*');
        }
        range.append(1, '/');
        FieldText::appendNumber(range, response.completeLength);
    }
    std::string retryAfter;
    if (response.retryAfterS > 0)
        FieldText::appendNumber(retryAfter, response.retryAfterS);
    char modified[HttpDate::kLength];
    std::string_view lastModified = response.lastModifiedText;
    if (lastModified.empty() && response.lastModified >= 0) {
        HttpDate::format(response.lastModified, modified);
        lastModified = std::string_view(modified, sizeof modified);
    }

    // The fields ResponseHead writes for HTTP/1.1, lower case (RFC 9113 §8.2.1), but Connection.
    std::array<nghttp2_nv, 16> fields;
    std::size_t count = 0;
    fields[count++] = field(":status", std::string_view(status, 3));
    fields[count++] = field("server", ResponseHead::kServer);
    fields[count++] = field("date", m_worker.date().now());
    if (withBody && !response.contentType.empty())
        fields[count++] = field("content-type", response.contentType);
    if (withBody) {
        fields[count++] = field("content-length", length);
        if (!response.contentEncoding.empty())
            fields[count++] = field("content-encoding", response.contentEncoding);
    }
    if (!range.empty())
        fields[count++] = field("content-range", range);
    if (response.acceptRanges)
        fields[count++] = field("accept-ranges", "bytes");
    if (!response.etag.empty())
        fields[count++] = field("etag", response.etag);
    if (!lastModified.empty())
        fields[count++] = field("last-modified", lastModified);
    if (response.varyAcceptEncoding)
        fields[count++] = field("vary", "Accept-Encoding");
    if (!response.location.empty())
        fields[count++] = field("location", response.location);
    if (!response.allow.empty())
        fields[count++] = field("allow", response.allow);
    if (!retryAfter.empty())
        fields[count++] = field("retry-after", retryAfter);
    if (!response.hsts.empty()) {
        // A whole "Strict-Transport-Security: max-age=N\r\n" line (Site::hstsField): its value.
        std::string_view value = response.hsts;
        if (const std::size_t colon = value.find(':'); colon != std::string_view::npos)
            value.remove_prefix(colon + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
            value.remove_prefix(1);
        while (!value.empty() && (value.back() == '\r' || value.back() == '\n'))
            value.remove_suffix(1);
        fields[count++] = field("strict-transport-security", value);
    }

    // The body's source, held by the stream until it is sent: the views of a
    // Response point into memory the worker's next request may change.
    nghttp2_data_provider provider {};
    provider.source.ptr = &stream;
    provider.read_callback = Callbacks::readBody;
    bool hasData = withBody && !response.headOnly && response.contentLength > 0;
    if (hasData) {
        if (response.file.isValid() && response.body.empty()) {
            stream.file = std::move(response.file);
            stream.fileOffset = response.fileOffset;
            stream.fileRemaining = response.contentLength;
        } else {
            stream.body.assign(response.body);
            stream.bodyAt = 0;
            hasData = !stream.body.empty();
        }
    }
    response.file.reset();
    response.body = {};

    // Stamped before the first byte goes out, as HTTP/1.1's (LogWriter::beginResponse).
    if (LogWriter *logs = m_worker.logs()) {
        logs->beginResponse(m_worker.index(), stream.request, stream.stamp);
        if (stream.stamp.isListed() && m_peer.family == 0)
            m_peer = PeerAddress::ofSocket(m_stream.native_handle());
    }
    stream.answered = true;
    if (nghttp2_submit_response(m_session, stream.id, fields.data(), count, hasData ? &provider : nullptr)
        != 0)
        nghttp2_submit_rst_stream(m_session, NGHTTP2_FLAG_NONE, stream.id, NGHTTP2_INTERNAL_ERROR);
}

void Http2Connection::record(Stream &stream)
{
    Response &response = stream.response;
    const auto serviceTime = std::chrono::steady_clock::now() - stream.parsedAt;
    const auto serviceUs = std::chrono::duration_cast<std::chrono::microseconds>(serviceTime).count();
    const auto service = quint64(std::max<std::int64_t>(serviceUs, 0));
    m_worker.counters().recordResponse(response.status, service);
    // The site's bytes: the body's (HPACK makes a head's size on the wire no single response's).
    if (response.site)
        response.site->recordResponse(
            m_worker.index(), response.status, stream.bodySent, service, response.upstream);
    if (LogWriter *logs = m_worker.logs())
        logs->logResponse(m_worker.index(), stream.request, response, stream.bodySent,
            m_stream.native_handle(), m_peer, stream.stamp);
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
    flush();
    read();
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
