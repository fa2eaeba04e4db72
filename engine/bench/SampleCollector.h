#pragma once

#include "RateControl.h"
#include "ThresholdWatch.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"

#include <QList>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace hostbench::bench {

/*
 * One generator thread's share of one sampling interval.
 */
struct IntervalPartial
{
    int index = 0; // interval number from the measured start
    qint64 endMs = 0; // end of the interval, ms since the measured start
    quint64 completed = 0;
    quint64 failed = 0;
    quint64 bytes = 0;
    quint64 failedLength = 0; // of `failed`: complete responses of another length
    quint64 non2xx = 0; // complete responses outside 200-299
    quint64 succeeded = 0; // complete responses of 200-399
    int openConnections = 0;
    std::unique_ptr<model::LatencyHistogram> histogram; // latencies (µs) completed in the interval
};

/*
 * Merges the generator threads' interval partials into BenchSamples (wrk's
 * record_rate, over threads). Each thread reports once per interval from its
 * own timer, never per request; interval k is emitted once every thread has
 * reported k or has finished, so samples appear while the run goes on.
 *
 * With watch() (--abort-on-fail) each sample, as it is emitted, goes to a
 * ThresholdWatch too (a histogram merge more per interval, under the same
 * mutex); the generator threads poll thresholdBroken() and stop.
 *
 * Thread: report()/finish() from the generator threads, take()/all() from
 * any thread; one mutex guards everything, held for a histogram merge at most.
 */
class SampleCollector final
{
public:
    SampleCollector(int threads, qint64 intervalMs);

    // Hands over `partial` (its index must grow by one per call and thread)
    // and gives the thread back an empty histogram in partial.histogram.
    void report(int thread, IntervalPartial &partial);
    // The thread reports nothing more.
    void finish(int thread);
    // The open model: each sample gets the planned rate and paused time of
    // `rates`' schedule (BenchSample::plannedRate, pausedMs); its times are
    // `warmupSeconds` behind the schedule's. Before the threads start.
    void plan(const RateControl *rates, double warmupSeconds);
    // --abort-on-fail: each sample from now on is checked against
    // `thresholds` (ThresholdWatch's rule). Before the threads start.
    void watch(const QStringList &thresholds);
    // A watched threshold failed: the run is to stop. Any thread, lock-free.
    bool thresholdBroken() const { return m_broken.load(std::memory_order_acquire); }
    // After thresholdBroken(): which threshold, after which sample, and its line. Any thread.
    ThresholdWatch brokenThreshold() const;

    QList<model::BenchSample> take(); // samples not taken yet, in order
    QList<model::BenchSample> all() const;

private:
    struct Pending
    {
        qint64 endMs = 0;
        quint64 completed = 0;
        quint64 failed = 0;
        quint64 bytes = 0;
        quint64 failedLength = 0;
        quint64 non2xx = 0;
        quint64 succeeded = 0;
        int openConnections = 0;
        std::unique_ptr<model::LatencyHistogram> histogram;
    };

    void emitReady(); // under m_mutex
    std::unique_ptr<model::LatencyHistogram> freshHistogram(); // under m_mutex

    mutable std::mutex m_mutex;
    const qint64 m_intervalMs;
    std::vector<int> m_lastReported; // per thread; -1 before the first
    std::vector<bool> m_finished;
    std::map<int, Pending> m_pending; // by interval index
    int m_nextIndex = 0;
    QList<model::BenchSample> m_samples;
    qsizetype m_taken = 0;
    std::vector<std::unique_ptr<model::LatencyHistogram>> m_spare;
    void addPlan(model::BenchSample *sample) const; // under m_mutex

    std::unique_ptr<ThresholdWatch> m_watch; // --abort-on-fail only
    const RateControl *m_rates = nullptr; // the open model only
    double m_warmupSeconds = 0;
    std::atomic<bool> m_broken { false };
};

} // namespace hostbench::bench
