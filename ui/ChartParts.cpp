#include "ui/ChartParts.h"

#include "ui/Tint.h"

#include <QAreaSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QLegend>
#include <QLineSeries>
#include <QLocale>
#include <QPalette>
#include <QValueAxis>

#include <utility>

#include <cmath>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

struct NiceRange
{
    double step = 1;
    int intervals = 1;
    int decimals = 0;

    double top() const { return step * intervals; }
};

// [0, n x step] covering `value`, with the smallest step of 1, 2, 2.5 or
// 5 x 10^k that needs at most `maxIntervals` intervals: ticks fall on round
// numbers and the labels carry the decimals the step needs.
NiceRange niceRange(double value, int maxIntervals)
{
    if (!(value > 0))
        value = 1;
    NiceRange range;
    range.step = 0;
    for (double magnitude = std::pow(10.0, std::floor(std::log10(value / maxIntervals))); range.step == 0;
         magnitude *= 10) {
        for (double multiple : { 1.0, 2.0, 2.5, 5.0 }) {
            range.intervals = qMax(1, int(std::ceil(value / (multiple * magnitude) - 1e-9)));
            if (range.intervals <= maxIntervals) {
                range.step = multiple * magnitude;
                break;
            }
        }
    }
    const auto scaled = [&range](int decimals) { return range.step * std::pow(10.0, decimals); };
    while (range.decimals < 6 && std::abs(scaled(range.decimals) - std::round(scaled(range.decimals))) > 1e-6)
        ++range.decimals;
    return range;
}

// Qt Charts cuts a tick label that does not fit its share of the axis (the
// axis' length over the number of labels, less its padding on both sides) to
// "...". Room for that padding (4 px in Qt Charts 6's sources) and a gap
// between neighbours, in pixels.
constexpr double kLabelRoom = 2 * 4.0 + 4.0;

NiceRange fittingRange(const QValueAxis *axis, double value, int maxIntervals, bool horizontal, double length)
{
    const QFontMetricsF metrics(axis->labelsFont());
    const auto fits = [&](const NiceRange &range) {
        // The widest label is the top one (values start at 0 and grow);
        // vertically every label is one line high.
        const QString widest = QLocale().toString(range.top(), 'f', range.decimals);
        const double extent = horizontal ? metrics.horizontalAdvance(widest) : metrics.height();
        return length <= 0 || length / (range.intervals + 1) >= extent + kLabelRoom;
    };
    int intervals = maxIntervals;
    NiceRange range = niceRange(value, intervals);
    while (intervals > 1 && !fits(range))
        range = niceRange(value, --intervals);
    return range;
}

void apply(QValueAxis *axis, double min, double max, const NiceRange &range)
{
    // Each change relays the chart out: only what differs.
    if (axis->min() != min || axis->max() != max)
        axis->setRange(min, max);
    if (axis->tickCount() != range.intervals + 1)
        axis->setTickCount(range.intervals + 1);
    const QString format = u"%.%1f"_s.arg(range.decimals);
    if (axis->labelFormat() != format)
        axis->setLabelFormat(format);
}

// Where a series or bar set keeps its hue.
constexpr char kHue[] = "hostbenchHue";

// Paints its view's chart again when the view's palette changes.
class PaletteWatcher final : public QObject
{
public:
    explicit PaletteWatcher(QChartView *view)
        : QObject(view)
        , m_view(view)
    {
        view->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_view && event->type() == QEvent::PaletteChange)
            ChartParts::paint(m_view->chart(), m_view->palette());
        return QObject::eventFilter(watched, event);
    }

private:
    QChartView *m_view;
};

void paintAxis(
    QAbstractAxis *axis, const QColor &text, const QColor &line, const QColor &grid, const QColor &minorGrid)
{
    axis->setLabelsColor(text);
    axis->setTitleBrush(text);
    axis->setLinePenColor(line);
    axis->setGridLineColor(grid);
    axis->setMinorGridLineColor(minorGrid);
    axis->setShadesVisible(false);
}

} // namespace

QChart *ChartParts::chart(const QString &title)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    QFont font = chart->titleFont();
    font.setBold(true);
    chart->setTitleFont(font);
    chart->setAnimationOptions(QChart::NoAnimation);
    // Tick labels in the window's number format ("0,5" in German, "30,000"
    // in English), as every other figure of the window.
    chart->setLocale(QLocale());
    chart->setLocalizeNumbers(true);
    chart->setMargins(QMargins(4, 4, 8, 4));
    // Square corners: a live series' update repaints the background under
    // the plot, and a rounded one is a path of curves to fill and stroke each time.
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

QValueAxis *ChartParts::axis(const QString &title)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setMinorTickCount(1);
    QFont font = axis->titleFont();
    font.setBold(false);
    axis->setTitleFont(font);
    return axis;
}

