#include "ClientContext.h"

#include "ServerContext.h"

#include <QFile>
#include <QHostAddress>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace hostbench::tls {

using namespace Qt::StringLiterals;

ClientContext::~ClientContext()
{
    SSL_CTX_free(m_context);
}

std::shared_ptr<ClientContext> ClientContext::make(bool verify, const QStringList &extraRoots, QString *error)
{
    std::shared_ptr<ClientContext> context(new ClientContext);
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        if (error)
            *error = u"cannot make a TLS context: %1"_s.arg(lastError());
        return nullptr;
    }
    context->m_context = ctx;
    context->m_verify = verify;
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_options(ctx, SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION | SSL_OP_IGNORE_UNEXPECTED_EOF);
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    // Sessions are kept by the caller (one per connection), not in a shared cache.
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL);
    static constexpr unsigned char kAlpn[] = { 8, 'h', 't', 't', 'p', '/', '1', '.', '1' };
    SSL_CTX_set_alpn_protos(ctx, kAlpn, sizeof kAlpn);
    if (verify) {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
        SSL_CTX_set_default_verify_paths(ctx);
        ERR_clear_error();
        for (const QString &root : extraRoots) {
            if (!QFile::exists(root))
                continue; // no local CA made yet: the system store alone
            if (SSL_CTX_load_verify_locations(ctx, QFile::encodeName(root).constData(), nullptr) != 1) {
                if (error)
                    *error = u"%1: cannot load it as a root certificate: %2"_s.arg(root, lastError());
                return nullptr;
            }
        }
    } else {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
    }
    return context;
}

SSL *ClientContext::newConnection(const QByteArray &host, SSL_SESSION *session) const
{
    SSL *ssl = SSL_new(m_context);
    if (!ssl)
        return nullptr;
    SSL_set_connect_state(ssl);
    const bool literal = !QHostAddress(QString::fromLatin1(host)).isNull();
    if (!literal)
        SSL_set_tlsext_host_name(ssl, host.constData());
    if (m_verify) {
        if (literal)
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host.constData());
        else
            SSL_set1_host(ssl, host.constData());
    }
    if (session)
        SSL_set_session(ssl, session);
    return ssl;
}

QString ClientContext::verifyFailure(SSL *ssl)
{
    const long result = SSL_get_verify_result(ssl);
    if (result == X509_V_OK)
        return {};
    return QString::fromLatin1(X509_verify_cert_error_string(result));
}

QString ClientContext::protocol(SSL *ssl)
{
    return QString::fromLatin1(SSL_get_version(ssl));
}

QString ClientContext::cipher(SSL *ssl)
{
    return QString::fromLatin1(SSL_CIPHER_get_name(SSL_get_current_cipher(ssl)));
}

bool ClientContext::resumed(SSL *ssl)
{
    return SSL_session_reused(ssl) == 1;
}

} // namespace hostbench::tls
