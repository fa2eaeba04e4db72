// FastCgiResponder's request side: BEGIN_REQUEST, PARAMS and the body that
// came with the head, then the rest of the body as FCGI_STDIN records as the
// client sends it, each piece written to PHP-FPM before the next read
// (FastCgiResponder.h).
#include "http/FastCgiResponder.h"

#include "http/Request.h"
#include "http/Worker.h"

#include <boost/asio/write.hpp>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

void FastCgiResponder::writeRequestRecords()
{
    Request &request = m_client.request();
    const bool whole = m_client.bodyDone();
    const bool spooled = m_spoolFile.isValid(); // the body follows from the file (writeSpooled)
    // A chunked body comes here whole: with the head, or spooled (FastCgiSpool.cpp).
    long long length = -1;
    if (spooled)
        length = (long long)(m_spooled);
    else if (!m_client.bodyLengthUnknown())
        length = request.hasBody ? (long long)(m_client.bodyLength()) : 0;
    else if (whole)
        length = (long long)(request.body.size());
    m_request.clear();
    fastcgi::appendBeginRequest(m_request, fastcgi::kRequestId, true);
    fastcgi::appendParams(
        m_request, fastcgi::kRequestId, fastCgiParams(m_script, request, m_site, m_client.sockets(), length));
    if (!request.body.empty())
        fastcgi::appendStdin(m_request, fastcgi::kRequestId, request.body);
    if (whole && !spooled)
        fastcgi::appendStdin(m_request, fastcgi::kRequestId, {});
    request.body.clear();
}

void FastCgiResponder::send()
{
    arm();
    asio::async_write(*m_upstream, asio::buffer(m_request),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            std::string().swap(self->m_request);
            if (ec)
                self->onWriteError();
            else if (self->m_spoolFile.isValid())
                self->writeSpooled();
            else if (self->m_client.bodyDone())
                self->readRecords();
            else
                self->askForBody();
        });
}

void FastCgiResponder::askForBody()
{
    // As the proxy does: PHP-FPM's connection is ready, so the body may come.
    if (m_continueSent || !m_client.expectsContinue()) {
        readUpload();
        return;
    }
    m_continueSent = true;
    arm(std::chrono::seconds(m_worker.timeouts().send));
    m_client.sendContinue();
}

void FastCgiResponder::continueSent(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    if (ok)
        readUpload();
    else
        stopUpload(0);
}

void FastCgiResponder::readUpload()
{
    // The deadline moves with each read, as nginx's client_body_timeout.
    m_readingClient = true;
    arm(std::chrono::seconds(m_worker.timeouts().header));
    m_client.readBody();
}

void FastCgiResponder::bodyRead(int result)
{
    m_timer.cancel();
    m_readingClient = false;
    if (m_finished)
        return;
    if (result == ClientSide::kCancelled || result == ClientSide::kGone) {
        const bool slow = result == ClientSide::kCancelled && m_timedOut;
        stopUpload(slow && !m_aborted ? 408 : 0);
        return;
    }
    if (result != ClientSide::kPiece) {
        stopUpload(result); // 413 past the body limit, 400 a bad chunk
        return;
    }
    if (m_spooling)
        spoolPiece();
    else
        writeUpload();
}

void FastCgiResponder::writeUpload()
{
    const std::string &piece = m_client.request().body;
    const bool last = m_client.bodyDone();
    if (piece.empty() && !last) {
        readUpload();
        return;
    }
    m_out.clear();
    std::string_view data = piece;
    if (piece.size() > fastcgi::kMaxContentBytes) {
        fastcgi::appendStdin(m_out, fastcgi::kRequestId, piece); // rare: more than one record's worth
        data = {};
    } else if (!piece.empty()) {
        fastcgi::appendHeader(m_out, fastcgi::RecordType::Stdin, fastcgi::kRequestId, piece.size());
    }
    static const std::string kEnd = [] {
        std::string end;
        fastcgi::appendStdin(end, fastcgi::kRequestId, {});
        return end;
    }();
    const std::array<asio::const_buffer, 3> buffers { asio::buffer(m_out), asio::buffer(data),
        asio::buffer(last ? std::string_view(kEnd) : std::string_view()) };
    arm();
    asio::async_write(
        *m_upstream, buffers, [self = shared_from_this(), last](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            self->m_client.request().body.clear();
            if (ec)
                self->onWriteError();
            else if (last)
                self->readRecords();
            else
                self->readUpload();
        });
}

void FastCgiResponder::onWriteError()
{
    if (m_aborted) {
        finish(false);
        return;
    }
    if (m_timedOut) {
        fail(FastCgiError::Timeout, 504, "sending the request");
        return;
    }
    // PHP-FPM closed or reset its side: it may have answered without reading it all.
    m_clientKeepAlive = false;
    m_uploadCut = true;
    readRecords();
}

void FastCgiResponder::stopUpload(int status)
{
    // PHP-FPM holds part of a body: finish() closes its connection, never pools it.
    m_clientKeepAlive = false;
    if (!m_aborted) {
        m_outcome.clientGone = status == 0; // nginx's 499
        m_outcome.status = status == 0 ? 499 : status;
    }
    finish(false);
}

} // namespace hostbench::http
