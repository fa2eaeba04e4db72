#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

class QChart;
class QObject;
class QPalette;
class QChartView;
class QLineSeries;
class QValueAxis;
class QWidget;

namespace hostbench::ui {

/*
 * The pieces every chart of the window is made of, so that they look and
 * cost alike: a chart without animations (a live chart that animates lags
 * behind its data and redraws for nothing), axes whose ticks fall on round
 * numbers and whose labels are never cut to "…" (written in the default
 * QLocale's format, as the window's other figures), lines of a given hue,
 * and a view that repaints only what changed.
 * Colours follow the view's palette: the chart's background is the
 * palette's base, its title, axis labels and legend its text, its axis and
 * grid lines the text faded into the base; each series or bar set is drawn
 * in its hue (setHue()) made to stand out on the base (Tint::graphic()).
 * They are set when the view is made and again only when its palette
 * changes (a dark desktop theme), never per update. GUI thread.
 */
class ChartParts final
{
    Q_DECLARE_TR_FUNCTIONS(ChartParts)

public:
    static QChart *chart(const QString &title);
    static QValueAxis *axis(const QString &title);
    // A line of `hue` (setHue()), drawn in the application palette's
    // colours until its chart's view is painted (paint()).
    static QLineSeries *line(
        const QString &name, const QColor &hue, int width, Qt::PenStyle style = Qt::SolidLine);
    // A view of `chart`, which it owns, painted in its palette now and at each change of it (paint()).
    static QChartView *view(QChart *chart, const QString &objectName, QWidget *parent);
    // Draws the grid, the minor grid and the axis lines of `chart`'s axes
    // with cosmetic pens (width 0: one device pixel), keeping their colours.
    // paint() does it; call it again after a change of the chart's theme
    // (a theme sets the pens).
    static void thinLines(QChart *chart);
    // Adds `points` to the end of `series` with one layout of the line:
    // QXYSeries::append(QList) adds them one at a time, and Qt Charts lays
    // the whole line out again for each (a stored run of n points cost n layouts).
    static void append(QLineSeries *series, const QList<QPointF> &points);

    // The hue of a series (a line's pen, an area's brush; its alpha is
    // kept) or of a QBarSet (its fill and border), for paint().
    static void setHue(QObject *seriesOrBarSet, const QColor &hue);
    // Colours `chart`, its axes, legend and the series that have a hue, from
    // `palette`, with thinLines(). For a series or axis added after the view was made.
    static void paint(QChart *chart, const QPalette &palette);

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
