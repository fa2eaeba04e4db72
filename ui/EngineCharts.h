#pragma once

#include "instance/EngineHistory.h"

#include <QList>
#include <QWidget>

#include <array>

class QAbstractSeries;
class QChartView;
class QComboBox;
class QLineSeries;
class QValueAxis;

namespace hostbench::ui {

class EngineController;

/*
 * The engine's own traffic on the Server page, from
 * EngineController::history(): requests per second as the responses by
 * status class stacked (2xx..5xx, each an opaque band of its own hue; the
 * total line requestsSeries() is kept but not drawn over them), service time (p50, p99, ms;
 * while the span holds proxied responses, their mean time split in two stacked bands under
 * the lines: the upstream's, then the engine's own on top of it),
 * open connections and bytes sent per second, over the last 60 s, 10 min
 * or 1 h (the span chooser, named engineChartsSpan; the time axis is
 * [-span, 0] before the newest point, in seconds or minutes, with the same
 * ticks on all four charts).
 *
 * Cost: a chart is redrawn only when its span gets a new point (every
 * 0.5 s, 5 s or 30 s), with one replace() per series from lists kept
 * between updates, never while hidden (it catches up when shown), and its
 * axes are touched only when their range changes. Chart views are named
 * engineRateChart, engineLatencyChart, engineConnectionsChart and
 * engineBytesChart. GUI thread.
 */
class EngineCharts final : public QWidget
{
    Q_OBJECT

public:
    explicit EngineCharts(EngineController &engine, QWidget *parent = nullptr);

    EngineHistory::Span span() const { return m_span; }
    void setSpan(EngineHistory::Span span);

    QLineSeries *requestsSeries() const { return m_requests; }
    // The upper edge of each status class' area: 2xx, then 2xx + 3xx, ...
    QLineSeries *statusSeries(int classIndex) const { return m_status[size_t(classIndex)]; }
    QLineSeries *p50Series() const { return m_p50; }
    QLineSeries *p99Series() const { return m_p99; }
    // Proxied responses, ms each on average: the upstream band's upper edge (the upstream's
    // time) and the engine band's (upstream + the engine's own time). Shown, legend
    // included, only while the span holds proxied responses.
    QLineSeries *upstreamSeries() const { return m_upstream; }
    QLineSeries *engineOwnSeries() const { return m_engineOwn; }
    QLineSeries *openSeries() const { return m_open; }
    QLineSeries *bytesSeries() const { return m_bytes; } // MiB/s
    QValueAxis *timeAxis(int chart) const { return m_timeAxes[size_t(chart)]; } // 0..3, in view order
    // How often the charts were redrawn from the history (for tests: hidden charts skip).
    int refreshCount() const { return m_refreshes; }

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The four chart views (rate, latency, connections, bytes) with their axes.
    void makeViews();
    // `series` on the view `chart` (0..3, in view order), on its axes.
    void attach(QAbstractSeries *series, int chart);
    // The responses by status class, stacked, and the total requests/s (undrawn).
    void addRateSeries();
    // p50 and p99 over the proxied share's bands, the open connections and the bytes sent.
    void addOtherSeries();
    // The upstream's and the engine's own bands on the service time chart.
    void addShareSeries();
    // Shows the bands and their legend entries when `shown`.
    void showShare(bool shown);
    // The span chooser above the views, two by two.
    void layOut();
    void sampled();
    void refresh();
    void rescale();

    EngineController &m_engine;
    EngineHistory::Span m_span = EngineHistory::Span::Minute;
    quint64 m_shownRevision = ~quint64(0);
    int m_refreshes = 0;
    QComboBox *m_spanBox = nullptr;
    std::array<QChartView *, 4> m_views {};
    std::array<QValueAxis *, 4> m_timeAxes {};
    std::array<QValueAxis *, 4> m_valueAxes {};
    std::array<double, 4> m_maxima {};
    QLineSeries *m_requests = nullptr;
    std::array<QLineSeries *, 4> m_status {};
    QLineSeries *m_p50 = nullptr;
    QLineSeries *m_p99 = nullptr;
    QLineSeries *m_upstream = nullptr;
    QLineSeries *m_engineOwn = nullptr;
    std::array<QAbstractSeries *, 2> m_shareAreas {};
    QLineSeries *m_open = nullptr;
    QLineSeries *m_bytes = nullptr;
    // The points of each series, kept so that an update reuses their memory.
    std::array<QList<QPointF>, 11> m_buffers;
};

} // namespace hostbench::ui
