#include "ui/BenchCharts.h"

#include "ui/ChartLegend.h"
#include "ui/ChartParts.h"

#include <QAreaSeries>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QEvent>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>
#include <iterator>
#include <utility>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// Hues: ChartParts paints them to stand out on the palette's base.
const QColor kThroughput(0x1f, 0x6f, 0xeb); // the icon's blue
const QColor kP50(0x2e, 0x7d, 0x32);
const QColor kP99(0xe6, 0x51, 0x00);
// The engine's side: dashed, and each in a hue of its own, so that no two
// entries of a legend look alike (the same hue dashed did: a legend showed
// two squares of one colour).
const QColor kEngine(0x8e, 0x24, 0xaa); // purple beside the client's blue
const QColor kServiceP50(0x00, 0x83, 0x8f); // teal beside the client's green
const QColor kServiceP99(0xc2, 0x18, 0x5b); // pink beside the client's orange
const QColor kGap(0x75, 0x75, 0x75);
// A run of known length keeps its planned length on the time axis: its last
// interval ends a little after it (the responses under way), and the
// engine's last sample comes up to a poll later. Only a run that goes on
// past it by more than this (a share of the plan, and at least kOverrunS)
// widens the axis.
constexpr double kOverrun = 0.1;
constexpr double kOverrunS = 0.5;

// A logarithmic axis draws no series with a point at or under zero (an
// interval without responses, a negative gap): those points are left out.
QList<QPointF> positive(const QList<QPointF> &points)
{
    QList<QPointF> result;
    result.reserve(points.size());
    for (const QPointF &point : points) {
        if (point.y() > 0)
            result.append(point);
    }
    return result;
}
// Overlaid runs, in selection order: hues told apart in light and dark themes
// (ChartParts draws each lighter on a dark palette where it must).
const QColor kOverlayColors[] = { QColor(0x1f, 0x6f, 0xeb), QColor(0xe6, 0x51, 0x00),
    QColor(0x2e, 0x7d, 0x32), QColor(0x8e, 0x24, 0xaa), QColor(0xc6, 0x28, 0x28), QColor(0x00, 0x83, 0x8f),
    QColor(0x6d, 0x4c, 0x41), QColor(0x75, 0x75, 0x75) };

} // namespace

