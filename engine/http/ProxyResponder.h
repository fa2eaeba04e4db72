#pragma once

#include "http/ClientSide.h"
#include "http/LogRecord.h"
#include "http/ProxyHead.h"
#include "http/UpstreamPool.h"
#include "http/UpstreamResponseParser.h"
#include "http/UpstreamTarget.h"
#include "tls/TlsStream.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostbench::http {

struct Response;
struct Site;
struct SiteCounters;
class SiteTable;
class Worker;

// What became of a proxied or PHP request (ProxyResponder, FastCgiResponder),
// for Connection or Http2Connection. Plain value.
struct ProxyOutcome
{
    int status = 0; // relayed: the upstream's; else the error to answer (502, 504)
    bool relayed = false; // the head went to the client: nothing more to write
    bool keepAlive = false; // relayed: the client connection may go on
    // Relayed, but not whole: the client went away, or a client write or the
    // upstream failed or timed out mid-way (Connection gives the response
    // up; Http2Connection resets the stream).
    bool cutShort = false;
    // Not relayed: the client went away (or the worker stopped) before an
    // answer began; Connection logs it as 499, as nginx logs a client gone.
    bool clientGone = false;
    // Not relayed, 502 with no app listening: the page to answer (static
    // text, UpstreamTarget::noAppHtml / noAppText) and its type; else empty.
    std::string_view page;
    std::string_view pageType;
    // Not relayed: > 0 sends "Retry-After: N" (seconds, RFC 9110 §10.2.3)
    // with the error: 1 on the no-app 502 (the app may be starting) and on
    // the 503 of a request that waited for an upstream connection in vain.
    unsigned retryAfterS = 0;
    std::uint64_t bodyBytes = 0; // relayed body bytes the client took (the access log's)
    std::uint64_t bytesSent = 0; // head and body bytes written to the client
    const char *reason = nullptr; // error-log reason (static), or null
    UpstreamTiming timing; // µs; -1: not reached

    // Not relayed: the error answer (status, page, Retry-After) in `response`, as any other error.
    void answerError(bool headOnly, Response &response) const;
};

