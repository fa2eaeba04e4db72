#include "http/UpstreamTarget.h"

#include "http/DirectoryListing.h"
#include "http/RequestTarget.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/local/stream_protocol.hpp>

#include <mutex>
#include <unordered_set>

namespace hostbench::http {

namespace {

constexpr std::array<const char *, std::size_t(ProxyError::Count)> kCauses { "connection failed",
    "timed out waiting for the upstream", "invalid response head from the upstream",
    "response head from the upstream too large", "upstream closed the connection before answering",
    "upstream closed the connection before the end of the response body",
    "upstream closed the connection before answering; retried on a fresh connection",
    "no connection to the upstream free within the upstream timeout (the connection limit per worker "
    "was reached)" };

// DirectoryListing's escaping (it also escapes "'", harmless in a text node).
std::string htmlEscaped(std::string_view text)
{
    std::string out;
    DirectoryListing::appendHtmlEscaped(text, out);
    return out;
}

constexpr std::string_view kStarting
    = "If Hostbench starts this site's app, it may still be starting: try again in a moment.";

void writeNoAppPages(UpstreamTarget &target)
{
    const std::string where = "No app is listening at " + target.key + " yet.";
    target.noAppText
        = UpstreamTarget::intern("502 Bad Gateway\n" + where + "\n" + std::string(kStarting) + "\n");
    target.noAppHtml = UpstreamTarget::intern("<!DOCTYPE html>\n<html><head><title>502 Bad "
                                              "Gateway</title></head><body>\n<h1>502 Bad Gateway</h1>\n<p>"
        + htmlEscaped(where) + "</p>\n<p>" + htmlEscaped(kStarting) + "</p>\n</body></html>\n");
}

} // namespace

const char *UpstreamTarget::intern(const std::string &text)
{
    static std::mutex mutex;
    static auto *strings = new std::unordered_set<std::string>(); // never freed: records point into it
    const std::lock_guard lock(mutex);
    return strings->insert(text).first->c_str();
}

UpstreamTarget UpstreamTarget::make(const model::ProxyRoute &route, const QString &site)
{
    UpstreamTarget target;
    std::string prefix;
    if (!RequestTarget::normalizePath(route.pathPrefix.trimmed().toStdString(), prefix))
        prefix = "/";
    while (prefix.size() > 1 && prefix.back() == '/')
        prefix.pop_back();
    target.prefix = prefix;
    QString problem;
    const model::UpstreamAddress address = model::UpstreamAddress::parse(route.upstream, &problem);
    target.key = address.display().toStdString();
    target.authority = address.authority().toStdString();
    namespace asio = boost::asio;
    if (address.kind == model::UpstreamAddress::Kind::Unix) {
        target.endpoint = asio::local::stream_protocol::endpoint(address.socketPath.toStdString());
        target.resolved = true;
    } else if (address.kind == model::UpstreamAddress::Kind::Tcp) {
        target.basePath = address.basePath.toStdString();
        boost::system::error_code ec;
        const auto ip = asio::ip::make_address(address.host.toStdString(), ec);
        if (!ec) {
            target.endpoint = asio::ip::tcp::endpoint(ip, address.port);
            target.resolved = true;
        } else {
            asio::io_context context;
            asio::ip::tcp::resolver resolver(context);
            const auto results
                = resolver.resolve(address.host.toStdString(), std::to_string(address.port), ec);
            if (!ec && !results.empty()) {
                target.endpoint = results.begin()->endpoint();
                target.resolved = true;
            }
        }
    }
    const std::string head = "site " + site.toStdString() + ", upstream " + target.key + ": ";
    for (std::size_t i = 0; i < kCauses.size(); ++i)
        target.reasons[i] = intern(head + kCauses[i]);
    if (!target.resolved)
        target.reasons[std::size_t(ProxyError::Refused)] = intern(head + "address not resolved");
    writeNoAppPages(target);
    return target;
}

bool UpstreamTarget::matches(std::string_view path) const
{
    if (prefix == "/")
        return true;
    return path.starts_with(prefix) && (path.size() == prefix.size() || path[prefix.size()] == '/');
}

std::string UpstreamTarget::upstreamTarget(
    std::string_view target, std::string_view rawPath, std::string_view query) const
{
    if (basePath.empty()) {
        // An absolute-form target goes upstream in origin form (RFC 9112 §3.2.1).
        if (!target.starts_with('/'))
            return std::string(rawPath) + (query.empty() ? "" : "?") + std::string(query);
        return std::string(target);
    }
    std::string_view rest = rawPath;
    if (prefix != "/" && rest.starts_with(prefix))
        rest.remove_prefix(prefix.size());
    std::string out = basePath;
    if (!rest.empty() && out.back() == '/' && rest.front() == '/')
        rest.remove_prefix(1);
    out.append(rest);
    if (!query.empty())
        out.append("?").append(query);
    return out;
}

} // namespace hostbench::http
