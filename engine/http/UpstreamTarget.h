#pragma once

#include "model/ProxyRoute.h"

#include <boost/asio/generic/stream_protocol.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace hostbench::http {

// Why a proxied request failed, for the error log and /metrics (hostbench_proxy_errors_total).
enum class ProxyError : int {
    Refused, // could not connect (refused, unreachable, no address): 502 at once
    Timeout, // no answer within the site's upstream timeout: 504
    BadHead, // an invalid response head: 502
    HeadTooLarge, // a response head over UpstreamTarget::kMaxHeadBytes: 502
    ClosedEarly, // the upstream closed before answering (after the one retry, if any): 502
    ClosedMidBody, // the upstream closed before the end of the body it announced: what came is relayed, then
                   // the client's connection closes
    Retried, // closed before answering and sent again on a fresh connection (not an error answer)
    QueueTimeout, // all the connections the pool allows were busy for the site's upstream timeout: 503
    Count
};

/*
 * One proxy route of a site, converted once for the workers when the
 * SiteTable is built (model::ProxyRoute, model::UpstreamAddress): the path
 * prefix it takes, the upstream's address (a host name is resolved here,
 * on the owner's thread, never per request; the first address is used),
 * the base path that replaces the prefix, and the error-log reasons naming
 * the upstream, interned for the process's lifetime, so that a log record
 * may point at them after the table is gone (Response::errorReason).
 * Plain value; built on the owner's thread, then read-only on any thread.
 */
struct UpstreamTarget
{
    static constexpr std::size_t kMaxHeadBytes = 16 * 1024; // a longer response head is a 502

    std::string prefix; // normalised, no trailing '/' but for "/"
    std::string basePath; // "" (target sent unchanged) or "/v1"
    std::string authority; // "127.0.0.1:9000": the Host sent with VirtualHost proxy.sendUpstreamHost
    std::string key; // the pool's key: "http://127.0.0.1:9000", "unix:/run/app.sock"
    boost::asio::generic::stream_protocol::endpoint endpoint;
    bool resolved = false; // false: the name did not resolve at build time (every request: 502)
    std::array<const char *, std::size_t(ProxyError::Count)> reasons {};
    // The body of the 502 for a refused connection or an absent socket: no
    // app listens at `key` yet (a site's app that Hostbench starts may still
    // be starting). HTML and plain text; interned, as the reasons.
    const char *noAppHtml = "";
    const char *noAppText = "";

    // A target for `route`; `site` names it in the reasons. Resolves a host name (blocking).
    static UpstreamTarget make(const model::ProxyRoute &route, const QString &site);
    // True when the normalised `path` lies under `prefix` (whole segments).
    bool matches(std::string_view path) const;
    // The request-target sent upstream for the client's `target` (raw), `rawPath`
    // (its path part, encoded) and `path` (normalised).
    std::string upstreamTarget(
        std::string_view target, std::string_view rawPath, std::string_view query) const;
    // A string that lives as long as the process (one copy per distinct text).
    static const char *intern(const std::string &text);
};

} // namespace hostbench::http
