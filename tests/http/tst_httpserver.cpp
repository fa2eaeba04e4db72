#include "RawClient.h"

#include "http/HttpServer.h"
#include "model/LatencyHistogram.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

using hostbench::http::HttpServer;
using hostbench::model::LatencyHistogram;
using hostbench::model::MetricsSnapshot;
using hostbench::model::Route;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

// The whole engine over 127.0.0.1, spoken to in raw bytes.
class TestHttpServer final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void virtualHosts_data();
    void virtualHosts();
    void headHasNoBody();
    void notFoundAndMethods();
    void traversal_data();
    void traversal();
    void persistence_data();
    void persistence();
    void fixedRoute();
    void pipelinedInOrder();
    void garbageIs400ThenClose();
    void oversizedHeadIs431();
    void requestBodyIsSkipped();
    void directoryIndexAndRedirect();
    void largeFileStreams();
    void socketsAreCloseOnExec();
    void listenersDeferAccept();
    void metricsCountRequests();
    void reloadTakesEffect();
    void portFallback();
    void startErrors();
    void stopClosesAndRestartWorks();
    void idleConnectionsTimeOut();

private:
    static void writeFile(const QString &path, const QByteArray &content);
    QList<VirtualHost> hosts() const;
    // A server of a test's own, beside m_server: a free port, two workers.
    static ServerConfig ownServerConfig();
    static QByteArray get(const QByteArray &target, const QByteArray &host = "main.test",
        const QByteArray &extra = QByteArray());

    QTemporaryDir m_dir;
    QString m_mainRoot;
    QString m_otherRoot;
    QByteArray m_largeFile;
    HttpServer m_server;
};

void TestHttpServer::writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
}

ServerConfig TestHttpServer::ownServerConfig()
{
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    return config;
}

QByteArray TestHttpServer::get(const QByteArray &target, const QByteArray &host, const QByteArray &extra)
{
    return "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + extra + "\r\n";
}

QList<VirtualHost> TestHttpServer::hosts() const
{
    VirtualHost main;
    main.hostName = QStringLiteral("main.test");
    main.aliases = { QStringLiteral("www.main.test"), QStringLiteral("::1") };
    main.documentRoot = m_mainRoot;
    main.routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "OK" } };
    VirtualHost other;
    other.hostName = QStringLiteral("other.test");
    other.documentRoot = m_otherRoot;
    other.isDefault = true;
    return { main, other };
}

void TestHttpServer::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QDir dir(m_dir.path());
    QVERIFY(dir.mkpath(QStringLiteral("main/dir")));
    QVERIFY(dir.mkpath(QStringLiteral("other")));
    QVERIFY(dir.mkpath(QStringLiteral("outside")));
    m_mainRoot = dir.filePath(QStringLiteral("main"));
    m_otherRoot = dir.filePath(QStringLiteral("other"));
    writeFile(m_mainRoot + QStringLiteral("/index.html"), "main index");
    writeFile(m_mainRoot + QStringLiteral("/a.txt"), "alpha");
    writeFile(m_mainRoot + QStringLiteral("/b.txt"), "bravo!");
    writeFile(m_mainRoot + QStringLiteral("/dir/index.html"), "dir index");
    writeFile(m_otherRoot + QStringLiteral("/index.html"), "other index");
    writeFile(dir.filePath(QStringLiteral("outside/secret.txt")), "SECRET");
    QVERIFY(
        QFile::link(QStringLiteral("../outside/secret.txt"), m_mainRoot + QStringLiteral("/link-out.txt")));
    QVERIFY(QFile::link(QStringLiteral("../outside"), m_mainRoot + QStringLiteral("/dir-out")));
    m_largeFile.resize(3 * 1024 * 1024 + 17);
    QRandomGenerator generator(42);
    for (char &c : m_largeFile)
        c = char(generator.bounded(256));
    writeFile(m_mainRoot + QStringLiteral("/large.bin"), m_largeFile);

    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QString error;
    QVERIFY2(m_server.start(config, hosts(), &error), qPrintable(error));
    QVERIFY(m_server.isRunning());
    QVERIFY(m_server.port() != 0);
    QCOMPARE(m_server.threadCount(), 2);
    QCOMPARE(m_server.url(), QStringLiteral("http://127.0.0.1:%1/").arg(m_server.port()));
}

