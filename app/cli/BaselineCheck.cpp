#include "cli/BaselineCheck.h"

#include <QStringList>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

bool BaselineCheck::load(
    storage::Database &database, const model::BenchParameters &parameters, QString *error)
{
    const QString target = model::runTarget(parameters);
    const std::optional<storage::StoredRun> baseline = database.baseline(parameters.method, parameters.url);
    if (!baseline) {
        if (!database.lastError().isEmpty()) {
            *error = database.lastError();
            return false;
        }
        QStringList others;
        for (const storage::StoredRun &run : database.baselines())
            others.append(u"%1 (run %2)"_s.arg(model::runTarget(run.parameters), QString::number(run.id)));
        // One arg() with every value: a URL's own "%31" must not be read as a placeholder.
        *error = u"no baseline for %1 (runs baseline ID sets one); %2 (exit %3)"_s.arg(target,
            others.isEmpty() ? u"no target has one"_s
                             : u"the baselines are of other targets: "_s + others.join(u", "_s),
            QString::number(kExitNoBaseline));
        return false;
    }
    m_run = *baseline;
    m_figures.samples = database.samples(m_run.id);
    m_figures.histogram = database.histogram(m_run.id).value_or(model::LatencyHistogram());
    if (!database.lastError().isEmpty()) {
        *error = database.lastError();
        return false;
    }
    m_threshold.runId = m_run.id;
    m_threshold.summary = m_run.summary;
    m_threshold.histogram = m_figures.histogram;
    m_loaded = true;
    return true;
}

QString BaselineCheck::compare(
    const model::BenchParameters &parameters, const model::RunComparison::Figures &run) const
{
    const model::RunComparison comparison = model::RunComparison::compare(m_figures, run);
    QString text
        = u"\nCompared with the baseline, run %1 (%2), at %3% confidence:\n"_s.arg(QString::number(m_run.id),
            model::runTarget(m_run.parameters), QString::number(comparison.confidence * 100.0, 'g', 3));
    for (const QString &line : comparison.lines())
        text += u"  "_s + line + u'\n';
    const QStringList differences = model::runDifferences(m_run.parameters, parameters);
    if (!differences.isEmpty())
        text += u"  Note: unlike runs, %1\n"_s.arg(differences.join(u"; "_s));
    return text;
}

} // namespace hostbench::cli
