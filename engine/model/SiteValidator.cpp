#include "model/SiteValidator.h"

#include "tls/ServerContext.h"

#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::model {

namespace {

bool isDigits(QStringView text)
{
    for (QChar c : text) {
        if (!c.isDigit())
            return false;
    }
    return !text.isEmpty();
}

// IPv4 only as four decimal parts: inet_aton's "127.1" and "0x7f.1" are names gone wrong.
bool parseIpv4(const QString &text, QString *canonical)
{
    const QStringList parts = text.split(u'.');
    if (parts.size() != 4)
        return false;
    for (const QString &part : parts) {
        if (part.size() > 3 || !isDigits(part) || part.toInt() > 255)
            return false;
    }
    *canonical = QHostAddress(text).toString();
    return !canonical->isEmpty();
}

} // namespace

QString SiteValidator::normalizeHostName(const QString &input, QString *error)
{
    QString name = input.trimmed().toLower();
    if (name.isEmpty()) {
        *error = tr("Enter a host name, such as example.test or 127.0.0.2.");
        return {};
    }
    if (name.startsWith(u'[') && name.endsWith(u']'))
        name = name.mid(1, name.size() - 2);
    if (name.count(u':') == 1 || name.contains(u'/')) {
        *error = tr("Enter the host name alone, without “http://”, a port or a path.");
        return {};
    }
    if (name.contains(u':')) {
        QHostAddress address;
        if (!address.setAddress(name) || address.protocol() != QAbstractSocket::IPv6Protocol) {
            *error = tr("“%1” is not a valid IPv6 address.").arg(input.trimmed());
            return {};
        }
        return address.toString();
    }
    QString canonical;
    if (parseIpv4(name, &canonical))
        return canonical;

    if (name.size() > 253) {
        *error = tr("A host name has at most 253 characters.");
        return {};
    }
    static const QRegularExpression allowed(u"^[a-z0-9.-]+$"_s);
    if (!allowed.match(name).hasMatch()) {
        *error = tr("A host name may contain only letters a-z, digits, hyphens and dots.");
        return {};
    }
    const QStringList labels = name.split(u'.');
    for (const QString &label : labels) {
        if (label.isEmpty() || label.size() > 63) {
            *error = tr("Each part between dots must have 1 to 63 characters.");
            return {};
        }
        if (label.startsWith(u'-') || label.endsWith(u'-')) {
            *error = tr("A part of the name may not start or end with a hyphen.");
            return {};
        }
    }
    if (isDigits(labels.constLast())) {
        *error = tr("“%1” is neither a valid IPv4 address nor a host name.").arg(input.trimmed());
        return {};
    }
    return name;
}

QStringList SiteValidator::splitAliases(const QString &text)
{
    static const QRegularExpression separators(u"[,;\\s]+"_s);
    return text.split(separators, Qt::SkipEmptyParts);
}

QStringList SiteValidator::systemFolders()
{
    return { u"/"_s, u"/etc"_s, u"/root"_s, u"/proc"_s, u"/sys"_s, u"/dev"_s, u"/boot"_s, u"/var/lib"_s };
}

QString SiteValidator::sitesFolder(const QString &dataFolder)
{
    return QDir::cleanPath(dataFolder + u"/sites"_s);
}

bool SiteValidator::isWithin(const QString &path, const QString &folder)
{
    if (path.isEmpty() || folder.isEmpty())
        return false;
    if (folder == u"/"_s)
        return path.startsWith(u'/');
    return path == folder || (path.startsWith(folder) && path.at(folder.size()) == u'/');
}

namespace {

// A path as written (cleaned) and, where it exists, with its links resolved.
QStringList forms(const QString &path)
{
    QStringList result { QDir::cleanPath(path) };
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (!canonical.isEmpty() && !result.contains(canonical))
        result.append(canonical);
    return result;
}

} // namespace

