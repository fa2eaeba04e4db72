// FastCgiResponder's response side: PHP-FPM's records read a piece at a
// time, the CGI head turned into the response head, the body relayed with
// back-pressure, STDERR to the error log, and the end of the request
// (pooled or closed) (FastCgiResponder.h).
#include "http/FastCgiResponder.h"

#include "http/FieldText.h"
#include "http/HttpDate.h"
#include "http/LogWriter.h"
#include "http/ProxyHead.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/Worker.h"
#include "http/WorkerCounters.h"

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

void FastCgiResponder::readRecords()
{
    arm();
    m_upstream->async_read_some(
        asio::buffer(m_in), [self = shared_from_this()](const beast::error_code &ec, std::size_t bytes) {
            self->m_timer.cancel();
            if (ec) {
                self->onReadError();
                return;
            }
            self->answered(); // a PHP-FPM worker has taken the connection
            self->m_pending = std::string_view(self->m_in.data(), bytes);
            self->decode();
        });
}

void FastCgiResponder::decode()
{
    // Each STDOUT piece goes to the client before the next is decoded; the
    // next read comes once m_in is used up (back-pressure, one piece of memory).
    using Kind = fastcgi::Decoder::Kind;
    for (;;) {
        const fastcgi::Decoder::Piece piece = m_decoder.next(m_pending);
        switch (piece.kind) {
        case Kind::NeedMore:
            readRecords();
            return;
        case Kind::Stderr:
            logStderr(piece.data);
            continue;
        case Kind::Stdout:
            if (!m_headSent) {
                onStdout(piece.data);
                return;
            }
            if (m_noBody)
                continue;
            if (const std::string_view body = withinLength(piece.data); !body.empty()) {
                writeBody(body);
                return;
            }
            continue;
        case Kind::End:
            if (!m_headSent) {
                fail(FastCgiError::ClosedEarly, 502, "END_REQUEST before a response head");
                return;
            }
            finishBody();
            return;
        case Kind::Malformed:
            if (m_headSent)
                cutBody(FastCgiError::Malformed, piece.error);
            else
                fail(FastCgiError::Malformed, 502, piece.error);
            return;
        }
    }
}

void FastCgiResponder::onStdout(std::string_view data)
{
    switch (m_head.feed(data)) {
    case fastcgi::CgiHead::State::NeedMore:
        decode();
        return;
    case fastcgi::CgiHead::State::Error:
        if (m_head.tooLarge())
            fail(FastCgiError::HeadTooLarge, 502);
        else
            fail(FastCgiError::BadHead, 502, m_head.error());
        return;
    case fastcgi::CgiHead::State::Done:
        m_outcome.timing.headerUs = sinceStart();
        writeHead(data);
        return;
    }
}

void FastCgiResponder::writeHead(std::string_view bodyStart)
{
    const int status = m_head.status();
    m_outcome.status = status;
    m_noBody = m_headOnly || !ResponseHead::bodyAllowed(status);
    std::vector<ProxyHead::Field> fields;
    fields.reserve(m_head.fields().size());
    for (const fastcgi::CgiHead::Field &field : m_head.fields())
        fields.push_back({ field.name, field.value });
    ClientSide::Head head;
    head.noBody = m_noBody;
    head.keepAlive = m_clientKeepAlive && !m_worker.isStopping();
    const auto length = m_head.contentLength();
    if (length && ResponseHead::bodyAllowed(status))
        head.contentLength = *length;
    // The whole answer in hand (a small page: its STDOUT and END_REQUEST came in one read): the
    // body goes with the head in one write, with its length, where it would otherwise take three
    // (head, chunk, last chunk; W5's hello.php), and an HTTP/1.0 client may keep the connection.
    const bool whole = !m_noBody && (!length || *length == bodyStart.size()) && wholeBodyBuffered();
    if (whole) {
        head.contentLength = bodyStart.size();
        m_bodyRelayed = bodyStart.size(); // sent with the head
    }
    if (head.contentLength && !m_noBody)
        m_declaredLength = head.contentLength;
    m_out.clear();
    // Grown once: growing it line by line cost about 1,000 instructions a W5 request (callgrind).
    std::size_t fieldBytes = 0;
    for (const ProxyHead::Field &field : fields)
        fieldBytes += field.name.size() + field.value.size() + 4;
    m_out.reserve(160 + m_head.reason().size() + fieldBytes);
    m_client.startHead(m_out, unsigned(status), m_head.reason());
    ProxyHead::appendServerAndDate(fields, ResponseHead::kServer, m_worker.date().now(), m_out);
    ProxyHead::appendEndToEnd(fields, false, ProxyHead::Origin::FastCgi, m_out);
    if (m_client.isTls())
        ProxyHead::appendHsts(fields, m_site.hstsField, m_out);
    m_outcome.relayed = true;
    m_headSent = true;
    if (m_begin)
        m_begin();
    m_bodyStart = whole ? std::string_view() : bodyStart;
    arm();
    m_clientKeepAlive = m_client.sendHead(head, m_out, whole ? bodyStart : std::string_view());
}