void TestHttpServer::cleanupTestCase()
{
    m_server.stop();
    QVERIFY(!m_server.isRunning());
}

void TestHttpServer::virtualHosts_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("name") << get("/", "main.test") << QByteArray("main index");
    QTest::newRow("alias") << get("/", "www.main.test") << QByteArray("main index");
    QTest::newRow("case and port") << get("/", "MAIN.Test:8080") << QByteArray("main index");
    QTest::newRow("ipv6 literal alias") << get("/", "[::1]:8080") << QByteArray("main index");
    QTest::newRow("other") << get("/", "other.test") << QByteArray("other index");
    QTest::newRow("unknown is default") << get("/", "nobody.test") << QByteArray("other index");
    // As a browser sends it for http://main.test.localhost:PORT/ (RFC 6761 §6.3).
    const QByteArray port = ':' + QByteArray::number(m_server.port());
    QTest::newRow("under .localhost") << get("/", "main.test.localhost" + port) << QByteArray("main index");
    QTest::newRow("alias under .localhost")
        << get("/", "www.main.test.localhost" + port) << QByteArray("main index");
    QTest::newRow("unknown under .localhost is default")
        << get("/", "nobody.test.localhost" + port) << QByteArray("other index");
    QTest::newRow("no host is default") << QByteArray("GET / HTTP/1.0\r\n\r\n") << QByteArray("other index");
    QTest::newRow("absolute form") << QByteArray("GET http://main.test/ HTTP/1.1\r\nHost: other.test\r\n\r\n")
                                   << QByteArray("main index");
}

void TestHttpServer::virtualHosts()
{
    QFETCH(QByteArray, request);
    QFETCH(QByteArray, body);
    RawClient client(m_server.port());
    QVERIFY(client.isConnected());
    const RawClient::Reply reply = client.request(request);
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, body);
    QCOMPARE(reply.field("Content-Type"), QByteArray("text/html"));
    QCOMPARE(reply.field("Server"), QByteArray("Hostbench/" HOSTBENCH_VERSION));
    QCOMPARE(reply.field("Date").size(), 29);
}

void TestHttpServer::headHasNoBody()
{
    RawClient client(m_server.port());
    RawClient::Reply reply = client.request("HEAD /b.txt HTTP/1.1\r\nHost: main.test\r\n\r\n", true);
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.field("Content-Length"), QByteArray("6"));
    QCOMPARE(reply.field("Content-Type"), QByteArray("text/plain"));
    // Had a body followed, it would be read here as the next status line.
    reply = client.request(get("/a.txt"));
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("alpha"));
    reply = client.request("HEAD /ok HTTP/1.1\r\nHost: main.test\r\n\r\n", true);
    QCOMPARE(reply.field("Content-Length"), QByteArray("2"));
    reply = client.request(get("/ok"));
    QCOMPARE(reply.body, QByteArray("OK"));
}

void TestHttpServer::notFoundAndMethods()
{
    RawClient client(m_server.port());
    RawClient::Reply reply = client.request(get("/missing.txt"));
    QCOMPARE(reply.status, 404);
    QVERIFY(reply.body.contains("404"));
    reply = client.request("DELETE /a.txt HTTP/1.1\r\nHost: main.test\r\n\r\n");
    QCOMPARE(reply.status, 405);
    QCOMPARE(reply.field("Allow"), QByteArray("GET, HEAD, OPTIONS"));
    // Both kept the connection open.
    reply = client.request(get("/a.txt"));
    QCOMPARE(reply.body, QByteArray("alpha"));
}

