#include "ui/BenchCharts.h"

#include <QAreaSeries>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <cmath>
#include <iterator>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

const QColor kThroughput(0x1f, 0x6f, 0xeb); // the icon's blue
const QColor kP50(0x2e, 0x7d, 0x32);
const QColor kP99(0xe6, 0x51, 0x00);
// Overlaid runs, in selection order: colours told apart in light and dark themes.
const QColor kOverlayColors[] = { QColor(0x1f, 0x6f, 0xeb), QColor(0xe6, 0x51, 0x00),
    QColor(0x2e, 0x7d, 0x32), QColor(0x8e, 0x24, 0xaa), QColor(0xc6, 0x28, 0x28), QColor(0x00, 0x83, 0x8f),
    QColor(0x6d, 0x4c, 0x41), QColor(0x75, 0x75, 0x75) };

struct NiceRange
{
    double step = 1;
    int intervals = 1;
    int decimals = 0;

    double top() const { return step * intervals; }
};

// [0, n x step] covering `value`, with the smallest step of 1, 2, 2.5 or
// 5 x 10^k that needs at most `maxIntervals` intervals: ticks fall on round
// numbers and the labels carry the decimals the step needs.
NiceRange niceRange(double value, int maxIntervals)
{
    if (!(value > 0))
        value = 1;
    NiceRange range;
    range.step = 0;
    for (double magnitude = std::pow(10.0, std::floor(std::log10(value / maxIntervals))); range.step == 0;
         magnitude *= 10) {
        for (double multiple : { 1.0, 2.0, 2.5, 5.0 }) {
            range.intervals = qMax(1, int(std::ceil(value / (multiple * magnitude) - 1e-9)));
            if (range.intervals <= maxIntervals) {
                range.step = multiple * magnitude;
                break;
            }
        }
    }
    const auto scaled = [&range](int decimals) { return range.step * std::pow(10.0, decimals); };
    while (range.decimals < 6 && std::abs(scaled(range.decimals) - std::round(scaled(range.decimals))) > 1e-6)
        ++range.decimals;
    return range;
}

// Qt Charts cuts a tick label that does not fit its share of the axis (the
// axis' length over the number of labels, less its padding on both sides) to
// "...". Room for that padding (4 px in Qt Charts 6's sources) and a gap
// between neighbours, in pixels.
constexpr double kLabelRoom = 2 * 4.0 + 4.0;

// Sets the axis to the nice range of `value` with the most intervals, up to
// `maxIntervals`, whose labels all fit along `length` pixels of plot (0
// before the chart's first layout: then every interval is allowed).
void setNiceRange(
    QValueAxis *axis, double value, int maxIntervals, Qt::Orientation orientation, double length)
{
    const QFontMetricsF metrics(axis->labelsFont());
    const auto fits = [&](const NiceRange &range) {
        // The widest label is the top one (values start at 0 and grow);
        // vertically every label is one line high.
        const double extent = orientation == Qt::Horizontal
            ? metrics.horizontalAdvance(QString::number(range.top(), 'f', range.decimals))
            : metrics.height();
        return length <= 0 || length / (range.intervals + 1) >= extent + kLabelRoom;
    };
    int intervals = maxIntervals;
    NiceRange range = niceRange(value, intervals);
    while (intervals > 1 && !fits(range))
        range = niceRange(value, --intervals);
    axis->setRange(0, range.top());
    axis->setTickCount(range.intervals + 1);
    axis->setLabelFormat(u"%.%1f"_s.arg(range.decimals));
}

QChart *makeChart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    QFont font = chart->titleFont();
    font.setBold(true);
    chart->setTitleFont(font);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 8, 4));
    chart->setBackgroundRoundness(4);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

QValueAxis *makeAxis(const QString &title)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setMinorTickCount(1);
    QFont font = axis->titleFont();
    font.setBold(false);
    axis->setTitleFont(font);
    return axis;
}

QLineSeries *makeLine(const QString &name, const QColor &color, int width)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(color);
    pen.setWidth(width);
    series->setPen(pen);
    return series;
}

QChartView *makeView(QChart *chart, const QString &objectName, QWidget *parent)
{
    auto *view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 220);
    return view;
}

} // namespace

BenchCharts::BenchCharts(const QString &namePrefix, Qt::Orientation orientation, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(namePrefix + u"Charts"_s);

    QChart *throughput = makeChart(tr("Throughput"));
    m_throughput = makeLine(tr("Requests/s"), kThroughput, 2);
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
    throughput->addSeries(area);
    throughput->addSeries(m_throughput);
    throughput->legend()->setVisible(false);
    m_throughputX = makeAxis(tr("Time (s)"));
    m_throughputY = makeAxis(tr("Requests/s"));
    throughput->addAxis(m_throughputX, Qt::AlignBottom);
    throughput->addAxis(m_throughputY, Qt::AlignLeft);
    for (QAbstractSeries *series : std::initializer_list<QAbstractSeries *> { area, m_throughput }) {
        series->attachAxis(m_throughputX);
        series->attachAxis(m_throughputY);
    }

    QChart *latency = makeChart(tr("Latency"));
    m_p50 = makeLine(tr("p50"), kP50, 2);
    m_p50->setObjectName(namePrefix + u"P50Series"_s);
    m_p99 = makeLine(tr("p99"), kP99, 2);
    m_p99->setObjectName(namePrefix + u"P99Series"_s);
    latency->addSeries(m_p50);
    latency->addSeries(m_p99);
    m_latencyX = makeAxis(tr("Time (s)"));
    m_latencyY = makeAxis(tr("Milliseconds"));
    latency->addAxis(m_latencyX, Qt::AlignBottom);
    latency->addAxis(m_latencyY, Qt::AlignLeft);
    for (QLineSeries *series : { m_p50, m_p99 }) {
        series->attachAxis(m_latencyX);
        series->attachAxis(m_latencyY);
    }

    m_throughputView = makeView(throughput, namePrefix + u"ThroughputChart"_s, this);
    m_latencyView = makeView(latency, namePrefix + u"LatencyChart"_s, this);
    auto *layout = new QBoxLayout(
        orientation == Qt::Horizontal ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom, this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_throughputView);
    layout->addWidget(m_latencyView);
    clear();
    // A new size can leave the labels too little room: fit the ticks again
    // (eventFilter()). On the view's size, not the plot area's: that one
    // follows the labels, and would call rescale() from within rescale().
    m_throughputView->installEventFilter(this);
    m_latencyView->installEventFilter(this);
}

