#pragma once

#include <chrono>

namespace hostbench::bench {

using Clock = std::chrono::steady_clock;

/*
 * What a BenchWorker asks of each of its connections, whatever the protocol:
 * BenchConnection (HTTP/1.1, one request at a time) or Http2Connection
 * (HTTP/2, several streams at a time). Called a few times per run, not per
 * request, so a virtual call costs nothing that matters.
 *
 * Thread: its worker's generator thread only.
 */
class WorkerConnection
{
public:
    virtual ~WorkerConnection() = default;

    // Sends the first request(s): at once (closed model) or at the pacer's times.
    virtual void start() = 0;
    // Fails what has waited longer than `timeout` for its answer.
    virtual void checkTimeout(Clock::time_point now, Clock::duration timeout) = 0;
    // Closes and sends nothing more; attempts under way are counted as
    // unfinished, and with a rate the send times due by `stoppedAt` as not sent.
    virtual void shutdown(Clock::time_point stoppedAt) = 0;
    // With a rate: the run's schedule changed (paused, resumed, a new rate;
    // RateControl): the send times not reached yet are read again from it.
    virtual void replan() = 0;
};

} // namespace hostbench::bench
