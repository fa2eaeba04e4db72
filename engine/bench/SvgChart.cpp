#include "SvgChart.h"

#include <algorithm>
#include <cmath>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

constexpr double kWidth = 760;
constexpr double kHeight = 320;
constexpr double kLeft = 72;
constexpr double kRight = 40; // room for the last x label, centred on the edge
constexpr double kTop = 34;
constexpr double kBottom = 52;
constexpr double kPlotWidth = kWidth - kLeft - kRight;
constexpr double kPlotHeight = kHeight - kTop - kBottom;
// Up to this many points a series also gets a dot per point, so that a
// run of one or two samples still shows.
constexpr qsizetype kDotsUpTo = 30;

QString number(double value)
{
    return QString::number(value, 'f', 1);
}

struct Range
{
    double low = 0;
    double high = 1;

    double span() const { return high > low ? high - low : 1.0; }
};

} // namespace

QList<SvgChart::Tick> SvgChart::niceTicks(double low, double high, int count)
{
    if (!(high > low))
        high = low + 1;
    const double rough = (high - low) / std::max(1, count);
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = magnitude;
    for (const double factor : { 1.0, 2.0, 5.0, 10.0 }) {
        step = factor * magnitude;
        if (step >= rough)
            break;
    }
    const int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    QList<Tick> ticks;
    const double first = std::floor(low / step + 1e-9) * step;
    for (int i = 0;; ++i) {
        const double value = first + i * step;
        ticks.append({ value, QString::number(value, 'f', decimals) });
        if (value >= high - step * 1e-9 || i > 100)
            break;
    }
    return ticks;
}

QString SvgChart::toSvg() const
{
    bool anyPoint = false;
    Range x { 0, 0 }, y { 0, 0 };
    bool firstPoint = true;
    for (const Series &s : series) {
        for (const QPointF &p : s.points) {
            if (firstPoint) {
                x = { p.x(), p.x() };
                y = { 0, p.y() };
                firstPoint = false;
            }
            x.low = std::min(x.low, p.x());
            x.high = std::max(x.high, p.x());
            y.high = std::max(y.high, p.y());
            anyPoint = true;
        }
    }
    const QList<Tick> xs = !xTicks.isEmpty() ? xTicks : niceTicks(x.low, x.high, 8);
    const QList<Tick> ys = !yTicks.isEmpty() ? yTicks : niceTicks(0, y.high > 0 ? y.high : 1, 5);
    const Range xr { xs.constFirst().value, xs.constLast().value };
    const Range yr { ys.constFirst().value, ys.constLast().value };
    const auto px = [&](double v) { return kLeft + (v - xr.low) / xr.span() * kPlotWidth; };
    const auto py = [&](double v) { return kTop + (1.0 - (v - yr.low) / yr.span()) * kPlotHeight; };

    QString svg
        = u"<svg id=\"%1\" class=\"chart\" viewBox=\"0 0 %2 %3\" role=\"img\" aria-labelledby=\"%1-title\">\n"
          "<title id=\"%1-title\">%4</title>\n"_s.arg(
              id.toHtmlEscaped(), number(kWidth), number(kHeight), title.toHtmlEscaped());
    // Grid and tick labels.
    svg += u"<g class=\"grid\" stroke=\"#d8d8d8\" stroke-width=\"1\">\n"_s;
    for (const Tick &t : ys)
        svg += u"<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\"/>\n"_s.arg(
            number(kLeft), number(py(t.value)), number(kLeft + kPlotWidth));
    for (const Tick &t : xs)
        svg += u"<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\"/>\n"_s.arg(
            number(px(t.value)), number(kTop), number(kTop + kPlotHeight));
    svg += u"</g>\n<g class=\"axes\" stroke=\"#555\" stroke-width=\"1\">\n"_s;
    svg += u"<line x1=\"%1\" y1=\"%2\" x2=\"%3\" y2=\"%2\"/>\n"_s.arg(
        number(kLeft), number(kTop + kPlotHeight), number(kLeft + kPlotWidth));
    svg += u"<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\"/>\n</g>\n"_s.arg(
        number(kLeft), number(kTop), number(kTop + kPlotHeight));
    svg += u"<g class=\"ticks\" font-size=\"11\" fill=\"#333\">\n"_s;
    for (const Tick &t : ys)
        svg += u"<text x=\"%1\" y=\"%2\" text-anchor=\"end\" dominant-baseline=\"middle\">%3</text>\n"_s.arg(
            number(kLeft - 6), number(py(t.value)), t.label.toHtmlEscaped());
    for (const Tick &t : xs)
        svg += u"<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n"_s.arg(
            number(px(t.value)), number(kTop + kPlotHeight + 16), t.label.toHtmlEscaped());
    svg += u"</g>\n"_s;
    svg += u"<text class=\"axis-title\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-size=\"12\">%3</text>\n"_s
               .arg(number(kLeft + kPlotWidth / 2), number(kHeight - 10), xTitle.toHtmlEscaped());
    svg += u"<text class=\"axis-title\" transform=\"translate(16 %1) rotate(-90)\" text-anchor=\"middle\" "
           "font-size=\"12\">%2</text>\n"_s.arg(number(kTop + kPlotHeight / 2), yTitle.toHtmlEscaped());

    if (!anyPoint) {
        svg += u"<text class=\"empty\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-size=\"14\" "
               "fill=\"#777\">%3</text>\n"_s.arg(
                   number(kLeft + kPlotWidth / 2), number(kTop + kPlotHeight / 2), emptyText.toHtmlEscaped());
    }
    // The lines, then the legend along the top.
    double legendX = kLeft;
    for (const Series &s : series) {
        if (!s.points.isEmpty()) {
            QString d;
            for (qsizetype i = 0; i < s.points.size(); ++i) {
                const QPointF &p = s.points.at(i);
                d += (i == 0 ? u"M"_s : u" L"_s) + number(px(p.x())) + u',' + number(py(p.y()));
            }
            svg += u"<path class=\"series %1\" d=\"%2\" fill=\"none\" stroke=\"%3\" stroke-width=\"2\"%4>"
                   "<title>%5</title></path>\n"_s.arg(s.cssClass.toHtmlEscaped(), d, s.colour.toHtmlEscaped(),
                       s.dashed ? u" stroke-dasharray=\"6 4\""_s : QString(), s.name.toHtmlEscaped());
            if (s.points.size() <= kDotsUpTo) {
                svg += u"<g class=\"dots %1\" fill=\"%2\">"_s.arg(
                    s.cssClass.toHtmlEscaped(), s.colour.toHtmlEscaped());
                for (const QPointF &p : s.points)
                    svg += u"<circle cx=\"%1\" cy=\"%2\" r=\"3\"/>"_s.arg(
                        number(px(p.x())), number(py(p.y())));
                svg += u"</g>\n"_s;
            }
        }
        svg += u"<line x1=\"%1\" y1=\"14\" x2=\"%2\" y2=\"14\" stroke=\"%3\" stroke-width=\"2\"%4/>"
               "<text x=\"%5\" y=\"18\" font-size=\"12\">%6</text>\n"_s.arg(number(legendX),
                   number(legendX + 18), s.colour.toHtmlEscaped(),
                   s.dashed ? u" stroke-dasharray=\"6 4\""_s : QString(), number(legendX + 23),
                   s.name.toHtmlEscaped());
        legendX += 23 + 7.0 * double(s.name.size()) + 18;
    }
    svg += u"</svg>\n"_s;
    return svg;
}

} // namespace hostbench::bench
