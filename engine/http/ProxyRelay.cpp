// ProxyResponder's response side: the upstream's head read and relayed,
// its body a piece at a time, the end of the response (pooled or closed),
// and the tunnel after a 101 (ProxyResponder.h).
#include "http/ProxyResponder.h"

#include "http/FieldText.h"
#include "http/ProxyHead.h"
#include "http/ProxyTunnel.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>

#include <algorithm>

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

void ProxyResponder::readHead()
{
    m_parser.emplace();
    m_parser->header_limit(std::uint32_t(UpstreamTarget::kMaxHeadBytes));
    m_parser->body_limit(boost::none);
    if (m_headOnly)
        m_parser->skip(true);
    arm();
    bhttp::async_read_header(*m_upstream, m_buffer, *m_parser,
        [self = shared_from_this()](const beast::error_code &ec, std::size_t) {
            self->m_timer.cancel();
            if (ec) {
                self->onHeadError(ec);
                return;
            }
            const unsigned status = self->m_parser->status();
            if (status >= 100 && status < 200 && status != 101) {
                self->readHead(); // 100 Continue, 103 Early Hints: not relayed
                return;
            }
            self->m_outcome.timing.headerUs = self->sinceStart();
            self->writeHead();
        });
}

void ProxyResponder::onHeadError(const boost::system::error_code &ec)
{
    if (m_aborted) {
        finish(false); // the client connection closed (or the worker stops): no error of the upstream's
        return;
    }
    if (m_timedOut) {
        fail(ProxyError::Timeout, 504);
        return;
    }
    if (ec == bhttp::error::header_limit) {
        fail(ProxyError::HeadTooLarge, 502);
        return;
    }
    const bool nothing = !m_parser || !m_parser->got_some();
    const bool closed = ec == bhttp::error::end_of_stream || ec == asio::error::eof
        || ec == asio::error::connection_reset || ec == asio::error::broken_pipe;
    if (closed && nothing) {
        if (m_retryable) {
            m_retryable = false; // once
            bumpCounter(m_worker.counters().proxyErrors[std::size_t(ProxyError::Retried)]);
            beast::error_code ignored;
            m_upstream->close(ignored);
            m_buffer.clear();
            connect();
            return;
        }
        fail(ProxyError::ClosedEarly, 502);
        return;
    }
    fail(ProxyError::BadHead, 502);
}

void ProxyResponder::writeHead()
{
    const unsigned status = m_parser->status();
    m_outcome.status = int(status);
    if (status == 101 && !m_upgrade) {
        fail(ProxyError::BadHead, 502); // RFC 9110 §15.2.2: a switch nobody asked for
        return;
    }
    const std::vector<ProxyHead::Field> fields = ProxyHead::split(m_parser->fieldLines());
    m_switching = status == 101;
    m_noBody = m_headOnly || status == 204 || status == 304 || (status >= 100 && status < 200);
    ClientSide::Head head;
    head.switching = m_switching;
    head.noBody = m_noBody;
    head.keepAlive = m_clientKeepAlive && !m_worker.isStopping();
    // RFC 9110 §8.6: never in a 1xx or 204 (an upstream's is dropped); a 304 and HEAD keep it.
    if (const auto length = m_parser->content_length(); length && status != 204 && status >= 200)
        head.contentLength = *length;
    m_out.clear();
    m_out.reserve(512); // one allocation for a usual head, not one per doubling
    m_client.startHead(m_out, status, m_parser->reason());
    m_out.append("Server: ").append(ResponseHead::kServer).append("\r\nDate: ");
    m_out.append(m_worker.date().now()).append("\r\n");
    ProxyHead::appendEndToEnd(fields, m_switching, ProxyHead::Origin::Proxy, m_out);
    if (m_client.isTls())
        ProxyHead::appendHsts(fields, m_site.hstsField, m_out);
    m_outcome.relayed = true;
    if (m_begin)
        m_begin();
    // A body that came whole with the head (W6p's 2 bytes, most API answers)
    // goes out with it: one send(2) and one read operation fewer per response.
    const bool framed = !m_switching && !m_noBody && m_parser->content_length();
    const std::size_t early = framed ? takeBufferedBody() : 0;
    arm();
    m_clientKeepAlive = m_client.sendHead(head, m_out, std::string_view(m_piece.data(), early));
}

void ProxyResponder::headSent(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    if (!ok) {
        m_outcome.cutShort = true;
        finish(false);
    } else if (m_switching) {
        startTunnel();
    } else if (m_noBody || m_parser->is_done()) {
        finishBody();
    } else {
        readBody();
    }
}

