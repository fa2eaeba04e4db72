// The open model paused, resumed and given a new rate while it runs (issue
// #28; LoadGenerator::pause, resume, setRate), against the real engine
// (HTTP/1.1 and h2c) and the test server: nothing is sent while paused, the
// samples show the planned rate following each change, the rates measured
// before and after a change match it within a tolerance taken from the
// samples, and the corrected latency does not count the pause.
#include "TestHttpServer.h"
#include "bench/LoadGenerator.h"
#include "http/HttpServer.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cmath>
#include <thread>

using namespace Qt::StringLiterals;
using hostbench::bench::LoadGenerator;
using hostbench::http::HttpServer;
using hostbench::model::BenchParameters;
using hostbench::model::BenchSample;
using hostbench::model::Route;
using hostbench::model::RunSummary;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

double startOf(const BenchSample &s)
{
    return double(s.elapsedMs - s.intervalMs) / 1000.0;
}

// What the samples say was sent over part of a run: the requests completed,
// and the requests the schedule intended (planned rate × interval).
struct Window
{
    quint64 completed = 0;
    double planned = 0;
    int samples = 0;

    void add(const BenchSample &s)
    {
        completed += s.completed;
        planned += s.plannedRate * double(s.intervalMs) / 1000.0;
        ++samples;
    }
    // Requests in flight at either end of the window move across it: up to
    // the connections at each end, and a tenth of the load for a machine
    // shared with other work.
    bool matches(int connections, QString *why) const
    {
        const double tolerance = 2.0 * connections + 0.1 * planned;
        *why = u"%1 requests completed over %2 samples, %3 planned (± %4)"_s.arg(completed)
                   .arg(samples)
                   .arg(planned, 0, 'f', 1)
                   .arg(tolerance, 0, 'f', 1);
        return samples > 0 && std::abs(double(completed) - planned) <= tolerance;
    }
};

} // namespace

class TestLoadGeneratorControl final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void pauseSendsNothing_data();
    void pauseSendsNothing();
    void rateSteps_data();
    void rateSteps();
    void newRateReplacesTheStages();
    void pauseDropsWhatWasDue();
    void refusals();

private:
    BenchParameters parameters(bool http2) const;

    QTemporaryDir m_root;
    HttpServer m_engine;
};

void TestLoadGeneratorControl::initTestCase()
{
    QVERIFY(m_root.isValid());
    VirtualHost host;
    host.hostName = u"localhost"_s;
    host.documentRoot = m_root.path();
    host.isDefault = true;
    host.routes = { Route { u"/ok"_s, 200, u"text/plain"_s, "OK" } };
    ServerConfig config;
    config.listenAddress = u"127.0.0.1"_s;
    config.port = 0;
    config.threads = 1;
    QString error;
    QVERIFY2(m_engine.start(config, { host }, &error), qPrintable(error));
}

void TestLoadGeneratorControl::cleanupTestCase()
{
    m_engine.stop();
}

BenchParameters TestLoadGeneratorControl::parameters(bool http2) const
{
    BenchParameters p;
    p.url = u"http://127.0.0.1:%1/ok"_s.arg(m_engine.port());
    p.concurrency = 4;
    p.keepAlive = true;
    p.http2 = http2; // h2c with prior knowledge: Http2Connection's pacer
    return p;
}

void TestLoadGeneratorControl::pauseSendsNothing_data()
{
    QTest::addColumn<bool>("http2");
    QTest::newRow("HTTP/1.1") << false;
    QTest::newRow("HTTP/2") << true;
}

