#include "LocalCa.h"

#include "Pem.h"
#include "ServerContext.h"

#include <QDir>
#include <QFileInfo>
#include <QHostInfo>
#include <QRegularExpression>

#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/rand.h>
#include <openssl/x509v3.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace hostbench::tls {

using namespace Qt::StringLiterals;

namespace {

constexpr auto kRootFile = "rootCA.pem";
constexpr auto kRootKeyFile = "rootCA-key.pem";
constexpr auto kSitesFolder = "sites";

bool fail(QString *error, const QString &text)
{
    if (error)
        *error = text;
    return false;
}

pem::Key newKey()
{
    // ECDSA P-256: what browsers and every peer server accept, and the
    // cheapest handshake of the widely supported keys.
    return pem::Key(EVP_EC_gen("P-256"));
}

bool randomSerial(X509 *certificate)
{
    unsigned char bytes[16];
    if (RAND_bytes(bytes, sizeof bytes) != 1)
        return false;
    bytes[0] &= 0x7f; // positive (RFC 5280 §4.1.2.2)
    BIGNUM *number = BN_bin2bn(bytes, sizeof bytes, nullptr);
    const bool ok = number && BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate));
    BN_free(number);
    return ok;
}

bool addExtension(X509 *certificate, X509 *issuer, int nid, const QByteArray &value)
{
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, issuer, certificate, nullptr, nullptr, 0);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(nullptr, &context, nid, value.constData());
    if (!extension)
        return false;
    const bool ok = X509_add_ext(certificate, extension, -1) == 1;
    X509_EXTENSION_free(extension);
    return ok;
}

void setName(X509_NAME *name, const QString &organization, const QString &unit, const QString &common)
{
    auto add = [name](const char *field, const QString &text) {
        const QByteArray utf8 = text.left(64).toUtf8();
        X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8,
            reinterpret_cast<const unsigned char *>(utf8.constData()), int(utf8.size()), -1, 0);
    };
    add("O", organization);
    if (!unit.isEmpty())
        add("OU", unit);
    add("CN", common);
}

// A new key and an unsigned X.509 v3 certificate for it: a random serial,
// valid from an hour ago (clocks drift) for `days`; names and extensions are
// the caller's. False with *error when OpenSSL cannot make them.
bool newCertificate(int days, pem::Key &key, pem::Certificate &certificate, QString *error)
{
    key = newKey();
    certificate.reset(X509_new());
    if (!key || !certificate)
        return fail(error, u"cannot make a key: %1"_s.arg(lastError()));
    X509 *x = certificate.get();
    X509_set_version(x, 2);
    randomSerial(x);
    X509_gmtime_adj(X509_getm_notBefore(x), -3600);
    X509_time_adj_ex(X509_getm_notAfter(x), days, 0, nullptr);
    X509_set_pubkey(x, key.get());
    return true;
}

QString userAtHost()
{
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = QString::number(::getuid());
    return user + u'@' + QHostInfo::localHostName();
}

QString siteFileName(const QString &siteName)
{
    QString name = siteName.toLower();
    name.replace(u'*', u"_wildcard"_s);
    name.replace(QRegularExpression(u"[^a-z0-9._-]"_s), u"_"_s);
    if (name.isEmpty() || name.startsWith(u'.'))
        name.prepend(u"site"_s);
    return name;
}

QStringList sorted(QStringList names)
{
    std::sort(names.begin(), names.end());
    names.removeDuplicates();
    return names;
}

bool makeFolder(const QString &path, QString *error)
{
    if (QFileInfo(path).isDir())
        return true;
    if (::mkdir(QFile::encodeName(path).constData(), 0700) != 0 && !QFileInfo(path).isDir())
        return fail(
            error, u"cannot make the folder %1: %2"_s.arg(path, QString::fromLocal8Bit(strerror(errno))));
    return true;
}

} // namespace

QString LocalCa::folderIn(const QString &dataFolder)
{
    return QDir(dataFolder).filePath(u"ca"_s);
}

QString LocalCa::rootPath() const
{
    return QDir(m_folder).filePath(QString::fromLatin1(kRootFile));
}

QString LocalCa::rootKeyPath() const
{
    return QDir(m_folder).filePath(QString::fromLatin1(kRootKeyFile));
}

