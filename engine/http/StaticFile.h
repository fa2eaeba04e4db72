#pragma once

#include "http/UniqueFd.h"

#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

namespace hostbench::http {

struct Site;

/*
 * The mapping phase for files (lighttpd's mod_staticfile, nginx's static
 * module): opens a normalised path (RequestTarget::normalizePath) under a
 * site's document root, read-only, close-on-exec, non-blocking (a FIFO
 * never blocks the worker). A path ending in '/' names the directory: the
 * site's index files are tried in order (Site::indexFiles).
 *
 * Symbolic links (Site::followSymlinks false, the default): lookups go
 * through Linux openat2(RESOLVE_BENEATH) from the root's O_PATH descriptor,
 * so a link may point anywhere inside the root but not out of it. A link
 * the kernel refuses (an absolute link, or one leaving the root) and
 * kernels without openat2 fall back to realpath(3) and a prefix check
 * against the canonical root. Links that leave the root answer NotFound,
 * so their target's existence is not revealed. With followSymlinks, links
 * are followed wherever they lead (nginx's disable_symlinks off); the
 * normalised path itself still cannot climb out with "..".
 *
 * The data folder (Site::guarded): whatever the links, a file or folder
 * that the open reached inside Hostbench's data folder (outside its
 * "sites" folder) is closed again and answers NotFound, as if absent: its
 * path is read back from the open descriptor (/proc/self/fd), so neither a
 * link nor a root of "/" can serve control.token or the database.
 *
 * Results: Found (fd and stat set; regular file), NotFound (404),
 * Forbidden (403: not a regular file, permission denied), Directory (a
 * path ending in '/' whose directory has none of the index files: 403 or a
 * listing), DirectoryWithoutSlash (301 to the slash form).
 * Any thread; `scratch` is the caller's reusable buffer.
 */
class StaticFile final
{
public:
    enum class Result { Found, NotFound, Forbidden, Directory, DirectoryWithoutSlash };

    static constexpr const char *kNoSuchFile = "No such file or directory"; // ENOENT, ENOTDIR
    static constexpr const char *kPermissionDenied = "Permission denied"; // EACCES
    static constexpr const char *kLinkOutsideRoot = "symbolic link leads outside the document root";
    static constexpr const char *kInDataFolder = "the file is inside Hostbench's data folder";
    static constexpr const char *kHiddenFile
        = "hidden file (a path segment starts with '.')"; // FileResponder
    static constexpr const char *kDirectoryForbidden = "directory index is forbidden"; // set by FileResponder

    struct Stat
    {
        std::uint64_t inode = 0;
        std::uint64_t size = 0; // bytes
        std::int64_t mtimeNs = 0; // modification time, ns since the epoch
        std::time_t mtime() const { return std::time_t(mtimeNs / 1000000000); }
        friend bool operator==(const Stat &, const Stat &) = default;
    };

    // On Found, `scratch` holds the path opened, relative to the root; on
    // Directory, the directory's relative path ("." for the root). `reason`,
    // when given, is set (null or a static string) on every return.
    static Result open(const Site &site, std::string_view path, std::string &scratch, UniqueFd &fd,
        Stat &stat, const char **reason = nullptr);
    // Opens exactly `relative` (no index files); Found only for a regular file.
    static Result openRelative(const Site &site, const std::string &relative, UniqueFd &fd, Stat &stat);
    // The directory `relative` for reading (O_RDONLY | O_DIRECTORY), or invalid.
    static UniqueFd openDirectory(const Site &site, const std::string &relative);
    // The last component of a path ("a/b.txt" -> "b.txt").
    static std::string_view fileName(std::string_view path);
    // Appends `length` bytes of `fd` from `offset` to `out` (pread, retried on
    // EINTR). False on an error or a file shorter than asked; `out` then holds
    // what was read.
    static bool appendBytes(int fd, std::uint64_t offset, std::uint64_t length, std::string &out);
};

} // namespace hostbench::http
