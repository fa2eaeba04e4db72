// ProxyResponder's request side: the head for the upstream (with the body
// that came with it), then the rest of the request body as the client's
// side reads it (ClientSide), a piece at a time, each written to the
// upstream before the next read (ProxyResponder.h).
#include "http/ProxyResponder.h"

#include "http/FieldText.h"
#include "http/Request.h"
#include "http/Worker.h"

#include <boost/asio/write.hpp>

#include <array>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

void ProxyResponder::send()
{
    arm();
    asio::async_write(*m_upstream, asio::buffer(m_request),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            if (ec)
                self->onHeadError(ec);
            else if (self->m_client.bodyDone())
                self->readHead();
            else
                self->askForBody();
        });
}

void ProxyResponder::askForBody()
{
    // As Connection::readRequest does for any request: the head is accepted
    // (and here the upstream is ready), so the body may come.
    if (m_continueSent || !m_client.expectsContinue()) {
        readUpload();
        return;
    }
    m_continueSent = true;
    arm(std::chrono::seconds(m_worker.timeouts().send));
    m_client.sendContinue();
}

void ProxyResponder::continueSent(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    if (ok)
        readUpload();
    else
        stopUpload(0);
}

void ProxyResponder::readUpload()
{
    // The deadline moves with each read, as nginx's client_body_timeout.
    m_readingClient = true;
    arm(std::chrono::seconds(m_worker.timeouts().header));
    watchForEarlyAnswer();
    m_client.readBody();
}

void ProxyResponder::bodyRead(int result)
{
    m_timer.cancel();
    m_readingClient = false;
    if (m_finished)
        return;
    if (result != ClientSide::kPiece && m_earlyAnswer && !m_aborted) {
        // The upstream answered (or closed) before the body's end: its answer goes to the
        // client, whose connection then closes (the rest of its body is not read).
        m_clientKeepAlive = false;
        m_uploadCut = true;
        readHead();
        return;
    }
    beast::error_code ignored;
    if (m_upstream)
        m_upstream->cancel(ignored); // the watch: only it is pending on the upstream
    if (result == ClientSide::kCancelled || result == ClientSide::kGone) {
        const bool slow = result == ClientSide::kCancelled && m_timedOut;
        stopUpload(slow && !m_aborted ? 408 : 0);
        return;
    }
    if (result != ClientSide::kPiece) {
        stopUpload(result); // 413 past the body limit, 400 a bad chunk
        return;
    }
    writeUpload();
}

void ProxyResponder::watchForEarlyAnswer()
{
    m_upstream->async_wait(Socket::wait_read, [weak = weak_from_this()](const beast::error_code &ec) {
        const auto self = weak.lock();
        if (ec || !self || !self->m_readingClient || self->m_finished)
            return; // cancelled: the client's piece came first
        self->m_earlyAnswer = true;
        self->m_client.cancel();
    });
}

void ProxyResponder::writeUpload()
{
    std::string &piece = m_client.request().body;
    const bool last = m_client.bodyDone();
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
            self->m_client.request().body.clear();
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
