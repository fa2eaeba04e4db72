// The bound on the connections to an upstream (issue #24: nginx's
// `server ... max_conns=N` with a queue, UpstreamPool and ProxyQueue.cpp)
// and the Retry-After of the proxy's own errors, over real sockets: raw
// upstreams inside the test that count the connections they accept.
#include "RawClient.h"
#include "Upstreams.h"

#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using hostbench::http::HttpServer;
using hostbench::model::ProxyRoute;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

constexpr std::size_t kQueueTimeout = 7; // MetricsSnapshot::kProxyErrorNames' "queue_timeout"

QByteArray get(const QByteArray &target)
{
    return "GET " + target + " HTTP/1.1\r\nHost: app.test\r\n\r\n";
}

// Connections open at the upstream now, and the most at once.
struct OpenCount
{
    std::atomic<int> now { 0 };
    std::atomic<int> most { 0 };
    void opened()
    {
        const int open = ++now;
        int seen = most.load();
        while (open > seen && !most.compare_exchange_weak(seen, open)) { }
    }
    void closed() { --now; }
};

// A keep-alive upstream that thinks `delayMs` before each answer, and counts its open connections.
RawUpstream::Script slowAnswers(OpenCount &count, int delayMs)
{
    return [&count, delayMs](RawUpstream &up, int fd, int) {
        count.opened();
        while (!up.readRequest(fd).isEmpty()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
            if (!RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nslow"))
                break;
        }
        count.closed();
    };
}

// A keep-alive upstream that answers each whole request at once.
RawUpstream::Script answering()
{
    return [](RawUpstream &up, int fd, int) {
        while (!up.readRequest(fd).isEmpty()) {
            if (!RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok\n"))
                return;
        }
    };
}

// A request that holds its upstream connection until its body is sent: the
// engine connects once the head is in and relays the body as it comes (each
// client read waits the header timeout, not the upstream's).
const QByteArray kHolding = "POST /first HTTP/1.1\r\nHost: app.test\r\nContent-Length: 5\r\n\r\n";
const QByteArray kHeldBody = "body\n";

} // namespace

class TestProxyLimit final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultLimit();
    void connectionsBoundedAndAllServed();
    void queueTimeoutIs503WithRetryAfter();
    void queuedClientThatHangsUpLeavesTheQueue();
    void engineStopsWhileRequestsWait();
    void noAppPageSaysRetryAfter();

private:
    bool start(HttpServer &server, quint16 upstreamPort, int limit, int timeoutMs = 5000);
    QStringList lines(const QString &name) const;

    QTemporaryDir m_dir;
};

void TestProxyLimit::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir().mkpath(m_dir.filePath(u"root"_s)));
}

bool TestProxyLimit::start(HttpServer &server, quint16 upstreamPort, int limit, int timeoutMs)
{
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.isDefault = true;
    host.documentRoot = m_dir.filePath(u"root"_s);
    host.accessLogEnabled = true;
    host.accessLogPath = m_dir.filePath(u"access.log"_s);
    QFile::remove(host.accessLogPath);
    host.errorLogPath = m_dir.filePath(u"error.log"_s);
    QFile::remove(host.errorLogPath);
    host.proxy.routes = { ProxyRoute { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstreamPort) } };
    host.proxy.upstreamTimeoutMs = timeoutMs;
    ServerConfig config;
    config.port = 0;
    config.threads = 1; // one worker: one pool, one bound
    config.upstreamConnectionsPerWorker = limit;
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

QStringList TestProxyLimit::lines(const QString &name) const
{
    QFile file(m_dir.filePath(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

void TestProxyLimit::defaultLimit()
{
    // 64 per upstream and worker unless the engine is told otherwise (not stored yet).
    QCOMPARE(ServerConfig().upstreamConnectionsPerWorker, 64);
    QCOMPARE(ServerConfig::kDefaultUpstreamConnections, 64);
}

void TestProxyLimit::connectionsBoundedAndAllServed()
{
    // 2 allowed, 7 clients at once to an upstream that takes 150 ms an answer: at most 2
    // connections reach it, the 5 others wait their turn (FIFO) and every client gets its answer.
    constexpr int kLimit = 2;
    constexpr int kClients = 7;
    OpenCount open;
    RawUpstream upstream(slowAnswers(open, 150));
    HttpServer server;
    QVERIFY(start(server, upstream.port(), kLimit));
    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < kClients; ++i) {
        clients.push_back(std::make_unique<RawClient>(server.port()));
        QVERIFY(clients.back()->send(get("/" + QByteArray::number(i))));
    }
    for (int round = 0; round < 2; ++round) { // and again on the same connections, pooled
        for (auto &client : clients) {
            const RawClient::Reply reply = client->read();
            QCOMPARE(reply.status, 200);
            QCOMPARE(reply.body, QByteArray("slow"));
            if (round == 0)
                QVERIFY(client->send(get("/again")));
        }
    }
    QVERIFY2(upstream.accepted() <= kLimit, qPrintable(QString::number(upstream.accepted())));
    QVERIFY2(open.most <= kLimit, qPrintable(QString::number(open.most)));
    const auto metrics = server.metrics();
    QVERIFY2(
        metrics.proxyQueued >= quint64(kClients - kLimit), qPrintable(QString::number(metrics.proxyQueued)));
    QCOMPARE(metrics.proxyErrors.at(kQueueTimeout), quint64(0));
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().statusClasses.at(1), quint64(2 * kClients), 5000);
}

void TestProxyLimit::queueTimeoutIs503WithRetryAfter()
{
    // 1 allowed and held by a first request: a second waits the site's upstream timeout, then gets
    // 503 with Retry-After, an error-log line of its own and the queue_timeout counter.
    RawUpstream upstream(answering());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), 1, 600));
    RawClient first(server.port());
    QVERIFY(first.send(kHolding));
    QTRY_COMPARE_WITH_TIMEOUT(upstream.accepted(), 1, 5000);
    RawClient second(server.port());
    QElapsedTimer timer;
    timer.start();
    const RawClient::Reply reply = second.request(get("/second"));
    QCOMPARE(reply.status, 503);
    QVERIFY2(timer.elapsed() >= 500 && timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(reply.field("Retry-After"), QByteArray("1"));
    QCOMPARE(reply.field("Connection"), QByteArray()); // kept alive
    QCOMPARE(upstream.accepted(), 1); // the second never reached the upstream
    QCOMPARE(server.metrics().proxyErrors.at(kQueueTimeout), quint64(1));
    QCOMPARE(server.metrics().proxyQueued, quint64(1));
    QTRY_VERIFY_WITH_TIMEOUT(!lines(u"error.log"_s).isEmpty(), 5000);
    const QString line = lines(u"error.log"_s).constFirst();
    QVERIFY2(
        line.contains(u"no connection to the upstream free within the upstream timeout"_s), qPrintable(line));
    // The held one still ends well, and the connection it gives back serves the next request.
    QVERIFY(first.send(kHeldBody));
    QCOMPARE(first.read().status, 200);
    QCOMPARE(second.request(get("/third")).status, 200);
    QCOMPARE(upstream.accepted(), 1);
    QCOMPARE(upstream.requests().size(), 2);
}