void TestHttpServer::traversal_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::newRow("dot dot") << QByteArray("/../outside/secret.txt") << 400;
    QTest::newRow("encoded dot dot") << QByteArray("/%2e%2e/outside/secret.txt") << 400;
    QTest::newRow("encoded slashes") << QByteArray("/..%2foutside%2fsecret.txt") << 400;
    QTest::newRow("after descent") << QByteArray("/dir/../../outside/secret.txt") << 400;
    QTest::newRow("double slash") << QByteArray("//../outside/secret.txt") << 400;
    QTest::newRow("deep") << QByteArray("/../../../../../../../../etc/passwd") << 400;
    QTest::newRow("backslashes") << QByteArray("/..\\outside\\secret.txt") << 400;
    QTest::newRow("encoded nul") << QByteArray("/a.txt%00") << 400;
    QTest::newRow("symlink out") << QByteArray("/link-out.txt") << 404;
    QTest::newRow("symlinked directory out") << QByteArray("/dir-out/secret.txt") << 404;
    QTest::newRow("absolute form climb") << QByteArray("http://main.test/../outside/secret.txt") << 400;
}

void TestHttpServer::traversal()
{
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    RawClient client(m_server.port());
    QVERIFY(client.send(get(target)));
    const RawClient::Reply reply = client.read();
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, status);
    QVERIFY(!reply.body.contains("SECRET"));
    if (status == 400) {
        QCOMPARE(reply.field("Connection"), QByteArray("close"));
        QVERIFY(client.waitForClose());
    }
}

void TestHttpServer::persistence_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<bool>("keepsOpen");
    QTest::addColumn<QByteArray>("connectionField");
    QTest::newRow("1.1 persistent") << get("/a.txt") << true << QByteArray();
    QTest::newRow("1.1 close") << get("/a.txt", "main.test", "Connection: close\r\n") << false
                               << QByteArray("close");
    QTest::newRow("1.0 closes") << QByteArray("GET /a.txt HTTP/1.0\r\nHost: main.test\r\n\r\n") << false
                                << QByteArray("close");
    QTest::newRow("1.0 keep-alive") << QByteArray(
        "GET /a.txt HTTP/1.0\r\nHost: main.test\r\nConnection: Keep-Alive\r\n\r\n")
                                    << true << QByteArray("keep-alive");
}

void TestHttpServer::persistence()
{
    QFETCH(QByteArray, request);
    QFETCH(bool, keepsOpen);
    QFETCH(QByteArray, connectionField);
    RawClient client(m_server.port());
    RawClient::Reply reply = client.request(request);
    QVERIFY(reply.complete);
    QCOMPARE(reply.body, QByteArray("alpha"));
    QCOMPARE(reply.field("Connection").toLower(), connectionField);
    if (keepsOpen) {
        reply = client.request(request);
        QVERIFY(reply.complete);
        QCOMPARE(reply.body, QByteArray("alpha"));
    } else {
        QVERIFY(client.waitForClose());
    }
}

void TestHttpServer::fixedRoute()
{
    RawClient client(m_server.port());
    const RawClient::Reply reply = client.request(get("/ok?cache=no"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("OK"));
    QCOMPARE(reply.field("Content-Type"), QByteArray("text/plain"));
    // Routes belong to their host.
    RawClient other(m_server.port());
    QCOMPARE(other.request(get("/ok", "other.test")).status, 404);
}

void TestHttpServer::pipelinedInOrder()
{
    RawClient client(m_server.port());
    QVERIFY(client.send(get("/a.txt") + get("/ok") + "HEAD /b.txt HTTP/1.1\r\nHost: main.test\r\n\r\n"
        + get("/missing") + get("/b.txt", "main.test", "Connection: close\r\n") + get("/a.txt")));
    RawClient::Reply reply = client.read();
    QCOMPARE(reply.body, QByteArray("alpha"));
    reply = client.read();
    QCOMPARE(reply.body, QByteArray("OK"));
    reply = client.read(true);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.field("Content-Length"), QByteArray("6"));
    reply = client.read();
    QCOMPARE(reply.status, 404);
    reply = client.read();
    QCOMPARE(reply.body, QByteArray("bravo!"));
    // The request after "Connection: close" is not answered.
    QVERIFY(client.waitForClose());
}

void TestHttpServer::garbageIs400ThenClose()
{
    RawClient client(m_server.port());
    QVERIFY(client.send("this is not HTTP at all\r\n\r\n"));
    const RawClient::Reply reply = client.read();
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.field("Connection"), QByteArray("close"));
    QVERIFY(client.waitForClose());

    RawClient badVersion(m_server.port());
    QCOMPARE(badVersion.request("GET / HTTQ/1.1\r\n\r\n").status, 400);
    QVERIFY(badVersion.waitForClose());

    RawClient twoHosts(m_server.port());
    QCOMPARE(twoHosts.request("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").status, 400);
    QVERIFY(twoHosts.waitForClose());
}

