#include "TestHttpServer.h"
#include "runs/RecordedRun.h"
#include "storage/Database.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>
#include <unistd.h>

#include <memory>
#include <vector>

using namespace Qt::StringLiterals;
using hostbench::model::BenchParameters;
using hostbench::runs::RecordedRun;
using hostbench::storage::Database;

// The one run sequence of bench, the window, the control API and the
// shootout: a real load generator against a real HTTP server on 127.0.0.1,
// stored in a real SQLite file as it goes.
class TestRecordedRun final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void storedAsItGoes();
    void withoutDatabaseNothingIsStored();
    void refusedParametersLeaveNoRow();
    void unopenedDatabaseIsNotStored();
    void stoppedRunIsStoredInterrupted();
    void brokenOffRunIsRemoved();
    void destroyedMidRunStaysBrokenOff();

private:
    BenchParameters parameters(const QString &path) const;
    // Polls as the callers do (every 20 ms here) until the run has ended; the samples polled.
    static QList<hostbench::model::BenchSample> pollUntilFinished(RecordedRun &run);

    std::unique_ptr<TestHttpServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Database> m_database;
};

void TestRecordedRun::init()
{
    m_server = std::make_unique<TestHttpServer>();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_database = std::make_unique<Database>();
    QVERIFY2(m_database->open(m_dir->filePath(u"hostbench.sqlite"_s)), qPrintable(m_database->lastError()));
}

void TestRecordedRun::cleanup()
{
    m_database.reset();
    m_dir.reset();
    m_server.reset();
}

BenchParameters TestRecordedRun::parameters(const QString &path) const
{
    BenchParameters p;
    p.url = u"http://127.0.0.1:%1%2"_s.arg(m_server->port()).arg(path);
    p.concurrency = 2;
    p.keepAlive = true;
    p.durationMs = 600;
    p.sampleIntervalMs = 100;
    return p;
}

QList<hostbench::model::BenchSample> TestRecordedRun::pollUntilFinished(RecordedRun &run)
{
    QList<hostbench::model::BenchSample> polled;
    QElapsedTimer clock;
    clock.start();
    while (!run.isFinished() && clock.elapsed() < 30'000) {
        polled += run.poll();
        QTest::qWait(20);
    }
    return polled;
}