QString SiteValidator::checkDocumentRoot(const QString &path, const QString &dataFolder)
{
    if (path.trimmed().isEmpty())
        return tr("Choose the folder whose files this site serves.");
    if (!QDir::isAbsolutePath(path))
        return tr("Enter an absolute path.");
    const QFileInfo info(path);
    if (!info.exists())
        return tr("This folder does not exist.");
    if (!info.isDir())
        return tr("This is a file, not a folder.");
    if (!info.isReadable())
        return tr("This folder cannot be read.");
    return checkExposure(path, dataFolder);
}

QString SiteValidator::checkExposure(const QString &path, const QString &dataFolder)
{
    if (path.trimmed().isEmpty() || !QDir::isAbsolutePath(path))
        return {};
    const QStringList roots = forms(path);
    for (const QString &system : systemFolders()) {
        for (const QString &folder : forms(system)) {
            for (const QString &root : roots) {
                if (isWithin(folder, root))
                    return tr("This folder is or contains the system folder %1, whose files must never be "
                              "served: choose a folder of the site's own.")
                        .arg(system);
            }
        }
    }
    if (dataFolder.isEmpty())
        return {};
    const QStringList data = forms(dataFolder);
    const QStringList sites = forms(sitesFolder(dataFolder));
    for (const QString &root : roots) {
        for (const QString &folder : data) {
            if (isWithin(folder, root))
                return tr("This folder is or contains Hostbench's data folder %1, whose database, keys and "
                          "control token must never be served: choose a folder of the site's own.")
                    .arg(QDir::cleanPath(dataFolder));
            const bool inSites = std::any_of(
                sites.cbegin(), sites.cend(), [&root](const QString &s) { return isWithin(root, s); });
            if (isWithin(root, folder) && !inSites)
                return tr(
                    "This folder is inside Hostbench's data folder %1, whose files must never be served: "
                    "choose a folder of the site's own, or one under %2.")
                    .arg(QDir::cleanPath(dataFolder), sitesFolder(dataFolder));
        }
    }
    return {};
}

QString SiteValidator::checkExposure(const QList<VirtualHost> &hosts, const QString &dataFolder)
{
    for (const VirtualHost &host : hosts) {
        const QString reason = checkExposure(host.documentRoot, dataFolder);
        if (!reason.isEmpty())
            return tr("The site %1 is not served: its document root %2 is refused. %3")
                .arg(host.hostName, host.documentRoot, reason);
    }
    return {};
}

QString SiteValidator::checkLogPath(const QString &path)
{
    if (path.trimmed().isEmpty())
        return {};
    if (!QDir::isAbsolutePath(path))
        return tr("Give the full path of the log file, or leave it empty for the default.");
    const QFileInfo info(path);
    if (path.endsWith(u'/') || info.isDir())
        return tr("This is a folder; give the log file's name.");
    const QFileInfo folder(info.absolutePath());
    if (!folder.isDir())
        return tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(info.absolutePath()));
    if (info.exists() ? !info.isWritable() : !folder.isWritable())
        return info.exists()
            ? tr("The file %1 cannot be written.").arg(QDir::toNativeSeparators(path))
            : tr("The folder %1 cannot be written.").arg(QDir::toNativeSeparators(info.absolutePath()));
    return {};
}

void SiteValidator::checkLogPaths(const VirtualHost &host, Errors &errors)
{
    if (host.accessLogEnabled)
        errors.accessLogPath = checkLogPath(host.accessLogPath);
    if (host.errorLogEnabled)
        errors.errorLogPath = checkLogPath(host.errorLogPath);
}

