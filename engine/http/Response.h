#pragma once

#include "http/UniqueFd.h"

#include <cstdint>
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
    std::string_view body; // inline body when file is not valid
    UniqueFd file; // when valid: the body is its first contentLength bytes
    SiteCounters *site = nullptr; // the site that answered; null before a site was picked

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
        site = nullptr;
    }
};

} // namespace hostbench::http
