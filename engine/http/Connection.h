#pragma once

#include "http/Http1ClientSide.h"
#include "http/Http2Connection.h"
#include "http/LogRecord.h"
#include "http/LogWriter.h"
#include "http/PhpMatch.h"
#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/Response.h"
#include "tls/TlsStream.h"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/intrusive/list_hook.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace hostbench::http {

class FastCgiResponder;
class ProxyResponder;
struct ProxyOutcome;
class SiteTable;
struct SiteCounters;
class Worker;

using ConnectionHook
    = boost::intrusive::list_base_hook<boost::intrusive::link_mode<boost::intrusive::auto_unlink>>;

/*
 * One accepted TCP connection: reads requests with RequestParser, lets the
 * worker's RequestHandler answer, writes each response and goes on with the
 * next request (RFC 9112 §9.3 persistence; pipelined requests already in
 * the input buffer are answered in order, one at a time).
 *
 * A response is a head plus an inline body, written with one send(2) right
 * where it was made, as nginx does (an asynchronous write only when the
 * socket buffer is full); a file body up to kInlineFileLimit bytes is read
 * into the same buffer, a larger one follows the head with sendfile(2), so
 * a 128 MB file never passes through memory: in calls of at most half the
 * send buffer (64-256 KiB), waiting for writability when one is cut short,
 * and yielding to the worker's other connections after 1 MiB (sendFile()).
 *
 * Closing: after "Connection: close", an HTTP/1.0 request without
 * keep-alive, an error RequestParser found (400, 413, 414, 431, 501, 505),
 * or when the worker's tick finds the deadline passed (expire(): a request
 * under way gets 408 first). Deadlines, from the worker's timeouts: the
 * header timeout from a request's first byte until its head is read, then
 * per read of the body; keep-alive between requests; send per write
 * progress. "Expect: 100-continue" is answered with 100 once the head is
 * accepted and before the body is read (not when the head is refused).
 * After an error response, or with unread input, the connection half-closes
 * and drains input for up to kLingerTimeoutS, so the client reads the
 * response before the reset that closing with unread data would cause.
 *
 * Every response is counted (WorkerCounters, the site's counters) and
 * logged once: when it is sent, or when it is given up mid-way (the peer
 * hung up, a send failed or timed out), then with its status and the bytes
 * actually sent, as nginx logs an aborted download. Its log stamp is read
 * before its first byte goes out (LogWriter::beginResponse).
 *
 * A request for a PHP script (Site::runsPhp, matchPhp(); after fixed routes
 * and proxied paths) is handed to a FastCgiResponder the same way
 * (ConnectionPhp.cpp); a path the PHP rules refuse gets 403 or 404 once its
 * body is read.
 *
 * A request to a proxied path (Site::proxies) is handed to a ProxyResponder
 * once its head is parsed (startProxy(), ConnectionProxy.cpp), which reads
 * its body on and writes its answer through m_client (Http1ClientSide: this
 * connection's socket, input, parser and HTTP/1.1 framing); the connection waits,
 * with no deadline of its own (the responder's timeouts apply), until
 * proxyDone() counts and logs the answer as any other (recordResponse())
 * and goes on, or writes the 502/504 (413, 408) the responder asked for. A relayed
 * answer cut short is given up as abortResponse() does; a client gone (or a
 * worker stopping) before any answer is logged as 499, as nginx does.
 *
 * The write side (ConnectionWrite.cpp) goes in phases: plan the body (from
 * memory, copied or gathered; a small file read in; a large one by
 * sendfile), write the head, send now, continue asynchronously.
 *
 * On a TLS listener (start(..., tls)), the first byte is looked at before
 * anything else: a TLS handshake record (RFC 8446 §5.1, content type 22)
 * goes on to the handshake, within the header timeout; anything else is
 * plain HTTP sent to the HTTPS port, answered with a cleartext 400 that
 * says so (nginx's 497) and closed. After the handshake every byte goes
 * through m_stream (tls::Stream), the same calls as in cleartext; a file
 * body is read into memory and encrypted, in pieces of kTlsFileChunk (no
 * sendfile through TLS without kernel TLS). A request whose Host names
 * another site than the handshake's server name (SNI) gets 421 (RFC 9110
 * §15.5.20).
 *
 * HTTP/2 (RFC 9113): a cleartext connection whose first bytes are the
 * HTTP/2 client preface (prior knowledge, RFC 9113 §3.3), or a TLS one whose
 * handshake chose "h2" by ALPN, is handed to an Http2Connection this one owns
 * (startHttp2()), which then reads and writes m_stream; expire(), close() and
 * stop() go to it. Only with the worker's http2Enabled().
 *
 * Kept alive by the shared_ptr in its pending handler (there is always
 * exactly one while it is open); listed in its worker's intrusive list for
 * the tick and for stop. Thread: its worker's thread only.
 */
