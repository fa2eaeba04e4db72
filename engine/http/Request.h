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
    enum class Method { Get, Head, Other };

    Method method = Method::Get;
    int version = 11; // 10 for HTTP/1.0, 11 for HTTP/1.1
    std::string target; // request-target as sent (origin-form or absolute-form)
    std::string host; // Host field value as sent; empty when absent
    bool keepAlive = true; // RFC 9112 §9.3: from the version and Connection

    void clear()
    {
        method = Method::Get;
        version = 11;
        target.clear();
        host.clear();
        keepAlive = true;
    }
};

} // namespace hostbench::http
