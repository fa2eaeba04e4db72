#include "bench/BenchTarget.h"

#include <QTest>

using hostbench::bench::BenchTarget;
using hostbench::model::BenchParameters;
using namespace Qt::StringLiterals;

using Headers = QList<QPair<QByteArray, QByteArray>>;
Q_DECLARE_METATYPE(Headers)

class TestBenchTarget final : public QObject
{
    Q_OBJECT

private slots:
    void request_data();
    void request();
    void target_data();
    void target();
    void refused_data();
    void refused();
    void http2Fields();
};

void TestBenchTarget::request_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<Headers>("headers");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("hostOverride");
    QTest::addColumn<QByteArray>("expected");

    const QByteArray ua = "User-Agent: Hostbench/" HOSTBENCH_VERSION "\r\n";
    QTest::newRow("keep-alive GET") << u"http://127.0.0.1:8080/ok"_s << QByteArray("GET") << true
                                    << Headers {} << QByteArray() << QString()
                                    << "GET /ok HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n" + ua
            + "Accept: */*\r\n\r\n";
    QTest::newRow("close, port 80 omitted")
        << u"http://example.com/"_s << QByteArray("GET") << false << Headers {} << QByteArray() << QString()
        << "GET / HTTP/1.1\r\nHost: example.com\r\n" + ua + "Accept: */*\r\nConnection: close\r\n\r\n";
    QTest::newRow("no path, query kept")
        << u"http://h:81?a=1&b=%20"_s << QByteArray("GET") << true << Headers {} << QByteArray() << QString()
        << "GET /?a=1&b=%20 HTTP/1.1\r\nHost: h:81\r\n" + ua + "Accept: */*\r\n\r\n";
    QTest::newRow("headers replace defaults (as ab -H)")
        << u"http://h/x"_s << QByteArray("GET") << true
        << Headers { { "Host", "virtual.test" }, { "X-Test", " 1 " }, { "user-agent", "ab" } } << QByteArray()
        << QString()
        << QByteArray(
               "GET /x HTTP/1.1\r\nAccept: */*\r\nHost: virtual.test\r\nX-Test: 1\r\nuser-agent: ab\r\n\r\n");
    QTest::newRow("host override") << u"http://127.0.0.1:9/"_s << QByteArray("GET") << true << Headers {}
                                   << QByteArray() << u"site.test"_s
                                   << "GET / HTTP/1.1\r\nHost: site.test\r\n" + ua + "Accept: */*\r\n\r\n";
    QTest::newRow("POST body") << u"http://h/p"_s << QByteArray("POST") << true << Headers {}
                               << QByteArray("a=1") << QString()
                               << "POST /p HTTP/1.1\r\nHost: h\r\n" + ua
            + "Accept: */*\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\na=1";
    QTest::newRow("IPv6") << u"http://[::1]:8080/"_s << QByteArray("HEAD") << true << Headers {}
                          << QByteArray() << QString()
                          << "HEAD / HTTP/1.1\r\nHost: [::1]:8080\r\n" + ua + "Accept: */*\r\n\r\n";
}

void TestBenchTarget::request()
{
    QFETCH(QString, url);
    QFETCH(QByteArray, method);
    QFETCH(bool, keepAlive);
    QFETCH(Headers, headers);
    QFETCH(QByteArray, body);
    QFETCH(QString, hostOverride);
    QFETCH(QByteArray, expected);

    BenchParameters p;
    p.url = url;
    p.method = method;
    p.keepAlive = keepAlive;
    p.headers = headers;
    p.body = body;
    if (!body.isEmpty())
        p.contentType = "text/plain";
    p.hostOverride = hostOverride;
    QString error;
    const auto target = BenchTarget::fromParameters(p, &error);
    QVERIFY2(target, qPrintable(error));
    QCOMPARE(QByteArray::fromStdString(target->request()), expected);
}