BenchCharts::BenchCharts(const QString &namePrefix, Qt::Orientation orientation, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(namePrefix + u"Charts"_s);

    QChart *throughput = ChartParts::chart(tr("Throughput"));
    m_throughput = ChartParts::line(tr("Requests/s"), kThroughput, 1);
    m_throughput->setObjectName(namePrefix + u"ThroughputSeries"_s);
    // A light area under the line reads as volume. It has no outline: its
    // closing edge down to zero at the newest point is no data.
    m_throughputFill = new QLineSeries;
    auto *area = new QAreaSeries(m_throughputFill);
    m_throughputArea = area;
    m_throughputFill->setParent(area);
    area->setPen(Qt::NoPen);
    QColor fill = kThroughput;
    fill.setAlpha(40);
    area->setBrush(fill);
    ChartParts::setHue(area, fill);
    throughput->addSeries(area);
    throughput->addSeries(m_throughput);
    m_throughputX = ChartParts::axis(tr("Time (s)"));
    m_throughputY = ChartParts::axis(tr("Requests/s"));
    throughput->addAxis(m_throughputX, Qt::AlignBottom);
    throughput->addAxis(m_throughputY, Qt::AlignLeft);
    for (QAbstractSeries *series : std::initializer_list<QAbstractSeries *> { area, m_throughput }) {
        series->attachAxis(m_throughputX);
        series->attachAxis(m_throughputY);
    }

    QChart *latency = ChartParts::chart(tr("Latency"));
    m_p50 = ChartParts::line(tr("p50"), kP50, 1);
    m_p50->setObjectName(namePrefix + u"P50Series"_s);
    m_p99 = ChartParts::line(tr("p99"), kP99, 1);
    m_p99->setObjectName(namePrefix + u"P99Series"_s);
    latency->addSeries(m_p50);
    latency->addSeries(m_p99);
    m_latencyX = ChartParts::axis(tr("Time (s)"));
    m_latencyY = ChartParts::axis(tr("Milliseconds"));
    latency->addAxis(m_latencyX, Qt::AlignBottom);
    latency->addAxis(m_latencyY, Qt::AlignLeft);
    // Shown in m_latencyY's place by setLogScale(); hidden, with no series, until then.
    m_latencyLogY = new QLogValueAxis;
    m_latencyLogY->setTitleText(m_latencyY->titleText());
    m_latencyLogY->setTitleFont(m_latencyY->titleFont());
    m_latencyLogY->setBase(10);
    // With a precision: Qt Charts writes localized labels only of a format that has one.
    m_latencyLogY->setLabelFormat(u"%.6g"_s);
    m_latencyLogY->setMinorTickCount(-1); // 2 to 9 of each decade
    m_latencyLogY->setVisible(false);
    latency->addAxis(m_latencyLogY, Qt::AlignLeft);
    for (QLineSeries *series : { m_p50, m_p99 }) {
        series->attachAxis(m_latencyX);
        series->attachAxis(m_latencyY);
    }

    // The engine's side, dashed.
    m_engineRate = ChartParts::line(tr("Engine requests/s"), kEngine, 1, Qt::DashLine);
    m_engineRate->setObjectName(namePrefix + u"EngineThroughputSeries"_s);
    m_serviceP50 = ChartParts::line(tr("Service p50"), kServiceP50, 1, Qt::DashLine);
    m_serviceP50->setObjectName(namePrefix + u"ServiceP50Series"_s);
    m_serviceP99 = ChartParts::line(tr("Service p99"), kServiceP99, 1, Qt::DashLine);
    m_serviceP99->setObjectName(namePrefix + u"ServiceP99Series"_s);
    m_gap = ChartParts::line(tr("p50 gap"), kGap, 1, Qt::DotLine);
    m_gap->setObjectName(namePrefix + u"GapSeries"_s);
    throughput->addSeries(m_engineRate);
    m_engineRate->attachAxis(m_throughputX);
    m_engineRate->attachAxis(m_throughputY);
    for (QLineSeries *series : { m_serviceP50, m_serviceP99, m_gap }) {
        latency->addSeries(series);
        series->attachAxis(m_latencyX);
        series->attachAxis(m_latencyY);
    }
    for (QLineSeries *series : { m_engineRate, m_serviceP50, m_serviceP99, m_gap })
        series->setVisible(false);

    m_throughputView = ChartParts::view(throughput, namePrefix + u"ThroughputChart"_s, this);
    m_latencyView = ChartParts::view(latency, namePrefix + u"LatencyChart"_s, this);
    if (orientation == Qt::Horizontal) {
        // Side by side beside the Benchmark page's form: both fit a 1024 px window.
        m_throughputView->setMinimumWidth(280);
        m_latencyView->setMinimumWidth(280);
        // A smaller legend keeps more names to a row there.
        for (QChart *chart : { throughput, latency }) {
            QFont legendFont = chart->legend()->font();
            legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
            chart->legend()->setFont(legendFont);
        }
    }
    auto *layout = new QBoxLayout(
        orientation == Qt::Horizontal ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom, this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_throughputView);
    layout->addWidget(m_latencyView);
    // The legends under the plots, each series drawn as its line (ChartLegend).
    m_throughputLegend = new ChartLegend(m_throughputView);
    m_latencyLegend = new ChartLegend(m_latencyView);
    // The latency axis' scale, over the chart's top right corner (placeLogScaleBox()).
    m_logScaleBox = new QCheckBox(tr("Log scale"), m_latencyView->viewport());
    m_logScaleBox->setObjectName(namePrefix + u"LatencyLogScale"_s);
    // On the window's colour, as the page's other boxes: on the chart's base
    // a dark palette's indicator had no edge to see.
    m_logScaleBox->setAutoFillBackground(true);
    m_logScaleBox->setToolTip(tr("A logarithmic latency axis: a spike of p99 leaves the median readable"));
    connect(m_logScaleBox, &QCheckBox::toggled, this, [this](bool on) {
        setLogScale(on);
        emit logScaleToggled(on);
    });
    clear();
    // A new size can leave the labels too little room: fit the ticks again
    // (eventFilter()). On the view's size, not the plot area's: that one
    // follows the labels, and would call rescale() from within rescale().
    m_throughputView->installEventFilter(this);
    m_latencyView->installEventFilter(this);
    m_latencyView->viewport()->installEventFilter(this);
}

