#pragma once

#include "http/LogRecord.h"
#include "http/LogWriter.h"
#include "http/PhpMatch.h"
#include "http/Request.h"
#include "http/Response.h"
#include "http/SharedFd.h"
#include "tls/TlsStream.h"

#include <boost/asio/steady_timer.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct nghttp2_session;

namespace hostbench::http {

class Http2ClientSide;
struct ProxyOutcome;
class SiteTable;
struct Site;
class Worker;

/*
 * HTTP/2 (RFC 9113) on one accepted connection, server side, framed, HPACK-
 * coded (RFC 7541) and flow-controlled by an nghttp2_session (Debian's
 * libnghttp2). Made by Connection, which owns it, once the connection is
 * known to speak HTTP/2: "h2" chosen by ALPN on the TLS listener (RFC 7301,
 * RFC 9113 §3.2), or "h2c" with prior knowledge on the cleartext one (the
 * client preface "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" as its first bytes,
 * RFC 9113 §3.3; no Upgrade: h2c). Every byte goes through the Connection's
 * tls::Stream, so TLS and cleartext are the same code.
 *
 * Each stream's request head (pseudo-header fields :method, :path,
 * :authority, the fields the static phase reads) becomes the same Request
 * HTTP/1.1's parser makes (version 20), answered by the worker's
 * RequestHandler against the site table of the stream's start: fixed routes,
 * static files (validators and 304, ranges and 206, precompressed siblings,
 * listings, error pages), the virtual host chosen by :authority, else Host.
 * The response head goes out with nghttp2_submit_response, with none of
 * HTTP/1.1's connection-specific fields (RFC 9113 §8.2.2); its body through
 * an nghttp2 data source (Callbacks::readBody(): see there why it copies). Counted
 * and logged as HTTP/1.1's ("HTTP/2.0" in the access log's request line)
 * when the stream closes, with the body bytes handed to nghttp2.
 *
 * A request for a proxied path or a PHP script (Http2Dynamic.cpp) goes to
 * the same ProxyResponder or FastCgiResponder as on HTTP/1.1, through an
 * Http2ClientSide: it starts once its head is read (with the DATA that came
 * in the same read), the request body streams from DATA frames (the
 * stream's window opened by what the responder took, so a slow upstream
 * stops the client's DATA), the answer goes out as HEADERS and DATA as the
 * stream's window and the socket take it (a stream whose window is closed
 * stops reading its upstream). Each stream has its own upstream connection
 * from the worker's pool (or waits in its queue). A stream the client resets
 * closes its upstream connection; an answer cut short resets the stream
 * (RST_STREAM INTERNAL_ERROR). No WebSocket over HTTP/2: no
 * SETTINGS_ENABLE_CONNECT_PROTOCOL (RFC 8441), so an extended CONNECT
 * (:protocol) and any Upgrade field are malformed to nghttp2 (RST_STREAM
 * PROTOCOL_ERROR). Cleartext requests to a site that redirects to HTTPS
 * get its 308.
 *
 * Limits (our SETTINGS, RFC 9113 §6.5.2, and nghttp2's options):
 * kMaxConcurrentStreams streams at once (one more, once the client has
 * acknowledged the setting, is a connection error to nghttp2: GOAWAY
 * PROTOCOL_ERROR; before that, RST_STREAM REFUSED_STREAM); a request body
 * of at most kInitialWindowSize bytes per stream on a static path, its
 * window never opened again (the static phase reads no body; a proxied or
 * PHP one opens it as the body is taken): DATA beyond it is nghttp2's
 * RST_STREAM FLOW_CONTROL_ERROR, and a request that fills it without ending
 * is answered at once, then reset with NO_ERROR (RFC 9113 §8.1); a header
 * section (HPACK-decoded, so also a "bomb" of references to one large
 * table entry) over
 * kMaxHeaderListBytes (counted as RFC 9113 §6.5.2 does) gets 431; more than
 * kMaxContinuations CONTINUATION frames after a HEADERS end the connection;
 * RST_STREAM frames from the client are rate limited (CVE-2023-44487,
 * "rapid reset"): a token bucket of kResetBurst refilled at kResetRate a
 * second, past which nghttp2 sends GOAWAY and the connection ends. nghttp2
 * itself answers malformed requests (RFC 9113 §8.1.1: an upper-case field
 * name, a connection-specific field, a bad or missing pseudo-header) with
 * RST_STREAM PROTOCOL_ERROR, and frame-level errors, floods of PING and
 * SETTINGS acknowledgements among them, with GOAWAY.
 *
 * A reload (retire()): GOAWAY NO_ERROR, the streams under way finish on the
 * table they started with, then the connection closes; the client opens a
 * new one for its next requests, on the new sites and certificates.
 *
 * Deadlines, on the worker's one-second tick: the keep-alive timeout while no
 * stream is open (then GOAWAY NO_ERROR and close), the send timeout while
 * streams are open, moved on by every write; none while a responder has a
 * stream (the site's upstream timeout and the worker's header timeout per
 * body read apply, as on HTTP/1.1). stop() (the worker stops):
 * GOAWAY NO_ERROR naming the last stream taken, the streams under way finish,
 * then the connection closes; at most kStopGraceS later it closes anyway.
 * Closing after a GOAWAY half-closes and drains for up to the worker's
 * linger time, so the client reads the GOAWAY before any reset.
 *
 * Writes: what nghttp2 serialises is gathered up to kWriteBatch bytes and
 * written with one call where it was made (an asynchronous write only when
 * the socket buffer is full); no new read is started while a write waits,
 * so a client that does not read cannot make the server queue without bound.
 *
 * Files: Http2Connection.cpp (reads, writes, deadlines, GOAWAY),
 * Http2Callbacks.cpp (nghttp2's callbacks), Http2Streams.cpp (streams and
 * their static answers), Http2Dynamic.cpp (proxied and PHP streams).
 *
 * Thread: its worker's thread only (as its Connection). Its asynchronous
 * handlers keep the owning Connection alive through `owner`, and so do the
 * responders of its proxied and PHP streams until their outcome.
 */
class Http2Connection final
{
public:
    static constexpr std::uint32_t kMaxConcurrentStreams = 100;
    // RFC 9113 §6.9.2's default, what a stream may send us before a WINDOW_UPDATE.
    static constexpr std::uint32_t kInitialWindowSize = 65'535;
    // SETTINGS_MAX_HEADER_LIST_SIZE, bytes (name + value + 32 per field, RFC 9113 §6.5.2).
    static constexpr std::uint32_t kMaxHeaderListBytes = 64 * 1024;
    static constexpr std::size_t kMaxContinuations = 8;
    static constexpr std::uint64_t kResetBurst = 1000;
    static constexpr std::uint64_t kResetRate = 33; // tokens a second
    static constexpr std::size_t kReadSize = 16 * 1024;
    static constexpr std::size_t kWriteBatch = 64 * 1024;
    // Bytes written in one turn before the worker's other connections get theirs.
    static constexpr std::size_t kTurnBytes = 1024 * 1024;
    static constexpr unsigned kStopGraceS = 5;

