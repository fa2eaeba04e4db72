#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <openssl/evp.h>
#include <openssl/x509.h>

#include <memory>
#include <vector>

namespace hostbench::tls::pem {

/*
 * PEM files (RFC 7468) and the parts of X.509 certificates (RFC 5280) the
 * engine reads: owning pointers over OpenSSL's objects, readers that name
 * the file and the reason of a failure, and a writer that creates a file
 * with the mode asked for (0600 for keys) before a byte is in it.
 * Thread: any.
 */
struct X509Free
{
    void operator()(X509 *x) const { X509_free(x); }
};
struct KeyFree
{
    void operator()(EVP_PKEY *k) const { EVP_PKEY_free(k); }
};
using Certificate = std::unique_ptr<X509, X509Free>;
using Key = std::unique_ptr<EVP_PKEY, KeyFree>;
using Chain = std::vector<Certificate>;

// Every certificate in the file, the leaf first; empty with *error
// ("FILE: no such file", "FILE: not a PEM certificate", ...).
Chain readCertificates(const QString &path, QString *error);
Key readPrivateKey(const QString &path, QString *error);
Certificate parseCertificate(const QByteArray &pem);

QDateTime notBefore(const X509 *certificate);
QDateTime notAfter(const X509 *certificate);
// subjectAltName's DNS names, lower case, in their order.
QStringList dnsNames(const X509 *certificate);
// SHA-256 of the DER form, upper-case hex pairs joined by ':' (as openssl x509 -fingerprint).
QString fingerprint(const X509 *certificate);
QString subjectName(const X509 *certificate);

QByteArray toPem(const X509 *certificate);
QByteArray toPem(const EVP_PKEY *key); // PKCS #8, unencrypted

// Writes `bytes` to `path` through a temporary file in the same folder,
// created with `mode` (umask aside) and renamed over `path`: a reader never
// sees half a file, a key is never readable by others for a moment.
bool writeFile(const QString &path, const QByteArray &bytes, unsigned mode, QString *error);

} // namespace hostbench::tls::pem