bool FastCgiResponder::wholeBodyBuffered() const
{
    // What follows the head's record in the buffer, decoded by a copy: empty STDOUT, then END_REQUEST.
    fastcgi::Decoder ahead = m_decoder;
    std::string_view rest = m_pending;
    for (;;) {
        const fastcgi::Decoder::Piece piece = ahead.next(rest);
        if (piece.kind == fastcgi::Decoder::Kind::End)
            return true;
        if (piece.kind != fastcgi::Decoder::Kind::Stdout || !piece.data.empty())
            return false; // more body, STDERR to log, or not here yet: piece by piece
    }
}

void FastCgiResponder::headSent(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    if (!ok) {
        m_outcome.cutShort = true;
        finish(false);
    } else if (const std::string_view body = m_noBody ? std::string_view() : withinLength(m_bodyStart);
               !body.empty()) {
        writeBody(body);
    } else {
        decode();
    }
}

std::string_view FastCgiResponder::withinLength(std::string_view piece)
{
    // A Content-Length from PHP frames the client's body: bytes beyond it would be read by a
    // keep-alive client as the start of its next answer. Dropped, counted and said in the
    // error log once (nginx: "upstream sent more data than specified in Content-Length header").
    if (!m_declaredLength)
        return piece;
    const std::uint64_t left = *m_declaredLength - m_bodyRelayed;
    if (piece.size() <= left)
        return piece;
    if (!m_excessLogged) {
        m_excessLogged = true;
        bumpCounter(m_worker.counters().phpErrors[std::size_t(FastCgiError::BadHead)]);
        m_outcome.reason = reasonFor(
            FastCgiError::BadHead, "its Content-Length is less than the body; the rest was dropped");
    }
    return piece.substr(0, std::size_t(left));
}

void FastCgiResponder::writeBody(std::string_view piece)
{
    m_bodyRelayed += piece.size();
    arm();
    m_client.sendPiece(piece);
}

void FastCgiResponder::pieceSent(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    if (!ok) {
        m_outcome.cutShort = true;
        finish(false); // the client went away: PHP-FPM's connection closes with it
        return;
    }
    decode();
}

void FastCgiResponder::onReadError()
{
    if (m_aborted) {
        finish(false); // the client connection closed (or the worker stops)
        return;
    }
    if (m_timedOut) {
        if (m_headSent)
            cutBody(FastCgiError::Timeout);
        else
            fail(FastCgiError::Timeout, 504);
        return;
    }
    if (m_headSent)
        cutBody(FastCgiError::ClosedMidBody);
    else
        fail(FastCgiError::ClosedEarly, 502);
}

void FastCgiResponder::cutBody(FastCgiError error, std::string_view detail)
{
    // As the proxy's "upstream prematurely closed connection": the response is cut short.
    bumpCounter(m_worker.counters().phpErrors[std::size_t(error)]);
    m_outcome.reason = reasonFor(error, detail);
    m_outcome.cutShort = true;
    finish(false);
}

void FastCgiResponder::finishBody()
{
    if (m_declaredLength && m_bodyRelayed < *m_declaredLength) {
        // Shorter than its Content-Length: the client must not take what comes next as its rest.
        // A fixed text: reasons are interned for the logs, so none may carry a count.
        cutBody(FastCgiError::BadHead, "its Content-Length is more than the body");
        return;
    }
    // END_REQUEST with nothing behind it, the request sent whole: the connection may serve another.
    // Not while other connections wait to be answered: it would keep its PHP-FPM worker from them
    // (FastCgiResponder.h). Not even for a request of this worker waiting for a connection: those
    // others would wait as long as such requests keep coming. Closed, its slot goes to the first
    // waiter, whose new connection queues behind them in PHP-FPM's backlog (first come, first served).
    if (m_pending.empty() && !m_uploadCut && m_client.bodyDone()
        && m_site.php.unanswered->load(std::memory_order_relaxed) == 0) {
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

void FastCgiResponder::bodyEnded(bool ok)
{
    m_timer.cancel();
    if (m_finished)
        return;
    m_outcome.cutShort = !ok;
    finish(ok && m_clientKeepAlive);
}

void FastCgiResponder::logStderr(std::string_view text)
{
    // One error-log line per record, as nginx's "FastCGI sent in stderr".
    text = FieldText::trimmed(text);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text = FieldText::trimmed(text.substr(0, text.size() - 1));
    if (text.empty())
        return;
    if (LogWriter *logs = m_worker.logs())
        logs->logMessage(m_worker.index(), m_client.request(), m_site.counters.get(), text,
            m_client.stream().native_handle());
}

} // namespace hostbench::http
