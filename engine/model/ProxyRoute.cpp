#include "model/ProxyRoute.h"

#include "model/SiteValidator.h"

#include <QDir>
#include <QHostAddress>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>

namespace hostbench::model {

using namespace Qt::StringLiterals;

namespace {

constexpr qsizetype kMaxSocketPathBytes = 107; // sizeof(sockaddr_un::sun_path) - 1 on Linux

bool hasBadPathCharacter(const QString &path)
{
    static const QRegularExpression bad(u"[\\s?#]"_s);
    return path.contains(bad);
}

UpstreamAddress invalid(QString *error, const QString &reason)
{
    *error = reason;
    return {};
}

// "host[:port]" of an http URL; false with *error.
bool parseAuthority(const QString &authority, UpstreamAddress &out, QString *error)
{
    QString host = authority;
    QString port;
    if (authority.startsWith(u'[')) {
        const qsizetype close = authority.indexOf(u']');
        if (close < 0) {
            *error = UpstreamAddress::tr("The upstream's IPv6 address lacks its “]”.");
            return false;
        }
        host = authority.mid(1, close - 1);
        const QString rest = authority.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(u':')) {
            *error = UpstreamAddress::tr("The upstream's address is followed by “%1”.").arg(rest);
            return false;
        }
        port = rest.mid(1);
        if (QHostAddress(host).protocol() != QAbstractSocket::IPv6Protocol) {
            *error = UpstreamAddress::tr("“%1” is no IPv6 address.").arg(host);
            return false;
        }
        if (rest.isEmpty())
            port = u"80"_s;
    } else {
        const qsizetype colon = authority.lastIndexOf(u':');
        if (colon >= 0) {
            host = authority.left(colon);
            port = authority.mid(colon + 1);
        } else {
            port = u"80"_s;
        }
    }
    QString reason;
    const QString name = SiteValidator::normalizeHostName(host, &reason);
    if (name.isEmpty()) {
        *error = host.isEmpty() ? UpstreamAddress::tr("The upstream URL needs a host: http://HOST:PORT.")
                                : UpstreamAddress::tr("The upstream's host: %1").arg(reason);
        return false;
    }
    bool ok = false;
    const uint number = port.toUInt(&ok);
    static const QRegularExpression digits(u"^[0-9]{1,5}$"_s);
    if (!digits.match(port).hasMatch() || !ok || number == 0 || number > 65535) {
        *error = UpstreamAddress::tr("The upstream's port must be a number from 1 to 65535, not “%1”.")
                     .arg(port);
        return false;
    }
    out.host = name;
    out.port = quint16(number);
    return true;
}

} // namespace

UpstreamAddress UpstreamAddress::parse(const QString &input, QString *error)
{
    const QString text = input.trimmed();
    if (text.isEmpty())
        return invalid(error, tr("The upstream is empty: give http://HOST:PORT or unix:/path/to.sock."));
    if (text.startsWith(u"unix:"_s, Qt::CaseInsensitive)) {
        UpstreamAddress address;
        address.kind = Kind::Unix;
        address.socketPath = text.mid(5);
        if (!address.socketPath.startsWith(u'/'))
            return invalid(error, tr("A Unix socket upstream is an absolute path: unix:/path/to.sock."));
        if (address.socketPath.endsWith(u'/'))
            return invalid(error, tr("A Unix socket upstream names a socket, not a folder."));
        if (address.socketPath.toLocal8Bit().size() > kMaxSocketPathBytes)
            return invalid(
                error, tr("A Unix socket path may have at most %1 bytes.").arg(kMaxSocketPathBytes));
        return address;
    }
    if (text.startsWith(u"https://"_s, Qt::CaseInsensitive))
        return invalid(error, tr("An https upstream is not supported yet: use http:// or unix:."));
    if (!text.startsWith(u"http://"_s, Qt::CaseInsensitive))
        return invalid(error, tr("The upstream must start with http:// or unix:, not “%1”.").arg(text));
    const QString rest = text.mid(7);
    const qsizetype slash = rest.indexOf(u'/');
    const QString authority = slash < 0 ? rest : rest.left(slash);
    UpstreamAddress address;
    address.kind = Kind::Tcp;
    address.basePath = slash < 0 ? QString() : rest.mid(slash);
    if (authority.contains(u'@'))
        return invalid(error, tr("The upstream URL may not hold a user name or password."));
    if (authority.contains(u'?') || authority.contains(u'#') || hasBadPathCharacter(address.basePath))
        return invalid(error, tr("The upstream's path may not contain blanks, “?” or “#”."));
    if (!parseAuthority(authority, address, error))
        return {};
    if (address.basePath == u"/"_s)
        address.basePath.clear(); // "http://h:1/" sends the target unchanged, as "http://h:1"
    return address;
}

