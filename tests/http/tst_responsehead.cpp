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
    void errorBodies();
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
    QTest::newRow("out of range") << 1000 << QByteArray("Unknown");
}

void TestResponseHead::reasonPhrases()
{
    QFETCH(int, status);
    QFETCH(QByteArray, reason);
    const std::string_view text = ResponseHead::reason(status);
    QCOMPARE(QByteArray(text.data(), qsizetype(text.size())), reason);
}

void TestResponseHead::errorBodies()
{
    for (const int status : { 301, 400, 403, 404, 405, 413, 431 }) {
        const std::string_view body = ResponseHead::errorBody(status);
        QVERIFY2(
            body.find(std::to_string(status)) != std::string_view::npos, qPrintable(QString::number(status)));
        QVERIFY(body.find("<html>") == 0);
    }
    QVERIFY(ResponseHead::errorBody(200).empty());
    QVERIFY(!ResponseHead::bodyAllowed(204));
    QVERIFY(!ResponseHead::bodyAllowed(304));
    QVERIFY(!ResponseHead::bodyAllowed(101));
    QVERIFY(ResponseHead::bodyAllowed(200));
    QVERIFY(ResponseHead::bodyAllowed(404));
}

QTEST_GUILESS_MAIN(TestResponseHead)
#include "tst_responsehead.moc"