std::optional<LocalCa> LocalCa::open(const QString &folder, bool create, QString *error)
{
    LocalCa ca;
    ca.m_folder = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    const QString root = ca.rootPath();
    const QString rootKey = ca.rootKeyPath();
    const bool hasRoot = QFileInfo::exists(root);
    const bool hasKey = QFileInfo::exists(rootKey);
    if (hasRoot != hasKey) {
        fail(error,
            u"the certificate authority in %1 is incomplete: %2 is missing (it is never made again over the "
            u"other file; "
            "move the folder away to start a new authority)"_s.arg(ca.m_folder, hasRoot ? rootKey : root));
        return std::nullopt;
    }
    if (!hasRoot) {
        if (!create) {
            fail(error, u"no certificate authority in %1 yet"_s.arg(ca.m_folder));
            return std::nullopt;
        }
        if (QFileInfo::exists(ca.m_folder) && !QFileInfo(ca.m_folder).isDir()) {
            fail(error, u"%1 is not a folder"_s.arg(ca.m_folder));
            return std::nullopt;
        }
        if (!QDir().mkpath(QFileInfo(ca.m_folder).absolutePath()) || !makeFolder(ca.m_folder, error))
            return std::nullopt;
        ::chmod(QFile::encodeName(ca.m_folder).constData(), 0700);
        pem::Key key;
        pem::Certificate certificate;
        if (!newCertificate(365 * kRootValidityYears + kRootValidityYears / 4, key, certificate, error))
            return std::nullopt;
        X509 *x = certificate.get();
        const QString who = userAtHost();
        setName(X509_get_subject_name(x), u"Hostbench local CA"_s, who, u"Hostbench local CA "_s + who);
        X509_set_issuer_name(x, X509_get_subject_name(x));
        const bool ok = addExtension(x, x, NID_basic_constraints, "critical,CA:TRUE,pathlen:0")
            && addExtension(x, x, NID_key_usage, "critical,keyCertSign,cRLSign")
            && addExtension(x, x, NID_subject_key_identifier, "hash")
            && X509_sign(x, key.get(), EVP_sha256()) > 0;
        if (!ok) {
            fail(error, u"cannot make the root certificate: %1"_s.arg(lastError()));
            return std::nullopt;
        }
        // The key first: a root without its key would be refused at the next start.
        if (!pem::writeFile(rootKey, pem::toPem(key.get()), 0600, error)
            || !pem::writeFile(root, pem::toPem(x), 0644, error))
            return std::nullopt;
    }
    // Readable and PEM, never replaced when not.
    QString reason;
    const pem::Chain chain = pem::readCertificates(root, &reason);
    if (chain.empty()) {
        fail(error, reason);
        return std::nullopt;
    }
    if (!pem::readPrivateKey(rootKey, &reason)) {
        fail(error, reason);
        return std::nullopt;
    }
    ca.m_fingerprint = pem::fingerprint(chain.front().get());
    ca.m_subject = pem::subjectName(chain.front().get());
    ca.m_notAfter = pem::notAfter(chain.front().get());
    return ca;
}

std::optional<LocalCa::Leaf> LocalCa::leafFor(
    const QString &siteName, const QStringList &names, QString *error) const
{
    if (names.isEmpty()) {
        fail(error, u"a certificate needs at least one name"_s);
        return std::nullopt;
    }
    QString reason;
    const pem::Chain rootChain = pem::readCertificates(rootPath(), &reason);
    const pem::Key rootKey = pem::readPrivateKey(rootKeyPath(), &reason);
    if (rootChain.empty() || !rootKey) {
        fail(error, reason);
        return std::nullopt;
    }
    X509 *root = rootChain.front().get();
    const QString sites = QDir(m_folder).filePath(QString::fromLatin1(kSitesFolder));
    if (!makeFolder(sites, error))
        return std::nullopt;
    const QString base = QDir(sites).filePath(siteFileName(siteName));
    Leaf leaf { base + u".pem"_s, base + u"-key.pem"_s, false };

    // The one on file, when it is still good for these names.
    {
        QString ignored;
        const pem::Chain existing = pem::readCertificates(leaf.certificatePath, &ignored);
        const pem::Key existingKey
            = existing.empty() ? pem::Key() : pem::readPrivateKey(leaf.keyPath, &ignored);
        if (!existing.empty() && existingKey) {
            X509 *x = existing.front().get();
            EVP_PKEY *rootPublic = X509_get0_pubkey(root);
            const bool good = X509_verify(x, rootPublic) == 1
                && X509_check_private_key(x, existingKey.get()) == 1
                && sorted(pem::dnsNames(x)) == sorted(names)
                && pem::notAfter(x) > QDateTime::currentDateTimeUtc().addDays(kRenewBeforeDays);
            ERR_clear_error();
            if (good)
                return leaf;
        }
    }

    pem::Key key;
    pem::Certificate certificate;
    if (!newCertificate(kLeafValidityDays, key, certificate, error))
        return std::nullopt;
    X509 *x = certificate.get();
    // Never past the root's own end.
    if (ASN1_TIME_compare(X509_get0_notAfter(x), X509_get0_notAfter(root)) > 0)
        X509_set1_notAfter(x, X509_get0_notAfter(root));
    setName(X509_get_subject_name(x), u"Hostbench development certificate"_s, userAtHost(), names.front());
    X509_set_issuer_name(x, X509_get_subject_name(root));
    QStringList alternatives;
    for (const QString &name : names)
        alternatives.append(u"DNS:"_s + name);
    const bool ok = addExtension(x, root, NID_basic_constraints, "critical,CA:FALSE")
        && addExtension(x, root, NID_key_usage, "critical,digitalSignature")
        && addExtension(x, root, NID_ext_key_usage, "serverAuth")
        && addExtension(x, root, NID_subject_alt_name, alternatives.join(u',').toUtf8())
        && addExtension(x, root, NID_authority_key_identifier, "keyid:always")
        && X509_sign(x, rootKey.get(), EVP_sha256()) > 0;
    if (!ok) {
        fail(error, u"cannot issue a certificate for %1: %2"_s.arg(names.join(u", "_s), lastError()));
        return std::nullopt;
    }
    // The leaf alone, as mkcert writes it: clients that trust the root need nothing more.
    if (!pem::writeFile(leaf.keyPath, pem::toPem(key.get()), 0600, error)
        || !pem::writeFile(leaf.certificatePath, pem::toPem(x), 0644, error))
        return std::nullopt;
    leaf.issued = true;
    return leaf;
}

} // namespace hostbench::tls
