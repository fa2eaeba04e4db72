#include "Contrast.h"
#include "Screenshots.h"
#include "ui/BenchCharts.h"
#include "ui/ChartLegend.h"
#include "ui/ChartParts.h"

#include <QApplication>
#include <QAreaSeries>
#include <QChartView>
#include <QCheckBox>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>
#include <QValueAxis>

#include <array>
#include <cmath>

using namespace Qt::StringLiterals;
using hostbench::model::BenchSample;
using hostbench::ui::BenchCharts;
using hostbench::ui::ChartParts;

namespace {

// Qt Charts' room around a tick label (ChartParts.cpp's kLabelRoom: 4 px of
// padding on each side and a gap of 4 px), which a plot size below is given in.
constexpr double kLabelRoom = 12.0;

// CIE 1976 colour difference of two opaque sRGB colours (about 2.3: just
// noticeable; 20 and more: told apart at a glance).
double deltaE(const QColor &a, const QColor &b)
{
    const auto lab = [](const QColor &c) {
        const auto linear
            = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const double r = linear(c.redF()), g = linear(c.greenF()), bl = linear(c.blueF());
        const double x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047;
        const double y = 0.2126 * r + 0.7152 * g + 0.0722 * bl;
        const double z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883;
        const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
        return std::array<double, 3> { 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)) };
    };
    const auto la = lab(a), lb = lab(b);
    return std::sqrt(std::pow(la[0] - lb[0], 2) + std::pow(la[1] - lb[1], 2) + std::pow(la[2] - lb[2], 2));
}

// Every text the chart views under `root` draw (tick labels, titles).
QStringList chartTexts(const QWidget *root)
{
    QStringList texts;
    for (QChartView *view : root->findChildren<QChartView *>()) {
        view->grab();
        for (const QGraphicsItem *item : view->scene()->items()) {
            if (!item->isVisible())
                continue;
            if (const auto *rich = dynamic_cast<const QGraphicsTextItem *>(item))
                texts << rich->document()->toPlainText();
            else if (const auto *plain = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
                texts << plain->text();
        }
    }
    return texts;
}

} // namespace

class TestBenchCharts final : public QObject
{
    Q_OBJECT

private slots:
    void appendGrowsSeriesAndAxes();
    void axisRanges_data();
    void axisRanges();
    void niceRange_data();
    void niceRange();
    void niceSpan_data();
    void niceSpan();
    void setSamplesReplaces();
    void fixedDuration();
    void hiddenChartsDrawWhenShown();
    void liveRunDrawsNoArea();
    void appendLaysOutOnce();
    void gridLinesAreCosmetic();
    void legendEntriesDiffer_data();
    void legendEntriesDiffer();
    void timeAxisStaysWhenRunEnds_data();
    void timeAxisStaysWhenRunEnds();
    void timeAxesShareTicks_data();
    void timeAxesShareTicks();
    void logScaleKeepsMedianReadable();
    void stoppedRemainderIsNoSpike_data();
    void stoppedRemainderIsNoSpike();
    void axisLabelsInTheWindowsLocale();
    void sampledPlanShowsPauseAndRate();

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
    charts.resize(1600, 800); // room for every tick: the ranges below do not depend on the font
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

    // Each axis at its nice ceiling (axisRanges() has more)...
    QValueAxis *rateAxis = axis(charts, u"tThroughputChart"_s, Qt::Vertical);
    QValueAxis *latencyAxis = axis(charts, u"tLatencyChart"_s, Qt::Vertical);
    QVERIFY(rateAxis && latencyAxis);
    QCOMPARE(rateAxis->max(), 1500.0);
    QCOMPARE(latencyAxis->max(), 4.0);

    // ...keeps up with larger values.
    charts.append(samples(3, 2, 600, 42000));
    QCOMPARE(charts.pointCount(), 5);
    QCOMPARE(rateAxis->max(), 8000.0);
    QCOMPARE(latencyAxis->max(), 50.0);
}