QLineSeries *ChartParts::line(const QString &name, const QColor &hue, int width, Qt::PenStyle style)
{
    auto *series = new QLineSeries;
    series->setName(name);
    const QPalette palette = QGuiApplication::palette();
    QPen pen(Tint::graphic(hue, palette.color(QPalette::Base), palette.color(QPalette::Text)));
    pen.setWidth(width);
    pen.setStyle(style);
    series->setPen(pen);
    setHue(series, hue);
    return series;
}

QChartView *ChartParts::view(QChart *chart, const QString &objectName, QWidget *parent)
{
    auto *view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 220);
    new PaletteWatcher(view);
    paint(chart, view->palette());
    return view;
}

void ChartParts::setHue(QObject *seriesOrBarSet, const QColor &hue)
{
    seriesOrBarSet->setProperty(kHue, hue);
}

void ChartParts::paint(QChart *chart, const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    // Lines from the text faded into the base, not the palette's Mid and
    // Midlight: dark palettes often leave those as a light theme's.
    const QColor axisLine = Tint::blend(base, text, 0.45);
    const QColor grid = Tint::blend(base, text, 0.16);
    const QColor minorGrid = Tint::blend(base, text, 0.07);
    chart->setBackgroundBrush(base);
    chart->setBackgroundPen(QPen(grid));
    chart->setPlotAreaBackgroundBrush(base);
    chart->setTitleBrush(text);
    QLegend *legend = chart->legend();
    legend->setLabelColor(text);
    legend->setColor(base);
    legend->setBorderColor(grid);
    for (QAbstractAxis *axis : chart->axes())
        paintAxis(axis, text, axisLine, grid, minorGrid);
    thinLines(chart);

    const auto shown = [&](const QObject *object) {
        return Tint::graphic(object->property(kHue).value<QColor>(), base, text);
    };
    for (QAbstractSeries *series : chart->series()) {
        if (auto *bars = qobject_cast<QBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets()) {
                if (!set->property(kHue).isValid())
                    continue;
                const QColor color = shown(set);
                set->setColor(color);
                set->setBorderColor(color);
                set->setLabelColor(text);
            }
            continue;
        }
        if (!series->property(kHue).isValid())
            continue;
        if (auto *area = qobject_cast<QAreaSeries *>(series)) {
            QBrush brush = area->brush();
            brush.setColor(shown(area));
            area->setBrush(brush);
        } else if (auto *line = qobject_cast<QLineSeries *>(series)) {
            QPen pen = line->pen();
            pen.setColor(shown(line));
            line->setPen(pen);
        }
    }
}

void ChartParts::append(QLineSeries *series, const QList<QPointF> &points)
{
    if (points.size() == 1)
        series->append(points.constFirst());
    else if (!points.isEmpty())
        series->replace(series->points() + points);
}

void ChartParts::thinLines(QChart *chart)
{
    // A line item with a wider pen strokes a path to find its bounds each
    // time it is painted, and a live series repaints the grid under it 10
    // times a second: with width 1 that was most of the charts' paint time.
    // A cosmetic pen is one device pixel, as width 1 was at scale 1.
    for (QAbstractAxis *axis : chart->axes()) {
        for (auto [get, set] : { std::pair { &QAbstractAxis::gridLinePen, &QAbstractAxis::setGridLinePen },
                 std::pair { &QAbstractAxis::minorGridLinePen, &QAbstractAxis::setMinorGridLinePen },
                 std::pair { &QAbstractAxis::linePen, &QAbstractAxis::setLinePen } }) {
            QPen pen = (axis->*get)();
            if (pen.width() != 0) {
                pen.setWidth(0);
                (axis->*set)(pen);
            }
        }
    }
}

void ChartParts::setNiceRange(
    QValueAxis *axis, double value, int maxIntervals, Qt::Orientation orientation, double length)
{
    const NiceRange range = fittingRange(axis, value, maxIntervals, orientation == Qt::Horizontal, length);
    apply(axis, 0, range.top(), range);
}

void ChartParts::setNiceSpan(QValueAxis *axis, double span, int maxIntervals, double length)
{
    // Exactly [-span, 0], in whole-number steps whose labels fit.
    const QFontMetricsF metrics(axis->labelsFont());
    const double extent = metrics.horizontalAdvance(QLocale().toString(-span, 'f', 0));
    NiceRange range;
    range.intervals = 1;
    for (int intervals = maxIntervals; intervals >= 1; --intervals) {
        const double step = span / intervals;
        if (std::abs(step - std::round(step)) > 1e-9)
            continue;
        range.intervals = intervals;
        if (length <= 0 || length / (intervals + 1) >= extent + kLabelRoom)
            break;
    }
    range.step = span / range.intervals;
    apply(axis, -span, 0, range);
}

} // namespace hostbench::ui
