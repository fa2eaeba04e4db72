#pragma once

#include "control/RequestGate.h"

#include <QTcpServer>

namespace hostbench::control {

/*
 * The control API's listening socket. Each connection is held until
 * RequestGate passes its first request, which is then handed on whole to
 * whoever takes the pending connections (QAbstractHttpServer::bind()); a
 * refused one is answered here and closed without keeping its body. A
 * connection answers one request: it closes once the answer is written,
 * so that no later request on it skips the gate. A connection that has
 * not sent a request that passes within kDeadlineMs gets a 408.
 *
 * Thread: the thread that creates it, which runs a Qt event loop.
 */
class GatedTcpServer final : public QTcpServer
{
public:
    static constexpr int kDeadlineMs = 30'000;
    // A refused connection is closed at the latest after this long, or after
    // this many bytes sent after its head (read and dropped, see refuse()).
    static constexpr int kDrainMs = 2'000;
    static constexpr qint64 kDrainBytes = 4 * 1024 * 1024;

    explicit GatedTcpServer(RequestGate::Policy policy, QObject *parent = nullptr);

protected:
    void incomingConnection(qintptr handle) override;

private:
    void examine(QTcpSocket *socket);
    void handOver(QTcpSocket *socket);
    static void refuse(QTcpSocket *socket, const RequestGate::Verdict &verdict);

    RequestGate::Policy m_policy;
};

} // namespace hostbench::control
