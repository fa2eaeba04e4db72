#include "control/ControlEndpoint.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::control::ControlEndpoint;

class TestControlEndpoint final : public QObject
{
    Q_OBJECT

private slots:
    void writeAndRead_data();
    void writeAndRead();
    void malformedFileNamesNothing_data();
    void malformedFileNamesNothing();
    void removeOnlyItsOwn();
};

void TestControlEndpoint::writeAndRead_data()
{
    QTest::addColumn<QString>("listening");
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("reachable");
    QTest::newRow("loopback") << u"127.0.0.1"_s << "127.0.0.1:8079\n"_ba << u"127.0.0.1"_s;
    QTest::newRow("IPv6 loopback") << u"::1"_s << "[::1]:8079\n"_ba << u"::1"_s;
    QTest::newRow("any IPv4: reached on loopback") << u"0.0.0.0"_s << "127.0.0.1:8079\n"_ba << u"127.0.0.1"_s;
    QTest::newRow("any IPv6: reached on loopback") << u"::"_s << "[::1]:8079\n"_ba << u"::1"_s;
    QTest::newRow("a LAN address") << u"192.168.1.10"_s << "192.168.1.10:8079\n"_ba << u"192.168.1.10"_s;
}

void TestControlEndpoint::writeAndRead()
{
    QFETCH(QString, listening);
    QFETCH(QByteArray, line);
    QFETCH(QString, reachable);
    QTemporaryDir dir;
    QString error;
    QVERIFY2(ControlEndpoint::write(dir.path(), QHostAddress(listening), 8079, &error), qPrintable(error));
    QFile file(ControlEndpoint::filePath(dir.path()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), line);
    const std::optional<ControlEndpoint::Address> read = ControlEndpoint::read(dir.path());
    QVERIFY(read);
    QCOMPARE(read->address, QHostAddress(reachable));
    QCOMPARE(read->port, quint16(8079));
}

void TestControlEndpoint::malformedFileNamesNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("no port") << "127.0.0.1\n"_ba;
    QTest::newRow("port 0") << "127.0.0.1:0\n"_ba;
    QTest::newRow("port too big") << "127.0.0.1:70000\n"_ba;
    QTest::newRow("not an address") << "localhost:8079\n"_ba;
    QTest::newRow("garbage port") << "127.0.0.1:80x\n"_ba;
}

void TestControlEndpoint::malformedFileNamesNothing()
{
    QFETCH(QByteArray, content);
    QTemporaryDir dir;
    QFile file(ControlEndpoint::filePath(dir.path()));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
    file.close();
    QVERIFY(!ControlEndpoint::read(dir.path()));
}

void TestControlEndpoint::removeOnlyItsOwn()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(!ControlEndpoint::read(dir.path())); // no file
    QVERIFY(ControlEndpoint::write(dir.path(), QHostAddress::LocalHost, 8079, &error));
    // Another instance took the folder over since: its file stays.
    ControlEndpoint::remove(dir.path(), 8080);
    QVERIFY(QFile::exists(ControlEndpoint::filePath(dir.path())));
    ControlEndpoint::remove(dir.path(), 8079);
    QVERIFY(!QFile::exists(ControlEndpoint::filePath(dir.path())));
}

QTEST_GUILESS_MAIN(TestControlEndpoint)
#include "tst_controlendpoint.moc"