/*
 * One proxied request (issue #24; RFC 9110 §7.6, RFC 9112, RFC 7239, RFC
 * 6455 for WebSocket): sends the client's request to the site's upstream
 * over HTTP/1.1 and relays the answer to the client's side (ClientSide: an
 * HTTP/1.x connection, Http1ClientSide, or an HTTP/2 stream,
 * Http2ClientSide), while its Connection or stream waits.
 *
 *  - Connections to the upstream come from the worker's UpstreamPool and
 *    go back to it only after a whole response, both sides keeping it alive.
 *    The pool bounds the connections open to each upstream (busy and
 *    idle, per worker: model::ServerConfig::upstreamConnectionsPerWorker,
 *    as nginx's max_conns with a queue). A request that finds them all busy
 *    waits in the upstream's FIFO queue (ProxyQueue.cpp; counted,
 *    WorkerCounters::proxyQueued) for one to be given back or closed, at
 *    most the site's upstream timeout: then 503 with "Retry-After: 1"
 *    (ProxyError::QueueTimeout; nginx answers 502/504 there, but the
 *    upstream is only busy, and 503 says so). A client that hangs up
 *    while its request waits (its socket reads end-of-stream or an error:
 *    nginx's check of a broken connection) leaves the queue at once and is
 *    logged 499; one that sends more bytes meanwhile (a body, a pipelined
 *    request) is no longer watched and waits its turn or its timeout (an
 *    HTTP/2 stream reset while it waits aborts it). Each HTTP/2 stream is a
 *    request of its own: concurrent streams take a connection each.
 *  - The request head is ProxyHead's (hop-by-hop fields removed, Host, the
 *    X-Forwarded-* fields and Forwarded set). The body streams
 *    (ProxyUpload.cpp): the client's side reads it a piece at a time (HTTP/1.x:
 *    the connection's RequestParser decoding at most kPieceBytes a read;
 *    HTTP/2: the DATA received, the stream's window opened by what was
 *    taken), and each piece is written to the upstream before the next read
 *    (back-pressure: a slow upstream slows the reads from the client; memory
 *    stays one piece). A Content-Length body keeps its Content-Length. A
 *    chunked body (HTTP/2: one without content-length) that came whole with its head goes with Content-Length
 *    (its length is known, and apps such as python's http.server read no
 *    chunked request); one still arriving is re-chunked, a chunk per piece,
 *    since its length is unknown until its end and waiting would buffer it.
 *    The site's body limit still applies: a Content-Length over it is
 *    RequestParser's 413 before the request comes here; a chunked body that
 *    passes it mid-way stops the upload with 413 (nothing was answered yet:
 *    the response head is read once the body is sent) and the upstream
 *    connection, holding part of a body, is closed. "Expect: 100-continue"
 *    is answered by the engine, as for any request, once the upstream
 *    connection is ready (a refused upstream gets its 502 before the client
 *    sends the body); Expect itself does not go upstream. The client's
 *    reads wait at most the worker's header timeout each (408 after). An
 *    upstream that answers (or closes) while the client's next piece is
 *    awaited ends the upload: its answer is relayed, then the client's
 *    connection closes (HTTP/2: RST_STREAM NO_ERROR after the answer, RFC
 *    9113 §8.1); one that stops reading without answering is the
 *    upstream timeout's (504).
 *  - The response head is read with Beast's parser (at most
 *    UpstreamTarget::kMaxHeadBytes; 1xx other than 101 skipped), its
 *    hop-by-hop fields removed; the body is relayed in pieces of
 *    at most kPieceBytes, each what one read brought (a slow upstream's
 *    bytes go out as they come; the upstream timeout is the longest wait
 *    between two reads): each piece is written to the client before the next is
 *    read from the upstream, so a slow client slows the upstream read
 *    (back-pressure) and memory stays one piece per request. Content-Length
 *    is kept; a chunked or close-delimited body goes to an HTTP/1.1 client
 *    chunked, to an HTTP/1.0 client delimited by closing, to an HTTP/2
 *    client in DATA frames as nghttp2's flow control takes them, the
 *    upstream's fields in HPACK (connection-specific ones never, RFC 9113
 *    §8.2.2). A 101 to a request that asked for no upgrade is a bad head.
 *  - Errors: no connection (refused, unreachable) -> 502 at once; no answer
 *    within the site's upstream timeout (connect, head, each body read or
 *    client write) -> 504, or a closed connection once the head was sent;
 *    an invalid or oversized head -> 502; the upstream closing before
 *    answering -> the request is sent once more on a fresh connection for
 *    an idempotent method (RFC 9110 §9.2.2) without a body, else 502; a
 *    refused connection or an absent unix socket answers a short page that
 *    says no app listens there yet (HTML, or text/plain for a client whose
 *    Accept names no text/html). Each
 *    is counted (WorkerCounters::proxyErrors) and named in the error log
 *    (UpstreamTarget::reasons via Response::errorReason).
 *  - A client that goes away (or a Connection::close()) closes the
 *    upstream connection: it never returns to the pool with unread bytes;
 *    before an answer began it is ProxyOutcome::clientGone (a 499 line).
 *  - Upgrade (WebSocket): after the upstream's 101 the two sockets are
 *    tunnelled both ways until either side closes or nothing moves for
 *    the site's upstream timeout; the bytes written to the client are the
 *    response's body bytes (the access log's, logged when the tunnel ends).
 *    HTTP/1.1 only: HTTP/2 has no Upgrade (RFC 9113 §8.2.2; no RFC 8441).
 *
 * Timing (ProxyOutcome): microseconds from the start to the upstream connection
 * being ready (0 for a pooled one taken at once; the wait in the queue
 * counts), to the response head, to its last byte.
 *
 * Thread: its worker's thread only. Kept alive by its pending handlers; it
 * keeps the client connection alive (`owner`) until its last handler ran.
 */
