#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * Small helpers for field values: optional whitespace (OWS, RFC 9110
 * §5.6.3: SP and HTAB only, never CR or LF), case-insensitive comparison
 * of tokens (field names and codings are ASCII, RFC 9110 §5.1) and numbers
 * written into a head or a log line. Shared by the parsers, the response
 * head, the file responder and the access log. Pure functions; any thread.
 */
struct FieldText
{
    static constexpr bool isWhitespace(char c) { return c == ' ' || c == '\t'; }

    // `s` without leading and trailing OWS; a view into `s`.
    static constexpr std::string_view trimmed(std::string_view s)
    {
        while (!s.empty() && isWhitespace(s.front()))
            s.remove_prefix(1);
        while (!s.empty() && isWhitespace(s.back()))
            s.remove_suffix(1);
        return s;
    }

    // Whether `a` equals `lower` (all lower case) ignoring ASCII case.
    static constexpr bool equalsNoCase(std::string_view a, std::string_view lower)
    {
        if (a.size() != lower.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            char c = a[i];
            if (c >= 'A' && c <= 'Z')
                c = char(c - 'A' + 'a');
            if (c != lower[i])
                return false;
        }
        return true;
    }

    // Appends `value` in `base` (10, or 16 in lower case), without allocating a temporary.
    static void appendNumber(std::string &out, std::uint64_t value, int base = 10)
    {
        char digits[24];
        const auto result = std::to_chars(digits, digits + sizeof digits, value, base);
        out.append(digits, std::size_t(result.ptr - digits));
    }
};

} // namespace hostbench::http
