#pragma once

#include "http/LogRecord.h"

#include <ctime>
#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * Turns log records into lines. The access log is nginx's `combined`
 * format (Apache's Combined Log Format):
 *   127.0.0.1 - - [10/Oct/2000:13:55:36 +0200] "GET / HTTP/1.1" 200 2326 "-" "curl/8.0"
 * with `"`, `\`, control and non-ASCII bytes written as \xHH, as nginx
 * escapes variables in a log. With `upstreamTimes` (a site's
 * ProxySettings::logUpstreamTimes) the line goes on with the upstream's
 * times in seconds, ms precision, as nginx's log_format with
 *   ... "$http_user_agent" $upstream_connect_time $upstream_header_time $upstream_response_time
 * writes them: ... "curl/8.0" 0.000 0.051 0.052 (connect 0.000: a pooled
 * connection), "-" for a time not reached or a request not proxied. The error log follows nginx's layout:
 *   2000/10/10 13:55:36 [error] request failed: 404 Not Found, "/x": No such file
 *   or directory, client: 127.0.0.1, server: localhost, request: "GET /x HTTP/1.1",
 *   host: "localhost"
 * where the reason (LogRecordHead::errorReason, when known) follows the
 * request's raw URI path, never the file's path on disk.
 * Times are local time; month names are English whatever the locale.
 * Thread: one instance per thread (it caches the formatted second).
 */
class LogFormat final
{
public:
    void appendAccessLine(const LogEntry &entry, std::string &out, bool upstreamTimes = false);
    // " 0.000 0.051 0.052": the three times of `timing` (µs, -1: "-") in seconds, ms precision.
    static void appendUpstreamTimes(const UpstreamTiming &timing, std::string &out);
    void appendErrorLine(const LogEntry &entry, std::string_view server, std::string &out);

    static void appendEscaped(std::string_view value, std::string &out);
    static std::string_view levelName(LogLevel level);

private:
    void updateTime(std::time_t time);

    std::time_t m_time = -1;
    std::string m_accessTime; // "10/Oct/2000:13:55:36 +0200"
    std::string m_errorTime; // "2000/10/10 13:55:36"
};

} // namespace hostbench::http
