#include "TestHttpServer.h"
#include "bench/LoadGenerator.h"

#include <QElapsedTimer>
#include <QTest>

#include <memory>

using hostbench::bench::LoadGenerator;
using hostbench::model::BenchParameters;
using hostbench::model::BenchSample;
using hostbench::model::RunSummary;

// The load generator over time: duration runs, live samples, stop(),
// latency figures, warm-up and the paced (open) model.
class TestLoadGeneratorTiming final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void durationRun();
    void samplesSumToTotals();
    void samplesAppearDuringRun();
    void stopInterrupts();
    void latencyOfDelayedServer();
    void warmupNotCounted();
    void rateModeCorrectsCoordinatedOmission();

private:
    BenchParameters parameters(const char *path) const;
    RunSummary run(const BenchParameters &parameters, LoadGenerator *generator = nullptr);

    std::unique_ptr<TestHttpServer> m_server;
};

void TestLoadGeneratorTiming::init()
{
    m_server = std::make_unique<TestHttpServer>();
}

void TestLoadGeneratorTiming::cleanup()
{
    m_server.reset();
}

BenchParameters TestLoadGeneratorTiming::parameters(const char *path) const
{
    BenchParameters p;
    p.url = QStringLiteral("http://127.0.0.1:%1%2").arg(m_server->port()).arg(QLatin1String(path));
    return p;
}

RunSummary TestLoadGeneratorTiming::run(const BenchParameters &parameters, LoadGenerator *generator)
{
    LoadGenerator local;
    LoadGenerator &g = generator ? *generator : local;
    QString error;
    const bool started = g.start(parameters, &error);
    if (!started)
        qWarning() << "start failed:" << error;
    if (!started)
        return {};
    g.wait();
    return g.summary();
}

void TestLoadGeneratorTiming::durationRun()
{
    BenchParameters p = parameters("/ok");
    p.durationMs = 1000;
    p.concurrency = 4;
    p.keepAlive = true;
    QElapsedTimer clock;
    clock.start();
    const RunSummary s = run(p);
    QVERIFY(clock.elapsed() >= 1000);
    QVERIFY(clock.elapsed() < 20000);
    QVERIFY(s.completed > 0);
    QCOMPARE(s.failed, quint64(0));
    QVERIFY2(s.timeTakenSec >= 0.99 && s.timeTakenSec < 10, qPrintable(QString::number(s.timeTakenSec)));
    QVERIFY(!s.interrupted);
    // Requests still in flight at the deadline are dropped, not counted.
    QVERIFY(m_server->requests() >= s.completed);
}

void TestLoadGeneratorTiming::samplesSumToTotals()
{
    BenchParameters p = parameters("/ok");
    p.durationMs = 1000;
    p.concurrency = 4;
    p.threads = 2;
    p.keepAlive = true;
    LoadGenerator generator;
    const RunSummary s = run(p, &generator);
    const QList<BenchSample> samples = generator.allSamples();
    QVERIFY2(samples.size() >= 9 && samples.size() <= 11, qPrintable(QString::number(samples.size())));
    quint64 completed = 0, failed = 0, bytes = 0;
    for (qsizetype i = 0; i < samples.size(); ++i) {
        QCOMPARE(samples[i].index, int(i));
        completed += samples[i].completed;
        failed += samples[i].failed;
        bytes += samples[i].bytes;
        if (samples[i].completed > 0)
            QVERIFY(samples[i].p50Us <= samples[i].p99Us && samples[i].p99Us <= samples[i].maxUs);
    }
    QCOMPARE(completed, s.completed);
    QCOMPARE(failed, s.failed);
    QCOMPARE(bytes, s.totalBytes);
    QCOMPARE(samples.last().elapsedMs, qint64(1000));
    QCOMPARE(samples.first().intervalMs, qint64(100));
    QVERIFY(samples.first().openConnections > 0);
    // takeSamples() drains: everything once, then nothing.
    QCOMPARE(generator.takeSamples().size(), samples.size());
    QCOMPARE(generator.takeSamples().size(), 0);
}

