#pragma once

#include "model/LatencyHistogram.h"
#include "model/Threshold.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::bench {

/*
 * bench --abort-on-fail (k6's abortOnFail with a delayAbortEval of 1 s):
 * the run's thresholds checked on the figures so far, once per interval
 * sample. The rule: after each sample of the measured part (the warm-up is
 * never checked) that ends kDelayMs or more into it, every threshold is
 * measured on the whole measured part up to that sample's end, as
 * Threshold::measure measures a finished run (latency percentiles, mean,
 * min and max from the merged histogram of the samples; rps = requests
 * completed / the time so far; errors, non2xx as counted so far), and the
 * first that fails there stops the run. `unfinished` thresholds are
 * skipped: a request under way is unfinished only once the run stops, so
 * they are known at the end alone; so are FACTOR*baseline ones, which
 * bench checks against the baseline at the end (the generator has no
 * baseline figures). Whether the failure could still be made
 * good later (a p99 that falls again, a ramp's rps that grows) is not
 * asked: as in k6, a threshold broken on the figures so far aborts.
 *
 * Thread: the SampleCollector's; add() is called under its mutex, the
 * results read once the run has ended.
 */
class ThresholdWatch final
{
public:
    static constexpr qint64 kDelayMs = 1000;

    // The thresholds' texts (each parsed before the run; one that does not parse is left out).
    explicit ThresholdWatch(const QStringList &thresholds);

    // One interval of the measured part as the collector merged it.
    struct Interval
    {
        qint64 endMs = 0; // ms since the measured start
        quint64 completed = 0;
        quint64 failed = 0;
        quint64 failedLength = 0; // complete and failed (Length), counted in both
        quint64 non2xx = 0;
        quint64 succeeded = 0; // complete with a status 200-399
        const model::LatencyHistogram *histogram = nullptr; // µs, the interval's latencies
    };
    // Adds the interval; true, once, when a threshold fails after it.
    bool add(const Interval &interval);
    bool tripped() const { return !m_failed.isEmpty(); }
    QString failedThreshold() const { return m_failed; } // Threshold::text
    qint64 failedAtMs() const { return m_failedAtMs; }
    QString failedFigure() const { return m_figure; } // Threshold::describe on the figures so far

private:
    QList<model::Threshold> m_thresholds;
    model::LatencyHistogram m_histogram; // the measured part so far
    quint64 m_completed = 0, m_failedCount = 0, m_failedLength = 0, m_non2xx = 0, m_succeeded = 0;
    QString m_failed;
    qint64 m_failedAtMs = 0;
    QString m_figure;
};

} // namespace hostbench::bench
