#pragma once

// Sees every SQL statement that Qt's SQLite driver prepares, on the thread
// that prepares it, for tests that show a read is made off the GUI thread
// (tst_runsloading, tst_benchmarkpage). Include it in exactly one source of
// a test executable built with ENABLE_EXPORTS and linked with
// ${CMAKE_DL_LIBS}: its sqlite3_prepare16_v2 (the one the driver calls) then
// takes the place of SQLite's, calls the test's preparing() with the
// statement's text, and passes the call on to SQLite's own.

#include <QString>

#include <dlfcn.h>

// Defined by the test; called on the preparing thread, before SQLite prepares.
void preparing(const QString &sql);

namespace {

using Prepare16 = int (*)(void *, const void *, int, void **, const void **);

Prepare16 realPrepare16()
{
    // SQLite is loaded with Qt's driver, after this executable: ask it by name.
    static const auto real = [] {
        void *library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_NOLOAD);
        return reinterpret_cast<Prepare16>(dlsym(library ? library : RTLD_NEXT, "sqlite3_prepare16_v2"));
    }();
    return real;
}

} // namespace

extern "C" int sqlite3_prepare16_v2(void *db, const void *sql, int bytes, void **statement, const void **tail)
{
    preparing(bytes < 0 ? QString::fromUtf16(static_cast<const char16_t *>(sql))
                        : QString::fromUtf16(static_cast<const char16_t *>(sql), bytes / 2));
    return realPrepare16()(db, sql, bytes, statement, tail);
}