std::size_t ProxyResponder::takeBufferedBody()
{
    const auto length = m_parser->content_length();
    if (!length || *length == 0 || *length > m_piece.size() || m_buffer.size() < *length)
        return 0;
    m_parser->setBody(m_piece.data(), m_piece.size());
    beast::error_code ec;
    const std::size_t used = m_parser->put(m_buffer.data(), ec);
    if (ec && ec != bhttp::error::need_buffer)
        return 0; // not for a body of a known length that is all here; readBody() meets the error
    m_buffer.consume(used);
    return m_piece.size() - m_parser->room();
}

void ProxyResponder::readBody()
{
    m_parser->setBody(m_piece.data(), m_piece.size());
    // What one read brings goes out at once, not once the piece is full: an
    // answer the upstream sends a little at a time (server-sent events, long
    // polling, a progress stream) reaches the client as it comes. The timeout
    // is armed per read, so it counts the wait between the upstream's pieces
    // (nginx's proxy_read_timeout), not the whole answer.
    arm();
    bhttp::async_read_some(
        *m_upstream, m_buffer, *m_parser, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            self->m_timer.cancel();
            if (ec == bhttp::error::need_buffer)
                ec = {};
            const std::size_t got = self->m_piece.size() - self->m_parser->room();
            if (ec && self->m_aborted) {
                // The client went (an HTTP/2 stream reset, the connection closing): not the upstream's error.
                self->m_outcome.cutShort = true;
                self->finish(false);
                return;
            }
            if (ec) {
                self->cutBody(self->m_timedOut ? ProxyError::Timeout : ProxyError::ClosedMidBody, got);
                return;
            }
            self->writePiece(got);
        });
}

void ProxyResponder::writePiece(std::size_t bytes)
{
    if (bytes == 0) {
        if (m_parser->is_done())
            finishBody();
        else
            readBody();
        return;
    }
    arm();
    m_client.sendPiece(std::string_view(m_piece.data(), bytes));
}

void ProxyResponder::pieceSent(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    if (!ok || m_cutting) {
        m_outcome.cutShort = true;
        finish(false); // the client went away (the upstream connection closes with it), or cutBody()
        return;
    }
    if (m_parser->is_done())
        finishBody();
    else
        readBody();
}

void ProxyResponder::cutBody(ProxyError error, std::size_t got)
{
    bumpCounter(m_worker.counters().proxyErrors[std::size_t(error)]);
    m_outcome.reason = m_target.reasons[std::size_t(error)];
    m_outcome.cutShort = true;
    m_cutting = true;
    if (got > 0 && !m_aborted && !m_timedOut) {
        writePiece(got);
        return;
    }
    finish(false);
}

void ProxyResponder::finishBody()
{
    // The whole response is read: the upstream connection may serve another request.
    // Not after an upload cut short: the upstream would read the next request as the rest of the body.
    const bool upstreamAlive = m_parser->keep_alive() && m_buffer.size() == 0 && !m_uploadCut;
    if (upstreamAlive) {
        m_holdsSlot = false; // it goes with the connection
        Socket upstream = std::move(*m_upstream);
        m_upstream.reset();
        m_worker.upstreams().give(*m_slots, std::move(upstream)); // to the next request waiting, if any
    }
    m_outcome.timing.totalUs = sinceStart();
    if (m_client.endBody()) {
        finish(m_clientKeepAlive);
        return;
    }
    arm();
}

void ProxyResponder::bodyEnded(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    m_outcome.cutShort = !ok;
    finish(ok && m_clientKeepAlive);
}

void ProxyResponder::startTunnel()
{
    // Bytes that came with the 101 go to the client, the client's early ones to the upstream, first.
    std::string toClient(m_buffer.size(), '\0');
    asio::buffer_copy(asio::buffer(toClient), m_buffer.data());
    m_buffer.clear();
    m_timer.cancel();
    auto tunnel = std::make_shared<ProxyTunnel>(m_client.stream(), std::move(*m_upstream),
        std::chrono::milliseconds(m_site.upstreamTimeoutMs),
        [self = shared_from_this()](std::uint64_t toClientBytes) {
            // What went through to the client is the response's body, as nginx logs a WebSocket.
            self->m_outcome.bytesSent += toClientBytes;
            self->m_outcome.bodyBytes += toClientBytes;
            self->m_outcome.timing.totalUs = self->sinceStart();
            self->finish(false);
        });
    m_upstream.reset();
    tunnel->start(std::move(toClient), std::move(m_clientLeftover));
}

} // namespace hostbench::http
