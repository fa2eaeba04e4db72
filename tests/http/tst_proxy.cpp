// A site or a path of it proxied to an upstream app server (issue #24),
// over real sockets: python3's http.server and a node WebSocket echo app as
// children, and raw upstreams inside the test for what a real app rarely
// does (malformed heads, early closes, stalls). Each case names the
// behaviour of ProxyResponder / ProxyHead / UpstreamPool it checks.
#include "RawClient.h"
#include "Upstreams.h"

#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using hostbench::http::HttpServer;
using hostbench::model::ProxyRoute;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

QByteArray okResponse(const QByteArray &body, const QByteArray &extra = {})
{
    return "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extra + "\r\n"
        + body;
}

// An HTTP/1.1 upstream that answers every request on a connection with `body`, keeping it alive.
RawUpstream::Script answering(const QByteArray &body, const QByteArray &extra = {})
{
    return [body, extra](RawUpstream &up, int fd, int) {
        while (!up.readRequest(fd).isEmpty()) {
            if (!RawUpstream::sendAll(fd, okResponse(body, extra)))
                return;
        }
    };
}

// What the client received once `marker` is in it (or the server stopped sending).
QByteArray readUntil(RawClient &client, const QByteArray &marker)
{
    for (;;) {
        const qsizetype before = client.bufferUntil(0).size();
        if (client.bufferUntil(0).contains(marker))
            return client.bufferUntil(0);
        if (client.bufferUntil(before + 1).size() == before)
            return client.bufferUntil(0);
    }
}

QByteArray fieldOf(const QByteArray &head, const QByteArray &name)
{
    for (const QByteArray &line : head.split('\n')) {
        const int colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.mid(colon + 1).trimmed();
    }
    return "<absent>";
}

} // namespace

class TestProxy final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void relaysToPythonHttpServer();
    void requestHeadToTheUpstream();
    void upstreamsOwnHost();
    void responseHopByHopRemoved();
    void keepAlivePoolReusesConnections();
    void chunkedBothWays();
    void requestBodyLimit();
    void refusedIs502AtOnce();
    void noAnswerIs504();
    void invalidHeads_data();
    void invalidHeads();
    void earlyCloseRetriedForIdempotentOnly();
    void streamedAnswerGoesOutAsItComes();
    void clientGoneClosesUpstream();
    void slowClientSlowsUpstream();
    void webSocketThroughNode();
    void tunnelIdleTimeout();
    void abortedRelayIsCountedAndLogged();
    void bodyCutShortByTheUpstream_data();
    void bodyCutShortByTheUpstream();
    void loggedInTheOrderOfItsFirstByte();
    void noContentLengthOn204();

private:
    bool start(HttpServer &server, const QList<ProxyRoute> &routes, int timeoutMs = 5000,
        bool upstreamHost = false, qint64 bodyLimit = 1024 * 1024);
    static QByteArray get(const QByteArray &target, const QByteArray &extra = {})
    {
        return "GET " + target + " HTTP/1.1\r\nHost: app.test\r\n" + extra + "\r\n";
    }
    QStringList errorLines() const;
    QStringList accessLines() const;

    QTemporaryDir m_dir;
    QString m_root;
    bool m_accessLog = false; // start() gives the site an access log (accessLines())
};

void TestProxy::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(u"root"_s);
    QVERIFY(QDir().mkpath(m_root + u"/app"_s));
    QFile file(m_root + u"/app/page.txt"_s);
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write("from python\n") > 0);
    QFile local(m_root + u"/local.txt"_s);
    QVERIFY(local.open(QIODevice::WriteOnly) && local.write("from files\n") > 0);
}

