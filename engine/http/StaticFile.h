#pragma once

#include "http/UniqueFd.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * The mapping phase for files (lighttpd's mod_staticfile, nginx's static
 * module): opens a normalised path (RequestTarget::normalizePath) under a
 * document root, read-only, close-on-exec, non-blocking (a FIFO never
 * blocks the worker). A path ending in '/' names the directory's
 * index.html.
 *
 * Never opens anything outside the root: lookups go through Linux
 * openat2(RESOLVE_BENEATH) from the root's O_PATH descriptor, so a symbolic
 * link may point anywhere inside the root but not out of it. A link the
 * kernel refuses (an absolute link, or one leaving the root) and kernels
 * without openat2 fall back to realpath(3) and a prefix check against the
 * canonical root. Links that leave the root answer NotFound, so their
 * target's existence is not revealed.
 *
 * Results: Found (fd and size set; regular file), NotFound (404),
 * Forbidden (403: not a regular file, permission denied, or a directory
 * without index.html, as nginx answers), DirectoryWithoutSlash (301 to the
 * slash form). Any thread; `scratch` is the caller's reusable buffer.
 */
class StaticFile final
{
public:
    enum class Result { Found, NotFound, Forbidden, DirectoryWithoutSlash };
    static constexpr std::string_view kIndexName = "index.html";

    // `rootFd` and `rootPath` from the Site (rootFd < 0: no root, NotFound).
    // On Found, `scratch` holds the path opened, relative to the root.
    static Result open(int rootFd, std::string_view rootPath, std::string_view path, std::string &scratch,
        UniqueFd &fd, std::uint64_t &size);
    // The last component of a path ("a/b.txt" -> "b.txt").
    static std::string_view fileName(std::string_view path);
};

} // namespace hostbench::http