void TestHttpServer::oversizedHeadIs431()
{
    RawClient client(m_server.port());
    const QByteArray huge = "X-Filler: " + QByteArray(64 * 1024, 'x') + "\r\n";
    QVERIFY(client.send(get("/a.txt", "main.test", huge)));
    const RawClient::Reply reply = client.read();
    QCOMPARE(reply.status, 431);
    QVERIFY(client.waitForClose());
}

void TestHttpServer::requestBodyIsSkipped()
{
    RawClient client(m_server.port());
    RawClient::Reply reply
        = client.request("POST /ok HTTP/1.1\r\nHost: main.test\r\nContent-Length: 11\r\n\r\nhello=world");
    QCOMPARE(reply.status, 405);
    reply = client.request("POST /a.txt HTTP/1.1\r\nHost: main.test\r\nTransfer-Encoding: "
                           "chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
    QCOMPARE(reply.status, 405);
    reply = client.request(get("/a.txt"));
    QCOMPARE(reply.body, QByteArray("alpha"));
}

void TestHttpServer::directoryIndexAndRedirect()
{
    RawClient client(m_server.port());
    RawClient::Reply reply = client.request(get("/dir/"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("dir index"));
    reply = client.request(get("/dir?x=1"));
    QCOMPARE(reply.status, 301);
    QCOMPARE(reply.field("Location"), QByteArray("/dir/?x=1"));
    reply = client.request(get("/"));
    QCOMPARE(reply.body, QByteArray("main index"));
}

void TestHttpServer::largeFileStreams()
{
    RawClient client(m_server.port());
    RawClient::Reply reply = client.request(get("/large.bin"));
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.field("Content-Type"), QByteArray("application/octet-stream"));
    QCOMPARE(reply.body.size(), m_largeFile.size());
    QVERIFY(reply.body == m_largeFile);
    // The connection is usable after a sendfile body.
    reply = client.request(get("/a.txt"));
    QCOMPARE(reply.body, QByteArray("alpha"));
    reply = client.request("HEAD /large.bin HTTP/1.1\r\nHost: main.test\r\n\r\n", true);
    QCOMPARE(reply.field("Content-Length"), QByteArray::number(m_largeFile.size()));
    reply = client.request(get("/ok"));
    QCOMPARE(reply.body, QByteArray("OK"));
}

void TestHttpServer::socketsAreCloseOnExec()
{
    // A process the application starts (a peer server, a browser) must not
    // inherit the listener or a connection and keep them open.
    RawClient client(m_server.port());
    QCOMPARE(client.request(get("/ok")).body, QByteArray("OK"));
    int sockets = 0;
    const QStringList fds = QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::AllEntries | QDir::System);
    for (const QString &name : fds) {
        bool isNumber = false;
        const int fd = name.toInt(&isNumber);
        char target[64] = {};
        if (!isNumber
            || ::readlink(qPrintable(QStringLiteral("/proc/self/fd/") + name), target, sizeof target - 1)
                <= 0)
            continue;
        if (!QByteArray(target).startsWith("socket:"))
            continue;
        const int flags = ::fcntl(fd, F_GETFD);
        if (flags < 0)
            continue; // closed since the listing
        ++sockets;
        QVERIFY2(flags & FD_CLOEXEC, qPrintable(QStringLiteral("fd %1 lacks FD_CLOEXEC").arg(fd)));
    }
    // The client, two listeners, at least one accepted connection.
    QVERIFY2(sockets >= 4, qPrintable(QString::number(sockets)));
}

