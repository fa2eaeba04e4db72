#include "instance/TargetResolver.h"

#include <QHostAddress>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hostbench::service {

namespace {
QString urlHost(const QString &host)
{
    return host.contains(u':') ? u'[' + host + u']' : host;
}
} // namespace

TargetResolver TargetResolver::resolve(const QString &text, const QList<model::VirtualHost> &sites,
    const QString &engineAddress, quint16 enginePort)
{
    TargetResolver target;
    target.url = text.trimmed();
    if (engineAddress.isEmpty() || enginePort == 0)
        return target;
    QUrl url(target.url, QUrl::StrictMode);
    if (!url.isValid() || url.scheme() != u"http"_s || url.port(80) != enginePort)
        return target;

    const QString host = url.host().toLower();
    const QString engine = connectableAddress(engineAddress);
    if (QHostAddress(host) == QHostAddress(engine))
        return target;
    for (const model::VirtualHost &site : sites) {
        if (site.hostName != host && !site.aliases.contains(host))
            continue;
        // The Host header a browser would send: the port only when the URL has one.
        target.hostOverride
            = url.port() == -1 ? urlHost(host) : urlHost(host) + u':' + QString::number(enginePort);
        url.setHost(engine);
        target.url = url.toString();
        target.hint = tr("Sent to %1 with “Host: %2”.")
                          .arg(urlHost(engine) + u':' + QString::number(enginePort), target.hostOverride);
        break;
    }
    return target;
}

QStringList TargetResolver::siteUrls(const QList<model::VirtualHost> &sites, quint16 enginePort)
{
    QStringList urls;
    for (const model::VirtualHost &site : sites) {
        const QString url = u"http://%1:%2/"_s.arg(urlHost(site.hostName)).arg(enginePort);
        if (site.isDefault)
            urls.prepend(url);
        else
            urls.append(url);
    }
    return urls;
}

QStringList TargetResolver::siteTlsUrls(const QList<model::VirtualHost> &sites, quint16 tlsPort)
{
    QStringList urls;
    for (const model::VirtualHost &site : sites) {
        // Wildcards and IP literals have no certificate name of their own (http::TlsSites).
        if (site.hostName.contains(u'*') || !QHostAddress(site.hostName).isNull())
            continue;
        const QString name = site.hostName == u"localhost"_s || site.hostName.endsWith(u".localhost"_s)
            ? site.hostName
            : site.hostName + u".localhost"_s;
        const QString url = u"https://%1:%2/"_s.arg(name).arg(tlsPort);
        if (site.isDefault)
            urls.prepend(url);
        else
            urls.append(url);
    }
    return urls;
}

QString TargetResolver::connectableAddress(const QString &listenAddress)
{
    const QHostAddress address(listenAddress);
    if (address == QHostAddress(QHostAddress::AnyIPv4))
        return u"127.0.0.1"_s;
    if (address == QHostAddress(QHostAddress::AnyIPv6))
        return u"::1"_s;
    return listenAddress;
}

} // namespace hostbench::service
