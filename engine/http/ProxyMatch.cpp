#include "http/ProxyHead.h"
#include "http/ProxyResponder.h"
#include "http/Request.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"

// The choice of ProxyResponder: whether a parsed request goes to an
// upstream, and the request head it sends there (ProxyHead).

namespace hostbench::http {

namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

// RFC 9110 §9.2.2.
bool isIdempotent(std::string_view method)
{
    for (const std::string_view m : { "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE" }) {
        if (method == m)
            return true;
    }
    return false;
}

std::string peerAddress(asio::ip::tcp::socket &socket)
{
    beast::error_code ec;
    const auto endpoint = socket.remote_endpoint(ec);
    if (ec)
        return "unknown";
    asio::ip::address address = endpoint.address();
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
    return address.to_string();
}

} // namespace

std::shared_ptr<ProxyResponder> ProxyResponder::forRequest(Worker &worker, asio::ip::tcp::socket &client,
    std::shared_ptr<void> owner, const Request &request, const SiteTable &sites, Begin begin, Done done)
{
    RequestTarget target;
    if (!RequestTarget::split(request.target, target))
        return nullptr;
    const Site &site = sites.site(sites.indexForRequest(request.host, target.authority));
    if (site.proxies.empty())
        return nullptr;
    std::string path;
    if (!RequestTarget::normalizePath(target.path, path))
        return nullptr; // the usual 400
    const UpstreamTarget *upstream = site.findProxy(path);
    if (!upstream)
        return nullptr;
    auto responder = std::make_shared<ProxyResponder>(
        worker, client, std::move(owner), request, site, *upstream, std::move(begin), std::move(done));
    const std::string forwarded = upstream->upstreamTarget(request.target, target.path, target.query);
    const std::string address = peerAddress(client);
    ProxyHead::RequestParts parts;
    parts.method = request.methodName;
    parts.target = forwarded;
    parts.host = site.sendUpstreamHost || request.host.empty() ? std::string_view(upstream->authority)
                                                               : std::string_view(request.host);
    parts.clientHost = request.host;
    parts.clientAddress = address;
    parts.fields = request.fields;
    parts.withBody = request.hasBody || !request.body.empty();
    parts.bodyLength = request.body.size();
    ProxyHead::writeRequest(parts, responder->m_request);
    responder->m_request.append(request.body);
    responder->m_upgrade = !ProxyHead::upgradeOf(ProxyHead::split(request.fields)).empty();
    responder->m_retryable = isIdempotent(request.methodName) && !parts.withBody;
    return responder;
}

} // namespace hostbench::http