bool TestProxy::start(
    HttpServer &server, const QList<ProxyRoute> &routes, int timeoutMs, bool upstreamHost, qint64 bodyLimit)
{
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.isDefault = true;
    host.documentRoot = m_root;
    host.accessLogEnabled = m_accessLog;
    host.accessLogPath = m_dir.filePath(u"access.log"_s);
    QFile::remove(host.accessLogPath);
    host.errorLogPath = m_dir.filePath(u"error.log"_s);
    QFile::remove(host.errorLogPath);
    host.proxy.routes = routes;
    host.proxy.upstreamTimeoutMs = timeoutMs;
    host.proxy.sendUpstreamHost = upstreamHost;
    host.limits.maxBodyBytes = bodyLimit;
    ServerConfig config;
    config.port = 0;
    config.threads = 1; // one worker: one pool, so reuse is visible
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

QStringList TestProxy::errorLines() const
{
    QFile file(m_dir.filePath(u"error.log"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

QStringList TestProxy::accessLines() const
{
    QFile file(m_dir.filePath(u"access.log"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

void TestProxy::relaysToPythonHttpServer()
{
    // /app is proxied to python3's http.server (its own folder: the test's root); the rest stays files.
    const quint16 port = ChildUpstream::freePort();
    ChildUpstream python;
    QVERIFY(python.start(u"python3"_s,
        { u"-m"_s, u"http.server"_s, QString::number(port), u"--bind"_s, u"127.0.0.1"_s, u"--directory"_s,
            m_root },
        port));
    HttpServer server;
    QVERIFY(start(server, { { u"/app"_s, u"http://127.0.0.1:%1"_s.arg(port) } }));
    RawClient client(server.port());
    const RawClient::Reply page = client.request(get("/app/page.txt"));
    QCOMPARE(page.status, 200);
    QCOMPARE(page.body, QByteArray("from python\n"));
    // The app's Server and Date give way to the engine's, one of each (nginx's proxy_hide_header defaults).
    QVERIFY2(page.field("Server").startsWith("Hostbench/"), page.head.constData());
    QCOMPARE(page.head.count("\r\nServer:"), 1);
    QCOMPARE(page.head.count("\r\nDate:"), 1);
    QVERIFY(!page.head.contains("SimpleHTTP"));
    // The same connection goes on (python closes its side; the client's stays open) with a file.
    const RawClient::Reply local = client.request(get("/local.txt"));
    QCOMPARE(local.status, 200);
    QCOMPARE(local.body, QByteArray("from files\n"));
    // Any method goes through: python refuses POST itself (501), not the engine (405).
    const RawClient::Reply post
        = client.request("POST /app/x HTTP/1.1\r\nHost: app.test\r\nContent-Length: 2\r\n\r\nhi");
    QCOMPARE(post.status, 501);
    // "/application" is not under "/app": a file path, 404 from the engine.
    QCOMPARE(client.request(get("/application")).status, 404);
}

void TestProxy::requestHeadToTheUpstream()
{
    RawUpstream upstream(answering("ok"));
    HttpServer server;
    QVERIFY(start(server, { { u"/api"_s, u"http://127.0.0.1:%1/v1"_s.arg(upstream.port()) } }));
    RawClient client(server.port());
    const RawClient::Reply reply
        = client.request("GET /api/items?q=1 HTTP/1.1\r\nHost: app.test:8080\r\n"
                         "X-Forwarded-For: 6.6.6.6\r\nForwarded: for=6.6.6.6\r\n"
                         "X-Forwarded-Host: evil.test\r\nConnection: keep-alive, X-Hop\r\n"
                         "X-Hop: secret\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\n"
                         "Proxy-Authorization: Basic eA==\r\nUpgrade: h2c\r\n"
                         "X-Custom: kept\r\n\r\n");
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("ok"));
    const QList<QByteArray> seen = upstream.requests();
    QCOMPARE(seen.size(), 1);
    const QByteArray head = seen.constFirst();
    QVERIFY2(head.startsWith("GET /v1/items?q=1 HTTP/1.1\r\n"), head.constData()); // prefix -> base path
    QCOMPARE(fieldOf(head, "Host"), QByteArray("app.test:8080")); // as the client sent it
    QCOMPARE(fieldOf(head, "X-Forwarded-For"), QByteArray("127.0.0.1")); // replaced, not appended
    QCOMPARE(fieldOf(head, "X-Forwarded-Proto"), QByteArray("http"));
    QCOMPARE(fieldOf(head, "X-Forwarded-Host"), QByteArray("app.test:8080"));
    QCOMPARE(fieldOf(head, "Forwarded"), QByteArray("for=127.0.0.1;host=\"app.test:8080\";proto=http"));
    QCOMPARE(head.count("\r\nForwarded:"), 1); // the engine's only, none of the client's
    QCOMPARE(head.count("\r\nX-Forwarded-For:"), 1);
    for (const QByteArray name :
        { "Connection", "X-Hop", "Keep-Alive", "TE", "Proxy-Authorization", "Upgrade" })
        QVERIFY2(fieldOf(head, name) == "<absent>", QByteArray(name + " was forwarded: " + head).constData());
    QCOMPARE(fieldOf(head, "X-Custom"), QByteArray("kept"));
}

void TestProxy::upstreamsOwnHost()
{
    RawUpstream upstream(answering("ok"));
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 5000, true));
    RawClient client(server.port());
    QCOMPARE(client.request(get("/x")).status, 200);
    const QByteArray head = upstream.requests().value(0);
    QVERIFY2(head.startsWith("GET /x HTTP/1.1\r\n"), head.constData()); // no base path: the target as sent
    QCOMPARE(fieldOf(head, "Host"), "127.0.0.1:" + QByteArray::number(upstream.port()));
    QCOMPARE(fieldOf(head, "X-Forwarded-Host"), QByteArray("app.test"));
}

void TestProxy::responseHopByHopRemoved()
{
    RawUpstream upstream(answering("body",
        "Connection: X-Secret\r\nX-Secret: 1\r\nKeep-Alive: timeout=9\r\n"
        "Proxy-Thing: 2\r\nUpgrade: h2c\r\nX-App: yes\r\n"));
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    RawClient client(server.port());
    const RawClient::Reply reply = client.request(get("/"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("body"));
    QCOMPARE(reply.field("Content-Length"), QByteArray("4"));
    QCOMPARE(reply.field("X-App"), QByteArray("yes"));
    for (const QByteArray name : { "X-Secret", "Keep-Alive", "Proxy-Thing", "Upgrade", "Connection" })
        QVERIFY2(reply.field(name).isEmpty(), QByteArray(name + " was relayed: " + reply.head).constData());
}

void TestProxy::keepAlivePoolReusesConnections()
{
    RawUpstream upstream(answering("pooled"));
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    for (int i = 0; i < 3; ++i) {
        RawClient client(server.port()); // a new client connection each time
        QCOMPARE(client.request(get("/n")).body, QByteArray("pooled"));
    }
    QCOMPARE(upstream.requests().size(), 3);
    QCOMPARE(upstream.accepted(), 1); // one upstream connection served all three
}

void TestProxy::chunkedBothWays()
{
    // The client's chunked body reaches the upstream decoded with a Content-Length; the upstream's
    // chunked answer reaches the client chunked, whole.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n");
        ::usleep(100 * 1000);
        RawUpstream::sendAll(fd, "6\r\n world\r\n0\r\n\r\n");
        up.readRequest(fd, 2000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    RawClient client(server.port());
    QVERIFY(client.send("POST /up HTTP/1.1\r\nHost: app.test\r\nTransfer-Encoding: chunked\r\n\r\n"
                        "3\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n"));
    const QByteArray all = readUntil(client, "\r\n0\r\n\r\n");
    QVERIFY2(all.contains("Transfer-Encoding: chunked\r\n"), all.constData());
    const QByteArray body = all.mid(all.indexOf("\r\n\r\n") + 4);
    // Chunked to the client (however the pieces were cut), "hello world" once decoded.
    QByteArray decoded;
    for (QByteArray rest = body; !rest.isEmpty();) {
        const qsizetype lineEnd = rest.indexOf("\r\n");
        const qsizetype size = rest.left(lineEnd).toLongLong(nullptr, 16);
        if (lineEnd < 0 || size == 0)
            break;
        decoded += rest.mid(lineEnd + 2, size);
        rest = rest.mid(lineEnd + 2 + size + 2);
    }
    QCOMPARE(decoded, QByteArray("hello world"));
    QVERIFY2(body.endsWith("\r\n0\r\n\r\n"), body.constData());
    const QByteArray sent = upstream.requests().value(0);
    QVERIFY2(
        sent.contains("\r\nContent-Length: 7\r\n") && sent.endsWith("\r\n\r\nabcdefg"), sent.constData());
    QVERIFY(!sent.toLower().contains("transfer-encoding"));
}

void TestProxy::requestBodyLimit()
{
    RawUpstream upstream(answering("ok"));
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 5000, false, 10));
    RawClient client(server.port());
    const RawClient::Reply reply
        = client.request("POST / HTTP/1.1\r\nHost: app.test\r\nContent-Length: 11\r\n\r\nhello world");
    QCOMPARE(reply.status, 413);
    QCOMPARE(upstream.accepted(), 0);
}

void TestProxy::refusedIs502AtOnce()
{
    const quint16 closed = ChildUpstream::freePort(); // nothing listens there
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(closed) } }, 30000));
    RawClient client(server.port());
    QElapsedTimer timer;
    timer.start();
    const RawClient::Reply reply = client.request(get("/"));
    QCOMPARE(reply.status, 502);
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    // The client connection stays usable.
    QCOMPARE(client.request(get("/")).status, 502);
    QCOMPARE(server.metrics().proxyErrors.at(0), quint64(2)); // refused
    QTRY_VERIFY_WITH_TIMEOUT(!errorLines().isEmpty(), 5000);
    const QString line = errorLines().constFirst();
    QVERIFY2(line.contains(u"site app.test, upstream http://127.0.0.1:%1: connection failed"_s.arg(closed)),
        qPrintable(line));
}

