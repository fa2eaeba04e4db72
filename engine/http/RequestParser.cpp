#include "RequestParser.h"

#include "http/FieldText.h"
#include "http/RequestHandler.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"

#include <boost/beast/http/error.hpp>

#include <algorithm>

namespace hostbench::http {

namespace {

using boost::beast::http::error;

// RFC 3986 reg-name, IP-literal and port characters: what a Host may hold.
bool isHostChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '-':
    case '.':
    case '_':
    case '~':
    case '!':
    case '$':
    case '&':
    case '\'':
    case '(':
    case ')':
    case '*':
    case '+':
    case ',':
    case ';':
    case '=':
    case ':':
    case '[':
    case ']':
    case '%':
        return true;
    default:
        return false;
    }
}

bool isValidHost(std::string_view host)
{
    if (host.empty() || host.find("..") != std::string_view::npos)
        return false;
    for (const char c : host) {
        if (!isHostChar(c))
            return false;
    }
    return true;
}

// "HTTP/" DIGIT "." DIGIT CRLF at the end of a request line (RFC 9112 §2.3).
bool endsWithVersion(std::string_view line)
{
    constexpr std::string_view kTail = " HTTP/x.y\r\n";
    if (line.size() < kTail.size())
        return false;
    const std::string_view tail = line.substr(line.size() - kTail.size());
    // method SP target SP version: neither method nor target holds a space.
    const std::size_t firstSpace = line.find(' ');
    if (firstSpace == std::string_view::npos || line.find(' ', firstSpace + 1) != line.size() - kTail.size())
        return false;
    return tail.substr(0, 6) == " HTTP/" && tail[6] >= '0' && tail[6] <= '9' && tail[7] == '.'
        && tail[8] >= '0' && tail[8] <= '9' && tail.substr(9) == "\r\n";
}

// RFC 9110 §5.6.2 tchar: what a method may hold.
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// method SP request-target SP HTTP-version CRLF (RFC 9112 §3), checked as
// soon as the line's LF has arrived: Beast waits for the whole head first,
// and for a line with an empty version it waits for more bytes. Any byte
// above SP but DEL may stand in the target (Beast checks it further); a
// well-formed version other than 1.0 and 1.1 passes here and is Beast's 505.
bool isRequestLine(std::string_view line)
{
    const std::size_t methodEnd = line.find(' ');
    if (methodEnd == 0 || methodEnd == std::string_view::npos)
        return false;
    for (std::size_t i = 0; i < methodEnd; ++i) {
        if (!isTokenChar(line[i]))
            return false;
    }
    const std::size_t targetEnd = line.find(' ', methodEnd + 1);
    if (targetEnd == std::string_view::npos || targetEnd == methodEnd + 1)
        return false;
    for (std::size_t i = methodEnd + 1; i < targetEnd; ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (c <= 0x20 || c == 0x7f)
            return false;
    }
    return endsWithVersion(line);
}

} // namespace

RequestParser::RequestParser(Request &request, const SiteTable &sites)
    : m_request(request)
    , m_sites(sites)
    , m_limits(sites.site(sites.defaultIndex()).limits)
    , m_record(sites.hasProxies() || sites.hasPhp())
{
    // Our own checks in feed() come first; Beast's limit only backs them up.
    header_limit(std::uint32_t(std::max(m_limits.maxRequestLineBytes, 0))
        + std::uint32_t(std::max(m_limits.maxHeaderBytes, 0)) + 4);
    // The body limit is the chosen site's, known in on_header_impl; Beast
    // would test Content-Length against its own default before that.
    body_limit(boost::none);
    // Parse a body that arrived with its head in the same put(); the
    // connection then sees a finished request without another round.
    eager(true);
}

void RequestParser::fail(int status, error_code &ec)
{
    m_errorStatus = status;
    ec = error::bad_value;
}

int RequestParser::errorStatus(const error_code &ec) const
{
    if (m_errorStatus != 0)
        return m_errorStatus;
    if (ec == error::header_limit)
        return 431;
    if (ec == error::body_limit)
        return 413;
    return 400;
}

