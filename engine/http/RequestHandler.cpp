#include "RequestHandler.h"

#include "http/Request.h"
#include "http/RequestTarget.h"
#include "http/Response.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "http/StaticFile.h"

namespace hostbench::http {

namespace {
constexpr std::string_view kErrorContentType = "text/html";
}

size_t RequestHandler::pickSite(const SiteTable &sites, const Request &request, const RequestTarget &target)
{
    // RFC 9112 §3.2.2: the authority of an absolute-form target overrides Host.
    return sites.indexForHost(target.authority.empty() ? std::string_view(request.host) : target.authority);
}

void RequestHandler::answerError(int status, Response &response)
{
    response.status = status;
    response.file.reset();
    response.body = ResponseHead::errorBody(status);
    response.contentType = response.body.empty() ? std::string_view() : kErrorContentType;
    response.contentLength = response.body.size();
    if (status == 405)
        response.allow = kAllowedMethods;
    // A request we could not make sense of leaves the stream in doubt.
    if (status == 400)
        response.keepAlive = false;
}

bool RequestHandler::answerRoute(
    const Request &request, const Site &site, std::string_view path, Response &response)
{
    const FixedResponse *route = site.findRoute(path);
    if (!route)
        return false;
    if (request.method != Request::Method::Get && request.method != Request::Method::Head) {
        answerError(405, response);
        return true;
    }
    response.status = route->status;
    response.contentType = route->contentType;
    response.body = route->body;
    response.contentLength = route->body.size();
    return true;
}

void RequestHandler::answerFile(const Request &request, const Site &site, const RequestTarget &target,
    std::string_view path, Response &response)
{
    if (request.method != Request::Method::Get && request.method != Request::Method::Head) {
        answerError(405, response);
        return;
    }
    std::uint64_t size = 0;
    switch (StaticFile::open(site.rootFd.get(), site.documentRoot, path, m_scratch, response.file, size)) {
    case StaticFile::Result::Found:
        response.status = 200;
        response.contentLength = size;
        response.contentType = m_mimeTypes.typeFor(StaticFile::fileName(m_scratch));
        return;
    case StaticFile::Result::NotFound:
        answerError(404, response);
        return;
    case StaticFile::Result::Forbidden:
        answerError(403, response);
        return;
    case StaticFile::Result::DirectoryWithoutSlash:
        answerError(301, response);
        // Relative Location (RFC 9110 §10.2.2), from the path as the client wrote it.
        response.location.assign(target.path).append(1, '/');
        if (!target.query.empty())
            response.location.append(1, '?').append(target.query);
        return;
    }
}

void RequestHandler::handle(const Request &request, const SiteTable &sites, Response &response)
{
    response.clear();
    response.keepAlive = request.keepAlive;
    response.headOnly = request.method == Request::Method::Head;

    RequestTarget target;
    const bool targetOk = RequestTarget::split(request.target, target);
    const Site &site = sites.site(pickSite(sites, request, target));
    response.site = site.counters.get();
    if (!targetOk || !RequestTarget::normalizePath(target.path, m_path)) {
        answerError(400, response);
        return;
    }
    if (answerRoute(request, site, m_path, response))
        return;
    answerFile(request, site, target, m_path, response);
}

} // namespace hostbench::http
