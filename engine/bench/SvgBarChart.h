#pragma once

#include <QList>
#include <QString>

namespace hostbench::bench {

/*
 * A horizontal bar chart as inline SVG for an HTML page (the shootout's
 * report): one bar per item, its label on the left, its value's text at its
 * end, an x axis from 0 with round ticks (SvgChart::niceTicks) and its
 * title. Each bar is <rect class="bar CLASS"> with a <title>; a bar of value
 * 0 is drawn as none, its text still shown. No xmlns, no link, no script;
 * every text given is HTML-escaped here. 760 user units wide, as high as
 * its bars need, scaled to the page's width.
 * Plain value; any thread.
 */
struct SvgBarChart
{
    struct Bar
    {
        QString label; // left of the bar: "nginx"
        double value = 0; // its length, in the axis's unit (>= 0)
        QString valueText; // at its end: "21,734", ">=300.0", "none"
        QString cssClass; // a word ([a-z0-9-]), added to "bar"
        QString colour; // an SVG colour
        bool dashed = false; // outlined, not filled: a reference, not ranked
    };

    QString id; // the <svg>'s id
    QString title; // <title>
    QString valueTitle; // the axis's title: "requests per second"
    QList<Bar> bars;

    QString toSvg() const;
};

} // namespace hostbench::bench
