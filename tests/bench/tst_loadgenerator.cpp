#include "LoadGeneratorFixture.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>

using hostbench::bench::LoadGenerator;
using hostbench::model::BenchParameters;
using hostbench::model::RunSummary;

// The load generator against a real server on 127.0.0.1: counts, keep-alive,
// failures by kind, bodies. Timing-related behaviour: tst_loadgeneratortiming.
class TestLoadGenerator final : public QObject, private LoadGeneratorFixture
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void refusesBadParameters_data();
    void refusesBadParameters();
    void requestsExactCount();
    void requestsExactCountOverThreads();
    void keepAliveReusesConnections();
    void withoutKeepAliveOneConnectionPerRequest();
    void statusCounts();
    void lengthMismatchFails();
    void connectFailureOnClosedPort();
    void timeoutWhenServerNeverAnswers();
    void writeFailureWhenServerResets();
    void unansweredAtStopAreUnfinished();
    void openModelCountsNotSent();
    void bodyDelimitedByClose();
    void keepAliveClosedByServerIsReopened();
    void largeBodies();
    void headRequests();
    void interimResponsesAreSkipped_data();
    void interimResponsesAreSkipped();
    void switchingProtocolsIsTheResponse();
    void requestAsSeenByServer_data();
    void requestAsSeenByServer();
    void generatorIsReusable();
};

void TestLoadGenerator::init()
{
    m_server = std::make_unique<TestHttpServer>();
}

void TestLoadGenerator::cleanup()
{
    m_server.reset();
}

void TestLoadGenerator::refusesBadParameters_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("concurrency");
    QTest::addColumn<qint64>("requests");
    QTest::addColumn<QString>("reason");

    QTest::newRow("ftp") << u"ftp://127.0.0.1/"_qs << 1 << qint64(1) << u"http://"_qs;
    QTest::newRow("empty") << QString() << 1 << qint64(1) << u"URL"_qs;
    QTest::newRow("no host") << u"http:///x"_qs << 1 << qint64(1) << u"host"_qs;
    QTest::newRow("unresolvable") << u"http://no-such-host.invalid/"_qs << 1 << qint64(1) << u"resolve"_qs;
    QTest::newRow("concurrency 0") << u"http://127.0.0.1/"_qs << 0 << qint64(1) << u"concurrency"_qs;
    QTest::newRow("no end") << u"http://127.0.0.1/"_qs << 1 << qint64(0) << u"duration"_qs;
}

void TestLoadGenerator::refusesBadParameters()
{
    QFETCH(QString, url);
    QFETCH(int, concurrency);
    QFETCH(qint64, requests);
    QFETCH(QString, reason);

    BenchParameters p;
    p.url = url;
    p.concurrency = concurrency;
    p.requests = requests;
    LoadGenerator generator;
    QString error;
    QVERIFY(!generator.start(p, &error));
    QVERIFY2(error.contains(reason, Qt::CaseInsensitive), qPrintable(error));
    QVERIFY(generator.isFinished());
}

void TestLoadGenerator::requestsExactCount()
{
    BenchParameters p = parameters("/ok");
    p.requests = 1000;
    p.concurrency = 7;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(1000));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(m_server->requests(), quint64(1000));
    QCOMPARE(s.statusCounts.value(200), quint64(1000));
    QCOMPARE(s.documentLength, qint64(2));
    QCOMPARE(s.htmlBytes, quint64(2000));
    QCOMPARE(s.serverSoftware, u"TestHttpServer/1.0"_qs);
    QCOMPARE(s.serverHostname, u"127.0.0.1"_qs);
    QCOMPARE(s.serverPort, m_server->port());
    QCOMPARE(s.documentPath, u"/ok"_qs);
    QCOMPARE(s.concurrency, 7);
    QVERIFY(s.totalBytes > s.htmlBytes);
    QVERIFY(s.timeTakenSec > 0);
    QVERIFY(qAbs(s.requestsPerSecond - 1000 / s.timeTakenSec) < 1e-6 * s.requestsPerSecond);
    QVERIFY(!s.interrupted);
    QCOMPARE(s.percentiles.size(), 9);
    QCOMPARE(s.percentiles.first().first, 50);
    QCOMPARE(s.percentiles.last().first, 100);
    QCOMPARE(s.percentiles.last().second, s.latencyMaxMs);
    QVERIFY(s.latencyMinMs <= s.latencyP50Ms && s.latencyP50Ms <= s.latencyP99Ms
        && s.latencyP99Ms <= s.latencyMaxMs);
    QCOMPARE(s.total.maxMs, s.latencyMaxMs);
}

void TestLoadGenerator::requestsExactCountOverThreads()
{
    BenchParameters p = parameters("/ok");
    p.requests = 3001;
    p.concurrency = 9;
    p.threads = 3;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(3001));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.threads, 3);
    QCOMPARE(m_server->requests(), quint64(3001));
}

