// Large files through the real engine over 127.0.0.1 (issue #22): bodies
// sent by sendfile(2) in chunks sized from the socket, from descriptors the
// file cache keeps open between requests. Byte-exact under keep-alive with
// many clients, a slow reader that must not hold the worker (one worker
// thread here, so every client shares it), a client that hangs up mid-file,
// files changed, replaced or deleted while cached, a response that keeps
// sending the old file after the cache let it go, and the descriptor budget
// counted from /proc/self/fd.
#include "RawClient.h"
#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <thread>
#include <vector>

using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

constexpr qint64 kW3Bytes = 1'414'000;
// Well beyond what the send and receive buffers hold (tcp_wmem allows 4 MiB), so a
// reader that stops leaves most of it unsent.
constexpr qint64 kBigBytes = 16 * 1024 * 1024;
// Revalidation: FileCache::kValidMs is 1 s; a change shows within it.
constexpr int kChangeShowsMs = 5000;

QByteArray randomBytes(qint64 size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    for (qint64 i = size / 4 * 4; i < size; ++i)
        bytes[i] = char(QRandomGenerator::global()->generate());
    return bytes;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// Replaces `path` by a new file (a new inode), as deployments do: write aside, rename over.
bool replaceFile(const QString &path, const QByteArray &bytes)
{
    const QString aside = path + QStringLiteral(".new");
    return writeFile(aside, bytes) && ::rename(QFile::encodeName(aside), QFile::encodeName(path)) == 0;
}

QByteArray getRequest(const QByteArray &path)
{
    return "GET " + path + " HTTP/1.1\r\nHost: main.test\r\n\r\n";
}

// The descriptors of this process (the engine runs in it), and those open on `path`
// ("PATH (deleted)" counts too: a descriptor kept on a file since removed).
struct Descriptors
{
    int total = 0;
    int onPath = 0;
};

Descriptors descriptors(const QString &path = QString())
{
    Descriptors result;
    const QByteArray wanted = QFile::encodeName(QFileInfo(path).absoluteFilePath());
    const QDir fds(QStringLiteral("/proc/self/fd"));
    for (const QString &name : fds.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot)) {
        ++result.total;
        if (path.isEmpty())
            continue;
        char target[PATH_MAX];
        const QByteArray link = QFile::encodeName(fds.filePath(name));
        const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
        if (n <= 0)
            continue;
        const QByteArray resolved(target, n);
        if (resolved == wanted || resolved == wanted + " (deleted)")
            ++result.onPath;
    }
    return result;
}

} // namespace

class TestLargeFiles final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void manyClientsKeepAliveGetEveryByte();
    void slowReaderDoesNotHoldTheWorker();
    void hangUpMidFileReleasesTheDescriptor();
    void descriptorIsKeptBetweenRequests();
    void changedFileIsServedNew_data();
    void changedFileIsServedNew();
    void responseUnderWayKeepsTheFileTheCacheLetGo();
    void descriptorBudgetBoundsOpenFiles();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    bool startServer(HttpServer &server);

    QTemporaryDir m_dir;
    HttpServer m_server;
    QByteArray m_w3;
    QByteArray m_big;
    int m_changeRow = 0;
};

bool TestLargeFiles::startServer(HttpServer &server)
{
    VirtualHost host;
    host.hostName = QStringLiteral("main.test");
    host.documentRoot = m_dir.path();
    host.isDefault = true;
    host.accessLogEnabled = false;
    host.errorLogEnabled = false;
    ServerConfig config;
    config.port = 0;
    config.threads = 1; // every client on the same worker
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

void TestLargeFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_w3 = randomBytes(kW3Bytes);
    m_big = randomBytes(kBigBytes);
    QVERIFY(writeFile(path(QStringLiteral("w3.zip")), m_w3));
    QVERIFY(writeFile(path(QStringLiteral("big.bin")), m_big));
    QVERIFY(startServer(m_server));
}

void TestLargeFiles::cleanupTestCase()
{
    m_server.stop();
}

void TestLargeFiles::manyClientsKeepAliveGetEveryByte()
{
    constexpr int kClients = 12;
    constexpr int kRequests = 4;
    const quint16 port = m_server.port();
    std::atomic<int> exact { 0 };
    std::vector<std::thread> clients;
    for (int c = 0; c < kClients; ++c) {
        clients.emplace_back([&, c] {
            RawClient client(port);
            for (int r = 0; r < kRequests; ++r) {
                const bool big = (c + r) % 3 == 0;
                const RawClient::Reply reply = client.request(getRequest(big ? "/big.bin" : "/w3.zip"));
                if (reply.complete && reply.status == 200 && reply.body == (big ? m_big : m_w3))
                    ++exact;
            }
        });
    }
    for (std::thread &client : clients)
        client.join();
    QCOMPARE(exact.load(), kClients * kRequests);
}

