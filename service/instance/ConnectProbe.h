#pragma once

#include <QObject>
#include <QString>
#include <QTcpSocket>
#include <QTimer>

namespace hostbench::service {

/*
 * One TCP connection to a benchmark's target before the run starts, as
 * hostbench-cli bench does: a closed port or an unknown host is refused at
 * once instead of producing a run of connect failures. Asynchronous (name
 * lookup and connect run in the event loop), given up after a timeout (ms).
 * finished() carries an empty string on success, else the message for the
 * user ("Cannot connect to 127.0.0.1:1: Connection refused").
 *
 * Thread: the thread that owns it (the GUI thread).
 */
class ConnectProbe final : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultTimeoutMs = 2000;

    explicit ConnectProbe(QObject *parent = nullptr);

    // Starts a probe of host:port; a probe already under way is abandoned.
    void start(const QString &host, quint16 port, int timeoutMs = kDefaultTimeoutMs);
    void cancel();
    bool isActive() const { return m_timer.isActive(); }

signals:
    void finished(const QString &error);

private:
    void done(const QString &error);
    QString target() const;

    QTcpSocket m_socket;
    QTimer m_timer;
    QString m_host;
    quint16 m_port = 0;
    int m_timeoutMs = kDefaultTimeoutMs;
};

} // namespace hostbench::service

// The window's code names it as it did while it lived in ui/.
namespace hostbench::ui {
using service::ConnectProbe;
}
