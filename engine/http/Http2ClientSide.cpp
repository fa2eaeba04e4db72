#include "http/Http2ClientSide.h"

#include "http/FastCgiResponder.h"
#include "http/FieldText.h"
#include "http/Http2Connection.h"
#include "http/ProxyResponder.h"
#include "http/Request.h"

#include <boost/asio/post.hpp>

#include <nghttp2/nghttp2.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace hostbench::http {

namespace asio = boost::asio;

namespace {

ssize_t readAnswer(nghttp2_session *, std::int32_t, std::uint8_t *buffer, std::size_t length,
    std::uint32_t *flags, nghttp2_data_source *source, void *)
{
    return static_cast<Http2ClientSide *>(source->ptr)->fill(buffer, length, *flags);
}

nghttp2_nv fieldOf(std::string_view name, std::string_view value)
{
    return { reinterpret_cast<std::uint8_t *>(const_cast<char *>(name.data())),
        reinterpret_cast<std::uint8_t *>(const_cast<char *>(value.data())), name.size(), value.size(),
        NGHTTP2_NV_FLAG_NONE };
}

// RFC 9113 §8.2.2: never in an HTTP/2 message (ProxyHead has dropped them; kept out whatever comes).
bool connectionSpecific(std::string_view name)
{
    return name == "connection" || name == "keep-alive" || name == "proxy-connection"
        || name == "transfer-encoding" || name == "upgrade" || name == "te";
}

// The responder's "Name: value\r\n" lines, each a field (a second Set-Cookie a
// second field), the names lower-cased in place (RFC 9113 §8.2.1).
void appendFields(std::string &text, std::vector<nghttp2_nv> &fields)
{
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos)
            end = text.size();
        char *name = text.data() + at;
        const std::string_view line(name, end - at);
        at = end + 1;
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0)
            continue;
        for (std::size_t i = 0; i < colon; ++i)
            name[i] = (name[i] >= 'A' && name[i] <= 'Z') ? char(name[i] - 'A' + 'a') : name[i];
        const std::string_view fieldName(name, colon);
        if (connectionSpecific(fieldName))
            continue;
        std::string_view value = line.substr(colon + 1);
        while (!value.empty() && (value.back() == '\r' || value.back() == ' ' || value.back() == '\t'))
            value.remove_suffix(1);
        fields.push_back(fieldOf(fieldName, FieldText::trimmed(value)));
    }
}

} // namespace

Http2ClientSide::Http2ClientSide(Http2Connection &connection, tls::Stream &stream, Request &request,
    PeerAddress &peer, FastCgiPeer &sockets)
    : ClientSide(stream, request, peer, sockets)
    , m_connection(connection)
{ }

void Http2ClientSide::reset(std::int32_t id)
{
    m_id = id;
    detach();
    proxy.reset();
    php.reset();
    if (m_upload.capacity() > 64 * 1024)
        std::string().swap(m_upload);
    m_upload.clear();
    m_cookies.clear();
    m_contentLength.reset();
    m_received = 0;
    m_limit.reset();
    m_taken = 0;
    m_remaining.reset();
    m_piece = {};
    m_sending = Sending::None;
    m_reading = m_expectContinue = m_ended = m_tooLarge = m_gone = m_ending = m_eofSent = false;
}

void Http2ClientSide::field(std::string_view name, std::string_view value)
{
    // nghttp2 has checked the names (lower case, no connection-specific field, RFC 9113 §8.2).
    if (name == "host")
        return; // :authority's, when both came (RFC 9113 §8.3.1)
    if (name == "content-length") {
        std::uint64_t length = 0;
        for (const char c : value)
            length = length * 10 + std::uint64_t(c - '0'); // digits only: nghttp2 checked it
        m_contentLength = length;
        return;
    }
    if (name == "cookie") {
        // RFC 9113 §8.2.3: one field for HTTP/1.1, the crumbs joined with "; ".
        if (!m_cookies.empty())
            m_cookies.append("; ");
        m_cookies.append(value);
        return;
    }
    if (name == "expect")
        m_expectContinue = FieldText::equalsNoCase(FieldText::trimmed(value), "100-continue");
    m_request.fields.append(name).append(": ").append(value).append("\r\n");
}

