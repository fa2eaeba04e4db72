#include "ui/ReportText.h"

namespace hostbench::ui {

QString ReportText::ab(const model::BenchParameters &parameters, const model::RunSummary &summary)
{
    // Placeholder until bench::AbReport lands.
    return parameters.url + QString::number(summary.requestsPerSecond);
}

} // namespace hostbench::ui
