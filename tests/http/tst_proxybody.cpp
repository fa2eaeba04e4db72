// A proxied request's body, error page and log lines (issue #24), over real
// sockets to raw upstreams in the test (tests/http/Upstreams.h): the body
// streams to the upstream as it arrives (Content-Length and chunked), a slow
// upstream slows the client, the body limit mid-way, the 502 page of an app
// not listening yet, the bytes of a WebSocket in the access log, a client
// gone before an answer logged as 499 with descriptors back to their count.
// Kept apart from tst_proxy so that each stays short; every wait is short.
#include "RawClient.h"
#include "Upstreams.h"

#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using hostbench::http::HttpServer;
using hostbench::model::ProxyRoute;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

QByteArray fieldOf(const QByteArray &head, const QByteArray &name)
{
    for (const QByteArray &line : head.split('\n')) {
        const int colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.mid(colon + 1).trimmed();
    }
    return "<absent>";
}

// Reads from `fd` until `bytes` holds `marker` (after `from`) or `timeoutMs` passes; false then.
bool readUntil(int fd, QByteArray &bytes, const QByteArray &marker, qsizetype from = 0, int timeoutMs = 3000)
{
    QElapsedTimer timer;
    timer.start();
    while (bytes.indexOf(marker, from) < 0) {
        pollfd descriptor { fd, POLLIN, 0 };
        if (timer.elapsed() > timeoutMs || ::poll(&descriptor, 1, 100) < 0)
            return false;
        if (!(descriptor.revents & POLLIN))
            continue;
        char chunk[65536];
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0)
            return false;
        bytes.append(chunk, n);
    }
    return true;
}

// Reads from `fd` until `total` bytes came (or the peer closed, or `timeoutMs` without any).
qint64 drain(int fd, qint64 total, int timeoutMs = 5000)
{
    qint64 got = 0;
    char chunk[65536];
    while (got < total) {
        pollfd descriptor { fd, POLLIN, 0 };
        if (::poll(&descriptor, 1, timeoutMs) <= 0)
            break;
        const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0)
            break;
        got += n;
    }
    return got;
}

// The chunked body at the start of `bytes`, decoded; `complete` when its last chunk came.
QByteArray dechunk(QByteArray bytes, bool *complete)
{
    QByteArray decoded;
    *complete = false;
    for (;;) {
        const qsizetype lineEnd = bytes.indexOf("\r\n");
        if (lineEnd < 0)
            return decoded;
        const qsizetype size = bytes.left(lineEnd).toLongLong(nullptr, 16);
        if (size == 0) {
            *complete = bytes.mid(lineEnd + 2).startsWith("\r\n");
            return decoded;
        }
        decoded += bytes.mid(lineEnd + 2, size);
        bytes = bytes.mid(lineEnd + 2 + size + 2);
    }
}

// This process's peak resident set (VmHWM), in KiB; resetPeak() starts it again from now (clear_refs 5).
qint64 peakKiB()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

bool resetPeak()
{
    QFile refs(u"/proc/self/clear_refs"_s);
    return refs.open(QIODevice::WriteOnly) && refs.write("5") == 1;
}

int openDescriptors()
{
    return int(
        QDir(u"/proc/self/fd"_s).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System).size());
}

QByteArray okResponse(const QByteArray &body)
{
    return "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

} // namespace

class TestProxyBody final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void contentLengthBodyStreams();
    void chunkedBodyStreamsRechunked();
    void slowUpstreamSlowsTheClient();
    void expectContinueOnceTheUpstreamIsReady();
    void chunkedPastTheLimitMidway();
    void clientTooSlowWithItsBodyIs408();
    void earlyAnswerEndsTheUpload();
    void noAppListeningPage_data();
    void noAppListeningPage();
    void webSocketBytesLogged();
    void clientGoneMidUploadIs499();
    void clientGoneMidResponseKeepsItsStatus();
    void workerStoppingMidRequestIs499();

