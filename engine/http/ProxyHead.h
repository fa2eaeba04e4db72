#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hostbench::http {

/*
 * The heads a proxy writes (RFC 9110 §7.6, RFC 9112, RFC 7239), as pure
 * functions:
 *  - hop-by-hop fields are removed both ways (RFC 9110 §7.6.1): Connection
 *    and every field it names, Keep-Alive, TE, Trailer, Transfer-Encoding,
 *    Upgrade (kept, with "Connection: upgrade", for an upgrade), Proxy-*
 *    (Proxy-Connection, Proxy-Authorization, ...); Expect too (the engine
 *    answered 100-continue itself, the body is already here);
 *  - towards the upstream: Host as the client sent it (or the upstream's own
 *    authority), X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host and
 *    Forwarded (RFC 7239 §4: for, host, proto) set from the connection, any
 *    the client sent removed, never trusted; the body framed with
 *    Content-Length, or chunked for a chunked body still on its way
 *    (ProxyResponder re-chunks it).
 * Any thread; no state.
 */
struct ProxyHead
{
    struct Field
    {
        std::string_view name;
        std::string_view value;
    };

    // The field lines of Request::fields ("Name: value\r\n" each).
    static std::vector<Field> split(std::string_view lines);
    // Whether `name` is hop-by-hop given the Connection values in `fields`.
    static bool isHopByHop(std::string_view name, const std::vector<Field> &fields);
    // The client asks for a protocol switch: Upgrade present, "upgrade" in Connection (RFC 9110 §7.8).
    static std::string_view upgradeOf(const std::vector<Field> &fields);

    struct RequestParts
    {
        std::string_view method;
        std::string_view target; // as sent upstream
        std::string_view host; // Host field value
        std::string_view clientHost; // the client's Host, for X-Forwarded-Host and Forwarded
        std::string_view clientAddress; // "127.0.0.1", "::1"
        bool https = false; // the client came over TLS: X-Forwarded-Proto and Forwarded's proto say https
        std::string_view fields; // Request::fields
        bool withBody = false; // Content-Length: bodyLength
        std::size_t bodyLength = 0;
        bool chunked = false; // Transfer-Encoding: chunked (a body relayed as it comes, length unknown)
    };
    // Appends the request head for the upstream to `out`.
    static void writeRequest(const RequestParts &parts, std::string &out);
    // Who answered: what is kept of its response's own fields.
    enum class Origin {
        // An HTTP upstream: its Server and Date give way to the engine's own,
        // and X-Pad and X-Accel-* are dropped, as nginx's proxy_hide_header
        // defaults do (the client sees one server, as from a static file).
        Proxy,
        // A FastCGI application: its Server and Date, when it sets them, are
        // kept instead of the engine's (appendServerAndDate()); X-Accel-* is
        // dropped (nginx's fastcgi_hide_header defaults; not interpreted here).
        FastCgi,
    };
    // Appends the fields of an upstream response that go on to the client
    // (hop-by-hop, Content-Length and those `origin` hides removed) to `out`,
    // as "Name: value\r\n".
    static void appendEndToEnd(
        const std::vector<Field> &fields, bool upgrade, Origin origin, std::string &out);
    // Appends "Server: `server`" and "Date: `date`" lines, each unless `fields`
    // has one of its own (FastCGI: what the application set wins).
    static void appendServerAndDate(
        const std::vector<Field> &fields, std::string_view server, std::string_view date, std::string &out);
    // Appends the site's HSTS line (Site::hstsField; may be empty) unless the
    // upstream sent a Strict-Transport-Security field of its own, which wins
    // (a user agent heeds only the first, RFC 6797 §8.1).
    static void appendHsts(const std::vector<Field> &fields, std::string_view hstsField, std::string &out);
};

} // namespace hostbench::http
