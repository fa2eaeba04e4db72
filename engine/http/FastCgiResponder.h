#pragma once

#include "http/FastCgiRecord.h"
#include "http/PhpMatch.h"
#include "http/ProxyResponder.h"
#include "http/UniqueFd.h"
#include "http/UpstreamPool.h"
#include "tls/TlsStream.h"

#include <boost/asio/generic/stream_protocol.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace hostbench::http {

// Why a PHP request failed, for the error log and /metrics (hostbench_fastcgi_errors_total).
enum class FastCgiError : int {
    Unavailable, // no PHP-FPM to connect to (refused, socket missing, "auto" with no pool): 502 at once
    Timeout, // nothing within PhpSite::timeoutMs: 504 (or the response cut short)
    BadHead, // an invalid CGI response head: 502
    HeadTooLarge, // a CGI head over fastcgi::CgiHead::kMaxHeadBytes: 502
    Malformed, // a record the protocol does not allow here: 502 (or the response cut short)
    ClosedEarly, // PHP-FPM closed before the response head: 502
    ClosedMidBody, // PHP-FPM closed before END_REQUEST, the head sent: the response cut short
    QueueTimeout, // every connection the worker may open to PHP-FPM stayed busy for PhpSite::timeoutMs: 503
    Count
};

/*
 * One PHP request through FastCGI (issue #25; FastCGI 1.0 specification,
 * nginx's ngx_http_fastcgi_module as the reference): runs the script that
 * matchPhp() chose in the site's PHP-FPM and relays its answer to the
 * client's side (ClientSide: an HTTP/1.x connection or an HTTP/2 stream),
 * while its Connection or stream waits; the mirror of ProxyResponder, whose
 * outcome (ProxyOutcome) it shares.
 *
 *  - Connections come from the worker's UpstreamPool (key "fastcgi:" and
 *    PhpSite::address; unix sockets and TCP alike), are opened with
 *    FCGI_KEEP_CONN, carry one request at a time (request id 1), and go
 *    back only after FCGI_END_REQUEST with nothing unread behind it and the
 *    request body sent whole.
 *  - The pool bounds them as the proxy's (per worker and address, busy and
 *    idle: model::ServerConfig::upstreamConnectionsPerWorker): a request
 *    that finds them all busy waits in the address's FIFO queue
 *    (FastCgiQueue.cpp; WorkerCounters::phpQueued) for one to be given back
 *    or closed, at most PhpSite::timeoutMs, then 503 with "Retry-After: 1"
 *    (FastCgiError::QueueTimeout); a client that hangs up meanwhile leaves
 *    at once (499). Without the bound, every HTTP/2 stream opened a
 *    connection of its own: h2load -c 50 -m 100 made 5,000 at once,
 *    PHP-FPM's listen backlog overflowed (EAGAIN on its socket), and about
 *    20% of the requests got 502 "cannot be reached" while PHP-FPM was only
 *    busy. nginx has the same failure there (its "connect() to unix:...
 *    failed (11: Resource temporarily unavailable)"), and no queue outside
 *    its commercial version.
 *  - "Pinned" workers: a PHP-FPM worker serves one connection at a time and,
 *    with FCGI_KEEP_CONN, waits on it for the next request instead of
 *    accepting another, so each idle kept connection holds one of
 *    pm.max_children. With more requests at once than children, the new
 *    connections would wait in PHP-FPM's listen queue behind idle ones
 *    until those expired (measured before this rule: 4 of 6 concurrent
 *    requests to a pool of 2 stalled past 20 s). So a connection opened
 *    and not answered within kPinnedAfter counts in PhpSite::unanswered
 *    (all workers) until it is; while that is above 0 a finished
 *    connection is closed rather than kept (its PHP-FPM worker then
 *    accepts the next one), and each worker's tick (1 s) closes its idle
 *    ones (UpstreamPool::prune). Counting every new connection at once
 *    (the first try) made a pool that is busy on its CPU close every
 *    connection: a new one is slow to be answered there too, only not
 *    for long.
 *    This is why nginx's fastcgi_keep_conn wants `keepalive` below
 *    pm.max_children; here it needs no setting.
 *  - The request: FCGI_BEGIN_REQUEST (RESPONDER), the FCGI_PARAMS of
 *    fastCgiParams(), then the body as FCGI_STDIN records, streamed as
 *    ProxyResponder streams it (FastCgiUpload.cpp): the client's side reads
 *    it a piece at a time, each piece written to PHP-FPM before the next
 *    read (back-pressure; memory one piece); an empty FCGI_STDIN ends it.
 *    "Expect: 100-continue" is answered once PHP-FPM's connection is
 *    ready. A chunked body (HTTP/2: one without content-length) still arriving is
 *    spooled first (FastCgiSpool.cpp), as nginx does, since PHP-FPM reads
 *    no more than CONTENT_LENGTH: read whole (the site's body limit, 413,
 *    and the header timeout per read, 408, apply), in memory up to
 *    kSpoolMemoryBytes, beyond that in an unnamed temporary file (TMPDIR or
 *    /tmp, O_TMPFILE, mode 0600); then PHP-FPM is asked with its length and
 *    the body follows from the file a piece at a time. A file that cannot
 *    be made or written is a 500 naming the reason.
 *  - The answer (FastCgiRelay.cpp): FCGI_STDOUT is read kPieceBytes at a
 *    time; its CGI head (fastcgi::CgiHead: Status, Location -> 302, every
 *    Set-Cookie) becomes the response head, with Date and Server, then the
 *    body pieces follow, each written to the client before the next read
 *    (back-pressure; memory one piece). Content-Length is kept when PHP
 *    gave one; otherwise the body goes chunked to an HTTP/1.1 client,
 *    delimited by closing to an HTTP/1.0 one, in DATA frames to HTTP/2
 *    (each Set-Cookie a field of its own). Each FCGI_STDERR record is
 *    one line in the site's error log (trimmed; LogWriter::logMessage).
 *  - Errors: nothing to connect to (refused, socket missing, an address
 *    that is "auto" unresolved or not numeric) -> 502 at once; nothing
 *    within PhpSite::timeoutMs (connect, each write to PHP-FPM, the head,
 *    each read) -> 504, FCGI_ABORT_REQUEST sent where the socket takes it
 *    and the connection closed; an invalid head or records -> 502; PHP-FPM
 *    closing (or a timeout, malformed records) after the head went out ->
 *    the response cut short (the client's connection closes). Each is
 *    counted (WorkerCounters::phpErrors) and named in the error log
 *    (Response::errorReason, interned texts naming the address).
 *  - A client gone (a failed write, Connection::close()) closes PHP-FPM's
 *    connection; before the head it is ProxyOutcome::clientGone (499).
 *
 * Timing (ProxyOutcome::timing, as the proxy's: PHP-FPM is the site's
 * upstream): µs from the start to the connection (0 pooled), to the CGI
 * head, to END_REQUEST.
 *
 * Thread: its worker's thread only. Kept alive by its pending handlers; it
 * keeps the client connection alive (`owner`) until its last handler ran.
 */
