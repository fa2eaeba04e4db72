#include "instance/ConnectProbe.h"

#include <QNetworkProxy>

using namespace Qt::StringLiterals;

namespace hostbench::service {

ConnectProbe::ConnectProbe(QObject *parent)
    : QObject(parent)
{
    // The load generator connects directly; so does its probe.
    m_socket.setProxy(QNetworkProxy::NoProxy);
    m_timer.setSingleShot(true);
    connect(&m_socket, &QTcpSocket::connected, this, [this] { done({}); });
    connect(&m_socket, &QTcpSocket::errorOccurred, this,
        [this] { done(tr("Cannot connect to %1: %2").arg(target(), m_socket.errorString())); });
    connect(&m_timer, &QTimer::timeout, this, [this] {
        done(tr("Cannot connect to %1: no answer within %2 s").arg(target()).arg(m_timeoutMs / 1000.0));
    });
}

void ConnectProbe::start(const QString &host, quint16 port, int timeoutMs)
{
    cancel();
    m_host = host;
    m_port = port;
    m_timeoutMs = timeoutMs;
    m_timer.start(timeoutMs);
    m_socket.connectToHost(host, port);
}

void ConnectProbe::cancel()
{
    m_timer.stop();
    const QSignalBlocker blocker(&m_socket);
    m_socket.abort();
}

void ConnectProbe::done(const QString &error)
{
    if (!m_timer.isActive())
        return; // already reported, or cancelled
    cancel();
    emit finished(error);
}

QString ConnectProbe::target() const
{
    // An IPv6 address is written as in a URL, so that its port stands apart.
    const QString host = m_host.contains(u':') ? u"[%1]"_s.arg(m_host) : m_host;
    return u"%1:%2"_s.arg(host).arg(m_port);
}

} // namespace hostbench::service
