#include "bench/AbReport.h"
#include "bench/LoadGenerator.h"
#include "http/HttpServer.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using hostbench::bench::AbReport;
using hostbench::bench::LoadGenerator;
using hostbench::http::HttpServer;
using hostbench::model::BenchParameters;
using hostbench::model::MetricsSnapshot;
using hostbench::model::Route;
using hostbench::model::RunSummary;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using namespace Qt::StringLiterals;

// The load generator against the real engine: what one counts, the other
// must have served.
class TestBenchVsEngine final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void counts_data();
    void counts();
    void fileMatchesDocumentLength();

private:
    RunSummary run(const BenchParameters &parameters);

    QTemporaryDir m_root;
    HttpServer m_server;
};

void TestBenchVsEngine::initTestCase()
{
    QVERIFY(m_root.isValid());
    QFile file(m_root.filePath(u"x.txt"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4070, 'x'));
    file.close();

    VirtualHost host;
    host.hostName = u"localhost"_s;
    host.documentRoot = m_root.path();
    host.isDefault = true;
    host.routes = { Route { u"/ok"_s, 200, u"text/plain"_s, "OK" },
        Route { u"/missing"_s, 404, u"text/plain"_s, "no" } };
    ServerConfig config;
    config.listenAddress = u"127.0.0.1"_s;
    config.port = 0;
    config.threads = 2;
    QString error;
    QVERIFY2(m_server.start(config, { host }, &error), qPrintable(error));
}

void TestBenchVsEngine::cleanupTestCase()
{
    m_server.stop();
}

RunSummary TestBenchVsEngine::run(const BenchParameters &parameters)
{
    LoadGenerator generator;
    QString error;
    if (!generator.start(parameters, &error)) {
        qWarning() << error;
        return {};
    }
    generator.wait();
    return generator.summary();
}

void TestBenchVsEngine::counts_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("statusClass"); // index into MetricsSnapshot::statusClasses

    QTest::newRow("keep-alive") << u"/ok"_s << true << 1 << 1;
    QTest::newRow("keep-alive, 2 threads") << u"/ok"_s << true << 2 << 1;
    QTest::newRow("a connection per request") << u"/ok"_s << false << 1 << 1;
    QTest::newRow("404") << u"/missing"_s << true << 1 << 3;
    QTest::newRow("static file") << u"/x.txt"_s << true << 2 << 1;
}

void TestBenchVsEngine::counts()
{
    QFETCH(QString, path);
    QFETCH(bool, keepAlive);
    QFETCH(int, threads);
    QFETCH(int, statusClass);

    const MetricsSnapshot before = m_server.metrics();
    BenchParameters p;
    p.url = u"http://127.0.0.1:%1%2"_s.arg(m_server.port()).arg(path);
    p.requests = 2000;
    p.concurrency = 8;
    p.threads = threads;
    p.keepAlive = keepAlive;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(2000));
    QCOMPARE(s.failed, quint64(0));
    QVERIFY(!s.serverSoftware.isEmpty()); // the engine names itself in Server

    // The engine counts a response once written, a moment after the client has it.
    QTRY_COMPARE_WITH_TIMEOUT(m_server.metrics().requests - before.requests, s.completed, 10000);
    const MetricsSnapshot after = m_server.metrics();
    QCOMPARE(
        after.statusClasses[size_t(statusClass)] - before.statusClasses[size_t(statusClass)], s.completed);
    const quint64 accepted = after.connectionsAccepted - before.connectionsAccepted;
    if (keepAlive) {
        QCOMPARE(s.keepAliveRequests, s.completed);
        QVERIFY2(accepted <= 8, qPrintable(QString::number(accepted)));
    } else {
        QCOMPARE(s.keepAliveRequests, quint64(0));
        QCOMPARE(accepted, s.completed);
    }
}

void TestBenchVsEngine::fileMatchesDocumentLength()
{
    BenchParameters p;
    p.url = u"http://127.0.0.1:%1/x.txt"_s.arg(m_server.port());
    p.requests = 100;
    p.concurrency = 4;
    p.keepAlive = true;
    const RunSummary s = run(p);
    QCOMPARE(s.documentLength, qint64(4070));
    QCOMPARE(s.htmlBytes, quint64(100 * 4070));
    QCOMPARE(s.failedLength, quint64(0));
    QVERIFY(AbReport::format(s).contains(u"Document Length:        4070 bytes\n"_s));
}

QTEST_GUILESS_MAIN(TestBenchVsEngine)
#include "tst_benchvsengine.moc"
