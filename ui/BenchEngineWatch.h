#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/MetricsSnapshot.h"
#include "ui/BenchCharts.h"

#include <QElapsedTimer>
#include <QList>

#include <optional>

namespace hostbench::ui {

class EngineController;

/*
 * The engine's side of a Benchmark-page run whose target is this window's
 * own engine: whether a run's URL reaches it (targets()), and, polled with
 * the run, the engine's requests/s and service time p50/p99 since the
 * previous point (and the upstream's mean time of its proxied responses), on the run's time axis
 * (BenchCharts::EnginePoint, from EngineController::metricsNow()), with the gap to the client's latest p50.
 * A point covers at least half a poll interval: a shorter remainder at the
 * run's end is taken with the interval before it (a few responses over a
 * millisecond or two would be drawn as a false spike of requests/s).
 * An engine restarted under the run starts over from its new counters.
 * Thread: GUI thread (EngineController's).
 */
class BenchEngineWatch final
{
public:
    // `pollIntervalMs`: how often sample() is called during a run.
    BenchEngineWatch(EngineController &engine, int pollIntervalMs);

    // The run's URL is this window's engine: http, its port, an address it listens on.
    bool targets(const model::BenchParameters &run) const;
    // Before the first request: the engine's counters and the run's clock.
    void start();
    // The run's samples since the last call (their last p50 is the client's
    // latest); `last`: the run has ended. The point that is due, if any.
    std::optional<BenchCharts::EnginePoint> sample(const QList<model::BenchSample> &samples, bool last);
    // The last point had responses (else its service times say nothing).
    bool lastServed() const { return m_served; }
    // The client's p50 of the latest interval (ms).
    double clientP50Ms() const { return m_clientP50Ms; }
    // The engine's service time p50 and p99 (ms) of the responses since
    // start(); nullopt when the engine is not running.
    std::optional<QPair<double, double>> wholeRun() const;
    // Of a run against a proxied site: the upstream's mean time per proxied response (ms)
    // since start() and how many there were; nullopt when the engine is not running or
    // proxied none.
    std::optional<model::MetricsSnapshot::UpstreamShare> upstreamWholeRun() const;

private:
    EngineController &m_engine;
    int m_pollIntervalMs;
    QElapsedTimer m_runClock; // started with the generator: the engine's side on the run's time axis
    model::MetricsSnapshot m_atStart;
    model::MetricsSnapshot m_before; // the previous point's
    qint64 m_beforeMs = 0;
    model::MetricsSnapshot m_earlier; // the point's before the previous, for a short last one
    qint64 m_earlierMs = 0;
    double m_clientP50Ms = 0; // the latest interval's
    bool m_served = false;
};

} // namespace hostbench::ui
