#include "control/GatedTcpServer.h"

#include <QTcpSocket>
#include <QTimer>

#include <memory>

#include <sys/socket.h>

namespace hostbench::control {

using namespace Qt::StringLiterals;
using Verdict = RequestGate::Verdict;

GatedTcpServer::GatedTcpServer(RequestGate::Policy policy, QObject *parent)
    : QTcpServer(parent)
    , m_policy(std::move(policy))
{ }

void GatedTcpServer::incomingConnection(qintptr handle)
{
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(handle)) {
        delete socket;
        return;
    }
    // Without the token nothing beyond a head is read; with it, RequestGate widens this.
    socket->setReadBufferSize(RequestGate::bufferLimit(0));
    auto *deadline = new QTimer(socket);
    deadline->setObjectName(u"gateDeadline"_s);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, socket, [socket] {
        refuse(socket,
            RequestGate::refusal(
                408, u"No whole request came within %1 s"_s.arg(GatedTcpServer::kDeadlineMs / 1000)));
    });
    deadline->start(kDeadlineMs);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] { examine(socket); });
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
}

void GatedTcpServer::examine(QTcpSocket *socket)
{
    RequestGate::Policy policy = m_policy;
    policy.localAddress = socket->localAddress();
    const Verdict verdict = RequestGate::check(socket->peek(socket->bytesAvailable()), policy);
    switch (verdict.kind) {
    case Verdict::Kind::Refuse:
        refuse(socket, verdict);
        return;
    case Verdict::Kind::Pass:
        handOver(socket);
        return;
    case Verdict::Kind::NeedMore:
        break;
    }
    if (verdict.bodyLimit >= 0) {
        // The head passed: its body may come (RFC 9110 section 10.1.1).
        socket->setReadBufferSize(RequestGate::bufferLimit(verdict.bodyLimit));
        if (verdict.expectsContinue && !socket->property("hostbenchContinued").toBool()) {
            socket->setProperty("hostbenchContinued", true);
            socket->write("HTTP/1.1 100 Continue\r\n\r\n"_ba);
            socket->flush();
        }
    }
    if (socket->bytesAvailable() >= socket->readBufferSize()) {
        refuse(socket,
            verdict.bodyLimit >= 0
                ? RequestGate::refusal(
                    413, u"The request's body and framing are over %1 bytes"_s.arg(socket->readBufferSize()))
                : RequestGate::refusal(
                    431, u"The request's head is over %1 bytes"_s.arg(RequestGate::kMaxHeadBytes)));
    }
}

void GatedTcpServer::refuse(QTcpSocket *socket, const Verdict &verdict)
{
    QObject::disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
    delete socket->findChild<QTimer *>(u"gateDeadline"_s, Qt::FindDirectChildrenOnly);
    socket->setReadBufferSize(RequestGate::bufferLimit(0));
    socket->write(RequestGate::response(verdict));
    socket->flush();
    // Lingering close (as Apache's): the answer, then end of file for the
    // client (shutdown of our sending side), while what it sends on is read
    // in pieces of at most bufferLimit(0) bytes and dropped, never kept. A
    // close with its bytes unread would reset the connection, and a client
    // still sending (QNetworkAccessManager) would lose the answer.
    const auto endOfFile = [socket] {
        if (socket->bytesToWrite() == 0 && socket->state() == QAbstractSocket::ConnectedState)
            ::shutdown(int(socket->socketDescriptor()), SHUT_WR);
    };
    if (socket->bytesToWrite() == 0)
        endOfFile();
    else
        connect(socket, &QTcpSocket::bytesWritten, socket, endOfFile);
    auto dropped = std::make_shared<qint64>(0);
    const auto drop = [socket, dropped] {
        *dropped += socket->skip(socket->bytesAvailable());
        if (*dropped > kDrainBytes) {
            socket->abort();
            socket->deleteLater();
        }
    };
    drop();
    connect(socket, &QTcpSocket::readyRead, socket, drop);
    QTimer::singleShot(kDrainMs, socket, [socket] {
        socket->abort();
        socket->deleteLater();
    });
}

void GatedTcpServer::handOver(QTcpSocket *socket)
{
    QObject::disconnect(socket, nullptr, this, nullptr);
    QObject::disconnect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    delete socket->findChild<QTimer *>(u"gateDeadline"_s, Qt::FindDirectChildrenOnly);
    // One request per connection: its answer is written in one go (the routes
    // answer at once), then the connection closes, so that no second request
    // on it passes by the gate.
    connect(socket, &QTcpSocket::bytesWritten, socket, [socket] {
        if (socket->bytesToWrite() == 0)
            socket->disconnectFromHost();
    });
    // Taken by QAbstractHttpServer (bound to pendingConnectionAvailable),
    // which then owns the socket.
    addPendingConnection(socket);
    QMetaObject::invokeMethod(
        socket,
        [socket] {
            // The request is all in the socket's buffer already (no readyRead
            // would come for it): QAbstractHttpServer reads and answers it now...
            Q_EMIT socket->readyRead();
            // ...and never reads another from this connection, even one sent
            // along with it: every request passes the gate.
            QObject::disconnect(socket, &QTcpSocket::readyRead, nullptr, nullptr);
            // Should it not have answered (it read the request otherwise than RequestGate).
            QTimer::singleShot(kDeadlineMs, socket, [socket] { socket->abort(); });
        },
        Qt::QueuedConnection);
}

} // namespace hostbench::control