std::size_t RequestParser::feed(boost::asio::const_buffer input, error_code &ec)
{
    const char *data = static_cast<const char *>(input.data());
    const std::size_t size = input.size();
    std::size_t skipped = 0;
    if (!got_some()) {
        // RFC 9112 §2.2: empty lines before the request line are ignored.
        while (size - skipped >= 2 && data[skipped] == '\r' && data[skipped + 1] == '\n')
            skipped += 2;
        if (skipped == size || (size - skipped == 1 && data[skipped] == '\r')) {
            ec = error::need_more;
            return skipped;
        }
    }
    const std::string_view bytes(data + skipped, size - skipped);
    if (!is_header_done() && !checkHead(bytes, ec))
        return skipped;
    const std::size_t used = put(boost::asio::const_buffer(bytes.data(), bytes.size()), ec);
    if (!is_header_done()) {
        m_headUsed += used;
        m_scanFrom = m_scanFrom > used ? m_scanFrom - used : 0;
    }
    return skipped + used;
}

bool RequestParser::checkHead(std::string_view bytes, error_code &ec)
{
    // The first '\n' the scan finds ends the request line: it is checked
    // whole right then (length, then shape), without waiting for the head.
    // Any later '\n' followed by SP or HTAB folds a line; one followed by
    // CR starts the blank line that ends the head.
    const auto lineLimit = std::size_t(std::max(m_limits.maxRequestLineBytes, 0));
    std::size_t headEnd = std::string_view::npos;
    std::size_t pos = m_scanFrom;
    while ((pos = bytes.find('\n', pos)) != std::string_view::npos) {
        if (m_lineBytes == 0 && m_lineEnd == 0) {
            m_lineEnd = pos + 1;
            // The line without its CRLF must fit.
            if (m_lineEnd > lineLimit + 2) {
                fail(414, ec);
                return false;
            }
            const std::string_view line = bytes.substr(0, m_lineEnd);
            if (!isRequestLine(line)) {
                fail(400, ec); // at once, whatever follows the line
                return false;
            }
            // A well-formed version other than 1.0 and 1.1 (RFC 9110 §15.6.6),
            // also at once: Beast would say so only once the head is complete
            // when the line came in pieces, so the answer would depend on them.
            const std::string_view version = line.substr(line.size() - 5, 3);
            if (version != "1.0" && version != "1.1") {
                fail(505, ec);
                return false;
            }
        }
        if (pos + 1 >= bytes.size())
            break; // the next byte decides
        const char next = bytes[pos + 1];
        if (next == ' ' || next == '\t') {
            fail(400, ec); // RFC 9112 §5.2 obs-fold, or §2.2 whitespace before the first field
            return false;
        }
        if (next == '\r') {
            headEnd = pos + 3; // the blank line ends the head (Beast checks its LF)
            break;
        }
        ++pos;
    }
    m_scanFrom
        = headEnd != std::string_view::npos ? headEnd : (pos == std::string_view::npos ? bytes.size() : pos);

    const std::size_t lineBytes = m_lineBytes != 0 ? m_lineBytes : m_lineEnd;
    if (lineBytes == 0) {
        // An unfinished line may still end in CRLF.
        if (bytes.size() > lineLimit + 1) {
            fail(414, ec);
            return false;
        }
        return true;
    }
    const std::size_t seen
        = m_headUsed + (headEnd != std::string_view::npos ? std::min(headEnd, bytes.size()) : bytes.size());
    if (seen > lineBytes && seen - lineBytes > std::size_t(std::max(m_limits.maxHeaderBytes, 0))) {
        fail(431, ec);
        return false;
    }
    return true;
}

void RequestParser::on_request_impl(
    verb method, string_view methodString, string_view target, int version, error_code &ec)
{
    // method SP request-target SP HTTP-version, without the CRLF (RFC 9112 §3).
    const std::size_t lineLength = methodString.size() + target.size() + 10;
    if (lineLength > std::size_t(std::max(m_limits.maxRequestLineBytes, 0))) {
        fail(414, ec);
        return;
    }
    m_lineBytes = lineLength + 2;
    m_request.methodName.assign(methodString.data(), methodString.size());
    switch (method) {
    case verb::get:
        m_request.method = Request::Method::Get;
        break;
    case verb::head:
        m_request.method = Request::Method::Head;
        break;
    case verb::options:
        m_request.method = Request::Method::Options;
        break;
    default:
        m_request.method = Request::Method::Other;
        break;
    }
    m_request.target.assign(target.data(), target.size());
    m_request.version = version;
}

