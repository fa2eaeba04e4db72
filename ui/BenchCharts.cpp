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

// A run of known length keeps its planned length on the time axis: its last
// interval ends a little after it (the responses under way), and the
// engine's last sample comes up to a poll later. Only a run that goes on
// past it by more than this (a share of the plan, and at least kOverrunS)
// widens the axis.
constexpr double kOverrun = 0.1;
constexpr double kOverrunS = 0.5;

} // namespace

QList<QPointF> BenchCharts::positive(const QList<QPointF> &points)
{
    QList<QPointF> result;
    result.reserve(points.size());
    for (const QPointF &point : points) {
        if (point.y() > 0)
            result.append(point);
    }
    return result;
}

double BenchCharts::drawnRate(const model::BenchSample *before, const model::BenchSample &sample)
{
    // A remainder under half the interval before it (a stopped run's last
    // 4 ms) holds a handful of responses: on its own it reads as a spike
    // (or a dip) of requests/s that the load never had.
    if (before && before->intervalMs > 0 && sample.intervalMs * 2 < before->intervalMs)
        return double(before->completed + sample.completed) * 1000.0
            / double(before->intervalMs + sample.intervalMs);
    return sample.requestsPerSecond();
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

void BenchCharts::setPlannedRate(const QList<QPointF> &points)
{
    m_planned->replace(points);
    m_planned->setVisible(!points.isEmpty());
    for (const QPointF &point : points)
        m_maxPlannedRate = qMax(m_maxPlannedRate, point.y());
    namePlan();
    rescale();
}

void BenchCharts::namePlan()
{
    m_plannedSampled->setName(m_planned->isVisible() ? QString() : m_planned->name());
    m_throughputLegend->refresh();
}

void BenchCharts::clear(qint64 expectedDurationMs)
{
    removeOverlays();
    m_planned->clear();
    m_planned->setVisible(false);
    m_maxPlannedRate = 0;
    namePlan();
    showEngine(false);
    m_pendingEngine.clear();
    for (QLineSeries *series : { m_engineRate, m_serviceP50, m_serviceP99, m_gap, m_upstream })
        series->clear();
    for (QLineSeries *series : { m_serviceP50, m_serviceP99, m_gap, m_upstream })
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
    m_plannedSampled->clear();
    m_plannedSampled->setVisible(false);
    m_latencyPoints[m_p50].clear();
    m_latencyPoints[m_p99].clear();
    m_hasPrevious = false;
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
    QList<QPointF> rates, p50s, p99s, planned;
    rates.reserve(samples.size());
    p50s.reserve(samples.size());
    p99s.reserve(samples.size());
    for (const model::BenchSample &sample : samples) {
        const double seconds = sample.elapsedMs / 1000.0;
        const double rate = drawnRate(m_hasPrevious ? &m_previous : nullptr, sample);
        rates.append({ seconds, rate });
        if (sample.plannedRate >= 0) {
            planned.append({ seconds, sample.plannedRate });
            m_maxPlannedRate = qMax(m_maxPlannedRate, sample.plannedRate);
        }
        p50s.append({ seconds, sample.p50Us / 1000.0 });
        p99s.append({ seconds, sample.p99Us / 1000.0 });
        m_maxRate = qMax(m_maxRate, rate);
        track(sample);
        m_previous = sample;
        m_hasPrevious = true;
    }
    // One layout per series and poll, however many samples it brings.
    ChartParts::append(m_throughput, rates);
    if (!planned.isEmpty()) {
        ChartParts::append(m_plannedSampled, planned);
        if (!m_plannedSampled->isVisible()) {
            m_plannedSampled->setVisible(true);
            namePlan();
        }
    }
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
        const QList<QPointF> planned = m_planned->points(); // the same run's plan stays
        clear(expectedDurationMs);
        if (!planned.isEmpty())
            setPlannedRate(planned);
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
    // Only a run against a proxied site has an upstream: shown with its first such point.
    m_upstream->setVisible(shown && !m_latencyPoints.value(m_upstream).isEmpty());
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
    QList<QPointF> rates, p50s, p99s, gaps, upstreams;
    rates.reserve(points.size());
    p50s.reserve(points.size());
    p99s.reserve(points.size());
    gaps.reserve(points.size());
    for (const EnginePoint &point : points) {
        rates.append({ point.seconds, point.requestsPerSecond });
        p50s.append({ point.seconds, point.serviceP50Ms });
        p99s.append({ point.seconds, point.serviceP99Ms });
        gaps.append({ point.seconds, point.gapP50Ms });
        if (point.upstreamMs >= 0) {
            upstreams.append({ point.seconds, point.upstreamMs });
            m_maxLatencyMs = qMax(m_maxLatencyMs, point.upstreamMs);
        }
        m_maxSeconds = qMax(m_maxSeconds, point.seconds);
        m_maxRate = qMax(m_maxRate, point.requestsPerSecond);
        m_maxLatencyMs = qMax(m_maxLatencyMs, qMax(point.serviceP99Ms, point.gapP50Ms));
    }
    ChartParts::append(m_engineRate, rates);
    appendLatency(m_serviceP50, p50s);
    appendLatency(m_serviceP99, p99s);
    appendLatency(m_gap, gaps);
    if (!upstreams.isEmpty()) {
        appendLatency(m_upstream, upstreams);
        if (m_engineShown && !m_upstream->isVisible())
            showEngine(true);
    }
    rescale();
}

void BenchCharts::track(const model::BenchSample &sample)
{
    m_maxSeconds = qMax(m_maxSeconds, sample.elapsedMs / 1000.0);
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
    ChartParts::setNiceRange(
        m_throughputY, qMax(m_maxRate, m_maxPlannedRate) * 1.05, 6, Qt::Vertical, throughputPlot.height());
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
