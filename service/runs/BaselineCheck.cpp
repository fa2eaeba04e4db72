#include "runs/BaselineCheck.h"

#include "bench/JsonReport.h"

#include <QJsonArray>
#include <QStringList>

namespace hostbench::runs {

using namespace Qt::StringLiterals;

namespace {

QJsonObject estimateJson(const model::RatioEstimate &e)
{
    QJsonObject o { { u"verdict"_s, model::RatioEstimate::verdictText(e.verdict) } };
    if (e.verdict == model::RatioEstimate::Verdict::Unknown) {
        o.insert(u"reason"_s, e.reason);
        return o;
    }
    o.insert(u"ratio"_s, e.ratio);
    o.insert(u"low"_s, e.low);
    o.insert(u"high"_s, e.high);
    o.insert(u"value"_s, e.value);
    o.insert(u"baseline_value"_s, e.baselineValue);
    return o;
}

} // namespace

bool BaselineCheck::needed(const model::BenchParameters &parameters, bool compare)
{
    if (compare)
        return true;
    for (const QString &text : parameters.thresholds) {
        QString ignored;
        const std::optional<model::Threshold> threshold = model::Threshold::parse(text, &ignored);
        if (threshold && threshold->baseline)
            return true;
    }
    return false;
}

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
        *error = u"no baseline for %1 (runs baseline ID sets one); %2"_s.arg(target,
            others.isEmpty() ? u"no target has one"_s
                             : u"the baselines are of other targets: "_s + others.join(u", "_s));
        return false;
    }
    return take(database, *baseline, error);
}

bool BaselineCheck::loadRun(storage::Database &database, qint64 runId, QString *error)
{
    const std::optional<storage::StoredRun> run = database.run(runId);
    if (!run) {
        *error = u"the baseline, run %1, is no longer stored"_s.arg(runId);
        return false;
    }
    return take(database, *run, error);
}

bool BaselineCheck::take(storage::Database &database, const storage::StoredRun &run, QString *error)
{
    m_run = run;
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

QString BaselineCheck::faultyMember(const model::BenchParameters &parameters)
{
    for (qsizetype i = 0; i < parameters.thresholds.size(); ++i) {
        QString ignored;
        const std::optional<model::Threshold> t
            = model::Threshold::parse(parameters.thresholds.at(i), &ignored);
        if (t && t->baseline)
            return u"thresholds[%1]"_s.arg(i);
    }
    return u"compare_baseline"_s;
}

QStringList BaselineCheck::lines(
    const model::BenchParameters &parameters, const model::RunComparison::Figures &run) const
{
    const model::RunComparison comparison = model::RunComparison::compare(m_figures, run);
    QStringList lines { u"Compared with the baseline, run %1 (%2), at %3% confidence:"_s.arg(
        QString::number(m_run.id), model::runTarget(m_run.parameters),
        QString::number(comparison.confidence * 100.0, 'g', 3)) };
    for (const QString &line : comparison.lines())
        lines.append(u"  "_s + line);
    const QStringList differences = model::runDifferences(m_run.parameters, parameters);
    if (!differences.isEmpty())
        lines.append(u"  Note: unlike runs, %1"_s.arg(differences.join(u"; "_s)));
    return lines;
}

QJsonObject BaselineCheck::toJson(
    const model::BenchParameters &parameters, const model::RunComparison::Figures &run) const
{
    const model::RunComparison comparison = model::RunComparison::compare(m_figures, run);
    return QJsonObject { { u"baseline_run"_s, m_run.id }, { u"target"_s, model::runTarget(m_run.parameters) },
        { u"confidence"_s, comparison.confidence },
        { u"requests_per_second"_s, estimateJson(comparison.rps) },
        { u"p99_ms"_s, estimateJson(comparison.p99) },
        { u"differences"_s,
            QJsonArray::fromStringList(model::runDifferences(m_run.parameters, parameters)) } };
}

QJsonObject BaselineCheck::storedVerdicts(
    storage::Database &database, const storage::StoredRun &run, const model::RunComparison::Figures &figures)
{
    const model::BenchParameters &p = run.parameters;
    BaselineCheck baseline;
    QString error = u"no baseline was compared"_s;
    if (p.baselineRunId != 0)
        baseline.loadRun(database, p.baselineRunId, &error);
    QJsonObject out;
    if (!p.thresholds.isEmpty())
        out.insert(u"thresholds"_s,
            bench::JsonReport::thresholdsToJson(model::ThresholdVerdict::check(
                p.thresholds, run.summary, figures.histogram, baseline.thresholdBaseline())));
    if (p.compareBaseline)
        out.insert(u"baseline_comparison"_s,
            baseline.isLoaded() ? baseline.toJson(p, figures) : QJsonObject { { u"error"_s, error } });
    return out;
}

} // namespace hostbench::runs
