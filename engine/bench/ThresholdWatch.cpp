#include "ThresholdWatch.h"

#include "model/RunSummary.h"

namespace hostbench::bench {

using namespace Qt::StringLiterals;

ThresholdWatch::ThresholdWatch(const QStringList &thresholds)
{
    for (const QString &text : thresholds) {
        QString error;
        // unfinished is known at the end only; a FACTOR*baseline one is
        // checked against the baseline by bench at the end (the run has none).
        if (const std::optional<model::Threshold> t = model::Threshold::parse(text, &error))
            if (t->metric != u"unfinished"_s && !t->baseline)
                m_thresholds.append(*t);
    }
}

bool ThresholdWatch::add(const Interval &interval)
{
    if (tripped())
        return false;
    if (interval.histogram)
        m_histogram.add(*interval.histogram);
    m_completed += interval.completed;
    m_failedCount += interval.failed;
    m_failedLength += interval.failedLength;
    m_non2xx += interval.non2xx;
    m_succeeded += interval.succeeded;
    if (interval.endMs < kDelayMs || m_thresholds.isEmpty())
        return false;
    // The figures so far as a summary of the run until now: what
    // Threshold::measure reads of it.
    model::RunSummary s;
    s.completed = m_completed;
    s.failed = m_failedCount;
    s.failedLength = m_failedLength;
    s.non2xx = m_non2xx;
    s.statusCounts.insert(200, m_succeeded); // succeeded() counts 200-399, one key is enough
    s.requestsPerSecond = double(m_completed) * 1000.0 / double(interval.endMs);
    s.latencyMinMs = double(m_histogram.minUs()) / 1000.0;
    s.latencyMeanMs = m_histogram.meanUs() / 1000.0;
    s.latencyMaxMs = double(m_histogram.maxUs()) / 1000.0;
    for (const model::Threshold &t : m_thresholds) {
        const double measured = t.measure(s, m_histogram);
        if (!t.passes(measured)) {
            m_failed = t.text;
            m_failedAtMs = interval.endMs;
            m_figure = t.describe(measured);
            return true;
        }
    }
    return false;
}

} // namespace hostbench::bench
