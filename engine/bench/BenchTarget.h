#pragma once

#include "model/BenchParameters.h"

#include <QString>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hostbench::bench {

/*
 * What a run aims at, worked out once before the run: the URL's host, port
 * and path, and the request serialised to the exact bytes every connection
 * sends (RFC 9112 §3: request line, Host first, then the caller's headers).
 * http:// and https:// (TLS: LoadGenerator's tls::ClientContext; the port
 * defaults to 443, and the Host field names it only when it is another).
 *
 * Like ab, a header given in `headers` replaces the default of the same name
 * (Host, User-Agent, Accept). Without keep-alive the request says
 * "Connection: close" and each request gets its own connection; with it the
 * request says nothing (HTTP/1.1 connections persist by default).
 *
 * For HTTP/2 (bench --h2) the same request as a header list (RFC 9113
 * §8.3.1): the pseudo-header fields :method, :scheme, :authority (the Host
 * field's value) and :path first, then the fields in the same order with
 * their names in lower case (§8.2.2), without Host and the
 * connection-specific fields (Connection, Keep-Alive, Proxy-Connection,
 * Transfer-Encoding, Upgrade: §8.2.2 makes them malformed), and the body apart.
 *
 * Plain value; any thread.
 */
class BenchTarget final
{
public:
    static std::optional<BenchTarget> fromParameters(
        const model::BenchParameters &parameters, QString *error);

    const QString &host() const { return m_host; } // without brackets for IPv6
    // A host as reports and messages write it: an IPv6 literal in brackets,
    // as in the URL ("[::1]"), anything else as it is.
    static QString displayHost(const QString &host)
    {
        return host.contains(u':') ? u'[' + host + u']' : host;
    }
    // The name to look up for `host`: 127.0.0.1 for "localhost" and every
    // name under it (RFC 6761 §6.3), as browsers and curl resolve them, so
    // that blog.test.localhost reaches the engine's site blog.test (the
    // system resolver often knows only "localhost"); `host` otherwise.
    static QString lookupName(const QString &host);
    quint16 port() const { return m_port; }
    const QString &path() const { return m_path; } // path and query, as sent
    const std::string &request() const { return m_request; }
    bool isHead() const { return m_isHead; }
    bool isHttps() const { return m_https; }
    // HTTP/2: the header list (name, value), and the body sent as DATA.
    using Field = std::pair<std::string, std::string>;
    const std::vector<Field> &http2Fields() const { return m_http2Fields; }
    const std::string &body() const { return m_body; }

private:
    QString m_host;
    quint16 m_port = 80;
    QString m_path;
    std::string m_request;
    std::vector<Field> m_http2Fields;
    std::string m_body;
    bool m_isHead = false;
    bool m_https = false;
};

} // namespace hostbench::bench
