#include "ui/EngineCharts.h"

#include "ui/ChartParts.h"
#include "ui/EngineController.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// Hues: ChartParts paints them to stand out on the palette's base.
const QColor kRequests(0x1f, 0x6f, 0xeb); // the icon's blue, as on the Benchmark page
const QColor kStatus[4] = { QColor(0x43, 0xa0, 0x47), QColor(0x03, 0x9b, 0xe5), QColor(0xff, 0xa0, 0x00),
    QColor(0xe5, 0x39, 0x35) };
const QColor kP50(0x2e, 0x7d, 0x32);
const QColor kP99(0xe6, 0x51, 0x00);
const QColor kOpen(0x8e, 0x24, 0xaa);
const QColor kBytes(0x00, 0x83, 0x8f);
const QColor kUpstream(0x95, 0x75, 0xcd); // Tint::graphic() darkens both to stand out on the base
const QColor kEngineOwn(0x64, 0xb5, 0xf6);

enum Chart { RateChart, LatencyChart, ConnectionsChart, BytesChart };
enum Buffer {
    RequestsBuffer,
    Status2xx,
    Status3xx,
    Status4xx,
    Status5xx,
    P50Buffer,
    P99Buffer,
    OpenBuffer,
    BytesBuffer,
    UpstreamBuffer,
    EngineOwnBuffer
};

constexpr double kMiB = 1024.0 * 1024.0;

} // namespace

