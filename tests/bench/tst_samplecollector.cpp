#include "bench/SampleCollector.h"

#include <QTest>

#include <thread>
#include <vector>

using hostbench::bench::IntervalPartial;
using hostbench::bench::SampleCollector;
using hostbench::model::LatencyHistogram;

class TestSampleCollector final : public QObject
{
    Q_OBJECT

private slots:
    void waitsForEveryThread();
    void finishedThreadsDoNotHoldBack();
    void mergesHistograms();
    void manyThreadsReporting();

private:
    static IntervalPartial partial(int index, quint64 completed, quint64 latencyUs = 1000)
    {
        IntervalPartial p;
        p.index = index;
        p.endMs = (index + 1) * 100;
        p.completed = completed;
        p.bytes = completed * 10;
        p.openConnections = 2;
        p.histogram = std::make_unique<LatencyHistogram>();
        p.histogram->record(latencyUs, completed);
        return p;
    }
};

void TestSampleCollector::waitsForEveryThread()
{
    SampleCollector collector(2, 100);
    IntervalPartial a = partial(0, 5);
    collector.report(0, a);
    QVERIFY(collector.take().isEmpty()); // thread 1 has not reported interval 0 yet
    QVERIFY(a.histogram);
    QCOMPARE(a.histogram->count(), quint64(0)); // handed back empty

    IntervalPartial b = partial(0, 7);
    collector.report(1, b);
    const auto samples = collector.take();
    QCOMPARE(samples.size(), 1);
    QCOMPARE(samples[0].index, 0);
    QCOMPARE(samples[0].completed, quint64(12));
    QCOMPARE(samples[0].bytes, quint64(120));
    QCOMPARE(samples[0].openConnections, 4);
    QCOMPARE(samples[0].elapsedMs, qint64(100));
    QCOMPARE(samples[0].intervalMs, qint64(100));
    QVERIFY(collector.take().isEmpty());
    QCOMPARE(collector.all().size(), 1);
}

void TestSampleCollector::finishedThreadsDoNotHoldBack()
{
    SampleCollector collector(2, 100);
    IntervalPartial a0 = partial(0, 1), a1 = partial(1, 1), b0 = partial(0, 1);
    collector.report(0, a0);
    collector.report(1, b0);
    collector.finish(1);
    collector.report(0, a1);
    IntervalPartial last = partial(2, 3);
    last.endMs = 250; // the run ended inside interval 2
    collector.report(0, last);
    collector.finish(0);
    const auto samples = collector.all();
    QCOMPARE(samples.size(), 3);
    QCOMPARE(samples[0].completed, quint64(2));
    QCOMPARE(samples[1].completed, quint64(1));
    QCOMPARE(samples[2].completed, quint64(3));
    QCOMPARE(samples[2].elapsedMs, qint64(250));
    QCOMPARE(samples[2].intervalMs, qint64(50));
}

void TestSampleCollector::mergesHistograms()
{
    SampleCollector collector(2, 100);
    IntervalPartial fast = partial(0, 99, 1000);
    IntervalPartial slow = partial(0, 1, 50000);
    collector.report(0, fast);
    collector.report(1, slow);
    const auto s = collector.take().value(0);
    QCOMPARE(s.completed, quint64(100));
    // Below 2,048 µs the histogram is exact; the max is the largest value recorded.
    QCOMPARE(s.p50Us, quint64(1000));
    QCOMPARE(s.p90Us, quint64(1000));
    QCOMPARE(s.p99Us, quint64(1000)); // the 99th of 100 values
    QCOMPARE(s.maxUs, quint64(50000));
}

void TestSampleCollector::manyThreadsReporting()
{
    constexpr int kThreads = 4, kIntervals = 50;
    SampleCollector collector(kThreads, 100);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&collector, t] {
            IntervalPartial p;
            p.histogram = std::make_unique<LatencyHistogram>();
            for (int i = 0; i < kIntervals; ++i) {
                p.index = i;
                p.endMs = (i + 1) * 100;
                p.completed = quint64(t + 1);
                p.histogram->record(100);
                collector.report(t, p);
            }
            collector.finish(t);
        });
    }
    for (auto &thread : threads)
        thread.join();
    const auto samples = collector.all();
    QCOMPARE(samples.size(), kIntervals);
    for (int i = 0; i < kIntervals; ++i) {
        QCOMPARE(samples[i].index, i);
        QCOMPARE(samples[i].completed, quint64(1 + 2 + 3 + 4));
    }
}

QTEST_GUILESS_MAIN(TestSampleCollector)
#include "tst_samplecollector.moc"
