#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::tls {

/*
 * Hostbench's local certificate authority, as mkcert's or Caddy's: one root
 * per data folder, made on first use, that issues the sites' certificates.
 *
 * Files, in FOLDER (the data folder's "ca", mode 0700):
 *   rootCA.pem      the root certificate: ECDSA P-256, valid 10 years,
 *                   basicConstraints CA:TRUE pathlen 0 (RFC 5280 §4.2.1.9);
 *                   the one file a user installs as trusted
 *   rootCA-key.pem  its key, mode 0600; never served, never exported
 *   sites/NAME.pem, sites/NAME-key.pem
 *                   a leaf certificate for each site (serverAuth, its names
 *                   in subjectAltName, RFC 6125), valid 825 days at most (the
 *                   browsers' limit), its key 0600
 *
 * A root is made only when neither of its files exists: one that is there
 * but unreadable, or not PEM, is an error, never replaced (the certificates
 * users trusted would stop working silently).
 *
 * Thread: any, one at a time per folder (the files are the state).
 */
class LocalCa final
{
public:
    static constexpr int kRootValidityYears = 10;
    static constexpr int kLeafValidityDays = 825;
    // A leaf that expires within this many days is issued again.
    static constexpr int kRenewBeforeDays = 30;

    struct Leaf
    {
        QString certificatePath;
        QString keyPath;
        bool issued = false; // made now (new, renewed, or its names changed)
    };

    // Opens the authority in `folder`, making it when it does not exist yet
    // (`create`); nullopt with *error otherwise (unreadable, half there, not PEM).
    static std::optional<LocalCa> open(const QString &folder, bool create, QString *error);
    // The data folder's authority folder: DATA/ca.
    static QString folderIn(const QString &dataFolder);

    const QString &folder() const { return m_folder; }
    QString rootPath() const;
    QString rootKeyPath() const;
    QString rootFingerprint() const { return m_fingerprint; }
    QString rootSubject() const { return m_subject; }
    QDateTime rootNotAfter() const { return m_notAfter; }

    // The certificate of the site `siteName` for `names` (DNS names, lower
    // case; the first is the subject's CN): the one on file when it is this
    // root's, covers exactly these names and is valid for more than
    // kRenewBeforeDays, else a new one. nullopt with *error on a write error.
    std::optional<Leaf> leafFor(const QString &siteName, const QStringList &names, QString *error) const;

private:
    LocalCa() = default;

    QString m_folder;
    QString m_fingerprint;
    QString m_subject;
    QDateTime m_notAfter;
};

} // namespace hostbench::tls
