#include "http/HttpDate.h"
#include "http/Response.h"
#include "http/ResponseHead.h"

#include <QDateTime>
#include <QLocale>
#include <QTest>
#include <QTimeZone>

using hostbench::http::HttpDate;
using hostbench::http::Response;
using hostbench::http::ResponseHead;

class TestResponseHead final : public QObject
{
    Q_OBJECT

private slots:
    void dateFormat_data();
    void dateFormat();
    void dateNowIsCurrent();
    void head_data();
    void head();
    void reasonPhrases_data();
    void reasonPhrases();
    void errorBodies_data();
    void errorBodies();
    void bodyAllowed();
};

void TestResponseHead::dateFormat_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("epoch") << qint64(0) << QByteArray("Thu, 01 Jan 1970 00:00:00 GMT");
    QTest::newRow("RFC 9110 example") << qint64(784111777) << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT");
    QTest::newRow("leap day") << qint64(951782400) << QByteArray("Tue, 29 Feb 2000 00:00:00 GMT");
    QTest::newRow("end of year") << qint64(1704067199) << QByteArray("Sun, 31 Dec 2023 23:59:59 GMT");
}

void TestResponseHead::dateFormat()
{
    QFETCH(qint64, seconds);
    QFETCH(QByteArray, expected);
    char text[HttpDate::kLength];
    HttpDate::format(std::time_t(seconds), text);
    QCOMPARE(QByteArray(text, HttpDate::kLength), expected);
}

void TestResponseHead::dateNowIsCurrent()
{
    HttpDate date;
    const std::string_view now = date.now();
    QCOMPARE(now.size(), HttpDate::kLength);
    const QDateTime parsed = QLocale::c().toDateTime(QString::fromLatin1(now.data(), qsizetype(now.size())),
        QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    QVERIFY2(parsed.isValid(), now.data());
    QDateTime utc = parsed;
    utc.setTimeZone(QTimeZone::utc());
    QVERIFY(qAbs(utc.secsTo(QDateTime::currentDateTimeUtc())) < 60);
}

void TestResponseHead::head_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("version");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<quint64>("length");
    QTest::addColumn<QByteArray>("location");
    QTest::addColumn<QByteArray>("allow");
    QTest::addColumn<QByteArray>("fields"); // after Server and Date

    QTest::newRow("1.1 keep-alive") << 200 << 11 << true << QByteArray("text/plain") << quint64(2)
                                    << QByteArray() << QByteArray()
                                    << QByteArray("Content-Type: text/plain\r\nContent-Length: 2\r\n");
    QTest::newRow("1.1 close")
        << 200 << 11 << false << QByteArray("text/plain") << quint64(2) << QByteArray() << QByteArray()
        << QByteArray("Content-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n");
    QTest::newRow("1.0 keep-alive") << 404 << 10 << true << QByteArray("text/html") << quint64(10)
                                    << QByteArray() << QByteArray()
                                    << QByteArray("Content-Type: text/html\r\nContent-Length: 10\r\n"
                                                  "Connection: keep-alive\r\n");
    QTest::newRow("1.0 close") << 200 << 10 << false << QByteArray() << quint64(0) << QByteArray()
                               << QByteArray() << QByteArray("Content-Length: 0\r\nConnection: close\r\n");
    QTest::newRow("redirect")
        << 301 << 11 << true << QByteArray("text/html") << quint64(5) << QByteArray("/dir/?a=1")
        << QByteArray()
        << QByteArray("Content-Type: text/html\r\nContent-Length: 5\r\nLocation: /dir/?a=1\r\n");
    QTest::newRow("405") << 405 << 11 << true << QByteArray("text/html") << quint64(3) << QByteArray()
                         << QByteArray("GET, HEAD")
                         << QByteArray(
                                "Content-Type: text/html\r\nContent-Length: 3\r\nAllow: GET, HEAD\r\n");
    QTest::newRow("204 has no length") << 204 << 11 << true << QByteArray("text/plain") << quint64(4)
                                       << QByteArray() << QByteArray() << QByteArray();
    QTest::newRow("304 has no length") << 304 << 11 << true << QByteArray("text/plain") << quint64(4)
                                       << QByteArray() << QByteArray() << QByteArray();
    QTest::newRow("large length")
        << 200 << 11 << true << QByteArray("application/octet-stream") << quint64(134217728) << QByteArray()
        << QByteArray()
        << QByteArray("Content-Type: application/octet-stream\r\nContent-Length: 134217728\r\n");
}