    // The client preface (RFC 9113 §3.4) a cleartext connection with prior knowledge starts with.
    static constexpr std::string_view kClientPreface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

    // `stream`: the owning Connection's, which outlives this. `owner`: that Connection.
    Http2Connection(Worker &worker, tls::Stream &stream, std::weak_ptr<void> owner);
    ~Http2Connection();
    Http2Connection(const Http2Connection &) = delete;
    Http2Connection &operator=(const Http2Connection &) = delete;

    // Sends our SETTINGS, then reads on from `received` (what the connection
    // read so far; cleartext: it starts with the client preface, which
    // nghttp2 checks). `serverName`: the TLS handshake's (SNI), lower case,
    // empty when none: a stream whose :authority names another site gets 421.
    // `overCap`: the worker is at its connection cap: GOAWAY
    // REFUSED_STREAM with no stream taken, then closed.
    void start(std::string_view received, std::string serverName, bool overCap);
    // Closes the socket at once; pending handlers end, and the owner with them.
    void close();
    // The worker stops: GOAWAY, the streams under way finish (at most kStopGraceS).
    void stop();
    // The sites were reloaded: GOAWAY NO_ERROR naming the last stream taken,
    // the streams under way finish (under the send timeout, not stop()'s
    // grace), then the connection closes (RFC 9113 §6.8).
    void retire();
    // The deadline has passed: GOAWAY and close when idle, else close.
    void expire();
    bool isExpired(unsigned tick) const { return tick >= m_deadline; }

private:
    struct Stream
    {
        std::int32_t id = 0;
        Request request;
        Response response;
        std::shared_ptr<const SiteTable> sites; // the table of the stream's start
        std::string body; // a body from memory, copied (its source may change before it is sent)
        std::size_t bodyAt = 0;
        SharedFd file; // a file body, read from fileOffset
        std::uint64_t fileOffset = 0;
        std::uint64_t fileRemaining = 0;
        std::uint64_t bodySent = 0; // body bytes handed to nghttp2
        std::size_t headerBytes
            = 0; // of the request's header section, as SETTINGS_MAX_HEADER_LIST_SIZE counts
        std::uint64_t dataReceived = 0; // DATA frames' bytes (padding included) of the request
        std::chrono::steady_clock::time_point parsedAt;
        LogWriter::Stamp stamp;
        bool authoritySeen = false;
        bool tooLarge = false; // the header section passed kMaxHeaderListBytes: 431
        bool answered = false; // a response was submitted
        bool cutShort = false; // answered before the request's end: RST_STREAM NO_ERROR after the response
        // Proxied or PHP (site tables with either): the responders' side of it, kept with the Stream.
        std::unique_ptr<Http2ClientSide> client;
        bool deciding = false; // its head came: proxied, PHP or static is decided after the read (startReady)
        bool dynamic = false; // a responder has it, until its outcome (dynamicDone)
        bool closed = false; // nghttp2 closed it while a responder had it: released after the outcome
    };

