#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace hostbench::http {

/*
 * Byte ranges of a Range field (RFC 9110 §14.1.1, §14.2) against a
 * representation of `length` bytes.
 *
 * parse() returns:
 *  - Ignore: no "bytes=" unit, a syntax error, first > last, or more than
 *    kMaxRanges range-specs (RFC 9110 §14.2: a server MAY ignore Range);
 *    the answer is 200 with the whole representation.
 *  - Unsatisfiable: no range overlaps the representation (416 with
 *    "Content-Range: bytes *\/length").
 *  - Satisfiable: `out` holds the ranges, clipped to the representation,
 *    sorted and coalesced (overlapping or adjacent ranges merged, RFC 9110
 *    §14.1.1 allows it), so they never cover more than `length` bytes
 *    however many the client asks.
 * Numbers saturate at 2^64-1 instead of overflowing: "bytes=0-99999999999999999999"
 * is the whole representation, a huge first-pos is unsatisfiable, a huge
 * suffix-length is the whole representation.
 *
 * Pure functions; any thread; `out` keeps its capacity between calls.
 */
class Ranges final
{
public:
    struct Range
    {
        std::uint64_t first = 0;
        std::uint64_t last = 0; // inclusive
        std::uint64_t size() const { return last - first + 1; }
        friend bool operator==(const Range &, const Range &) = default;
    };
    enum class Result { Ignore, Unsatisfiable, Satisfiable };

    static constexpr std::size_t kMaxRanges = 100;

    static Result parse(std::string_view field, std::uint64_t length, std::vector<Range> &out);
};

} // namespace hostbench::http
