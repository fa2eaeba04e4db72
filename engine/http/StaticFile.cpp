#include "StaticFile.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>

namespace hostbench::http {

namespace {

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

int openBeneath(int rootFd, std::string_view rootPath, const std::string &relative, int flags)
{
    if (!s_openat2Missing.load(std::memory_order_relaxed)) {
        open_how how {};
        how.flags = std::uint64_t(flags);
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
        const long fd = ::syscall(SYS_openat2, rootFd, relative.c_str(), &how, sizeof how);
        if (fd >= 0)
            return int(fd);
        if (errno == ENOSYS || errno == EPERM)
            s_openat2Missing.store(true, std::memory_order_relaxed);
        else if (errno != EXDEV)
            return -1;
    }
    return openCanonical(rootPath, relative, flags);
}

} // namespace

std::string_view StaticFile::fileName(std::string_view path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

StaticFile::Result StaticFile::open(int rootFd, std::string_view rootPath, std::string_view path,
    std::string &scratch, UniqueFd &fd, std::uint64_t &size)
{
    fd.reset();
    size = 0;
    if (rootFd < 0 || path.empty() || path.front() != '/')
        return Result::NotFound;
    const std::string_view relative = path.substr(1);
    const bool wantsIndex = relative.empty() || relative.back() == '/';
    scratch.assign(relative);
    if (wantsIndex)
        scratch.append(kIndexName);

    fd.reset(openBeneath(rootFd, rootPath, scratch, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    if (!fd.isValid()) {
        const int error = errno;
        if (error == EACCES)
            return Result::Forbidden;
        if (error == ENOENT && wantsIndex) {
            // nginx: an existing directory without an index is 403, not 404.
            scratch.assign(relative.empty() ? std::string_view(".") : relative);
            UniqueFd directory(openBeneath(rootFd, rootPath, scratch, O_PATH | O_DIRECTORY | O_CLOEXEC));
            return directory.isValid() ? Result::Forbidden : Result::NotFound;
        }
        return Result::NotFound;
    }

    struct stat status;
    if (::fstat(fd.get(), &status) != 0) {
        fd.reset();
        return Result::NotFound;
    }
    if (S_ISDIR(status.st_mode)) {
        fd.reset();
        return wantsIndex ? Result::Forbidden : Result::DirectoryWithoutSlash;
    }
    if (!S_ISREG(status.st_mode)) {
        fd.reset();
        return Result::Forbidden;
    }
    size = std::uint64_t(status.st_size);
    return Result::Found;
}

} // namespace hostbench::http
