#include "ui/ChartLegend.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QPainter>

namespace hostbench::ui {

namespace {

constexpr int kSampleWidth = 24; // a line's sample: room for two dashes or four dots
constexpr int kSampleGap = 5; // between a sample and its name
constexpr int kEntryGap = 14; // between entries of a row
constexpr int kSide = 6; // left and right of the rows
constexpr int kBelow = 4; // under the last row

} // namespace

ChartLegend::ChartLegend(QChartView *view)
    : QWidget(view->viewport())
    , m_view(view)
{
    setObjectName(view->objectName() + QStringLiteral("Legend"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    m_view->chart()->legend()->setVisible(false);
    m_bottomMargin = m_view->chart()->margins().bottom();
    m_view->viewport()->installEventFilter(this);
    refresh();
}

QList<ChartLegend::Entry> ChartLegend::entries() const
{
    QList<Entry> result;
    for (QAbstractSeries *series : m_view->chart()->series()) {
        if (!series->isVisible() || series->name().isEmpty())
            continue;
        Entry entry;
        entry.label = series->name();
        if (auto *line = qobject_cast<QLineSeries *>(series)) {
            entry.pen = line->pen();
        } else if (auto *area = qobject_cast<QAreaSeries *>(series)) {
            entry.pen = Qt::NoPen;
            entry.brush = area->brush();
        } else {
            continue; // the run charts have lines and areas only
        }
        result.append(entry);
    }
    return result;
}

QList<ChartLegend::Placed> ChartLegend::layoutFor(const QList<Entry> &entries, int width) const
{
    const QFontMetrics metrics(m_view->chart()->legend()->font());
    const int rowHeight = metrics.height() + 2;
    const int room = qMax(1, width - 2 * kSide);
    QList<Placed> placed;
    QList<Placed> row;
    int top = 0;
    int used = 0;
    const auto flush = [&] {
        // Each row centred, as Qt Charts centres its one.
        const int shift = kSide + qMax(0, (room - used) / 2);
        for (Placed &item : row) {
            item.entry.translate(shift, 0);
            item.marker.translate(shift, 0);
            placed.append(item);
        }
        row.clear();
        used = 0;
        top += rowHeight;
    };
    for (const Entry &entry : entries) {
        const int entryWidth = kSampleWidth + kSampleGap + metrics.horizontalAdvance(entry.label);
        const int start = row.isEmpty() ? 0 : used + kEntryGap;
        if (!row.isEmpty() && start + entryWidth > room)
            flush();
        const int x = row.isEmpty() ? 0 : used + kEntryGap;
        const int sampleHeight = entry.pen.style() == Qt::NoPen ? metrics.height() / 2 : rowHeight;
        Placed item;
        item.entry = QRect(x, top, entryWidth, rowHeight);
        item.marker = QRect(x, top + (rowHeight - sampleHeight) / 2,
            entry.pen.style() == Qt::NoPen ? sampleHeight : kSampleWidth, sampleHeight);
        row.append(item);
        used = x + entryWidth;
    }
    if (!row.isEmpty())
        flush();
    return placed;
}

int ChartLegend::heightForWidth(int width) const
{
    const QList<Entry> shown = entries();
    if (shown.size() < 2)
        return 0;
    const QList<Placed> placed = layoutFor(shown, width);
    return placed.constLast().entry.bottom() + 1 + kBelow;
}

QRect ChartLegend::entryRect(int index) const
{
    const QList<Placed> placed = layoutFor(entries(), width());
    return index >= 0 && index < placed.size() ? placed.at(index).entry : QRect();
}

QRect ChartLegend::markerRect(int index) const
{
    const QList<Placed> placed = layoutFor(entries(), width());
    return index >= 0 && index < placed.size() ? placed.at(index).marker : QRect();
}

void ChartLegend::refresh()
{
    place();
    update();
}

void ChartLegend::place()
{
    QWidget *viewport = m_view->viewport();
    const int height = heightForWidth(viewport->width());
    setVisible(height > 0);
    QChart *chart = m_view->chart();
    // Inside the chart's background, which its layout's margins inset from the view.
    qreal inset = 0;
    if (chart->layout())
        chart->layout()->getContentsMargins(nullptr, nullptr, nullptr, &inset);
    setGeometry(0, viewport->height() - height - qRound(inset), viewport->width(), height);
    QMargins margins = chart->margins();
    if (margins.bottom() != m_bottomMargin + height) {
        margins.setBottom(m_bottomMargin + height);
        chart->setMargins(margins);
    }
}

bool ChartLegend::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        place();
    return QWidget::eventFilter(watched, event);
}

void ChartLegend::paintEvent(QPaintEvent *)
{
    const QList<Entry> shown = entries();
    const QList<Placed> placed = layoutFor(shown, width());
    const QLegend *legend = m_view->chart()->legend();
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setFont(legend->font());
    for (qsizetype i = 0; i < shown.size() && i < placed.size(); ++i) {
        const Entry &entry = shown.at(i);
        const QRect marker = placed.at(i).marker;
        if (entry.pen.style() == Qt::NoPen) {
            QColor fill = entry.brush.color();
            painter.setPen(Qt::NoPen);
            painter.setBrush(fill);
            painter.drawRect(marker);
        } else {
            // The series' own pen, at least 2 px wide so that its colour
            // shows; the dashes scale with it, as the line's do.
            QPen pen = entry.pen;
            pen.setCosmetic(false);
            pen.setWidthF(qMax<qreal>(2.0, pen.widthF()));
            pen.setCapStyle(Qt::FlatCap);
            painter.setPen(pen);
            const int y = marker.center().y();
            painter.drawLine(QPointF(marker.left(), y + 0.5), QPointF(marker.right() + 1, y + 0.5));
        }
        painter.setPen(legend->labelColor());
        const QRect entryRect = placed.at(i).entry;
        const QRect text(marker.left() + kSampleWidth + kSampleGap, entryRect.top(),
            entryRect.right() - (marker.left() + kSampleWidth + kSampleGap) + 1, entryRect.height());
        painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, entry.label);
    }
}

} // namespace hostbench::ui
