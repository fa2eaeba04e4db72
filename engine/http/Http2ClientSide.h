#pragma once

#include "http/ClientSide.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostbench::http {

class FastCgiResponder;
class Http2Connection;
class ProxyResponder;
struct SiteCounters;

/*
 * The client's side (ClientSide) of a proxied or PHP request on one HTTP/2
 * stream (RFC 9113), for its Http2Connection's nghttp2 session:
 *  - the request head's fields are kept for the upstream as HTTP/1.1's
 *    parser keeps them (Request::fields, lower-case names; the cookie
 *    fields joined with "; " into one, RFC 9113 §8.2.3); content-length
 *    gives the body's length, none means a length unknown ahead (the
 *    proxy's chunked upload, PHP's spool) unless the stream ended first;
 *  - the body: DATA is kept as it comes (bounded by the stream's window,
 *    kInitialWindowSize, opened again only by what a read takes), each
 *    readBody() takes what came; a body without content-length past the
 *    site's limit is a 413 (with one, nghttp2 holds it to its length);
 *  - the answer: the responder's head lines become the response's fields
 *    (names lower-cased, connection-specific ones never sent, RFC 9113
 *    §8.2.2; each Set-Cookie its own field), the body pieces DATA frames
 *    through a deferred nghttp2 data source, each piece taken whole before
 *    the next is asked for (headSent / pieceSent): a stream whose window
 *    is closed, or a socket that takes nothing, holds its responder's next
 *    upstream read. END_STREAM with the body's last byte when its
 *    content-length is known, else with endBody(); a body shorter than its
 *    content-length, or given up, resets the stream (INTERNAL_ERROR).
 * Events are posted to the worker's loop, never called from inside
 * nghttp2. Once the stream is closed (reset, or the connection gone) every
 * operation fails at once.
 *
 * Thread: its worker's thread. Owned by its Http2Connection's Stream and
 * reused with it (reset()); outlives its responder's use of it.
 */
class Http2ClientSide final : public ClientSide
{
public:
    Http2ClientSide(Http2Connection &connection, tls::Stream &stream, Request &request, PeerAddress &peer,
        FastCgiPeer &sockets);

    // Ready for stream `id`: nothing received, nothing sent, no responder.
    void reset(std::int32_t id);

    // From nghttp2's callbacks: a request field (not a pseudo-header), the end of the head
    // (`ended`: END_STREAM came with it), DATA of the body, the client's END_STREAM.
    void field(std::string_view name, std::string_view value);
    void headEnded(bool ended);
    void received(const std::uint8_t *data, std::size_t length);
    void ended();
    // The stream is closed (nghttp2 closed it, or the connection closes): what is pending fails.
    void closed();

    // A responder may start: what came so far is the body that came with the head
    // (request().body); `limit`: the site's body limit (bytes). openWindow() once one did:
    // the stream's window opens for what it took.
    void startBody(std::uint64_t limit);
    void openWindow();
    // The stream is static after all: the body kept is dropped, the window left as it is.
    void dropBody();
    bool requestEnded() const { return m_ended; }
    bool bodyTooLarge() const { return m_tooLarge; } // no content-length, and past the limit
    bool answerEnded() const { return m_eofSent; } // END_STREAM handed to nghttp2

    // The responder that has the stream (one of the two), and what they share.
    std::shared_ptr<ProxyResponder> proxy;
    std::shared_ptr<FastCgiResponder> php;
    SiteCounters *responderSite() const;
    void abortResponder();

    bool bodyDone() const override { return m_ended && m_upload.empty(); }
    bool bodyLengthUnknown() const override { return !m_contentLength; }
    std::uint64_t bodyLength() const override { return m_contentLength.value_or(0); }
    bool expectsContinue() const override { return m_expectContinue && !bodyDone(); }
    void sendContinue() override;
    void readBody() override;
    void watchHangup() override { } // a reset stream aborts its responder (Http2Connection)
    void cancel() override;

    void startHead(std::string &, unsigned status, std::string_view) override { m_status = status; }
    bool sendHead(const Head &head, std::string &text, std::string_view bodyStart) override;
    void sendPiece(std::string_view piece) override;
    bool endBody() override;
    void giveUp() override;

    // For the answer's nghttp2 data source: up to `length` body bytes into
    // `buffer`, NGHTTP2_DATA_FLAG_EOF in `flags` at the end; NGHTTP2_ERR_DEFERRED
    // while the responder has no piece ready.
    long fill(std::uint8_t *buffer, std::size_t length, std::uint32_t &flags);

private:
    enum class Sending { None, Head, Piece };
    void completeSend(bool ok);
    void completeRead(int result);
    void credit(std::size_t bytes); // the stream's window opened by `bytes` taken
    void resume(); // the data source has something (or its end) to give
    void resetStream(std::uint32_t errorCode); // RST_STREAM; nothing more goes to nghttp2

    Http2Connection &m_connection;
    std::int32_t m_id = 0;
    std::string m_upload; // DATA received and not yet taken
    std::string m_cookies; // the cookie fields, joined
    std::optional<std::uint64_t> m_contentLength;
    std::uint64_t m_received = 0; // body bytes received
    std::optional<std::uint64_t> m_limit; // the site's body limit, from startBody()
    std::size_t m_taken = 0; // by startBody(), credited by openWindow()
    std::optional<std::uint64_t> m_remaining; // of the answer's content-length, to hand to nghttp2
    std::string_view m_piece; // the answer's piece being handed to nghttp2
    unsigned m_status = 200; // startHead()'s, the answer's :status
    Sending m_sending = Sending::None;
    bool m_reading = false;
    bool m_expectContinue = false;
    bool m_ended = false; // the client's END_STREAM
    bool m_tooLarge = false; // 413: past the site's body limit
    bool m_gone = false; // closed, or given up: nothing more goes to nghttp2
    bool m_ending = false; // endBody(): END_STREAM once the last piece is out
    bool m_eofSent = false;
};

} // namespace hostbench::http
