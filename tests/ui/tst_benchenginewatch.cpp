// The engine's side of a Benchmark-page run (ui::BenchEngineWatch) against
// the real engine on 127.0.0.1: which URLs reach it, and the last point of
// a stopped run. Tester's report: a stopped run's last partial interval was
// drawn as a false rate on the requests/s chart; the engine's last point
// covered the millisecond or two between the last poll and the run's end,
// in which the engine served nothing (or a few responses): a drop to 0/s
// (or a spike). A remainder under half a poll interval is taken with the
// interval before it. Issue #24: a run against a proxied site gets the
// upstream's mean time per proxied response, from a real upstream that
// waits a known time.
#include "../http/Upstreams.h"
#include "storage/DataFolder.h"
#include "storage/SiteEdits.h"
#include "ui/AppSettings.h"
#include "ui/BenchEngineWatch.h"
#include "ui/EngineController.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestBenchEngineWatch final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void targets_data();
    void targets();
    void shortLastPointTakesTheOneBefore();
    void upstreamTimeOfAProxiedSite();

private:
    // `count` requests, one connection each, answered before it returns.
    void serve(int count, const QByteArray &host = "127.0.0.1");

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::AppSettings> m_settings;
    std::unique_ptr<ui::EngineController> m_engine;
};

void TestBenchEngineWatch::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir->filePath(u"data"_s), &error), qPrintable(error));
    m_settings = std::make_unique<ui::AppSettings>(m_folder->database());
    m_settings->setControlApiEnabled(false);
    m_engine = std::make_unique<ui::EngineController>(m_folder->database(), *m_settings);
    model::ServerConfig config = m_folder->database().serverConfig();
    config.port = 0;
    config.threads = 1;
    QVERIFY2(m_engine->start(config, &error), qPrintable(error));
    QVERIFY(m_engine->isRunning());
}

void TestBenchEngineWatch::cleanup()
{
    m_engine.reset();
    m_settings.reset();
    m_folder.reset();
    m_dir.reset();
}

void TestBenchEngineWatch::serve(int count, const QByteArray &host)
{
    for (int i = 0; i < count; ++i) {
        QTcpSocket socket;
        socket.connectToHost(u"127.0.0.1"_s, m_engine->port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write("GET / HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
        while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(5000))
            socket.readAll();
    }
}

void TestBenchEngineWatch::targets_data()
{
    QTest::addColumn<QString>("url"); // PORT: the engine's
    QTest::addColumn<bool>("expected");
    QTest::newRow("its address") << u"http://127.0.0.1:PORT/"_s << true;
    QTest::newRow("localhost") << u"http://localhost:PORT/x"_s << true;
    QTest::newRow("another port") << u"http://127.0.0.1:1/"_s << false;
    QTest::newRow("another host") << u"http://192.0.2.1:PORT/"_s << false;
    QTest::newRow("https") << u"https://127.0.0.1:PORT/"_s << false;
}

void TestBenchEngineWatch::targets()
{
    QFETCH(QString, url);
    QFETCH(bool, expected);
    ui::BenchEngineWatch watch(*m_engine, 100);
    model::BenchParameters run;
    run.url = QString(url).replace(u"PORT"_s, QString::number(m_engine->port()));
    QCOMPARE(watch.targets(run), expected);
}

void TestBenchEngineWatch::shortLastPointTakesTheOneBefore()
{
    ui::BenchEngineWatch watch(*m_engine, 100);
    watch.start();
    QElapsedTimer clock;
    clock.start();
    // A poll too early gives no point; the run's first full interval has 20 responses.
    QVERIFY(!watch.sample({}, false));
    serve(20);
    QTRY_VERIFY(m_engine->metricsNow().requests >= 20);
    QTest::qWait(int(qMax<qint64>(0, 120 - clock.elapsed())));
    const std::optional<ui::BenchCharts::EnginePoint> first = watch.sample({}, false);
    QVERIFY(first);
    QVERIFY(watch.lastServed());
    QVERIFY2(first->requestsPerSecond > 0, qPrintable(QString::number(first->requestsPerSecond)));
    clock.restart();
    // The run ends a few ms later, nothing served since: not a point of 0/s.
    QTest::qWait(3);
    const std::optional<ui::BenchCharts::EnginePoint> last = watch.sample({}, true);
    if (clock.elapsed() >= 50)
        QSKIP("the machine stalled for 50 ms: the last interval is not short");
    QVERIFY(last);
    QVERIFY(last->seconds > first->seconds);
    QVERIFY2(last->requestsPerSecond > 0 && last->requestsPerSecond <= first->requestsPerSecond,
        qPrintable(u"%1/s after %2/s"_s.arg(last->requestsPerSecond).arg(first->requestsPerSecond)));
    QVERIFY(watch.lastServed());
}

void TestBenchEngineWatch::upstreamTimeOfAProxiedSite()
{
    // app.test proxied to an upstream that waits 20 ms before each answer.
    constexpr int kDelayMs = 20;
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        while (!up.readRequest(fd).isEmpty()) {
            QThread::msleep(kDelayMs);
            if (!RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
                return;
        }
    });
    model::VirtualHost site;
    site.hostName = u"app.test"_s;
    QVERIFY(QDir().mkpath(m_dir->filePath(u"app"_s))); // beside the data folder, not above it
    site.documentRoot = m_dir->filePath(u"app"_s);
    site.proxy.routes = { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } };
    QCOMPARE(storage::SiteEdits::create(m_folder->database(), site).result, model::SiteChange::Result::Done);
    QString error;
    QVERIFY2(m_engine->reloadSites(&error), qPrintable(error));

    ui::BenchEngineWatch watch(*m_engine, 100);
    watch.start();
    QElapsedTimer clock;
    clock.start();
    // An interval of files only: no upstream time.
    serve(3);
    QTRY_VERIFY(m_engine->metricsNow().requests >= 3);
    QTest::qWait(int(qMax<qint64>(0, 120 - clock.elapsed())));
    const std::optional<ui::BenchCharts::EnginePoint> files = watch.sample({}, false);
    QVERIFY(files);
    QCOMPARE(files->upstreamMs, -1.0);
    QVERIFY(!watch.upstreamWholeRun());
    // Then 5 proxied requests: their mean, at least the upstream's wait.
    clock.restart();
    serve(5, "app.test");
    QTRY_VERIFY(m_engine->metricsNow().requests >= 8);
    QTest::qWait(int(qMax<qint64>(0, 120 - clock.elapsed())));
    const std::optional<ui::BenchCharts::EnginePoint> proxied = watch.sample({}, false);
    QVERIFY(proxied);
    QVERIFY2(proxied->upstreamMs >= kDelayMs && proxied->upstreamMs < 10'000,
        qPrintable(QString::number(proxied->upstreamMs)));
    const auto whole = watch.upstreamWholeRun();
    QVERIFY(whole);
    QCOMPARE(whole->responses, quint64(5));
    QVERIFY(whole->upstreamMs() >= kDelayMs);
    QCOMPARE(whole->upstreamMs(), proxied->upstreamMs);
    QVERIFY(whole->engineOwnMs() >= 0);
}

QTEST_MAIN(TestBenchEngineWatch)
#include "tst_benchenginewatch.moc"
