#pragma once

#include <string>

namespace hostbench::http {

/*
 * The parts of one request head that the request phases use, nothing else
 * (RFC 9112 §3). Filled by RequestParser; reused by a connection from one
 * request to the next, so its strings keep their capacity and parsing a
 * request allocates nothing once a connection has warmed up.
 * Thread: the worker that owns the connection.
 */
struct Request
{
    enum class Method { Get, Head, Options, Other };

    Method method = Method::Get;
    std::string methodName; // as sent, for the access log
    int version = 11; // 10 for HTTP/1.0, 11 for HTTP/1.1, 20 for HTTP/2 (Http2Connection)
    std::string target; // request-target as sent (origin-form or absolute-form)
    std::string host; // Host field value as sent; empty when absent
    bool keepAlive = true; // RFC 9112 §9.3: from the version and Connection
    // Fields the static-file phase evaluates (RFC 9110 §13, §14, §12.5.3), as
    // sent; a field given more than once is joined with ", " (list syntax).
    // Empty when absent; only a request that has them pays to parse them.
    std::string ifMatch;
    std::string ifNoneMatch;
    std::string ifModifiedSince;
    std::string ifUnmodifiedSince;
    std::string ifRange;
    std::string range;
    std::string acceptEncoding;
    // For the access log (Combined Log Format); the last one sent wins.
    std::string referer;
    std::string userAgent;
    // Kept only while the site table proxies a path (SiteTable::hasProxies),
    // for ProxyResponder: every field line as sent but Host, Content-Length
    // and Transfer-Encoding ("Name: value\r\n" each), and the body, decoded
    // from chunks: what the parser decoded since ProxyResponder last sent
    // and cleared it (one read's worth; the site's maxBodyBytes bounds the whole).
    std::string fields;
    std::string body;
    bool hasBody = false; // Content-Length or Transfer-Encoding was sent

    void clear()
    {
        method = Method::Get;
        methodName.clear();
        version = 11;
        target.clear();
        host.clear();
        keepAlive = true;
        ifMatch.clear();
        ifNoneMatch.clear();
        ifModifiedSince.clear();
        ifUnmodifiedSince.clear();
        ifRange.clear();
        range.clear();
        acceptEncoding.clear();
        referer.clear();
        userAgent.clear();
        fields.clear();
        body.clear();
        hasBody = false;
    }
};

} // namespace hostbench::http
