#include "SvgBarChart.h"

#include "SvgChart.h"

#include <algorithm>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

constexpr double kWidth = 760;
constexpr double kLeft = 120; // the labels
constexpr double kRight = 110; // the value texts past the longest bar
constexpr double kTop = 24;
constexpr double kBottom = 44;
constexpr double kBar = 22;
constexpr double kGap = 8;
constexpr double kPlotWidth = kWidth - kLeft - kRight;

QString number(double value)
{
    return QString::number(value, 'f', 1);
}

} // namespace

QString SvgBarChart::toSvg() const
{
    double high = 0;
    for (const Bar &bar : bars)
        high = std::max(high, bar.value);
    const QList<SvgChart::Tick> ticks = SvgChart::niceTicks(0, high > 0 ? high : 1, 5);
    const double top = ticks.constLast().value > 0 ? ticks.constLast().value : 1.0;
    const double plotHeight = double(std::max<qsizetype>(1, bars.size())) * (kBar + kGap);
    const double height = kTop + plotHeight + kBottom;
    const auto px = [&](double v) { return kLeft + v / top * kPlotWidth; };

    QString svg = u"<svg id=\"%1\" class=\"chart bars\" viewBox=\"0 0 %2 %3\" role=\"img\" "
                  u"aria-labelledby=\"%1-title\">\n"
                  "<title id=\"%1-title\">%4</title>\n"_s.arg(
                      id.toHtmlEscaped(), number(kWidth), number(height), title.toHtmlEscaped());
    svg += u"<g class=\"grid\" stroke=\"#d8d8d8\" stroke-width=\"1\">\n"_s;
    for (const SvgChart::Tick &t : ticks)
        svg += u"<line x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\"/>\n"_s.arg(
            number(px(t.value)), number(kTop), number(kTop + plotHeight));
    svg += u"</g>\n<g class=\"ticks\" font-size=\"11\" fill=\"#333\">\n"_s;
    for (const SvgChart::Tick &t : ticks)
        svg += u"<text x=\"%1\" y=\"%2\" text-anchor=\"middle\">%3</text>\n"_s.arg(
            number(px(t.value)), number(kTop + plotHeight + 16), t.label.toHtmlEscaped());
    svg += u"</g>\n<text class=\"axis-title\" x=\"%1\" y=\"%2\" text-anchor=\"middle\" font-size=\"12\">%3</text>\n"_s
               .arg(number(kLeft + kPlotWidth / 2), number(height - 8), valueTitle.toHtmlEscaped());
    for (qsizetype i = 0; i < bars.size(); ++i) {
        const Bar &bar = bars.at(i);
        const double y = kTop + double(i) * (kBar + kGap) + kGap / 2;
        const double length = std::max(0.0, px(bar.value) - kLeft);
        svg += u"<text class=\"label\" x=\"%1\" y=\"%2\" text-anchor=\"end\" dominant-baseline=\"middle\" "
               "font-size=\"12\">%3</text>\n"_s.arg(
                   number(kLeft - 8), number(y + kBar / 2), bar.label.toHtmlEscaped());
        svg += u"<rect class=\"bar %1\" x=\"%2\" y=\"%3\" width=\"%4\" height=\"%5\" %6><title>%7: %8</title>"
               "</rect>\n"_s.arg(bar.cssClass.toHtmlEscaped(), number(kLeft), number(y), number(length),
                   number(kBar),
                   bar.dashed
                       ? u"fill=\"none\" stroke=\"%1\" stroke-width=\"2\" stroke-dasharray=\"6 4\""_s.arg(
                           bar.colour.toHtmlEscaped())
                       : u"fill=\"%1\""_s.arg(bar.colour.toHtmlEscaped()),
                   bar.label.toHtmlEscaped(), bar.valueText.toHtmlEscaped());
        svg += u"<text class=\"value\" x=\"%1\" y=\"%2\" dominant-baseline=\"middle\" font-size=\"12\">%3</text>\n"_s
                   .arg(number(kLeft + length + 6), number(y + kBar / 2), bar.valueText.toHtmlEscaped());
    }
    svg += u"<line class=\"axis\" x1=\"%1\" y1=\"%2\" x2=\"%1\" y2=\"%3\" stroke=\"#555\" stroke-width=\"1\"/>\n"_s
               .arg(number(kLeft), number(kTop), number(kTop + plotHeight));
    svg += u"</svg>\n"_s;
    return svg;
}

} // namespace hostbench::bench