void TestLargeFiles::slowReaderDoesNotHoldTheWorker()
{
    // A reader with a small receive buffer that stops reading: the engine's
    // send buffer fills and the rest of the file waits on it.
    RawClient slow(m_server.port(), 16 * 1024);
    QVERIFY(slow.send(getRequest("/big.bin")));
    QVERIFY(slow.bufferUntil(100 * 1024).size() >= 100 * 1024);

    // The same worker serves another client meanwhile, byte for byte.
    RawClient other(m_server.port());
    const RawClient::Reply reply = other.request(getRequest("/w3.zip"));
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.body == m_w3);

    // And the slow one still gets every byte, then its connection goes on.
    const RawClient::Reply slowReply = slow.read();
    QVERIFY(slowReply.complete);
    QCOMPARE(slowReply.status, 200);
    QVERIFY(slowReply.body == m_big);
    const RawClient::Reply next = slow.request(getRequest("/w3.zip"));
    QVERIFY(next.complete);
    QVERIFY(next.body == m_w3);
}

void TestLargeFiles::hangUpMidFileReleasesTheDescriptor()
{
    const QString file = path(QStringLiteral("hangup.bin"));
    const QByteArray first = randomBytes(kBigBytes);
    QVERIFY(writeFile(file, first));
    for (int round = 0; round < 5; ++round) {
        RawClient client(m_server.port(), 16 * 1024);
        QVERIFY(client.send(getRequest("/hangup.bin")));
        QVERIFY(client.bufferUntil(64 * 1024).size() >= 64 * 1024);
    } // each client hangs up with most of the file unsent
    QTRY_COMPARE_WITH_TIMEOUT(m_server.metrics().openConnections, qint64(0), 15000);
    // Only the cache's descriptor is left on the file, none of the connections'.
    QCOMPARE(descriptors(file).onPath, 1);

    // The worker goes on; once the file is replaced and the cache has seen
    // it, no descriptor is left on the old one.
    const QByteArray second = randomBytes(kW3Bytes);
    QVERIFY(replaceFile(file, second));
    RawClient client(m_server.port());
    QTRY_VERIFY_WITH_TIMEOUT(client.request(getRequest("/hangup.bin")).body == second, kChangeShowsMs);
    QCOMPARE(descriptors(file).onPath, 1);
    QVERIFY(QFile::remove(file));
}

void TestLargeFiles::descriptorIsKeptBetweenRequests()
{
    // nginx's open_file_cache: the file stays open in the worker's cache,
    // so a request for it opens nothing. One descriptor, however many
    // requests, and it is the file's.
    const QString file = path(QStringLiteral("kept.bin"));
    QVERIFY(writeFile(file, m_w3));
    RawClient client(m_server.port());
    for (int i = 0; i < 10; ++i) {
        const RawClient::Reply reply = client.request(getRequest("/kept.bin"));
        QVERIFY(reply.complete);
        QVERIFY(reply.body == m_w3);
        QCOMPARE(descriptors(file).onPath, 1);
    }
    QVERIFY(QFile::remove(file));
}

void TestLargeFiles::changedFileIsServedNew_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<qint64>("newSize"); // -1: deleted
    QTest::newRow("rewritten in place, same size") << QStringLiteral("rewrite") << kW3Bytes;
    QTest::newRow("rewritten in place, longer") << QStringLiteral("rewrite") << kW3Bytes + 4096;
    QTest::newRow("rewritten in place, shorter") << QStringLiteral("rewrite") << kW3Bytes / 2;
    QTest::newRow("replaced by rename") << QStringLiteral("replace") << kW3Bytes;
    QTest::newRow("replaced by rename, small enough for memory") << QStringLiteral("replace") << qint64(1000);
    QTest::newRow("deleted") << QStringLiteral("delete") << qint64(-1);
}

void TestLargeFiles::changedFileIsServedNew()
{
    QFETCH(QString, change);
    QFETCH(qint64, newSize);
    // A file of its own per row: the cache may hold the last row's for a second.
    const QByteArray name = "changing" + QByteArray::number(++m_changeRow) + ".bin";
    const QString file = path(QString::fromLatin1(name));
    const QByteArray before = randomBytes(kW3Bytes);
    QVERIFY(writeFile(file, before));
    RawClient client(m_server.port());
    for (int i = 0; i < 3; ++i) {
        const RawClient::Reply reply = client.request(getRequest("/" + name));
        QVERIFY(reply.complete);
        QVERIFY(reply.body == before);
    }
    QCOMPARE(descriptors(file).onPath, 1);

    const QByteArray after = newSize >= 0 ? randomBytes(newSize) : QByteArray();
    if (change == QLatin1String("rewrite"))
        QVERIFY(writeFile(file, after));
    else if (change == QLatin1String("replace"))
        QVERIFY(replaceFile(file, after));
    else
        QVERIFY(QFile::remove(file));

    // Within the revalidation interval the new file (or the 404) shows;
    // from then on, never the old bytes again.
    const int expected = newSize >= 0 ? 200 : 404;
    QElapsedTimer clock;
    clock.start();
    bool seen = false;
    while (!seen && clock.elapsed() < kChangeShowsMs) {
        // A client may see the connection close when a rewrite shrank the file mid-send.
        RawClient probe(m_server.port());
        const RawClient::Reply reply = probe.request(getRequest("/" + name));
        seen = reply.complete && reply.status == expected && (newSize < 0 || reply.body == after);
        if (!seen)
            QTest::qWait(50);
    }
    QVERIFY2(seen, "the change did not show within the revalidation interval");
    for (int i = 0; i < 10; ++i) {
        RawClient probe(m_server.port());
        const RawClient::Reply reply = probe.request(getRequest("/" + name));
        QVERIFY(reply.complete);
        QCOMPARE(reply.status, expected);
        if (newSize >= 0)
            QVERIFY(reply.body == after);
    }
    // No descriptor on a deleted or replaced file is left behind; a new one
    // that is served from a descriptor has exactly one.
    QVERIFY(descriptors(file).onPath <= 1);
    if (newSize < 0 || newSize < 64 * 1024)
        QCOMPARE(descriptors(file).onPath, 0);
    QFile::remove(file);
}

