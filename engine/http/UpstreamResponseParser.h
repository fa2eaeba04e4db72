#pragma once

#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/error.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * An upstream's response (RFC 9112) for ProxyResponder, on Beast's
 * basic_parser, as RequestParser is for requests: the status, the reason
 * and the field lines ("Name: value\r\n" each, ProxyHead::split() reads
 * them) are kept in one string, not in a beast::http::fields (an
 * allocation and a tree node per field cost about 1,600 instructions of a
 * W6p request, callgrind). Body bytes go to the buffer given with
 * setBody(), as Beast's buffer_body: when it is full, the parser stops with
 * http::error::need_buffer and takes up again after the next setBody().
 * Errors are basic_parser's (bad status line, header_limit, a body that
 * ends early: partial_message).
 * Thread: its ProxyResponder's worker thread.
 */
class UpstreamResponseParser final : public boost::beast::http::basic_parser<false>
{
public:
    UpstreamResponseParser() { m_lines.reserve(512); }

    unsigned status() const { return m_status; }
    std::string_view reason() const { return m_reason; }
    // The field lines, once the head is parsed.
    std::string_view fieldLines() const { return m_lines; }

    // The next body bytes go to `size` bytes at `data`; room() tells what is left of it.
    void setBody(char *data, std::size_t size)
    {
        m_body = data;
        m_room = size;
    }
    std::size_t room() const { return m_room; }

private:
    using string_view = boost::beast::string_view;
    using error_code = boost::beast::error_code;

    void on_request_impl(boost::beast::http::verb, string_view, string_view, int, error_code &) override { }
    void on_response_impl(int code, string_view reason, int, error_code &) override
    {
        m_status = unsigned(code);
        m_reason.assign(reason.data(), reason.size());
    }
    void on_field_impl(boost::beast::http::field, string_view name, string_view value, error_code &) override
    {
        m_lines.append(name.data(), name.size())
            .append(": ")
            .append(value.data(), value.size())
            .append("\r\n");
    }
    void on_header_impl(error_code &) override { }
    void on_body_init_impl(const boost::optional<std::uint64_t> &, error_code &) override { }
    std::size_t on_body_impl(string_view body, error_code &ec) override { return take(body, ec); }
    void on_chunk_header_impl(std::uint64_t, string_view, error_code &) override { }
    std::size_t on_chunk_body_impl(std::uint64_t, string_view body, error_code &ec) override
    {
        return take(body, ec);
    }
    void on_finish_impl(error_code &) override { }

    std::size_t take(string_view body, error_code &ec)
    {
        const std::size_t n = std::min(m_room, body.size());
        if (n > 0)
            std::memcpy(m_body, body.data(), n);
        m_body += n;
        m_room -= n;
        if (n < body.size())
            ec = boost::beast::http::error::need_buffer;
        return n;
    }

    unsigned m_status = 0;
    std::string m_reason;
    std::string m_lines;
    char *m_body = nullptr;
    std::size_t m_room = 0;
};

} // namespace hostbench::http
