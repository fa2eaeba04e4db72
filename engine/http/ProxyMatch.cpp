#include "http/FieldText.h"
#include "http/ProxyHead.h"
#include "http/ProxyResponder.h"
#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"

// The choice of ProxyResponder: whether a request, once its head is parsed,
// goes to an upstream, and the request head it sends there (ProxyHead).

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

std::string peerAddress(tls::Stream &stream)
{
    asio::ip::tcp::socket &socket = stream.socket();
    beast::error_code ec;
    const auto endpoint = socket.remote_endpoint(ec);
    if (ec)
        return "unknown";
    asio::ip::address address = endpoint.address();
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        address = asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
    return address.to_string();
}

// The client's Accept names text/html (a browser's): the error page may be HTML.
bool acceptsHtml(const std::vector<ProxyHead::Field> &fields)
{
    for (const ProxyHead::Field &field : fields) {
        if (!FieldText::equalsNoCase(field.name, "accept"))
            continue;
        std::string lower(field.value);
        for (char &c : lower)
            c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
        if (lower.find("text/html") != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

std::shared_ptr<ProxyResponder> ProxyResponder::forRequest(Worker &worker, Client client,
    std::shared_ptr<void> owner, const SiteTable &sites, Begin begin, Done done)
{
    const Request &request = client.request;
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
        worker, client, std::move(owner), site, *upstream, std::move(begin), std::move(done));
    const std::vector<ProxyHead::Field> fields = ProxyHead::split(request.fields);
    responder->m_upgrade = !ProxyHead::upgradeOf(fields).empty();
    responder->m_acceptsHtml = acceptsHtml(fields);
    responder->m_retryable = isIdempotent(request.methodName) && !request.hasBody;
    responder->writeRequestHead(site);
    return responder;
}

void ProxyResponder::writeRequestHead(const Site &site)
{
    Request &request = m_clientRequest;
    RequestTarget target;
    RequestTarget::split(request.target, target);
    const std::string forwarded = m_target.upstreamTarget(request.target, target.path, target.query);
    const std::string address = peerAddress(m_client);
    ProxyHead::RequestParts parts;
    parts.method = request.methodName;
    parts.target = forwarded;
    parts.host = site.sendUpstreamHost || request.host.empty() ? std::string_view(m_target.authority)
                                                               : std::string_view(request.host);
    parts.clientHost = request.host;
    parts.clientAddress = address;
    parts.https = m_client.isTls();
    parts.fields = request.fields;
    // The body's framing (ProxyResponder.h): a chunked body that came whole goes with its length.
    const bool whole = m_clientParser.is_done();
    m_chunkedUpload = m_clientParser.chunked() && !whole;
    parts.chunked = m_chunkedUpload;
    parts.withBody = request.hasBody && !m_chunkedUpload;
    parts.bodyLength = m_clientParser.chunked() ? request.body.size()
                                                : std::size_t(m_clientParser.content_length().value_or(0));
    ProxyHead::writeRequest(parts, m_request);
    if (m_chunkedUpload && !request.body.empty()) {
        FieldText::appendNumber(m_request, request.body.size(), 16);
        m_request.append("\r\n").append(request.body).append("\r\n");
    } else {
        m_request.append(request.body);
    }
    request.body.clear();
}

} // namespace hostbench::http