EngineCharts::EngineCharts(EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_engine(engine)
    , m_spanBox(new QComboBox(this))
{
    setObjectName(u"engineCharts"_s);
    m_spanBox->setObjectName(u"engineChartsSpan"_s);
    m_spanBox->addItem(tr("Last 60 seconds"), int(EngineHistory::Span::Minute));
    m_spanBox->addItem(tr("Last 10 minutes"), int(EngineHistory::Span::TenMinutes));
    m_spanBox->addItem(tr("Last hour"), int(EngineHistory::Span::Hour));

    makeViews();
    addRateSeries();
    addOtherSeries();
    for (QList<QPointF> &buffer : m_buffers)
        buffer.reserve(EngineHistory::kPoints);
    // The series came after the views: in the views' palette too (ChartParts
    // paints again only when it changes).
    for (QChartView *view : m_views)
        ChartParts::paint(view->chart(), view->palette());
    layOut();

    connect(m_spanBox, &QComboBox::currentIndexChanged, this,
        [this] { setSpan(EngineHistory::Span(m_spanBox->currentData().toInt())); });
    connect(&m_engine, &EngineController::metricsSampled, this, &EngineCharts::sampled);
    setSpan(EngineHistory::Span::Minute);
}

void EngineCharts::makeViews()
{
    const std::array<QString, 4> titles
        = { tr("Requests/s by status"), tr("Service time (ms)"), tr("Open connections"), tr("Sent (MiB/s)") };
    const std::array<QString, 4> names = { u"engineRateChart"_s, u"engineLatencyChart"_s,
        u"engineConnectionsChart"_s, u"engineBytesChart"_s };
    for (size_t i = 0; i < m_views.size(); ++i) {
        QChart *chart = ChartParts::chart(titles[i]);
        m_timeAxes[i] = ChartParts::axis(QString());
        m_valueAxes[i] = ChartParts::axis(QString());
        m_timeAxes[i]->setMinorTickCount(0);
        // One time axis for all four: its title under the lower row only,
        // the upper row's room goes to its legend (a 1024x700 window).
        m_timeAxes[i]->setTitleVisible(i >= 2);
        m_valueAxes[i]->setMinorTickCount(0);
        chart->addAxis(m_timeAxes[i], Qt::AlignBottom);
        chart->addAxis(m_valueAxes[i], Qt::AlignLeft);
        chart->legend()->setVisible(false);
        // Small charts: a smaller legend keeps its names whole.
        QFont legendFont = chart->legend()->font();
        legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
        chart->legend()->setFont(legendFont);
        m_views[i] = ChartParts::view(chart, names[i], this);
        // Room for the titles whole.
        m_views[i]->setMinimumSize(200, 165);
        m_views[i]->installEventFilter(this);
    }
}

void EngineCharts::attach(QAbstractSeries *series, int chart)
{
    m_views[size_t(chart)]->chart()->addSeries(series);
    series->attachAxis(m_timeAxes[size_t(chart)]);
    series->attachAxis(m_valueAxes[size_t(chart)]);
}

void EngineCharts::addRateSeries()
{
    // Stacked: each class' area lies on the one below it.
    const std::array<QString, 4> classNames = { tr("2xx"), tr("3xx"), tr("4xx"), tr("5xx") };
    QLineSeries *below = nullptr;
    for (size_t i = 0; i < m_status.size(); ++i) {
        m_status[i] = new QLineSeries;
        m_status[i]->setObjectName(u"engineStatus%1Series"_s.arg(i + 2));
        auto *area = new QAreaSeries(m_status[i], below);
        area->setName(classNames[i]);
        m_status[i]->setParent(area);
        area->setPen(Qt::NoPen);
        // Opaque: at alpha 150 over a light base a band read at under 3:1
        // (2xx #90c793 on white, 1.95:1), faint beside anything drawn over it.
        area->setBrush(kStatus[i]);
        ChartParts::setHue(area, kStatus[i]);
        attach(area, RateChart);
        below = m_status[i];
    }
    m_requests = ChartParts::line(tr("Requests/s"), kRequests, 2);
    m_requests->setObjectName(u"engineRequestsSeries"_s);
    attach(m_requests, RateChart);
    // The top of the stack is the requests/s: a line drawn over it in one
    // colour covered the classes' edges (a spike of 4xx or 5xx looked blue).
    // Kept, undrawn: its points are the total.
    m_requests->setVisible(false);
    QLegend *legend = m_views[RateChart]->chart()->legend();
    legend->setVisible(true);
    // The legend names the classes, with room for them.
    for (QLegendMarker *marker : legend->markers(m_requests))
        marker->setVisible(false);
}

void EngineCharts::addShareSeries()
{
    m_upstream = new QLineSeries;
    m_upstream->setObjectName(u"engineUpstreamSeries"_s);
    m_engineOwn = new QLineSeries;
    m_engineOwn->setObjectName(u"engineOwnSeries"_s);
    const std::array<QLineSeries *, 2> edges = { m_upstream, m_engineOwn };
    const std::array<QString, 2> names = { tr("Upstream"), tr("Engine") };
    const std::array<QColor, 2> hues = { kUpstream, kEngineOwn };
    for (size_t i = 0; i < edges.size(); ++i) {
        auto *area = new QAreaSeries(edges[i], i == 0 ? nullptr : m_upstream);
        area->setName(names[i]);
        edges[i]->setParent(area);
        area->setPen(Qt::NoPen);
        area->setBrush(hues[i]);
        ChartParts::setHue(area, hues[i]);
        attach(area, LatencyChart);
        m_shareAreas[i] = area;
    }
    showShare(false);
}

void EngineCharts::showShare(bool shown)
{
    if (m_shareAreas[0]->isVisible() == shown)
        return;
    QLegend *legend = m_views[LatencyChart]->chart()->legend();
    for (QAbstractSeries *area : m_shareAreas) {
        area->setVisible(shown);
        for (QLegendMarker *marker : legend->markers(area))
            marker->setVisible(shown);
    }
}

void EngineCharts::addOtherSeries()
{
    addShareSeries(); // under the lines
    m_p50 = ChartParts::line(tr("p50"), kP50, 2);
    m_p50->setObjectName(u"engineP50Series"_s);
    m_p99 = ChartParts::line(tr("p99"), kP99, 2);
    m_p99->setObjectName(u"engineP99Series"_s);
    attach(m_p50, LatencyChart);
    attach(m_p99, LatencyChart);
    m_views[LatencyChart]->chart()->legend()->setVisible(true);

    m_open = ChartParts::line(tr("Open connections"), kOpen, 2);
    m_open->setObjectName(u"engineOpenSeries"_s);
    attach(m_open, ConnectionsChart);
    m_bytes = ChartParts::line(tr("Sent (MiB/s)"), kBytes, 2);
    m_bytes->setObjectName(u"engineBytesSeries"_s);
    attach(m_bytes, BytesChart);
}

void EngineCharts::layOut()
{
    auto *spanRow = new QHBoxLayout;
    auto *spanLabel = new QLabel(tr("Sh&ow:"), this);
    spanLabel->setBuddy(m_spanBox);
    spanRow->addWidget(spanLabel);
    spanRow->addWidget(m_spanBox);
    spanRow->addStretch();
    auto *grid = new QGridLayout;
    grid->setSpacing(4);
    for (size_t i = 0; i < m_views.size(); ++i)
        grid->addWidget(m_views[i], int(i / 2), int(i % 2));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(spanRow);
    layout->addLayout(grid, 1);
}

void EngineCharts::setSpan(EngineHistory::Span span)
{
    m_span = span;
    {
        const QSignalBlocker blocker(m_spanBox);
        m_spanBox->setCurrentIndex(m_spanBox->findData(int(span)));
    }
    const QString title = span == EngineHistory::Span::Minute ? tr("Time (s)") : tr("Time (min)");
    for (QValueAxis *axis : m_timeAxes)
        axis->setTitleText(title);
    m_shownRevision = ~quint64(0);
    m_maxima = {};
    refresh();
}

void EngineCharts::sampled()
{
    // Hidden charts cost nothing: showEvent() catches up.
    if (!isVisible())
        return;
    if (m_engine.history().revision(m_span) != m_shownRevision)
        refresh();
}

void EngineCharts::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_engine.history().revision(m_span) != m_shownRevision)
        refresh();
}

