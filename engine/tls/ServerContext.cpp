#include "ServerContext.h"

#include "Pem.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <array>
#include <cctype>
#include <chrono>
#include <cstring>
#include <mutex>

namespace hostbench::tls {

using namespace Qt::StringLiterals;

namespace {

// Mozilla's "intermediate" TLS 1.2 suites (TLS 1.3's are OpenSSL's defaults).
constexpr const char *kTls12Ciphers = "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:"
                                      "ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:"
                                      "ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";
// TLS 1.3's, AES-128-GCM first (RFC 8446 §9.1's must-have; OpenSSL's default
// puts AES-256-GCM-SHA384 first, which the server's preference then forced on
// every client; with this order W1sn went from 2,050 to 2,207 full handshakes/s
// beside nginx's 2,088 and 1,973, tests/perf/tls.sh on an Intel Xeon).
constexpr const char *kTls13Suites
    = "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256";
constexpr const char *kGroups = "X25519:P-256:P-384";

// Whether a connection may choose HTTP/2 by ALPN (newConnection()'s `http2`):
// any non-null value in this slot of its SSL.
int http2Index()
{
    static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    return index;
}

// ALPN (RFC 7301 §3.2): "h2" when the client offers it and the connection
// may speak HTTP/2 (RFC 9113 §3.2), else http/1.1 when offered; none
// otherwise (the client then speaks what it will, and gets a 400 if that is
// not HTTP/1.x). The server's preference, not the client's order: a browser
// offers "h2,http/1.1" and gets h2.
int selectProtocol(SSL *ssl, const unsigned char **out, unsigned char *outLength, const unsigned char *in,
    unsigned int inLength, void *)
{
    static constexpr unsigned char kWithH2[] = { 2, 'h', '2', 8, 'h', 't', 't', 'p', '/', '1', '.', '1' };
    static constexpr unsigned char kHttp11[] = { 8, 'h', 't', 't', 'p', '/', '1', '.', '1' };
    const bool http2 = SSL_get_ex_data(ssl, http2Index()) != nullptr;
    unsigned char *chosen = nullptr;
    const int result = http2
        ? SSL_select_next_proto(&chosen, outLength, kWithH2, sizeof kWithH2, in, inLength)
        : SSL_select_next_proto(&chosen, outLength, kHttp11, sizeof kHttp11, in, inLength);
    if (result != OPENSSL_NPN_NEGOTIATED)
        return SSL_TLSEXT_ERR_NOACK;
    *out = chosen;
    return SSL_TLSEXT_ERR_OK;
}

// Session ticket keys (RFC 5077 §4's recommended construction: AES-256-CBC
// and HMAC-SHA-256), one ring for the process, so that every certificate's
// context and every reload issue and accept the same tickets. A new key every
// kTicketKeyHours; the one before it still opens tickets (renewed when used)
// for as long again, then it is gone, so a key never lives past twice that
// (forward secrecy of resumed sessions is bounded by it). OpenSSL's own keys
// would be made per context and never rotated.
constexpr auto kTicketKeyHours = std::chrono::hours(12);

struct TicketKey
{
    std::array<unsigned char, 16> name {};
    std::array<unsigned char, 32> aes {};
    std::array<unsigned char, 32> hmac {};
    std::chrono::steady_clock::time_point made;
    bool valid = false;
};

class TicketKeys
{
public:
    // The key to seal a new ticket with (rotated when due).
    TicketKey current()
    {
        const std::lock_guard lock(m_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (!m_current.valid || now - m_current.made >= kTicketKeyHours) {
            m_previous = m_current;
            m_current = make(now);
        }
        return m_current;
    }
    // The key named `name`: 1 current, 2 previous (the ticket is renewed), 0 none (a full handshake).
    int find(const unsigned char *name, TicketKey &key)
    {
        const std::lock_guard lock(m_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (m_current.valid && std::memcmp(name, m_current.name.data(), m_current.name.size()) == 0) {
            key = m_current;
            return now - m_current.made >= kTicketKeyHours ? 2 : 1;
        }
        if (m_previous.valid && now - m_previous.made < 2 * kTicketKeyHours
            && std::memcmp(name, m_previous.name.data(), m_previous.name.size()) == 0) {
            key = m_previous;
            return 2;
        }
        return 0;
    }

private:
    static TicketKey make(std::chrono::steady_clock::time_point now)
    {
        TicketKey key;
        key.valid = RAND_bytes(key.name.data(), int(key.name.size())) == 1
            && RAND_bytes(key.aes.data(), int(key.aes.size())) == 1
            && RAND_bytes(key.hmac.data(), int(key.hmac.size())) == 1;
        key.made = now;
        return key;
    }

    std::mutex m_mutex; // workers only, for a copy of 80 bytes; never the GUI's
    TicketKey m_current;
    TicketKey m_previous;
};

TicketKeys &ticketKeys()
{
    static TicketKeys keys;
    return keys;
}

bool useKey(const TicketKey &key, unsigned char *iv, EVP_CIPHER_CTX *cipher, EVP_MAC_CTX *mac, int encrypt)
{
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string(
            OSSL_MAC_PARAM_KEY, const_cast<unsigned char *>(key.hmac.data()), key.hmac.size()),
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char *>("SHA256"), 0),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_MAC_CTX_set_params(mac, params) != 1)
        return false;
    return encrypt ? EVP_EncryptInit_ex(cipher, EVP_aes_256_cbc(), nullptr, key.aes.data(), iv) == 1
                   : EVP_DecryptInit_ex(cipher, EVP_aes_256_cbc(), nullptr, key.aes.data(), iv) == 1;
}

int onTicketKey(
    SSL *, unsigned char *keyName, unsigned char *iv, EVP_CIPHER_CTX *cipher, EVP_MAC_CTX *mac, int encrypt)
{
    if (encrypt) {
        const TicketKey key = ticketKeys().current();
        if (!key.valid || RAND_bytes(iv, EVP_CIPHER_get_iv_length(EVP_aes_256_cbc())) != 1)
            return -1;
        std::memcpy(keyName, key.name.data(), key.name.size());
        return useKey(key, iv, cipher, mac, 1) ? 1 : -1;
    }
    TicketKey key;
    if (ticketKeys().find(keyName, key) == 0)
        return 0;
    // 2, "renew", whichever key opened it: a TLS 1.3 client uses a ticket
    // once, and with 1 OpenSSL sends no new one after the resumed handshake,
    // so every other connection would be a full handshake again.
    return useKey(key, iv, cipher, mac, 0) ? 2 : -1;
}

int namesIndex()
{
    static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
    return index;
}

int onServerName(SSL *ssl, int *, void *)
{
    const auto *names = static_cast<const ServerNames *>(SSL_get_ex_data(ssl, namesIndex()));
    const char *name = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
    if (!names || !name)
        return SSL_TLSEXT_ERR_OK;
    if (SSL_CTX *chosen = names->contextFor(name); chosen && chosen != SSL_get_SSL_CTX(ssl))
        SSL_set_SSL_CTX(ssl, chosen);
    return SSL_TLSEXT_ERR_OK;
}

} // namespace

QString lastError()
{
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    if (code == 0)
        return {};
    const char *reason = ERR_reason_error_string(code);
    return reason ? QString::fromLatin1(reason) : u"OpenSSL error %1"_s.arg(code, 0, 16);
}

ServerContext::~ServerContext()
{
    SSL_CTX_free(m_context);
}

namespace {

// The files of a pair read and checked as load() needs them; `problems` empty when both are fine.
struct ReadPair
{
    pem::Chain chain;
    pem::Key key;
    QDateTime notAfter;
    ServerContext::FileProblems problems;
};

ReadPair readPair(const QString &certificatePath, const QString &keyPath)
{
    ReadPair pair;
    pair.chain = pem::readCertificates(certificatePath, &pair.problems.certificate);
    pair.key = pem::readPrivateKey(keyPath, &pair.problems.key);
    if (pair.chain.empty())
        return pair;
    X509 *leaf = pair.chain.front().get();
    const QDateTime notBefore = pem::notBefore(leaf);
    pair.notAfter = pem::notAfter(leaf);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (pair.notAfter < now)
        pair.problems.certificate = u"%1: the certificate expired on %2"_s.arg(
            certificatePath, pair.notAfter.toString(Qt::ISODate));
    else if (notBefore > now)
        pair.problems.certificate = u"%1: the certificate is not valid before %2"_s.arg(
            certificatePath, notBefore.toString(Qt::ISODate));
    if (pair.key && X509_check_private_key(leaf, pair.key.get()) != 1) {
        ERR_clear_error();
        pair.problems.key
            = u"%1: the private key does not match the certificate %2"_s.arg(keyPath, certificatePath);
    }
    return pair;
}

} // namespace

ServerContext::FileProblems ServerContext::checkFiles(const QString &certificatePath, const QString &keyPath)
{
    FileProblems problems = readPair(certificatePath, keyPath).problems;
    if (certificatePath.isEmpty())
        problems.certificate.clear();
    if (keyPath.isEmpty())
        problems.key.clear();
    return problems;
}

std::shared_ptr<ServerContext> ServerContext::load(
    const QString &certificatePath, const QString &keyPath, QString *error)
{
    auto fail = [error](const QString &text) {
        if (error)
            *error = text;
        return nullptr;
    };
    ReadPair pair = readPair(certificatePath, keyPath);
    if (!pair.problems.certificate.isEmpty())
        return fail(pair.problems.certificate);
    if (!pair.problems.key.isEmpty())
        return fail(pair.problems.key);
    const pem::Chain &chain = pair.chain;
    const pem::Key &key = pair.key;
    X509 *leaf = chain.front().get();
    const QDateTime notAfter = pair.notAfter;

    std::shared_ptr<ServerContext> context(new ServerContext);
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    if (!ctx)
        return fail(u"cannot make a TLS context: %1"_s.arg(lastError()));
    context->m_context = ctx;
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    // The server's order of suites (all of them forward-secret AEADs), as testssl.sh asks.
    SSL_CTX_set_options(ctx,
        SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_COMPRESSION | SSL_OP_IGNORE_UNEXPECTED_EOF
            | SSL_OP_CIPHER_SERVER_PREFERENCE);
    SSL_CTX_set_mode(ctx, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    // Read what the socket has (up to a record's worth and more) in one read(2), not a record's
    // 5-byte header and then its body in two: W1h2 over TLS made 2,749 reads for 5,000 requests,
    // 1,344 of them 5-byte headers. Safe with tls::Stream: every read tries SSL_read first and
    // waits for the socket only on SSL_ERROR_WANT_READ, so nothing buffered is left unread.
    SSL_CTX_set_read_ahead(ctx, 1);
    // Tickets, no session cache: a resumed session needs nothing shared between workers.
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
    if (SSL_CTX_set_cipher_list(ctx, kTls12Ciphers) != 1 || SSL_CTX_set_ciphersuites(ctx, kTls13Suites) != 1
        || SSL_CTX_set1_groups_list(ctx, kGroups) != 1)
        return fail(u"cannot set the TLS cipher suites: %1"_s.arg(lastError()));
    if (SSL_CTX_use_certificate(ctx, leaf) != 1)
        return fail(u"%1: %2"_s.arg(certificatePath, lastError()));
    for (std::size_t i = 1; i < chain.size(); ++i) {
        if (SSL_CTX_add1_chain_cert(ctx, chain[i].get()) != 1)
            return fail(u"%1: %2"_s.arg(certificatePath, lastError()));
    }
    if (SSL_CTX_use_PrivateKey(ctx, key.get()) != 1)
        return fail(u"%1: %2"_s.arg(keyPath, lastError()));
    SSL_CTX_set_alpn_select_cb(ctx, selectProtocol, nullptr);
    SSL_CTX_set_tlsext_servername_callback(ctx, onServerName);
    SSL_CTX_set_tlsext_ticket_key_evp_cb(ctx, onTicketKey);
    context->m_certificatePath = certificatePath;
    context->m_notAfter = notAfter;
    context->m_names = pem::dnsNames(leaf);
    return context;
}

SSL *ServerContext::newConnection(const ServerNames *names, bool http2) const
{
    SSL *ssl = SSL_new(m_context);
    if (!ssl)
        return nullptr;
    SSL_set_accept_state(ssl);
    SSL_set_ex_data(ssl, namesIndex(), const_cast<ServerNames *>(names));
    static int allowed = 1;
    SSL_set_ex_data(ssl, http2Index(), http2 ? &allowed : nullptr);
    return ssl;
}

std::string ServerContext::serverName(SSL *ssl)
{
    const char *name = ssl ? SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name) : nullptr;
    std::string text = name ? name : "";
    for (char &c : text)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

bool ServerContext::negotiatedHttp2(SSL *ssl)
{
    const unsigned char *protocol = nullptr;
    unsigned int length = 0;
    if (ssl)
        SSL_get0_alpn_selected(ssl, &protocol, &length);
    return length == 2 && protocol[0] == 'h' && protocol[1] == '2';
}

bool ServerContext::resumed(SSL *ssl)
{
    return ssl && SSL_session_reused(ssl) == 1;
}

} // namespace hostbench::tls
