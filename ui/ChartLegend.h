#pragma once

#include <QBrush>
#include <QList>
#include <QPen>
#include <QRect>
#include <QString>
#include <QWidget>

class QChartView;

namespace hostbench::ui {

/*
 * A chart's legend drawn under its plot, inside its view, in place of Qt
 * Charts' own: that one draws a line as a square of its colour (a dashed
 * line and a solid one of one hue look alike) and keeps its entries in one
 * row, cutting their names to "…" where they do not fit. Here each entry is
 * a sample of the series as drawn (a line in its pen: colour, width and
 * dashes; an area as a square of its fill) and its whole name; entries that
 * do not fit a row go on to the next, and the chart's bottom margin grows
 * to keep the plot and its axes clear of them.
 *
 * The entries are the chart's visible, named series, in the chart's order
 * (an unnamed one, the area under a line, has none); its QLegend is hidden
 * and keeps only the font and label colour (ChartParts::paint()) used here.
 * refresh() after showing, hiding or renaming series; colours are read as
 * painted (a palette change needs nothing).
 * Hidden with fewer than two entries: one line is named by its axis.
 * A child of the view's viewport, transparent to the mouse. GUI thread.
 */
class ChartLegend final : public QWidget
{
    Q_OBJECT

public:
    explicit ChartLegend(QChartView *view);

    struct Entry
    {
        QString label;
        QPen pen; // a line's; Qt::NoPen for an area
        QBrush brush; // an area's fill
    };
    QList<Entry> entries() const;
    // Where entry `index` is drawn, in this widget, and the sample of its series within that.
    QRect entryRect(int index) const;
    QRect markerRect(int index) const;

    // Reads the entries again and lays them out (rows, the chart's margin).
    void refresh();

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Placed
    {
        QRect entry;
        QRect marker;
    };
    QList<Placed> layoutFor(const QList<Entry> &entries, int width) const;
    void place();

    QChartView *m_view;
    int m_bottomMargin = -1; // the chart's bottom margin without the legend
};

} // namespace hostbench::ui
