#pragma once

#include <string_view>

namespace hostbench::http {

/*
 * Content negotiation for precompressed siblings (RFC 9110 §12.5.3,
 * §12.4.2): picks brotli ("file.br"), gzip ("file.gz") or identity from an
 * Accept-Encoding field and the siblings that exist.
 *
 * Rules: codings are case-insensitive; "x-gzip" is gzip (RFC 9110
 * §8.4.1.3); "*" gives its weight to every coding not listed; a weight of 0
 * means "not acceptable"; an invalid weight drops that element. The
 * acceptable coding with the highest weight wins, ties going to br, then
 * gzip, then identity. An absent field means identity only (nginx's
 * gzip_static does the same; RFC 9110 allows any coding). When nothing is
 * acceptable (e.g. "identity;q=0" and no sibling) identity is sent anyway,
 * as nginx does, rather than 406.
 *
 * Pure functions; any thread; no allocation.
 */
class ContentCoding final
{
public:
    enum class Coding { Identity, Gzip, Brotli };

    struct Weights
    {
        // Weights in thousandths (q=0.5 -> 500); -1 when not named.
        int identity = -1;
        int gzip = -1;
        int brotli = -1;
        int any = -1; // "*"
    };

    // Elements that do not parse are skipped.
    static Weights parse(std::string_view acceptEncoding);
    // The effective weight of a coding (after "*" and the identity default).
    static int weight(const Weights &weights, Coding coding);
    static Coding choose(std::string_view acceptEncoding, bool haveBrotli, bool haveGzip);
    // "br", "gzip" or "" (no Content-Encoding) for identity.
    static std::string_view name(Coding coding);
    // File-name suffix of a sibling: ".br", ".gz", "".
    static std::string_view suffix(Coding coding);
};

} // namespace hostbench::http