bool BenchCharts::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == m_latencyView->viewport())
        placeLogScaleBox();
    if (event->type() == QEvent::Resize && (watched == m_throughputView || watched == m_latencyView)) {

        // Queued: the chart lays itself out for the new size first.
        QMetaObject::invokeMethod(this, &BenchCharts::rescale, Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, event);
}

void BenchCharts::clear(qint64 expectedDurationMs)
{
    removeOverlays();
    showEngine(false);
    m_pendingEngine.clear();
    for (QLineSeries *series : { m_engineRate, m_serviceP50, m_serviceP99, m_gap })
        series->clear();
    for (QLineSeries *series : { m_serviceP50, m_serviceP99, m_gap })
        m_latencyPoints[series].clear();
    m_maxSeconds = 0;
    m_maxRate = 0;
    m_maxLatencyMs = 0;
    m_minLatencyMs = 0;
    m_keptSpan = 0;
    m_expectedDurationMs = expectedDurationMs;
    clearClient();
    rescale();
}

void BenchCharts::clearClient()
{
    m_pendingSamples.clear();
    m_throughput->clear();
    m_throughputFill->clear();
    m_p50->clear();
    m_p99->clear();
    m_latencyPoints[m_p50].clear();
    m_latencyPoints[m_p99].clear();
    m_complete = false;
}

void BenchCharts::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    const QList<model::BenchSample> samples = std::exchange(m_pendingSamples, {});
    const QList<EnginePoint> engine = std::exchange(m_pendingEngine, {});
    appendNow(samples);
    appendEngine(engine);
}

void BenchCharts::append(const QList<model::BenchSample> &samples)
{
    if (!isVisible()) {
        m_pendingSamples += samples;
        return;
    }
    appendNow(samples);
}

void BenchCharts::appendNow(const QList<model::BenchSample> &samples)
{
    if (samples.isEmpty())
        return;
    QList<QPointF> rates, p50s, p99s;
    rates.reserve(samples.size());
    p50s.reserve(samples.size());
    p99s.reserve(samples.size());
    for (const model::BenchSample &sample : samples) {
        const double seconds = sample.elapsedMs / 1000.0;
        const double rate = sample.requestsPerSecond();
        rates.append({ seconds, rate });
        p50s.append({ seconds, sample.p50Us / 1000.0 });
        p99s.append({ seconds, sample.p99Us / 1000.0 });
        track(sample);
    }
    // One layout per series and poll, however many samples it brings.
    ChartParts::append(m_throughput, rates);
    if (!m_live)
        ChartParts::append(m_throughputFill, rates);
    appendLatency(m_p50, p50s);
    appendLatency(m_p99, p99s);
    rescale();
}

void BenchCharts::appendLatency(QLineSeries *series, const QList<QPointF> &points)
{
    m_latencyPoints[series] += points;
    ChartParts::append(series, m_logScale ? positive(points) : points);
    noteLatency(points);
}

void BenchCharts::noteLatency(const QList<QPointF> &points)
{
    for (const QPointF &point : points) {
        if (point.y() > 0 && (m_minLatencyMs <= 0 || point.y() < m_minLatencyMs))
            m_minLatencyMs = point.y();
    }
}

void BenchCharts::setLogScale(bool on)
{
    {
        const QSignalBlocker blocker(m_logScaleBox);
        m_logScaleBox->setChecked(on);
    }
    if (on == m_logScale)
        return;
    m_logScale = on;
    QChart *latency = m_latencyView->chart();
    QAbstractAxis *from = on ? static_cast<QAbstractAxis *>(m_latencyY) : m_latencyLogY;
    QAbstractAxis *to = on ? static_cast<QAbstractAxis *>(m_latencyLogY) : m_latencyY;
    const QList<QAbstractSeries *> series = latency->series();
    for (QAbstractSeries *each : series)
        each->detachAxis(from);
    // Both stay on the chart, the one not in use hidden: a removed axis left its labels drawn.
    from->setVisible(false);
    // The lines' points first: a log axis draws no line that has one at or under 0.
    for (auto it = m_latencyPoints.cbegin(); it != m_latencyPoints.cend(); ++it)
        it.key()->replace(on ? positive(it.value()) : it.value());
    to->setVisible(true);
    for (QAbstractSeries *each : series)
        each->attachAxis(to);
    ChartParts::paint(latency, m_latencyView->palette());
    rescale();
}

QAbstractAxis *BenchCharts::latencyAxis() const
{
    return m_logScale ? static_cast<QAbstractAxis *>(m_latencyLogY) : m_latencyY;
}