void TestHttpServer::listenersDeferAccept()
{
#ifndef TCP_DEFER_ACCEPT
    QSKIP("this system has no TCP_DEFER_ACCEPT");
#else
    // Every listener of the server (one per worker) hands over a connection
    // only once its first bytes are there: one wake-up of the worker per new
    // connection, not two.
    int listeners = 0;
    const QStringList fds = QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::AllEntries | QDir::System);
    for (const QString &name : fds) {
        bool isNumber = false;
        const int fd = name.toInt(&isNumber);
        int listening = 0;
        socklen_t size = sizeof listening;
        sockaddr_storage address = {};
        socklen_t addressSize = sizeof address;
        if (!isNumber || ::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) != 0 || !listening
            || ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &addressSize) != 0)
            continue;
        quint16 port = 0;
        if (address.ss_family == AF_INET)
            port = ntohs(reinterpret_cast<const sockaddr_in &>(address).sin_port);
        else if (address.ss_family == AF_INET6)
            port = ntohs(reinterpret_cast<const sockaddr_in6 &>(address).sin6_port);
        if (port != m_server.port())
            continue;
        ++listeners;
        int seconds = 0;
        size = sizeof seconds;
        QCOMPARE(::getsockopt(fd, IPPROTO_TCP, TCP_DEFER_ACCEPT, &seconds, &size), 0);
        QVERIFY2(seconds > 0,
            qPrintable(QStringLiteral("listener fd %1: TCP_DEFER_ACCEPT %2").arg(fd).arg(seconds)));
    }
    QCOMPARE(listeners, 2);
#endif
}

void TestHttpServer::metricsCountRequests()
{
    HttpServer server;
    const ServerConfig config = ownServerConfig();
    QString error;
    QElapsedTimer sinceBeforeStart;
    sinceBeforeStart.start();
    QVERIFY2(server.start(config, hosts(), &error), qPrintable(error));
    QCOMPARE(server.metrics().requests, quint64(0));

    quint64 bytesReceived = 0;
    quint64 mainBytes = 0; // of main.test's responses
    quint64 otherBytes = 0;
    {
        RawClient client(server.port());
        for (int i = 0; i < 5; ++i) {
            const RawClient::Reply reply = client.request(get("/a.txt"));
            QCOMPARE(reply.status, 200);
            bytesReceived += quint64(reply.head.size() + 4 + reply.body.size());
            mainBytes += quint64(reply.head.size() + 4 + reply.body.size());
        }
        const RawClient::Reply missing = client.request(get("/missing", "other.test"));
        QCOMPARE(missing.status, 404);
        bytesReceived += quint64(missing.head.size() + 4 + missing.body.size());
        otherBytes += quint64(missing.head.size() + 4 + missing.body.size());
    }
    for (int i = 0; i < 3; ++i) {
        RawClient client(server.port());
        const RawClient::Reply reply = client.request(get("/", "other.test", "Connection: close\r\n"));
        QCOMPARE(reply.status, 200);
        bytesReceived += quint64(reply.head.size() + 4 + reply.body.size());
        otherBytes += quint64(reply.head.size() + 4 + reply.body.size());
        QVERIFY(client.waitForClose());
    }

    // Counters move when a write completes, which may be just after the client read it.
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(9), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().openConnections, qint64(0), 10000);
    const auto metrics = server.metrics();
    QCOMPARE(metrics.statusClasses[1], quint64(8));
    QCOMPARE(metrics.statusClasses[3], quint64(1));
    QCOMPARE(metrics.statusClasses[0] + metrics.statusClasses[2] + metrics.statusClasses[4], quint64(0));
    QCOMPARE(metrics.connectionsAccepted, quint64(4));
    QCOMPARE(metrics.bytesSent, bytesReceived);
    QCOMPARE(metrics.perSite.size(), 2);
    QCOMPARE(metrics.perSite[0].hostName, QStringLiteral("main.test"));
    QCOMPARE(metrics.perSite[0].requests, quint64(5));
    QCOMPARE(metrics.perSite[1].hostName, QStringLiteral("other.test"));
    QCOMPARE(metrics.perSite[1].requests, quint64(4));
    // Per site: its errors and the bytes of its responses, as the client read them.
    QCOMPARE(metrics.perSite[0].clientErrors + metrics.perSite[0].serverErrors, quint64(0));
    QCOMPARE(metrics.perSite[1].clientErrors, quint64(1));
    QCOMPARE(metrics.perSite[1].serverErrors, quint64(0));
    QCOMPARE(metrics.perSite[0].bytesSent, mainBytes);
    QCOMPARE(metrics.perSite[1].bytesSent, otherBytes);
    // The histogram behind the percentiles: every response in it, and the
    // percentiles of the whole uptime read from it as the snapshot reads them.
    quint64 counted = 0;
    for (const quint64 count : metrics.serviceTimeCounts)
        counted += count;
    QCOMPARE(counted, quint64(9));
    const QList<quint64> sinceStart = MetricsSnapshot::serviceTimePercentiles({}, metrics, { 50, 99 });
    // The snapshot's figure is clamped to the values recorded; the one read
    // from the counts is the top of the same bucket.
    QCOMPARE(sinceStart.at(0),
        LatencyHistogram::highestEquivalentValue(LatencyHistogram::countsIndexFor(metrics.latencyP50Us)));
    QCOMPARE(sinceStart.at(1),
        LatencyHistogram::highestEquivalentValue(LatencyHistogram::countsIndexFor(metrics.latencyP99Us)));
    QCOMPARE(MetricsSnapshot::serviceTimePercentiles(metrics, metrics, { 50 }).at(0), quint64(0));
    // The uptime is the engine's clock since start(): no more than the time
    // since just before it (a bound, not a timing assertion).
    QVERIFY2(metrics.uptimeMs >= 0 && metrics.uptimeMs <= sinceBeforeStart.elapsed(),
        qPrintable(QString::number(metrics.uptimeMs)));
    QVERIFY(metrics.latencyP99Us >= metrics.latencyP50Us);

    server.stop();
    const auto stopped = server.metrics();
    QCOMPARE(stopped.uptimeMs, qint64(0));
    QCOMPARE(stopped.requests, quint64(9)); // the last counts stay readable
}

