#pragma once

#include "http/MimeTypes.h"

#include <string>
#include <string_view>

namespace hostbench::http {

struct Request;
struct Response;
class RequestTarget;
class SiteTable;
struct Site;

/*
 * The request phases after parsing, lighttpd-style, each a function that
 * needs no socket:
 *   1. target:  split the request-target (RequestTarget::split)
 *   2. site:    pick the virtual host from the authority or Host (pickSite)
 *   3. path:    decode and normalise the path (RequestTarget::normalizePath)
 *   4. answer:  a fixed route first (answerRoute), then a file under the
 *               document root (answerFile), else an error page (answerError)
 * The result is a Response; the connection writes it and counts it.
 *
 * Only GET and HEAD are served; other methods get 405 with
 * Allow: GET, HEAD. A malformed target or path gets 400 and closes the
 * connection, as nginx does.
 *
 * Thread: one instance per worker, used by that worker only (it keeps
 * scratch buffers and the worker's MIME cache).
 */
class RequestHandler final
{
public:
    static constexpr std::string_view kAllowedMethods = "GET, HEAD";

    // Fills `response` (cleared first) for `request` against `sites`.
    void handle(const Request &request, const SiteTable &sites, Response &response);

    static size_t pickSite(const SiteTable &sites, const Request &request, const RequestTarget &target);
    static void answerError(int status, Response &response);
    // Returns false when `path` is no route of `site`.
    static bool answerRoute(
        const Request &request, const Site &site, std::string_view path, Response &response);
    void answerFile(const Request &request, const Site &site, const RequestTarget &target,
        std::string_view path, Response &response);

private:
    MimeTypes m_mimeTypes;
    std::string m_path; // normalised path of the request being handled
    std::string m_scratch; // file path relative to the root
};

} // namespace hostbench::http