bool EngineCharts::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize) {
        // Queued: the chart lays itself out for the new size first.
        QMetaObject::invokeMethod(this, &EngineCharts::rescale, Qt::QueuedConnection);
    }
    return QWidget::eventFilter(watched, event);
}

void EngineCharts::refresh()
{
    const EngineHistory &history = m_engine.history();
    const QList<EngineHistory::Point> &points = history.points(m_span);
    m_shownRevision = history.revision(m_span);
    ++m_refreshes;
    // Minutes for the longer spans: "-60" reads better than "-3600"; the
    // axis runs to 0, the newest point.
    const double unitMs = m_span == EngineHistory::Span::Minute ? 1000.0 : 60000.0;
    const qint64 newest = points.isEmpty() ? 0 : points.constLast().atMs;
    for (QList<QPointF> &buffer : m_buffers)
        buffer.resize(0); // keeps the capacity
    m_maxima = {};
    bool proxied = false;
    for (const EngineHistory::Point &point : points) {
        const double x = double(point.atMs - newest) / unitMs;
        m_buffers[RequestsBuffer].append({ x, point.requestsPerSecond });
        double stacked = 0;
        for (size_t i = 0; i < point.statusPerSecond.size(); ++i) {
            stacked += point.statusPerSecond[i];
            m_buffers[Status2xx + i].append({ x, stacked });
        }
        m_buffers[P50Buffer].append({ x, point.p50Ms });
        m_buffers[P99Buffer].append({ x, point.p99Ms });
        m_buffers[UpstreamBuffer].append({ x, point.upstreamMs });
        m_buffers[EngineOwnBuffer].append({ x, point.upstreamMs + point.engineOwnMs });
        proxied = proxied || point.proxiedPerSecond > 0;
        m_buffers[OpenBuffer].append({ x, point.openConnections });
        m_buffers[BytesBuffer].append({ x, point.bytesPerSecond / kMiB });
        m_maxima[RateChart] = qMax(m_maxima[RateChart], qMax(point.requestsPerSecond, stacked));
        m_maxima[LatencyChart]
            = qMax(m_maxima[LatencyChart], qMax(point.p99Ms, point.upstreamMs + point.engineOwnMs));
        m_maxima[ConnectionsChart] = qMax(m_maxima[ConnectionsChart], point.openConnections);
        m_maxima[BytesChart] = qMax(m_maxima[BytesChart], point.bytesPerSecond / kMiB);
    }
    m_requests->replace(m_buffers[RequestsBuffer]);
    for (size_t i = 0; i < m_status.size(); ++i)
        m_status[i]->replace(m_buffers[Status2xx + i]);
    m_p50->replace(m_buffers[P50Buffer]);
    m_p99->replace(m_buffers[P99Buffer]);
    m_upstream->replace(m_buffers[UpstreamBuffer]);
    m_engineOwn->replace(m_buffers[EngineOwnBuffer]);
    showShare(proxied);
    m_open->replace(m_buffers[OpenBuffer]);
    m_bytes->replace(m_buffers[BytesBuffer]);
    rescale();
}

void EngineCharts::rescale()
{
    const double span = double(EngineHistory::lengthMs(m_span))
        / (m_span == EngineHistory::Span::Minute ? 1000.0 : 60000.0);
    // One time axis for all four: the ticks the narrowest plot has room for
    // (the rows' plots differ by their value labels' widths).
    double timeLength = -1;
    for (QChartView *view : m_views) {
        const double width = view->chart()->plotArea().width();
        timeLength = timeLength < 0 ? width : qMin(timeLength, width);
    }
    for (size_t i = 0; i < m_views.size(); ++i) {
        const QRectF plot = m_views[i]->chart()->plotArea();
        ChartParts::setNiceSpan(m_timeAxes[i], span, 6, timeLength);
        ChartParts::setNiceRange(m_valueAxes[i], m_maxima[i] * 1.05, 4, Qt::Vertical, plot.height());
    }
}

} // namespace hostbench::ui
