#pragma once

#include "model/VirtualHost.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::model {

/*
 * The rules for a virtual host, shared by the Sites dialog and the control
 * API (and free of widgets, so that they can be tested from a table):
 *  - a host name is an IP literal (IPv4 dotted quad, IPv6 with or without
 *    brackets) or a DNS name of RFC 1123 §2.1 labels: 1-63 letters, digits
 *    and hyphens, no hyphen first or last, 253 characters at most, and a
 *    last label that is not all digits (RFC 3696 §2), so that a mistyped
 *    address is not taken for a name. Names are trimmed and lower-cased;
 *    IPv6 literals are kept without brackets, in Qt's canonical form.
 *  - no host name or alias may be used twice, within a site or across sites;
 *  - the document root is an existing, absolute, readable directory that
 *    exposes neither Hostbench's own files nor the system's: it is not, and
 *    does not contain, a system folder (systemFolders(): "/", "/etc", ...) or
 *    the data folder, and lies inside the data folder only under its
 *    "sites" folder (sitesFolder(), where the default site lives), so never
 *    in its "ca" folder (the HTTPS keys), "logs" or beside control.token and
 *    the database. Each check is made on the path as given (cleaned: a
 *    trailing slash or "/etc/..//etc" is "/etc") and on its canonical form
 *    (symbolic links resolved: a link to "/" is "/");
 *  - a route's path starts with "/" and has no query or blanks, its status is
 *    100-599, its content type is "type/subtype", and no path repeats;
 *  - each proxy route has a valid prefix and upstream, no prefix twice,
 *    and the upstream timeout is in range (ProxyCheck);
 *  - PHP settings, when set, have a valid address, prefix and timeout (PhpCheck);
 *  - a site's own certificate and key (SiteTls) are given both or neither,
 *    as absolute paths of PEM files that tls::ServerContext can load (not
 *    expired, the key the certificate's), and the HSTS max-age is
 *    0..SiteTls::kMaxHstsSeconds;
 *  - an access or error log path that is on and given (empty: the default
 *    in the data folder) is an absolute file path, not a folder, in a folder
 *    that exists and may be written, and the file, if there, may be written:
 *    the engine opens it at every start and reload.
 * Pure functions; any thread. The messages are translated in the window
 * (context "SiteValidator", as when the class lived in ui/).
 */
class SiteValidator final
{
    Q_DECLARE_TR_FUNCTIONS(SiteValidator)

public:
    struct Errors
    {
        QString hostName;
        QString aliases;
        QString documentRoot;
        QString routes;
        QString accessLogPath;
        QString errorLogPath;
        QString proxies; // "Proxy N: reason"
        QString upstreamTimeout;
        QString app; // the site's AppCommand (ProxyCheck::checkApp)
        QString php; // the site's PhpSettings (PhpCheck::check)
        QString tlsCertificate; // SiteTls::certificatePath
        QString tlsKey; // SiteTls::keyPath
        QString hsts; // SiteTls::hstsMaxAgeSeconds
        int routeRow = -1; // the first bad route, -1 when none
        int proxyRow = -1; // the first bad proxy route, -1 when none
        // hostName / aliases say that the name is another site's (a
        // conflict, rather than bad syntax).
        bool hostNameTaken = false;
        bool aliasTaken = false;

        bool isEmpty() const
        {
            return hostName.isEmpty() && aliases.isEmpty() && documentRoot.isEmpty() && routes.isEmpty()
                && accessLogPath.isEmpty() && errorLogPath.isEmpty() && proxies.isEmpty()
                && upstreamTimeout.isEmpty() && app.isEmpty() && php.isEmpty() && tlsCertificate.isEmpty()
                && tlsKey.isEmpty() && hsts.isEmpty();
        }
    };

    // The normalized host name, or an empty string and a reason in *error.
    static QString normalizeHostName(const QString &input, QString *error);
    // Splits "a.test, b.test c.test" at commas and blanks.
    static QStringList splitAliases(const QString &text);
    // A reason why `path` cannot be a document root, or an empty string.
    // `dataFolder`: Hostbench's data folder (storage::DataFolder::path());
    // empty when none is known (only the system folders are checked then).
    static QString checkDocumentRoot(const QString &path, const QString &dataFolder);
    // The part of checkDocumentRoot() that keeps the system and the data
    // folder out of a document root, alone: what is checked of the stored
    // sites when they are handed to the engine (a missing folder there only
    // makes the site answer 404). Empty when `path` is no absolute path.
    static QString checkExposure(const QString &path, const QString &dataFolder);
    // A reason why one of `hosts` may not be served (checkExposure), naming
    // the site, or an empty string.
    static QString checkExposure(const QList<VirtualHost> &hosts, const QString &dataFolder);
    // The folders no document root may be or contain (absolute, clean).
    static QStringList systemFolders();
    // `<dataFolder>/sites`: the part of the data folder that sites may serve.
    static QString sitesFolder(const QString &dataFolder);
    // True when the clean absolute `path` is `folder` or lies inside it.
    static bool isWithin(const QString &path, const QString &folder);
    // A reason why the engine could not write a log at `path`, or an empty
    // string (also for an empty path: the default one).
    static QString checkLogPath(const QString &path);
    // Fills errors.tlsCertificate, tlsKey and hsts for `tls` (reads the files).
    static void checkTls(const SiteTls &tls, Errors &errors);
    // A reason why `route` is not valid, or an empty string.
    static QString checkRoute(const Route &route);

    // Checks a whole host (its names already normalized) against the others;
    // `dataFolder` as for checkDocumentRoot().
    static Errors validate(
        const VirtualHost &host, const QList<VirtualHost> &others, const QString &dataFolder);

private:
    static void checkLogPaths(const VirtualHost &host, Errors &errors);
};

} // namespace hostbench::model
