#include "model/LatencyHistogram.h"

#include <QTest>

using hostbench::model::LatencyHistogram;

class TestLatencyHistogram final : public QObject
{
    Q_OBJECT

private slots:
    void bucketLayout_data();
    void bucketLayout();
    void percentiles_data();
    void percentiles();
    void threeSignificantDigits();
    void meanAndStdDev();
    void addMerges();
    void clampsAboveOneHour();
};

void TestLatencyHistogram::bucketLayout_data()
{
    QTest::addColumn<quint64>("value");
    QTest::addColumn<quint64>("lowest");
    QTest::addColumn<quint64>("highest");
    QTest::newRow("zero") << quint64(0) << quint64(0) << quint64(0);
    QTest::newRow("exact below 2048") << quint64(2047) << quint64(2047) << quint64(2047);
    QTest::newRow("first doubled bucket") << quint64(2048) << quint64(2048) << quint64(2049);
    QTest::newRow("second doubled bucket") << quint64(4097) << quint64(4096) << quint64(4099);
    QTest::newRow("one second") << quint64(1'000'000) << quint64(999'936) << quint64(1'000'447);
}

void TestLatencyHistogram::bucketLayout()
{
    QFETCH(quint64, value);
    QFETCH(quint64, lowest);
    QFETCH(quint64, highest);
    const int index = LatencyHistogram::countsIndexFor(value);
    QVERIFY(index >= 0 && index < LatencyHistogram::kCountsLength);
    QCOMPARE(LatencyHistogram::lowestEquivalentValue(index), lowest);
    QCOMPARE(LatencyHistogram::highestEquivalentValue(index), highest);
}

void TestLatencyHistogram::percentiles_data()
{
    QTest::addColumn<double>("percentile");
    QTest::addColumn<quint64>("expected");
    // Values 1..1000 µs, each once: exact below 2048.
    QTest::newRow("p0") << 0.0 << quint64(1);
    QTest::newRow("p50") << 50.0 << quint64(500);
    QTest::newRow("p90") << 90.0 << quint64(900);
    QTest::newRow("p99") << 99.0 << quint64(990);
    QTest::newRow("p99.9") << 99.9 << quint64(999);
    QTest::newRow("p100") << 100.0 << quint64(1000);
}

void TestLatencyHistogram::percentiles()
{
    QFETCH(double, percentile);
    QFETCH(quint64, expected);
    LatencyHistogram h;
    for (quint64 v = 1; v <= 1000; ++v)
        h.record(v);
    QCOMPARE(h.count(), quint64(1000));
    QCOMPARE(h.valueAtPercentile(percentile), expected);
}

void TestLatencyHistogram::threeSignificantDigits()
{
    LatencyHistogram h;
    const quint64 values[] = { 12'345, 987'654, 20'000, 3'599'999'999ULL };
    for (quint64 v : values) {
        h.reset();
        h.record(v);
        const quint64 got = h.valueAtPercentile(50);
        QVERIFY2(qAbs(double(got) - double(v)) / double(v) < 0.001, qPrintable(QString::number(got)));
    }
}

void TestLatencyHistogram::meanAndStdDev()
{
    LatencyHistogram h;
    h.record(2);
    h.record(4, 3);
    h.record(6);
    // values 2,4,4,4,6: mean 4, population sd sqrt(8/5)
    QCOMPARE(h.meanUs(), 4.0);
    QVERIFY(qAbs(h.stdDevUs() - std::sqrt(8.0 / 5.0)) < 1e-9);
    QCOMPARE(h.minUs(), quint64(2));
    QCOMPARE(h.maxUs(), quint64(6));
}

void TestLatencyHistogram::addMerges()
{
    LatencyHistogram a, b;
    for (int i = 0; i < 100; ++i)
        a.record(100);
    for (int i = 0; i < 100; ++i)
        b.record(20'000);
    a.add(b);
    QCOMPARE(a.count(), quint64(200));
    QCOMPARE(a.valueAtPercentile(50), quint64(100));
    QCOMPARE(a.valueAtPercentile(51), quint64(20'000)); // 20 ms's bucket, clamped to the largest value
    QCOMPARE(a.maxUs(), quint64(20'000));
    a.reset();
    QCOMPARE(a.count(), quint64(0));
    QCOMPARE(a.valueAtPercentile(99), quint64(0));
}

void TestLatencyHistogram::clampsAboveOneHour()
{
    LatencyHistogram h;
    h.record(LatencyHistogram::kHighestTrackableUs * 10);
    QCOMPARE(h.maxUs(), LatencyHistogram::kHighestTrackableUs);
    QVERIFY(LatencyHistogram::countsIndexFor(~quint64(0)) < LatencyHistogram::kCountsLength);
}

QTEST_GUILESS_MAIN(TestLatencyHistogram)
#include "tst_latencyhistogram.moc"