void Http2ClientSide::headEnded(bool ended)
{
    if (!m_cookies.empty())
        m_request.fields.append("cookie: ").append(m_cookies).append("\r\n");
    m_ended = ended;
    // A body may follow unless the stream ended with its head (HTTP/1.1's Content-Length or
    // Transfer-Encoding: the proxy sends its framing, PHP its CONTENT_LENGTH).
    m_request.hasBody = m_contentLength.has_value() || !ended;
}

void Http2ClientSide::received(const std::uint8_t *data, std::size_t length)
{
    if (m_gone || m_tooLarge || length == 0)
        return;
    m_received += length;
    if (m_limit && !m_contentLength && m_received > *m_limit) {
        m_tooLarge = true; // the rest is dropped; the stream is answered 413 and reset
        m_upload.clear();
        if (m_reading)
            completeRead(413);
        return;
    }
    m_upload.append(reinterpret_cast<const char *>(data), length);
    if (m_reading)
        completeRead(kPiece);
}

void Http2ClientSide::ended()
{
    m_ended = true;
    if (m_reading)
        completeRead(m_tooLarge ? 413 : kPiece);
}

void Http2ClientSide::closed()
{
    m_gone = true;
    m_piece = {};
    if (m_sending != Sending::None)
        completeSend(false);
    if (m_reading)
        completeRead(kGone);
}

void Http2ClientSide::startBody(std::uint64_t limit)
{
    m_limit = limit;
    m_taken = m_upload.size();
    m_request.body.swap(m_upload);
    m_upload.clear();
    if (!m_contentLength && m_received > limit) {
        m_tooLarge = true; // the first read says 413
        m_request.body.clear();
    }
}

void Http2ClientSide::openWindow()
{
    credit(m_taken);
    m_taken = 0;
}

void Http2ClientSide::dropBody()
{
    m_upload.clear();
}

SiteCounters *Http2ClientSide::responderSite() const
{
    if (proxy)
        return proxy->siteCounters();
    return php ? php->siteCounters() : nullptr;
}

void Http2ClientSide::abortResponder()
{
    if (proxy)
        proxy->abort();
    if (php)
        php->abort();
}

void Http2ClientSide::sendContinue()
{
    if (!m_gone) {
        // RFC 9113 §8.1: an interim response is a HEADERS frame of its own.
        const nghttp2_nv status = fieldOf(":status", "100");
        nghttp2_submit_headers(m_connection.m_session, NGHTTP2_FLAG_NONE, m_id, nullptr, &status, 1, nullptr);
        m_connection.scheduleFlush();
    }
    if (m_events)
        asio::post(m_stream.get_executor(), [events = m_events, ok = !m_gone] { events->continueSent(ok); });
}

void Http2ClientSide::readBody()
{
    m_reading = true;
    if (m_gone)
        completeRead(kGone);
    else if (m_tooLarge)
        completeRead(413);
    else if (!m_upload.empty() || m_ended)
        completeRead(kPiece);
    // else: the next DATA (received()) or the stream's end (ended()) completes it
}

void Http2ClientSide::cancel()
{
    if (m_reading)
        completeRead(kCancelled);
}

void Http2ClientSide::completeRead(int result)
{
    m_reading = false;
    if (result == kPiece && !m_upload.empty()) {
        const std::size_t taken = m_upload.size();
        if (m_request.body.empty())
            m_request.body.swap(m_upload);
        else
            m_request.body.append(m_upload);
        m_upload.clear();
        credit(taken);
    }
    if (m_events)
        asio::post(m_stream.get_executor(), [events = m_events, result] { events->bodyRead(result); });
}

void Http2ClientSide::credit(std::size_t bytes)
{
    // The connection's window was opened as the bytes came (Http2Callbacks.cpp); the stream's now.
    if (bytes == 0 || m_gone)
        return;
    nghttp2_session_consume_stream(m_connection.m_session, m_id, bytes);
    m_connection.scheduleFlush();
}

void Http2ClientSide::completeSend(bool ok)
{
    const Sending sending = m_sending;
    m_sending = Sending::None;
    if (!m_events || sending == Sending::None)
        return;
    asio::post(m_stream.get_executor(), [events = m_events, sending, ok] {
        if (sending == Sending::Head)
            events->headSent(ok);
        else
            events->pieceSent(ok);
    });
}