class FastCgiResponder final : public std::enable_shared_from_this<FastCgiResponder>,
                               private UpstreamPool::Waiter,
                               private ClientSide::Events
{
public:
    static constexpr std::size_t kPieceBytes = 16 * 1024;
    // A spooled body up to this size stays in memory (nginx's client_body_buffer_size is 16 KiB).
    static constexpr std::size_t kSpoolMemoryBytes = 64 * 1024;
    // A new connection unanswered this long counts as queued behind pinned PHP-FPM workers.
    static constexpr std::chrono::milliseconds kPinnedAfter { 100 };

    using Begin = ProxyResponder::Begin;
    using Done = ProxyResponder::Done;

    // What a PHP site does with a request whose head is parsed: a responder
    // for a script; `status` 403 or 404 (with `reason`) for a path PHP
    // refuses (Connection answers it once the body is read); neither for
    // everything else (a fixed route, a static file, no PHP site).
    struct Dispatch
    {
        std::shared_ptr<FastCgiResponder> responder;
        int status = 0;
        const char *reason = nullptr;
    };
    static Dispatch forRequest(Worker &worker, ClientSide &client, std::shared_ptr<void> owner,
        const SiteTable &sites, Begin begin, Done done);

    FastCgiResponder(Worker &worker, ClientSide &client, std::shared_ptr<void> owner, const Site &site,
        PhpScript script, Begin begin, Done done);
    ~FastCgiResponder();

    void start();
    SiteCounters *siteCounters() const;
    // The client connection closes: closes PHP-FPM's connection; `done` follows.
    void abort();

private:
    using Socket = UpstreamPool::Socket;
    using Clock = std::chrono::steady_clock;

    // FastCgiResponder.cpp: connection, timeouts, errors, the end.
    bool resolveEndpoint();
    void connectOrReuse();
    void connect();
    void arm();
    void arm(std::chrono::milliseconds timeout);
    void onTimeout();
    void fail(FastCgiError error, int status, std::string_view detail = {});
    const char *reasonFor(FastCgiError error, std::string_view detail) const;
    void finish(bool keepAlive);
    void watchForPinning();
    void answered();
    std::int64_t sinceStart() const;
    // FastCgiUpload.cpp: BEGIN_REQUEST, PARAMS and the body that came with the head, then the rest.
    void writeRequestRecords();
    void send();
    void askForBody();
    void continueSent(bool ok) override;
    void readUpload();
    void bodyRead(int result) override;
    void writeUpload();
    void stopUpload(int status);
    void onWriteError();
    // FastCgiSpool.cpp: a chunked body still arriving, read whole first.
    void startSpool();
    void spoolPiece();
    void spoolFailed();
    void writeSpooled();
    // FastCgiRelay.cpp: the records read, the head and body relayed.
    void readRecords();
    void decode();
    void onStdout(std::string_view data);
    void writeHead(std::string_view bodyStart);
    void headSent(bool ok) override;
    void writeBody(std::string_view piece);
    // `piece` cut to what PHP's Content-Length leaves (all of it when PHP gave none).
    std::string_view withinLength(std::string_view piece);
    void pieceSent(bool ok) override;
    void onReadError();
    void cutBody(FastCgiError error, std::string_view detail = {});
    void finishBody();
    // The rest of the answer after the head's STDOUT piece is in m_pending: END_REQUEST, no more body.
    bool wholeBodyBuffered() const;
    void bodyEnded(bool ok) override;
    // FastCgiQueue.cpp: the wait for a connection when all the worker may open are busy.
    void queue();
    void upstreamReady(std::optional<Socket> socket) override;
    void hungUp() override; // the client hung up while queued: the wait ends (499)
    void queueTimedOut(); // 503
    void leftQueue(); // abort() while queued: finish() from a handler of its own
    void logStderr(std::string_view text);

    Worker &m_worker;
    ClientSide &m_client;
    std::shared_ptr<void> m_owner;
    const Site &m_site;
    PhpScript m_script;
    Begin m_begin;
    Done m_done;
    std::string m_key; // the pool's: "fastcgi:" + address
    std::string m_request; // the records for PHP-FPM (BEGIN_REQUEST, PARAMS, the first STDIN)
    std::string m_out; // STDIN framing for PHP-FPM, the response head for the client
    std::optional<Socket> m_upstream;
    UpstreamPool::Upstream *m_slots = nullptr; // m_key's in the worker's pool, once asked for a connection
    bool m_holdsSlot = false; // one of m_slots' connections is this request's (given back by finish())
    std::string m_spoolMemory; // a spooled body while it fits kSpoolMemoryBytes
    UniqueFd m_spoolFile; // beyond that: the unnamed file holding it
    std::uint64_t m_spooled = 0; // bytes of body spooled
    std::uint64_t m_spoolSent = 0; // of them, sent to PHP-FPM
    // Not zeroed: a read buffer; zeroing 16 KiB per request cost about 16,000
    // instructions each (callgrind, W5).
    std::array<char, kPieceBytes> m_in;
    std::string_view m_pending; // what is left to decode of m_in
    std::string_view m_bodyStart; // the body that came with the CGI head, sent once the head is
    fastcgi::Decoder m_decoder;
    fastcgi::CgiHead m_head;
    boost::asio::steady_timer m_timer;
    std::optional<boost::asio::steady_timer> m_pinTimer; // a new connection's kPinnedAfter, until answered
    Clock::time_point m_started = Clock::now();
    ProxyOutcome m_outcome;
    bool m_clientKeepAlive = true;
    bool m_headOnly = false;
    bool m_noBody = false; // HEAD, 204, 304: PHP's body is read and dropped
    bool m_headSent = false;
    std::optional<std::uint64_t> m_declaredLength; // the client's Content-Length, when the answer has one
    std::uint64_t m_bodyRelayed = 0; // body bytes given to the client side
    bool m_excessLogged = false;
    bool m_continueSent = false;
    bool m_spooling = false; // reading a chunked body whole before PHP-FPM is asked
    bool m_unanswered = false; // counted in PhpSite::unanswered: new, unanswered past kPinnedAfter
    bool m_readingClient = false;
    bool m_uploadCut = false; // PHP-FPM got part of the body only: never pooled
    bool m_timedOut = false;
    bool m_finished = false;
    bool m_aborted = false;
};

} // namespace hostbench::http
