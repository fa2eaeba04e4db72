#pragma once

#include <string>
#include <string_view>

namespace hostbench::http {

struct Response;

/*
 * Writes a response head (RFC 9112 §4 status line, RFC 9110 fields) into a
 * reusable byte buffer: status line, Server, Date, Content-Type,
 * Content-Length, Content-Encoding, Content-Range, Accept-Ranges, ETag,
 * Last-Modified, Vary, Location, Allow, Retry-After, Connection, blank line. No header
 * container, no allocation once the buffer has capacity (Beast's
 * serializer needs an http::fields, which allocates per field).
 *
 * The status line always says HTTP/1.1 (RFC 9110 §2.5: a server sends its
 * own version). Connection: "close" when the connection ends after this
 * response; "keep-alive" to confirm an HTTP/1.0 keep-alive request
 * (RFC 9112 Appendix C.2.2); nothing for a persistent HTTP/1.1 one.
 * 1xx, 204 and 304 carry neither a body nor Content-Length (RFC 9110 §8.6). Pure functions; any thread.
 */
class ResponseHead final
{
public:
    static constexpr std::string_view kServer = "Hostbench/" HOSTBENCH_VERSION;

    // Appends the head of `response` to `out`. `requestVersion`: 10 or 11.
    static void write(const Response &response, int requestVersion, std::string_view date, std::string &out);
    // The reason phrase for a status ("Not Found"); "Unknown" when none is registered.
    static std::string_view reason(int status);
    // Whether a response with this status may carry a body at all.
    static bool bodyAllowed(int status);
    // A small HTML page ("404 Not Found") for any 3xx-5xx status but 304, in
    // static storage; empty for other statuses.
    static std::string_view errorBody(int status);
};

} // namespace hostbench::http
