#include "RawClient.h"

#include "http/HttpServer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using hostbench::http::HttpServer;
using hostbench::model::Route;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

/*
 * RFC 9110 / 9112 conformance of the engine over 127.0.0.1: a table of raw
 * requests and the status, closing and body each must get, then socket
 * tests for what a table cannot show (segments, pipelining, 100-continue,
 * chunked bodies, timeouts, the connection cap). tests/blackbox/conformance.py
 * runs the same kind of cases against hostbench-cli and nginx.
 */
class TestHttpConformance final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void requests_data();
    void requests();
    void splitIntoSegments();
    void pipelinedInOrder();
    void pipelinedToSmallReceiveBuffer();
    void malformedLineAnsweredAtOnce_data();
    void malformedLineAnsweredAtOnce();
    void malformedLinePipelined();
    void longHeadInPieces();
    void expectContinue();
    void expectContinueRefused();
    void chunkedBodies();
    void trickledHeadTimesOut();
    void idleKeepAliveTimesOut();
    void stalledSendTimesOut();
    void connectionCapAnswers503();

private:
    static void writeFile(const QString &path, const QByteArray &content);
    QList<VirtualHost> hosts() const;
    static bool startServer(HttpServer &server, const ServerConfig &config, const QList<VirtualHost> &hosts);

    QTemporaryDir m_dir;
    QString m_mainRoot;
    QString m_smallRoot;
    HttpServer m_server; // default limits and timeouts
    HttpServer m_fastServer; // 1 s timeouts, one worker
};

namespace {

constexpr qint64 kSmallBodyLimit = 1000; // small.test's maxBodyBytes
constexpr qint64 kLargeFileBytes = 48 * 1024 * 1024;

QByteArray get(const QByteArray &target, const QByteArray &host = "main.test")
{
    return "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n";
}

// "<h1>414 URI Too Long</h1>": the status, a reason phrase, in a small page.
bool isDefaultErrorPage(const QByteArray &body, int status)
{
    const QByteArray heading = "<h1>" + QByteArray::number(status) + ' ';
    const qsizetype at = body.indexOf(heading);
    return body.startsWith("<html>") && at >= 0 && body.indexOf("</h1>", at) > at + heading.size();
}

QByteArray fields(int count)
{
    QByteArray out;
    for (int i = 0; i < count; ++i)
        out += "X-F" + QByteArray::number(i) + ": v\r\n";
    return out;
}

} // namespace

void TestHttpConformance::writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
}

QList<VirtualHost> TestHttpConformance::hosts() const
{
    VirtualHost main;
    main.hostName = QStringLiteral("main.test");
    main.documentRoot = m_mainRoot;
    main.routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "OK" } };
    main.isDefault = true;
    VirtualHost small;
    small.hostName = QStringLiteral("small.test");
    small.documentRoot = m_smallRoot;
    small.routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "SMALL" } };
    small.limits.maxBodyBytes = kSmallBodyLimit;
    return { main, small };
}