void TestLargeFiles::responseUnderWayKeepsTheFileTheCacheLetGo()
{
    // A slow download of the old file goes on while the cache replaces its
    // descriptor: the response holds its own share of it, and ends byte-exact.
    const QString file = path(QStringLiteral("swapped.bin"));
    const QByteArray oldBytes = randomBytes(kBigBytes);
    QVERIFY(writeFile(file, oldBytes));
    RawClient slow(m_server.port(), 16 * 1024);
    QVERIFY(slow.send(getRequest("/swapped.bin")));
    QVERIFY(slow.bufferUntil(64 * 1024).size() >= 64 * 1024);

    const QByteArray newBytes = randomBytes(kW3Bytes);
    QVERIFY(replaceFile(file, newBytes));
    RawClient other(m_server.port());
    QTRY_VERIFY_WITH_TIMEOUT(other.request(getRequest("/swapped.bin")).body == newBytes, kChangeShowsMs);
    // The cache holds the new file; the slow response still the old one.
    QCOMPARE(descriptors(file).onPath, 2);

    const RawClient::Reply reply = slow.read();
    QVERIFY(reply.complete);
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.body == oldBytes);
    QTRY_COMPARE_WITH_TIMEOUT(descriptors(file).onPath, 1, 5000);
    QVERIFY(QFile::remove(file));
}

void TestLargeFiles::descriptorBudgetBoundsOpenFiles()
{
    // A lower descriptor limit gives a worker a budget of a quarter of it
    // (FileCache::descriptorBudgetFor): 64 of 256.
    constexpr rlim_t kLimit = 256;
    constexpr int kBudget = 64;
    constexpr int kFiles = 150;
    rlimit saved {};
    QCOMPARE(::getrlimit(RLIMIT_NOFILE, &saved), 0);
    rlimit lower = saved;
    lower.rlim_cur = kLimit;
    QCOMPARE(::setrlimit(RLIMIT_NOFILE, &lower), 0);
    struct Restore
    {
        rlimit limit;
        ~Restore() { ::setrlimit(RLIMIT_NOFILE, &limit); }
    } restore { saved };

    QTemporaryDir many;
    QVERIFY(many.isValid());
    // Above FileCache::kMaxFileBytes, so each is sent from a descriptor, not from memory.
    const QByteArray bytes = randomBytes(70 * 1024);
    for (int i = 0; i < kFiles; ++i)
        QVERIFY(writeFile(many.filePath(QStringLiteral("f%1.bin").arg(i)), bytes));
    HttpServer server;
    VirtualHost host;
    host.hostName = QStringLiteral("main.test");
    host.documentRoot = many.path();
    host.isDefault = true;
    host.accessLogEnabled = false;
    host.errorLogEnabled = false;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    QString error;
    QVERIFY2(server.start(config, { host }, &error), qPrintable(error));

    RawClient client(server.port());
    // The engine accepts once a request's first bytes are there (TCP_DEFER_ACCEPT).
    QCOMPARE(client.request(getRequest("/none")).status, 404);
    const int base = descriptors().total;
    int most = 0;
    for (int i = 0; i < kFiles; ++i) {
        const RawClient::Reply reply = client.request(getRequest("/f" + QByteArray::number(i) + ".bin"));
        QVERIFY(reply.complete);
        QCOMPARE(reply.status, 200);
        QVERIFY(reply.body == bytes);
        most = std::max(most, descriptors().total - base);
    }
    // Files are kept open (more than a few), but never more than the budget.
    QVERIFY2(most > kBudget / 2, qPrintable(QStringLiteral("at most %1 more descriptors").arg(most)));
    QVERIFY2(
        most <= kBudget, qPrintable(QStringLiteral("%1 more descriptors, budget %2").arg(most).arg(kBudget)));
    server.stop();
}

QTEST_GUILESS_MAIN(TestLargeFiles)
#include "tst_largefiles.moc"