void TestLoadGeneratorControl::pauseSendsNothing()
{
    QFETCH(bool, http2);
    BenchParameters p = parameters(http2);
    p.rate = 400;
    p.durationMs = 3000;
    LoadGenerator generator;
    QString error;
    const Clock::time_point start = Clock::now();
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    QCOMPARE(generator.plannedRate(), 400.0);
    std::this_thread::sleep_until(start + milliseconds(800));
    QVERIFY2(generator.pause(&error), qPrintable(error));
    QVERIFY(generator.isPaused());
    QCOMPARE(generator.plannedRate(), 0.0);
    QVERIFY(generator.pause(&error)); // again: nothing to change
    // The requests under way are answered; then the engine serves nothing more.
    std::this_thread::sleep_for(milliseconds(300));
    const quint64 servedAtPause = m_engine.metrics().requests;
    std::this_thread::sleep_for(milliseconds(700));
    QCOMPARE(m_engine.metrics().requests, servedAtPause);
    QVERIFY2(generator.resume(&error), qPrintable(error));
    QVERIFY(!generator.isPaused());
    QCOMPARE(generator.plannedRate(), 400.0);
    generator.wait();
    const RunSummary s = generator.summary();
    const QList<BenchSample> samples = generator.allSamples();

    // The paused intervals: nothing planned, nothing answered (but for the
    // answers to requests sent before, in the first).
    int paused = 0;
    Window before, after;
    for (const BenchSample &sample : samples) {
        // The planned rate agrees with the time paused (a whole ms: within half of one).
        const double running = double(sample.intervalMs - sample.pausedMs) / double(sample.intervalMs);
        QVERIFY2(std::abs(sample.plannedRate - 400 * running) <= 400 * 0.5 / double(sample.intervalMs),
            qPrintable(u"%1 planned, paused %2 ms at %3 s"_s.arg(sample.plannedRate)
                           .arg(sample.pausedMs)
                           .arg(startOf(sample))));
        if (sample.pausedMs == sample.intervalMs) {
            QVERIFY2(sample.completed == 0 || (paused == 0 && sample.completed <= quint64(p.concurrency)),
                qPrintable(u"%1 answered at %2 s"_s.arg(sample.completed).arg(startOf(sample))));
            ++paused;
        } else if (sample.pausedMs == 0) {
            (paused == 0 ? before : after).add(sample);
        }
    }
    QVERIFY2(paused >= 8, qPrintable(QString::number(paused))); // a pause of 1 s or so
    QString why;
    QVERIFY2(before.matches(p.concurrency, &why), qPrintable(u"before the pause: "_s + why));
    QVERIFY2(after.matches(p.concurrency, &why), qPrintable(u"after it: "_s + why));
    // Coordinated-omission correction counts from the intended times: none fell in the pause.
    QVERIFY2(s.latencyMaxMs < 400, qPrintable(QString::number(s.latencyMaxMs)));
    QCOMPARE(s.failed, quint64(0));
}

void TestLoadGeneratorControl::rateSteps_data()
{
    pauseSendsNothing_data();
}

void TestLoadGeneratorControl::rateSteps()
{
    QFETCH(bool, http2);
    BenchParameters p = parameters(http2);
    p.rate = 150;
    p.durationMs = 3000;
    LoadGenerator generator;
    QString error;
    const Clock::time_point start = Clock::now();
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    std::this_thread::sleep_until(start + milliseconds(1200));
    QVERIFY2(generator.setRate(450, &error), qPrintable(error));
    QCOMPARE(generator.plannedRate(), 450.0);
    generator.wait();
    const QList<BenchSample> samples = generator.allSamples();

    // A step in the planned rate: 150 up to the change, 450 after it, one
    // interval across it in between.
    Window slow, fast;
    int across = 0;
    for (const BenchSample &sample : samples) {
        if (std::abs(sample.plannedRate - 150) < 1e-6) {
            QCOMPARE(across + fast.samples, 0);
            slow.add(sample);
        } else if (std::abs(sample.plannedRate - 450) < 1e-6) {
            fast.add(sample);
        } else {
            QVERIFY2(sample.plannedRate > 150 && sample.plannedRate < 450 && fast.samples == 0,
                qPrintable(u"%1 planned at %2 s"_s.arg(sample.plannedRate).arg(startOf(sample))));
            ++across;
        }
        QCOMPARE(sample.pausedMs, qint64(0));
    }
    QVERIFY(across <= 1);
    QVERIFY2(
        slow.samples >= 8 && fast.samples >= 12, qPrintable(u"%1 %2"_s.arg(slow.samples).arg(fast.samples)));
    QString why;
    QVERIFY2(slow.matches(p.concurrency, &why), qPrintable(u"at 150/s: "_s + why));
    QVERIFY2(fast.matches(p.concurrency, &why), qPrintable(u"at 450/s: "_s + why));
    QVERIFY2(generator.summary().latencyMaxMs < 400,
        qPrintable(QString::number(generator.summary().latencyMaxMs)));
}

void TestLoadGeneratorControl::newRateReplacesTheStages()
{
    // A ramp from 0 to 600/s over 3 s, set to 100/s after 1 s: the rest of
    // the ramp is gone, the run still ends after 3 s.
    BenchParameters p = parameters(false);
    p.stages = { { 3000, 600 } };
    p.durationMs = 3000;
    LoadGenerator generator;
    QString error;
    const Clock::time_point start = Clock::now();
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    std::this_thread::sleep_until(start + milliseconds(1000));
    const double reached = generator.plannedRate();
    QVERIFY2(reached > 150 && reached < 300, qPrintable(QString::number(reached))); // 200/s at 1 s
    QVERIFY2(generator.setRate(100, &error), qPrintable(error));
    generator.wait();
    const QList<BenchSample> samples = generator.allSamples();
    QVERIFY(samples.size() >= 25);
    // On the ramp: each interval's planned rate is the ramp's at its middle (a straight line).
    const BenchSample &early = samples.at(2);
    QVERIFY2(std::abs(early.plannedRate - 600.0 / 3 * 0.25) < 1e-6,
        qPrintable(QString::number(early.plannedRate)));
    Window held;
    for (const BenchSample &sample : samples) {
        if (startOf(sample) > 1.3)
            held.add(sample);
    }
    for (const BenchSample &sample : samples.mid(samples.size() - 15))
        QVERIFY2(std::abs(sample.plannedRate - 100) < 1e-6, qPrintable(QString::number(sample.plannedRate)));
    QString why;
    QVERIFY2(held.matches(p.concurrency, &why), qPrintable(why));
    QVERIFY2(generator.summary().timeTakenSec < 3.5,
        qPrintable(QString::number(generator.summary().timeTakenSec)));
}