void TestProxy::noAnswerIs504()
{
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        up.readRequest(fd);
        RawUpstream::waitForClose(fd, 10000); // reads, never answers
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 400));
    RawClient client(server.port());
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(client.request(get("/")).status, 504);
    QVERIFY(timer.elapsed() >= 350 && timer.elapsed() < 5000);
    QCOMPARE(server.metrics().proxyErrors.at(1), quint64(1)); // timeout
    QTRY_VERIFY_WITH_TIMEOUT(!errorLines().isEmpty(), 5000);
    QVERIFY2(errorLines().constFirst().contains(u"timed out waiting for the upstream"_s),
        qPrintable(errorLines().constFirst()));
}

void TestProxy::invalidHeads_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<int>("metric");
    QTest::addColumn<QString>("reason");
    QTest::newRow("garbage") << QByteArray("NOT HTTP AT ALL\r\n\r\n") << 2 << u"invalid response head"_s;
    QTest::newRow("bad status") << QByteArray("HTTP/1.1 2x0 OK\r\n\r\n") << 2 << u"invalid response head"_s;
    QTest::newRow("bad field") << QByteArray("HTTP/1.1 200 OK\r\nBad Field: x\r\n\r\n") << 2
                               << u"invalid response head"_s;
    QTest::newRow("cut short") << QByteArray("HTTP/1.1 200 OK\r\nContent-") << 2
                               << u"invalid response head"_s;
    QTest::newRow("oversized") << "HTTP/1.1 200 OK\r\nX-Big: " + QByteArray(20000, 'a') + "\r\n\r\n"
                               << 3 << u"response head from the upstream too large"_s;
}

