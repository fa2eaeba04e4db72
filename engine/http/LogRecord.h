#pragma once

#include <array>
#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

namespace hostbench::http {

struct Request;

/*
 * The client's address, kept raw (a connection looks it up once, with
 * getpeername(2), when it logs its first request) and turned into text by
 * the log thread. IPv4-mapped IPv6 addresses are shown as IPv4.
 * Plain value; any thread.
 */
struct PeerAddress
{
    std::uint8_t family = 0; // 0 = not looked up yet or unknown, 4 or 6
    std::array<std::uint8_t, 16> bytes {};

    static PeerAddress ofSocket(int fd);
    void appendTo(std::string &out) const; // "127.0.0.1", "::1", "-" when unknown
};

enum class LogLevel : std::uint8_t { Error, Warn, Info };

/*
 * How long the upstream took for a proxied request (ProxyResponder), in
 * microseconds from the request's hand-over: to a connection (0 for a
 * pooled one), to the response head (first byte), to the last byte
 * (nginx's $upstream_connect_time, $upstream_header_time,
 * $upstream_response_time). -1: not reached, or not proxied.
 * Plain value; any thread.
 */
struct UpstreamTiming
{
    std::int64_t connectUs = -1;
    std::int64_t headerUs = -1;
    std::int64_t totalUs = -1;
};

/*
 * One record in a worker's log buffer: this fixed part, then the strings
 * (method, target, referer, user agent, host) back to back, then padding
 * to a multiple of 8 bytes. Written by the worker with memcpy, read and
 * formatted by the log thread. `site` and `sink` index the LogWriter table
 * the record was written under. Lengths are clamped to 65535 bytes.
 * `stamp` orders the lines: steady-clock time read by the worker under its
 * buffer's lock, before the response's first byte went out (LogWriter). `time` is left 0 by the worker; the
 * log thread sets it from `stamp` before formatting.
 */
struct LogRecordHead
{
    // Message: an error-log line with a text of its own (a PHP script's FCGI_STDERR).
    enum Kind : std::uint8_t { Access, Error, Message };

    std::uint32_t size = 0; // bytes of the whole record, padding included
    std::int32_t site = -1;
    std::int32_t sink = -1;
    Kind kind = Access;
    LogLevel level = LogLevel::Error;
    std::uint16_t status = 0;
    std::int64_t stamp = 0; // steady clock, ns (std::chrono::steady_clock)
    std::int64_t time = 0; // seconds since the epoch (wall clock)
    std::uint64_t bytes = 0; // body bytes actually sent (nginx's $body_bytes_sent)
    const char *errorReason = nullptr; // Response::errorReason: a static string, safe on any thread
    UpstreamTiming upstream; // Response::upstream: proxied requests only
    PeerAddress peer;
    std::uint8_t version = 11; // 10, 11 or 20 (HTTP/2)
    bool parsed = false; // the request line was read
    std::uint16_t methodLength = 0;
    std::uint16_t targetLength = 0;
    std::uint16_t refererLength = 0;
    std::uint16_t userAgentLength = 0;
    std::uint16_t hostLength = 0;
    std::uint16_t messageLength = 0; // Message: the text after the strings
};

// A record read back from a buffer: its head and views of its strings.
struct LogEntry
{
    LogRecordHead head;
    std::string_view method;
    std::string_view target;
    std::string_view referer;
    std::string_view userAgent;
    std::string_view host;
    std::string_view message; // Message records only
};

// Appends `head` (its lengths and size set here) and `request`'s strings to
// `buffer` as one record, 8-byte aligned, with `message` after them (a Message record's). Any thread.
void appendLogRecord(
    std::string &buffer, LogRecordHead head, const Request &request, std::string_view message = {});
// The record whose first byte is at `at` (written by appendLogRecord). Any thread.
LogEntry readLogRecord(const char *at);
// The fixed part only, of the record at `at`.
LogRecordHead readLogRecordHead(const char *at);

} // namespace hostbench::http