bool Http2ClientSide::sendHead(const Head &head, std::string &text, std::string_view bodyStart)
{
    m_sending = Sending::Head;
    if (m_gone) {
        completeSend(false);
        return head.keepAlive;
    }
    char status[4] = {};
    std::snprintf(status, sizeof status, "%03u", std::clamp(m_status, 100u, 999u));
    std::vector<nghttp2_nv> fields;
    fields.reserve(16);
    fields.push_back(fieldOf(":status", std::string_view(status, 3)));
    appendFields(text, fields);
    std::string length;
    if (head.contentLength) {
        FieldText::appendNumber(length, *head.contentLength);
        fields.push_back(fieldOf("content-length", length));
    }
    m_remaining.reset();
    if (!head.noBody)
        m_remaining = head.contentLength;
    m_piece = head.noBody ? std::string_view() : bodyStart;
    m_eofSent = head.noBody;
    nghttp2_data_provider provider {};
    provider.source.ptr = this;
    provider.read_callback = readAnswer;
    // nghttp2 copies the fields (no NO_COPY flag): `text` and `length` may go after this.
    if (nghttp2_submit_response(
            m_connection.m_session, m_id, fields.data(), fields.size(), head.noBody ? nullptr : &provider)
        != 0) {
        resetStream(NGHTTP2_INTERNAL_ERROR);
        completeSend(false);
        return head.keepAlive;
    }
    if (m_piece.empty())
        completeSend(true); // the head is submitted; a body follows with sendPiece()
    m_connection.scheduleFlush();
    return head.keepAlive;
}

void Http2ClientSide::sendPiece(std::string_view piece)
{
    m_sending = Sending::Piece;
    if (m_gone || m_eofSent) {
        // Gone: the responder stops. Past the content-length: the excess is dropped, as HTTP/2 must.
        completeSend(!m_gone);
        return;
    }
    m_piece = piece;
    resume();
}

bool Http2ClientSide::endBody()
{
    if (m_gone || m_eofSent)
        return true;
    if (m_remaining && *m_remaining > 0) {
        resetStream(
            NGHTTP2_INTERNAL_ERROR); // shorter than its content-length: the client must not take it as whole
        return true;
    }
    m_ending = true;
    resume();
    return true;
}

void Http2ClientSide::giveUp()
{
    resetStream(NGHTTP2_INTERNAL_ERROR);
}

void Http2ClientSide::resetStream(std::uint32_t errorCode)
{
    if (!m_gone) {
        nghttp2_submit_rst_stream(m_connection.m_session, NGHTTP2_FLAG_NONE, m_id, errorCode);
        m_connection.scheduleFlush();
    }
    m_gone = true;
    m_piece = {};
    if (m_sending != Sending::None)
        completeSend(false);
}

void Http2ClientSide::resume()
{
    // NGHTTP2_ERR_INVALID_ARGUMENT when the source is not deferred (it will be asked anyway).
    nghttp2_session_resume_data(m_connection.m_session, m_id);
    m_connection.scheduleFlush();
}

long Http2ClientSide::fill(std::uint8_t *buffer, std::size_t length, std::uint32_t &flags)
{
    if (m_gone)
        return NGHTTP2_ERR_DEFERRED; // its RST_STREAM is on its way
    std::size_t n = std::min(length, m_piece.size());
    if (m_remaining)
        n = std::size_t(std::min<std::uint64_t>(n, *m_remaining));
    if (n > 0) {
        std::memcpy(buffer, m_piece.data(), n);
        m_piece.remove_prefix(n);
        m_bodyBytes += n;
        m_bytesSent += n;
        if (m_remaining)
            *m_remaining -= n;
    }
    const bool whole = m_remaining && *m_remaining == 0;
    if (whole)
        m_piece = {}; // beyond the content-length: dropped
    if (whole || (m_ending && m_piece.empty())) {
        flags |= NGHTTP2_DATA_FLAG_EOF;
        m_eofSent = true;
    }
    if (m_piece.empty() && m_sending != Sending::None)
        completeSend(true); // taken whole: the responder may read on
    if (n == 0 && !m_eofSent)
        return NGHTTP2_ERR_DEFERRED; // nghttp2_session_resume_data() once a piece comes
    return long(n);
}

} // namespace hostbench::http