void TestProxy::invalidHeads()
{
    QFETCH(QByteArray, answer);
    QFETCH(int, metric);
    QFETCH(QString, reason);
    RawUpstream upstream([answer](RawUpstream &up, int fd, int) {
        up.readRequest(fd);
        RawUpstream::sendAll(fd, answer);
        ::shutdown(fd, SHUT_WR);
        RawUpstream::waitForClose(fd, 5000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    RawClient client(server.port());
    QCOMPARE(client.request(get("/")).status, 502);
    QCOMPARE(server.metrics().proxyErrors.at(metric), quint64(1));
    QTRY_VERIFY_WITH_TIMEOUT(!errorLines().isEmpty(), 5000);
    QVERIFY2(errorLines().constFirst().contains(reason), qPrintable(errorLines().constFirst()));
}

void TestProxy::earlyCloseRetriedForIdempotentOnly()
{
    // The first connection closes without answering; the next answers.
    RawUpstream upstream([](RawUpstream &up, int fd, int index) {
        if (up.readRequest(fd).isEmpty())
            return;
        if (index == 0)
            return; // closed, no answer
        RawUpstream::sendAll(fd, okResponse("second"));
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    {
        RawClient client(server.port());
        const RawClient::Reply reply = client.request(get("/idempotent"));
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.body, QByteArray("second"));
        QCOMPARE(upstream.accepted(), 2);
        QCOMPARE(server.metrics().proxyErrors.at(6), quint64(1)); // retried
    }
    RawUpstream closing([](RawUpstream &up, int fd, int) { up.readRequest(fd); });
    HttpServer second;
    QVERIFY(start(second, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(closing.port()) } }));
    RawClient client(second.port());
    QCOMPARE(client.request("POST / HTTP/1.1\r\nHost: app.test\r\nContent-Length: 1\r\n\r\nx").status, 502);
    QCOMPARE(closing.accepted(), 1); // a POST is never sent twice
    QCOMPARE(client.request(get("/")).status, 502); // a GET is, once: both connections closed
    QCOMPARE(closing.accepted(), 3);
    QCOMPARE(second.metrics().proxyErrors.at(4), quint64(2)); // closed early
}

void TestProxy::streamedAnswerGoesOutAsItComes()
{
    // An answer the upstream sends a piece at a time (server-sent events, a
    // progress stream): each piece reaches the client when it comes, not
    // once the relay's piece is full, and the upstream timeout counts the
    // wait between pieces (nginx's proxy_read_timeout), not the whole answer.
    // (Found by a hostile pass: the first piece came only with the last, and
    // an answer longer than the timeout was cut at it with 0 bytes sent.)
    std::atomic<bool> release { false };
    RawUpstream upstream([&release](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(fd,
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
            "8\r\ntick 01\n\r\n");
        // Held until the client has the first piece (10 s at most).
        for (int i = 0; i < 1000 && !release.load() && !up.stopping(); ++i)
            QThread::msleep(10);
        // Then a piece every 300 ms: 2.4 s in all, past the 1,000 ms upstream timeout.
        for (int i = 2; i <= 9 && !up.stopping(); ++i) {
            QThread::msleep(300);
            RawUpstream::sendAll(fd, QByteArray("8\r\ntick 0") + QByteArray::number(i) + "\n\r\n");
        }
        RawUpstream::sendAll(fd, "0\r\n\r\n");
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 1000));
    RawClient client(server.port());
    QVERIFY(client.send(get("/events")));
    QTRY_VERIFY_WITH_TIMEOUT((client.hasClosed(), client.bufferUntil(0).contains("tick 01\n")), 5000);
    QVERIFY(client.bufferUntil(0).startsWith("HTTP/1.1 200"));
    release = true;
    QTRY_VERIFY_WITH_TIMEOUT((client.hasClosed(), client.bufferUntil(0).endsWith("\r\n0\r\n\r\n")), 10000);
    const QByteArray answer = client.bufferUntil(0);
    for (int i = 1; i <= 9; ++i) {
        const QByteArray tick = "tick 0" + QByteArray::number(i) + "\n";
        QVERIFY2(answer.contains(tick), answer.constData());
    }
    QCOMPARE(server.metrics().proxyErrors.at(1), quint64(0)); // no timeout
}

void TestProxy::clientGoneClosesUpstream()
{
    // A long body the client stops reading and leaves: the upstream's connection is closed, not pooled.
    std::atomic<bool> upstreamSawClose { false };
    RawUpstream upstream([&upstreamSawClose](RawUpstream &up, int fd, int index) {
        if (up.readRequest(fd).isEmpty())
            return;
        if (index > 0) {
            RawUpstream::sendAll(fd, okResponse("fresh"));
            RawUpstream::waitForClose(fd, 3000);
            return;
        }
        RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n");
        const QByteArray piece(64 * 1024, 'x');
        for (int i = 0; i < 1500 && !up.stopping(); ++i) {
            if (!RawUpstream::sendAll(fd, piece)) {
                upstreamSawClose = true;
                return;
            }
        }
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    {
        RawClient client(server.port(), 32 * 1024);
        QVERIFY(client.send(get("/big")));
        QVERIFY(client.bufferUntil(1000).startsWith("HTTP/1.1 200"));
    } // gone
    QTRY_VERIFY_WITH_TIMEOUT(upstreamSawClose.load(), 15000);
    RawClient next(server.port());
    QCOMPARE(next.request(get("/again")).body, QByteArray("fresh"));
    QCOMPARE(upstream.accepted(), 2); // the half-read connection was not reused
}

void TestProxy::slowClientSlowsUpstream()
{
    // 64 MiB from the upstream to a client that reads nothing for a while: what the upstream
    // managed to send stays near the socket buffers, not the whole body, and then all arrives.
    constexpr qint64 kTotal = 64 * 1024 * 1024;
    std::atomic<qint64> sent { 0 };
    RawUpstream upstream([&sent](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        int small = 64 * 1024;
        ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
        RawUpstream::sendAll(
            fd, "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(kTotal) + "\r\n\r\n");
        const QByteArray piece(64 * 1024, 'y');
        while (sent < kTotal && RawUpstream::sendAll(fd, piece))
            sent += piece.size();
        RawUpstream::waitForClose(fd, 5000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 30000));
    RawClient client(server.port(), 64 * 1024);
    QVERIFY(client.send(get("/huge")));
    QVERIFY(client.bufferUntil(100).startsWith("HTTP/1.1 200"));
    QTest::qWait(1500);
    const qint64 whileStalled = sent.load();
    QVERIFY2(whileStalled < 16 * 1024 * 1024, qPrintable(QString::number(whileStalled)));
    const QByteArray &all = client.bufferUntil(kTotal + 200);
    QVERIFY(all.size() > kTotal);
    QVERIFY(all.endsWith("yyyy"));
}

void TestProxy::webSocketThroughNode()
{
    // A WebSocket echo app on node's http 'upgrade' event (RFC 6455 handshake, one text frame back).
    const QString script = m_dir.filePath(u"echo.js"_s);
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"JS(
const http = require('http'); const crypto = require('crypto');
const server = http.createServer((req, res) => { res.end('plain'); });
server.on('upgrade', (req, socket) => {
  const accept = crypto.createHash('sha1')
    .update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
               'Sec-WebSocket-Accept: ' + accept + '\r\n\r\n');
  socket.on('data', (d) => {
    const len = d[1] & 0x7f; const mask = d.slice(2, 6); const out = Buffer.alloc(len);
    for (let i = 0; i < len; i++) out[i] = d[6 + i] ^ mask[i % 4];
    socket.write(Buffer.concat([Buffer.from([0x81, len]), out]));
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1');
)JS");
    file.close();
    const quint16 port = ChildUpstream::freePort();
    ChildUpstream node;
    QVERIFY(node.start(u"node"_s, { script, QString::number(port) }, port));
    HttpServer server;
    QVERIFY(start(server, { { u"/ws"_s, u"http://127.0.0.1:%1"_s.arg(port) } }));
    RawClient client(server.port());
    const RawClient::Reply switched
        = client.request(get("/ws",
                             "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"),
            true);
    QCOMPARE(switched.status, 101);
    QCOMPARE(switched.field("Sec-WebSocket-Accept"), QByteArray("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="));
    QCOMPARE(switched.field("Upgrade").toLower(), QByteArray("websocket"));
    // A masked text frame "hello" (RFC 6455 §5.2); the echo comes back unmasked.
    const QByteArray mask("\x01\x02\x03\x04", 4);
    QByteArray frame("\x81\x85", 2);
    frame += mask;
    const QByteArray text("hello");
    for (int i = 0; i < text.size(); ++i)
        frame += char(text[i] ^ mask[i % 4]);
    QVERIFY(client.send(frame));
    QCOMPARE(client.bufferUntil(7), QByteArray("\x81\x05hello", 7));
}

void TestProxy::tunnelIdleTimeout()
{
    // An upgraded connection on which nothing moves is closed after the site's upstream timeout.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(
            fd, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n");
        RawUpstream::waitForClose(fd, 10000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 700));
    RawClient client(server.port());
    const RawClient::Reply switched
        = client.request(get("/", "Connection: upgrade\r\nUpgrade: echo\r\n"), true);
    QCOMPARE(switched.status, 101);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(client.waitForClose(5000));
    QVERIFY2(timer.elapsed() >= 500, qPrintable(QString::number(timer.elapsed())));
}

void TestProxy::bodyCutShortByTheUpstream_data()
{
    QTest::addColumn<QByteArray>("answer");
    QTest::addColumn<QByteArray>("relayed"); // the body bytes that must reach the client
    QTest::newRow("content-length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc")
                                    << QByteArray("abc");
    QTest::newRow("chunked") << QByteArray(
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
                             << QByteArray("hello");
}

void TestProxy::bodyCutShortByTheUpstream()
{
    // The upstream closes before the end of the body it announced: what it sent reaches the
    // client, the client's connection closes (the body is short), and the error log and
    // proxy_errors{closed_mid_body} say why, as nginx's "upstream prematurely closed" (tester's report).
    QFETCH(QByteArray, answer);
    QFETCH(QByteArray, relayed);
    RawUpstream upstream([answer](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(fd, answer);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    RawClient client(server.port());
    QVERIFY(client.send(get("/partial")));
    const QByteArray received = client.readAll();
    QVERIFY2(received.startsWith("HTTP/1.1 200"), received.constData());
    QVERIFY2(received.contains(relayed), received.constData());
    QVERIFY(!received.endsWith("0\r\n\r\n")); // no last chunk: the client can tell
    QCOMPARE(server.metrics().proxyErrors.at(5), quint64(1)); // closed_mid_body
    QTRY_VERIFY_WITH_TIMEOUT(!errorLines().isEmpty(), 5000);
    QVERIFY2(errorLines().constFirst().contains(u"before the end of the response body"_s),
        qPrintable(errorLines().constFirst()));
}

void TestProxy::abortedRelayIsCountedAndLogged()
{
    // A relayed body the client leaves mid-way: counted once and logged once, with its status and
    // the body bytes that went out (Connection::abortResponse), as a download given up.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n");
        const QByteArray piece(64 * 1024, 'x');
        for (int i = 0; i < 1500 && !up.stopping() && RawUpstream::sendAll(fd, piece); ++i) { }
    });
    m_accessLog = true;
    HttpServer server;
    const bool started = start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } });
    m_accessLog = false;
    QVERIFY(started);
    {
        RawClient client(server.port(), 16 * 1024);
        QVERIFY(client.send(get("/big")));
        QVERIFY(client.bufferUntil(64 * 1024).startsWith("HTTP/1.1 200"));
    } // closed with unread bytes: reset
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 15000);
    const auto metrics = server.metrics();
    QCOMPARE(metrics.statusClasses[1], quint64(1));
    QCOMPARE(metrics.perSite.value(0).requests, quint64(1));
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 1);
    static const QRegularExpression sent(u"^\\S+ - - \\[[^]]+\\] \"GET /big HTTP/1\\.1\" 200 (\\d+) "_s);
    const QRegularExpressionMatch match = sent.match(access[0]);
    QVERIFY2(match.hasMatch(), qPrintable(access[0]));
    const qint64 bytes = match.captured(1).toLongLong();
    QVERIFY2(bytes >= 64 * 1024 - 200 && bytes < 100000000, qPrintable(access[0]));
    QVERIFY(quint64(bytes) < metrics.perSite.value(0).bytesSent); // the site's count has the head too
}

void TestProxy::loggedInTheOrderOfItsFirstByte()
{
    // A proxied answer is stamped for the log when its first byte goes out, not when the request
    // is handed over: a file answered on another connection while the upstream thinks comes first.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        QThread::msleep(600);
        RawUpstream::sendAll(fd, okResponse("late"));
        RawUpstream::waitForClose(fd, 3000);
    });
    m_accessLog = true;
    HttpServer server;
    const bool started = start(server, { { u"/slow"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } });
    m_accessLog = false;
    QVERIFY(started);
    RawClient slow(server.port());
    QVERIFY(slow.send(get("/slow")));
    QTRY_COMPARE_WITH_TIMEOUT(upstream.accepted(), 1, 5000);
    RawClient local(server.port());
    QCOMPARE(local.request(get("/local.txt")).body, QByteArray("from files\n"));
    QCOMPARE(slow.read().body, QByteArray("late"));
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 2);
    QVERIFY2(access[0].contains(u"\"GET /local.txt HTTP/1.1\" 200"_s), qPrintable(access[0]));
    QVERIFY2(access[1].contains(u"\"GET /slow HTTP/1.1\" 200 4 "_s), qPrintable(access[1]));
}

void TestProxy::noContentLengthOn204()
{
    // RFC 9110 §8.6: a 204 has no Content-Length; an upstream that sends one anyway is corrected.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(fd, "HTTP/1.1 204 No Content\r\nContent-Length: 20\r\nX-App: yes\r\n\r\n");
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/empty"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }));
    RawClient client(server.port());
    const RawClient::Reply reply = client.request(get("/empty"));
    QCOMPARE(reply.status, 204);
    QCOMPARE(reply.field("X-App"), QByteArray("yes"));
    QVERIFY2(!reply.head.contains("Content-Length"), reply.head.constData());
    // The client's connection goes on, in step.
    QCOMPARE(client.request(get("/local.txt")).body, QByteArray("from files\n"));
}

QTEST_GUILESS_MAIN(TestProxy)
#include "tst_proxy.moc"