void BenchCharts::placeLogScaleBox()
{
    const QSize hint = m_logScaleBox->sizeHint();
    m_logScaleBox->setGeometry(
        m_latencyView->viewport()->width() - hint.width() - 14, 10, hint.width(), hint.height());
}

void BenchCharts::setSamples(const QList<model::BenchSample> &samples, qint64 expectedDurationMs)
{
    // The run just shown live keeps the time axis it had (endLive()).
    const double kept = std::exchange(m_endedLiveSpan, 0);
    // The engine's side, if shown, stays: it has no stored samples to come back from.
    if (m_engineShown) {
        clearClient();
        m_expectedDurationMs = expectedDurationMs;
    } else {
        clear(expectedDurationMs);
    }
    m_keptSpan = kept;
    m_complete = true;
    appendNow(samples);
}

void BenchCharts::setLive(bool live)
{
    // A live run that ends keeps its time axis through the setSamples() of
    // its stored samples: an open-ended one had room to grow (25 %) that a
    // fit to the whole run would take away, the axis jumping as it ends.
    m_endedLiveSpan = m_live && !live ? m_throughputX->max() : 0;
    m_live = live;
    for (QChartView *view : { m_throughputView, m_latencyView })
        view->setRenderHint(QPainter::Antialiasing, !live);
    // The area follows the line again when the run is no longer live.
    if (live)
        m_throughputFill->clear();
    else
        m_throughputFill->replace(m_throughput->points());
    showThroughputArea(!live);
}

void BenchCharts::showThroughputArea(bool shown)
{
    m_throughputArea->setVisible(shown);
    m_throughputLegend->refresh(); // the area has no name: no entry
}

void BenchCharts::showEngine(bool shown)
{
    m_engineShown = shown;
    for (QLineSeries *series : { m_engineRate, m_serviceP50, m_serviceP99, m_gap })
        series->setVisible(shown);
    // The legends name the visible lines: the throughput one shows with
    // two, the client's and the engine's (ChartLegend shows two or more).
    m_throughputLegend->refresh();
    m_latencyLegend->refresh();
}

void BenchCharts::appendEngine(const QList<EnginePoint> &points)
{
    if (points.isEmpty())
        return;
    if (!isVisible()) {
        m_pendingEngine += points;
        return;
    }
    QList<QPointF> rates, p50s, p99s, gaps;
    rates.reserve(points.size());
    p50s.reserve(points.size());
    p99s.reserve(points.size());
    gaps.reserve(points.size());
    for (const EnginePoint &point : points) {
        rates.append({ point.seconds, point.requestsPerSecond });
        p50s.append({ point.seconds, point.serviceP50Ms });
        p99s.append({ point.seconds, point.serviceP99Ms });
        gaps.append({ point.seconds, point.gapP50Ms });
        m_maxSeconds = qMax(m_maxSeconds, point.seconds);
        m_maxRate = qMax(m_maxRate, point.requestsPerSecond);
        m_maxLatencyMs = qMax(m_maxLatencyMs, qMax(point.serviceP99Ms, point.gapP50Ms));
    }
    ChartParts::append(m_engineRate, rates);
    appendLatency(m_serviceP50, p50s);
    appendLatency(m_serviceP99, p99s);
    appendLatency(m_gap, gaps);
    rescale();
}

void BenchCharts::compare(const QList<Overlay> &runs)
{
    clear();
    m_complete = true;
    for (QAbstractSeries *series :
        std::initializer_list<QAbstractSeries *> { m_throughputArea, m_throughput, m_p50, m_p99 })
        series->setVisible(false);
    QChart *throughput = m_throughputView->chart();
    QChart *latency = m_latencyView->chart();
    latency->setTitle(tr("Latency p99"));

    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QColor color = kOverlayColors[i % std::size(kOverlayColors)];
        QLineSeries *rateLine = ChartParts::line(runs[i].name, color, 2);
        QLineSeries *p99Line = ChartParts::line(runs[i].name, color, 2);
        QList<QPointF> rates, p99s;
        rates.reserve(runs[i].samples.size());
        p99s.reserve(runs[i].samples.size());
        for (const model::BenchSample &sample : runs[i].samples) {
            const double seconds = sample.elapsedMs / 1000.0;
            rates.append({ seconds, sample.requestsPerSecond() });
            p99s.append({ seconds, sample.p99Us / 1000.0 });
            track(sample);
        }
        rateLine->append(rates); // not in a chart yet: no layout
        m_latencyPoints[p99Line] = p99s;
        noteLatency(p99s);
        p99Line->append(m_logScale ? positive(p99s) : p99s);
        throughput->addSeries(rateLine);
        rateLine->attachAxis(m_throughputX);
        rateLine->attachAxis(m_throughputY);
        latency->addSeries(p99Line);
        p99Line->attachAxis(m_latencyX);
        p99Line->attachAxis(m_latencyY);
        m_overlayThroughput.append(rateLine);
        m_overlayP99.append(p99Line);
    }
    // The new lines in the views' palette.
    for (QChartView *view : { m_throughputView, m_latencyView })
        ChartParts::paint(view->chart(), view->palette());
    m_throughputLegend->refresh();
    m_latencyLegend->refresh();
    rescale();
}

