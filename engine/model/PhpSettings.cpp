#include "model/PhpSettings.h"

#include "model/ProxyRoute.h"

#include <QRegularExpression>
#include <QStringList>

namespace hostbench::model {

using namespace Qt::StringLiterals;

namespace {

FastCgiAddress invalid(QString *error, const QString &reason)
{
    *error = reason;
    return {};
}

} // namespace

// The socket path and the TCP authority follow UpstreamAddress's rules (and
// its messages: PHP-FPM is an upstream, in nginx's terms); what differs is
// "auto", no scheme, and a port that must be written.
FastCgiAddress FastCgiAddress::parse(const QString &input, QString *error)
{
    const QString text = input.trimmed();
    if (text.isEmpty())
        return invalid(
            error, tr("The PHP-FPM address is empty: give auto, unix:/path/to.sock or HOST:PORT."));
    FastCgiAddress address;
    if (text.compare(u"auto"_s, Qt::CaseInsensitive) == 0) {
        address.kind = Kind::Auto;
        return address;
    }
    if (text.contains(u"://"_s))
        return invalid(error, tr("The PHP-FPM address has no scheme: give unix:/path/to.sock or HOST:PORT."));
    const bool unix = text.startsWith(u"unix:"_s, Qt::CaseInsensitive);
    static const QRegularExpression port(u":[0-9]+$"_s);
    if (!unix && !port.match(text).hasMatch())
        return invalid(error, tr("The PHP-FPM address needs its port: HOST:PORT, e.g. 127.0.0.1:9000."));
    if (!unix && text.contains(u'/'))
        return invalid(error, tr("The PHP-FPM address HOST:PORT may not contain “/”."));
    const UpstreamAddress parsed = UpstreamAddress::parse(unix ? text : u"http://"_s + text, error);
    if (parsed.kind == UpstreamAddress::Kind::Invalid)
        return {};
    address.kind = unix ? Kind::Unix : Kind::Tcp;
    address.host = parsed.host;
    address.port = parsed.port;
    address.socketPath = parsed.socketPath;
    return address;
}

QString FastCgiAddress::display() const
{
    switch (kind) {
    case Kind::Auto:
        return u"auto"_s;
    case Kind::Tcp:
        return (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
    case Kind::Unix:
        return u"unix:"_s + socketPath;
    case Kind::Invalid:
        break;
    }
    return u"(invalid)"_s;
}

QString PhpCheck::check(const PhpSettings &php)
{
    if (!php.isSet())
        return {};
    QString reason;
    if (FastCgiAddress::parse(php.address, &reason).kind == FastCgiAddress::Kind::Invalid)
        return reason;
    // The prefix follows a proxy route's rules (whole segments, no blanks, no "." segment).
    const QString prefixProblem = ProxyCheck::checkRoute({ php.pathPrefix, u"unix:/php"_s });
    if (!prefixProblem.isEmpty())
        return tr("The PHP path: %1").arg(prefixProblem);
    if (php.timeoutMs < PhpSettings::kMinTimeoutMs || php.timeoutMs > PhpSettings::kMaxTimeoutMs)
        return tr("The PHP timeout must be from %1 ms to %2 s.")
            .arg(PhpSettings::kMinTimeoutMs)
            .arg(PhpSettings::kMaxTimeoutMs / 1000);
    return {};
}

} // namespace hostbench::model
