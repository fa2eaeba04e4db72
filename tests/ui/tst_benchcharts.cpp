#include "ui/BenchCharts.h"

#include <QChartView>
#include <QLineSeries>
#include <QTest>
#include <QValueAxis>

using namespace Qt::StringLiterals;
using hostbench::model::BenchSample;
using hostbench::ui::BenchCharts;

class TestBenchCharts final : public QObject
{
    Q_OBJECT

private slots:
    void appendGrowsSeriesAndAxes();
    void setSamplesReplaces();
    void fixedDuration();
    void hiddenChartsDrawWhenShown();

private:
    static QList<BenchSample> samples(int from, int count, quint64 completed, quint64 p99Us);
    static QValueAxis *axis(const BenchCharts &charts, const QString &view, Qt::Orientation orientation);
};

QList<BenchSample> TestBenchCharts::samples(int from, int count, quint64 completed, quint64 p99Us)
{
    QList<BenchSample> result;
    for (int i = from; i < from + count; ++i) {
        BenchSample sample;
        sample.index = i;
        sample.intervalMs = 100;
        sample.elapsedMs = (i + 1) * 100;
        sample.completed = completed;
        sample.p50Us = p99Us / 2;
        sample.p99Us = p99Us;
        result.append(sample);
    }
    return result;
}

QValueAxis *TestBenchCharts::axis(const BenchCharts &charts, const QString &view, Qt::Orientation orientation)
{
    auto *chartView = charts.findChild<QChartView *>(view);
    if (!chartView)
        return nullptr;
    const QList<QAbstractAxis *> axes = chartView->chart()->axes(orientation);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(axes.first());
}

void TestBenchCharts::appendGrowsSeriesAndAxes()
{
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.show();
    QVERIFY(charts.findChild<QChartView *>(u"tThroughputChart"_s));
    QVERIFY(charts.findChild<QChartView *>(u"tLatencyChart"_s));
    QCOMPARE(charts.pointCount(), 0);

    // 120 requests per 100 ms = 1,200 req/s; p99 3.5 ms.
    charts.append(samples(0, 3, 120, 3500));
    QCOMPARE(charts.pointCount(), 3);
    QCOMPARE(charts.p50Series()->count(), 3);
    QCOMPARE(charts.p99Series()->count(), 3);
    QCOMPARE(charts.throughputSeries()->at(2), QPointF(0.3, 1200.0));
    QCOMPARE(charts.p99Series()->at(0).y(), 3.5);

    QValueAxis *rateAxis = axis(charts, u"tThroughputChart"_s, Qt::Vertical);
    QValueAxis *latencyAxis = axis(charts, u"tLatencyChart"_s, Qt::Vertical);
    QVERIFY(rateAxis && latencyAxis);
    QVERIFY(rateAxis->max() >= 1200.0);
    QVERIFY(rateAxis->max() <= 2500.0); // a nice ceiling, not far above
    QVERIFY(latencyAxis->max() >= 3.5);

    // The axes keep up with larger values.
    charts.append(samples(3, 2, 600, 42000));
    QCOMPARE(charts.pointCount(), 5);
    QVERIFY(rateAxis->max() >= 6000.0);
    QVERIFY(latencyAxis->max() >= 42.0);
    QValueAxis *time = axis(charts, u"tThroughputChart"_s, Qt::Horizontal);
    QVERIFY(time->max() >= 0.5);
}

void TestBenchCharts::setSamplesReplaces()
{
    BenchCharts charts(u"t"_s, Qt::Vertical);
    charts.append(samples(0, 10, 10, 1000));
    charts.setSamples(samples(0, 4, 10, 1000));
    QCOMPARE(charts.pointCount(), 4);
    charts.clear();
    QCOMPARE(charts.pointCount(), 0);
    QCOMPARE(charts.p99Series()->count(), 0);
}

void TestBenchCharts::fixedDuration()
{
    // A 30 s run shows its whole length from the first sample on.
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.clear(30000);
    charts.append(samples(0, 1, 10, 1000));
    QValueAxis *time = axis(charts, u"tLatencyChart"_s, Qt::Horizontal);
    QVERIFY(time);
    QVERIFY(time->max() >= 30.0);
    QVERIFY(time->max() < 60.0);
}

void TestBenchCharts::hiddenChartsDrawWhenShown()
{
    // A live run's points reach a hidden chart (another page showing): kept, not drawn...
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.clear(10000);
    charts.append(samples(0, 3, 120, 3500));
    charts.appendEngine({ { 0.1, 1300, 0.2, 0.5, 1.0 }, { 0.2, 1250, 0.2, 0.6, 1.1 } });
    QCOMPARE(charts.pointCount(), 0);
    QCOMPARE(charts.engineThroughputSeries()->count(), 0);
    // ...and drawn, all of them, as soon as it shows.
    charts.show();
    QCOMPARE(charts.pointCount(), 3);
    QCOMPARE(charts.throughputSeries()->at(2), QPointF(0.3, 1200.0));
    QCOMPARE(charts.engineThroughputSeries()->count(), 2);
    QCOMPARE(charts.gapSeries()->at(1), QPointF(0.2, 1.1));
    // A stored run is drawn at once, shown or not.
    charts.hide();
    charts.setSamples(samples(0, 5, 100, 2000));
    QCOMPARE(charts.pointCount(), 5);
}

QTEST_MAIN(TestBenchCharts)
#include "tst_benchcharts.moc"