void TestLoadGenerator::keepAliveReusesConnections()
{
    BenchParameters p = parameters("/ok");
    p.requests = 500;
    p.concurrency = 5;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(500));
    QCOMPARE(s.keepAliveRequests, quint64(500));
    QVERIFY2(
        m_server->connectionsAccepted() <= 5, qPrintable(QString::number(m_server->connectionsAccepted())));
    QCOMPARE(s.connect.maxMs > 0, true); // the first request on each connection connected
    QVERIFY(s.connect.medianMs < s.total.medianMs || s.total.medianMs == 0);
}

void TestLoadGenerator::withoutKeepAliveOneConnectionPerRequest()
{
    BenchParameters p = parameters("/ok");
    p.requests = 200;
    p.concurrency = 4;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(200));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.keepAliveRequests, quint64(0));
    QCOMPARE(m_server->connectionsAccepted(), quint64(200));
}

void TestLoadGenerator::statusCounts()
{
    BenchParameters p = parameters("/mixed");
    p.requests = 300;
    p.concurrency = 3;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(300));
    QCOMPARE(s.statusCounts.value(200), quint64(100));
    QCOMPARE(s.statusCounts.value(404), quint64(100));
    QCOMPARE(s.statusCounts.value(500), quint64(100));
    QCOMPARE(s.statusCounts.size(), 3);
    QCOMPARE(s.non2xx, quint64(200));
}

void TestLoadGenerator::lengthMismatchFails()
{
    BenchParameters p = parameters("/vary");
    p.requests = 100;
    p.concurrency = 1;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.documentLength, qint64(2));
    // As ab: every response is complete; the 50 of another length are failed as well.
    QCOMPARE(s.completed, quint64(100));
    QCOMPARE(s.failedLength, quint64(50));
    QCOMPARE(s.failed, quint64(50));
    QCOMPARE(s.statusCounts.value(200), quint64(100));
    QVERIFY(!s.interrupted);
}

void TestLoadGenerator::connectFailureOnClosedPort()
{
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 closedPort = probe.serverPort();
    probe.close();

    BenchParameters p;
    p.url = QStringLiteral("http://127.0.0.1:%1/").arg(closedPort);
    p.requests = 20;
    p.concurrency = 2;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(0));
    QCOMPARE(s.failedConnect, quint64(20));
    QCOMPARE(s.failed, quint64(20));
    QCOMPARE(s.percentiles.last().second, 0.0);
}

void TestLoadGenerator::unansweredAtStopAreUnfinished()
{
    // A server that accepts and never answers, a run shorter than the
    // timeout: each connection's request is under way when the run stops.
    BenchParameters p = parameters("/silent");
    p.durationMs = 500;
    p.concurrency = 4;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(0));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.unfinished, quint64(4));
    QCOMPARE(s.notSent, quint64(0)); // the closed model has no schedule
    QCOMPARE(m_server->requests(), quint64(4));
}

void TestLoadGenerator::openModelCountsNotSent()
{
    // 50 requests/s over 4 connections for 1 s: send times every 20 ms from
    // 0 to 1000 ms (51); each connection sends its first and then waits for
    // an answer that never comes, so the other 47 are never sent.
    BenchParameters p = parameters("/silent");
    p.durationMs = 1000;
    p.concurrency = 4;
    p.keepAlive = true;
    p.rate = 50;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(0));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.unfinished, quint64(4));
    // 47 when the run stops on its deadline; 46 if the deadline timer fired a
    // tick early, 48 if it fired 20 ms late.
    QVERIFY2(s.notSent >= 46 && s.notSent <= 48, qPrintable(QString::number(s.notSent)));
    QCOMPARE(m_server->requests(), quint64(4));
}

void TestLoadGenerator::timeoutWhenServerNeverAnswers()
{
    BenchParameters p = parameters("/silent");
    p.requests = 3;
    p.concurrency = 1;
    p.keepAlive = true;
    p.timeoutMs = 200;
    QElapsedTimer clock;
    clock.start();
    const RunSummary s = run(p);
    QCOMPARE(s.failedTimeout, quint64(3));
    QCOMPARE(s.failed, quint64(3));
    QCOMPARE(s.completed, quint64(0));
    QVERIFY(clock.elapsed() >= 3 * 200);
    QVERIFY(clock.elapsed() < 30000);
}

