#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::tls {

class LocalCa;

/*
 * Where a local CA's root can be trusted, as mkcert does it: the system
 * store on Debian (/usr/local/share/ca-certificates, then
 * update-ca-certificates; curl, wget, Python and most programs read it), and
 * the NSS databases of Chromium (~/.pki/nssdb) and of each Firefox profile
 * (certutil, package libnss3-tools). For each store, whether the root is
 * trusted now, and the commands that trust or untrust it.
 *
 * trust()/untrust() run those commands where they can (the system store
 * needs root: as another user they are only described, to run with sudo or
 * pkexec); they never touch the CA's key.
 *
 * Thread: any, but the calls run programs and wait for them (at most 30 s
 * each): never on the GUI thread.
 */
class TrustStores final
{
public:
    struct Store
    {
        QString name; // "system (Debian ca-certificates)", "NSS: ~/.pki/nssdb (Chromium)"
        QString location;
        bool trusted = false;
        bool canChange = false; // the commands can run as this user, with the tools installed
        QString note; // why not, or what to install
        QStringList trustCommands; // shell commands, for a user to run by hand
        QStringList untrustCommands;
    };

    // `systemCaFolder`, `bundle`: the system store's folder and the bundle
    // update-ca-certificates writes (Debian's by default; tests give others).
    explicit TrustStores(const LocalCa &ca, QString home = {},
        QString systemCaFolder = QStringLiteral("/usr/local/share/ca-certificates"),
        QString bundle = QStringLiteral("/etc/ssl/certs/ca-certificates.crt"));

    // Which stores: the system's, the browsers' NSS databases, or both.
    enum class Scope { All, System, Browsers };
    // "all", "system" or "browsers" (as `hostbench-cli ca --stores`); nullopt for another.
    static std::optional<Scope> scopeNamed(const QString &name);
    // The scope of the window's "Trust the CA" action: HOSTBENCH_TRUST_STORES
    // when set to one of those names (as mkcert's TRUST_STORES), else All.
    static Scope scopeFromEnvironment();

    QList<Store> stores(Scope scope = Scope::All) const;
    // Each line says what was done, or why not and what to run instead.
    // False when a store that could be changed failed.
    bool trust(QStringList *report, Scope scope = Scope::All) const;
    bool untrust(QStringList *report, Scope scope = Scope::All) const;

    // The file name of the root in the system store: hostbench-<first 8 hex of its fingerprint>.crt.
    QString systemFileName() const;
    // The nickname of the root in an NSS database.
    QString nssNickname() const;

private:
    QStringList nssDatabases() const;
    Store systemStore() const;
    bool systemTrusted() const;
    bool change(bool trust, QStringList *report, Scope scope) const;

    QString m_root;
    QString m_rootPem;
    QString m_fingerprint;
    QString m_home;
    QString m_systemFolder;
    QString m_bundle;
};

} // namespace hostbench::tls
