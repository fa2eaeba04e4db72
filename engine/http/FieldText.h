#pragma once

#include <string_view>

namespace hostbench::http {

/*
 * Small helpers for field values: optional whitespace (OWS, RFC 9110
 * §5.6.3: SP and HTAB only, never CR or LF). Shared by the parsers of
 * Accept-Encoding, the validators and Range. Pure functions; any thread.
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
};

} // namespace hostbench::http
