#pragma once

#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * The request-target phase (RFC 9112 §3.2, RFC 3986 §5.2.4): splits a
 * target into authority, path and query, and turns the path into the
 * decoded, normalised path that the mapping phase looks up under a
 * document root.
 *
 * normalizePath() percent-decodes every octet (so %2F is a slash and
 * %2e%2e is "..", as nginx does), merges repeated slashes, removes "."
 * segments and resolves ".." segments. It refuses (returns false: answer
 * 400, as nginx does) a path that climbs above "/", an invalid
 * percent-escape, a decoded NUL and a backslash (a separator elsewhere, never
 * meant in a URL path; refusing it keeps the mapping safe on any platform).
 * The result starts with "/" and contains no "." or ".." segment, so
 * appending it to a document root never leaves the root lexically;
 * symbolic links are StaticFile's business.
 *
 * Pure functions; any thread; no allocation once `out` has capacity.
 */
class RequestTarget final
{
public:
    std::string_view authority; // host[:port] of an absolute-form target; empty for origin-form
    std::string_view path; // raw (still encoded) path, starts with '/'
    std::string_view query; // after '?', without it; empty when none

    // False for a target that is neither origin-form nor http(s) absolute-form
    // (asterisk-form, authority-form, garbage). Views point into `target`,
    // but for the path "/" given to an absolute-form target without one.
    static bool split(std::string_view target, RequestTarget &out);
    static constexpr const char *kClimbsAboveRoot = "path climbs above the document root";
    static constexpr const char *kBadEscape = "invalid percent-encoding in the path";
    static constexpr const char *kBadByte = "NUL or backslash in the path";

    // Decodes and normalises `rawPath` into `out` (cleared first). On false,
    // `reason` (when given) is one of the static strings above, for the error log.
    static bool normalizePath(std::string_view rawPath, std::string &out, const char **reason = nullptr);
};

} // namespace hostbench::http