void TestLoadGeneratorControl::pauseDropsWhatWasDue()
{
    // The test server stalls from the 40th request (0.4 s) for 1.5 s: both
    // connections wait for an answer while their send times pass. The run
    // is paused at 1 s and resumed at 2.5 s. The send times due before the
    // pause are not sent when the stall ends at 1.9 s (that would be
    // sending while paused, their latency counting the pause): a timed run
    // counts them as not sent. After the resume the latency is the server's.
    TestHttpServer server;
    BenchParameters p;
    p.url = u"http://127.0.0.1:%1/stall/40/1500"_s.arg(server.port());
    p.rate = 100;
    p.concurrency = 2;
    p.keepAlive = true;
    p.durationMs = 3500;
    LoadGenerator generator;
    QString error;
    const Clock::time_point start = Clock::now();
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    std::this_thread::sleep_until(start + milliseconds(1000));
    QVERIFY2(generator.pause(&error), qPrintable(error));
    std::this_thread::sleep_until(start + milliseconds(2500));
    const double resumedAt = std::chrono::duration<double>(Clock::now() - start).count();
    QVERIFY2(generator.resume(&error), qPrintable(error));
    generator.wait();
    const RunSummary s = generator.summary();
    const QList<BenchSample> samples = generator.allSamples();
    // While paused only the two stalled requests, sent before the pause, are answered.
    quint64 answeredWhilePaused = 0;
    for (const BenchSample &sample : samples) {
        const double from = startOf(sample);
        if (from >= 1.05 && sample.elapsedMs / 1000.0 <= 2.45)
            answeredWhilePaused += sample.completed;
        if (from >= resumedAt + 0.1)
            QVERIFY2(sample.maxUs < 200'000, qPrintable(u"%1 us at %2 s"_s.arg(sample.maxUs).arg(from)));
    }
    QVERIFY2(answeredWhilePaused <= quint64(p.concurrency), qPrintable(QString::number(answeredWhilePaused)));
    // 0.4 s to 1 s at 100/s, less the two requests stalled.
    QVERIFY2(s.notSent >= 40 && s.notSent <= 62, qPrintable(QString::number(s.notSent)));
}

void TestLoadGeneratorControl::refusals()
{
    LoadGenerator generator;
    QString error;
    QVERIFY(!generator.pause(&error));
    QVERIFY2(error.contains(u"no run is going"_s), qPrintable(error));
    QCOMPARE(generator.plannedRate(), -1.0);

    // The closed model has no schedule.
    BenchParameters closed = parameters(false);
    closed.durationMs = 1500;
    QVERIFY2(generator.start(closed, &error), qPrintable(error));
    QVERIFY(!generator.pause(&error));
    QVERIFY2(error.contains(u"closed-model"_s), qPrintable(error));
    QVERIFY(!generator.setRate(100, &error));
    QCOMPARE(generator.plannedRate(), -1.0);
    generator.stop();
    generator.wait();

    // A bad rate changes nothing.
    BenchParameters open = parameters(false);
    open.rate = 50;
    open.durationMs = 1500;
    QVERIFY2(generator.start(open, &error), qPrintable(error));
    for (double bad : { 0.0, -5.0, std::nan(""), 2e8 }) {
        error.clear();
        QVERIFY(!generator.setRate(bad, &error));
        QVERIFY2(error.contains(u"above 0"_s), qPrintable(error));
    }
    QCOMPARE(generator.plannedRate(), 50.0);
    generator.wait();
    QVERIFY(!generator.resume(&error));
    QVERIFY2(error.contains(u"no run is going"_s), qPrintable(error));
    for (const BenchSample &sample : generator.allSamples())
        QVERIFY(sample.pausedMs == 0 && std::abs(sample.plannedRate - 50) < 1e-6);
}

QTEST_GUILESS_MAIN(TestLoadGeneratorControl)
#include "tst_loadgeneratorcontrol.moc"
