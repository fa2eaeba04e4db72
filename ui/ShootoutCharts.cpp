#include "ui/ShootoutCharts.h"

#include "ui/ChartParts.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QValueAxis>

#include <functional>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// The overlay hues of BenchCharts, in the servers' order (ChartParts paints
// them to stand out on the palette's base).
const QColor kColors[] = { QColor(0x1f, 0x6f, 0xeb), QColor(0xe6, 0x51, 0x00), QColor(0x2e, 0x7d, 0x32),
    QColor(0x8e, 0x24, 0xaa), QColor(0xc6, 0x28, 0x28), QColor(0x00, 0x83, 0x8f) };

QChartView *makeView(const QString &name, const QString &title, QWidget *parent)
{
    QChartView *view = ChartParts::view(ChartParts::chart(title), name, parent);
    view->setMinimumSize(260, 220); // two side by side on the Shootout page
    return view;
}

// The chart's one axis of type T, made and added at `alignment` the first
// time. Kept from one fill to the next: an axis removed from a shown chart
// left its tick labels drawn ("1.00" over "100,000").
template <typename T> T *axis(QChart *chart, Qt::Alignment alignment)
{
    for (QAbstractAxis *existing : chart->axes())
        if (auto *typed = qobject_cast<T *>(existing))
            return typed;
    auto *made = new T;
    chart->addAxis(made, alignment);
    return made;
}

void fill(QChartView *view, const QList<shootout::ShootoutWorkloadResult> &results, const QString &axisTitle,
    const std::function<double(const shootout::ShootoutCell &)> &value)
{
    QChart *chart = view->chart();
    chart->removeAllSeries();
    QStringList servers;
    QStringList workloads;
    for (const shootout::ShootoutWorkloadResult &result : results) {
        workloads.append(result.workload);
        for (const shootout::ShootoutCell &cell : result.cells)
            if (!servers.contains(cell.server))
                servers.append(cell.server);
    }
    auto *series = new QBarSeries;
    double top = 0;
    for (qsizetype i = 0; i < servers.size(); ++i) {
        auto *set = new QBarSet(servers.at(i));
        ChartParts::setHue(set, kColors[i % std::size(kColors)]);
        for (const shootout::ShootoutWorkloadResult &result : results) {
            double v = 0;
            for (const shootout::ShootoutCell &cell : result.cells)
                if (cell.server == servers.at(i))
                    v = value(cell);
            set->append(v);
            top = std::max(top, v);
        }
        series->append(set);
    }
    chart->addSeries(series);
    auto *x = axis<QBarCategoryAxis>(chart, Qt::AlignBottom);
    x->clear();
    x->append(workloads);
    auto *y = axis<QValueAxis>(chart, Qt::AlignLeft);
    y->setTitleText(axisTitle);
    QFont font = y->titleFont();
    font.setBold(false);
    y->setTitleFont(font);
    y->setLabelFormat(top >= 10 ? u"%.0f"_s : u"%.2f"_s);
    y->setRange(0, top > 0 ? top * 1.1 : 1);
    y->applyNiceNumbers();
    series->attachAxis(x);
    series->attachAxis(y);
    chart->legend()->setVisible(!servers.isEmpty());
    // The new bars in the view's palette.
    ChartParts::paint(chart, view->palette());
}

} // namespace

ShootoutCharts::ShootoutCharts(QWidget *parent)
    : QWidget(parent)
    , m_requests(makeView(u"shootoutRequestsChart"_s, tr("Requests per second (median)"), this))
    , m_p99(makeView(u"shootoutP99Chart"_s, tr("p99 latency (median)"), this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_requests, 1);
    layout->addWidget(m_p99, 1);
    setResults({});
}

void ShootoutCharts::setResults(const QList<shootout::ShootoutWorkloadResult> &results)
{
    const bool capacity = std::any_of(
        results.cbegin(), results.cend(), [](const auto &result) { return !result.capacitySlo.isEmpty(); });
    fill(m_requests, results, capacity ? tr("capacity (requests/s)") : tr("requests/s"),
        [](const auto &cell) { return cell.rankValue(); });
    fill(m_p99, results, tr("ms"), [](const auto &cell) { return cell.p99Ms; });
}

int ShootoutCharts::barSetCount() const
{
    const QList<QAbstractSeries *> series = m_requests->chart()->series();
    return series.isEmpty() ? 0 : int(static_cast<QBarSeries *>(series.constFirst())->count());
}

} // namespace hostbench::ui