class Connection final : public std::enable_shared_from_this<Connection>, public ConnectionHook
{
public:
    static constexpr std::size_t kReadSize = 4096;
    static constexpr std::uint64_t kInlineFileLimit = 16 * 1024;
    // A body from memory above this many bytes is sent gathered with the head (sendmsg), not copied.
    static constexpr std::size_t kGatherBodyBytes = 4 * 1024;
    // Room reserved for a response head (most are 200-300 bytes).
    static constexpr std::size_t kHeadReserveBytes = 400;
    static constexpr std::size_t kKeptOutputCapacity = 32 * 1024;

    // A file body over TLS is read and encrypted in pieces of this size.
    static constexpr std::size_t kTlsFileChunk = 64 * 1024;

    Connection(Worker &worker, boost::asio::ip::tcp::socket socket);
    ~Connection();
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    // `overCap`: the worker is at its connection cap; answer 503 and close.
    // `tls`: accepted on the TLS listener (the worker's TlsSites).
    void start(bool overCap = false, bool tls = false);
    // Closes the socket; the pending handler then fails and releases the connection.
    void close();
    // The worker stops: close(), but HTTP/2 first sends GOAWAY and finishes the streams under way.
    void stop();
    // The sites were reloaded: HTTP/2 sends GOAWAY NO_ERROR, finishes the
    // streams under way and closes, so that the client's next requests
    // open a connection on the new sites and certificates (RFC 9113 §6.8);
    // HTTP/1.1 takes the new sites from its next request and is left alone.
    void reloaded();
    // The deadline has passed: 408 for a request under way, else close().
    void expire();
    bool isExpired(unsigned tick) const { return m_h2 ? m_h2->isExpired(tick) : tick >= m_deadline; }

private:
    enum class Phase { Reading, Writing, Lingering, Proxying, Http2 };

    // TLS: the first byte decides (handshake or cleartext HTTP), then the handshake.
    void startTls(bool overCap);
    void afterHandshake(bool overCap);
    // Cleartext, the first request: true when the input is (or may still become) the HTTP/2 preface,
    // and then either HTTP/2 took over or more input is being read.
    bool checkPreface();
    // From here on the connection speaks HTTP/2 (Http2Connection), from what m_input holds.
    void startHttp2(bool overCap);
    // The request's Host names another site than the TLS server name: answered 421.
    bool misdirected() const;
    // Cleartext, to a site with SiteTls::redirectToHttps while the TLS listener
    // runs: the 308 answered (and the connection closed); false otherwise.
    bool redirectedToHttps();
    void readRequest();
    void startRequestClock();
    bool sendContinue(); // false when an asynchronous write or a close took over
    void answerAndClose(int status);
    void processInput();
    void respond();
    // True when a ProxyResponder took the parsed request over.
    bool startProxy();
    void proxyDone(const ProxyOutcome &outcome);
    // ConnectionPhp.cpp: true when a FastCgiResponder took the parsed request
    // over; a path PHP refuses sets m_phpStatus (answered by respond()).
    bool startPhp();
    void phpDone(const ProxyOutcome &outcome);
    void answerPhpRefusal();
    // A proxied or PHP request ended (`site`: the site that answered): counted and logged, the next may come.
    void upstreamDone(const ProxyOutcome &outcome, SiteCounters *site);

