#pragma once

#include "http/FileCache.h"
#include "http/MimeTypes.h"
#include "http/Ranges.h"

#include <string>
#include <string_view>
#include <vector>

namespace hostbench::http {

struct Request;
struct Response;
struct Site;
class RequestTarget;

/*
 * The answer phase for a path under a document root (nginx's static,
 * index, autoindex, gzip_static/brotli_static and range modules in one):
 *   map and pick the representation (FileCache::lookupFile, ContentCoding)
 *   -> describe it (validators) -> apply the conditions (Validators) ->
 *   apply the ranges (Ranges) -> attach the body (cached bytes inline, else
 *   the descriptor the cache keeps, for sendfile); serve() is these phases.
 *
 * Last-Modified is the file's modification time, or the response's own
 * time when that lies in the future (RFC 9110 §8.8.2.1: never later than
 * Date); the preconditions and If-Range compare with what is sent.
 *
 * Ranges: one range -> 206 with Content-Range; several -> multipart/
 * byteranges built in memory when the body stays within kMultipartLimit
 * and twice the representation's length, else 200 with the whole file
 * (RFC 9110 §14.2 lets a server ignore Range); none satisfiable -> 416.
 * Range applies to HEAD as to GET (as nginx does), so HEAD shows GET's
 * head. Directory: index files, else a listing (Site::directoryListing),
 * else 403. Hidden files (isHiddenPath) answer 404 unless the site serves
 * them (Site::serveHiddenFiles). Errors use the site's error page for the status when it has
 * one (Site::errorPages), else ResponseHead's default page.
 *
 * Thread: one per worker (inside its RequestHandler); keeps the worker's
 * file cache, MIME cache and scratch buffers, so the plain GET of a cached
 * file allocates nothing and makes no system call.
 */
class FileResponder final
{
public:
    static constexpr std::uint64_t kMultipartLimit = 1024 * 1024;

    void answer(const Request &request, const Site &site, const RequestTarget &target, std::string_view path,
        Response &response);
    // The error answer for `status`, from the site's error page when it has one.
    void answerError(int status, const Site &site, Response &response);
    // A normalised path (RequestTarget::normalizePath: decoded, so "%2eenv"
    // is ".env") with a segment that starts with '.': "/.env", "/.git/config",
    // "/a/.htpasswd". "/.well-known" and what lies under it are not hidden
    // (RFC 8615: ACME's http-01 challenges live there), but a dot segment
    // below it is ("/.well-known/.x").
    static bool isHiddenPath(std::string_view path);
    FileCache &cache() { return m_cache; }

private:
    // The phases of a Found file's answer, on `found` from FileCache::lookupFile.
    void serve(
        const Request &request, const Site &site, FileCache::Representation &found, Response &response);
    void describe(const FileCache::Representation &found, Response &response);
    // True when the conditions answered (304, 412).
    bool applyConditions(const Request &request, const Site &site, Response &response);
    // True when the ranges answered (416, multipart); else `offset` and the length are set.
    bool applyRanges(const Request &request, const Site &site, const FileCache::Representation &found,
        std::string_view contentType, std::uint64_t &offset, Response &response);
    static void attachBody(FileCache::Representation &found, std::uint64_t offset, Response &response);
    void answerListing(const Site &site, std::string_view path, Response &response);
    bool answerMultipart(
        const FileCache::Entry &representation, int fd, std::string_view contentType, Response &response);

    FileCache m_cache;
    MimeTypes m_mimeTypes;
    std::vector<Ranges::Range> m_ranges;
    std::string m_scratch;
    std::string m_body; // listings and multipart bodies
    std::string m_multipartType;
    unsigned m_boundaryCounter = 0;
};

} // namespace hostbench::http