void BenchCharts::removeOverlays()
{
    if (m_overlayThroughput.isEmpty() && m_throughput->isVisible())
        return;
    // removeSeries() hands the series back to us.
    for (QLineSeries *series : std::as_const(m_overlayThroughput)) {
        m_throughputView->chart()->removeSeries(series);
        delete series;
    }
    for (QLineSeries *series : std::as_const(m_overlayP99)) {
        m_latencyView->chart()->removeSeries(series);
        m_latencyPoints.remove(series);
        delete series;
    }
    m_overlayThroughput.clear();
    m_overlayP99.clear();
    for (QLineSeries *series : { m_throughput, m_p50, m_p99 })
        series->setVisible(true);
    showThroughputArea(!m_live);
    m_latencyView->chart()->setTitle(tr("Latency"));
    m_throughputLegend->refresh();
    m_latencyLegend->refresh();
}

void BenchCharts::track(const model::BenchSample &sample)
{
    m_maxSeconds = qMax(m_maxSeconds, sample.elapsedMs / 1000.0);
    m_maxRate = qMax(m_maxRate, sample.requestsPerSecond());
    m_maxLatencyMs = qMax(m_maxLatencyMs, sample.p99Us / 1000.0);
}

int BenchCharts::pointCount() const
{
    return int(m_throughput->count());
}

void BenchCharts::rescale()
{
    // A run of known length shows its planned time from the start to its
    // end (kOverrun); a whole stored run fits its data; a live open-ended
    // one leaves room to grow. A run that was live keeps what it showed.
    double span = m_maxSeconds;
    if (m_expectedDurationMs > 0) {
        const double planned = m_expectedDurationMs / 1000.0;
        span = m_maxSeconds > planned + qMax(planned * kOverrun, kOverrunS) ? m_maxSeconds : planned;
    } else if (!m_complete) {
        span = qMax(1.0, m_maxSeconds * 1.25);
    }
    span = qMax(span, m_keptSpan);
    // Each axis gets the most ticks its labels have room for at the chart's
    // size; the two time axes the same ticks, those the narrower plot has room for.
    const QRectF throughputPlot = m_throughputView->chart()->plotArea();
    const QRectF latencyPlot = m_latencyView->chart()->plotArea();
    const double timeLength = qMin(throughputPlot.width(), latencyPlot.width());
    ChartParts::setNiceRange(m_throughputX, span, 10, Qt::Horizontal, timeLength);
    ChartParts::setNiceRange(m_latencyX, span, 10, Qt::Horizontal, timeLength);
    ChartParts::setNiceRange(m_throughputY, m_maxRate * 1.05, 6, Qt::Vertical, throughputPlot.height());
    if (m_logScale) {
        // Whole decades, from the one at or under half the smallest value (the
        // smallest a readable step above the floor, not on it) to the one
        // above the largest.
        const double low
            = m_minLatencyMs > 0 ? std::pow(10.0, std::floor(std::log10(m_minLatencyMs / 2))) : 0.1;
        double high = std::pow(10.0, std::ceil(std::log10(qMax(m_maxLatencyMs * 1.05, low))));
        if (high <= low)
            high = low * 10;
        if (m_latencyLogY->min() != low || m_latencyLogY->max() != high)
            m_latencyLogY->setRange(low, high);
    }
    ChartParts::setNiceRange(m_latencyY, m_maxLatencyMs * 1.05, 6, Qt::Vertical, latencyPlot.height());
}

} // namespace hostbench::ui
