// One request to hostbench-cli serve's control API, as the tests of
// tests/app send it: the reply's head and body. Test code only; the calling
// thread waits (at most timeoutMs for each step).
#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QRegularExpression>
#include <QString>
#include <QTcpSocket>

#include <utility>

namespace hostbench::test {

// `method` `path` with the token (none when empty) and `body` as JSON;
// done at the end of the body (QtHttpServer keeps the connection open).
// Empty head and body when the API does not answer in time.
inline std::pair<QByteArray, QByteArray> controlCall(quint16 port, const QByteArray &method,
    const QByteArray &path, const QByteArray &token, const QByteArray &body = {}, int timeoutMs = 60'000)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(timeoutMs))
        return {};
    QByteArray request = method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    if (!token.isEmpty())
        request += "Authorization: Bearer " + token + "\r\n";
    if (method == "GET")
        request += "Connection: close\r\n";
    else
        request += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
            + "\r\n";
    socket.write(request + "\r\n" + body);
    static const QRegularExpression length(
        QStringLiteral("\r\nContent-Length: (\\d+)\r\n"), QRegularExpression::CaseInsensitiveOption);
    QByteArray data;
    while (socket.waitForReadyRead(timeoutMs)) {
        data += socket.readAll();
        const qsizetype split = data.indexOf("\r\n\r\n");
        if (split < 0)
            continue;
        const QRegularExpressionMatch match = length.match(QString::fromLatin1(data.left(split + 2)));
        if (data.size() - split - 4 >= (match.hasMatch() ? match.captured(1).toLongLong() : 0))
            return { data.left(split), data.mid(split + 4) };
    }
    return {};
}

} // namespace hostbench::test
