// ProxyHead (issue #24): the hop-by-hop fields removed from the heads a
// proxy writes (RFC 9110 §7.6.1), both ways, whatever the case of the
// names and of the Connection options, however many Connection fields a
// head has. The pure functions; tst_proxy checks the same through a real
// upstream.
#include "http/ProxyHead.h"

#include <QTest>

#include <string>

using hostbench::http::ProxyHead;

class TestProxyHead final : public QObject
{
    Q_OBJECT

private slots:
    void hopByHop_data();
    void hopByHop();
    void requestHeadKeepsEndToEndOnly();
    void responseFieldsKeepEndToEndOnly();
    void originFieldsGiveWay();
};

void TestProxyHead::hopByHop_data()
{
    QTest::addColumn<QString>("lines");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("hop");

    const QString plain = QStringLiteral("Accept: */*\r\nX-Hop: 1\r\n");
    QTest::newRow("end-to-end") << plain << "Accept" << false;
    QTest::newRow("te") << plain << "TE" << true;
    QTest::newRow("trailer") << plain << "Trailer" << true;
    QTest::newRow("upgrade") << plain << "UPGRADE" << true;
    QTest::newRow("connection") << plain << "Connection" << true;
    QTest::newRow("keep-alive") << plain << "Keep-Alive" << true;
    QTest::newRow("transfer-encoding") << plain << "Transfer-Encoding" << true;
    QTest::newRow("proxy-*") << plain << "Proxy-Authorization" << true;
    QTest::newRow("seven letters, not hop-by-hop") << plain << "Referer" << false;
    QTest::newRow("no Connection names it") << plain << "X-Hop" << false;
    QTest::newRow("named, other case")
        << QStringLiteral("connection: keep-alive, x-hop\r\nX-Hop: 1\r\n") << "X-HOP" << true;
    QTest::newRow("named with spaces")
        << QStringLiteral("Connection:  close ,  X-Hop \r\n") << "x-hop" << true;
    QTest::newRow("a prefix only") << QStringLiteral("Connection: X-Hop\r\n") << "X-Ho" << false;
    QTest::newRow("named by the fifth Connection field") << QStringLiteral(
        "Connection: a\r\nConnection: b\r\nConnection: c\r\nConnection: d\r\nConnection: X-Hop\r\n")
                                                         << "X-Hop" << true;
    QTest::newRow("five Connection fields, not named") << QStringLiteral(
        "Connection: a\r\nConnection: b\r\nConnection: c\r\nConnection: d\r\nConnection: e\r\n")
                                                       << "X-Hop" << false;
}

void TestProxyHead::hopByHop()
{
    QFETCH(QString, lines);
    QFETCH(QString, name);
    QFETCH(bool, hop);
    const std::string text = lines.toStdString();
    const std::string field = name.toStdString();
    QCOMPARE(ProxyHead::isHopByHop(field, ProxyHead::split(text)), hop);
}

void TestProxyHead::requestHeadKeepsEndToEndOnly()
{
    const std::string lines
        = "Accept: */*\r\nConnection: Keep-Alive, X-Secret\r\nX-SECRET: 1\r\nTE: trailers\r\n"
          "Proxy-Connection: keep-alive\r\nX-Forwarded-For: 6.6.6.6\r\nCookie: a=b\r\n";
    ProxyHead::RequestParts parts;
    parts.method = "GET";
    parts.target = "/ok";
    parts.host = "app.test";
    parts.clientHost = "app.test";
    parts.clientAddress = "127.0.0.1";
    parts.fields = lines;
    std::string out;
    ProxyHead::writeRequest(parts, out);
    QCOMPARE(out,
        std::string("GET /ok HTTP/1.1\r\nHost: app.test\r\nAccept: */*\r\nCookie: a=b\r\n"
                    "X-Forwarded-For: 127.0.0.1\r\nX-Forwarded-Proto: http\r\nX-Forwarded-Host: app.test\r\n"
                    "Forwarded: for=127.0.0.1;host=\"app.test\";proto=http\r\n\r\n"));
}

void TestProxyHead::responseFieldsKeepEndToEndOnly()
{
    const std::string lines = "Content-Type: text/plain\r\nContent-Length: 2\r\nConnection: x-trace\r\n"
                              "X-Trace: 1\r\nKeep-Alive: timeout=5\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n";
    std::string out;
    ProxyHead::appendEndToEnd(ProxyHead::split(lines), false, ProxyHead::Origin::Proxy, out);
    QCOMPARE(out, std::string("Content-Type: text/plain\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n"));
}

void TestProxyHead::originFieldsGiveWay()
{
    // nginx's proxy_hide_header defaults: an upstream's Server, Date, X-Pad
    // and X-Accel-* do not reach the client; the proxy writes its own Server and Date.
    const std::string lines = "SERVER: gunicorn\r\ndate: Thu, 01 Jan 2026 00:00:00 GMT\r\nX-Pad: avoid\r\n"
                              "X-Accel-Redirect: /secret\r\nX-Accel: kept\r\nServer-Timing: app;dur=3\r\n"
                              "Dated: kept\r\n";
    const auto fields = ProxyHead::split(lines);
    std::string out;
    ProxyHead::appendEndToEnd(fields, false, ProxyHead::Origin::Proxy, out);
    QCOMPARE(out, std::string("X-Accel: kept\r\nServer-Timing: app;dur=3\r\nDated: kept\r\n"));
    // A FastCGI application's Server and Date stay, and the engine's are not added beside them.
    out.clear();
    ProxyHead::appendServerAndDate(fields, "Hostbench", "now", out);
    ProxyHead::appendEndToEnd(fields, false, ProxyHead::Origin::FastCgi, out);
    QCOMPARE(out,
        std::string("SERVER: gunicorn\r\ndate: Thu, 01 Jan 2026 00:00:00 GMT\r\nX-Pad: avoid\r\n"
                    "X-Accel: kept\r\nServer-Timing: app;dur=3\r\nDated: kept\r\n"));
    out.clear();
    ProxyHead::appendServerAndDate(ProxyHead::split("X-Powered-By: PHP\r\n"), "Hostbench", "now", out);
    QCOMPARE(out, std::string("Server: Hostbench\r\nDate: now\r\n"));
}

QTEST_GUILESS_MAIN(TestProxyHead)
#include "tst_proxyhead.moc"
