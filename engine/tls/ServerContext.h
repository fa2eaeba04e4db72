#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <string_view>

using SSL = struct ssl_st;
using SSL_CTX = struct ssl_ctx_st;

namespace hostbench::tls {

/*
 * Chooses the certificate for a handshake's server name (SNI, RFC 6066 §3):
 * the context to switch to, or null to keep the one the connection began
 * with. Thread: called on the handshake's (worker) thread; must be safe to
 * call from several at once.
 */
class ServerNames
{
public:
    virtual ~ServerNames() = default;
    virtual SSL_CTX *contextFor(std::string_view serverName) const = 0;
};

/*
 * The server side of TLS for one certificate: an OpenSSL SSL_CTX with the
 * certificate chain and private key of a site (PEM files), TLS 1.2 and 1.3
 * only (RFC 8446, RFC 5246; RFC 8996 retires 1.0 and 1.1), forward-secret
 * AEAD suites only (Mozilla's "intermediate" set), ALPN (RFC 7301) answering
 * "h2" (RFC 9113 §3.2) when the client offers it and the connection allows it
 * (newConnection()'s `http2`), else "http/1.1", session resumption by tickets (RFC 5077, RFC 8446 §4.6.1;
 * no server-side session cache; the ticket keys are the process's, the same
 * for every certificate and across reloads, a new one every 12 hours, the
 * previous one accepted 12 hours more), renegotiation off.
 *
 * Errors (load): the file missing or unreadable, not PEM, no certificate or
 * key in it, the certificate expired or not yet valid, the key not matching
 * it; each names the file and the reason.
 *
 * Thread: load() on any thread; once loaded, read-only and shared by every
 * worker (SSL_new from it is thread-safe).
 */
class ServerContext final
{
public:
    ~ServerContext();
    ServerContext(const ServerContext &) = delete;
    ServerContext &operator=(const ServerContext &) = delete;

    static std::shared_ptr<ServerContext> load(
        const QString &certificatePath, const QString &keyPath, QString *error);

    // What load() would refuse in a certificate and key pair, by file, for a
    // form to show beside each field: each text names its file and the reason
    // (missing, unreadable, not PEM, expired, not yet valid, the key not the
    // certificate's), empty when that file is fine; an empty path is not
    // read and gets no text (the pair is then not compared). Any thread.
    struct FileProblems
    {
        QString certificate;
        QString key;
        bool isEmpty() const { return certificate.isEmpty() && key.isEmpty(); }
    };
    static FileProblems checkFiles(const QString &certificatePath, const QString &keyPath);

    SSL_CTX *native() const { return m_context; }
    // A new server-side connection object (SSL_set_accept_state), for
    // tls::Stream::useTls; `names` (may be null; must outlive it) picks the
    // certificate when the client sends a server name. `http2`: ALPN may
    // choose "h2" (negotiatedHttp2() tells after the handshake).
    SSL *newConnection(const ServerNames *names, bool http2 = false) const;
    // The server name the client sent (lower case), empty when none.
    static std::string serverName(SSL *ssl);
    static bool resumed(SSL *ssl);
    // ALPN chose "h2" in the handshake of `ssl` (RFC 7301 §3.2); false for http/1.1 or none.
    static bool negotiatedHttp2(SSL *ssl);

    const QString &certificatePath() const { return m_certificatePath; }
    QDateTime notAfter() const { return m_notAfter; }
    // The DNS names of the certificate's subjectAltName (RFC 5280 §4.2.1.6).
    const QStringList &names() const { return m_names; }

private:
    ServerContext() = default;

    SSL_CTX *m_context = nullptr;
    QString m_certificatePath;
    QDateTime m_notAfter;
    QStringList m_names;
};

// OpenSSL's reason for the last failure on this thread ("" when none), and the queue cleared.
QString lastError();

} // namespace hostbench::tls
