#include "StaticFile.h"

#include "http/SiteTable.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>

namespace hostbench::http {

namespace {

constexpr int kFileFlags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;

// Set once if the kernel (or a seccomp filter) refuses openat2; from then on
// every lookup takes the realpath() route.
std::atomic<bool> s_openat2Missing { false };

int openCanonical(std::string_view rootPath, const std::string &relative, int flags)
{
    std::string full;
    full.reserve(rootPath.size() + 1 + relative.size());
    full.append(rootPath).append(1, '/').append(relative);
    char resolved[PATH_MAX];
    if (!::realpath(full.c_str(), resolved))
        return -1;
    const std::string_view canonical(resolved);
    const bool inside = canonical.substr(0, rootPath.size()) == rootPath
        && (canonical.size() == rootPath.size() || canonical[rootPath.size()] == '/');
    if (!inside) {
        errno = EXDEV;
        return -1;
    }
    return ::open(resolved, flags);
}

// Site::guarded: is what `fd` opened inside the data folder (and not in its
// "sites" folder)? Asked of the kernel by the descriptor, so every link on
// the way is resolved as the open resolved it. When the kernel cannot say
// (no /proc), the answer is yes: refuse rather than guess.
bool insideDataFolder(const Site &site, int fd)
{
    char link[32];
    std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    char target[PATH_MAX];
    const ssize_t length = ::readlink(link, target, sizeof target);
    if (length <= 0 || std::size_t(length) >= sizeof target)
        return true;
    const std::string_view resolved(target, std::size_t(length));
    return SiteTable::isWithin(resolved, site.protectedFolder)
        && !SiteTable::isWithin(resolved, site.servedFolder);
}

int openUnderRoot(const Site &site, const std::string &relative, int flags);

// Every open under a document root comes here: the data folder's guard on
// top of the link policy (openUnderRoot).
int openUnder(const Site &site, const std::string &relative, int flags)
{
    const int fd = openUnderRoot(site, relative, flags);
    if (fd < 0 || !site.guarded || !insideDataFolder(site, fd))
        return fd;
    ::close(fd);
    errno = EPERM;
    return -1;
}

int openUnderRoot(const Site &site, const std::string &relative, int flags)
{
    if (site.rootFd.get() < 0) {
        errno = ENOENT;
        return -1;
    }
    if (site.followSymlinks)
        return ::openat(site.rootFd.get(), relative.c_str(), flags);
    if (!s_openat2Missing.load(std::memory_order_relaxed)) {
        open_how how {};
        how.flags = std::uint64_t(flags);
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
        const long fd = ::syscall(SYS_openat2, site.rootFd.get(), relative.c_str(), &how, sizeof how);
        if (fd >= 0)
            return int(fd);
        if (errno == ENOSYS || errno == EPERM)
            s_openat2Missing.store(true, std::memory_order_relaxed);
        else if (errno != EXDEV)
            return -1;
    }
    return openCanonical(site.documentRoot, relative, flags);
}

// Why an open under the root failed, from its errno.
const char *reasonOf(int error)
{
    switch (error) {
    case ENOENT:
    case ENOTDIR:
        return StaticFile::kNoSuchFile;
    case EACCES:
        return StaticFile::kPermissionDenied;
    case EXDEV: // openat2(RESOLVE_BENEATH) or the realpath() prefix check
        return StaticFile::kLinkOutsideRoot;
    case EPERM: // openUnder's guard
        return StaticFile::kInDataFolder;
    default:
        return nullptr;
    }
}

// fstat of an open file: Found for a regular file.
StaticFile::Result statOpened(UniqueFd &fd, StaticFile::Stat &stat, bool *isDirectory)
{
    struct stat status;
    if (::fstat(fd.get(), &status) != 0) {
        fd.reset();
        return StaticFile::Result::NotFound;
    }
    if (isDirectory)
        *isDirectory = S_ISDIR(status.st_mode);
    if (!S_ISREG(status.st_mode)) {
        fd.reset();
        return StaticFile::Result::Forbidden;
    }
    stat.inode = std::uint64_t(status.st_ino);
    stat.size = std::uint64_t(status.st_size);
    stat.mtimeNs = std::int64_t(status.st_mtim.tv_sec) * 1000000000 + status.st_mtim.tv_nsec;
    return StaticFile::Result::Found;
}

} // namespace

std::string_view StaticFile::fileName(std::string_view path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

StaticFile::Result StaticFile::openRelative(
    const Site &site, const std::string &relative, UniqueFd &fd, Stat &stat)
{
    fd.reset(openUnder(site, relative, kFileFlags));
    if (!fd.isValid())
        return errno == EACCES ? Result::Forbidden : Result::NotFound;
    return statOpened(fd, stat, nullptr);
}

UniqueFd StaticFile::openDirectory(const Site &site, const std::string &relative)
{
    return UniqueFd(openUnder(site, relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
}

StaticFile::Result StaticFile::open(const Site &site, std::string_view path, std::string &scratch,
    UniqueFd &fd, Stat &stat, const char **reason)
{
    const char *ignored = nullptr;
    const char *&why = reason ? *reason : ignored;
    why = nullptr;
    fd.reset();
    stat = Stat();
    if (site.rootFd.get() < 0 || path.empty() || path.front() != '/') {
        why = kNoSuchFile;
        return Result::NotFound;
    }
    const std::string_view relative = path.substr(1);
    const bool wantsIndex = relative.empty() || relative.back() == '/';
    if (!wantsIndex) {
        scratch.assign(relative);
        fd.reset(openUnder(site, scratch, kFileFlags));
        if (!fd.isValid()) {
            const int error = errno;
            why = reasonOf(error);
            return error == EACCES ? Result::Forbidden : Result::NotFound;
        }
        bool isDirectory = false;
        const Result result = statOpened(fd, stat, &isDirectory);
        return isDirectory ? Result::DirectoryWithoutSlash : result;
    }
    for (const std::string &index : site.indexFiles) {
        scratch.assign(relative).append(index);
        fd.reset(openUnder(site, scratch, kFileFlags));
        if (!fd.isValid()) {
            if (errno == EACCES) {
                why = kPermissionDenied;
                return Result::Forbidden;
            }
            continue;
        }
        if (statOpened(fd, stat, nullptr) == Result::Found)
            return Result::Found;
    }
    // nginx: an existing directory without an index is 403 (or autoindex), not 404.
    scratch.assign(relative.empty() ? std::string_view(".") : relative);
    UniqueFd directory(openUnder(site, scratch, O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (directory.isValid())
        return Result::Directory;
    why = reasonOf(errno);
    return Result::NotFound;
}

bool StaticFile::appendBytes(int fd, std::uint64_t offset, std::uint64_t length, std::string &out)
{
    const std::size_t start = out.size();
    out.resize(start + std::size_t(length));
    std::size_t got = 0;
    while (got < length) {
        const ssize_t n
            = ::pread(fd, out.data() + start + got, std::size_t(length) - got, off_t(offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            out.resize(start + got);
            return false;
        }
        got += std::size_t(n);
    }
    return true;
}

} // namespace hostbench::http
