#pragma once

#include "http/FileResponder.h"

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
 *               document root (FileResponder), else an error page
 * The result is a Response; the connection writes it and counts it.
 *
 * Methods: GET and HEAD are served; OPTIONS answers 200 with
 * Allow: GET, HEAD, OPTIONS (for "OPTIONS *" too, RFC 9110 §9.3.7); other
 * methods get 405 with the same Allow. A malformed target or path gets 400
 * and closes the connection, as nginx does.
 *
 * Thread: one instance per worker, used by that worker only (it keeps
 * scratch buffers, the worker's file cache and MIME cache).
 */
class RequestHandler final
{
public:
    static constexpr std::string_view kAllowedMethods = "GET, HEAD, OPTIONS";

    // Fills `response` (cleared first) for `request` against `sites`.
    void handle(const Request &request, const SiteTable &sites, Response &response);

    // The site that answers `request` (its index in `sites`): by the
    // target's authority, else Host (SiteTable::indexForRequest). The one
    // site choice: RequestParser asks it too, for the body limit.
    static size_t pickSite(const SiteTable &sites, const Request &request, const RequestTarget &target);
    // The default error answer (ResponseHead::errorBody); no site needed.
    static void answerError(int status, Response &response);
    // 200, Allow, no body.
    static void answerOptions(Response &response);
    // Returns false when `path` is no route of `site`.
    static bool answerRoute(
        const Request &request, const Site &site, std::string_view path, Response &response);
    FileResponder &files() { return m_files; }

private:
    FileResponder m_files;
    std::string m_path; // normalised path of the request being handled
};

} // namespace hostbench::http
