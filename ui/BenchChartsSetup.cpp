// BenchCharts' construction: its two charts, the engine's series, the views
// with their legends and the log scale box (BenchCharts.h).
#include "ui/BenchCharts.h"

#include "ui/ChartLegend.h"
#include "ui/ChartParts.h"

#include <QAreaSeries>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

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
const QColor kUpstream(0x5e, 0x35, 0xb1); // deep purple: the app behind the engine
const QColor kPlanned(0x9e, 0x9e, 0x9e); // grey: the plan, under the measured blue

} // namespace

BenchCharts::BenchCharts(const QString &namePrefix, Qt::Orientation orientation, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(namePrefix + u"Charts"_s);
    QChart *throughput = makeThroughputChart(namePrefix);
    QChart *latency = makeLatencyChart(namePrefix);
    makeEngineSeries(namePrefix, throughput, latency);
    makeViews(namePrefix, orientation, throughput, latency);
    clear();
    // A new size can leave the labels too little room: fit the ticks again
    // (eventFilter()). On the view's size, not the plot area's: that one
    // follows the labels, and would call rescale() from within rescale().
    m_throughputView->installEventFilter(this);
    m_latencyView->installEventFilter(this);
    m_latencyView->viewport()->installEventFilter(this);
}

QChart *BenchCharts::makeThroughputChart(const QString &namePrefix)
{
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
    // The planned rate of a run in stages: dotted, under the measured line (added before it).
    m_planned = ChartParts::line(tr("Planned requests/s"), kPlanned, 2, Qt::DotLine);
    m_planned->setObjectName(namePrefix + u"PlannedSeries"_s);
    m_planned->setVisible(false);
    throughput->addSeries(m_planned);
    m_plannedSampled = ChartParts::line(QString(), kPlanned, 2, Qt::DotLine);
    m_plannedSampled->setObjectName(namePrefix + u"SampledPlanSeries"_s);
    m_plannedSampled->setVisible(false);
    throughput->addSeries(m_plannedSampled);
    throughput->addSeries(m_throughput);
    m_throughputX = ChartParts::axis(tr("Time (s)"));
    m_throughputY = ChartParts::axis(tr("Requests/s"));
    throughput->addAxis(m_throughputX, Qt::AlignBottom);
    throughput->addAxis(m_throughputY, Qt::AlignLeft);
    for (QAbstractSeries *series :
        std::initializer_list<QAbstractSeries *> { area, m_planned, m_plannedSampled, m_throughput }) {
        series->attachAxis(m_throughputX);
        series->attachAxis(m_throughputY);
    }
    return throughput;
}

QChart *BenchCharts::makeLatencyChart(const QString &namePrefix)
{
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
    return latency;
}

void BenchCharts::makeEngineSeries(const QString &namePrefix, QChart *throughput, QChart *latency)
{
    // The engine's side, dashed; hidden until showEngine().
    m_engineRate = ChartParts::line(tr("Engine requests/s"), kEngine, 1, Qt::DashLine);
    m_engineRate->setObjectName(namePrefix + u"EngineThroughputSeries"_s);
    m_serviceP50 = ChartParts::line(tr("Service p50"), kServiceP50, 1, Qt::DashLine);
    m_serviceP50->setObjectName(namePrefix + u"ServiceP50Series"_s);
    m_serviceP99 = ChartParts::line(tr("Service p99"), kServiceP99, 1, Qt::DashLine);
    m_serviceP99->setObjectName(namePrefix + u"ServiceP99Series"_s);
    m_gap = ChartParts::line(tr("p50 gap"), kGap, 1, Qt::DotLine);
    m_gap->setObjectName(namePrefix + u"GapSeries"_s);
    m_upstream = ChartParts::line(tr("Upstream"), kUpstream, 2, Qt::DashDotLine);
    m_upstream->setObjectName(namePrefix + u"UpstreamSeries"_s);
    throughput->addSeries(m_engineRate);
    m_engineRate->attachAxis(m_throughputX);
    m_engineRate->attachAxis(m_throughputY);
    for (QLineSeries *series : { m_serviceP50, m_serviceP99, m_gap, m_upstream }) {
        latency->addSeries(series);
        series->attachAxis(m_latencyX);
        series->attachAxis(m_latencyY);
    }
    for (QLineSeries *series : { m_engineRate, m_serviceP50, m_serviceP99, m_gap, m_upstream })
        series->setVisible(false);
}

void BenchCharts::makeViews(
    const QString &namePrefix, Qt::Orientation orientation, QChart *throughput, QChart *latency)
{
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
}

} // namespace hostbench::ui
