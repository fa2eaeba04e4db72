#pragma once

#include <QString>
#include <QStringList>

#include <memory>

using SSL = struct ssl_st;
using SSL_CTX = struct ssl_ctx_st;
using SSL_SESSION = struct ssl_session_st;

namespace hostbench::tls {

/*
 * The client side of TLS, for the load generator: an OpenSSL SSL_CTX that
 * verifies the server's certificate against the system's trust store and,
 * when given, further roots (the local CA's rootCA.pem), with the host name
 * checked (RFC 6125) and sent as SNI (RFC 6066 §3), ALPN offering
 * "http/1.1", TLS 1.2 and 1.3. `verify` false: no check at all (--insecure).
 *
 * Errors: make() fails only when a root file given cannot be read (named
 * with its reason). A handshake that fails verification reads
 * verifyFailure() for the reason ("certificate has expired", "hostname
 * mismatch", "unable to get local issuer certificate").
 *
 * Thread: make() on any thread; then read-only and shared by the generator's
 * threads (SSL_new is thread-safe).
 */
class ClientContext final
{
public:
    ~ClientContext();
    ClientContext(const ClientContext &) = delete;
    ClientContext &operator=(const ClientContext &) = delete;

    static std::shared_ptr<ClientContext> make(bool verify, const QStringList &extraRoots, QString *error);

    // A new client-side connection object for `host` (SNI, unless an IP
    // literal; the name checked against the certificate), resuming `session`
    // when given (not owned).
    SSL *newConnection(const QByteArray &host, SSL_SESSION *session) const;
    bool verifies() const { return m_verify; }

    // Why a failed handshake's certificate was refused; empty when it was not.
    static QString verifyFailure(SSL *ssl);
    // "TLSv1.3", "TLS_AES_256_GCM_SHA384", whether the session was resumed.
    static QString protocol(SSL *ssl);
    static QString cipher(SSL *ssl);
    static bool resumed(SSL *ssl);

private:
    ClientContext() = default;

    SSL_CTX *m_context = nullptr;
    bool m_verify = true;
};

} // namespace hostbench::tls
