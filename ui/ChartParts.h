#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QString>

class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
class QWidget;

namespace hostbench::ui {

/*
 * The pieces every chart of the window is made of, so that they look and
 * cost alike: a chart without animations (a live chart that animates lags
 * behind its data and redraws for nothing), axes whose ticks fall on round
 * numbers and whose labels are never cut to "…", lines of a given colour,
 * and a view that repaints only what changed. GUI thread.
 */
class ChartParts final
{
    Q_DECLARE_TR_FUNCTIONS(ChartParts)

public:
    static QChart *chart(const QString &title);
    static QValueAxis *axis(const QString &title);
    static QLineSeries *line(
        const QString &name, const QColor &color, int width, Qt::PenStyle style = Qt::SolidLine);
    static QChartView *view(QChart *chart, const QString &objectName, QWidget *parent);

    // Sets `axis` to [0, top] with top the round value at or above `value`
    // with the most intervals, up to `maxIntervals`, whose labels all fit
    // along `length` pixels of plot (0 before the chart's first layout:
    // then every interval is allowed). Qt Charts cuts a label that does not
    // fit its share of the axis to "…". Leaves an axis already so alone
    // (no relayout of the chart).
    static void setNiceRange(
        QValueAxis *axis, double value, int maxIntervals, Qt::Orientation orientation, double length);
    // Sets `axis` to exactly [-span, 0] (time before now, the newest at the
    // right; `span` a whole number) with the most whole-number steps, up to
    // `maxIntervals`, whose labels fit along `length` pixels.
    static void setNiceSpan(QValueAxis *axis, double span, int maxIntervals, double length);
};

} // namespace hostbench::ui
