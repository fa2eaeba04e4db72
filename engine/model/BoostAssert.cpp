// Boost's assertion handler for builds without NDEBUG (the sanitizer and fuzz
// builds; BOOST_ENABLE_ASSERT_DEBUG_HANDLER, set in cmake/HostbenchCommon.cmake,
// leaves release builds without assertions as before). It fails as assert()
// does, except for one assertion known to be false: Beast 1.81's
// parse_chunk_header asserts at least 5 bytes after a last chunk ("0\r\n")
// whose trailer has not arrived whole, where 3 are possible and the code that
// follows handles them (boostorg/beast#2861, fixed in Boost 1.86). A chunked
// request trickled a byte at a time reaches it (found by fuzz_request_parser).
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace boost {

void assertion_failed(char const *expr, char const *function, char const *file, long line)
{
    if (std::strcmp(expr, "n >= 5") == 0 && std::strstr(file, "beast/http/impl/basic_parser.ipp") != nullptr)
        return;
    std::fprintf(stderr, "%s:%ld: %s: Assertion `%s' failed.\n", file, line, function, expr);
    std::abort();
}

void assertion_failed_msg(
    char const *expr, char const *message, char const *function, char const *file, long line)
{
    std::fprintf(stderr, "%s:%ld: %s: Assertion `%s' failed: %s\n", file, line, function, expr, message);
    std::abort();
}

} // namespace boost
