#include "model/CapacitySearch.h"

#include <QJsonArray>

#include <algorithm>

namespace hostbench::model {

using namespace Qt::StringLiterals;

CapacitySearch::CapacitySearch(double startRate, double precision, double maxRate)
    : m_start(startRate)
    , m_precision(precision)
    , m_max(std::max(maxRate, startRate))
    , m_next(startRate)
{ }

std::optional<double> CapacitySearch::nextRate() const
{
    if (m_done || m_steps >= kMaxSteps)
        return std::nullopt;
    return m_next;
}

bool CapacitySearch::reachedMaxRate() const
{
    return m_fail == 0 && m_pass >= m_max;
}

void CapacitySearch::record(bool passed)
{
    if (m_done)
        return;
    ++m_steps;
    if (passed)
        m_pass = m_next;
    else
        m_fail = m_next;
    if (m_pass == 0) { // the first step failed: nothing lower is known to pass
        m_done = true;
        return;
    }
    if (m_fail == 0) { // doubling
        if (m_pass >= m_max)
            m_done = true;
        m_next = std::min(m_pass * 2, m_max);
        return;
    }
    if (m_fail - m_pass <= m_precision * m_pass) {
        m_done = true;
        return;
    }
    m_next = (m_pass + m_fail) / 2;
}

CapacityStep CapacitySearch::judge(
    double rate, const QList<Threshold> &slos, const RunSummary &summary, const LatencyHistogram &histogram)
{
    RunSummary judged = summary;
    judged.unfinished = 0;
    CapacityStep step;
    step.rate = rate;
    step.achieved = summary.timeTakenSec > 0 ? double(summary.completed) / summary.timeTakenSec : 0;
    step.p50Ms = double(histogram.valueAtPercentile(50)) / 1000.0;
    step.p99Ms = double(histogram.valueAtPercentile(99)) / 1000.0;
    step.requests = judged.completed + judged.failed - judged.failedLength;
    step.errors = step.requests - std::min(step.requests, judged.succeeded());
    const double least = kMinAchievedShare * rate;
    const QString implicit = u"rps>=%1"_s.arg(QString::number(least, 'f', 1));
    if (step.requests == 0) {
        // Nothing to judge the SLOs on (an empty histogram's p99 is 0): the
        // server fell so far behind that it answered none of this part.
        step.failedSlo = implicit;
        step.failedFigure = implicit + u": no request of the judged part ended"_s;
        return step;
    }
    step.passed = true;
    for (const Threshold &slo : slos) {
        const double measured = slo.measure(judged, histogram);
        if (!slo.passes(measured)) {
            step.passed = false;
            step.failedSlo = slo.text;
            step.failedFigure = slo.describe(measured);
            if (step.failedFigure.endsWith(u", FAIL"_s)) // the table says FAIL on its own
                step.failedFigure.chop(6);
            return step;
        }
    }
    if (step.achieved < least) {
        step.passed = false;
        step.failedSlo = implicit;
        step.failedFigure = u"%1: %2 requests/s (%3% of the rate asked)"_s.arg(step.failedSlo,
            QString::number(step.achieved, 'f', 1), QString::number(kMinAchievedShare * 100, 'f', 0));
    }
    return step;
}

std::optional<Threshold> CapacitySearch::parseSlo(const QString &text, QString *error)
{
    std::optional<Threshold> slo = Threshold::parse(text, error);
    if (!slo)
        return std::nullopt;
    if (slo->baseline) {
        *error
            = u"\"%1\": an SLO cannot be against a baseline; give a figure, as in p99<10ms"_s.arg(slo->text);
        return std::nullopt;
    }
    if (slo->metric == u"unfinished"_s) {
        *error = u"\"%1\": unfinished is no per-step figure (every step ends with requests under way); "
                 "give p50..p99.9, mean, min, max, rps, errors or non2xx"_s.arg(slo->text);
        return std::nullopt;
    }
    return slo;
}

QJsonObject CapacitySearch::toJson(const CapacityResult &c)
{
    QJsonArray steps;
    for (const CapacityStep &step : c.steps) {
        QJsonObject o { { u"rate"_s, step.rate }, { u"achieved"_s, step.achieved },
            { u"p50_ms"_s, step.p50Ms }, { u"p99_ms"_s, step.p99Ms },
            { u"requests"_s, double(step.requests) }, { u"errors"_s, double(step.errors) },
            { u"passed"_s, step.passed } };
        if (!step.passed) {
            o[u"failed_slo"_s] = step.failedSlo;
            o[u"failed_figure"_s] = step.failedFigure;
        }
        steps.append(o);
    }
    return { { u"slo"_s, QJsonArray::fromStringList(c.slo) }, { u"capacity"_s, c.capacity },
        { u"steps"_s, steps } };
}

CapacityResult CapacitySearch::fromJson(const QJsonObject &o)
{
    CapacityResult c;
    for (const QJsonValue &slo : o[u"slo"_s].toArray())
        c.slo.append(slo.toString());
    c.capacity = o[u"capacity"_s].toDouble();
    for (const QJsonValue &entry : o[u"steps"_s].toArray()) {
        const QJsonObject step = entry.toObject();
        c.steps.append(
            { step[u"rate"_s].toDouble(), step[u"achieved"_s].toDouble(), step[u"p50_ms"_s].toDouble(),
                step[u"p99_ms"_s].toDouble(), quint64(step[u"requests"_s].toDouble()),
                quint64(step[u"errors"_s].toDouble()), step[u"passed"_s].toBool(),
                step[u"failed_slo"_s].toString(), step[u"failed_figure"_s].toString() });
    }
    return c;
}

} // namespace hostbench::model
