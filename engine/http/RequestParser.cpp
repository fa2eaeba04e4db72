#include "RequestParser.h"

#include <boost/beast/http/error.hpp>

namespace hostbench::http {

RequestParser::RequestParser(Request &request)
    : m_request(request)
{
    header_limit(kHeaderLimit);
    body_limit(kBodyLimit);
    // Parse a body that arrived with its head in the same put(); the
    // connection then sees a finished request without another round.
    eager(true);
}

void RequestParser::on_request_impl(
    verb method, string_view methodString, string_view target, int version, error_code &)
{
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

void RequestParser::on_field_impl(field name, string_view, string_view value, error_code &ec)
{
    switch (name) {
    case field::host:
        break;
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
    // RFC 9112 §3.2: more than one Host field is a bad request.
    if (m_hostSeen) {
        ec = boost::beast::http::error::bad_value;
        return;
    }
    m_hostSeen = true;
    m_request.host.assign(value.data(), value.size());
}

void RequestParser::on_header_impl(error_code &)
{
    m_request.keepAlive = keep_alive();
}

} // namespace hostbench::http
