// BenchCharts' overlay of stored runs (compare()), and its removal (BenchCharts.h).
#include "ui/BenchCharts.h"

#include "ui/ChartLegend.h"
#include "ui/ChartParts.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>

#include <iterator>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
// Overlaid runs, in selection order: hues told apart in light and dark themes
// (ChartParts draws each lighter on a dark palette where it must).
const QColor kOverlayColors[] = { QColor(0x1f, 0x6f, 0xeb), QColor(0xe6, 0x51, 0x00),
    QColor(0x2e, 0x7d, 0x32), QColor(0x8e, 0x24, 0xaa), QColor(0xc6, 0x28, 0x28), QColor(0x00, 0x83, 0x8f),
    QColor(0x6d, 0x4c, 0x41), QColor(0x75, 0x75, 0x75) };
} // namespace

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
        const model::BenchSample *before = nullptr;
        for (const model::BenchSample &sample : runs[i].samples) {
            const double seconds = sample.elapsedMs / 1000.0;
            const double rate = drawnRate(before, sample);
            rates.append({ seconds, rate });
            p99s.append({ seconds, sample.p99Us / 1000.0 });
            m_maxRate = qMax(m_maxRate, rate);
            track(sample);
            before = &sample;
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

} // namespace hostbench::ui
