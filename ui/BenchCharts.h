#pragma once

#include "model/BenchSample.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QWidget>

class QAbstractAxis;
class QAreaSeries;
class QChart;
class QCheckBox;
class QLogValueAxis;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace hostbench::ui {

class ChartLegend;

/*
 * A run's two charts side by side: requests per second, and latency (p50
 * and p99, ms), over the run's time (s). Fed live with append() while a run
 * goes on, or whole with setSamples() for a stored run; the axes follow the
 * data (round steps up to a little above the largest value; the whole run
 * on the time axis from the start when its length is known), with no more
 * ticks than the chart's size leaves room for: Qt Charts would cut the
 * labels to "...". No animations: a live chart that animates lags behind
 * its data.
 * The chart views are named <prefix>ThroughputChart and <prefix>LatencyChart.
 * compare() overlays several stored runs instead: one requests/s line and
 * one p99 line per run, each in its own colour, named in the legends.
 *
 * When the window benchmarks its own engine, showEngine() adds the
 * engine's side on the same time axis (appendEngine()): its requests/s
 * beside the client's, its service time p50 and p99 beside the client's
 * latency, and the gap between the client's p50 and the engine's (queueing
 * in the kernel and the sockets, the network stack, the client itself).
 * While hidden, append() and appendEngine() only keep the points; they are
 * drawn at once when the charts are shown again.
 *
 * Every line has a hue of its own, the engine's dashed, and each chart's
 * legend (ChartLegend, under its plot) shows each line as drawn, wrapping
 * its names rather than cutting them. Both time axes have the same ticks.
 * A run of known length keeps its planned length on the time axis (a
 * little overrun at its end is not drawn wider), and a live run keeps its
 * axis when it ends and its stored samples replace the live ones.
 * A stopped run's last interval, shorter than the others, is drawn as the
 * rate over it and the interval before it (drawnRate()): a few responses
 * in its milliseconds are no spike of the load.
 * The latency axis is linear or logarithmic (setLogScale(), the check box
 * <prefix>LatencyLogScale over the chart's corner): on a log scale a spike
 * of p99 a hundred times the median leaves the median a readable line, and
 * points at or under 0 ms (no responses in an interval, a negative gap)
 * are left out of the lines, as a log axis cannot place them.
 * GUI thread.
 */
class BenchCharts final : public QWidget
{
    Q_OBJECT

public:
    // Side by side (Qt::Horizontal) or one above the other.
    BenchCharts(const QString &namePrefix, Qt::Orientation orientation, QWidget *parent = nullptr);

    // Empties the charts; `expectedDurationMs` > 0 fixes the time axis to the run's length.
    void clear(qint64 expectedDurationMs = 0);
    void append(const QList<model::BenchSample> &samples);
    void setSamples(const QList<model::BenchSample> &samples, qint64 expectedDurationMs = 0);

    // One stored run of an overlay: its legend name and samples.
    struct Overlay
    {
        QString name;
        QList<model::BenchSample> samples;
    };
    // Replaces the single run's lines with one requests/s and one p99 line
    // per run, in order; clear() goes back to the single-run lines.
    void compare(const QList<Overlay> &runs);
    QList<QLineSeries *> overlayThroughputSeries() const { return m_overlayThroughput; }
    QList<QLineSeries *> overlayP99Series() const { return m_overlayP99; }

    // One sample of the engine that serves the run, at `seconds` into the run.
    struct EnginePoint
    {
        double seconds = 0;
        double requestsPerSecond = 0;
        double serviceP50Ms = 0;
        double serviceP99Ms = 0;
        double gapP50Ms = 0; // the client's p50 less the engine's, over the same time
        // A run against a proxied site (issue #24): the upstream's mean time per proxied
        // response (ms, to its last byte) over the same time; -1 with none proxied.
        double upstreamMs = -1;
    };
    // Shows or hides the engine's series (hidden by clear() and compare()).
    void showEngine(bool shown);
    bool engineShown() const { return m_engineShown; }
    void appendEngine(const QList<EnginePoint> &points);
    // A live run redraws 10 times a second: without antialiasing (it costs
    // the GUI thread about a third of the charts' time) and without the
    // area under the requests/s line (a second geometry and a blended fill
    // each time); a finished or stored run is drawn smooth and filled.
    void setLive(bool live);
    bool isLive() const { return m_live; }
    QLineSeries *engineThroughputSeries() const { return m_engineRate; }
    QLineSeries *serviceP50Series() const { return m_serviceP50; }
    QLineSeries *serviceP99Series() const { return m_serviceP99; }
    QLineSeries *gapSeries() const { return m_gap; }
    // The upstream's time (EnginePoint::upstreamMs) on the latency chart: shown with the
    // engine's side once a point has proxied responses (client latency = network + engine
    // + upstream), dash-dotted.
    QLineSeries *upstreamSeries() const { return m_upstream; }

