#include "Pem.h"

#include <QFile>
#include <QFileInfo>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

namespace hostbench::tls::pem {

using namespace Qt::StringLiterals;

namespace {

struct BioFree
{
    void operator()(BIO *b) const { BIO_free(b); }
};
using Bio = std::unique_ptr<BIO, BioFree>;

bool readWhole(const QString &path, const char *what, QByteArray *bytes, QString *error)
{
    QFile file(path);
    if (!file.exists()) {
        *error = u"%1: no such file (the %2)"_s.arg(path, QString::fromLatin1(what));
        return false;
    }
    if (QFileInfo(path).isDir()) {
        *error = u"%1 is a folder, not the %2"_s.arg(path, QString::fromLatin1(what));
        return false;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *error = u"%1: cannot read the %2: %3"_s.arg(path, QString::fromLatin1(what), file.errorString());
        return false;
    }
    *bytes = file.read(1024 * 1024);
    return true;
}

QDateTime fromAsn1(const ASN1_TIME *time)
{
    std::tm parts {};
    if (!time || ASN1_TIME_to_tm(time, &parts) != 1)
        return {};
    return QDateTime(QDate(parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday),
        QTime(parts.tm_hour, parts.tm_min, parts.tm_sec), Qt::UTC);
}

QByteArray bioBytes(BIO *bio)
{
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return QByteArray(data, int(size));
}

} // namespace

Chain readCertificates(const QString &path, QString *error)
{
    QByteArray bytes;
    if (!readWhole(path, "certificate", &bytes, error))
        return {};
    Bio bio(BIO_new_mem_buf(bytes.constData(), int(bytes.size())));
    Chain chain;
    while (X509 *certificate = PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr))
        chain.emplace_back(certificate);
    ERR_clear_error(); // the end of the file reads as an error
    if (chain.empty())
        *error = u"%1: not a PEM certificate (no \"BEGIN CERTIFICATE\" block)"_s.arg(path);
    return chain;
}

Key readPrivateKey(const QString &path, QString *error)
{
    QByteArray bytes;
    if (!readWhole(path, "private key", &bytes, error))
        return {};
    Bio bio(BIO_new_mem_buf(bytes.constData(), int(bytes.size())));
    // No passphrase callback: an encrypted key is refused, not prompted for.
    static constexpr auto noPassword = [](char *, int, int, void *) { return -1; };
    Key key(PEM_read_bio_PrivateKey(bio.get(), nullptr, +noPassword, nullptr));
    ERR_clear_error();
    if (!key)
        *error = u"%1: not a PEM private key (unencrypted PKCS #8, EC or RSA)"_s.arg(path);
    return key;
}

Certificate parseCertificate(const QByteArray &pem)
{
    Bio bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    Certificate certificate(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    ERR_clear_error();
    return certificate;
}

QDateTime notBefore(const X509 *certificate)
{
    return fromAsn1(X509_get0_notBefore(certificate));
}

QDateTime notAfter(const X509 *certificate)
{
    return fromAsn1(X509_get0_notAfter(certificate));
}

QStringList dnsNames(const X509 *certificate)
{
    QStringList names;
    auto *general
        = static_cast<GENERAL_NAMES *>(X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
    if (!general)
        return names;
    for (int i = 0; i < sk_GENERAL_NAME_num(general); ++i) {
        const GENERAL_NAME *name = sk_GENERAL_NAME_value(general, i);
        if (name->type != GEN_DNS)
            continue;
        const ASN1_IA5STRING *text = name->d.dNSName;
        names.append(QString::fromLatin1(
            reinterpret_cast<const char *>(ASN1_STRING_get0_data(text)), ASN1_STRING_length(text))
                         .toLower());
    }
    GENERAL_NAMES_free(general);
    return names;
}

QString fingerprint(const X509 *certificate)
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (X509_digest(certificate, EVP_sha256(), digest, &length) != 1)
        return {};
    QStringList pairs;
    for (unsigned int i = 0; i < length; ++i)
        pairs.append(u"%1"_s.arg(digest[i], 2, 16, QChar(u'0')).toUpper());
    return pairs.join(u':');
}

QString subjectName(const X509 *certificate)
{
    Bio bio(BIO_new(BIO_s_mem()));
    X509_NAME_print_ex(
        bio.get(), X509_get_subject_name(certificate), 0, XN_FLAG_ONELINE & ~ASN1_STRFLGS_ESC_MSB);
    return QString::fromUtf8(bioBytes(bio.get()));
}

QByteArray toPem(const X509 *certificate)
{
    Bio bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_X509(bio.get(), const_cast<X509 *>(certificate));
    return bioBytes(bio.get());
}

QByteArray toPem(const EVP_PKEY *key)
{
    Bio bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr);
    return bioBytes(bio.get());
}

bool writeFile(const QString &path, const QByteArray &bytes, unsigned mode, QString *error)
{
    const QByteArray target = QFile::encodeName(path);
    QByteArray temporary = target + ".XXXXXX";
    const int fd = ::mkstemp(temporary.data()); // mode 0600
    if (fd < 0) {
        *error = u"cannot write %1: %2"_s.arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    bool ok = ::fchmod(fd, mode_t(mode)) == 0;
    for (qsizetype done = 0; ok && done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.constData() + done, std::size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        done += n > 0 ? n : 0;
    }
    ok = ::fsync(fd) == 0 && ok;
    const int saved = errno;
    ok = ::close(fd) == 0 && ok;
    if (ok && ::rename(temporary.constData(), target.constData()) == 0)
        return true;
    *error = u"cannot write %1: %2"_s.arg(path, QString::fromLocal8Bit(std::strerror(ok ? errno : saved)));
    ::unlink(temporary.constData());
    return false;
}

} // namespace hostbench::tls::pem
