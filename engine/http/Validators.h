#pragma once

#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

namespace hostbench::http {

struct Request;

/*
 * Validators of a file representation and the conditional requests that
 * use them (RFC 9110 §8.8, §13).
 *
 * The entity-tag is strong (a file's bytes change only with its size or
 * modification time, or it is another file), made of the inode, the size
 * and the modification time in nanoseconds, in hex, plus a suffix naming
 * the content coding, so every representation has its own tag:
 * "\"1a2b-400-17f0c9e1d2a3b4c5\"" or "\"1a2b-400-17f0c9e1d2a3b4c5-br\"".
 * nginx uses "mtime_seconds-size" (weaker: two writes within a second keep
 * the tag).
 *
 * evaluate() follows the order of RFC 9110 §13.2.2: If-Match (strong
 * comparison; false -> 412), else If-Unmodified-Since (modified after ->
 * 412); then If-None-Match (weak comparison; a match -> 304 for GET and
 * HEAD, which are the only methods it is called for), else
 * If-Modified-Since (not modified since -> 304). A date that does not parse
 * is ignored (RFC 9110 §13.1.3, §13.1.4). Dates compare in whole seconds,
 * the resolution of Last-Modified; "not modified since" is mtime <= date,
 * where nginx's default (if_modified_since exact) wants equality.
 *
 * Pure functions; any thread.
 */
class Validators final
{
public:
    enum class Outcome { Proceed, NotModified, PreconditionFailed };

    // Appends the quoted entity-tag; `coding` empty for identity.
    static void formatETag(std::uint64_t inode, std::uint64_t size, std::int64_t mtimeNs,
        std::string_view coding, std::string &out);
    // IMF-fixdate, RFC 850 and asctime forms (RFC 9110 §5.6.7). False when none fits.
    static bool parseDate(std::string_view text, std::time_t &out);
    // Whether an If-Match / If-None-Match list names `etag` ("*" names any).
    static bool listMatches(std::string_view list, std::string_view etag, bool weakComparison);
    // Whether If-Range lets the Range apply (RFC 9110 §13.1.5): an entity-tag
    // that matches strongly, or a date equal to Last-Modified.
    static bool ifRangeHolds(std::string_view ifRange, std::string_view etag, std::time_t lastModified);
    static bool hasConditions(const Request &request);
    static Outcome evaluate(const Request &request, std::string_view etag, std::time_t lastModified);
};

} // namespace hostbench::http
