#include "RequestHandler.h"

#include "http/Request.h"
#include "http/RequestTarget.h"
#include "http/Response.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"

namespace hostbench::http {

namespace {
constexpr std::string_view kErrorContentType = "text/html";
}

size_t RequestHandler::pickSite(const SiteTable &sites, const Request &request, const RequestTarget &target)
{
    return sites.indexForRequest(request.host, target.authority);
}

void RequestHandler::answerError(int status, Response &response)
{
    response.status = status;
    response.file.reset();
    response.fileOffset = 0;
    response.body = ResponseHead::errorBody(status);
    response.contentType = response.body.empty() ? std::string_view() : kErrorContentType;
    response.contentLength = response.body.size();
    if (status == 405)
        response.allow = kAllowedMethods;
    // A request we could not make sense of leaves the stream in doubt.
    if (status == 400)
        response.keepAlive = false;
}

void RequestHandler::answerOptions(Response &response)
{
    response.status = 200;
    response.file.reset();
    response.body = {};
    response.contentType = {};
    response.contentLength = 0;
    response.allow = kAllowedMethods;
}

bool RequestHandler::answerRoute(
    const Request &request, const Site &site, std::string_view path, Response &response)
{
    const FixedResponse *route = site.findRoute(path);
    if (!route)
        return false;
    if (request.method == Request::Method::Options) {
        answerOptions(response);
        return true;
    }
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

void RequestHandler::handle(const Request &request, const SiteTable &sites, Response &response)
{
    response.clear();
    response.keepAlive = request.keepAlive;
    response.headOnly = request.method == Request::Method::Head;

    RequestTarget target;
    if (request.method == Request::Method::Options && request.target == "*") {
        // RFC 9110 §9.3.7: the server as a whole.
        response.site = sites.site(pickSite(sites, request, target)).counters.get();
        answerOptions(response);
        return;
    }
    const bool targetOk = RequestTarget::split(request.target, target);
    const Site &site = sites.site(pickSite(sites, request, target));
    response.site = site.counters.get();
    response.hsts = site.hstsField;
    const char *reason = nullptr;
    if (!targetOk || !RequestTarget::normalizePath(target.path, m_path, &reason)) {
        m_files.answerError(400, site, response);
        response.errorReason = reason;
        return;
    }
    if (answerRoute(request, site, m_path, response))
        return;
    m_files.answer(request, site, target, m_path, response);
}

} // namespace hostbench::http
