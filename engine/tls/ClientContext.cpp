#include "ClientContext.h"

#include "ServerContext.h"

#include <QFile>
#include <QHostAddress>

#include <algorithm>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace hostbench::tls {

using namespace Qt::StringLiterals;

ClientContext::~ClientContext()
{
    SSL_CTX_free(m_context);
    X509_free(m_verified);
}

std::shared_ptr<ClientContext> ClientContext::make(
    bool verify, const QStringList &extraRoots, QString *error, Alpn alpn)
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
    // One read(2) for what the socket has, not a header and a body per record (ServerContext.cpp: why).
    SSL_CTX_set_read_ahead(ctx, 1);
    // Sessions are kept by the caller (one per connection), not in a shared cache.
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL);
    // The browsers' order of the TLS 1.3 suites (RFC 8446 §9.1 makes AES-128-GCM the one to have).
    SSL_CTX_set_ciphersuites(
        ctx, "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256");
    static constexpr unsigned char kAlpn[] = { 8, 'h', 't', 't', 'p', '/', '1', '.', '1' };
    static constexpr unsigned char kAlpnH2[] = { 2, 'h', '2', 8, 'h', 't', 't', 'p', '/', '1', '.', '1' };
    if (alpn == Alpn::Http2)
        SSL_CTX_set_alpn_protos(ctx, kAlpnH2, sizeof kAlpnH2);
    else
        SSL_CTX_set_alpn_protos(ctx, kAlpn, sizeof kAlpn);
    if (verify) {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
        SSL_CTX_set_cert_verify_callback(ctx, &ClientContext::verifyChain, context.get());
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

int ClientContext::verifyChain(X509_STORE_CTX *store, void *self)
{
    auto *context = static_cast<ClientContext *>(self);
    X509 *leaf = X509_STORE_CTX_get0_cert(store);
    if (leaf && context->remembered(leaf, store)) {
        X509_STORE_CTX_set_error(store, X509_V_OK);
        return 1;
    }
    const int verified = X509_verify_cert(store);
    if (verified == 1 && leaf)
        context->remember(leaf, store);
    return verified;
}

bool ClientContext::remembered(X509 *leaf, X509_STORE_CTX *store)
{
    {
        const std::lock_guard lock(m_verifiedMutex);
        if (!m_verified || X509_cmp(m_verified, leaf) != 0 || std::time(nullptr) >= m_verifiedUntil)
            return false;
    }
    // The same certificate, still valid: only the name is this handshake's own (RFC 6125).
    X509_VERIFY_PARAM *param = X509_STORE_CTX_get0_param(store);
    if (const char *host = X509_VERIFY_PARAM_get0_host(param, 0))
        return X509_check_host(leaf, host, 0, X509_VERIFY_PARAM_get_hostflags(param), nullptr) == 1;
    char *ip = X509_VERIFY_PARAM_get1_ip_asc(param);
    const bool matches = ip && X509_check_ip_asc(leaf, ip, 0) == 1;
    OPENSSL_free(ip);
    return matches;
}

void ClientContext::remember(X509 *leaf, X509_STORE_CTX *store)
{
    // The verdict holds until the first certificate of the chain expires.
    std::time_t until = 0;
    STACK_OF(X509) *chain = X509_STORE_CTX_get0_chain(store);
    for (int i = 0; chain && i < sk_X509_num(chain); ++i) {
        std::tm tm {};
        if (ASN1_TIME_to_tm(X509_get0_notAfter(sk_X509_value(chain, i)), &tm) != 1)
            return;
        const std::time_t notAfter = timegm(&tm);
        until = until == 0 ? notAfter : std::min(until, notAfter);
    }
    if (until == 0)
        return;
    X509_up_ref(leaf);
    const std::lock_guard lock(m_verifiedMutex);
    X509_free(m_verified);
    m_verified = leaf;
    m_verifiedUntil = until;
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

QByteArray ClientContext::alpnSelected(SSL *ssl)
{
    const unsigned char *data = nullptr;
    unsigned int length = 0;
    SSL_get0_alpn_selected(ssl, &data, &length);
    return data ? QByteArray(reinterpret_cast<const char *>(data), qsizetype(length)) : QByteArray();
}

} // namespace hostbench::tls
