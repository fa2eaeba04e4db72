#include "ui/ReportText.h"

#include "bench/AbReport.h"

using namespace Qt::StringLiterals;

namespace hostbench::ui {

QString ReportText::ab(const model::BenchParameters &parameters, const model::RunSummary &summary)
{
    QString text = bench::AbReport::format(summary);
    // ab opens its results with two blank lines, which a text view need not show.
    while (text.startsWith(u'\n'))
        text.remove(0, 1);
    // ab names the host it connected to; say which site that was.
    if (!parameters.hostOverride.isEmpty())
        text.prepend(tr("Host header:            %1\n").arg(parameters.hostOverride));
    return text;
}

} // namespace hostbench::ui