void TestLoadGenerator::writeFailureWhenServerResets()
{
    // A server that takes each connection, reads nothing and resets it
    // (SO_LINGER 0) while the client is still sending a 32 MB body, more
    // than both socket buffers hold: every request fails while being
    // written, and counts as a write failure, as wrk counts them.
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    QVERIFY(listener >= 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    QCOMPARE(::bind(listener, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    QCOMPARE(::listen(listener, 16), 0);
    QCOMPARE(::getsockname(listener, reinterpret_cast<sockaddr *>(&address), &length), 0);
    std::atomic<bool> stop = false;
    std::thread resetter([&] {
        while (!stop) {
            const int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd < 0)
                return;
            ::usleep(50 * 1000); // let the client fill the buffers
            const linger reset { 1, 0 };
            ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
            ::close(fd);
        }
    });

    BenchParameters p;
    p.url = QStringLiteral("http://127.0.0.1:%1/upload").arg(ntohs(address.sin_port));
    p.method = "POST";
    p.body = QByteArray(32 * 1024 * 1024, 'x');
    p.requests = 3;
    p.concurrency = 1;
    p.threads = 1;
    p.timeoutMs = 30000;
    const RunSummary s = run(p);
    stop = true;
    ::shutdown(listener, SHUT_RDWR); // wakes accept4
    resetter.join();
    ::close(listener);
    QCOMPARE(s.failedWrite, quint64(3));
    QCOMPARE(s.failed, quint64(3));
    QCOMPARE(s.failedRead, quint64(0));
    QCOMPARE(s.completed, quint64(0));
}

void TestLoadGenerator::bodyDelimitedByClose()
{
    BenchParameters p = parameters("/eof");
    p.requests = 10;
    p.concurrency = 2;
    p.keepAlive = true; // the server closes anyway
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(10));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.documentLength, qint64(2));
    QCOMPARE(s.keepAliveRequests, quint64(0));
}

void TestLoadGenerator::keepAliveClosedByServerIsReopened()
{
    // As ab: a kept-alive connection the server closed between two requests
    // is reopened for the next request, which does not count as failed.
    BenchParameters p = parameters("/drop");
    p.requests = 50;
    p.concurrency = 1;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(50));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(m_server->requests(), quint64(50));
    QCOMPARE(m_server->connectionsAccepted(), quint64(50));
}

void TestLoadGenerator::largeBodies()
{
    BenchParameters p = parameters("/big");
    p.requests = 20;
    p.concurrency = 2;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(20));
    QCOMPARE(s.documentLength, qint64(100000));
    QCOMPARE(s.htmlBytes, quint64(20 * 100000));
}

void TestLoadGenerator::headRequests()
{
    BenchParameters p = parameters("/ok");
    p.method = "HEAD";
    p.requests = 10;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(10));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.htmlBytes, quint64(0));
}

void TestLoadGenerator::interimResponsesAreSkipped_data()
{
    // RFC 9110 §15.2: a client reads the 1xx (interim) responses before the
    // final one, expected or not; each row is the path, keep-alive, method.
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QByteArray>("method");
    QTest::newRow("103 Early Hints") << QByteArray("/interim/103") << true << QByteArray("GET");
    QTest::newRow("100 Continue unasked") << QByteArray("/interim/100") << true << QByteArray("GET");
    QTest::newRow("100 then 103") << QByteArray("/interim/100,103") << true << QByteArray("GET");
    QTest::newRow("three 103") << QByteArray("/interim/103,103,103") << true << QByteArray("GET");
    QTest::newRow("an unknown 1xx") << QByteArray("/interim/199") << true << QByteArray("GET");
    QTest::newRow("103 in a read of its own") << QByteArray("/interim/103/20") << true << QByteArray("GET");
    QTest::newRow("103 without keep-alive") << QByteArray("/interim/103") << false << QByteArray("GET");
    QTest::newRow("103 to HEAD") << QByteArray("/interim/103") << true << QByteArray("HEAD");
    QTest::newRow("103 to HEAD, a read of its own")
        << QByteArray("/interim/103/20") << true << QByteArray("HEAD");
}

void TestLoadGenerator::interimResponsesAreSkipped()
{
    QFETCH(QByteArray, path);
    QFETCH(bool, keepAlive);
    QFETCH(QByteArray, method);
    BenchParameters p = parameters(path.constData());
    p.requests = 20;
    p.concurrency = 2;
    p.keepAlive = keepAlive;
    p.method = method;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(20));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.statusCounts.value(200), quint64(20));
    QCOMPARE(s.statusCounts.size(), 1);
    QCOMPARE(s.non2xx, quint64(0));
    const bool head = method == "HEAD";
    QCOMPARE(s.documentLength, qint64(head ? 0 : 2));
    QCOMPARE(s.htmlBytes, quint64(head ? 0 : 20 * 2));
    // One request per answer, on connections kept as the final response says.
    QCOMPARE(m_server->requests(), quint64(20));
    QCOMPARE(m_server->connectionsAccepted(), quint64(keepAlive ? 2 : 20));
    QCOMPARE(s.keepAliveRequests, quint64(keepAlive ? 20 : 0));
}