bool BenchCharts::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && (watched == m_throughputView || watched == m_latencyView)) {
        // Queued: the chart lays itself out for the new size first.
        QMetaObject::invokeMethod(this, &BenchCharts::rescale, Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, event);
}

void BenchCharts::clear(qint64 expectedDurationMs)
{
    removeOverlays();
    m_throughput->clear();
    m_throughputFill->clear();
    m_p50->clear();
    m_p99->clear();
    m_expectedDurationMs = expectedDurationMs;
    m_maxSeconds = 0;
    m_maxRate = 0;
    m_maxLatencyMs = 0;
    m_complete = false;
    rescale();
}

void BenchCharts::append(const QList<model::BenchSample> &samples)
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
    // One append per series and poll: each append of a list redraws once.
    m_throughput->append(rates);
    m_throughputFill->append(rates);
    m_p50->append(p50s);
    m_p99->append(p99s);
    rescale();
}

void BenchCharts::setSamples(const QList<model::BenchSample> &samples, qint64 expectedDurationMs)
{
    clear(expectedDurationMs);
    m_complete = true;
    append(samples);
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
    throughput->legend()->setVisible(true);
    // Under the charts: a run's name is long, and at the side Qt Charts gives
    // the legend too little width and cuts the names to "...".
    throughput->legend()->setAlignment(Qt::AlignBottom);
    latency->legend()->setAlignment(Qt::AlignBottom);
    latency->setTitle(tr("Latency p99"));
    for (QLegendMarker *marker : latency->legend()->markers(m_p50) + latency->legend()->markers(m_p99))
        marker->setVisible(false);

    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QColor color = kOverlayColors[i % std::size(kOverlayColors)];
        QLineSeries *rateLine = makeLine(runs[i].name, color, 2);
        QLineSeries *p99Line = makeLine(runs[i].name, color, 2);
        QList<QPointF> rates, p99s;
        rates.reserve(runs[i].samples.size());
        p99s.reserve(runs[i].samples.size());
        for (const model::BenchSample &sample : runs[i].samples) {
            const double seconds = sample.elapsedMs / 1000.0;
            rates.append({ seconds, sample.requestsPerSecond() });
            p99s.append({ seconds, sample.p99Us / 1000.0 });
            track(sample);
        }
        rateLine->append(rates);
        p99Line->append(p99s);
        throughput->addSeries(rateLine);
        rateLine->attachAxis(m_throughputX);
        rateLine->attachAxis(m_throughputY);
        latency->addSeries(p99Line);
        p99Line->attachAxis(m_latencyX);
        p99Line->attachAxis(m_latencyY);
        m_overlayThroughput.append(rateLine);
        m_overlayP99.append(p99Line);
    }
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
        delete series;
    }
    m_overlayThroughput.clear();
    m_overlayP99.clear();
    for (QAbstractSeries *series :
        std::initializer_list<QAbstractSeries *> { m_throughputArea, m_throughput, m_p50, m_p99 })
        series->setVisible(true);
    QChart *latency = m_latencyView->chart();
    for (QLegendMarker *marker : latency->legend()->markers(m_p50) + latency->legend()->markers(m_p99))
        marker->setVisible(true);
    m_throughputView->chart()->legend()->setVisible(false);
    m_throughputView->chart()->legend()->setAlignment(Qt::AlignBottom);
    latency->legend()->setAlignment(Qt::AlignBottom);
    latency->setTitle(tr("Latency"));
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
    // A run of known length shows its whole time from the start; a whole
    // stored run fits its data; a live open-ended one leaves room to grow.
    double span = m_maxSeconds;
    if (m_expectedDurationMs > 0)
        span = qMax(m_expectedDurationMs / 1000.0, m_maxSeconds);
    else if (!m_complete)
        span = qMax(1.0, m_maxSeconds * 1.25);
    // Each axis gets the most ticks its labels have room for at the chart's size.
    const QRectF throughputPlot = m_throughputView->chart()->plotArea();
    const QRectF latencyPlot = m_latencyView->chart()->plotArea();
    setNiceRange(m_throughputX, span, 10, Qt::Horizontal, throughputPlot.width());
    setNiceRange(m_latencyX, span, 10, Qt::Horizontal, latencyPlot.width());
    setNiceRange(m_throughputY, m_maxRate * 1.05, 6, Qt::Vertical, throughputPlot.height());
    setNiceRange(m_latencyY, m_maxLatencyMs * 1.05, 6, Qt::Vertical, latencyPlot.height());
}

} // namespace hostbench::ui
