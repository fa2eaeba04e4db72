#include "Ranges.h"

#include "http/FieldText.h"

#include <algorithm>
#include <limits>

namespace hostbench::http {

namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

// Reads 1*DIGIT at `text[i]`, saturating at kMax. False when no digit is there.
bool readNumber(std::string_view text, std::size_t &i, std::uint64_t &value)
{
    const std::size_t start = i;
    value = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        const auto digit = std::uint64_t(text[i] - '0');
        value = value > (kMax - digit) / 10 ? kMax : value * 10 + digit;
        ++i;
    }
    return i > start;
}

// A field that is ignored leaves no ranges behind.
Ranges::Result ignore(std::vector<Ranges::Range> &out)
{
    out.clear();
    return Ranges::Result::Ignore;
}

} // namespace

Ranges::Result Ranges::parse(std::string_view field, std::uint64_t length, std::vector<Range> &out)
{
    out.clear();
    // range-unit is case-insensitive (RFC 9110 §14.1).
    constexpr std::string_view kUnit = "bytes=";
    if (field.size() < kUnit.size())
        return ignore(out);
    for (std::size_t i = 0; i < kUnit.size(); ++i) {
        char c = field[i];
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
        if (c != kUnit[i])
            return ignore(out);
    }
    std::size_t i = kUnit.size();
    std::size_t specs = 0;
    bool sawSpec = false;
    while (i <= field.size()) {
        // A list element may be empty (RFC 9110 §5.6.1): "bytes=0-1,,2-3".
        while (i < field.size() && FieldText::isWhitespace(field[i]))
            ++i;
        if (i < field.size() && field[i] == ',') {
            ++i;
            continue;
        }
        if (i == field.size())
            break;
        if (++specs > kMaxRanges)
            return ignore(out);
        std::uint64_t first = 0;
        std::uint64_t last = kMax;
        if (field[i] == '-') {
            ++i;
            std::uint64_t suffix = 0;
            if (!readNumber(field, i, suffix))
                return ignore(out);
            sawSpec = true;
            if (suffix == 0 || length == 0)
                first = kMax; // unsatisfiable, but the syntax is fine
            else
                first = suffix >= length ? 0 : length - suffix;
        } else {
            if (!readNumber(field, i, first) || i >= field.size() || field[i] != '-')
                return ignore(out);
            ++i;
            if (i < field.size() && field[i] >= '0' && field[i] <= '9') {
                readNumber(field, i, last);
                if (last < first)
                    return ignore(out); // RFC 9110 §14.1.1: invalid
            }
            sawSpec = true;
        }
        while (i < field.size() && FieldText::isWhitespace(field[i]))
            ++i;
        if (i < field.size() && field[i] != ',')
            return ignore(out);
        if (first < length)
            out.push_back(Range { first, std::min(last, length - 1) });
        ++i;
    }
    if (!sawSpec)
        return ignore(out);
    if (out.empty())
        return Result::Unsatisfiable;
    if (out.size() > 1) {
        std::sort(out.begin(), out.end(), [](const Range &a, const Range &b) { return a.first < b.first; });
        std::size_t kept = 0;
        for (std::size_t k = 1; k < out.size(); ++k) {
            Range &previous = out[kept];
            // last < length <= kMax, so last + 1 cannot overflow.
            if (out[k].first <= previous.last + 1)
                previous.last = std::max(previous.last, out[k].last);
            else
                out[++kept] = out[k];
        }
        out.resize(kept + 1);
    }
    return Result::Satisfiable;
}

} // namespace hostbench::http