bool TestHttpConformance::startServer(
    HttpServer &server, const ServerConfig &config, const QList<VirtualHost> &hosts)
{
    QString error;
    const bool started = server.start(config, hosts, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

void TestHttpConformance::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QDir dir(m_dir.path());
    QVERIFY(dir.mkpath(QStringLiteral("main")));
    QVERIFY(dir.mkpath(QStringLiteral("small")));
    m_mainRoot = dir.filePath(QStringLiteral("main"));
    m_smallRoot = dir.filePath(QStringLiteral("small"));
    writeFile(m_mainRoot + QStringLiteral("/index.html"), "main index");
    writeFile(m_smallRoot + QStringLiteral("/index.html"), "small index");
    QFile large(m_mainRoot + QStringLiteral("/large.bin"));
    QVERIFY(large.open(QIODevice::WriteOnly));
    QVERIFY(large.resize(kLargeFileBytes)); // sparse: no time spent writing it
    large.close();

    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QVERIFY(startServer(m_server, config, hosts()));

    ServerConfig fast;
    fast.port = 0;
    fast.threads = 1;
    fast.headerTimeoutMs = 1000;
    fast.keepAliveTimeoutMs = 1000;
    fast.sendTimeoutMs = 1000;
    QVERIFY(startServer(m_fastServer, fast, hosts()));
}

void TestHttpConformance::cleanupTestCase()
{
    m_server.stop();
    m_fastServer.stop();
}

void TestHttpConformance::requests_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("closes");
    // Expected body; empty: an error status must carry the default page, others are not checked.
    QTest::addColumn<QByteArray>("body");

    const QByteArray host = "Host: main.test\r\n";
    QTest::newRow("valid") << get("/ok") << 200 << false << QByteArray("OK");
    QTest::newRow("1.0 without Host")
        << QByteArray("GET /ok HTTP/1.0\r\n\r\n") << 200 << true << QByteArray("OK");
    QTest::newRow("Connection close")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n") << 200 << true
        << QByteArray("OK");
    // RFC 9112 §2.2: empty lines before the request line are ignored (decided so, as nginx does).
    QTest::newRow("empty lines first") << "\r\n\r\n" + get("/ok") << 200 << false << QByteArray("OK");
    QTest::newRow("bare LF first") << "\n" + get("/ok") << 400 << true << QByteArray();
    QTest::newRow("space first") << " " + get("/ok") << 400 << true << QByteArray();
    QTest::newRow("garbage first") << "xyz\r\n" + get("/ok") << 400 << true << QByteArray();

    // Host (RFC 9112 §3.2).
    QTest::newRow("no Host on 1.1") << QByteArray("GET /ok HTTP/1.1\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("two Hosts") << QByteArray("GET /ok HTTP/1.1\r\n" + host + host + "\r\n") << 400 << true
                               << QByteArray();
    QTest::newRow("empty Host") << QByteArray("GET /ok HTTP/1.1\r\nHost:\r\n\r\n") << 400 << true
                                << QByteArray();
    QTest::newRow("Host with slash") << get("/ok", "main.test/x") << 400 << true << QByteArray();
    QTest::newRow("Host with space") << get("/ok", "main .test") << 400 << true << QByteArray();
    QTest::newRow("Host with port") << get("/ok", "small.test:8080") << 200 << false << QByteArray("SMALL");
    QTest::newRow("absolute form") << QByteArray("GET http://small.test/ok HTTP/1.1\r\n" + host + "\r\n")
                                   << 200 << false << QByteArray("SMALL");

    // Request line (RFC 9112 §3).
    QTest::newRow("HTTP/2.0") << QByteArray("GET /ok HTTP/2.0\r\n" + host + "\r\n") << 505 << true
                              << QByteArray();
    QTest::newRow("HTTP/1.2") << QByteArray("GET /ok HTTP/1.2\r\n" + host + "\r\n") << 505 << true
                              << QByteArray();
    QTest::newRow("HTTP/0.9") << QByteArray("GET /ok\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("version garbage") << QByteArray("GET /ok HTTP/1.1x\r\n" + host + "\r\n") << 400 << true
                                     << QByteArray();
    QTest::newRow("lower-case version")
        << QByteArray("GET /ok http/1.1\r\n" + host + "\r\n") << 400 << true << QByteArray();
    QTest::newRow("space in target") << QByteArray("GET /o k HTTP/1.1\r\n" + host + "\r\n") << 400 << true
                                     << QByteArray();
    QTest::newRow("two spaces") << QByteArray("GET  /ok HTTP/1.1\r\n" + host + "\r\n") << 400 << true
                                << QByteArray();
    QTest::newRow("method not a token")
        << QByteArray("G(T /ok HTTP/1.1\r\n" + host + "\r\n") << 400 << true << QByteArray();
    QTest::newRow("bare CR in line") << QByteArray("GET /ok\rHTTP/1.1\r\n" + host + "\r\n") << 400 << true
                                     << QByteArray();
    QTest::newRow("LF line ends") << QByteArray("GET /ok HTTP/1.1\nHost: main.test\n\n") << 400 << true
                                  << QByteArray();
    // "GET /ok?q... HTTP/1.1" is 17 bytes plus the query: 8 KiB exactly, then one byte more.
    QTest::newRow("line at limit") << get("/ok?" + QByteArray(8192 - 17, 'q')) << 200 << false
                                   << QByteArray("OK");
    QTest::newRow("line over limit") << get("/ok?" + QByteArray(8192 - 16, 'q')) << 414 << true
                                     << QByteArray();
    QTest::newRow("line far over limit")
        << get("/ok?" + QByteArray(40000, 'q')) << 414 << true << QByteArray();

    // Fields (RFC 9112 §5, RFC 9110 §5.5).
    QTest::newRow("name not a token")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X(Y: 1\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("space before colon")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A : 1\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("control in value")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A: a\x01z\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("NUL in value") << QByteArray(
        "GET /ok HTTP/1.1\r\n" + host + "X-A: a" + QByteArray(1, '\0') + "z\r\n\r\n")
                                  << 400 << true << QByteArray();
    QTest::newRow("DEL in value") << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A: a\x7fz\r\n\r\n") << 400
                                  << true << QByteArray();
    QTest::newRow("bare CR in value")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A: a\rz\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("obs-fold") << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A: a\r\n b\r\n\r\n") << 400
                              << true << QByteArray();
    QTest::newRow("obs-fold empty first")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A:\r\n\tb\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("space before first field")
        << QByteArray("GET /ok HTTP/1.1\r\n " + host + "\r\n") << 400 << true << QByteArray();
    QTest::newRow("obs-text in value")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + "X-A: caf\xc3\xa9\r\n\r\n") << 200 << false
        << QByteArray("OK");
    QTest::newRow("100 fields") << QByteArray("GET /ok HTTP/1.1\r\n" + host + fields(99) + "\r\n") << 200
                                << false << QByteArray("OK");
    QTest::newRow("101 fields") << QByteArray("GET /ok HTTP/1.1\r\n" + host + fields(100) + "\r\n") << 431
                                << true << QByteArray();
    // 16 KiB of field lines and final CRLF, exactly, then one byte more.
    const QByteArray filler = "X-Big: ";
    const int fillAt16k = 16 * 1024 - int(host.size()) - int(filler.size()) - 4;
    QTest::newRow("header block at limit")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + filler + QByteArray(fillAt16k, 'b') + "\r\n\r\n") << 200
        << false << QByteArray("OK");
    QTest::newRow("header block over limit")
        << QByteArray("GET /ok HTTP/1.1\r\n" + host + filler + QByteArray(fillAt16k + 1, 'b') + "\r\n\r\n")
        << 431 << true << QByteArray();

    // Framing (RFC 9112 §6).
    const QByteArray post = "POST /ok HTTP/1.1\r\n" + host;
    QTest::newRow("GET with body") << QByteArray(
        "GET /ok HTTP/1.1\r\n" + host + "Content-Length: 3\r\n\r\nabc")
                                   << 200 << false << QByteArray("OK");
    QTest::newRow("CL negative") << QByteArray(post + "Content-Length: -1\r\n\r\n") << 400 << true
                                 << QByteArray();
    QTest::newRow("CL not a number") << QByteArray(post + "Content-Length: 1x\r\n\r\n") << 400 << true
                                     << QByteArray();
    QTest::newRow("CL overflow") << QByteArray(post + "Content-Length: 99999999999999999999999\r\n\r\n")
                                 << 400 << true << QByteArray();
    QTest::newRow("CL twice, different")
        << QByteArray(post + "Content-Length: 1\r\nContent-Length: 2\r\n\r\nab") << 400 << true
        << QByteArray();
    // RFC 9110 §8.6 lets a recipient accept identical repetitions; we do (nginx refuses them).
    QTest::newRow("CL twice, same") << QByteArray(
        "GET /ok HTTP/1.1\r\n" + host + "Content-Length: 2\r\nContent-Length: 2\r\n\r\nab")
                                    << 200 << false << QByteArray("OK");
    QTest::newRow("TE and CL") << QByteArray(post + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n")
                               << 400 << true << QByteArray();
    QTest::newRow("CL and TE") << QByteArray(post + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n")
                               << 400 << true << QByteArray();
    QTest::newRow("CL and TE gzip") << QByteArray(
        post + "Content-Length: 3\r\nTransfer-Encoding: gzip\r\n\r\n")
                                    << 400 << true << QByteArray();
    QTest::newRow("TE gzip") << QByteArray(post + "Transfer-Encoding: gzip\r\n\r\n") << 501 << true
                             << QByteArray();
    QTest::newRow("TE gzip, chunked")
        << QByteArray(post + "Transfer-Encoding: gzip, chunked\r\n\r\n") << 501 << true << QByteArray();
    QTest::newRow("TE chunked twice")
        << QByteArray(post + "Transfer-Encoding: chunked, chunked\r\n\r\n") << 400 << true << QByteArray();
    QTest::newRow("TE on HTTP/1.0") << QByteArray(
        "POST /ok HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
                                    << 400 << true << QByteArray();
    QTest::newRow("chunked GET") << QByteArray(
        "GET /ok HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
                                 << 200 << false << QByteArray("OK");
    QTest::newRow("bad chunk size") << QByteArray(
        "GET /ok HTTP/1.1\r\n" + host + "Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
                                    << 400 << true << QByteArray();

    // Body limits (RFC 9110 §15.5.14): the default host's 1 MiB, small.test's 1000 bytes.
    QTest::newRow("CL over 1 MiB") << QByteArray(post + "Content-Length: 1048577\r\n\r\n") << 413 << true
                                   << QByteArray();
    QTest::newRow("chunk over 1 MiB")
        << QByteArray(post + "Transfer-Encoding: chunked\r\n\r\n100001\r\n") << 413 << true << QByteArray();
    QTest::newRow("CL over site limit")
        << QByteArray("POST /ok HTTP/1.1\r\nHost: small.test\r\nContent-Length: 1001\r\n\r\n") << 413 << true
        << QByteArray();
    QTest::newRow("CL at site limit") << QByteArray(
        "GET /ok HTTP/1.1\r\nHost: small.test\r\nContent-Length: 1000\r\n\r\n" + QByteArray(1000, 'x'))
                                      << 200 << false << QByteArray("SMALL");
    QTest::newRow("absolute form picks the limit")
        << QByteArray("POST http://small.test/ok HTTP/1.1\r\n" + host + "Content-Length: 1001\r\n\r\n") << 413
        << true << QByteArray();
}

void TestHttpConformance::requests()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    QFETCH(bool, closes);
    QFETCH(QByteArray, body);

    RawClient client(m_server.port());
    QVERIFY(client.isConnected());
    const RawClient::Reply reply = client.request(request);
    QVERIFY2(reply.complete, reply.head.constData());
    QCOMPARE(reply.status, status);
    if (!body.isEmpty()) {
        QCOMPARE(reply.body, body);
    } else if (status >= 400) {
        // The same plain page as for a 404, whatever phase refused the request.
        QVERIFY2(isDefaultErrorPage(reply.body, status), reply.body.constData());
        QCOMPARE(reply.field("Content-Type"), QByteArray("text/html"));
    }
    if (closes) {
        QCOMPARE(reply.field("Connection"), QByteArray("close"));
        QVERIFY(client.waitForClose());
    } else {
        QVERIFY(reply.field("Connection").isEmpty());
        // The connection is still in step: the next request gets its answer.
        QCOMPARE(client.request(get("/ok")).body, QByteArray("OK"));
    }
}

void TestHttpConformance::splitIntoSegments()
{
    // One byte per send with TCP_NODELAY, a pause now and then so that most
    // bytes arrive as segments of their own.
    RawClient client(m_server.port());
    const QByteArray request = "POST /ok HTTP/1.1\r\nHost: small.test\r\nTransfer-Encoding: chunked\r\n\r\n"
                               "4\r\nabcd\r\n0\r\n\r\n"
        + get("/ok");
    for (qsizetype i = 0; i < request.size(); ++i) {
        QVERIFY(client.send(request.mid(i, 1)));
        if (i % 8 == 0)
            QTest::qWait(2);
    }
    const RawClient::Reply first = client.read();
    QVERIFY(first.complete);
    QCOMPARE(first.status, 405); // a route answers GET and HEAD only
    const RawClient::Reply second = client.read();
    QCOMPARE(second.status, 200);
    QCOMPARE(second.body, QByteArray("OK"));
}

void TestHttpConformance::pipelinedInOrder()
{
    RawClient client(m_server.port());
    const QByteArray batch = get("/ok", "small.test")
        + "GET /ok HTTP/1.1\r\nHost: main.test\r\nContent-Length: 5\r\n\r\nhello"
        + "GET /index.html HTTP/1.1\r\nHost: main.test\r\nTransfer-Encoding: "
          "chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"
        + "\r\n" // an empty line between requests is ignored
        + get("/index.html", "small.test") + get("/missing");
    QVERIFY(client.send(batch));
    const QList<QPair<int, QByteArray>> expected = { { 200, "SMALL" }, { 200, "OK" }, { 200, "main index" },
        { 200, "small index" }, { 404, QByteArray() } };
    for (const auto &[status, body] : expected) {
        const RawClient::Reply reply = client.read();
        QVERIFY(reply.complete);
        QCOMPARE(reply.status, status);
        if (!body.isEmpty())
            QCOMPARE(reply.body, body);
    }
}

void TestHttpConformance::pipelinedToSmallReceiveBuffer()
{
    // Bodies from memory above 4 KB leave gathered with their head, a
    // smaller one copied behind it, a file above 16 KB by sendfile. A client
    // with a 4 KB receive buffer that sends 200 requests (15 MB of answers,
    // more than the server's socket can hold) before it reads makes the
    // socket take answers in pieces: every body must still arrive whole, in
    // order, whichever way it left.
    QByteArray medium(60 * 1024, Qt::Uninitialized);
    QByteArray small(3000, Qt::Uninitialized);
    QByteArray big(200 * 1024, Qt::Uninitialized);
    for (qsizetype i = 0; i < big.size(); ++i) {
        if (i < medium.size())
            medium[i] = char('a' + i % 23);
        if (i < small.size())
            small[i] = char('A' + i % 19);
        big[i] = char('0' + i % 10);
    }
    writeFile(m_mainRoot + QStringLiteral("/medium.bin"), medium);
    writeFile(m_mainRoot + QStringLiteral("/small.txt"), small);
    writeFile(m_mainRoot + QStringLiteral("/big.bin"), big);
    const QList<QPair<QByteArray, QByteArray>> files = { { "/medium.bin", medium }, { "/medium.bin", medium },
        { "/medium.bin", medium }, { "/small.txt", small }, { "/big.bin", big } };

    RawClient client(m_server.port(), 4096);
    constexpr int kRequests = 200;
    QByteArray batch;
    for (int i = 0; i < kRequests; ++i)
        batch += get(files[i % files.size()].first);
    QVERIFY(client.send(batch));
    for (int i = 0; i < kRequests; ++i) {
        const RawClient::Reply reply = client.read();
        const QByteArray &expected = files[i % files.size()].second;
        QVERIFY2(reply.complete, qPrintable(QStringLiteral("answer %1 incomplete").arg(i)));
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.body.size(), expected.size());
        QVERIFY2(reply.body == expected, qPrintable(QStringLiteral("answer %1 differs").arg(i)));
    }
}

void TestHttpConformance::malformedLineAnsweredAtOnce_data()
{
    // Only the request line (and what follows in the row) is sent: the head
    // never completes, so a server that waits for it answers 408 after the
    // 10 s header timeout instead of 400.
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("empty version, blank line") << QByteArray("GET / \r\n\r\n");
    QTest::newRow("empty version, Host follows") << QByteArray("GET / \r\nHost: a\r\n\r\n");
    QTest::newRow("empty version, line only") << QByteArray("GET / \r\n");
    QTest::newRow("no version, line only") << QByteArray("GET /\r\n");
    QTest::newRow("version garbage, line only") << QByteArray("GET / HTTP/1.1x\r\n");
    QTest::newRow("version without digits") << QByteArray("GET / HTTP/x.y\r\nHost: a\r\n");
    QTest::newRow("two spaces, line only") << QByteArray("GET  / HTTP/1.1\r\n");
    QTest::newRow("space in target, line only") << QByteArray("GET /a b HTTP/1.1\r\n");
    QTest::newRow("method not a token, line only") << QByteArray("G(T / HTTP/1.1\r\n");
    QTest::newRow("no method") << QByteArray(" / HTTP/1.1\r\n");
    QTest::newRow("control in target") << QByteArray("GET /\x01 HTTP/1.1\r\n");
    QTest::newRow("bare LF ends the line") << QByteArray("GET / HTTP/1.1\nHost: a\n");
}

void TestHttpConformance::malformedLineAnsweredAtOnce()
{
    QFETCH(QByteArray, bytes);
    RawClient client(m_server.port());
    QVERIFY(client.isConnected());
    QVERIFY(client.send(bytes));
    const RawClient::Reply reply = client.read();
    QVERIFY2(reply.complete, reply.head.constData());
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.field("Connection"), QByteArray("close"));
    QVERIFY(client.waitForClose());
}

void TestHttpConformance::malformedLinePipelined()
{
    // A good request, then a malformed line in the same segment: the first is
    // answered, the second gets its 400 at once and the connection closes.
    RawClient client(m_server.port());
    QVERIFY(client.send(get("/ok") + "GET / \r\n\r\n"));
    const RawClient::Reply first = client.read();
    QVERIFY(first.complete);
    QCOMPARE(first.status, 200);
    QCOMPARE(first.body, QByteArray("OK"));
    const RawClient::Reply second = client.read();
    QVERIFY2(second.complete, second.head.constData());
    QCOMPARE(second.status, 400);
    QVERIFY(client.waitForClose());
}

void TestHttpConformance::longHeadInPieces()
{
    // A head longer than the request-line limit but within the header limit,
    // cut in the middle of a field: the line limit applies to the line only.
    RawClient client(m_server.port());
    const QByteArray request
        = "GET /ok HTTP/1.1\r\nHost: main.test\r\nX-Long: " + QByteArray(12000, 'v') + "\r\n\r\n";
    QVERIFY(client.send(request.left(9000)));
    QTest::qWait(50);
    QVERIFY(client.send(request.mid(9000)));
    const RawClient::Reply reply = client.read();
    QVERIFY2(reply.complete, reply.head.constData());
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("OK"));
}

void TestHttpConformance::expectContinue()
{
    RawClient client(m_server.port());
    QVERIFY(client.send(
        "GET /ok HTTP/1.1\r\nHost: main.test\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"));
    // The interim response comes before any body byte was sent.
    const RawClient::Reply interim = client.read();
    QVERIFY(interim.complete);
    QCOMPARE(interim.status, 100);
    QVERIFY(client.send("hello"));
    const RawClient::Reply final = client.read();
    QCOMPARE(final.status, 200);
    QCOMPARE(final.body, QByteArray("OK"));

    // Without a body to wait for, no 100.
    const RawClient::Reply noBody
        = client.request("GET /ok HTTP/1.1\r\nHost: main.test\r\nExpect: 100-continue\r\n\r\n");
    QCOMPARE(noBody.status, 200);
    // With the body already there, a 100 may come first (RFC 9110 §10.1.1); the final answer follows.
    QVERIFY(client.send(
        "GET /ok HTTP/1.1\r\nHost: main.test\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nab"));
    RawClient::Reply reply = client.read();
    if (reply.status == 100)
        reply = client.read();
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("OK"));
}

void TestHttpConformance::expectContinueRefused()
{
    // Refused on its head: the final status, never a 100.
    RawClient client(m_server.port());
    const RawClient::Reply reply = client.request(
        "POST /ok HTTP/1.1\r\nHost: small.test\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n");
    QCOMPARE(reply.status, 413);
    QVERIFY(client.waitForClose());

    // HTTP/1.0 clients never get a 1xx (RFC 9110 §15.2).
    RawClient old(m_server.port());
    QVERIFY(old.send("GET /ok HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"));
    QTest::qWait(200);
    QVERIFY(old.send("ab"));
    const RawClient::Reply oldReply = old.read();
    QCOMPARE(oldReply.status, 200);
}

void TestHttpConformance::chunkedBodies()
{
    RawClient client(m_server.port());
    // Extensions, several chunks, trailer fields: read and dropped; the connection stays in step.
    const RawClient::Reply reply
        = client.request("GET /ok HTTP/1.1\r\nHost: small.test\r\nTransfer-Encoding: chunked\r\n\r\n"
                         "5;name=value\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n"
                         "0\r\nX-Trailer: yes\r\n\r\n");
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("SMALL"));
    QCOMPARE(client.request(get("/ok")).status, 200);

    // small.test takes 1000 bytes: chunks that add up to more are refused.
    RawClient over(m_server.port());
    QByteArray chunks;
    for (int i = 0; i < 3; ++i)
        chunks += "190\r\n" + QByteArray(400, 'x') + "\r\n";
    const RawClient::Reply refused = over.request(
        "POST /ok HTTP/1.1\r\nHost: small.test\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks);
    QCOMPARE(refused.status, 413);
    QVERIFY(over.waitForClose());
}

void TestHttpConformance::trickledHeadTimesOut()
{
    // Header timeout 1 s from the first byte: a line every 300 ms does not extend it.
    RawClient client(m_fastServer.port());
    QVERIFY(client.send("GET /ok HTTP/1.1\r\n"));
    QElapsedTimer timer;
    timer.start();
    while (!client.hasClosed() && timer.elapsed() < 20000) {
        client.send("X-Slow: " + QByteArray::number(timer.elapsed()) + "\r\n");
        QTest::qWait(300);
    }
    QVERIFY2(timer.elapsed() < 20000, "the trickling client was never cut off");
    const QByteArray answer = client.readAll();
    QVERIFY2(answer.startsWith("HTTP/1.1 408 "), answer.constData());
    QVERIFY2(isDefaultErrorPage(answer.mid(answer.indexOf("\r\n\r\n") + 4), 408), answer.constData());
}

void TestHttpConformance::idleKeepAliveTimesOut()
{
    RawClient client(m_fastServer.port());
    QCOMPARE(client.request(get("/ok")).status, 200);
    // Keep-alive 1 s: closed within a few seconds with nothing sent.
    QVERIFY(client.waitForClose(RawClient::kTimeoutMs));
}

void TestHttpConformance::stalledSendTimesOut()
{
    // A client that asks for 48 MiB with a small receive buffer and reads
    // nothing: the send stalls and the 1 s send timeout closes it.
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(fd >= 0);
    const int small = 4096;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(m_fastServer.port());
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    const QByteArray request = get("/large.bin");
    QCOMPARE(::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL), ssize_t(request.size()));
    QTest::qWait(4000); // send timeout 1 s, a tick of 1 s, and slack

    qint64 received = 0;
    bool closed = false;
    QElapsedTimer timer;
    timer.start();
    char chunk[65536];
    while (timer.elapsed() < 30000) {
        pollfd descriptor { fd, POLLIN, 0 };
        if (::poll(&descriptor, 1, 5000) <= 0)
            break;
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0) {
            closed = true;
            break;
        }
        received += n;
    }
    ::close(fd);
    QVERIFY2(closed, qPrintable(QStringLiteral("received %1 bytes, not closed").arg(received)));
    QVERIFY2(received < kLargeFileBytes, qPrintable(QStringLiteral("received %1 bytes").arg(received)));
}

