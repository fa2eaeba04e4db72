#pragma once

#include "http/LogRecord.h"
#include "http/SharedFd.h"

#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

namespace hostbench::http {

struct SiteCounters;

/*
 * What the answer phase decided: status, head fields and where the body
 * comes from (inline bytes or an open file). Reused by a connection from
 * one request to the next. The string_views point into the site table,
 * the worker's MIME cache or static storage and are consumed (copied into
 * the connection's output buffer) before the worker handles another
 * request. Thread: the worker that owns the connection.
 */
struct Response
{
    int status = 200;
    bool keepAlive = true;
    bool headOnly = false; // HEAD: the head a GET would get, no body
    std::string_view contentType; // empty: no Content-Type field
    std::uint64_t contentLength = 0; // bytes of the body a GET would get
    std::string_view allow; // Allow field value (405), else empty
    std::string location; // Location field value (redirects), else empty
    std::string_view body; // inline body when file is not valid, or the same bytes as file's
    // When valid: the body is contentLength bytes from fileOffset, read with
    // explicit offsets only (pread, sendfile), as the descriptor may be the
    // file cache's, shared with other responses. When `body` is not empty
    // too, both hold the same bytes (a cached file that keeps its
    // descriptor, FileCache::kSendfileMinBytes): cleartext HTTP/1.1 sends a
    // large one by sendfile, TLS and HTTP/2 from `body`.
    SharedFd file;
    std::uint64_t fileOffset = 0;
    // Static-file fields (RFC 9110 §8.8, §14); empty / -1 / false: not sent.
    std::string etag; // quoted entity-tag
    std::time_t lastModified = -1;
    // lastModified already formatted (points into the worker's file cache), or empty.
    std::string_view lastModifiedText;
    bool acceptRanges = false; // "Accept-Ranges: bytes"
    std::string_view contentEncoding; // "br", "gzip"
    bool varyAcceptEncoding = false; // the resource has precompressed siblings
    enum class ContentRange { None, Range, Unsatisfied } contentRange = ContentRange::None;
    std::uint64_t rangeFirst = 0; // Range: "bytes first-last/completeLength"
    std::uint64_t rangeLast = 0;
    std::uint64_t completeLength = 0; // also for Unsatisfied: "bytes */completeLength"
    SiteCounters *site = nullptr; // the site that answered; null before a site was picked
    // Why the request failed, for the error log: a static string (StaticFile,
    // RequestTarget), so it outlives the response; null when none is known.
    const char *errorReason = nullptr;
    UpstreamTiming upstream; // a proxied request's upstream times (ProxyResponder), for the log record
    unsigned retryAfterS = 0; // > 0: "Retry-After: N" (seconds, RFC 9110 §10.2.3)
    // A whole "Strict-Transport-Security: ...\r\n" line (Site::hstsField), empty for none;
    // the connection clears it on cleartext.
    std::string_view hsts;

    void clear()
    {
        status = 200;
        keepAlive = true;
        headOnly = false;
        contentType = {};
        contentLength = 0;
        allow = {};
        location.clear();
        body = {};
        file.reset();
        fileOffset = 0;
        etag.clear();
        lastModified = -1;
        lastModifiedText = {};
        acceptRanges = false;
        contentEncoding = {};
        varyAcceptEncoding = false;
        contentRange = ContentRange::None;
        site = nullptr;
        errorReason = nullptr;
        upstream = {};
        retryAfterS = 0;
        hsts = {};
    }
};

} // namespace hostbench::http
