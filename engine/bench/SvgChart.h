#pragma once

#include <QList>
#include <QPointF>
#include <QString>

namespace hostbench::bench {

/*
 * A line chart as inline SVG for an HTML page (RunReport): axes with their
 * ticks and titles, a light grid, a legend, one <path class="series NAME">
 * per series with its points in `d`, and a dot per point where a series has
 * few of them. No xmlns, no link, no script: it is meant to sit inside an
 * HTML5 document. Every text given is HTML-escaped here.
 * Plain value; any thread.
 */
struct SvgChart
{
    struct Series
    {
        QString name; // legend text
        QString cssClass; // a word ([a-z0-9-]), added to "series"
        QString colour; // an SVG colour, "#1f77b4"
        QList<QPointF> points; // in data units, x increasing
        bool dashed = false;
    };
    struct Tick
    {
        double value = 0; // in data units
        QString label;
    };

    QString id; // the <svg>'s id
    QString title; // <title>, for screen readers and tool tips
    QString xTitle;
    QString yTitle;
    QString emptyText; // shown instead of the lines when no series has a point
    QList<Series> series;
    // Empty: evenly spaced round values over the data (y from 0).
    QList<Tick> xTicks;
    QList<Tick> yTicks;

    // The <svg> element, 760 x 320 user units, scaled to the page's width.
    QString toSvg() const;

    // Round tick values (1, 2 or 5 times a power of ten) from `low` to at
    // least `high`, about `count` of them; labels with the decimals the step needs.
    static QList<Tick> niceTicks(double low, double high, int count = 5);
};

} // namespace hostbench::bench