    // nghttp2's callbacks and the data source's read (Http2Callbacks.cpp), user data: this.
    struct Callbacks;
    friend struct Callbacks;
    friend class Http2ClientSide;

    // Http2Streams.cpp: streams, their answers from the static phase, their log lines.
    Stream *newStream(std::int32_t id);
    void releaseStream(Stream *stream);
    // The request is complete: answered (answer(), then submit()).
    void respond(Stream &stream);
    void answer(Stream &stream);
    bool misdirected(const Stream &stream) const; // 421: another site than the TLS server name
    bool answerRedirect(Stream &stream, const Site &site, std::string_view path, std::string_view query);
    void submit(Stream &stream);
    void stamp(Stream &stream); // the log's stamp, before the answer's first byte
    void record(Stream &stream);

    // Http2Dynamic.cpp: proxied and PHP streams.
    // After a read: the streams whose head came are started (a responder) or answered as static ones.
    void startReady();
    // True when a ProxyResponder or FastCgiResponder took the stream (or its body was refused: 413).
    bool startDynamic(Stream &stream);
    void dynamicDone(Stream &stream, const ProxyOutcome &outcome);
    // The answer ended before the request's body: RST_STREAM NO_ERROR once it is out (RFC 9113 §8.1).
    void endEarly(Stream &stream);
    void abortDynamic(); // the connection closes: every responder stops
    // A flush (and read) after the worker's current handler: what streams submitted goes out together.
    void scheduleFlush();

    void read();
    // Hands what was read to nghttp2, then writes what it answered and reads on.
    void consume(const char *data, std::size_t size);
    // Writes what nghttp2 has to send; closes when the session is done.
    void flush();
    void writeRest(std::size_t written);
    void finish(); // the session is over: half-close, drain, close
    void drain();
    void refreshDeadline();

    Worker &m_worker;
    tls::Stream &m_stream;
    std::weak_ptr<void> m_owner;
    nghttp2_session *m_session = nullptr;
    std::unordered_map<std::int32_t, std::unique_ptr<Stream>> m_streams;
    std::vector<std::unique_ptr<Stream>> m_spare; // closed streams, reused
    std::string m_serverName;
    std::vector<char> m_input;
    std::string m_output;
    std::vector<std::int32_t> m_ready; // streams whose head came in this read (startReady)
    std::vector<std::int32_t> m_starting; // m_ready's, being started (its capacity kept)
    PeerAddress m_peer; // for the logs, looked up on the first logged request
    FastCgiPeer m_sockets; // for PHP's REMOTE_ADDR and SERVER_ADDR, looked up on the first PHP stream
    unsigned m_dynamicStreams = 0; // streams a responder has
    boost::asio::steady_timer m_stopTimer;
    unsigned m_deadline = 0; // in worker ticks
    bool m_reading = false;
    bool m_writing = false; // an asynchronous write (or a yield) is under way
    bool m_finishing = false; // half-closed, draining
    bool m_closed = false;
    bool m_stopping = false;
    bool m_retired = false; // GOAWAY sent after a reload
    bool m_flushPosted = false; // scheduleFlush()
};

} // namespace hostbench::http