private:
    bool start(HttpServer &server, const QString &upstream, qint64 bodyLimit = 1024 * 1024);
    QStringList accessLines() const;

    QTemporaryDir m_dir;
    int m_headerTimeoutMs
        = 10'000; // start()'s ServerConfig::headerTimeoutMs (each body read waits this long)
};

void TestProxyBody::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir().mkpath(m_dir.filePath(u"root"_s)));
}

bool TestProxyBody::start(HttpServer &server, const QString &upstream, qint64 bodyLimit)
{
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.isDefault = true;
    host.documentRoot = m_dir.filePath(u"root"_s);
    host.accessLogEnabled = true;
    host.accessLogPath = m_dir.filePath(u"access.log"_s);
    QFile::remove(host.accessLogPath);
    host.errorLogPath = m_dir.filePath(u"error.log"_s);
    host.proxy.routes = { ProxyRoute { u"/"_s, upstream } };
    host.proxy.upstreamTimeoutMs = 5000;
    host.limits.maxBodyBytes = bodyLimit;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.headerTimeoutMs = m_headerTimeoutMs;
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

QStringList TestProxyBody::accessLines() const
{
    QFile file(m_dir.filePath(u"access.log"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

void TestProxyBody::contentLengthBodyStreams()
{
    // The upstream gets the head and the first part of the body while the client still holds the
    // rest back: nothing waits for the whole body. The Content-Length goes on as the client sent it.
    std::atomic<bool> sawFirstPart { false };
    QByteArray received;
    RawUpstream upstream([&](RawUpstream &, int fd, int) {
        QByteArray bytes;
        if (!readUntil(fd, bytes, "first-part"))
            return;
        sawFirstPart = true;
        if (!readUntil(fd, bytes, "second-part", bytes.indexOf("first-part")))
            return;
        received = bytes;
        RawUpstream::sendAll(fd, okResponse("stored"));
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    RawClient client(server.port());
    QVERIFY(client.send("PUT /file HTTP/1.1\r\nHost: app.test\r\nContent-Length: 22\r\n\r\nfirst-part"));
    QTRY_VERIFY_WITH_TIMEOUT(sawFirstPart.load(), 2000);
    QVERIFY(client.send("|second-part"));
    const RawClient::Reply reply = client.read();
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("stored"));
    QCOMPARE(fieldOf(received, "Content-Length"), QByteArray("22"));
    QVERIFY2(received.endsWith("\r\n\r\nfirst-part|second-part"), received.constData());
}

void TestProxyBody::chunkedBodyStreamsRechunked()
{
    // A chunked body still on its way goes upstream chunked (its length is unknown), a piece as it
    // comes: the upstream has the first chunk before the client sends the second.
    std::atomic<bool> sawFirstChunk { false };
    QByteArray head;
    QByteArray decoded;
    bool complete = false;
    RawUpstream upstream([&](RawUpstream &, int fd, int) {
        QByteArray bytes;
        if (!readUntil(fd, bytes, "alpha"))
            return;
        sawFirstChunk = true;
        if (!readUntil(fd, bytes, "\r\n0\r\n\r\n", bytes.indexOf("alpha")))
            return;
        const qsizetype headEnd = bytes.indexOf("\r\n\r\n");
        head = bytes.left(headEnd + 2);
        decoded = dechunk(bytes.mid(headEnd + 4), &complete);
        RawUpstream::sendAll(fd, okResponse("got it"));
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    RawClient client(server.port());
    QVERIFY(client.send(
        "POST /up HTTP/1.1\r\nHost: app.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nalpha\r\n"));
    QTRY_VERIFY_WITH_TIMEOUT(sawFirstChunk.load(), 2000);
    QVERIFY(client.send("4\r\nbeta\r\n0\r\n\r\n"));
    const RawClient::Reply reply = client.read();
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("got it"));
    QCOMPARE(fieldOf(head, "Transfer-Encoding"), QByteArray("chunked"));
    QCOMPARE(fieldOf(head, "Content-Length"), QByteArray("<absent>"));
    QVERIFY(complete);
    QCOMPARE(decoded, QByteArray("alphabeta"));
}

void TestProxyBody::slowUpstreamSlowsTheClient()
{
    // 64 MiB up to an upstream that reads nothing for a while: what the client managed to send stays
    // near the socket buffers (the engine reads no further than it writes), then all of it arrives.
    constexpr qint64 kTotal = 64 * 1024 * 1024;
    std::atomic<bool> reading { false };
    std::atomic<qint64> arrived { 0 };
    RawUpstream upstream([&](RawUpstream &, int fd, int) {
        int small = 64 * 1024;
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
        QByteArray head;
        if (!readUntil(fd, head, "\r\n\r\n"))
            return;
        while (!reading)
            QThread::msleep(10);
        const qint64 early = head.size() - head.indexOf("\r\n\r\n") - 4;
        arrived = early + drain(fd, kTotal - early);
        RawUpstream::sendAll(fd, okResponse(QByteArray::number(arrived.load())));
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port()), 2 * kTotal));
    RawClient client(server.port());
    const bool peakReset = resetPeak();
    const qint64 peakBefore = peakKiB();
    std::atomic<qint64> sent { 0 };
    QVERIFY(client.send(
        "PUT /big HTTP/1.1\r\nHost: app.test\r\nContent-Length: " + QByteArray::number(kTotal) + "\r\n\r\n"));
    std::thread sender([&] {
        const QByteArray piece(64 * 1024, 'u');
        while (sent < kTotal && client.send(piece))
            sent += piece.size();
    });
    QTest::qWait(1000);
    const qint64 whileStalled = sent.load();
    reading = true;
    sender.join();
    const RawClient::Reply reply = client.read();
    QVERIFY2(whileStalled < 16 * 1024 * 1024, qPrintable(QString::number(whileStalled)));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray::number(kTotal));
    // The whole test process (engine, client, upstream) grew its peak by far less than the upload.
    if (peakReset) {
        const qint64 growth = peakKiB() - peakBefore;
        qInfo(
            "64 MiB upload: peak resident set (VmHWM) %lld KiB, +%lld KiB during the upload; %lld bytes sent "
            "while the upstream read nothing",
            peakKiB(), growth, whileStalled);
        QVERIFY2(growth < 16 * 1024, qPrintable(QString::number(growth)));
    }
}

void TestProxyBody::expectContinueOnceTheUpstreamIsReady()
{
    // "Expect: 100-continue": the engine answers 100 once the upstream connection is ready (as it
    // does for any request once the head is accepted), Expect does not go upstream; a refused
    // upstream gets its 502 before the client sends the body.
    QByteArray received;
    RawUpstream upstream([&](RawUpstream &up, int fd, int) {
        received = up.readRequest(fd);
        RawUpstream::sendAll(fd, okResponse("ok"));
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    RawClient client(server.port());
    QVERIFY(client.send(
        "PUT /x HTTP/1.1\r\nHost: app.test\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"));
    QCOMPARE(client.read().status, 100);
    QVERIFY(client.send("body"));
    QCOMPARE(client.read().status, 200);
    QCOMPARE(fieldOf(received, "Expect"), QByteArray("<absent>"));
    QVERIFY(received.endsWith("\r\n\r\nbody"));

    HttpServer refused;
    QVERIFY(start(refused, u"http://127.0.0.1:%1"_s.arg(ChildUpstream::freePort())));
    RawClient second(refused.port());
    QVERIFY(second.send(
        "PUT /x HTTP/1.1\r\nHost: app.test\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n"));
    const RawClient::Reply reply = second.read();
    QCOMPARE(reply.status, 502);
    QCOMPARE(reply.field("Connection"), QByteArray("close")); // the body never came: the stream is in doubt
}

void TestProxyBody::chunkedPastTheLimitMidway()
{
    // A chunked body that passes the site's limit after part of it went upstream: 413 (nothing was
    // answered yet), the upstream connection is closed, never pooled.
    std::atomic<bool> sawStart { false };
    std::atomic<bool> sawClose { false };
    RawUpstream upstream([&](RawUpstream &, int fd, int index) {
        QByteArray bytes;
        if (index > 0) {
            if (readUntil(fd, bytes, "\r\n\r\n"))
                RawUpstream::sendAll(fd, okResponse("fresh"));
            RawUpstream::waitForClose(fd, 3000);
            return;
        }
        if (!readUntil(fd, bytes, "hello"))
            return;
        sawStart = true;
        sawClose = RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port()), 10));
    RawClient client(server.port());
    QVERIFY(
        client.send("POST / HTTP/1.1\r\nHost: app.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"));
    QTRY_VERIFY_WITH_TIMEOUT(sawStart.load(), 2000);
    QVERIFY(client.send("8\r\nworld!!!\r\n0\r\n\r\n"));
    const RawClient::Reply reply = client.read();
    QCOMPARE(reply.status, 413);
    QCOMPARE(reply.field("Connection"), QByteArray("close"));
    QTRY_VERIFY_WITH_TIMEOUT(sawClose.load(), 3000);
    RawClient next(server.port());
    QCOMPARE(next.request("GET / HTTP/1.1\r\nHost: app.test\r\n\r\n").body, QByteArray("fresh"));
    QCOMPARE(upstream.accepted(), 2); // a new connection: the cut one was not pooled
}

void TestProxyBody::clientTooSlowWithItsBodyIs408()
{
    // A client that stops sending its body for the header timeout (per read, as nginx's
    // client_body_timeout) gets 408, and the upstream's connection, holding part of a body, closes.
    std::atomic<bool> sawStart { false };
    std::atomic<bool> sawClose { false };
    RawUpstream upstream([&](RawUpstream &, int fd, int) {
        QByteArray bytes;
        if (!readUntil(fd, bytes, "slow"))
            return;
        sawStart = true;
        sawClose = RawUpstream::waitForClose(fd, 5000);
    });
    m_headerTimeoutMs = 1000;
    HttpServer server;
    const bool started = start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port()));
    m_headerTimeoutMs = 10'000;
    QVERIFY(started);
    RawClient client(server.port());
    QVERIFY(client.send("PUT /x HTTP/1.1\r\nHost: app.test\r\nContent-Length: 100\r\n\r\nslow"));
    QTRY_VERIFY_WITH_TIMEOUT(sawStart.load(), 2000);
    QElapsedTimer timer;
    timer.start();
    const RawClient::Reply reply = client.read();
    QCOMPARE(reply.status, 408);
    QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
    QTRY_VERIFY_WITH_TIMEOUT(sawClose.load(), 3000);
}

void TestProxyBody::earlyAnswerEndsTheUpload()
{
    // An app that answers before the body's end (a 403 for an upload it refuses): its answer reaches
    // the client at once, not after a timeout, and the client's connection closes after it; the
    // upstream's connection is not pooled.
    RawUpstream upstream([](RawUpstream &, int fd, int) {
        QByteArray bytes;
        if (!readUntil(fd, bytes, "\r\n\r\n"))
            return;
        RawUpstream::sendAll(fd, "HTTP/1.1 403 Forbidden\r\nContent-Length: 7\r\n\r\nrefused");
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    RawClient client(server.port());
    QElapsedTimer timer;
    timer.start();
    QVERIFY(client.send("PUT /x HTTP/1.1\r\nHost: app.test\r\nContent-Length: 100000\r\n\r\nstart"));
    const RawClient::Reply reply = client.read();
    QCOMPARE(reply.status, 403);
    QCOMPARE(reply.body, QByteArray("refused"));
    QCOMPARE(reply.field("Connection"), QByteArray("close"));
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(client.waitForClose(3000));
    // The upstream's connection had part of a body only: not pooled, the next request takes a new one.
    RawClient next(server.port());
    QCOMPARE(next.request("GET / HTTP/1.1\r\nHost: app.test\r\n\r\n").status, 403);
    QCOMPARE(upstream.accepted(), 2);
    QCOMPARE(server.metrics().proxyErrors.at(6), quint64(0)); // not even sent there first, then retried
}

void TestProxyBody::noAppListeningPage_data()
{
    QTest::addColumn<bool>("unixSocket");
    QTest::addColumn<QByteArray>("accept");
    QTest::addColumn<QByteArray>("type");
    QTest::newRow("tcp, browser") << false << QByteArray("text/html,application/xhtml+xml,*/*;q=0.8")
                                  << QByteArray("text/html; charset=utf-8");
    QTest::newRow("tcp, curl") << false << QByteArray("*/*") << QByteArray("text/plain; charset=utf-8");
    QTest::newRow("tcp, no accept") << false << QByteArray() << QByteArray("text/plain; charset=utf-8");
    QTest::newRow("tcp, json client")
        << false << QByteArray("application/json") << QByteArray("text/plain; charset=utf-8");
    QTest::newRow("absent socket, browser")
        << true << QByteArray("TEXT/HTML") << QByteArray("text/html; charset=utf-8");
    QTest::newRow("absent socket, plain") << true << QByteArray() << QByteArray("text/plain; charset=utf-8");
}

void TestProxyBody::noAppListeningPage()
{
    // Refused, or a unix socket that does not exist: 502 at once with a page that names the upstream
    // and says no app listens there yet (a site's app may still be starting), not a hang.
    QFETCH(bool, unixSocket);
    QFETCH(QByteArray, accept);
    QFETCH(QByteArray, type);
    const QString upstream = unixSocket ? u"unix:"_s + m_dir.filePath(u"absent.sock"_s)
                                        : u"http://127.0.0.1:%1"_s.arg(ChildUpstream::freePort());
    HttpServer server;
    QVERIFY(start(server, upstream));
    RawClient client(server.port());
    QElapsedTimer timer;
    timer.start();
    const QByteArray acceptField = accept.isEmpty() ? QByteArray() : "Accept: " + accept + "\r\n";
    const RawClient::Reply reply
        = client.request("GET /page HTTP/1.1\r\nHost: app.test\r\n" + acceptField + "\r\n");
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(reply.status, 502);
    QCOMPARE(reply.field("Content-Type"), type);
    const QByteArray name = upstream.toUtf8();
    QVERIFY2(
        reply.body.contains(QByteArray("No app is listening at " + name + " yet.")), reply.body.constData());
    QVERIFY2(reply.body.contains("may still be starting"), reply.body.constData());
    QCOMPARE(type.startsWith("text/html"), reply.body.startsWith("<!DOCTYPE html>"));
    QCOMPARE(client.request("GET / HTTP/1.1\r\nHost: app.test\r\n\r\n").status, 502); // kept alive
    // A HEAD gets the same head and no body: the next answer on the connection is whole.
    const RawClient::Reply head
        = client.request("HEAD / HTTP/1.1\r\nHost: app.test\r\n" + acceptField + "\r\n", true);
    QCOMPARE(head.status, 502);
    const RawClient::Reply next
        = client.request("GET / HTTP/1.1\r\nHost: app.test\r\n" + acceptField + "\r\n");
    QCOMPARE(next.status, 502);
    QCOMPARE(next.body, reply.body);
}

void TestProxyBody::webSocketBytesLogged()
{
    // The tunnel's bytes to the client are the response's: logged when the tunnel closes, as nginx does.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(
            fd, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n");
        QThread::msleep(50);
        RawUpstream::sendAll(fd, "frame-one|"); // 10 bytes
        RawUpstream::sendAll(fd, "frame-two"); // 9 bytes
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    RawClient client(server.port());
    const RawClient::Reply switched = client.request(
        "GET /ws HTTP/1.1\r\nHost: app.test\r\nConnection: upgrade\r\nUpgrade: echo\r\n\r\n", true);
    QCOMPARE(switched.status, 101);
    QCOMPARE(client.readAll(), QByteArray("frame-one|frame-two"));
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 3000);
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 1);
    QVERIFY2(access[0].contains(u"\"GET /ws HTTP/1.1\" 101 19 "_s), qPrintable(access[0]));
}

void TestProxyBody::clientGoneMidUploadIs499()
{
    // The client leaves mid-body: a 499 line (no answer began), the upstream connection closed, and
    // the descriptors back to their count (the upstream's side stays open in RawUpstream until its end).
    std::atomic<bool> sawStart { false };
    std::atomic<bool> sawClose { false };
    RawUpstream upstream([&](RawUpstream &, int fd, int) {
        QByteArray bytes;
        if (!readUntil(fd, bytes, "part"))
            return;
        sawStart = true;
        sawClose = RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    const int baseline = openDescriptors();
    {
        RawClient client(server.port());
        QVERIFY(client.send("PUT /up HTTP/1.1\r\nHost: app.test\r\nContent-Length: 1000\r\n\r\npart"));
        QTRY_VERIFY_WITH_TIMEOUT(sawStart.load(), 2000);
    } // gone
    QTRY_VERIFY_WITH_TIMEOUT(sawClose.load(), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(openDescriptors(), baseline + upstream.accepted(), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 3000);
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 1);
    QVERIFY2(access[0].contains(u"\"PUT /up HTTP/1.1\" 499 0 "_s), qPrintable(access[0]));
}

void TestProxyBody::clientGoneMidResponseKeepsItsStatus()
{
    // A client gone once the head went out keeps the upstream's status and the body bytes it took
    // (nginx logs those too, 499 being for no answer yet); the upstream connection, with unread
    // bytes, is closed, and the descriptors come back to their count.
    std::atomic<bool> sawClose { false };
    RawUpstream upstream([&](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n");
        const QByteArray piece(64 * 1024, 'x');
        for (int i = 0; i < 1500 && !up.stopping(); ++i) {
            if (!RawUpstream::sendAll(fd, piece)) {
                sawClose = true;
                return;
            }
        }
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    const int baseline = openDescriptors();
    {
        RawClient client(server.port(), 16 * 1024);
        QVERIFY(client.send("GET /big HTTP/1.1\r\nHost: app.test\r\n\r\n"));
        QVERIFY(client.bufferUntil(32 * 1024).startsWith("HTTP/1.1 200"));
    } // gone, with unread bytes: reset
    QTRY_VERIFY_WITH_TIMEOUT(sawClose.load(), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(openDescriptors(), baseline + upstream.accepted(), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 3000);
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 1);
    static const QRegularExpression line(u"\"GET /big HTTP/1\\.1\" 200 (\\d+) "_s);
    const QRegularExpressionMatch match = line.match(access[0]);
    QVERIFY2(match.hasMatch() && match.captured(1).toLongLong() > 0, qPrintable(access[0]));
}

void TestProxyBody::workerStoppingMidRequestIs499()
{
    // The engine stops while the upstream thinks: the request is logged (499), not lost.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        up.readRequest(fd);
        RawUpstream::waitForClose(fd, 3000);
    });
    HttpServer server;
    QVERIFY(start(server, u"http://127.0.0.1:%1"_s.arg(upstream.port())));
    RawClient client(server.port());
    QVERIFY(client.send("GET /slow HTTP/1.1\r\nHost: app.test\r\n\r\n"));
    QTRY_COMPARE_WITH_TIMEOUT(upstream.requests().size(), 1, 2000);
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 1);
    QVERIFY2(access[0].contains(u"\"GET /slow HTTP/1.1\" 499 0 "_s), qPrintable(access[0]));
}

QTEST_GUILESS_MAIN(TestProxyBody)
#include "tst_proxybody.moc"
