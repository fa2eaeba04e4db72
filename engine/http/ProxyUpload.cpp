// ProxyResponder's request side: the head for the upstream (with the body
// that came with it), then the rest of the request body as the client sends
// it, a piece at a time, each written to the upstream before the next read
// (ProxyResponder.h).
#include "http/ProxyResponder.h"

#include "http/FieldText.h"
#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/Worker.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>

#include <array>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

namespace {

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

} // namespace

void ProxyResponder::send()
{
    arm();
    asio::async_write(*m_upstream, asio::buffer(m_request),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            if (ec)
                self->onHeadError(ec);
            else if (self->m_clientParser.is_done())
                self->readHead();
            else
                self->askForBody();
        });
}

void ProxyResponder::askForBody()
{
    // As Connection::readRequest does for any request: the head is accepted
    // (and here the upstream is ready), so the body may come.
    if (m_continueSent || !m_clientParser.expectsContinue()) {
        readUpload();
        return;
    }
    m_continueSent = true;
    arm(std::chrono::seconds(m_worker.timeouts().send));
    asio::async_write(m_client, asio::buffer(kContinue),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            if (ec)
                self->stopUpload(0);
            else
                self->readUpload();
        });
}

void ProxyResponder::readUpload()
{
    // The deadline moves with each read, as nginx's client_body_timeout.
    m_readingClient = true;
    arm(std::chrono::seconds(m_worker.timeouts().header));
    watchForEarlyAnswer();
    m_client.async_read_some(m_clientInput.prepare(kPieceBytes),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            self->m_timer.cancel();
            self->m_readingClient = false;
            if (ec && self->m_earlyAnswer && !self->m_aborted) {
                // The upstream answered (or closed) before the body's end: its answer goes to the
                // client, whose connection then closes (the rest of its body is not read).
                self->m_clientKeepAlive = false;
                self->m_uploadCut = true;
                self->readHead();
                return;
            }
            beast::error_code ignored;
            if (self->m_upstream)
                self->m_upstream->cancel(ignored); // the watch: only it is pending on the upstream
            if (ec) {
                const bool slow = ec == asio::error::operation_aborted && self->m_timedOut;
                self->stopUpload(slow && !self->m_aborted ? 408 : 0);
                return;
            }
            self->m_clientInput.commit(bytes);
            self->feedUpload();
        });
}

void ProxyResponder::watchForEarlyAnswer()
{
    m_upstream->async_wait(Socket::wait_read, [weak = weak_from_this()](const beast::error_code &ec) {
        const auto self = weak.lock();
        if (ec || !self || !self->m_readingClient || self->m_finished)
            return; // cancelled: the client's piece came first
        self->m_earlyAnswer = true;
        beast::error_code ignored;
        self->m_client.cancel(ignored);
    });
}

void ProxyResponder::feedUpload()
{
    // The parser decodes what came into Request::body (chunks unframed) and
    // stops at the body's end: a next request's bytes stay in the input.
    beast::error_code ec;
    const std::size_t used = m_clientParser.feed(m_clientInput.data(), ec);
    m_clientInput.consume(used);
    if (ec && ec != bhttp::error::need_more) {
        stopUpload(m_clientParser.errorStatus(ec)); // 413 past the body limit, 400 a bad chunk
        return;
    }
    writeUpload();
}

void ProxyResponder::writeUpload()
{
    std::string &piece = m_clientRequest.body;
    const bool last = m_clientParser.is_done();
    if (piece.empty() && !(last && m_chunkedUpload)) {
        if (last)
            readHead();
        else
            readUpload();
        return;
    }
    m_out.clear();
    std::string_view tail;
    if (m_chunkedUpload) {
        if (!piece.empty()) {
            FieldText::appendNumber(m_out, piece.size(), 16);
            m_out.append("\r\n");
        }
        tail = last ? (piece.empty() ? "0\r\n\r\n" : "\r\n0\r\n\r\n") : "\r\n";
    }
    const std::array<asio::const_buffer, 3> buffers { asio::buffer(m_out), asio::buffer(piece),
        asio::buffer(tail) };
    arm();
    asio::async_write(
        *m_upstream, buffers, [self = shared_from_this(), last](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            self->m_clientRequest.body.clear();
            if (ec && (self->m_aborted || self->m_timedOut)) {
                self->onHeadError(ec); // the client connection closed, or the upstream stopped reading: 504
                return;
            }
            if (ec) {
                // The upstream closed or reset its side: it may have answered without reading it all.
                self->m_clientKeepAlive = false;
                self->m_uploadCut = true;
                self->readHead();
                return;
            }
            if (last)
                self->readHead();
            else
                self->readUpload();
        });
}

void ProxyResponder::stopUpload(int status)
{
    // The upstream holds part of a body: finish() closes it, never pools it.
    m_clientKeepAlive = false;
    if (m_aborted) {
        finish(false);
        return;
    }
    if (status == 0) {
        m_outcome.clientGone = true; // nginx's 499
        m_outcome.status = 499;
    } else {
        m_outcome.status = status;
    }
    finish(false);
}

} // namespace hostbench::http
