// FastCgiResponder's request side: BEGIN_REQUEST, PARAMS and the body that
// came with the head, then the rest of the body as FCGI_STDIN records as the
// client sends it, each piece written to PHP-FPM before the next read
// (FastCgiResponder.h).
#include "http/FastCgiResponder.h"

#include "http/LogRecord.h"
#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/Worker.h"

#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

namespace {

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// An address as REMOTE_ADDR and SERVER_ADDR give it (a v4-mapped IPv6 one
// as IPv4), in PeerAddress's text, the access log's, which formats IPv4
// without inet_ntop's sprintf (to_string() cost 3,300 instructions of a W5
// request for the two: callgrind).
std::string addressText(asio::ip::address address)
{
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
    PeerAddress peer;
    if (address.is_v4()) {
        const asio::ip::address_v4::bytes_type v4 = address.to_v4().to_bytes();
        peer.family = 4;
        std::copy(v4.begin(), v4.end(), peer.bytes.begin());
    } else {
        const asio::ip::address_v6::bytes_type v6 = address.to_v6().to_bytes();
        peer.family = 6;
        std::copy(v6.begin(), v6.end(), peer.bytes.begin());
    }
    std::string text;
    peer.appendTo(text);
    return text;
}

// Two system calls (getpeername, getsockname): Connection keeps the result
// for the connection's next PHP requests (ProxyResponder::Client::sockets).
FastCgiPeer peerOf(tls::Stream &stream)
{
    asio::ip::tcp::socket &socket = stream.socket();
    FastCgiPeer peer;
    peer.known = true;
    peer.https = stream.isTls();
    const auto text = addressText;
    beast::error_code ec;
    const auto remote = socket.remote_endpoint(ec);
    if (!ec) {
        peer.remoteAddress = text(remote.address());
        peer.remotePort = remote.port();
    }
    const auto local = socket.local_endpoint(ec);
    if (!ec) {
        peer.localAddress = text(local.address());
        peer.localPort = local.port();
    }
    return peer;
}

} // namespace

void FastCgiResponder::writeRequestRecords()
{
    Request &request = m_clientRequest;
    const bool whole = m_clientParser.is_done();
    const bool spooled = m_spoolFile.isValid(); // the body follows from the file (writeSpooled)
    // A chunked body comes here whole: with the head, or spooled (FastCgiSpool.cpp).
    long long length = -1;
    if (spooled)
        length = (long long)(m_spooled);
    else if (!m_clientParser.chunked())
        length = request.hasBody ? (long long)(m_clientParser.content_length().value_or(0)) : 0;
    else if (whole)
        length = (long long)(request.body.size());
    m_request.clear();
    fastcgi::appendBeginRequest(m_request, fastcgi::kRequestId, true);
    FastCgiPeer looked;
    FastCgiPeer &peer = m_clientSockets ? *m_clientSockets : looked;
    if (!peer.known)
        peer = peerOf(m_client);
    fastcgi::appendParams(
        m_request, fastcgi::kRequestId, fastCgiParams(m_script, request, m_site, peer, length));
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
            else if (self->m_clientParser.is_done())
                self->readRecords();
            else
                self->askForBody();
        });
}

void FastCgiResponder::askForBody()
{
    // As the proxy does: PHP-FPM's connection is ready, so the body may come.
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

void FastCgiResponder::readUpload()
{
    // The deadline moves with each read, as nginx's client_body_timeout.
    m_readingClient = true;
    arm(std::chrono::seconds(m_worker.timeouts().header));
    m_client.async_read_some(m_clientInput.prepare(kPieceBytes),
        [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            self->m_timer.cancel();
            self->m_readingClient = false;
            if (ec) {
                const bool slow = ec == asio::error::operation_aborted && self->m_timedOut;
                self->stopUpload(slow && !self->m_aborted ? 408 : 0);
                return;
            }
            self->m_clientInput.commit(bytes);
            self->feedUpload();
        });
}

void FastCgiResponder::feedUpload()
{
    // The parser decodes what came into Request::body and stops at the body's end.
    beast::error_code ec;
    const std::size_t used = m_clientParser.feed(m_clientInput.data(), ec);
    m_clientInput.consume(used);
    if (ec && ec != bhttp::error::need_more) {
        stopUpload(m_clientParser.errorStatus(ec)); // 413 past the body limit, 400 a bad chunk
        return;
    }
    if (m_spooling)
        spoolPiece();
    else
        writeUpload();
}

void FastCgiResponder::writeUpload()
{
    const std::string &piece = m_clientRequest.body;
    const bool last = m_clientParser.is_done();
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
            self->m_clientRequest.body.clear();
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
