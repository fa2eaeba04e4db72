#pragma once

#include "model/BenchParameters.h"
#include "model/RunSummary.h"

#include <QCoreApplication>
#include <QString>

namespace hostbench::ui {

/*
 * The text of a run's report as the GUI shows it: ApacheBench's layout,
 * written by the load generator's report writer (bench::AbReport), so that
 * the GUI, the CLI and ab read the same; but where the median answer takes
 * under 10 ms its two time tables are in whole microseconds
 * (AbReport::fittingUnit). Any thread.
 */
class ReportText final
{
    Q_DECLARE_TR_FUNCTIONS(ReportText)

public:
    static QString ab(const model::BenchParameters &parameters, const model::RunSummary &summary);
};

} // namespace hostbench::ui
