#include "PhpMatch.h"

#include "http/FieldText.h"
#include "http/ProxyHead.h"
#include "http/Request.h"
#include "http/RequestTarget.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"

// The FastCGI parameters of a request (PhpMatch.h): nginx's fastcgi_params
// and Debian's fastcgi-php.conf, the request fields as HTTP_* (RFC 3875 §4.1.18).

namespace hostbench::http {

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

// nginx's ignore_invalid_headers with underscores_in_headers off: letters,
// digits and '-' only, so no field can pose as another CGI name.
bool isCgiSafeName(std::string_view name)
{
    if (name.empty())
        return false;
    for (const char c : name) {
        const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        if (!letter && !(c >= '0' && c <= '9') && c != '-')
            return false;
    }
    return true;
}

// "X-Forwarded-For" -> "HTTP_X_FORWARDED_FOR".
std::string cgiName(std::string_view field)
{
    std::string name("HTTP_");
    name.reserve(name.size() + field.size());
    for (const char c : field)
        name.push_back(c == '-' ? '_' : (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c);
    return name;
}

// Fields with a CGI variable of their own, or none at all.
bool isLeftOut(std::string_view name)
{
    return FieldText::equalsNoCase(name, "content-type") || FieldText::equalsNoCase(name, "content-length")
        || FieldText::equalsNoCase(name, "host") || FieldText::equalsNoCase(name, "proxy"); // httpoxy
}

// Each request field as HTTP_*, a repeated one joined in the order sent.
void appendFields(const std::vector<ProxyHead::Field> &fields, Params &params)
{
    const std::size_t first = params.size();
    for (const ProxyHead::Field &field : fields) {
        if (!isCgiSafeName(field.name) || isLeftOut(field.name))
            continue;
        std::string name = cgiName(field.name);
        auto it = params.begin() + std::ptrdiff_t(first);
        while (it != params.end() && it->first != name)
            ++it;
        if (it == params.end()) {
            params.emplace_back(std::move(name), std::string(field.value));
            continue;
        }
        it->second.append(name == "HTTP_COOKIE" ? "; " : ", ").append(field.value);
    }
}

std::string_view contentTypeOf(const std::vector<ProxyHead::Field> &fields)
{
    for (const ProxyHead::Field &field : fields) {
        if (FieldText::equalsNoCase(field.name, "content-type"))
            return field.value;
    }
    return {};
}

// REQUEST_URI: the target as sent, from its path on for the absolute form
// (nginx's $request_uri).
std::string requestUri(std::string_view sent, const RequestTarget &target)
{
    if (target.authority.empty())
        return std::string(sent);
    const char *begin = sent.data();
    const char *end = sent.data() + sent.size();
    if (target.path.data() >= begin && target.path.data() < end)
        return std::string(target.path.data(), std::size_t(end - target.path.data()));
    const std::size_t question = sent.find('?');
    return question == std::string_view::npos ? std::string("/") : "/" + std::string(sent.substr(question));
}

std::string number(std::uint64_t value)
{
    std::string out;
    FieldText::appendNumber(out, value);
    return out;
}

} // namespace

Params fastCgiParams(const PhpScript &script, const Request &request, const Site &site,
    const FastCgiPeer &peer, long long contentLength)
{
    RequestTarget target;
    if (!RequestTarget::split(request.target, target))
        target = RequestTarget();
    const std::vector<ProxyHead::Field> fields = ProxyHead::split(request.fields);
    const bool withLength = contentLength > 0 || (contentLength == 0 && request.hasBody);
    std::string_view host = target.authority.empty() ? std::string_view(request.host) : target.authority;
    std::string serverName = site.serverName;
    if (serverName.empty())
        serverName = SiteTable::hostWithoutPort(host);

    Params params;
    params.reserve(24 + fields.size());
    params.emplace_back("SCRIPT_FILENAME", script.scriptFilename);
    params.emplace_back("QUERY_STRING", target.query);
    params.emplace_back("REQUEST_METHOD", request.methodName);
    params.emplace_back("CONTENT_TYPE", contentTypeOf(fields));
    params.emplace_back("CONTENT_LENGTH", withLength ? number(std::uint64_t(contentLength)) : std::string());
    params.emplace_back("SCRIPT_NAME", script.scriptName);
    params.emplace_back("REQUEST_URI", requestUri(request.target, target));
    params.emplace_back("DOCUMENT_URI", script.scriptName);
    params.emplace_back("DOCUMENT_ROOT", script.documentRoot);
    // nginx's $server_protocol: "HTTP/2.0" on an HTTP/2 stream.
    params.emplace_back("SERVER_PROTOCOL",
        request.version == 10 ? "HTTP/1.0" : (request.version == 20 ? "HTTP/2.0" : "HTTP/1.1"));
    params.emplace_back("REQUEST_SCHEME", peer.https ? "https" : "http");
    if (peer.https)
        params.emplace_back("HTTPS", "on");
    params.emplace_back("GATEWAY_INTERFACE", "CGI/1.1");
    params.emplace_back("SERVER_SOFTWARE", ResponseHead::kServer);
    params.emplace_back("REMOTE_ADDR", peer.remoteAddress);
    params.emplace_back("REMOTE_PORT", number(peer.remotePort));
    params.emplace_back("SERVER_ADDR", peer.localAddress);
    params.emplace_back("SERVER_PORT", number(peer.localPort));
    params.emplace_back("SERVER_NAME", std::move(serverName));
    params.emplace_back("REDIRECT_STATUS", "200");
    params.emplace_back("PATH_INFO", script.pathInfo);
    if (!host.empty())
        params.emplace_back("HTTP_HOST", host);
    appendFields(fields, params);
    return params;
}

} // namespace hostbench::http
