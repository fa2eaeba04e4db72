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
    // What the run sent and how it was paced where that is not bench's
    // default (a GET without headers or body, closed model, no warm-up, 30 s
    // timeout), a line each in ab's layout: "Method: POST", each "Request
    // header: Name: value", "Request body: N bytes, TYPE", "Rate: R
    // requests/s (open model)", "Warm-up:", "Timeout:". Empty for a default run.
    static QString request(const model::BenchParameters &parameters);
};

} // namespace hostbench::ui