void TestLoadGeneratorTiming::samplesAppearDuringRun()
{
    BenchParameters p = parameters("/ok");
    p.durationMs = 2000;
    p.concurrency = 2;
    p.keepAlive = true;
    LoadGenerator generator;
    QString error;
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    qsizetype seenWhileRunning = 0;
    double progressSeen = 0;
    QList<BenchSample> taken;
    while (!generator.isFinished()) {
        QTest::qWait(50);
        const QList<BenchSample> fresh = generator.takeSamples();
        if (!generator.isFinished()) {
            seenWhileRunning += fresh.size();
            progressSeen = qMax(progressSeen, generator.progress());
        }
        taken += fresh;
    }
    generator.wait();
    taken += generator.takeSamples();
    QVERIFY(seenWhileRunning > 0);
    QVERIFY(progressSeen > 0 && progressSeen <= 1);
    QCOMPARE(generator.progress(), 1.0);
    QCOMPARE(taken.size(), generator.allSamples().size());
}

void TestLoadGeneratorTiming::stopInterrupts()
{
    BenchParameters p = parameters("/delay/5");
    p.durationMs = 60000;
    p.concurrency = 2;
    p.keepAlive = true;
    LoadGenerator generator;
    QString error;
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    QTest::qWait(300);
    QVERIFY(!generator.isFinished());
    QElapsedTimer clock;
    clock.start();
    generator.stop();
    generator.wait();
    QVERIFY(clock.elapsed() < 10000);
    QVERIFY(generator.isFinished());
    const RunSummary s = generator.summary();
    QVERIFY(s.interrupted);
    QVERIFY(s.completed > 0);
    QVERIFY(s.timeTakenSec < 30);
}

void TestLoadGeneratorTiming::latencyOfDelayedServer()
{
    BenchParameters p = parameters("/delay/20");
    p.requests = 200;
    p.concurrency = 4;
    p.keepAlive = true;
    LoadGenerator generator;
    const RunSummary s = run(p, &generator);
    QCOMPARE(s.completed, quint64(200));
    QVERIFY2(s.latencyP50Ms >= 19 && s.latencyP50Ms <= 30, qPrintable(QString::number(s.latencyP50Ms)));
    QVERIFY2(s.total.medianMs >= 19 && s.total.medianMs <= 30, qPrintable(QString::number(s.total.medianMs)));
    QVERIFY(s.waiting.medianMs >= 19);
    QVERIFY(s.latencyMinMs >= 19);
    QCOMPARE(generator.histogram().count(), quint64(200));
    QVERIFY(generator.histogram().valueAtPercentile(50) >= 19000);
}

void TestLoadGeneratorTiming::warmupNotCounted()
{
    BenchParameters p = parameters("/delay/2");
    p.requests = 50;
    p.concurrency = 2;
    p.keepAlive = true;
    p.warmupMs = 300;
    const RunSummary s = run(p);
    QCOMPARE(s.completed, quint64(50));
    QVERIFY(m_server->requests() > 50);
}

void TestLoadGeneratorTiming::rateModeCorrectsCoordinatedOmission()
{
    // One connection asked for 100 requests/s from a server that needs 30 ms
    // each: the schedule falls behind, and only the corrected latency shows it.
    BenchParameters p = parameters("/delay/30");
    p.durationMs = 1000;
    p.concurrency = 1;
    p.keepAlive = true;
    p.rate = 100;
    const RunSummary s = run(p);
    QVERIFY(s.completed > 5);
    QCOMPARE(s.rate, 100.0);
    QVERIFY(s.uncorrectedP50Ms >= 29);
    QVERIFY(s.latencyP99Ms > s.uncorrectedP99Ms);
    QVERIFY(s.latencyMaxMs >= s.uncorrectedMaxMs);

    // A rate the server easily keeps up with is met, and paced.
    BenchParameters q = parameters("/ok");
    q.durationMs = 1000;
    q.concurrency = 4;
    q.keepAlive = true;
    q.rate = 200;
    const RunSummary t = run(q);
    QVERIFY2(t.completed >= 100 && t.completed <= 210, qPrintable(QString::number(t.completed)));
}

QTEST_GUILESS_MAIN(TestLoadGeneratorTiming)
#include "tst_loadgeneratortiming.moc"