class ProxyResponder final : public std::enable_shared_from_this<ProxyResponder>,
                             private UpstreamPool::Waiter,
                             private ClientSide::Events
{
public:
    static constexpr std::size_t kPieceBytes = 16 * 1024;

    using Begin = std::function<void()>;
    using Done = std::function<void(const ProxyOutcome &)>;

    // A responder when the site that the request goes to proxies its path,
    // else null; called once the request head is parsed. `owner` (the
    // Connection) outlives it. `begin`
    // is called at most once, right before the response head's first byte
    // goes to the client (the log's stamp: LogWriter::beginResponse); `done`
    // once, at the end; both on the worker's thread.
    static std::shared_ptr<ProxyResponder> forRequest(Worker &worker, ClientSide &client,
        std::shared_ptr<void> owner, const SiteTable &sites, Begin begin, Done done);

    ProxyResponder(Worker &worker, ClientSide &client, std::shared_ptr<void> owner, const Site &site,
        const UpstreamTarget &target, Begin begin, Done done);
    ~ProxyResponder(); // gives its upstream slot back if it still holds one (the worker stops)
    ProxyResponder(const ProxyResponder &) = delete;
    ProxyResponder &operator=(const ProxyResponder &) = delete;

    // Sends the request; `leftover`: what the client sent after an upgrade request.
    void start(std::string leftover);
    bool isUpgrade() const { return m_upgrade; }
    SiteCounters *siteCounters() const;
    // The client connection closes: closes the upstream; `done` follows.
    void abort();

private:
    using Socket = UpstreamPool::Socket;
    using Clock = std::chrono::steady_clock;

    void connect();
    // ProxyQueue.cpp: waiting for a connection (UpstreamPool's bound).
    void queue();
    void upstreamReady(std::optional<Socket> socket) override;
    void hungUp() override; // the client hung up while queued: the wait ends (499)
    void queueTimedOut(); // 503
    void leftQueue(); // abort() while queued: finish() from a handler of its own
    // ProxyUpload.cpp: the head (and the body that came with it), then the rest of the body.
    void send();
    void askForBody(); // "100 Continue" first when the client waits for it
    void continueSent(bool ok) override;
    void readUpload();
    void bodyRead(int result) override;
    // While the client's next piece is awaited: the upstream answering (or
    // closing) first ends the upload and its answer goes to the client.
    void watchForEarlyAnswer();
    void writeUpload();
    // The client's side of the upload stopped: `status` 400 or 413 (its body),
    // 408 (too slow), 0 (gone: 499).
    void stopUpload(int status);
    // Appends the head for the upstream to m_request (ProxyMatch.cpp), with the body that came with it.
    void writeRequestHead(const Site &site);
    // ProxyRelay.cpp: the answer.
    void readHead();
    void onHeadError(const boost::system::error_code &ec);
    void writeHead();
    void headSent(bool ok) override;
    // The body bytes of a Content-Length response that are all in m_buffer
    // already, parsed into m_piece: their count (0: read them with readBody()).
    std::size_t takeBufferedBody();
    void readBody();
    void writePiece(std::size_t bytes);
    void pieceSent(bool ok) override;
    // The upstream's body stopped before its end (`error`: it closed, or timed
    // out): the `got` bytes read of it still go to the client, then the
    // response is cut short (the client's connection closes, its HTTP/2
    // stream is reset), as nginx's "upstream prematurely closed connection
    // while reading upstream".
    void cutBody(ProxyError error, std::size_t got);
    void finishBody();
    void bodyEnded(bool ok) override;
    void fail(ProxyError error, int status);
    void finish(bool keepAlive);
    void startTunnel();
    void arm(); // the site's upstream timeout
    void arm(std::chrono::milliseconds timeout);
    std::int64_t sinceStart() const;

    Worker &m_worker;
    ClientSide &m_client;
    std::shared_ptr<void> m_owner;
    const Site &m_site;
    const UpstreamTarget &m_target;
    Begin m_begin;
    Done m_done;
    std::string m_request; // the head for the upstream, and the body that came with it
    std::string m_clientLeftover;
    std::string m_out; // the response head for the client
    std::optional<Socket> m_upstream;
    UpstreamPool::Upstream *m_slots = nullptr; // the target's in the worker's pool, once start()ed
    bool m_holdsSlot = false; // one of m_slots' connections is this request's (given back by finish())
    boost::beast::flat_buffer m_buffer;
    std::optional<UpstreamResponseParser> m_parser;
    // Not zeroed: a read buffer; zeroing 16 KiB per request cost about 16,000
    // instructions each (callgrind).
    std::array<char, kPieceBytes> m_piece;
    boost::asio::steady_timer m_timer;
    Clock::time_point m_started = Clock::now();
    ProxyOutcome m_outcome;
    bool m_clientKeepAlive = true;
    bool m_headOnly = false;
    bool m_retryable = false;
    bool m_reused = false;
    bool m_cutting = false; // cutBody(): the last piece goes out, then the response is cut short
    bool m_switching = false; // the head sent is a 101 to an upgrade: the tunnel follows
    bool m_noBody = false; // the head sent has no body (HEAD, 1xx, 204, 304)
    bool m_upgrade = false;
    bool m_chunkedUpload = false; // the request body goes upstream re-chunked
    bool m_continueSent = false;
    bool m_readingClient = false; // a read of the request body is pending (a timeout cancels it)
    bool m_earlyAnswer = false; // the upstream became readable before the body's end
    bool m_uploadCut = false; // the upstream got part of the body only: never pooled
    bool m_acceptsHtml = false; // the client's Accept names text/html (the 502 page's type)
    bool m_timedOut = false;
    bool m_finished = false;
    bool m_aborted = false; // abort(): the client connection is closing
};

} // namespace hostbench::http