void TestBenchCharts::axisRanges_data()
{
    // Samples of 100 ms, each `completed` requests with that p99, appended
    // live to charts large enough for every tick (plots of about 800 x 700
    // px): the value axes go to the nice ceiling above the largest value and
    // 5 % (ChartParts::setNiceRange, at most 6 intervals), the time axis of
    // an open-ended live run to at least 1 s and 25 % beyond the last sample.
    QTest::addColumn<int>("count");
    QTest::addColumn<quint64>("completed");
    QTest::addColumn<quint64>("p99Us");
    QTest::addColumn<double>("rateMax");
    QTest::addColumn<int>("rateTicks");
    QTest::addColumn<double>("latencyMax");
    QTest::addColumn<int>("latencyTicks");
    QTest::addColumn<double>("timeMax");
    QTest::addColumn<int>("timeTicks");
    // 1,260 req/s: steps of 250 (6 intervals), not 500 or 1,000.
    QTest::newRow("1200 req/s, 3.5 ms")
        << 3 << quint64(120) << quint64(3500) << 1500.0 << 7 << 4.0 << 5 << 1.0 << 11;
    // 6,300 req/s in steps of 2,000; 44.1 ms in steps of 10.
    QTest::newRow("6000 req/s, 42 ms")
        << 5 << quint64(600) << quint64(42000) << 8000.0 << 5 << 50.0 << 6 << 1.0 << 11;
    // 1,050 req/s: steps of 200 (6 intervals), not 250.
    QTest::newRow("1000 req/s, 1 ms")
        << 3 << quint64(100) << quint64(1000) << 1200.0 << 7 << 1.2 << 7 << 1.0 << 11;
    // 20 samples: 2 s and 25 % is 2.5 s, in steps of 0.25.
    QTest::newRow("2 s") << 20 << quint64(10) << quint64(250) << 120.0 << 7 << 0.3 << 7 << 2.5 << 11;
    // 100 req/s at 200 ms: 105 in steps of 20, 210 ms in steps of 50.
    QTest::newRow("100 req/s, 200 ms")
        << 1 << quint64(10) << quint64(200'000) << 120.0 << 7 << 250.0 << 6 << 1.0 << 11;
}

void TestBenchCharts::axisRanges()
{
    QFETCH(int, count);
    QFETCH(quint64, completed);
    QFETCH(quint64, p99Us);
    QFETCH(double, rateMax);
    QFETCH(int, rateTicks);
    QFETCH(double, latencyMax);
    QFETCH(int, latencyTicks);
    QFETCH(double, timeMax);
    QFETCH(int, timeTicks);
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.resize(1600, 800);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.append(samples(0, count, completed, p99Us));
    QCOMPARE(charts.pointCount(), count);

    QValueAxis *rate = axis(charts, u"tThroughputChart"_s, Qt::Vertical);
    QValueAxis *latency = axis(charts, u"tLatencyChart"_s, Qt::Vertical);
    QVERIFY(rate && latency);
    QCOMPARE(rate->min(), 0.0);
    QCOMPARE(rate->max(), rateMax);
    QCOMPARE(rate->tickCount(), rateTicks);
    QCOMPARE(latency->min(), 0.0);
    QCOMPARE(latency->max(), latencyMax);
    QCOMPARE(latency->tickCount(), latencyTicks);
    for (const QString &view : { u"tThroughputChart"_s, u"tLatencyChart"_s }) {
        QValueAxis *time = axis(charts, view, Qt::Horizontal);
        QVERIFY(time);
        QCOMPARE(time->min(), 0.0);
        QCOMPARE(time->max(), timeMax);
        QCOMPARE(time->tickCount(), timeTicks);
    }
}

void TestBenchCharts::niceRange_data()
{
    // value, at most so many intervals, along a plot with room for `labels` labels
    // (0: before the first layout, every interval allowed) -> [0, max] in
    // tickCount ticks, labelled with that format. Vertically a label is one
    // line high, so room for n labels is n x (line height + kLabelRoom) px.
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("maxIntervals");
    QTest::addColumn<int>("orientation");
    QTest::addColumn<double>("labels");
    QTest::addColumn<double>("max");
    QTest::addColumn<int>("tickCount");
    QTest::addColumn<QString>("format");
    const int v = Qt::Vertical;
    const int h = Qt::Horizontal;
    // The smallest step of 1, 2, 2.5 or 5 x 10^k within maxIntervals.
    QTest::newRow("1200 in 6: 200s") << 1200.0 << 6 << v << 0.0 << 1200.0 << 7 << u"%.0f"_s;
    QTest::newRow("1200 in 5: 250s") << 1200.0 << 5 << v << 0.0 << 1250.0 << 6 << u"%.0f"_s;
    QTest::newRow("1260 in 6: 250s") << 1260.0 << 6 << v << 0.0 << 1500.0 << 7 << u"%.0f"_s;
    QTest::newRow("1050 in 6: 200s") << 1050.0 << 6 << v << 0.0 << 1200.0 << 7 << u"%.0f"_s;
    QTest::newRow("1000 in 4: 250s") << 1000.0 << 4 << v << 0.0 << 1000.0 << 5 << u"%.0f"_s;
    QTest::newRow("6300 in 6: 2000s") << 6300.0 << 6 << v << 0.0 << 8000.0 << 5 << u"%.0f"_s;
    QTest::newRow("7 in 6: 2s") << 7.0 << 6 << v << 0.0 << 8.0 << 5 << u"%.0f"_s;
    QTest::newRow("101 in 10: 20s") << 101.0 << 10 << h << 0.0 << 120.0 << 7 << u"%.0f"_s;
    QTest::newRow("44.1 in 6: 10s") << 44.1 << 6 << v << 0.0 << 50.0 << 6 << u"%.0f"_s;
    QTest::newRow("3.675 in 6: 1s") << 3.675 << 6 << v << 0.0 << 4.0 << 5 << u"%.0f"_s;
    QTest::newRow("1 in 10: 0.1s") << 1.0 << 10 << h << 0.0 << 1.0 << 11 << u"%.1f"_s;
    QTest::newRow("2.5 in 10: 0.25s") << 2.5 << 10 << h << 0.0 << 2.5 << 11 << u"%.2f"_s;
    QTest::newRow("0.003675 in 6") << 0.003675 << 6 << v << 0.0 << 0.004 << 5 << u"%.3f"_s;
    QTest::newRow("1000001 in 4: 500000s") << 1'000'001.0 << 4 << v << 0.0 << 1'500'000.0 << 4 << u"%.0f"_s;
    // Nothing yet (0 or less): [0, 1].
    QTest::newRow("0 in 6") << 0.0 << 6 << v << 0.0 << 1.0 << 6 << u"%.1f"_s;
    QTest::newRow("negative in 4") << -5.0 << 4 << v << 0.0 << 1.0 << 5 << u"%.2f"_s;
    // Fewer intervals where the labels lack room: the most that fit.
    QTest::newRow("1260, room for all") << 1260.0 << 6 << v << 40.0 << 1500.0 << 7 << u"%.0f"_s;
    QTest::newRow("1260, 7.5 labels") << 1260.0 << 6 << v << 7.5 << 1500.0 << 7 << u"%.0f"_s;
    QTest::newRow("1260, 6 labels") << 1260.0 << 6 << v << 6.0 << 1500.0 << 4 << u"%.0f"_s;
    QTest::newRow("1260, 3.5 labels") << 1260.0 << 6 << v << 3.5 << 2000.0 << 3 << u"%.0f"_s;
    QTest::newRow("1260, 2.5 labels") << 1260.0 << 6 << v << 2.5 << 2000.0 << 2 << u"%.0f"_s;
    QTest::newRow("44.1, 5 labels") << 44.1 << 6 << v << 5.0 << 60.0 << 4 << u"%.0f"_s;
    QTest::newRow("1260, no room") << 1260.0 << 6 << v << 0.1 << 2000.0 << 2 << u"%.0f"_s;
    QTest::newRow("1 across, no room") << 1.0 << 10 << h << 0.1 << 1.0 << 2 << u"%.0f"_s;
    QTest::newRow("1 across, room for all") << 1.0 << 10 << h << 40.0 << 1.0 << 11 << u"%.1f"_s;
}

void TestBenchCharts::niceRange()
{
    QFETCH(double, value);
    QFETCH(int, maxIntervals);
    QFETCH(int, orientation);
    QFETCH(double, labels);
    QFETCH(double, max);
    QFETCH(int, tickCount);
    QFETCH(QString, format);
    QValueAxis axis;
    // Horizontally the widest label is the top one, which the table gives.
    const QFontMetricsF metrics(axis.labelsFont());
    const double extent = orientation == Qt::Vertical
        ? metrics.height()
        : metrics.horizontalAdvance(QString::asprintf(qPrintable(format), max));
    ChartParts::setNiceRange(
        &axis, value, maxIntervals, Qt::Orientation(orientation), labels * (extent + kLabelRoom));
    QCOMPARE(axis.min(), 0.0);
    QCOMPARE(axis.max(), max);
    QCOMPARE(axis.tickCount(), tickCount);
    QCOMPARE(axis.labelFormat(), format);
}

void TestBenchCharts::niceSpan_data()
{
    // A whole-number span (s), at most so many intervals, along a plot of
    // room for `labels` labels as wide as "-SPAN" (0: every interval allowed) ->
    // [-span, 0] in tickCount ticks, each a whole number.
    QTest::addColumn<double>("span");
    QTest::addColumn<int>("maxIntervals");
    QTest::addColumn<double>("labels");
    QTest::addColumn<int>("tickCount");
    QTest::newRow("60 in 6") << 60.0 << 6 << 0.0 << 7;
    QTest::newRow("50 in 6: 5 of 10") << 50.0 << 6 << 0.0 << 6;
    QTest::newRow("30 in 4: 3 of 10") << 30.0 << 4 << 0.0 << 4;
    QTest::newRow("7 in 6: prime") << 7.0 << 6 << 0.0 << 2;
    QTest::newRow("1 in 6") << 1.0 << 6 << 0.0 << 2;
    QTest::newRow("60, 7.5 labels") << 60.0 << 6 << 7.5 << 7;
    QTest::newRow("60, 6.5 labels: 5 of 12") << 60.0 << 6 << 6.5 << 6;
    QTest::newRow("60, 5.5 labels: 4 of 15") << 60.0 << 6 << 5.5 << 5;
    QTest::newRow("60, 4.5 labels: 3 of 20") << 60.0 << 6 << 4.5 << 4;
    QTest::newRow("60, no room") << 60.0 << 6 << 0.1 << 2;
}

void TestBenchCharts::niceSpan()
{
    QFETCH(double, span);
    QFETCH(int, maxIntervals);
    QFETCH(double, labels);
    QFETCH(int, tickCount);
    QValueAxis axis;
    const double extent = QFontMetricsF(axis.labelsFont()).horizontalAdvance(QString::number(-span, 'f', 0));
    ChartParts::setNiceSpan(&axis, span, maxIntervals, labels * (extent + kLabelRoom));
    QCOMPARE(axis.min(), -span);
    QCOMPARE(axis.max(), 0.0);
    QCOMPARE(axis.tickCount(), tickCount);
    QCOMPARE(axis.labelFormat(), u"%.0f"_s);
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
    QCOMPARE(time->min(), 0.0);
    QCOMPARE(time->max(), 30.0);
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

void TestBenchCharts::liveRunDrawsNoArea()
{
    // While a run is live, the area under requests/s is hidden and not fed...
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.show();
    charts.clear(10000);
    charts.setLive(true);
    charts.append(samples(0, 3, 120, 3500));
    QCOMPARE(charts.pointCount(), 3);
    QVERIFY(!charts.throughputArea()->isVisible());
    QCOMPARE(charts.throughputArea()->upperSeries()->count(), 0);
    // ...and, once it is not, follows the line again, also without a setSamples().
    charts.setLive(false);
    QVERIFY(charts.throughputArea()->isVisible());
    QCOMPARE(charts.throughputArea()->upperSeries()->points(), charts.throughputSeries()->points());
    charts.append(samples(3, 1, 130, 3500));
    QCOMPARE(charts.throughputArea()->upperSeries()->count(), 4);
    // A new live run clears it; its end with the stored samples fills it.
    charts.clear(10000);
    charts.setLive(true);
    charts.append(samples(0, 2, 120, 3500));
    QVERIFY(!charts.throughputArea()->isVisible());
    charts.setLive(false);
    charts.setSamples(samples(0, 5, 100, 2000), 10000);
    QVERIFY(charts.throughputArea()->isVisible());
    QCOMPARE(charts.throughputArea()->upperSeries()->count(), 5);
}

void TestBenchCharts::appendLaysOutOnce()
{
    // A stored run's samples reach each series as one replacement (one
    // layout of the line), a live poll's one sample as one added point.
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.show();
    QSignalSpy added(charts.p99Series(), &QXYSeries::pointAdded);
    QSignalSpy replaced(charts.p99Series(), &QXYSeries::pointsReplaced);
    charts.setSamples(samples(0, 50, 100, 2000));
    QCOMPARE(charts.p99Series()->count(), 50);
    QCOMPARE(added.count(), 0);
    QCOMPARE(replaced.count(), 1);
    charts.append(samples(50, 1, 100, 3000));
    QCOMPARE(added.count(), 1);
    charts.append(samples(51, 3, 100, 4000));
    QCOMPARE(replaced.count(), 2);
    QCOMPARE(charts.p99Series()->count(), 54);
    QCOMPARE(charts.p99Series()->at(53), QPointF(5.4, 4.0));
    QCOMPARE(charts.p99Series()->at(0), QPointF(0.1, 2.0));
}

void TestBenchCharts::gridLinesAreCosmetic()
{
    // Every axis of both charts draws its grid and line with a cosmetic pen
    // (a wider one is stroked to find its bounds at each repaint).
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    int axes = 0;
    for (const QString &name : { u"tThroughputChart"_s, u"tLatencyChart"_s }) {
        auto *view = charts.findChild<QChartView *>(name);
        QVERIFY(view);
        for (QAbstractAxis *axis : view->chart()->axes()) {
            ++axes;
            QCOMPARE(axis->gridLinePen().width(), 0);
            QCOMPARE(axis->minorGridLinePen().width(), 0);
            QCOMPARE(axis->linePen().width(), 0);
            QVERIFY(axis->gridLinePen().color().alpha() > 0);
        }
    }
    QCOMPARE(axes, 5); // the latency chart's linear and log axes, one of them hidden
}

void TestBenchCharts::legendEntriesDiffer_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestBenchCharts::legendEntriesDiffer()
{
    // A run of the window's own engine: both charts name the client's and
    // the engine's lines. Each legend entry must differ from every other of
    // its chart by colour at a glance, and a dashed line's entry show dashes.
    QFETCH(bool, dark);
    const QPalette light = QApplication::palette();
    if (dark)
        QApplication::setPalette(hostbench::test::darkPalette());
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.resize(640, 380);
    charts.clear(10000);
    charts.showEngine(true);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.append(samples(0, 20, 120, 3500));
    charts.appendEngine({ { 0.5, 1300, 0.2, 0.5, 1.0 }, { 1.0, 1250, 0.2, 0.6, 1.1 } });
    QApplication::processEvents();
    for (const QString &name : { u"tThroughputChart"_s, u"tLatencyChart"_s }) {
        auto *view = charts.findChild<QChartView *>(name);
        QVERIFY(view);
        const QColor base = view->chart()->backgroundBrush().color();
        // The lines as drawn: each named, visible line of the chart.
        QList<QLineSeries *> lines;
        for (QAbstractSeries *series : view->chart()->series()) {
            auto *line = qobject_cast<QLineSeries *>(series);
            if (line && line->isVisible() && !line->name().isEmpty())
                lines.append(line);
        }
        QVERIFY(lines.size() >= 2);
        for (qsizetype i = 0; i < lines.size(); ++i) {
            for (qsizetype j = i + 1; j < lines.size(); ++j) {
                const double difference = deltaE(lines[i]->pen().color(), lines[j]->pen().color());
                QVERIFY2(difference >= 20,
                    qPrintable(u"%1: \"%2\" %3 and \"%4\" %5 differ by %6"_s.arg(name, lines[i]->name(),
                        lines[i]->pen().color().name(), lines[j]->name(), lines[j]->pen().color().name(),
                        QString::number(difference, 'f', 1))));
            }
        }
        // The legend names each of them, with its line's pen.
        auto *legend = view->findChild<hostbench::ui::ChartLegend *>();
        QVERIFY2(legend, qPrintable(name + u": no legend that draws the lines"_s));
        QVERIFY(legend->isVisible());
        const QList<hostbench::ui::ChartLegend::Entry> entries = legend->entries();
        QCOMPARE(entries.size(), lines.size());
        const QImage picture = view->grab().toImage();
        for (qsizetype i = 0; i < entries.size(); ++i) {
            QCOMPARE(entries[i].label, lines[i]->name());
            QCOMPARE(entries[i].pen.color(), lines[i]->pen().color());
            QCOMPARE(entries[i].pen.style(), lines[i]->pen().style());
            // Along the middle of its sample: ink where the line is drawn,
            // and, for a dashed one, the background in its gaps.
            const QRect sample = legend->markerRect(int(i)).translated(legend->mapTo(view, QPoint(0, 0)));
            int inked = 0, runs = 0;
            bool wasInk = false;
            for (int x = sample.left(); x <= sample.right(); ++x) {
                const QColor pixel = picture.pixelColor(x, sample.center().y());
                const bool ink = deltaE(pixel, base) > 10;
                inked += ink;
                runs += ink && !wasInk;
                wasInk = ink;
            }
            QVERIFY2(inked >= 4, qPrintable(u"%1: no sample of \"%2\""_s.arg(name, entries[i].label)));
            if (lines[i]->pen().style() == Qt::SolidLine)
                QCOMPARE(runs, 1);
            else
                QVERIFY2(runs >= 2, qPrintable(u"%1: \"%2\" shows no dashes"_s.arg(name, entries[i].label)));
        }
    }
    QApplication::setPalette(light);
}

void TestBenchCharts::timeAxisStaysWhenRunEnds_data()
{
    // A run as the Benchmark page shows it: live samples of 100 ms up to
    // `liveUntil` samples, then its last one(s) at their real ends, the
    // engine's last sample `engineAt` s in, then its stored samples
    // replace the live ones. The time axis at the end is the one shown
    // while it ran, and `max` s long.
    QTest::addColumn<qint64>("plannedMs");
    QTest::addColumn<int>("liveUntil");
    QTest::addColumn<qint64>("lastEndMs");
    QTest::addColumn<double>("engineAt");
    QTest::addColumn<double>("max");
    // The last interval ends 40 ms after the planned 10 s (responses under way), the engine a poll later.
    QTest::newRow("10 s, ends at 10.04 s") << qint64(10000) << 99 << qint64(10040) << 10.2 << 10.0;
    QTest::newRow("2 s, ends at 2.01 s") << qint64(2000) << 19 << qint64(2010) << 2.1 << 2.0;
    // Stopped at 2.8 s of 10: its planned length.
    QTest::newRow("stopped at 2.8 of 10 s") << qint64(10000) << 27 << qint64(2800) << 2.9 << 10.0;
    // 10,000 requests, open-ended: 4.05 s shown with room to grow (25 %: 6 s), kept at the end.
    QTest::newRow("open-ended, 4 s") << qint64(0) << 39 << qint64(4000) << 4.05 << 6.0;
}

void TestBenchCharts::timeAxisStaysWhenRunEnds()
{
    QFETCH(qint64, plannedMs);
    QFETCH(int, liveUntil);
    QFETCH(qint64, lastEndMs);
    QFETCH(double, engineAt);
    QFETCH(double, max);
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.resize(1000, 400);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.clear(plannedMs);
    charts.setLive(true);
    charts.showEngine(true);
    QList<BenchSample> run = samples(0, liveUntil, 50, 2000);
    for (const BenchSample &sample : std::as_const(run)) {
        charts.append({ sample });
        charts.appendEngine({ { sample.elapsedMs / 1000.0, 500, 0.2, 0.5, 1.0 } });
    }
    QValueAxis *time = axis(charts, u"tThroughputChart"_s, Qt::Horizontal);
    QValueAxis *latencyTime = axis(charts, u"tLatencyChart"_s, Qt::Horizontal);
    QVERIFY(time && latencyTime);
    // Its end: the last interval, the engine's last sample, then the stored samples.
    BenchSample last = samples(liveUntil, 1, 50, 2000).constFirst();
    last.intervalMs = lastEndMs - liveUntil * 100;
    last.elapsedMs = lastEndMs;
    charts.append({ last });
    charts.appendEngine({ { engineAt, 500, 0.2, 0.5, 1.0 } });
    run.append(last);
    const double liveMax = time->max();
    const int liveTicks = time->tickCount();
    charts.setLive(false);
    charts.setSamples(run, plannedMs);
    QCOMPARE(charts.pointCount(), liveUntil + 1);
    for (QValueAxis *each : { time, latencyTime }) {
        QCOMPARE(each->min(), 0.0);
        QCOMPARE(each->max(), liveMax);
        QCOMPARE(each->tickCount(), liveTicks);
        QCOMPARE(each->max(), max);
    }
}

void TestBenchCharts::timeAxesShareTicks_data()
{
    // The two charts side by side (the Benchmark page) or one above the
    // other (the Runs page), at sizes where their plots differ in width by
    // their value labels (30,000 req/s against 0.5 ms) and, with the
    // engine's lines, by their legends.
    QTest::addColumn<int>("orientation");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("engine");
    for (int width = 560; width <= 900; width += 20) {
        QTest::addRow("side by side, %d px", width) << int(Qt::Horizontal) << width << true;
        QTest::addRow("stacked, %d px", width / 2) << int(Qt::Vertical) << width / 2 << false;
    }
}

void TestBenchCharts::timeAxesShareTicks()
{
    QFETCH(int, orientation);
    QFETCH(int, width);
    QFETCH(bool, engine);
    BenchCharts charts(u"t"_s, Qt::Orientation(orientation));
    charts.resize(width, orientation == Qt::Horizontal ? 380 : 600);
    charts.showEngine(engine);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.setSamples(samples(0, 23, 3000, 500), 0); // 2.3 s, 30,000 req/s, p99 0.5 ms
    QApplication::processEvents(); // the queued rescale after the layout
    QValueAxis *upper = axis(charts, u"tThroughputChart"_s, Qt::Horizontal);
    QValueAxis *lower = axis(charts, u"tLatencyChart"_s, Qt::Horizontal);
    QVERIFY(upper && lower);
    QCOMPARE(lower->max(), upper->max());
    QCOMPARE(lower->tickCount(), upper->tickCount());
}

void TestBenchCharts::logScaleKeepsMedianReadable()
{
    // p50 near 1 ms, p99 near 2 ms with one spike of 400 ms: on the linear
    // axis the median is a line on the floor; on the log scale a readable
    // part of the plot's height above it. Intervals without responses
    // (0 ms) are left out of the log scale's lines, and all come back.
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.resize(800, 400);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    QList<BenchSample> run = samples(0, 30, 100, 2000);
    for (BenchSample &sample : run)
        sample.p50Us = 1000;
    run[12].p99Us = 400'000;
    run[20].p50Us = 0;
    run[20].p99Us = 0;
    charts.setSamples(run);
    auto *view = charts.findChild<QChartView *>(u"tLatencyChart"_s);
    QVERIFY(view);
    const auto heightOfMedian = [&] {
        QApplication::processEvents();
        const QRectF plot = view->chart()->plotArea();
        const QPointF at = view->chart()->mapToPosition(QPointF(0.5, 1.0), charts.p50Series());
        return (plot.bottom() - at.y()) / plot.height();
    };
    const auto shownVertical = [&] {
        QList<QAbstractAxis *> shown;
        for (QAbstractAxis *each : view->chart()->axes(Qt::Vertical)) {
            if (each->isVisible())
                shown.append(each);
        }
        return shown;
    };
    QVERIFY(!charts.logScale());
    QVERIFY2(heightOfMedian() < 0.01, qPrintable(QString::number(heightOfMedian())));

    auto *box = charts.findChild<QCheckBox *>(u"tLatencyLogScale"_s);
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY(!box->isChecked());
    QSignalSpy toggled(&charts, &BenchCharts::logScaleToggled);
    box->click();
    QCOMPARE(toggled.count(), 1);
    QCOMPARE(toggled.at(0).at(0).toBool(), true);
    QVERIFY(charts.logScale());
    auto *log = qobject_cast<QLogValueAxis *>(charts.latencyAxis());
    QVERIFY(log);
    QCOMPARE(shownVertical(), QList<QAbstractAxis *>({ log }));
    QCOMPARE(charts.p50Series()->attachedAxes().contains(log), true);
    // From the decade at or under half the smallest value (1 ms: 0.1) to
    // the one above the largest (400 ms: 1 s): the median a quarter up.
    QCOMPARE(log->min(), 0.1);
    QCOMPARE(log->max(), 1000.0);
    QVERIFY2(heightOfMedian() > 0.2, qPrintable(QString::number(heightOfMedian())));
    // Its labels are the decades'.
    const QStringList texts = chartTexts(&charts);
    for (const QString &decade : { u"1"_s, u"10"_s, u"100"_s })
        QVERIFY2(texts.contains(decade), qPrintable(decade + u": "_s + texts.join(u' ')));
    QVERIFY(hostbench::test::Screenshots::save(&charts, u"charts-log-scale"_s));
    QCOMPARE(charts.p50Series()->count(), 29); // the interval without responses left out
    // Back to linear: every point again, and the axis from 0.
    box->click();
    QVERIFY(!charts.logScale());
    QCOMPARE(charts.p50Series()->count(), 30);
    auto *linear = qobject_cast<QValueAxis *>(charts.latencyAxis());
    QVERIFY(linear);
    QCOMPARE(shownVertical(), QList<QAbstractAxis *>({ linear }));
    QCOMPARE(linear->min(), 0.0);
    // Set from outside (the window's remembered choice): the box follows, no signal.
    charts.setLogScale(true);
    QVERIFY(box->isChecked());
    QCOMPARE(toggled.count(), 2);
}

void TestBenchCharts::stoppedRemainderIsNoSpike_data()
{
    // Tester's report: a stopped run's last interval, a few ms long, drew a
    // spike of requests/s on its own (12 responses in 4 ms: 3,000/s in a run
    // of 1,000/s). An interval under half the one before it is drawn with
    // that one, as the rate over both; a longer one is drawn as it is.
    QTest::addColumn<QString>("how"); // live (append), stored (setSamples), overlay (compare)
    QTest::addColumn<qint64>("remainderMs");
    QTest::addColumn<quint64>("completed");
    QTest::addColumn<double>("expected"); // the last point's requests/s
    for (const QString &how : { u"live"_s, u"stored"_s, u"overlay"_s }) {
        QTest::newRow(qPrintable(how + u": 4 ms, 12 responses"_s))
            << how << qint64(4) << quint64(12) << 112 * 1000.0 / 104;
        QTest::newRow(qPrintable(how + u": 2 ms, none"_s))
            << how << qint64(2) << quint64(0) << 100 * 1000.0 / 102;
        QTest::newRow(qPrintable(how + u": 40 ms, 70 responses"_s))
            << how << qint64(40) << quint64(70) << 170 * 1000.0 / 140;
        QTest::newRow(qPrintable(how + u": 60 ms, 90 responses: its own"_s))
            << how << qint64(60) << quint64(90) << 1500.0;
    }
}

void TestBenchCharts::stoppedRemainderIsNoSpike()
{
    QFETCH(QString, how);
    QFETCH(qint64, remainderMs);
    QFETCH(quint64, completed);
    QFETCH(double, expected);
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.resize(1600, 800);
    charts.show();
    // 10 intervals of 100 responses in 100 ms (1,000/s), stopped `remainderMs` into the 11th.
    QList<BenchSample> run = samples(0, 10, 100, 2000);
    BenchSample last = run.constLast();
    last.index = 10;
    last.intervalMs = remainderMs;
    last.elapsedMs = 1000 + remainderMs;
    last.completed = completed;
    run.append(last);
    QLineSeries *line = charts.throughputSeries();
    if (how == u"live"_s) {
        charts.setLive(true);
        charts.append(run.mid(0, 7));
        charts.append(run.mid(7)); // the remainder in a poll of its own
    } else if (how == u"stored"_s) {
        charts.setSamples(run);
    } else {
        charts.compare({ { u"one"_s, run } });
        QCOMPARE(charts.overlayThroughputSeries().size(), 1);
        line = charts.overlayThroughputSeries().constFirst();
    }
    QCOMPARE(line->count(), 11);
    QCOMPARE(line->at(9).y(), 1000.0); // the full intervals as they were
    QCOMPARE(line->at(10).x(), (1000 + remainderMs) / 1000.0);
    QVERIFY2(std::abs(line->at(10).y() - expected) < 0.01,
        qPrintable(u"last point %1/s, expected %2/s"_s.arg(line->at(10).y()).arg(expected)));
    // The axis is fitted to what is drawn, not to the remainder alone.
    QValueAxis *rateAxis = axis(charts, u"tThroughputChart"_s, Qt::Vertical);
    QVERIFY(rateAxis);
    QVERIFY2(rateAxis->max() <= 2000.0, qPrintable(QString::number(rateAxis->max())));
}

void TestBenchCharts::axisLabelsInTheWindowsLocale()
{
    // In German the window writes "0,5": the charts' tick labels too.
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    {
        BenchCharts charts(u"t"_s, Qt::Horizontal);
        charts.resize(800, 400);
        charts.show();
        QVERIFY(QTest::qWaitForWindowExposed(&charts));
        charts.setSamples(samples(0, 25, 10, 450), 0); // 2.5 s, 100 req/s, 0.45 ms
        QApplication::processEvents();
        const QStringList texts = chartTexts(&charts);
        const QRegularExpression decimalPoint(u"^-?\\d+\\.\\d+$"_s);
        const QRegularExpression decimalComma(u"^-?\\d+,\\d+$"_s);
        QVERIFY2(texts.filter(decimalPoint).isEmpty(), qPrintable(texts.filter(decimalPoint).join(u' ')));
        QVERIFY2(texts.filter(decimalComma).size() >= 4, qPrintable(texts.join(u' ')));
        QVERIFY(texts.contains(u"0,5"_s));
    }
    QLocale::setDefault(QLocale::c());
}

void TestBenchCharts::sampledPlanShowsPauseAndRate()
{
    // Issue #28: an open-model run at 200/s, paused for 0.5 s, then at
    // 500/s: the samples' planned rate is drawn dotted (a gap at 0, a step
    // to 500), named in the legend while no plan ahead is shown, and a
    // closed-model run has none.
    BenchCharts charts(u"t"_s, Qt::Horizontal);
    charts.resize(1200, 500);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    QList<BenchSample> run = samples(0, 25, 20, 3500);
    for (BenchSample &sample : run) {
        sample.plannedRate = sample.index < 10 ? 200 : sample.index < 15 ? 0 : 500;
        sample.pausedMs = sample.index >= 10 && sample.index < 15 ? 100 : 0;
        if (sample.pausedMs > 0)
            sample.completed = 0;
    }
    charts.setSamples(run, 2500);
    QLineSeries *plan = charts.sampledPlanSeries();
    QVERIFY(plan->isVisible());
    QCOMPARE(plan->count(), 25);
    QCOMPARE(plan->at(9), QPointF(1.0, 200));
    QCOMPARE(plan->at(12), QPointF(1.3, 0));
    QCOMPARE(plan->at(24), QPointF(2.5, 500));
    QCOMPARE(plan->pen().style(), Qt::DotLine);
    QCOMPARE(plan->name(), charts.plannedSeries()->name()); // "Planned requests/s"
    QVERIFY(!charts.plannedSeries()->isVisible());
    // The axis has room for the plan, above what was measured.
    QValueAxis *rateAxis = axis(charts, u"tThroughputChart"_s, Qt::Vertical);
    QVERIFY2(rateAxis->max() >= 500, qPrintable(QString::number(rateAxis->max())));
    // A plan ahead shown (a live run's): one legend entry for both.
    charts.setPlannedRate({ { 1.5, 500 }, { 2.5, 500 } });
    QVERIFY(plan->name().isEmpty());
    auto *legend
        = charts.findChild<QChartView *>(u"tThroughputChart"_s)->findChild<hostbench::ui::ChartLegend *>();
    QVERIFY(legend);
    QCOMPARE(legend->entries().size(), 2);
    // The closed model: no plan.
    charts.setSamples(samples(0, 5, 20, 3500), 500);
    QVERIFY(!plan->isVisible());
    QCOMPARE(plan->count(), 0);
}

QTEST_MAIN(TestBenchCharts)
#include "tst_benchcharts.moc"
