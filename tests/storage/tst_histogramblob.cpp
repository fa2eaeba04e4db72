// HistogramBlob: the compact encoding of a run's latency histogram.
#include "storage/HistogramBlob.h"

#include <QTest>

using hostbench::model::LatencyHistogram;
using hostbench::storage::HistogramBlob;

Q_DECLARE_METATYPE(LatencyHistogram)

class TestHistogramBlob final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void refusesDamagedBlobs_data();
    void refusesDamagedBlobs();
};

namespace {

LatencyHistogram spread(quint64 from, quint64 to, quint64 step)
{
    LatencyHistogram h;
    for (quint64 us = from; us <= to; us += step)
        h.record(us, us % 3 + 1);
    return h;
}

} // namespace

void TestHistogramBlob::roundTrip_data()
{
    QTest::addColumn<LatencyHistogram>("histogram");

    QTest::newRow("empty") << LatencyHistogram();
    LatencyHistogram one;
    one.record(1234);
    QTest::newRow("one value") << one;
    LatencyHistogram same;
    same.record(20'107, 5000);
    QTest::newRow("one bucket, many") << same;
    LatencyHistogram zero;
    zero.record(0, 2);
    zero.record(3'600'000'000ULL, 2); // the highest trackable value
    QTest::newRow("extremes") << zero;
    QTest::newRow("sub-ms spread") << spread(1, 999, 1);
    QTest::newRow("ms spread") << spread(1000, 2'000'000, 997);
    LatencyHistogram huge;
    huge.record(50, quint64(1) << 40); // counts beyond 32 bits
    huge.record(51);
    QTest::newRow("large counts") << huge;
}

void TestHistogramBlob::roundTrip()
{
    QFETCH(LatencyHistogram, histogram);
    const QByteArray blob = HistogramBlob::encode(histogram);
    QVERIFY(blob.startsWith("HBH1"));
    const std::optional<LatencyHistogram> got = HistogramBlob::decode(blob);
    QVERIFY(got.has_value());
    QCOMPARE(got->count(), histogram.count());
    QCOMPARE(got->minUs(), histogram.minUs());
    QCOMPARE(got->maxUs(), histogram.maxUs());
    for (int i = 0; i < LatencyHistogram::kCountsLength; ++i)
        QCOMPARE(got->countAtIndex(i), histogram.countAtIndex(i));
    for (const double p : { 0.0, 25.0, 50.0, 90.0, 99.0, 99.99, 100.0 })
        QCOMPARE(got->valueAtPercentile(p), histogram.valueAtPercentile(p));
    // The mean is the buckets' (3 significant digits).
    QVERIFY2(qAbs(got->meanUs() - histogram.meanUs()) <= 0.001 * histogram.meanUs() + 0.5,
        qPrintable(QStringLiteral("%1 vs %2").arg(got->meanUs()).arg(histogram.meanUs())));
    // Encoding what was decoded gives the same bytes.
    QCOMPARE(HistogramBlob::encode(*got), blob);
}

void TestHistogramBlob::refusesDamagedBlobs_data()
{
    QTest::addColumn<QByteArray>("blob");

    LatencyHistogram h;
    h.record(100);
    h.record(5000, 3);
    const QByteArray good = HistogramBlob::encode(h);
    QVERIFY(HistogramBlob::decode(good).has_value());

    QTest::newRow("nothing") << QByteArray();
    QTest::newRow("wrong magic") << QByteArray("HBH2") + good.mid(4);
    QTest::newRow("header only") << good.left(4);
    QTest::newRow("truncated") << good.left(good.size() - 1);
    QTest::newRow("trailing byte") << good + '\0';
    QTest::newRow("unterminated varint") << QByteArray("HBH1\xff\xff", 6);
    QTest::newRow("varint past 64 bits")
        << QByteArray("HBH1\x01\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 16);
    QTest::newRow("min above max") << QByteArray("HBH1\x00\x05\x04", 7);
    QTest::newRow("empty with trailing") << QByteArray("HBH1\x00\x00\x00\x01", 8);
    // One pair: index 100 (step 101), count 0.
    QTest::newRow("zero count") << QByteArray("HBH1\x01\x64\x64\x65\x00", 9);
    // One pair at index 100 (value 100) but the header says min = max = 200.
    QTest::newRow("pair outside min..max") << QByteArray("HBH1\x01\xc8\x01\xc8\x01\x65\x01", 11);
    // Header min 100 max 100, one pair at index 100 with count 1: valid; then a step past the end.
    QTest::newRow("index past the end") << QByteArray("HBH1\x02\x64\x64\x65\x01\xff\xff\x03\x01", 13);
    QTest::newRow("more pairs than buckets") << QByteArray("HBH1\xff\xff\x7f\x00\x00", 9);
}

void TestHistogramBlob::refusesDamagedBlobs()
{
    QFETCH(QByteArray, blob);
    QVERIFY(!HistogramBlob::decode(blob).has_value());
}

QTEST_GUILESS_MAIN(TestHistogramBlob)
#include "tst_histogramblob.moc"
