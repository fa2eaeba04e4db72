#include "http/Http1ClientSide.h"

#include "http/FieldText.h"
#include "http/Request.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>

#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cerrno>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

namespace {

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
constexpr std::string_view kLastChunk = "0\r\n\r\n";

} // namespace

void Http1ClientSide::sendContinue()
{
    asio::async_write(m_stream, asio::buffer(kContinue),
        [events = m_events](const beast::error_code &ec, std::size_t) { events->continueSent(!ec); });
}

void Http1ClientSide::readBody()
{
    m_stream.async_read_some(m_input.prepare(kPieceBytes),
        [this, events = m_events](const beast::error_code &ec, std::size_t bytes) {
            if (ec) {
                events->bodyRead(ec == asio::error::operation_aborted ? kCancelled : kGone);
                return;
            }
            m_input.commit(bytes);
            // The parser decodes what came into Request::body (chunks unframed) and
            // stops at the body's end: a next request's bytes stay in the input.
            beast::error_code parsed;
            const std::size_t used = m_parser->feed(m_input.data(), parsed);
            m_input.consume(used);
            if (parsed && parsed != bhttp::error::need_more) {
                events->bodyRead(m_parser->errorStatus(parsed)); // 413 past the body limit, 400 a bad chunk
                return;
            }
            events->bodyRead(kPiece);
        });
}

void Http1ClientSide::watchHangup()
{
    watch(m_events);
}

void Http1ClientSide::watch(std::shared_ptr<Events> events)
{
    m_stream.async_wait(asio::socket_base::wait_read, [this, events](const beast::error_code &ec) {
        if (ec)
            return; // cancelled: handed a connection, timed out, or closed
        char byte = 0;
        const ssize_t n = ::recv(m_stream.native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        if (n > 0)
            return; // more from the client (its body, a pipelined request): no longer watched
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            watch(events);
            return;
        }
        events->hungUp(); // end of stream or an error: nginx's check of a broken connection
    });
}

void Http1ClientSide::cancel()
{
    beast::error_code ignored;
    m_stream.cancel(ignored);
}

void Http1ClientSide::startHead(std::string &text, unsigned status, std::string_view reason)
{
    text.append(m_request.version >= 11 ? "HTTP/1.1 " : "HTTP/1.0 ");
    FieldText::appendNumber(text, status);
    text.append(" ").append(reason).append("\r\n");
}

bool Http1ClientSide::sendHead(const Head &head, std::string &text, std::string_view bodyStart)
{
    const bool http11 = m_request.version >= 11;
    bool keepAlive = head.keepAlive;
    m_chunked = false;
    if (head.switching) {
        text.append("Connection: upgrade\r\n");
    } else if (head.contentLength || head.noBody) {
        if (head.contentLength) {
            text.append("Content-Length: ");
            FieldText::appendNumber(text, *head.contentLength);
            text.append("\r\n");
        }
    } else if (http11) {
        m_chunked = true;
        text.append("Transfer-Encoding: chunked\r\n");
    } else {
        keepAlive = false; // delimited by closing
    }
    if (!head.switching && !keepAlive)
        text.append("Connection: close\r\n");
    else if (!head.switching && !http11)
        text.append("Connection: keep-alive\r\n");
    text.append("\r\n");
    auto written = [this, events = m_events, early = bodyStart.size(), headBytes = text.size()](
                       const beast::error_code &ec, std::size_t bytes) {
        m_bytesSent += bytes;
        m_bodyBytes += std::min(early, bytes > headBytes ? bytes - headBytes : 0);
        events->headSent(!ec);
    };
    if (bodyStart.empty()) {
        asio::async_write(m_stream, asio::buffer(text), std::move(written));
        return keepAlive;
    }
    // A body that came whole with the head (W6p's 2 bytes, most API answers)
    // goes out with it: one send(2) for the two.
    const std::array<asio::const_buffer, 2> buffers { asio::buffer(text), asio::buffer(bodyStart) };
    asio::async_write(m_stream, buffers, std::move(written));
    return keepAlive;
}

void Http1ClientSide::sendPiece(std::string_view piece)
{
    m_framing.clear();
    if (m_chunked) {
        FieldText::appendNumber(m_framing, piece.size(), 16);
        m_framing.append("\r\n");
    }
    const std::array<asio::const_buffer, 3> buffers { asio::buffer(m_framing), asio::buffer(piece),
        asio::buffer(m_chunked ? std::string_view("\r\n") : std::string_view()) };
    asio::async_write(m_stream, buffers,
        [this, events = m_events, bytes = piece.size(), framing = m_framing.size()](
            const beast::error_code &ec, std::size_t written) {
            m_bytesSent += written;
            // The body bytes the client took: the chunk's size line may have gone out alone.
            m_bodyBytes += std::min(bytes, written > framing ? written - framing : 0);
            events->pieceSent(!ec);
        });
}

bool Http1ClientSide::endBody()
{
    if (!m_chunked)
        return true;
    asio::async_write(m_stream, asio::buffer(kLastChunk),
        [this, events = m_events](const beast::error_code &ec, std::size_t written) {
            m_bytesSent += written;
            events->bodyEnded(!ec);
        });
    return false;
}

void Http1ClientSide::giveUp()
{
    beast::error_code ignored;
    m_stream.close(ignored);
}

} // namespace hostbench::http