void TestRecordedRun::storedAsItGoes()
{
    BenchParameters p = parameters(u"/ok"_s);
    p.durationMs = 1000;
    RecordedRun run(m_database.get());
    QString error;
    QCOMPARE(run.start(p, &error), RecordedRun::Start::Started);
    const qint64 id = run.runId();
    QVERIFY(id > 0);
    // Its row is there before the end, unfinished, and its samples come as polled.
    std::optional<hostbench::storage::StoredRun> stored = m_database->run(id);
    QVERIFY(stored);
    QVERIFY(!stored->finished);
    QCOMPARE(stored->parameters.url, p.url);
    QList<hostbench::model::BenchSample> polled;
    QTRY_VERIFY_WITH_TIMEOUT((polled += run.poll(), polled.size() >= 3), 10'000);
    QVERIFY(!run.isFinished());
    QCOMPARE(m_database->samples(id).size(), polled.size());

    polled += pollUntilFinished(run);
    const RecordedRun::Result result = run.finish();
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    QVERIFY2(result.storeError.isEmpty(), qPrintable(result.storeError));
    QCOMPARE(result.runId, id);
    QVERIFY(result.summary.completed > 0);
    QCOMPARE(result.summary.completed, qint64(result.histogram.count()));
    stored = m_database->run(id);
    QVERIFY(stored && stored->finished);
    QCOMPARE(stored->summary.completed, result.summary.completed);
    // Every interval once: the ones polled during the run and the last one finish() took.
    const QList<hostbench::model::BenchSample> samples = m_database->samples(id);
    QCOMPARE(samples.size(), result.samples.size());
    QVERIFY(samples.size() >= polled.size());
    qint64 completed = 0;
    for (const hostbench::model::BenchSample &sample : samples)
        completed += sample.completed;
    QCOMPARE(completed, result.summary.completed);
    const std::optional<hostbench::model::LatencyHistogram> histogram = m_database->histogram(id);
    QVERIFY(histogram);
    QCOMPARE(histogram->count(), result.histogram.count());
    QCOMPARE(m_database->runs().size(), 1);
}

void TestRecordedRun::withoutDatabaseNothingIsStored()
{
    RecordedRun run(nullptr);
    QString error;
    QCOMPARE(run.start(parameters(u"/ok"_s), &error), RecordedRun::Start::Started);
    QCOMPARE(run.runId(), 0);
    pollUntilFinished(run);
    const RecordedRun::Result result = run.finish();
    QVERIFY(result.error.isEmpty());
    QVERIFY(result.storeError.isEmpty());
    QCOMPARE(result.runId, 0);
    QVERIFY(result.summary.completed > 0);
    QVERIFY(!result.samples.isEmpty());
    QVERIFY(m_database->runs().isEmpty());
}

void TestRecordedRun::refusedParametersLeaveNoRow()
{
    BenchParameters p = parameters(u"/ok"_s);
    p.concurrency = 0;
    RecordedRun run(m_database.get());
    QString error;
    QCOMPARE(run.start(p, &error), RecordedRun::Start::NotStarted);
    QVERIFY(!error.isEmpty());
    QCOMPARE(run.runId(), 0);
    QVERIFY(m_database->runs().isEmpty());
}

void TestRecordedRun::unopenedDatabaseIsNotStored()
{
    Database closed;
    RecordedRun run(&closed);
    QString error;
    QCOMPARE(run.start(parameters(u"/ok"_s), &error), RecordedRun::Start::NotStored);
    QVERIFY(!error.isEmpty());
    QCOMPARE(error, closed.lastError());
    QCOMPARE(m_server->requests(), quint64(0)); // nothing ran
}

void TestRecordedRun::stoppedRunIsStoredInterrupted()
{
    BenchParameters p = parameters(u"/ok"_s);
    p.durationMs = 60'000;
    RecordedRun run(m_database.get());
    QString error;
    QCOMPARE(run.start(p, &error), RecordedRun::Start::Started);
    QList<hostbench::model::BenchSample> polled;
    QTRY_VERIFY_WITH_TIMEOUT((polled += run.poll(), !polled.isEmpty()), 10'000);
    run.stop();
    pollUntilFinished(run);
    QVERIFY(run.isFinished());
    const RecordedRun::Result result = run.finish();
    QVERIFY(result.error.isEmpty());
    QVERIFY(result.summary.interrupted);
    QVERIFY(result.summary.timeTakenSec < 30);
    const std::optional<hostbench::storage::StoredRun> stored = m_database->run(result.runId);
    QVERIFY(stored && stored->finished);
    QVERIFY(stored->summary.interrupted);
}

void TestRecordedRun::brokenOffRunIsRemoved()
{
    // No descriptors left for the run's connections: the generator stops at
    // once (as ab does) and nothing is kept of the run. The soft limit is set
    // to what the generator would raise it to for 200 connections, and all
    // but a few descriptors under it are taken before the run starts.
    rlimit before {};
    QCOMPARE(getrlimit(RLIMIT_NOFILE, &before), 0);
    const rlim_t soft = 200 + 256;
    if (before.rlim_max != RLIM_INFINITY && before.rlim_max < soft)
        QSKIP("the hard open-file limit is below 456");
    BenchParameters p = parameters(u"/ok"_s);
    p.concurrency = 200;
    p.keepAlive = false;
    p.durationMs = 10'000;
    RecordedRun run(m_database.get());
    const rlimit lower { soft, before.rlim_max };
    QCOMPARE(setrlimit(RLIMIT_NOFILE, &lower), 0);
    std::vector<int> taken;
    for (int fd = dup(STDERR_FILENO); fd >= 0; fd = dup(STDERR_FILENO))
        taken.push_back(fd);
    for (int i = 0; i < 12 && !taken.empty(); ++i) {
        close(taken.back());
        taken.pop_back();
    }
    QString error;
    const RecordedRun::Start started = run.start(p, &error);
    const qint64 id = run.runId();
    if (started == RecordedRun::Start::Started)
        pollUntilFinished(run);
    for (const int fd : taken)
        close(fd);
    QCOMPARE(setrlimit(RLIMIT_NOFILE, &before), 0);
    QCOMPARE(started, RecordedRun::Start::Started);
    QVERIFY(id > 0);
    const RecordedRun::Result result = run.finish();
    QVERIFY2(result.error.contains(u"EMFILE"_s), qPrintable(result.error));
    QCOMPARE(result.runId, 0);
    QVERIFY(!m_database->run(id));
    QVERIFY(m_database->samples(id).isEmpty());
}

void TestRecordedRun::destroyedMidRunStaysBrokenOff()
{
    // The window closed (or the process ended) midway: the row stays, with
    // the samples stored so far, unfinished ("broken off").
    BenchParameters p = parameters(u"/ok"_s);
    p.durationMs = 60'000;
    qint64 id = 0;
    qsizetype polled = 0;
    {
        RecordedRun run(m_database.get());
        QString error;
        QCOMPARE(run.start(p, &error), RecordedRun::Start::Started);
        id = run.runId();
        QTRY_VERIFY_WITH_TIMEOUT((polled += run.poll().size(), polled >= 2), 10'000);
    }
    const std::optional<hostbench::storage::StoredRun> stored = m_database->run(id);
    QVERIFY(stored);
    QVERIFY(!stored->finished);
    QCOMPARE(m_database->samples(id).size(), polled);
}

QTEST_GUILESS_MAIN(TestRecordedRun)
#include "tst_recordedrun.moc"