void TestResponseHead::head()
{
    QFETCH(int, status);
    QFETCH(int, version);
    QFETCH(bool, keepAlive);
    QFETCH(QByteArray, contentType);
    QFETCH(quint64, length);
    QFETCH(QByteArray, location);
    QFETCH(QByteArray, allow);
    QFETCH(QByteArray, fields);

    Response response;
    response.status = status;
    response.keepAlive = keepAlive;
    response.contentType = std::string_view(contentType.constData(), size_t(contentType.size()));
    response.contentLength = length;
    response.location = location.toStdString();
    response.allow = std::string_view(allow.constData(), size_t(allow.size()));
    std::string out = "previous;";
    ResponseHead::write(response, version, "Sun, 06 Nov 1994 08:49:37 GMT", out);

    const QByteArray expected = "previous;HTTP/1.1 " + QByteArray::number(status) + ' '
        + QByteArray::fromStdString(std::string(ResponseHead::reason(status)))
        + "\r\nServer: Hostbench/" HOSTBENCH_VERSION "\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n" + fields
        + "\r\n";
    QCOMPARE(QByteArray::fromStdString(out), expected);
}

void TestResponseHead::reasonPhrases_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("reason");
    QTest::newRow("200") << 200 << QByteArray("OK");
    QTest::newRow("301") << 301 << QByteArray("Moved Permanently");
    QTest::newRow("400") << 400 << QByteArray("Bad Request");
    QTest::newRow("404") << 404 << QByteArray("Not Found");
    QTest::newRow("405") << 405 << QByteArray("Method Not Allowed");
    QTest::newRow("431") << 431 << QByteArray("Request Header Fields Too Large");
    QTest::newRow("unregistered") << 598 << QByteArray("Unknown");
    QTest::newRow("out of range") << 1000 << QByteArray("Unknown");
}

void TestResponseHead::reasonPhrases()
{
    QFETCH(int, status);
    QFETCH(QByteArray, reason);
    const std::string_view text = ResponseHead::reason(status);
    QCOMPARE(QByteArray(text.data(), qsizetype(text.size())), reason);
}

void TestResponseHead::errorBodies_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("title"); // empty: no default page
    // Every status the engine answers with itself: file and route phases,
    // parser limits and framing, the timeouts, the connection cap, versions.
    QTest::newRow("301") << 301 << QByteArray("301 Moved Permanently");
    QTest::newRow("302") << 302 << QByteArray("302 Found");
    QTest::newRow("400") << 400 << QByteArray("400 Bad Request");
    QTest::newRow("403") << 403 << QByteArray("403 Forbidden");
    QTest::newRow("404") << 404 << QByteArray("404 Not Found");
    QTest::newRow("405") << 405 << QByteArray("405 Method Not Allowed");
    QTest::newRow("408") << 408 << QByteArray("408 Request Timeout");
    QTest::newRow("412") << 412 << QByteArray("412 Precondition Failed");
    QTest::newRow("413") << 413 << QByteArray("413 Payload Too Large");
    QTest::newRow("414") << 414 << QByteArray("414 URI Too Long");
    QTest::newRow("416") << 416 << QByteArray("416 Range Not Satisfiable");
    QTest::newRow("429") << 429 << QByteArray("429 Too Many Requests");
    QTest::newRow("431") << 431 << QByteArray("431 Request Header Fields Too Large");
    QTest::newRow("500") << 500 << QByteArray("500 Internal Server Error");
    QTest::newRow("501") << 501 << QByteArray("501 Not Implemented");
    QTest::newRow("502") << 502 << QByteArray("502 Bad Gateway");
    QTest::newRow("503") << 503 << QByteArray("503 Service Unavailable");
    QTest::newRow("505") << 505 << QByteArray("505 HTTP Version Not Supported");
    QTest::newRow("598 unregistered") << 598 << QByteArray("598 Unknown");
    QTest::newRow("200") << 200 << QByteArray();
    QTest::newRow("204") << 204 << QByteArray();
    QTest::newRow("304") << 304 << QByteArray();
    QTest::newRow("100") << 100 << QByteArray();
    QTest::newRow("out of range") << 600 << QByteArray();
}

void TestResponseHead::errorBodies()
{
    QFETCH(int, status);
    QFETCH(QByteArray, title);
    const std::string_view text = ResponseHead::errorBody(status);
    const QByteArray body(text.data(), qsizetype(text.size()));
    if (title.isEmpty()) {
        QVERIFY2(body.isEmpty(), body.constData());
        return;
    }
    QCOMPARE(
        body, "<html><head><title>" + title + "</title></head><body><h1>" + title + "</h1></body></html>\n");
    // Static storage: the same bytes on every call.
    QCOMPARE(ResponseHead::errorBody(status).data(), text.data());
}

void TestResponseHead::bodyAllowed()
{
    QVERIFY(!ResponseHead::bodyAllowed(204));
    QVERIFY(!ResponseHead::bodyAllowed(304));
    QVERIFY(!ResponseHead::bodyAllowed(101));
    QVERIFY(ResponseHead::bodyAllowed(200));
    QVERIFY(ResponseHead::bodyAllowed(404));
}

QTEST_GUILESS_MAIN(TestResponseHead)
#include "tst_responsehead.moc"
