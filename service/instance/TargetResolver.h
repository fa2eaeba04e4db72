#pragma once

#include "model/VirtualHost.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::service {

/*
 * Where a benchmark of a URL really goes. A URL whose host is one of the
 * running engine's sites, on the engine's port ("http://example.test:8080/"),
 * is sent to the engine's own address with that site's Host header: the
 * site's name need not resolve (example.test does not), and "localhost",
 * which may resolve to ::1 first, reaches an engine on 127.0.0.1. Any other
 * URL goes where it says. Pure functions; any thread.
 */
class TargetResolver final
{
    Q_DECLARE_TR_FUNCTIONS(TargetResolver)

public:
    QString url; // what the load generator connects to
    QString hostOverride; // the Host header to send, empty for the URL's own
    QString hint; // one line for the user, empty when nothing is rewritten

    // `engineAddress` empty or `enginePort` 0: the engine is stopped.
    static TargetResolver resolve(const QString &url, const QList<model::VirtualHost> &sites,
        const QString &engineAddress, quint16 enginePort);
    // The URL of each site on the running engine, the default site first.
    static QStringList siteUrls(const QList<model::VirtualHost> &sites, quint16 enginePort);
    // The same over HTTPS on `tlsPort`, as NAME.localhost (a name every
    // site's certificate holds, and that the load generator connects to
    // 127.0.0.1 without DNS): resolve() leaves an https URL as it is, since
    // the name is also the TLS server name (SNI) checked against the certificate.
    static QStringList siteTlsUrls(const QList<model::VirtualHost> &sites, quint16 tlsPort);
    // An address clients can connect to: 0.0.0.0 -> 127.0.0.1, :: -> ::1.
    static QString connectableAddress(const QString &listenAddress);
};

} // namespace hostbench::service

// The window's code names it as it did while it lived in ui/.
namespace hostbench::ui {
using service::TargetResolver;
}