void SiteValidator::checkTls(const SiteTls &tls, Errors &errors)
{
    if (tls.hstsMaxAgeSeconds < 0 || tls.hstsMaxAgeSeconds > SiteTls::kMaxHstsSeconds)
        errors.hsts
            = tr("The HSTS max-age is 0 (off) to %1 seconds (two years).").arg(SiteTls::kMaxHstsSeconds);
    if (!tls.hasOwnCertificate())
        return;
    const auto absolute
        = [](const QString &path) { return QDir::isAbsolutePath(path) && !path.trimmed().isEmpty(); };
    if (tls.certificatePath.isEmpty())
        errors.tlsCertificate
            = tr("Give the certificate file with its key, or neither (the local CA issues one).");
    else if (!absolute(tls.certificatePath))
        errors.tlsCertificate = tr("The certificate file must be an absolute path.");
    if (tls.keyPath.isEmpty())
        errors.tlsKey = tr("Give the key file with its certificate, or neither (the local CA issues one).");
    else if (!absolute(tls.keyPath))
        errors.tlsKey = tr("The key file must be an absolute path.");
    // Each file given is read, so that a missing certificate is named while the key is still to come.
    const tls::ServerContext::FileProblems problems
        = tls::ServerContext::checkFiles(errors.tlsCertificate.isEmpty() ? tls.certificatePath : QString(),
            errors.tlsKey.isEmpty() ? tls.keyPath : QString());
    if (errors.tlsCertificate.isEmpty())
        errors.tlsCertificate = problems.certificate;
    if (errors.tlsKey.isEmpty())
        errors.tlsKey = problems.key;
}

QString SiteValidator::checkRoute(const Route &route)
{
    if (!route.path.startsWith(u'/'))
        return tr("A route's path must start with “/”.");
    static const QRegularExpression bad(u"[\\s?#]"_s);
    if (route.path.contains(bad))
        return tr("A route's path may not contain blanks, “?” or “#”.");
    if (route.status < 100 || route.status > 599)
        return tr("A route's status must be between 100 and 599.");
    static const QRegularExpression mediaType(u"^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+(\\s*;.*)?$"_s);
    if (!mediaType.match(route.contentType.trimmed()).hasMatch())
        return tr("A route's content type looks like “text/plain”.");
    return {};
}

SiteValidator::Errors SiteValidator::validate(
    const VirtualHost &host, const QList<VirtualHost> &others, const QString &dataFolder)
{
    Errors errors;
    QString reason;

    // Who already uses each name, to say which site a duplicate belongs to.
    QHash<QString, QString> taken;
    for (const VirtualHost &other : others) {
        if (other.id != 0 && other.id == host.id)
            continue;
        taken.insert(other.hostName.toLower(), other.hostName);
        for (const QString &alias : other.aliases)
            taken.insert(alias.toLower(), other.hostName);
    }

    if (normalizeHostName(host.hostName, &reason).isEmpty())
        errors.hostName = reason;
    else if (taken.contains(host.hostName)) {
        errors.hostName
            = tr("“%1” is already used by the site %2.").arg(host.hostName, taken.value(host.hostName));
        errors.hostNameTaken = true;
    }

    QSet<QString> seen { host.hostName };
    for (const QString &alias : host.aliases) {
        if (normalizeHostName(alias, &reason).isEmpty()) {
            errors.aliases = tr("Alias “%1”: %2").arg(alias, reason);
            break;
        }
        if (taken.contains(alias)) {
            errors.aliases = tr("“%1” is already used by the site %2.").arg(alias, taken.value(alias));
            errors.aliasTaken = true;
            break;
        }
        if (seen.contains(alias)) {
            errors.aliases = tr("“%1” is listed twice.").arg(alias);
            break;
        }
        seen.insert(alias);
    }

    errors.documentRoot = checkDocumentRoot(host.documentRoot, dataFolder);

    QSet<QString> paths;
    for (qsizetype row = 0; row < host.routes.size(); ++row) {
        const Route &route = host.routes.at(row);
        QString problem = checkRoute(route);
        if (problem.isEmpty() && paths.contains(route.path))
            problem = tr("The path “%1” has two routes.").arg(route.path);
        if (!problem.isEmpty()) {
            errors.routes = tr("Route %1: %2").arg(row + 1).arg(problem);
            errors.routeRow = int(row);
            break;
        }
        paths.insert(route.path);
    }
    errors.proxies = ProxyCheck::checkRoutes(host.proxy.routes, &errors.proxyRow);
    errors.upstreamTimeout = ProxyCheck::checkTimeout(host.proxy.upstreamTimeoutMs);
    errors.app = ProxyCheck::checkApp(host.proxy.app);
    errors.php = PhpCheck::check(host.php);
    checkTls(host.tls, errors);
    checkLogPaths(host, errors);
    return errors;
}

} // namespace hostbench::model