QString UpstreamAddress::authority() const
{
    if (kind != Kind::Tcp)
        return u"localhost"_s;
    const QString name = host.contains(u':') ? u'[' + host + u']' : host;
    return name + u':' + QString::number(port);
}

QString UpstreamAddress::display() const
{
    switch (kind) {
    case Kind::Tcp:
        return u"http://"_s + authority() + basePath;
    case Kind::Unix:
        return u"unix:"_s + socketPath;
    case Kind::Invalid:
        break;
    }
    return u"(invalid)"_s;
}

QString ProxyCheck::checkRoute(const ProxyRoute &route)
{
    if (!route.pathPrefix.startsWith(u'/'))
        return tr("A proxied path must start with “/”.");
    if (hasBadPathCharacter(route.pathPrefix))
        return tr("A proxied path may not contain blanks, “?” or “#”.");
    // The engine matches the normalized target (RFC 3986 §5.2.4), in which no
    // "." or ".." segment is left: such a prefix would never match.
    const QStringList segments = route.pathPrefix.split(u'/');
    if (segments.contains(u"."_s) || segments.contains(u".."_s))
        return tr("A proxied path may not contain a “.” or “..” segment.");
    QString reason;
    if (UpstreamAddress::parse(route.upstream, &reason).kind == UpstreamAddress::Kind::Invalid)
        return reason;
    return {};
}

QString ProxyCheck::checkRoutes(const QList<ProxyRoute> &routes, int *row)
{
    *row = -1;
    QSet<QString> prefixes;
    for (qsizetype i = 0; i < routes.size(); ++i) {
        const ProxyRoute &route = routes.at(i);
        QString problem = checkRoute(route);
        // "/api" and "/api/" take the same requests.
        QString key = route.pathPrefix;
        if (key.size() > 1 && key.endsWith(u'/'))
            key.chop(1);
        if (problem.isEmpty() && prefixes.contains(key))
            problem = tr("The path “%1” is proxied twice.").arg(route.pathPrefix);
        if (!problem.isEmpty()) {
            *row = int(i);
            return tr("Proxy %1: %2").arg(i + 1).arg(problem);
        }
        prefixes.insert(key);
    }
    return {};
}

QString ProxyCheck::checkTimeout(int ms)
{
    if (ms < ProxySettings::kMinTimeoutMs || ms > ProxySettings::kMaxTimeoutMs)
        return tr("The upstream timeout must be from %1 ms to %2 s.")
            .arg(ProxySettings::kMinTimeoutMs)
            .arg(ProxySettings::kMaxTimeoutMs / 1000);
    return {};
}

QString ProxyCheck::checkApp(const AppCommand &app)
{
    if (!app.isSet()) {
        if (!app.workingDir.isEmpty() || !app.environment.isEmpty())
            return tr("The app's folder and environment need a command that starts it.");
        return {};
    }
    if (QProcess::splitCommand(app.command).isEmpty())
        return tr("The app's command names no program.");
    if (!app.workingDir.isEmpty() && !QDir::isAbsolutePath(app.workingDir))
        return tr("The app's folder must be an absolute path, not “%1”.").arg(app.workingDir);
    static const QRegularExpression entry(u"^[A-Za-z_][A-Za-z0-9_]*=[^\\n\\r\\x00]*$"_s);
    for (const QString &variable : app.environment) {
        if (!entry.match(variable).hasMatch())
            return tr("The app's environment entry “%1” is not NAME=value.").arg(variable);
    }
    if (app.stopGraceMs < AppCommand::kMinGraceMs || app.stopGraceMs > AppCommand::kMaxGraceMs)
        return tr("The app's stop grace period must be from %1 ms to %2 s.")
            .arg(AppCommand::kMinGraceMs)
            .arg(AppCommand::kMaxGraceMs / 1000);
    return {};
}

} // namespace hostbench::model
