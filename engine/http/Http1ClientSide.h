#pragma once

#include "http/ClientSide.h"
#include "http/RequestParser.h"

#include <boost/beast/core/flat_buffer.hpp>

#include <optional>
#include <string>

namespace hostbench::http {

/*
 * The client's side (ClientSide) of a proxied or PHP request on an HTTP/1.x
 * connection (RFC 9112): the body is read through the connection's input
 * buffer and RequestParser, a read of at most kPieceBytes at a time (chunks
 * unframed by the parser, a next request's bytes left in the input); the
 * answer is written to its socket: the head with the framing that the
 * client's version and the body allow (Content-Length kept; else chunked to
 * HTTP/1.1, delimited by closing to HTTP/1.0; "Connection: close" or
 * "keep-alive" as settled), the body a piece at a time (chunked, a chunk
 * per piece), "100 Continue" on request.
 *
 * Thread: its Connection's worker thread; a member of the Connection, which
 * outlives the responders attached to it.
 */
class Http1ClientSide final : public ClientSide
{
public:
    static constexpr std::size_t kPieceBytes = 16 * 1024;

    // The connection's parts; `parser` holds the current request's parser while a responder runs.
    Http1ClientSide(tls::Stream &stream, boost::beast::flat_buffer &input,
        std::optional<RequestParser> &parser, Request &request, PeerAddress &peer, FastCgiPeer &sockets)
        : ClientSide(stream, request, peer, sockets)
        , m_input(input)
        , m_parser(parser)
    { }

    bool bodyDone() const override { return m_parser->is_done(); }
    bool bodyLengthUnknown() const override { return m_parser->chunked(); }
    std::uint64_t bodyLength() const override { return m_parser->contentLength(); }
    bool expectsContinue() const override { return m_parser->expectsContinue(); }
    void sendContinue() override;
    void readBody() override;
    void watchHangup() override;
    void cancel() override;

    void startHead(std::string &text, unsigned status, std::string_view reason) override;
    bool sendHead(const Head &head, std::string &text, std::string_view bodyStart) override;
    void sendPiece(std::string_view piece) override;
    bool endBody() override;
    void giveUp() override;

private:
    void watch(std::shared_ptr<Events> events);

    boost::beast::flat_buffer &m_input;
    std::optional<RequestParser> &m_parser;
    std::string m_framing; // a chunk's size line, kept for the connection's next answers
    bool m_chunked = false; // the current answer's body goes chunked
};

} // namespace hostbench::http
