#pragma once

#include "http/LogRecord.h"
#include "http/PhpMatch.h"
#include "tls/TlsStream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace hostbench::http {

struct Request;

/*
 * The client's side of a proxied or PHP request: where the request body
 * comes from and where the answer goes, so that one ProxyResponder or
 * FastCgiResponder serves an HTTP/1.x connection (Http1ClientSide: the
 * connection's socket, parser and chunked framing) and an HTTP/2 stream
 * (Http2ClientSide: DATA frames in and out through nghttp2's flow control)
 * alike. The responder owns what it talks to upstream; this class owns how
 * the client is spoken to.
 *
 * Every operation starts at once and reports its end through the attached
 * Events, never from inside the call (except endBody(), which says so).
 * One operation at a time per direction: a send (head, piece, end, 100
 * Continue) and a read or a watch. The answer goes out a piece at a time,
 * the next piece only once the last was taken: by the socket (HTTP/1.1), by
 * nghttp2's frames as the stream's window allows (HTTP/2). That is the
 * back-pressure that slows the upstream's reads for a slow client.
 *
 * Thread: its connection's worker thread only, as its owner (Connection for
 * HTTP/1.x, Http2Connection for a stream), which outlives the responder
 * it is attached to.
 */
class ClientSide
{
public:
    // What an operation's end tells its responder (on the worker's thread).
    class Events
    {
    public:
        virtual void headSent(bool ok) = 0; // sendHead(): ok, or the client is gone
        virtual void pieceSent(bool ok) = 0; // sendPiece()
        virtual void bodyEnded(bool ok) = 0; // endBody() that returned false
        virtual void continueSent(bool ok) = 0; // sendContinue()
        // readBody(): kPiece (the next piece, maybe empty, is in request().body;
        // bodyDone() says whether more follows), kCancelled (cancel()),
        // kGone (the client closed or reset), or 400/413 (a bad or too large body).
        virtual void bodyRead(int result) = 0;
        virtual void hungUp() = 0; // watchHangup(): the client went away

    protected:
        ~Events() = default;
    };

    static constexpr int kPiece = 0;
    static constexpr int kCancelled = -1;
    static constexpr int kGone = 499;

    // How the answer's head frames its body (the responder's choice).
    struct Head
    {
        std::optional<std::uint64_t> contentLength; // a Content-Length field to send
        bool noBody = false; // HEAD, 1xx, 204, 304: nothing follows the head
        bool switching = false; // 101 to an upgrade (HTTP/1.1 only): a tunnel follows
        bool keepAlive = true; // the responder would keep the connection (HTTP/1.x)
    };

    // `stream`, `request`, `peer` and `sockets` are the owning connection's and outlive this.
    ClientSide(tls::Stream &stream, Request &request, PeerAddress &peer, FastCgiPeer &sockets)
        : m_stream(stream)
        , m_request(request)
        , m_peer(peer)
        , m_sockets(sockets)
    { }
    virtual ~ClientSide() = default;
    ClientSide(const ClientSide &) = delete;
    ClientSide &operator=(const ClientSide &) = delete;

    // A responder takes the client (its counts start at 0) until detach().
    void attach(std::shared_ptr<Events> events);
    void detach() { m_events.reset(); }

    Request &request() { return m_request; }
    // The connection's socket: its descriptor for the logs, a tunnel's client end (HTTP/1.1).
    tls::Stream &stream() { return m_stream; }
    bool isTls() const { return m_stream.isTls(); }
    // The client's address (getpeername once per connection), for X-Forwarded-For.
    const PeerAddress &peer();
    // Both ends' addresses and ports (once per connection), for PHP's REMOTE_ADDR and SERVER_ADDR.
    const FastCgiPeer &sockets();
    // Bytes written to the client since attach(): all, and of them the body's.
    std::uint64_t bytesSent() const { return m_bytesSent; }
    std::uint64_t bodyBytes() const { return m_bodyBytes; }

    // The request body. Done: no more than what request().body holds will come.
    virtual bool bodyDone() const = 0;
    // The length is not known ahead (chunked on HTTP/1.1, no content-length on HTTP/2).
    virtual bool bodyLengthUnknown() const = 0;
    virtual std::uint64_t bodyLength() const = 0; // Content-Length's; 0 when unknown or none
    virtual bool expectsContinue() const = 0; // "Expect: 100-continue" and a body to come
    virtual void sendContinue() = 0; // Events::continueSent
    virtual void readBody() = 0; // Events::bodyRead
    // Events::hungUp once the client goes away while nothing else is read;
    // HTTP/2: nothing (a stream reset aborts the responder itself).
    virtual void watchHangup() = 0;
    virtual void cancel() = 0; // the pending readBody() (kCancelled) or watchHangup()

    // The answer. startHead() begins `text` (HTTP/1.x: the status line); the
    // responder appends its fields ("Name: value\r\n" each); sendHead() adds
    // the framing and sends it with `bodyStart` (Events::headSent) and
    // returns the keep-alive settled (false for a body delimited by closing).
    // `text` and `bodyStart` must stay until headSent.
    virtual void startHead(std::string &text, unsigned status, std::string_view reason) = 0;
    virtual bool sendHead(const Head &head, std::string &text, std::string_view bodyStart) = 0;
    virtual void sendPiece(std::string_view piece) = 0; // Events::pieceSent; `piece` stays until then
    // The body's end: true when nothing needs writing (no Events call), false: Events::bodyEnded follows.
    virtual bool endBody() = 0;
    // The answer stops mid-way: HTTP/1.x closes the connection, HTTP/2 resets the stream.
    virtual void giveUp() = 0;

protected:
    tls::Stream &m_stream;
    Request &m_request;
    PeerAddress &m_peer;
    FastCgiPeer &m_sockets;
    std::shared_ptr<Events> m_events;
    std::uint64_t m_bytesSent = 0;
    std::uint64_t m_bodyBytes = 0;
};

} // namespace hostbench::http
