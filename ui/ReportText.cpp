#include "ui/ReportText.h"

#include "bench/AbReport.h"

using namespace Qt::StringLiterals;

namespace hostbench::ui {

QString ReportText::ab(const model::BenchParameters &parameters, const model::RunSummary &summary)
{
    // Whole microseconds where ab's whole milliseconds would read 0 (the
    // window writes µs elsewhere too); the CLI keeps ab's milliseconds.
    QString text = bench::AbReport::format(summary, bench::AbReport::fittingUnit(summary));
    // ab opens its results with two blank lines, which a text view need not show.
    while (text.startsWith(u'\n'))
        text.remove(0, 1);
    // ab names the host it connected to; say which site that was.
    if (!parameters.hostOverride.isEmpty())
        text.prepend(tr("Host header:            %1\n").arg(parameters.hostOverride));
    return text;
}

} // namespace hostbench::ui
