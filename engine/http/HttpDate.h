#pragma once

#include <ctime>
#include <string_view>

namespace hostbench::http {

/*
 * The Date field value (RFC 9110 §5.6.7 IMF-fixdate,
 * "Sun, 06 Nov 1994 08:49:37 GMT", always 29 characters), formatted at most
 * once per second. Thread: one instance per worker.
 */
class HttpDate final
{
public:
    static constexpr size_t kLength = 29;

    // Writes exactly kLength characters (no terminating NUL).
    static void format(std::time_t time, char *out);
    // Now, from the cache when the second has not changed.
    std::string_view now();

private:
    std::time_t m_second = -1;
    char m_text[kLength] = {};
};

} // namespace hostbench::http