    // Where the body of the response being written comes from.
    struct BodyPlan
    {
        enum class Source { None, Memory, Gathered, InlineFile, Sendfile };
        Source source = Source::None;
        std::size_t copied = 0; // body bytes copied behind the head
    };
    // Returns true when the connection may go on with the next request at
    // once; false when an asynchronous write, a close or a linger took over.
    // Stamps the response for the log (LogWriter::beginResponse) first.
    bool writeResponse();
    // The body goes out from m_response.file (sendfile, or read for TLS), not from memory.
    bool sendsFromFile() const;
    BodyPlan planBody() const;
    void writeHead(const BodyPlan &plan);
    // Appends a copied body to the head; returns a body sent gathered with it (sendmsg).
    std::string_view attachBody(const BodyPlan &plan);
    // One send(2) or sendmsg(2) of the head and `gathered`; false on an error other than a full buffer.
    bool sendNow(std::string_view gathered, std::size_t &written);
    // What sendNow() left: an asynchronous write of the rest, then the file (sendFile()).
    bool continueAsynchronously(std::string_view gathered, std::size_t written);
    void afterWrite(const boost::system::error_code &ec, std::size_t bytes);
    // The log's stamp of the response about to go out (LogWriter::beginResponse); it is then open.
    void beginResponse();
    // The response is sent: counted, logged, and the next request may come (true).
    bool finishResponse();
    // The response under way is given up (the peer hung up, a send failed or
    // timed out): counted and logged with the bytes sent so far, then closed.
    void abortResponse();
    void recordResponse();
    // Sends the file body from m_fileOffset while the socket takes it, in
    // chunks sized from its send buffer (sendfileChunk()), then waits for
    // writability or yields to the worker's other connections.
    void sendFile();
    // sendFile() over TLS: pread(2) into m_output, then an encrypted write.
    void sendFileTls();
    std::uint64_t sendfileChunk();
    void waitWritable();
    void closeGracefully();
    void drain();
    void setDeadline(unsigned seconds);

    Worker &m_worker;
    tls::Stream m_stream; // the client's socket, and its TLS state on a TLS listener
    boost::beast::flat_buffer m_input;
    Request m_request;
    std::optional<RequestParser> m_parser;
    Response m_response;
    std::string m_output;
    std::shared_ptr<const SiteTable> m_sites; // the table the current response was made from
    std::shared_ptr<ProxyResponder> m_proxy; // the request being proxied; null when none
    std::shared_ptr<FastCgiResponder> m_php; // the request running in PHP-FPM; null when none
    std::unique_ptr<Http2Connection> m_h2; // the connection speaks HTTP/2; null for HTTP/1.x
    int m_phpStatus = 0; // 403 or 404: the PHP rules refused the current request's path
    const char *m_phpReason = nullptr; // for the error log
    std::uint64_t m_fileOffset = 0;
    std::uint64_t m_fileRemaining = 0;
    std::uint64_t m_responseBytes = 0; // written for the current response (its site's bytes sent)
    std::size_t m_headBytes = 0; // of them, the head's
    std::chrono::steady_clock::time_point m_parsedAt;
    std::string m_serverName; // TLS: the handshake's server name (SNI), lower case; empty when none
    PeerAddress m_peer; // for the logs, looked up on the first logged request
    FastCgiPeer m_sockets; // for PHP's REMOTE_ADDR and SERVER_ADDR, looked up on the first PHP request
    Http1ClientSide m_client; // the responders' side of this connection (its socket, input and parser)
    LogWriter::Stamp m_logStamp; // the current response's place in the log's order
    unsigned m_deadline = 0; // in worker ticks (seconds)
    bool m_answeredOne = false;
    bool m_responseOpen = false; // a response is being written, not yet counted
    bool m_noDelay = false; // TCP_NODELAY set (after the first keep-alive answer)
    bool m_requestStarted = false; // the header deadline of the current request is set
    bool m_continueSent = false;
    bool m_timedOut = false; // expire() cancelled the read; its handler answers 408
    bool m_proxyChecked = false; // the current request's head was offered to startProxy()
    bool m_prefaceChecked = false; // the first bytes were compared with the HTTP/2 preface
    Phase m_phase = Phase::Reading;
};

} // namespace hostbench::http
