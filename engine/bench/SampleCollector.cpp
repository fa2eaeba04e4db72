#include "SampleCollector.h"

#include <algorithm>
#include <cmath>

namespace hostbench::bench {

SampleCollector::SampleCollector(int threads, qint64 intervalMs)
    : m_intervalMs(intervalMs)
    , m_lastReported(size_t(threads), -1)
    , m_finished(size_t(threads), false)
{ }

std::unique_ptr<model::LatencyHistogram> SampleCollector::freshHistogram()
{
    if (m_spare.empty())
        return std::make_unique<model::LatencyHistogram>();
    auto histogram = std::move(m_spare.back());
    m_spare.pop_back();
    return histogram;
}

void SampleCollector::report(int thread, IntervalPartial &partial)
{
    std::lock_guard lock(m_mutex);
    m_lastReported[size_t(thread)] = partial.index;
    Pending &pending = m_pending[partial.index];
    pending.endMs = std::max(pending.endMs, partial.endMs);
    pending.completed += partial.completed;
    pending.failed += partial.failed;
    pending.bytes += partial.bytes;
    pending.failedLength += partial.failedLength;
    pending.non2xx += partial.non2xx;
    pending.succeeded += partial.succeeded;
    pending.openConnections += partial.openConnections;
    if (!pending.histogram) {
        // The first thread's histogram becomes the interval's; the others are merged into it.
        pending.histogram = std::move(partial.histogram);
        partial.histogram = freshHistogram();
    } else {
        pending.histogram->add(*partial.histogram);
        partial.histogram->reset();
    }
    emitReady();
}

void SampleCollector::finish(int thread)
{
    std::lock_guard lock(m_mutex);
    m_finished[size_t(thread)] = true;
    emitReady();
}

void SampleCollector::emitReady()
{
    for (;;) {
        auto it = m_pending.find(m_nextIndex);
        if (it == m_pending.end())
            return;
        for (size_t t = 0; t < m_finished.size(); ++t) {
            if (!m_finished[t] && m_lastReported[t] < m_nextIndex)
                return;
        }
        Pending &pending = it->second;
        const model::LatencyHistogram &histogram = *pending.histogram;
        model::BenchSample sample;
        sample.index = m_nextIndex;
        sample.elapsedMs = pending.endMs;
        sample.intervalMs = std::max<qint64>(0, pending.endMs - qint64(m_nextIndex) * m_intervalMs);
        sample.completed = pending.completed;
        sample.failed = pending.failed;
        sample.bytes = pending.bytes;
        sample.p50Us = histogram.valueAtPercentile(50);
        sample.p90Us = histogram.valueAtPercentile(90);
        sample.p99Us = histogram.valueAtPercentile(99);
        sample.maxUs = histogram.maxUs();
        sample.openConnections = pending.openConnections;
        addPlan(&sample);
        m_samples.append(sample);
        if (m_watch
            && m_watch->add({ sample.elapsedMs, sample.completed, sample.failed, pending.failedLength,
                pending.non2xx, pending.succeeded, &histogram }))
            m_broken.store(true, std::memory_order_release);
        pending.histogram->reset();
        m_spare.push_back(std::move(pending.histogram));
        m_pending.erase(it);
        ++m_nextIndex;
    }
}

void SampleCollector::plan(const RateControl *rates, double warmupSeconds)
{
    std::lock_guard lock(m_mutex);
    m_rates = rates;
    m_warmupSeconds = warmupSeconds;
}

void SampleCollector::addPlan(model::BenchSample *sample) const
{
    if (!m_rates)
        return;
    // The schedule of now holds every change up to now, the interval's included.
    const RateSchedule &schedule = m_rates->current();
    const double from = m_warmupSeconds + double(qint64(sample->index) * m_intervalMs) / 1000.0;
    const double to = m_warmupSeconds + double(sample->elapsedMs) / 1000.0;
    sample->plannedRate = to > from ? (schedule.requestsUpTo(to) - schedule.requestsUpTo(from)) / (to - from)
                                    : schedule.rateAt(from);
    sample->pausedMs = std::llround(schedule.pausedSeconds(from, to) * 1000.0);
}

void SampleCollector::watch(const QStringList &thresholds)
{
    std::lock_guard lock(m_mutex);
    m_watch = std::make_unique<ThresholdWatch>(thresholds);
}

ThresholdWatch SampleCollector::brokenThreshold() const
{
    std::lock_guard lock(m_mutex);
    return m_watch ? *m_watch : ThresholdWatch(QStringList());
}

QList<model::BenchSample> SampleCollector::take()
{
    std::lock_guard lock(m_mutex);
    QList<model::BenchSample> out = m_samples.mid(m_taken);
    m_taken = m_samples.size();
    return out;
}

QList<model::BenchSample> SampleCollector::all() const
{
    std::lock_guard lock(m_mutex);
    return m_samples;
}

} // namespace hostbench::bench