void TestHttpServer::reloadTakesEffect()
{
    HttpServer server;
    const ServerConfig config = ownServerConfig();
    QString error;
    QVERIFY2(server.start(config, hosts(), &error), qPrintable(error));
    RawClient kept(server.port());
    QCOMPARE(kept.request(get("/ok")).body, QByteArray("OK"));

    auto changed = hosts();
    changed[0].routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "CHANGED" } };
    changed[1].hostName = QStringLiteral("renamed.test");
    server.reload(changed);

    // The workers pick the table up asynchronously; new requests soon see it,
    // on fresh connections and on the one kept open.
    QTRY_COMPARE_WITH_TIMEOUT(
        RawClient(server.port()).request(get("/ok")).body, QByteArray("CHANGED"), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(kept.request(get("/ok")).body, QByteArray("CHANGED"), 10000);
    QCOMPARE(RawClient(server.port()).request(get("/", "renamed.test")).body, QByteArray("other index"));
    QTRY_COMPARE_WITH_TIMEOUT(
        server.metrics().perSite.value(1).hostName, QStringLiteral("renamed.test"), 10000);
    // Counters survive for the host that kept its name.
    QTRY_VERIFY_WITH_TIMEOUT(server.metrics().perSite.value(0).requests >= 3, 10000);
}

