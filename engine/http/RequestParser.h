#pragma once

#include "http/Request.h"

#include "model/VirtualHost.h"

#include <boost/asio/buffer.hpp>

#include <boost/beast/http/basic_parser.hpp>

namespace hostbench::http {

class SiteTable;

/*
 * Boost.Beast's incremental HTTP/1.1 request parser (RFC 9112) with a sink
 * that keeps only what Request needs. Unlike http::request_parser it
 * stores no header container, so a request costs no heap allocation once
 * the Request's strings have capacity. A request body (Content-Length or
 * chunked) is parsed and discarded, which keeps the connection in step for
 * the next request; while a site proxies a path (SiteTable::hasProxies)
 * the field lines and the decoded body are kept in Request::fields and
 * Request::body for ProxyResponder instead, which takes the body a piece at
 * a time as it feeds the rest of it (ProxyUpload.cpp).
 *
 * Feed it with feed(), not put(): feed() adds what Beast lets through and
 * RFC 9112 forbids, with a pre-scan of the header bytes (one memchr pass
 * for '\n', resumed where the last call stopped):
 *   - empty lines (CRLF) before the request line are skipped (RFC 9112
 *     §2.2 "SHOULD ignore at least one"), any other byte there is a 400;
 *   - the request line is checked as soon as its LF has arrived: anything
 *     but method SP target SP HTTP/DIGIT.DIGIT CRLF is a 400, a version
 *     other than 1.0 and 1.1 a 505, at once, even
 *     before the rest of the head (Beast waits for the whole head, and for
 *     more bytes after a line with an empty version);
 *   - obsolete line folding (a field line starting with SP or HTAB) is a 400;
 *   - the request line beyond maxRequestLineBytes is a 414, a header block
 *     (field lines and the final CRLF) beyond maxHeaderBytes or more than
 *     maxHeaderFields fields is a 431 (the default site's limits: the host
 *     is unknown until the head has been read);
 * and in the callbacks: a missing Host on HTTP/1.1, a second Host, an
 * invalid Host (empty, or a character outside RFC 3986 reg-name / IP
 * literal / port), Transfer-Encoding with Content-Length or on HTTP/1.0,
 * and a Transfer-Encoding other than exactly "chunked" are refused (400, or
 * 501 for a coding we do not implement, RFC 9112 §6.1). The body limit is
 * the chosen site's maxBodyBytes (413), checked against Content-Length at
 * once and by Beast while it decodes chunks. Beast already refuses a
 * method or field name outside `token`, whitespace before a colon, control
 * characters or a bare CR in a field value, a bad or conflicting
 * Content-Length and a bad chunk; errorStatus() maps its errors. The
 * version is ours to check with the line: a well-formed HTTP/x.y other than
 * 1.0 and 1.1 is a 505, a malformed one a 400 (no HTTP/0.9).
 *
 * Construct one per request, with the table the request is answered from
 * (it must outlive the parser); it writes into the Request it was given.
 * Thread: the worker that owns the connection.
 */
class RequestParser final : public boost::beast::http::basic_parser<true>
{
public:
    RequestParser(Request &request, const SiteTable &sites);

    // put() with the checks above. Returns the bytes used (skipped empty
    // lines included); ec as put(): need_more, or an error for errorStatus().
    std::size_t feed(boost::asio::const_buffer input, boost::beast::error_code &ec);
    // The status that answers a feed() error: 400, 413, 414, 431, 501 or 505.
    int errorStatus(const boost::beast::error_code &ec) const;
    // The client asked for "100-continue" (RFC 9110 §10.1.1) on HTTP/1.1 and a body follows.
    // The request's Content-Length once its head is parsed; 0 when none (chunked, or no body).
    std::uint64_t contentLength() const { return m_contentLength; }
    bool expectsContinue() const
    {
        return m_expectContinue && m_request.version >= 11 && is_header_done() && !is_done();
    }

private:
    using error_code = boost::beast::error_code;
    using verb = boost::beast::http::verb;
    using field = boost::beast::http::field;
    using string_view = boost::beast::string_view;

    void on_request_impl(
        verb method, string_view methodString, string_view target, int version, error_code &ec) override;
    void on_response_impl(int, string_view, int, error_code &) override { }
    void on_field_impl(field name, string_view nameString, string_view value, error_code &ec) override;
    void on_header_impl(error_code &ec) override;
    // For a proxy: keeps the field line in Request::fields (Host and the body's framing apart).
    void recordField(field name, string_view nameString, string_view value)
    {
        if (name == field::content_length || name == field::transfer_encoding)
            m_request.hasBody = true;
        else if (name != field::host)
            m_request.fields.append(nameString.data(), nameString.size())
                .append(": ")
                .append(value.data(), value.size())
                .append("\r\n");
    }
    void on_body_init_impl(const boost::optional<std::uint64_t> &, error_code &) override { }
    std::size_t on_body_impl(string_view body, error_code &) override
    {
        if (m_record)
            m_request.body.append(body.data(), body.size());
        return body.size();
    }
    void on_chunk_header_impl(std::uint64_t, string_view, error_code &) override { }
    std::size_t on_chunk_body_impl(std::uint64_t, string_view body, error_code &) override
    {
        if (m_record)
            m_request.body.append(body.data(), body.size());
        return body.size();
    }
    void on_finish_impl(error_code &) override { }

    // Pre-scan of the bytes Beast has not used yet; false with ec set on a violation.
    bool checkHead(std::string_view bytes, error_code &ec);
    void fail(int status, error_code &ec);
    void onTransferEncoding(string_view value, error_code &ec);
    std::uint64_t bodyLimitFor() const;

    Request &m_request;
    const SiteTable &m_sites;
    const model::RequestLimits &m_limits; // the default site's
    std::size_t m_headUsed = 0; // head bytes Beast has used (request line and whole fields)
    std::size_t m_lineBytes = 0; // request line with its CRLF, once parsed
    std::size_t m_lineEnd = 0; // the same, once its LF is in the unused bytes (checked then)
    std::size_t m_scanFrom = 0; // where the pre-scan goes on, from the first unused byte
    int m_errorStatus = 0; // set with an error of our own
    int m_fields = 0;
    std::uint64_t m_contentLength = 0; // on_header_impl()'s
    bool m_hostSeen = false;
    bool m_contentLengthSeen = false;
    bool m_transferEncodingSeen = false;
    bool m_expectContinue = false;
    const bool m_record; // SiteTable::hasProxies or hasPhp: keep Request::fields and Request::body
};

} // namespace hostbench::http
