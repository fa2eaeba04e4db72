// MetricsSnapshot::serviceTimePercentiles(): the percentiles of the
// responses between two snapshots, read from the difference of their
// histogram counts as LatencyHistogram reads its own.
#include "model/LatencyHistogram.h"
#include "model/MetricsSnapshot.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using hostbench::model::LatencyHistogram;
using hostbench::model::MetricsSnapshot;

namespace {
// A snapshot whose histogram holds `values` (µs), as HttpServer::metrics() builds it.
MetricsSnapshot snapshotOf(const QList<quint64> &values)
{
    MetricsSnapshot snapshot;
    snapshot.serviceTimeCounts = QList<quint64>(LatencyHistogram::kCountsLength, 0);
    for (const quint64 value : values)
        ++snapshot.serviceTimeCounts[LatencyHistogram::countsIndexFor(value)];
    snapshot.requests = quint64(values.size());
    return snapshot;
}
} // namespace

class TestMetricsSnapshot final : public QObject
{
    Q_OBJECT

private slots:
    void interval_data();
    void interval();
    void restartedEngineCountsFromZero();
};

void TestMetricsSnapshot::interval_data()
{
    QTest::addColumn<QList<quint64>>("before"); // values recorded before the interval
    QTest::addColumn<QList<quint64>>("during"); // and in it
    QTest::addColumn<double>("percentile");

    QTest::newRow("empty interval") << QList<quint64> { 5, 6 } << QList<quint64> {} << 50.0;
    QTest::newRow("one value") << QList<quint64> {} << QList<quint64> { 250 } << 99.0;
    QTest::newRow("earlier values do not count")
        << QList<quint64> { 90000, 90000, 90000 } << QList<quint64> { 10, 20, 30, 40 } << 99.0;
    QTest::newRow("median of the interval")
        << QList<quint64> { 1 } << QList<quint64> { 100, 200, 300, 400, 5000 } << 50.0;
    QTest::newRow("p99 of 100") << QList<quint64> { 7 } << [] {
        QList<quint64> values;
        for (quint64 i = 1; i <= 100; ++i)
            values.append(i * 1000);
        return values;
    }() << 99.0;
    QTest::newRow("above the sub-bucket range")
        << QList<quint64> {} << QList<quint64> { 3'000'000, 3'100'000 } << 50.0;
}

void TestMetricsSnapshot::interval()
{
    QFETCH(QList<quint64>, before);
    QFETCH(QList<quint64>, during);
    QFETCH(double, percentile);

    const MetricsSnapshot earlier = snapshotOf(before);
    const MetricsSnapshot later = snapshotOf(before + during);
    // What a histogram of the interval's values alone says, before its clamp to the values' min and max.
    LatencyHistogram alone;
    for (const quint64 value : during)
        alone.record(value);
    quint64 expected = 0;
    if (alone.count() > 0) {
        const auto wanted
            = std::max<quint64>(1, quint64(std::ceil(percentile / 100.0 * double(alone.count()) - 1e-6)));
        quint64 seen = 0;
        for (int i = 0; i < LatencyHistogram::kCountsLength && expected == 0; ++i) {
            seen += alone.countAtIndex(i);
            if (seen >= wanted)
                expected = LatencyHistogram::highestEquivalentValue(i);
        }
    }
    const QList<quint64> got = MetricsSnapshot::serviceTimePercentiles(earlier, later, { percentile });
    QCOMPARE(got.size(), 1);
    QCOMPARE(got.at(0), expected);
    // Within a bucket's width (0.1 %) of the histogram's own reading.
    QVERIFY(got.at(0) >= alone.valueAtPercentile(percentile));
    QVERIFY(got.at(0) <= alone.valueAtPercentile(percentile) * 1001 / 1000 + 1);
    // Several percentiles in one pass read as one at a time.
    const QList<quint64> both = MetricsSnapshot::serviceTimePercentiles(earlier, later, { 50, percentile });
    QCOMPARE(both.at(0), MetricsSnapshot::serviceTimePercentiles(earlier, later, { 50 }).at(0));
    QCOMPARE(both.at(1), got.at(0));
}

void TestMetricsSnapshot::restartedEngineCountsFromZero()
{
    // Fewer requests than before: the engine restarted, so the later snapshot counts alone.
    const MetricsSnapshot earlier = snapshotOf({ 10, 10, 10, 10, 10, 10 });
    const MetricsSnapshot later = snapshotOf({ 700, 800 });
    const QList<quint64> got = MetricsSnapshot::serviceTimePercentiles(earlier, later, { 50, 100 });
    QCOMPARE(got.at(0), LatencyHistogram::highestEquivalentValue(LatencyHistogram::countsIndexFor(700)));
    QCOMPARE(got.at(1), LatencyHistogram::highestEquivalentValue(LatencyHistogram::countsIndexFor(800)));
    // And an empty earlier snapshot means: since the start.
    QCOMPARE(MetricsSnapshot::serviceTimePercentiles({}, later, { 50 }), QList<quint64> { got.at(0) });
}

QTEST_GUILESS_MAIN(TestMetricsSnapshot)
#include "tst_metricssnapshot.moc"
