#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <ctime>
#include <memory>
#include <mutex>

using SSL = struct ssl_st;
using SSL_CTX = struct ssl_ctx_st;
using SSL_SESSION = struct ssl_session_st;
using X509 = struct x509_st;
using X509_STORE_CTX = struct x509_store_ctx_st;

namespace hostbench::tls {

/*
 * The client side of TLS, for the load generator: an OpenSSL SSL_CTX that
 * verifies the server's certificate against the system's trust store and,
 * when given, further roots (the local CA's rootCA.pem), with the host name
 * checked (RFC 6125) and sent as SNI (RFC 6066 §3), ALPN (RFC 7301)
 * offering "http/1.1", or with Alpn::Http2 "h2" then "http/1.1" (as the
 * browsers do: the server's choice says whether it speaks HTTP/2, RFC 9113
 * §3.2), TLS 1.2 and 1.3. `verify` false: no check at all (--insecure).
 * TLS 1.3 suites in the browsers' order (AES-128-GCM first, as Chrome and
 * Firefox send them, and h2load), not OpenSSL's default (AES-256 first).
 *
 * A verified leaf certificate is remembered, as Chromium's
 * CachingCertVerifier does: the next handshake that presents the same
 * certificate (X509_cmp) for the same name, before the verified chain's
 * earliest notAfter, skips the chain's signature checks (about 60 µs of an
 * ECDSA P-256 verify per full handshake, 12% of the generator's handshake
 * rate); the name is still checked against it each time. Failures are never
 * remembered: each one is verified, and reported, in full.
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

    // What ALPN offers: HTTP/1.1 alone, or h2 first (bench --h2).
    enum class Alpn { Http11, Http2 };

    static std::shared_ptr<ClientContext> make(
        bool verify, const QStringList &extraRoots, QString *error, Alpn alpn = Alpn::Http11);

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
    // The protocol the server chose by ALPN after the handshake ("h2",
    // "http/1.1"), empty when it chose none.
    static QByteArray alpnSelected(SSL *ssl);

private:
    ClientContext() = default;
    // SSL_CTX_set_cert_verify_callback's: the remembered leaf, else X509_verify_cert.
    static int verifyChain(X509_STORE_CTX *store, void *self);
    bool remembered(X509 *leaf, X509_STORE_CTX *store);
    void remember(X509 *leaf, X509_STORE_CTX *store);

    SSL_CTX *m_context = nullptr;
    bool m_verify = true;
    // The last leaf verified (owned; under m_verifiedMutex, taken by the
    // generator's threads once per full handshake), and until when the verdict holds.
    std::mutex m_verifiedMutex;
    X509 *m_verified = nullptr;
    std::time_t m_verifiedUntil = 0;
};

} // namespace hostbench::tls