void TestHttpConformance::connectionCapAnswers503()
{
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.maxConnectionsPerWorker = 2;
    QVERIFY(startServer(server, config, hosts()));

    auto first = std::make_unique<RawClient>(server.port());
    RawClient second(server.port());
    QCOMPARE(first->request(get("/ok")).status, 200);
    QCOMPARE(second.request(get("/ok")).status, 200);

    RawClient third(server.port());
    QVERIFY(third.isConnected());
    const RawClient::Reply refused = third.read(); // answered without a request, never a hang
    QVERIFY(refused.complete);
    QCOMPARE(refused.status, 503);
    QVERIFY2(isDefaultErrorPage(refused.body, 503), refused.body.constData());
    QCOMPARE(refused.field("Connection"), QByteArray("close"));
    QVERIFY(third.waitForClose());

    // Room again once a connection has gone (the worker sees the close a moment later).
    first.reset();
    QElapsedTimer timer;
    timer.start();
    int status = 0;
    while (status != 200 && timer.elapsed() < 15000) {
        RawClient next(server.port());
        status = next.request(get("/ok")).status;
        if (status != 200)
            QTest::qWait(100);
    }
    QCOMPARE(status, 200);
}

QTEST_GUILESS_MAIN(TestHttpConformance)
#include "tst_httpconformance.moc"
