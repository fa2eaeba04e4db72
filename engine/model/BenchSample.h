#pragma once

#include <QtGlobal>

namespace hostbench::model {

/*
 * One interval of a benchmark run (100 ms by default), merged over the
 * generator's threads. Feeds the live charts and is stored with the run.
 * Plain value; any thread.
 */
struct BenchSample
{
    int index = 0; // 0, 1, 2, ... from the run's start (after warm-up)
    qint64 elapsedMs = 0; // end of the interval, ms since the run's start
    qint64 intervalMs = 100; // length of the interval (ms)
    quint64 completed = 0; // requests answered in the interval
    quint64 failed = 0; // requests failed in the interval
    quint64 bytes = 0; // bytes received in the interval
    quint64 p50Us = 0; // latency percentiles of the interval (µs)
    quint64 p90Us = 0;
    quint64 p99Us = 0;
    quint64 maxUs = 0;
    int openConnections = 0; // at the end of the interval
    // The open model: the requests/s its schedule intended over the interval
    // (0 while paused, a step where the rate was changed); -1 for the closed model.
    double plannedRate = -1;
    qint64 pausedMs = 0; // the open model: how much of the interval the run was paused

    double requestsPerSecond() const { return intervalMs > 0 ? completed * 1000.0 / intervalMs : 0.0; }
};

} // namespace hostbench::model
