#pragma once

#include "http/Request.h"

#include <boost/beast/http/basic_parser.hpp>

namespace hostbench::http {

/*
 * Boost.Beast's incremental HTTP/1.1 request parser (RFC 9112) with a sink
 * that keeps only what Request needs: method, target, version, Host and the
 * keep-alive decision. Unlike http::request_parser it stores no header
 * fields, so a request costs no heap allocation. A request body
 * (Content-Length or chunked) is parsed and discarded, which keeps the
 * connection in step for the next request.
 *
 * Limits: kHeaderLimit bytes of request head (error header_limit, answered
 * 431), kBodyLimit bytes of body (error body_limit, answered 413). A second
 * Host field is a malformed request (error bad_value, answered 400).
 * Construct one per request; it writes into the Request it was given.
 * Thread: the worker that owns the connection.
 */
class RequestParser final : public boost::beast::http::basic_parser<true>
{
public:
    static constexpr std::uint32_t kHeaderLimit = 16 * 1024;
    static constexpr std::uint64_t kBodyLimit = 1024 * 1024;

    explicit RequestParser(Request &request);

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
    void on_body_init_impl(const boost::optional<std::uint64_t> &, error_code &) override { }
    std::size_t on_body_impl(string_view body, error_code &) override { return body.size(); }
    void on_chunk_header_impl(std::uint64_t, string_view, error_code &) override { }
    std::size_t on_chunk_body_impl(std::uint64_t, string_view body, error_code &) override
    {
        return body.size();
    }
    void on_finish_impl(error_code &) override { }

    Request &m_request;
    bool m_hostSeen = false;
};

} // namespace hostbench::http