void TestHttpServer::portFallback()
{
    // Take a port with a plain listener, as another program would.
    const int taker = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QCOMPARE(::bind(taker, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
    QCOMPARE(::listen(taker, 1), 0);
    socklen_t length = sizeof address;
    QCOMPARE(::getsockname(taker, reinterpret_cast<sockaddr *>(&address), &length), 0);
    const quint16 taken = ntohs(address.sin_port);

    ServerConfig config;
    config.port = taken;
    config.threads = 2;
    config.portFallback = false;
    HttpServer strict;
    QString error;
    QVERIFY(!strict.start(config, hosts(), &error));
#if defined(Q_OS_LINUX)
    // The holder, found in /proc: this test.
    QCOMPARE(error,
        QStringLiteral("127.0.0.1:%1 is in use by tst_httpserver (PID %2)")
            .arg(taken)
            .arg(QCoreApplication::applicationPid()));
#else
    QVERIFY2(error.startsWith(QStringLiteral("127.0.0.1:%1 is in use by ").arg(taken)), qPrintable(error));
#endif
    QVERIFY(!strict.isRunning());

    config.portFallback = true;
    HttpServer lenient;
    QVERIFY2(lenient.start(config, hosts(), &error), qPrintable(error));
    QVERIFY(lenient.port() > taken);
    QVERIFY(lenient.port() <= taken + 100);
    QCOMPARE(lenient.url(), QStringLiteral("http://127.0.0.1:%1/").arg(lenient.port()));
    QCOMPARE(RawClient(lenient.port()).request(get("/ok")).body, QByteArray("OK"));

    // Another Hostbench on that port counts as taken too (no silent SO_REUSEPORT sharing).
    config.port = lenient.port();
    config.portFallback = false;
    HttpServer second;
    QVERIFY(!second.start(config, hosts(), &error));
    QVERIFY2(error.contains(QStringLiteral("in use")), qPrintable(error));
    ::close(taker);
}

void TestHttpServer::startErrors()
{
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    QString error;
    QVERIFY(!server.start(config, {}, &error));
    QVERIFY(!error.isEmpty());

    auto missing = hosts();
    missing[1].documentRoot = m_dir.filePath(QStringLiteral("does-not-exist"));
    QVERIFY(!server.start(config, missing, &error));
    QVERIFY2(error.contains(QStringLiteral("does-not-exist")), qPrintable(error));

    config.listenAddress = QStringLiteral("not an address");
    QVERIFY(!server.start(config, hosts(), &error));
    QVERIFY2(error.contains(QStringLiteral("not an address")), qPrintable(error));
    QVERIFY(!server.isRunning());
    QCOMPARE(server.port(), quint16(0));

    // Double start.
    QVERIFY(!m_server.start(config, hosts(), &error));
    QVERIFY(m_server.isRunning());
}

void TestHttpServer::stopClosesAndRestartWorks()
{
    HttpServer server;
    const ServerConfig config = ownServerConfig();
    QString error;
    QVERIFY2(server.start(config, hosts(), &error), qPrintable(error));
    RawClient idle(server.port());
    QCOMPARE(idle.request(get("/ok")).body, QByteArray("OK"));
    const quint16 firstPort = server.port();

    server.stop();
    QVERIFY(!server.isRunning());
    QVERIFY(idle.waitForClose());
    QVERIFY(!RawClient(firstPort).isConnected());
    server.stop(); // idempotent

    QVERIFY2(server.start(config, hosts(), &error), qPrintable(error));
    QCOMPARE(RawClient(server.port()).request(get("/ok")).body, QByteArray("OK"));
    QCOMPARE(server.metrics().perSite.size(), 2);
    // The destructor stops a running server.
}

void TestHttpServer::idleConnectionsTimeOut()
{
    // Three clients watched together: idle after a response (keep-alive
    // timeout, 5 s), silent from the start and one trickling its request head
    // a line a second (header timeout, 10 s from the first byte).
    RawClient idle(m_server.port());
    QCOMPARE(idle.request(get("/ok")).body, QByteArray("OK"));
    RawClient silent(m_server.port());
    RawClient trickle(m_server.port());
    QVERIFY(trickle.send("GET /ok HTTP/1.1\r\n"));
    QElapsedTimer timer;
    timer.start();
    qint64 idleClosedAt = -1, silentClosedAt = -1, trickleClosedAt = -1;
    while (timer.elapsed() < 30000 && (idleClosedAt < 0 || silentClosedAt < 0 || trickleClosedAt < 0)) {
        if (idleClosedAt < 0 && idle.hasClosed())
            idleClosedAt = timer.elapsed();
        if (silentClosedAt < 0 && silent.hasClosed())
            silentClosedAt = timer.elapsed();
        if (trickleClosedAt < 0) {
            if (trickle.hasClosed())
                trickleClosedAt = timer.elapsed();
            else
                trickle.send("X-Slow: " + QByteArray::number(timer.elapsed()) + "\r\n");
        }
        QTest::qWait(1000);
    }
    const QString times = QStringLiteral("idle %1 ms, silent %2 ms, trickle %3 ms")
                              .arg(idleClosedAt)
                              .arg(silentClosedAt)
                              .arg(trickleClosedAt);
    QVERIFY2(idleClosedAt >= 4000, qPrintable(times));
    QVERIFY2(silentClosedAt >= 9000, qPrintable(times));
    QVERIFY2(trickleClosedAt >= 9000, qPrintable(times));
}

QTEST_GUILESS_MAIN(TestHttpServer)
#include "tst_httpserver.moc"
