#pragma once

#include "shootout/ShootoutReport.h"

#include <QList>
#include <QWidget>

class QChartView;

namespace hostbench::ui {

/*
 * A shootout's two charts side by side: the median requests/s and the
 * median p99 latency (ms) of each server, one bar per server overlaid in
 * each workload's group, each server in its own colour and named in the
 * legend. The views are named shootoutRequestsChart and shootoutP99Chart.
 * setResults() keeps each chart's two axes and sets them anew (an axis
 * removed from a shown chart left its tick labels drawn).
 * GUI thread.
 */
class ShootoutCharts final : public QWidget
{
    Q_OBJECT

public:
    explicit ShootoutCharts(QWidget *parent = nullptr);

    void setResults(const QList<shootout::ShootoutWorkloadResult> &results);
    // The bars shown: per server (legend order), its value per workload.
    int barSetCount() const;

private:
    QChartView *m_requests = nullptr;
    QChartView *m_p99 = nullptr;
};

} // namespace hostbench::ui
