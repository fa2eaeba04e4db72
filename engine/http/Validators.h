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
 * Field values are read by their grammar (RFC 9110): HTTP-date (§5.6.7)
 * in its three forms, IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT", RFC 850
 * "Sunday, 06-Nov-94 08:49:37 GMT" and asctime "Sun Nov  6 08:49:37 1994",
 * with case-sensitive day, month and GMT names, DIGITs only, a day that
 * exists in its month and second 60 for a leap second (whether the day name
 * is that date's weekday is not checked, as in nginx); an RFC 850 year that
 * would be more than 50 years after now is the century before. entity-tag
 * (§8.8.3): [W/] DQUOTE *etagc DQUOTE, etagc being %x21 / %x23-7E / %x80-FF.
 * If-Match and If-None-Match are "*" / #entity-tag, a list that breaks the
 * grammar anywhere matching nothing; If-Range is entity-tag / HTTP-date,
 * told apart by DQUOTE or "W/", never by the first letter alone (a date on a
 * Wednesday begins with 'W').
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
    // IMF-fixdate, RFC 850 and asctime forms (RFC 9110 §5.6.7), surrounding
    // OWS allowed; `out` in seconds since the epoch. False when none fits.
    // An RFC 850 date reads the clock (time(), no lock) for its century.
    static bool parseDate(std::string_view text, std::time_t &out);
    // The same, with `now` (seconds since the epoch) for RFC 850's two-digit year.
    static bool parseDate(std::string_view text, std::time_t &out, std::time_t now);
    // Whether an If-Match / If-None-Match list names `etag` ("*" names any).
    static bool listMatches(std::string_view list, std::string_view etag, bool weakComparison);
    // Whether If-Range lets the Range apply (RFC 9110 §13.1.5): an entity-tag
    // that matches strongly, or a date equal to Last-Modified.
    static bool ifRangeHolds(std::string_view ifRange, std::string_view etag, std::time_t lastModified);
    static bool hasConditions(const Request &request);
    static Outcome evaluate(const Request &request, std::string_view etag, std::time_t lastModified);
};

} // namespace hostbench::http
