// PortHolder on real sockets: a port this test listens on is found held by
// this process (its PID and program name), over IPv4 and IPv6; a port that
// nothing listens on is not. Linux only: elsewhere find() says Unsupported.
#include "sys/PortHolder.h"

#include <QCoreApplication>
#include <QFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestPortHolder final : public QObject
{
    Q_OBJECT

private slots:
    void findsItsOwnListener_data();
    void findsItsOwnListener();
    void connectedSocketIsNoHolder();
    void freePortHasNoHolder();
};

void TestPortHolder::findsItsOwnListener_data()
{
    QTest::addColumn<QHostAddress>("address");
    QTest::newRow("127.0.0.1") << QHostAddress(QHostAddress::LocalHost);
    QTest::newRow("0.0.0.0") << QHostAddress(QHostAddress::AnyIPv4);
    QTest::newRow("::1") << QHostAddress(QHostAddress::LocalHostIPv6);
}

void TestPortHolder::findsItsOwnListener()
{
#if !defined(Q_OS_LINUX)
    QSKIP("reads /proc: Linux only");
#endif
    QFETCH(QHostAddress, address);
    QTcpServer server;
    if (!server.listen(address, 0)) {
        if (address.protocol() == QAbstractSocket::IPv6Protocol)
            QSKIP("no IPv6 loopback here");
        QFAIL(qPrintable(server.errorString()));
    }
    const sys::PortHolder holder = sys::PortHolder::find(server.serverPort());
    QCOMPARE(holder.result, sys::PortHolder::Result::Found);
    QCOMPARE(holder.pid, QCoreApplication::applicationPid());
    QFile comm(u"/proc/self/comm"_s);
    QVERIFY(comm.open(QIODevice::ReadOnly));
    QCOMPARE(holder.program, QString::fromLocal8Bit(comm.readAll()).trimmed());
    QVERIFY(!holder.program.isEmpty());
    QCOMPARE(holder.describe(), u"%1 (PID %2)"_s.arg(holder.program).arg(QCoreApplication::applicationPid()));
}

void TestPortHolder::connectedSocketIsNoHolder()
{
#if !defined(Q_OS_LINUX)
    QSKIP("reads /proc: Linux only");
#endif
    // A connection's local port is not a listener: only LISTEN sockets count.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    QTcpSocket client;
    client.connectToHost(QHostAddress::LocalHost, server.serverPort());
    QVERIFY(client.waitForConnected(10000));
    QTRY_VERIFY(server.hasPendingConnections());
    const quint16 clientPort = client.localPort();
    server.close();
    QCOMPARE(sys::PortHolder::find(clientPort).result, sys::PortHolder::Result::NotFound);
}

void TestPortHolder::freePortHasNoHolder()
{
#if !defined(Q_OS_LINUX)
    QCOMPARE(sys::PortHolder::find(1).result, sys::PortHolder::Result::Unsupported);
    return;
#endif
    // A port that was just free: the kernel handed it out and took it back.
    quint16 port = 0;
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));
        port = server.serverPort();
    }
    const sys::PortHolder holder = sys::PortHolder::find(port);
    QCOMPARE(holder.result, sys::PortHolder::Result::NotFound);
    QCOMPARE(holder.pid, 0);
}

QTEST_GUILESS_MAIN(TestPortHolder)
#include "tst_portholder.moc"
