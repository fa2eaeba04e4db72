// Fuzz target: the Range field (Ranges::parse, RFC 9110 §14.2) against a
// representation whose length the input's first 8 bytes give (small and huge
// lengths alike).
// Properties: a satisfiable answer holds 1 to kMaxRanges ranges, each inside
// the representation, sorted, neither overlapping nor adjacent (coalesced),
// so that together they never exceed the representation; an ignored or
// unsatisfiable answer holds none; the same field parses the same way twice.
#include "FuzzCheck.h"

#include "http/Ranges.h"

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

using hostbench::http::Ranges;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 8)
        return 0;
    std::uint64_t length = 0;
    std::memcpy(&length, data, 8);
    // Most lengths small (where the edges are), some anywhere up to 2^64-1.
    if ((length >> 63) == 0)
        length %= 100'000;
    const std::string_view field(reinterpret_cast<const char *>(data + 8), size - 8);

    std::vector<Ranges::Range> out;
    const Ranges::Result result = Ranges::parse(field, length, out);
    if (result != Ranges::Result::Satisfiable) {
        FUZZ_CHECK(out.empty());
        return 0;
    }
    FUZZ_CHECK(length > 0);
    FUZZ_CHECK(!out.empty() && out.size() <= Ranges::kMaxRanges);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        FUZZ_CHECK(out[i].first <= out[i].last);
        FUZZ_CHECK(out[i].last < length);
        if (i > 0)
            FUZZ_CHECK(out[i - 1].last + 1 < out[i].first); // sorted, apart
        total += out[i].size();
    }
    FUZZ_CHECK(total <= length);

    std::vector<Ranges::Range> again;
    FUZZ_CHECK(Ranges::parse(field, length, again) == result);
    FUZZ_CHECK(again == out);
    return 0;
}