void TestBenchTarget::target_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("path");

    QTest::newRow("plain") << u"http://127.0.0.1/"_s << u"127.0.0.1"_s << 80 << u"/"_s;
    QTest::newRow("port, path, query")
        << u"http://localhost:8080/a/b?c=d"_s << u"localhost"_s << 8080 << u"/a/b?c=d"_s;
    QTest::newRow("upper-case scheme") << u"HTTP://Example.COM/x"_s << u"example.com"_s << 80 << u"/x"_s;
    QTest::newRow("IPv6") << u"http://[::1]:81/"_s << u"::1"_s << 81 << u"/"_s;
    QTest::newRow("encoded path") << u"http://h/a%20b"_s << u"h"_s << 80 << u"/a%20b"_s;
}

void TestBenchTarget::target()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, path);
    BenchParameters p;
    p.url = url;
    QString error;
    const auto target = BenchTarget::fromParameters(p, &error);
    QVERIFY2(target, qPrintable(error));
    QCOMPARE(target->host(), host);
    QCOMPARE(int(target->port()), port);
    QCOMPARE(target->path(), path);
}

void TestBenchTarget::refused_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("reason");

    QTest::newRow("other scheme") << u"ws://h/"_s << QByteArray("GET") << u"not an http://"_s;
    QTest::newRow("no scheme") << u"h/x"_s << QByteArray("GET") << u"not an http://"_s;
    QTest::newRow("empty") << u""_s << QByteArray("GET") << u"no URL"_s;
    QTest::newRow("bad method") << u"http://h/"_s << QByteArray("GE T") << u"invalid method"_s;
}

void TestBenchTarget::refused()
{
    QFETCH(QString, url);
    QFETCH(QByteArray, method);
    QFETCH(QString, reason);
    BenchParameters p;
    p.url = url;
    p.method = method;
    QString error;
    QVERIFY(!BenchTarget::fromParameters(p, &error));
    QVERIFY2(error.contains(reason), qPrintable(error));
}

void TestBenchTarget::http2Fields()
{
    // RFC 9113 §8.3.1: pseudo-headers first, the Host field's value as
    // :authority, names in lower case, no connection-specific fields (§8.2.2).
    BenchParameters p;
    p.url = u"https://127.0.0.1:8443/a?b=1"_s;
    p.method = "POST";
    p.body = "x=1";
    p.contentType = "application/x-www-form-urlencoded";
    p.headers
        = { { "Host", "site.test" }, { "X-Test", " 1 " }, { "Connection", "close" }, { "Keep-Alive", "5" },
              { "Transfer-Encoding", "chunked" }, { "Upgrade", "h2c" }, { "Proxy-Connection", "x" } };
    QString error;
    const auto target = BenchTarget::fromParameters(p, &error);
    QVERIFY2(target, qPrintable(error));
    using Field = BenchTarget::Field;
    const std::vector<Field> expected { { ":method", "POST" }, { ":scheme", "https" },
        { ":authority", "site.test" }, { ":path", "/a?b=1" },
        { "user-agent", "Hostbench/" HOSTBENCH_VERSION }, { "accept", "*/*" }, { "x-test", "1" },
        { "content-type", "application/x-www-form-urlencoded" }, { "content-length", "3" } };
    QCOMPARE(target->http2Fields().size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(target->http2Fields()[i].first, expected[i].first);
        QCOMPARE(target->http2Fields()[i].second, expected[i].second);
    }
    QCOMPARE(target->body(), std::string("x=1"));

    // Without a Host field: the URL's authority, its port only when not the scheme's.
    p.url = u"http://localhost:8080/"_s;
    p.headers = {};
    p.method = "GET";
    p.body = {};
    p.contentType = {};
    const auto plain = BenchTarget::fromParameters(p, &error);
    QVERIFY2(plain, qPrintable(error));
    QCOMPARE(plain->http2Fields()[1].second, std::string("http"));
    QCOMPARE(plain->http2Fields()[2].second, std::string("localhost:8080"));
    QCOMPARE(plain->http2Fields().size(), size_t(6)); // no body fields for a GET
}

QTEST_GUILESS_MAIN(TestBenchTarget)
#include "tst_benchtarget.moc"
