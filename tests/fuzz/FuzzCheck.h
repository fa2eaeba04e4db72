#pragma once

#include <cstdio>
#include <cstdlib>

/*
 * The fuzz targets' property check: on a violated property, print where and
 * what, then abort, which libFuzzer (and the corpus replay under CTest)
 * reports as a crash with the input that caused it.
 */
#define FUZZ_CHECK(condition)                                                                                \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "%s:%d: property violated: %s\n", __FILE__, __LINE__, #condition);          \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (false)