void TestLoadGenerator::switchingProtocolsIsTheResponse()
{
    // 101 aside (RFC 9110 §15.2.2): it is the last HTTP on that connection,
    // so it is the response, and the next request needs a new connection.
    BenchParameters p = parameters("/interim/101");
    p.requests = 5;
    p.concurrency = 1;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(5));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(s.statusCounts.value(101), quint64(5));
    QCOMPARE(s.statusCounts.size(), 1);
    QCOMPARE(s.keepAliveRequests, quint64(0));
    QCOMPARE(m_server->connectionsAccepted(), quint64(5));
}

void TestLoadGenerator::requestAsSeenByServer_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QList<QByteArray>>("headers"); // "Name: value"
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QList<QByteArray>>("expectedLines"); // besides the request line
    QTest::addColumn<QList<QByteArray>>("absentLines");

    QTest::newRow("GET with headers")
        << QByteArray("GET") << QList<QByteArray> { "X-One: 1", "Accept: text/html" } << QByteArray()
        << QByteArray() << QString()
        << QList<QByteArray> { "X-One: 1", "Accept: text/html", "Host: 127.0.0.1:%PORT%" }
        << QList<QByteArray> { "Accept: */*", "Content-Length: 0", "Content-Type:" };
    QTest::newRow("POST body and type")
        << QByteArray("POST") << QList<QByteArray> {} << QByteArray("a=1&b=two")
        << QByteArray("application/x-www-form-urlencoded") << QString()
        << QList<QByteArray> { "Content-Type: application/x-www-form-urlencoded", "Content-Length: 9" }
        << QList<QByteArray> {};
    QTest::newRow("PUT, Host override")
        << QByteArray("PUT") << QList<QByteArray> { "Authorization: Bearer x y" }
        << QByteArray("{\"k\": [1, 2]}") << QByteArray("application/json") << u"example.test:8080"_qs
        << QList<QByteArray> { "Host: example.test:8080", "Authorization: Bearer x y",
               "Content-Type: application/json", "Content-Length: 13" }
        << QList<QByteArray> { "Host: 127.0.0.1" };
    QTest::newRow("DELETE, Host header given")
        << QByteArray("DELETE") << QList<QByteArray> { "Host: other.test" } << QByteArray() << QByteArray()
        << QString() << QList<QByteArray> { "Host: other.test", "Content-Length: 0" }
        << QList<QByteArray> { "Host: 127.0.0.1" };
}

void TestLoadGenerator::requestAsSeenByServer()
{
    QFETCH(QByteArray, method);
    QFETCH(QList<QByteArray>, headers);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, contentType);
    QFETCH(QString, host);
    QFETCH(QList<QByteArray>, expectedLines);
    QFETCH(QList<QByteArray>, absentLines);

    BenchParameters p = parameters("/ok?q=1");
    p.method = method;
    for (const QByteArray &header : headers) {
        const qsizetype colon = header.indexOf(':');
        p.headers.append({ header.left(colon), header.mid(colon + 1).trimmed() });
    }
    p.body = body;
    p.contentType = contentType;
    p.hostOverride = host;
    p.requests = 6;
    p.concurrency = 2;
    p.keepAlive = true;
    const RunSummary s = run(p);
    // Kept-alive connections: the server read each body whole, or the next request would not parse.
    QCOMPARE(s.completed, quint64(6));
    QCOMPARE(s.failed, quint64(0));
    QCOMPARE(m_server->requests(), quint64(6));

    const QByteArray seen = m_server->lastRequest();
    const qsizetype split = seen.indexOf("\r\n\r\n");
    QVERIFY2(split > 0, seen.constData());
    QCOMPARE(seen.mid(split + 4), body);
    const QList<QByteArray> lines = seen.left(split).replace("\r\n", "\n").split('\n');
    QCOMPARE(lines.first(), method + " /ok?q=1 HTTP/1.1");
    const QByteArray port = QByteArray::number(m_server->port());
    for (QByteArray line : expectedLines) {
        line.replace("%PORT%", port);
        QVERIFY2(lines.contains(line), QByteArray(line + "\n---\n" + seen).constData());
    }
    for (const QByteArray &line : absentLines) {
        for (const QByteArray &actual : lines)
            QVERIFY2(!actual.startsWith(line), QByteArray(line + "\n---\n" + seen).constData());
    }
}

void TestLoadGenerator::generatorIsReusable()
{
    LoadGenerator generator;
    BenchParameters p = parameters("/ok");
    p.requests = 30;
    QCOMPARE(run(p, &generator).completed, quint64(30));
    p.requests = 40;
    QCOMPARE(run(p, &generator).completed, quint64(40));
    QCOMPARE(m_server->requests(), quint64(70));
}

QTEST_GUILESS_MAIN(TestLoadGenerator)
#include "tst_loadgenerator.moc"
