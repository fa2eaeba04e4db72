#include "ResponseHead.h"

#include "http/FieldText.h"
#include "http/HttpDate.h"
#include "http/Response.h"

// Boost 1.81's string_view needs <ostream> and status.hpp does not include it.
#include <ostream>

#include <boost/beast/http/status.hpp>

#include <array>
#include <charconv>
#include <string>

namespace hostbench::http {

namespace {

constexpr int kFirstPage = 300;
constexpr int kLastPage = 599;

// One page for every redirect, client-error and server-error status, so that
// whatever status a phase picks (parser limits, timeouts, the connection cap,
// a route) gets the same plain body. Built once, on first use from any worker
// (static locals are thread-safe).
const std::array<std::string, kLastPage - kFirstPage + 1> &errorPages()
{
    static const auto pages = [] {
        std::array<std::string, kLastPage - kFirstPage + 1> built;
        for (int status = kFirstPage; status <= kLastPage; ++status) {
            if (!ResponseHead::bodyAllowed(status))
                continue;
            std::string title = std::to_string(status);
            title.append(1, ' ').append(ResponseHead::reason(status));
            built[size_t(status - kFirstPage)] = "<html><head><title>" + title + "</title></head><body><h1>"
                + title + "</h1></body></html>\n";
        }
        return built;
    }();
    return pages;
}

} // namespace

std::string_view ResponseHead::reason(int status)
{
    if (status < 100 || status > 999)
        return "Unknown";
    const auto text = boost::beast::http::obsolete_reason(boost::beast::http::status(unsigned(status)));
    const std::string_view reason(text.data(), text.size());
    // Beast's "<unknown-status>" would put markup into the default error page.
    return reason.front() == '<' ? std::string_view("Unknown") : reason;
}

bool ResponseHead::bodyAllowed(int status)
{
    return status >= 200 && status != 204 && status != 304;
}

std::string_view ResponseHead::errorBody(int status)
{
    if (status < kFirstPage || status > kLastPage)
        return {};
    return errorPages()[size_t(status - kFirstPage)];
}

void ResponseHead::write(
    const Response &response, int requestVersion, std::string_view date, std::string &out)
{
    out.append("HTTP/1.1 ");
    FieldText::appendNumber(out, std::uint64_t(response.status));
    out.append(1, ' ').append(reason(response.status)).append("\r\nServer: ").append(kServer);
    out.append("\r\nDate: ").append(date).append("\r\n");
    const bool withBody = bodyAllowed(response.status);
    if (withBody && !response.contentType.empty())
        out.append("Content-Type: ").append(response.contentType).append("\r\n");
    if (withBody) {
        out.append("Content-Length: ");
        FieldText::appendNumber(out, response.contentLength);
        out.append("\r\n");
        if (!response.contentEncoding.empty())
            out.append("Content-Encoding: ").append(response.contentEncoding).append("\r\n");
    }
    if (response.contentRange != Response::ContentRange::None) {
        out.append("Content-Range: bytes ");
        if (response.contentRange == Response::ContentRange::Range) {
            FieldText::appendNumber(out, response.rangeFirst);
            out.append(1, '-');
            FieldText::appendNumber(out, response.rangeLast);
        } else {
            out.append(1, '*');
        }
        out.append(1, '/');
        FieldText::appendNumber(out, response.completeLength);
        out.append("\r\n");
    }
    if (response.acceptRanges)
        out.append("Accept-Ranges: bytes\r\n");
    if (!response.etag.empty())
        out.append("ETag: ").append(response.etag).append("\r\n");
    if (!response.lastModifiedText.empty()) {
        out.append("Last-Modified: ").append(response.lastModifiedText).append("\r\n");
    } else if (response.lastModified >= 0) {
        char date[HttpDate::kLength];
        HttpDate::format(response.lastModified, date);
        out.append("Last-Modified: ").append(date, sizeof date).append("\r\n");
    }
    if (response.varyAcceptEncoding)
        out.append("Vary: Accept-Encoding\r\n");
    if (!response.location.empty())
        out.append("Location: ").append(response.location).append("\r\n");
    if (!response.allow.empty())
        out.append("Allow: ").append(response.allow).append("\r\n");
    if (response.retryAfterS > 0) {
        out.append("Retry-After: ");
        FieldText::appendNumber(out, response.retryAfterS);
        out.append("\r\n");
    }
    out.append(response.hsts);
    if (!response.keepAlive)
        out.append("Connection: close\r\n");
    else if (requestVersion < 11)
        out.append("Connection: keep-alive\r\n");
    out.append("\r\n");
}

} // namespace hostbench::http