namespace {

void keepField(std::string &kept, boost::beast::string_view value)
{
    if (!kept.empty())
        kept.append(", ");
    kept.append(value.data(), value.size());
}

} // namespace

void RequestParser::on_field_impl(field name, string_view nameString, string_view value, error_code &ec)
{
    if (++m_fields > m_limits.maxHeaderFields) {
        fail(431, ec);
        return;
    }
    if (m_record)
        recordField(name, nameString, value);
    switch (name) {
    case field::host:
        break;
    case field::content_length:
        // Beast has checked the value and a repetition; it lets a coding other than chunked through.
        m_contentLengthSeen = true;
        if (m_transferEncodingSeen)
            fail(400, ec); // RFC 9112 §6.1: both is a smuggling attempt
        return;
    case field::transfer_encoding:
        onTransferEncoding(value, ec);
        return;
    case field::expect:
        // RFC 9110 §10.1.1; other expectations are ignored, as nginx does.
        if (FieldText::equalsNoCase(value, "100-continue"))
            m_expectContinue = true;
        return;
    case field::if_match:
        keepField(m_request.ifMatch, value);
        return;
    case field::if_none_match:
        keepField(m_request.ifNoneMatch, value);
        return;
    case field::if_modified_since:
        keepField(m_request.ifModifiedSince, value);
        return;
    case field::if_unmodified_since:
        keepField(m_request.ifUnmodifiedSince, value);
        return;
    case field::if_range:
        keepField(m_request.ifRange, value);
        return;
    case field::range:
        keepField(m_request.range, value);
        return;
    case field::accept_encoding:
        keepField(m_request.acceptEncoding, value);
        return;
    case field::referer:
        m_request.referer.assign(value.data(), value.size());
        return;
    case field::user_agent:
        m_request.userAgent.assign(value.data(), value.size());
        return;
    default:
        return;
    }
    // RFC 9112 §3.2: more than one Host, or an invalid one, is a bad request.
    if (m_hostSeen || !isValidHost(std::string_view(value.data(), value.size()))) {
        fail(400, ec);
        return;
    }
    m_hostSeen = true;
    m_request.host.assign(value.data(), value.size());
}

void RequestParser::onTransferEncoding(string_view value, error_code &ec)
{
    // RFC 9112 §6.1: only chunked is implemented, and it must be the one
    // and final coding; a message with both framings, or HTTP/1.0 with
    // Transfer-Encoding, cannot be framed reliably.
    if (m_transferEncodingSeen || m_contentLengthSeen || m_request.version < 11) {
        fail(400, ec);
        return;
    }
    m_transferEncodingSeen = true;
    int chunked = 0;
    std::string_view list(value.data(), value.size());
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        std::string_view coding = list.substr(0, comma);
        list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
        while (!coding.empty() && (coding.front() == ' ' || coding.front() == '\t'))
            coding.remove_prefix(1);
        while (!coding.empty() && (coding.back() == ' ' || coding.back() == '\t'))
            coding.remove_suffix(1);
        if (coding.empty())
            continue;
        if (!FieldText::equalsNoCase(coding, "chunked")) {
            fail(501, ec);
            return;
        }
        ++chunked;
    }
    if (chunked != 1)
        fail(400, ec);
}

std::uint64_t RequestParser::bodyLimitFor() const
{
    // The site that will answer: the one site choice (RequestHandler::pickSite).
    RequestTarget target;
    RequestTarget::split(m_request.target, target);
    const Site &site = m_sites.site(RequestHandler::pickSite(m_sites, m_request, target));
    return std::uint64_t(std::max<qint64>(site.limits.maxBodyBytes, 0));
}

void RequestParser::on_header_impl(error_code &ec)
{
    // RFC 9112 §3.2: an HTTP/1.1 request without Host is a bad request.
    if (m_request.version >= 11 && !m_hostSeen) {
        fail(400, ec);
        return;
    }
    m_request.keepAlive = keep_alive();
    m_contentLength = content_length().value_or(0);
    if (!chunked() && m_contentLength == 0)
        return; // no body: no site lookup on the common path
    const std::uint64_t limit = bodyLimitFor();
    if (!chunked() && m_contentLength > limit) {
        fail(413, ec);
        return;
    }
    body_limit(limit); // Beast counts decoded chunk sizes against it
}

} // namespace hostbench::http
