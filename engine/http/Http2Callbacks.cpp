// Http2Connection's nghttp2 callbacks: a stream's head read into its Request,
// its frames, its close, the data source of a static answer (Http2Callbacks.h).
#include "http/Http2Callbacks.h"

#include "http/Http2ClientSide.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace hostbench::http {

namespace {

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

} // namespace

Http2Connection::Stream *Http2Connection::Callbacks::streamOf(nghttp2_session *session, std::int32_t id)
{
    return static_cast<Stream *>(nghttp2_session_get_stream_user_data(session, id));
}

int Http2Connection::Callbacks::beginHeaders(nghttp2_session *session, const nghttp2_frame *frame, void *self)
{
    if (frame->hd.type != NGHTTP2_HEADERS || frame->headers.cat != NGHTTP2_HCAT_REQUEST)
        return 0;
    Http2Connection &connection = of(self);
    Stream *stream = connection.newStream(frame->hd.stream_id);
    nghttp2_session_set_stream_user_data(session, frame->hd.stream_id, stream);
    if (stream->sites->hasProxies() || stream->sites->hasPhp()) {
        // A proxied or PHP path may be asked for: its fields are kept for the upstream (Http2ClientSide).
        if (!stream->client)
            stream->client = std::make_unique<Http2ClientSide>(
                connection, connection.m_stream, stream->request, connection.m_peer, connection.m_sockets);
        stream->client->reset(stream->id);
    }
    return 0;
}

int Http2Connection::Callbacks::header(nghttp2_session *session, const nghttp2_frame *frame,
    const std::uint8_t *nameData, std::size_t nameLength, const std::uint8_t *valueData,
    std::size_t valueLength, std::uint8_t, void *)
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
    if (stream->client)
        stream->client->field(name, value);
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

int Http2Connection::Callbacks::frameReceived(
    nghttp2_session *session, const nghttp2_frame *frame, void *self)
{
    if (frame->hd.type == NGHTTP2_RST_STREAM) {
        bumpCounter(of(self).m_worker.counters().http2Resets);
        return 0;
    }
    if (frame->hd.type != NGHTTP2_HEADERS && frame->hd.type != NGHTTP2_DATA)
        return 0;
    Stream *stream = streamOf(session, frame->hd.stream_id);
    if (!stream)
        return 0;
    const bool ended = (frame->hd.flags & NGHTTP2_FLAG_END_STREAM) != 0;
    if (frame->hd.type == NGHTTP2_DATA)
        stream->dataReceived += frame->hd.length; // padding too (see below)
    if (stream->deciding || stream->dynamic) {
        // A proxied or PHP request (or one still being decided): its responder reads the body.
        if (ended)
            stream->client->ended();
        return 0;
    }
    // cutShort: answered or refused early; DATA still in flight changes nothing.
    if (stream->answered || stream->cutShort)
        return 0;
    if (frame->hd.type == NGHTTP2_HEADERS && frame->headers.cat == NGHTTP2_HCAT_REQUEST && stream->client
        && !stream->tooLarge) {
        // Proxied, PHP or static: decided once this read is handed over (startReady()),
        // with the DATA that came with the head.
        stream->client->headEnded(ended);
        stream->deciding = true;
        of(self).m_ready.push_back(stream->id);
        return 0;
    }
    if (ended) {
        // The request is complete (its body, if any, was read and dropped: the static phase needs none).
        of(self).respond(*stream);
        return 0;
    }
    // The stream's window is never opened again (dataChunk()): once a
    // window's worth of DATA has come, the client can send no more of its
    // body, and waits. The response goes out now; RST_STREAM NO_ERROR
    // follows it (frameSent(), RFC 9113 §8.1). Padding, which nghttp2
    // credits back itself, counts here too.
    if (frame->hd.type == NGHTTP2_DATA && stream->dataReceived >= kInitialWindowSize) {
        stream->cutShort = true;
        of(self).respond(*stream);
    }
    return 0;
}

/*
 * A request body's bytes: dropped on a static path (the static phase
 * reads none), kept for the responder of a proxied or PHP one; credited
 * to the connection's window only, never to the stream's (the responder's
 * reads open a dynamic stream's: Http2ClientSide)
 * (no_auto_window_update, makeOptions()). nghttp2's automatic
 * WINDOW_UPDATE would open the stream's window again as fast as bytes
 * came, so a client could send a body without end and DATA beyond its
 * window would never be caught: now a stream's body is at most
 * kInitialWindowSize, and one more byte is nghttp2's stream error
 * FLOW_CONTROL_ERROR (RFC 9113 §6.9.1).
 */
int Http2Connection::Callbacks::dataChunk(nghttp2_session *session, std::uint8_t, std::int32_t id,
    const std::uint8_t *data, std::size_t length, void *)
{
    if (nghttp2_session_consume_connection(session, length) != 0)
        return NGHTTP2_ERR_CALLBACK_FAILURE;
    // A proxied or PHP request's body (or one still being decided): kept for its responder.
    if (Stream *stream = streamOf(session, id); stream && (stream->deciding || stream->dynamic))
        stream->client->received(data, length);
    return 0;
}

// The last frame of a response cut short (frameReceived()) is out: the client may stop its body.
int Http2Connection::Callbacks::frameSent(nghttp2_session *session, const nghttp2_frame *frame, void *)
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

int Http2Connection::Callbacks::streamClose(
    nghttp2_session *session, std::int32_t id, std::uint32_t errorCode, void *self)
{
    Stream *stream = streamOf(session, id);
    if (!stream)
        return 0;
    nghttp2_session_set_stream_user_data(session, id, nullptr);
    Http2Connection &connection = of(self);
    if (stream->dynamic) {
        // Its responder still has it: what it waits for fails, and a reset (or a close
        // before the answer's end) closes its upstream; the outcome is logged, then released.
        stream->closed = true;
        const bool whole = errorCode == NGHTTP2_NO_ERROR && stream->client->answerEnded();
        stream->client->closed();
        if (!whole)
            stream->client->abortResponder();
        return 0;
    }
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
ssize_t Http2Connection::Callbacks::readBody(nghttp2_session *, std::int32_t, std::uint8_t *buffer,
    std::size_t length, std::uint32_t *flags, nghttp2_data_source *source, void *)
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

nghttp2_session_callbacks *Http2Connection::Callbacks::make()
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
const nghttp2_session_callbacks *Http2Connection::Callbacks::shared()
{
    static nghttp2_session_callbacks *const callbacks = make();
    return callbacks;
}

nghttp2_option *Http2Connection::Callbacks::makeOptions()
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

const nghttp2_option *Http2Connection::Callbacks::sharedOptions()
{
    static nghttp2_option *const option = makeOptions();
    return option;
}

} // namespace hostbench::http
