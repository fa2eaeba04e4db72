#include "ui/ReportText.h"

#include "bench/AbReport.h"
#include "ui/Format.h"

#include <QLocale>

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
    // What was sent beyond bench's defaults, above ab's figures.
    if (const QString sent = request(parameters); !sent.isEmpty())
        text.prepend(sent + u'\n');
    // ab names the host it connected to; say which site that was.
    if (!parameters.hostOverride.isEmpty())
        text.prepend(tr("Host header:            %1\n").arg(parameters.hostOverride));
    return text;
}

QString ReportText::request(const model::BenchParameters &parameters)
{
    const model::BenchParameters defaults;
    QString text;
    if (parameters.method != defaults.method)
        text += tr("Method:                 %1\n").arg(QString::fromLatin1(parameters.method));
    for (const auto &[name, value] : parameters.headers) {
        text += tr("Request header:         %1: %2\n")
                    .arg(QString::fromLatin1(name), QString::fromUtf8(value));
    }
    if (!parameters.body.isEmpty()) {
        // As ab's "Document Length: N bytes".
        const QString size = Format::count(quint64(parameters.body.size()));
        text += parameters.contentType.isEmpty()
            ? tr("Request body:           %1 bytes\n").arg(size)
            : tr("Request body:           %1 bytes, %2\n")
                  .arg(size, QString::fromLatin1(parameters.contentType));
    }
    if (!parameters.stages.isEmpty())
        text += tr("Stages:                 %1 (open model)\n")
                    .arg(model::LoadStages::format(parameters.stages));
    if (parameters.rate > 0)
        text
            += tr("Rate:                   %1 requests/s (open model)\n")
                   .arg(QLocale().toString(parameters.rate, 'g', QLocale::FloatingPointShortest)); // 40, 12.5
    if (parameters.warmupMs > 0)
        text += tr("Warm-up:                %1 (not counted)\n").arg(Format::elapsed(parameters.warmupMs));
    if (parameters.timeoutMs != defaults.timeoutMs)
        text += tr("Timeout:                %1\n").arg(Format::elapsed(parameters.timeoutMs));
    return text;
}

} // namespace hostbench::ui