    // An open-model run (a rate, or stages: bench --stages): the planned
    // requests/s over time (s; points where it bends), drawn dotted under
    // the measured line and kept through setSamples() of the same run; empty
    // hides it. clear() and compare() hide it too. The page sets it from the
    // parameters, and again from a change on (a new rate; hidden while paused).
    void setPlannedRate(const QList<QPointF> &points);
    QLineSeries *plannedSeries() const { return m_planned; }
    // The planned rate the samples carry (BenchSample::plannedRate: 0 while
    // the run was paused, a step where its rate was changed), appended with
    // them, dotted as the plan: what was planned up to now, the pauses and
    // the changes included, where plannedSeries() is what is planned from
    // the last change on. Named in the legend while plannedSeries() is
    // hidden (a stored run, a paused one), else unnamed: one entry for both.
    QLineSeries *sampledPlanSeries() const { return m_plannedSampled; }

    int pointCount() const;
    QLineSeries *throughputSeries() const { return m_throughput; }
    QAreaSeries *throughputArea() const { return m_throughputArea; } // its upper series: a copy of the line
    QLineSeries *p50Series() const { return m_p50; }
    QLineSeries *p99Series() const { return m_p99; }

    // The latency axis: logarithmic (whole decades, from the one at or under
    // half the smallest value above 0 to the one above the largest) or linear (from 0, the
    // default). Sets the check box without logScaleToggled().
    void setLogScale(bool on);
    bool logScale() const { return m_logScale; }
    QAbstractAxis *latencyAxis() const;

signals:
    // The user ticked or cleared the log scale box (for the window to remember, AppSettings).
    void logScaleToggled(bool on);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    // The construction's parts (BenchChartsSetup.cpp).
    QChart *makeThroughputChart(const QString &namePrefix);
    QChart *makeLatencyChart(const QString &namePrefix);
    void makeEngineSeries(const QString &namePrefix, QChart *throughput, QChart *latency);
    void makeViews(
        const QString &namePrefix, Qt::Orientation orientation, QChart *throughput, QChart *latency);
    // A logarithmic axis draws no series with a point at or under zero (an
    // interval without responses, a negative gap): those points are left out.
    static QList<QPointF> positive(const QList<QPointF> &points);
    // The requests/s drawn for `sample`, `before` the one before it (or
    // null): an interval shorter than half the one before it, a stopped
    // run's remainder, is drawn with that one, as the rate over both.
    static double drawnRate(const model::BenchSample *before, const model::BenchSample &sample);
    void rescale();
    void removeOverlays();
    void showThroughputArea(bool shown); // unnamed: no legend entry
    void track(const model::BenchSample &sample); // the time and latency axes' maxima
    void clearClient();
    void appendNow(const QList<model::BenchSample> &samples);
    // Adds points to a line of the latency chart, keeping them all (m_latencyPoints).
    void appendLatency(QLineSeries *series, const QList<QPointF> &points);
    void noteLatency(const QList<QPointF> &points);
    void placeLogScaleBox();

    QChartView *m_throughputView = nullptr;
    QChartView *m_latencyView = nullptr;
    QLineSeries *m_throughput = nullptr;
    QLineSeries *m_throughputFill = nullptr; // the area's upper line, not drawn
    QAreaSeries *m_throughputArea = nullptr;
    QLineSeries *m_p50 = nullptr;
    QLineSeries *m_p99 = nullptr;
    void namePlan(); // the legend's one entry for the plan (sampledPlanSeries())
    QLineSeries *m_planned = nullptr; // setPlannedRate()
    QLineSeries *m_plannedSampled = nullptr; // BenchSample::plannedRate
    double m_maxPlannedRate = 0;
    QLineSeries *m_engineRate = nullptr;
    QLineSeries *m_serviceP50 = nullptr;
    QLineSeries *m_serviceP99 = nullptr;
    QLineSeries *m_gap = nullptr;
    QLineSeries *m_upstream = nullptr;
    bool m_engineShown = false;
    // Appended while hidden: kept here, drawn when shown (a hidden chart costs nothing).
    QList<model::BenchSample> m_pendingSamples;
    QList<EnginePoint> m_pendingEngine;
    QList<QLineSeries *> m_overlayThroughput;
    QList<QLineSeries *> m_overlayP99;
    QValueAxis *m_throughputX = nullptr;
    QValueAxis *m_throughputY = nullptr;
    QValueAxis *m_latencyX = nullptr;
    QValueAxis *m_latencyY = nullptr;
    QLogValueAxis *m_latencyLogY = nullptr;
    QCheckBox *m_logScaleBox = nullptr;
    ChartLegend *m_throughputLegend = nullptr;
    ChartLegend *m_latencyLegend = nullptr;
    bool m_logScale = false;
    // Every point of each latency line: on a log scale the lines hold only those above 0.
    QHash<QLineSeries *, QList<QPointF>> m_latencyPoints;
    double m_minLatencyMs = 0; // the smallest above 0
    double m_endedLiveSpan = 0; // the time axis' top as a live run ended (setLive(false))
    double m_keptSpan = 0; // the least time axis of the run shown
    qint64 m_expectedDurationMs = 0;
    bool m_complete = false; // setSamples(): the whole run
    bool m_live = false; // setLive()
    model::BenchSample m_previous; // the client's last sample drawn (drawnRate())
    bool m_hasPrevious = false;
    double m_maxSeconds = 0;
    double m_maxRate = 0;
    double m_maxLatencyMs = 0;
};

} // namespace hostbench::ui
