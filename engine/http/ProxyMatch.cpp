#include "http/FieldText.h"
#include "http/LogRecord.h"
#include "http/ProxyHead.h"
#include "http/ProxyResponder.h"
#include "http/Request.h"
#include "http/RequestTarget.h"
#include "http/SiteTable.h"

// The choice of ProxyResponder: whether a request, once its head is parsed,
// goes to an upstream, and the request head it sends there (ProxyHead).

namespace hostbench::http {

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

// The client's address for X-Forwarded-For and Forwarded, in the access log's
// text (a v4-mapped IPv6 address as IPv4), which writes IPv4 without
// inet_ntop's sprintf: address().to_string() cost about 1,750 of a W6p
// request's 41,900 instructions (callgrind). The connection's, looked up
// (getpeername) on its first request only.
std::string peerAddress(ClientSide &client)
{
    const PeerAddress &peer = client.peer();
    if (peer.family == 0)
        return "unknown";
    std::string text;
    peer.appendTo(text);
    return text;
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

std::shared_ptr<ProxyResponder> ProxyResponder::forRequest(Worker &worker, ClientSide &client,
    std::shared_ptr<void> owner, const SiteTable &sites, Begin begin, Done done)
{
    const Request &request = client.request();
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
    Request &request = m_client.request();
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
    const bool whole = m_client.bodyDone();
    const bool lengthUnknown = m_client.bodyLengthUnknown();
    m_chunkedUpload = lengthUnknown && !whole;
    parts.chunked = m_chunkedUpload;
    // RFC 9110 §8.6: a request whose method defines content says its length, 0 included. An
    // HTTP/2 POST that ends with its HEADERS frame carries no content-length, and apps that
    // want one (ASP.NET, many Java servers) would answer 411; nginx sends 0 there too.
    const std::string_view method = request.methodName;
    const bool contentMethod = method == "POST" || method == "PUT" || method == "PATCH";
    parts.withBody = (request.hasBody || contentMethod) && !m_chunkedUpload;
    parts.bodyLength = lengthUnknown ? request.body.size() : std::size_t(m_client.bodyLength());
    // One allocation: the head is the client's fields, the target twice at most, and about 200
    // bytes of X-Forwarded-* and Forwarded (growing it as it was written cost about 450
    // instructions a request, callgrind).
    m_request.reserve(request.fields.size() + forwarded.size() + 3 * request.host.size() + request.body.size()
        + address.size() * 3 + 256);
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
