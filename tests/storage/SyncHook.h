#pragma once

// Counts fsync(2) and fdatasync(2) calls by thread, for tests that show a
// thread never waits on the disk (tst_guistorage, tst_controlrunstorage).
// Include it in exactly one source of a test executable built with
// ENABLE_EXPORTS and linked with ${CMAKE_DL_LIBS}: its definitions then take
// the place of the C library's for SQLite, and call the real ones
// (RTLD_NEXT). Counting is on while g_counting is set; syncs on
// g_watchedThread go to g_watchedSyncs, the others to g_otherSyncs.

#include <QThread>

#include <atomic>

#include <dlfcn.h>

namespace {

std::atomic<bool> g_counting { false };
std::atomic<Qt::HANDLE> g_watchedThread { nullptr };
std::atomic<int> g_watchedSyncs { 0 };
std::atomic<int> g_otherSyncs { 0 };

void countSync()
{
    if (!g_counting.load())
        return;
    if (QThread::currentThreadId() == g_watchedThread.load())
        ++g_watchedSyncs;
    else
        ++g_otherSyncs;
}

} // namespace

extern "C" int fdatasync(int fd)
{
    static const auto real = reinterpret_cast<int (*)(int)>(dlsym(RTLD_NEXT, "fdatasync"));
    countSync();
    return real(fd);
}

extern "C" int fsync(int fd)
{
    static const auto real = reinterpret_cast<int (*)(int)>(dlsym(RTLD_NEXT, "fsync"));
    countSync();
    return real(fd);
}
