#include "RawClient.h"

#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using hostbench::http::HttpServer;
using hostbench::model::Route;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

QByteArray get(const QByteArray &target)
{
    return "GET " + target + " HTTP/1.1\r\nHost: reload.test\r\n\r\n";
}

} // namespace

// HttpServer::reload() while connections are open: a kept-alive connection
// and a download in flight survive it, the next request sees the new
// configuration, and a log whose path changed is written to the new file.
class TestReload final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void openConnectionsSurviveReload();

private:
    VirtualHost site(const QByteArray &body, const QString &root, const QString &logName) const;
    static QByteArray readFile(const QString &path);

    QTemporaryDir m_dir;
    QByteArray m_large;
};

void TestReload::initTestCase()
{
    QVERIFY(m_dir.isValid());
    for (const char *name : { "one", "two" }) {
        QVERIFY(QDir(m_dir.path()).mkpath(QString::fromLatin1(name)));
        QFile index(m_dir.filePath(QString::fromLatin1(name) + QStringLiteral("/index.html")));
        QVERIFY(index.open(QIODevice::WriteOnly));
        index.write(QByteArray("index ") + name);
    }
    // Far more than the socket buffers hold, so the download is still being sent at the reload.
    m_large.resize(48 * 1024 * 1024);
    for (qsizetype i = 0; i < m_large.size(); ++i)
        m_large[i] = char((i * 31) ^ (i >> 12));
    QFile large(m_dir.filePath(QStringLiteral("one/large.bin")));
    QVERIFY(large.open(QIODevice::WriteOnly));
    QCOMPARE(large.write(m_large), m_large.size());
}

VirtualHost TestReload::site(const QByteArray &body, const QString &root, const QString &logName) const
{
    VirtualHost host;
    host.hostName = QStringLiteral("reload.test");
    host.isDefault = true;
    host.documentRoot = m_dir.filePath(root);
    host.routes = { Route { QStringLiteral("/v"), 200, QStringLiteral("text/plain"), body } };
    host.accessLogPath = m_dir.filePath(logName);
    host.errorLogEnabled = false;
    return host;
}

QByteArray TestReload::readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestReload::openConnectionsSurviveReload()
{
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QString error;
    QVERIFY2(
        server.start(config, { site("one", QStringLiteral("one"), QStringLiteral("before.log")) }, &error),
        qPrintable(error));

    RawClient kept(server.port());
    QCOMPARE(kept.request(get("/v")).body, QByteArray("one"));

    // A download the client reads slowly: the server is in the middle of it at the reload.
    RawClient download(server.port(), 64 * 1024);
    QVERIFY(download.isConnected());
    QVERIFY(download.send(get("/large.bin")));
    const QByteArray &started = download.bufferUntil(256 * 1024);
    const qsizetype headEnd = started.indexOf("\r\n\r\n");
    QVERIFY(headEnd > 0);
    QVERIFY(started.startsWith("HTTP/1.1 200 "));
    const QByteArray length = "Content-Length: " + QByteArray::number(m_large.size());
    QVERIFY(started.contains(length));

    // New body, new document root, new access log path.
    server.reload({ site("two", QStringLiteral("two"), QStringLiteral("after.log")) });

    // The kept-alive connection goes on and soon sees the new configuration.
    QTRY_COMPARE_WITH_TIMEOUT(kept.request(get("/v")).body, QByteArray("two"), 10000);
    QCOMPARE(kept.request(get("/")).body, QByteArray("index two"));

    // The download in flight completes with the old file's bytes, and its connection stays usable.
    const QByteArray &all = download.bufferUntil(headEnd + 4 + m_large.size());
    QCOMPARE(all.size() - headEnd - 4, m_large.size());
    QVERIFY(all.mid(headEnd + 4) == m_large);
    RawClient fresh(server.port());
    QCOMPARE(fresh.request(get("/v")).body, QByteArray("two"));
    QVERIFY(download.send(get("/v")));
    QVERIFY(download.bufferUntil(all.size() + 1).size() > headEnd + 4 + m_large.size()); // an answer came

    server.stop();
    // The log moved with the reload: the first request in the old file, the later ones in the new.
    const QByteArray before = readFile(m_dir.filePath(QStringLiteral("before.log")));
    const QByteArray after = readFile(m_dir.filePath(QStringLiteral("after.log")));
    QVERIFY2(before.startsWith("127.0.0.1 - - ["), before.constData());
    QVERIFY2(before.contains("\"GET /v HTTP/1.1\" 200 3 "), before.constData());
    QVERIFY2(after.contains("\"GET / HTTP/1.1\" 200 9 "), after.constData());
    QVERIFY2(!before.contains("\"GET / HTTP/1.1\""), before.constData());
}

QTEST_GUILESS_MAIN(TestReload)
#include "tst_reload.moc"