void TestProxyLimit::queuedClientThatHangsUpLeavesTheQueue()
{
    // A client that hangs up while its request waits leaves the queue at once (a 499 line, written
    // while the connection is still busy, long before the 20 s wait would end), and takes no slot
    // with it: the next requests are served.
    RawUpstream upstream(answering());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), 1, 20000));
    RawClient first(server.port());
    QVERIFY(first.send(kHolding));
    QTRY_COMPARE_WITH_TIMEOUT(upstream.accepted(), 1, 5000);
    {
        RawClient gone(server.port());
        QVERIFY(gone.send(get("/gone")));
        QTRY_COMPARE_WITH_TIMEOUT(server.metrics().proxyQueued, quint64(1), 5000);
    } // closed here
    QTRY_VERIFY_WITH_TIMEOUT(lines(u"access.log"_s).size() == 1, 3000);
    const QString line = lines(u"access.log"_s).constFirst();
    QVERIFY2(line.contains(u"\"GET /gone HTTP/1.1\" 499 "_s), qPrintable(line));
    QCOMPARE(upstream.requests().size(), 0); // still held: the hang-up was seen, not a slot's return
    QVERIFY(first.send(kHeldBody));
    QCOMPARE(first.read().status, 200);
    RawClient next(server.port());
    for (int i = 0; i < 3; ++i)
        QCOMPARE(next.request(get("/next")).status, 200);
    QCOMPARE(upstream.accepted(), 1);
    QCOMPARE(upstream.requests().size(), 4); // /gone never went upstream
}

void TestProxyLimit::engineStopsWhileRequestsWait()
{
    // The engine stops with requests in the queue: each is closed and logged (499), nothing hangs.
    RawUpstream upstream(answering());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), 1));
    RawClient first(server.port());
    QVERIFY(first.send(kHolding));
    QTRY_COMPARE_WITH_TIMEOUT(upstream.accepted(), 1, 5000);
    RawClient waiting1(server.port());
    RawClient waiting2(server.port());
    QVERIFY(waiting1.send(get("/w1")));
    QVERIFY(waiting2.send(get("/w2")));
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().proxyQueued, quint64(2), 5000);
    QElapsedTimer timer;
    timer.start();
    server.stop();
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(waiting1.waitForClose(5000));
    QVERIFY(waiting2.waitForClose(5000));
    const QStringList access = lines(u"access.log"_s);
    QCOMPARE(access.size(), 3);
    for (const char *path : { "/w1", "/w2" }) {
        const QString request = u"\"GET "_s + QLatin1String(path) + u" HTTP/1.1\" 499 "_s;
        QVERIFY2(std::any_of(access.begin(), access.end(),
                     [&](const QString &line) { return line.contains(request); }),
            qPrintable(access.join(u'\n')));
    }
}

void TestProxyLimit::noAppPageSaysRetryAfter()
{
    // Nothing listens yet (the site's app may be starting): 502 with "Retry-After: 1" (RFC 9110
    // §10.2.3), on a GET and a HEAD; the engine's other error answers carry none.
    const quint16 port = ChildUpstream::freePort();
    HttpServer server;
    QVERIFY(start(server, port, 4));
    RawClient client(server.port());
    const RawClient::Reply reply = client.request(get("/"));
    QCOMPARE(reply.status, 502);
    QCOMPARE(reply.field("Retry-After"), QByteArray("1"));
    const RawClient::Reply head = client.request("HEAD / HTTP/1.1\r\nHost: app.test\r\n\r\n", true);
    QCOMPARE(head.status, 502);
    QCOMPARE(head.field("Retry-After"), QByteArray("1"));
    const RawClient::Reply bad = client.request("GET /%zz HTTP/1.1\r\nHost: app.test\r\n\r\n");
    QVERIFY2(bad.status == 400, bad.head.constData());
    QCOMPARE(bad.field("Retry-After"), QByteArray());
}

QTEST_GUILESS_MAIN(TestProxyLimit)
#include "tst_proxylimit.moc"
