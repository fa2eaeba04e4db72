#pragma once

#include "WorkerConnection.h"
#include "model/BenchParameters.h"

#include <QtGlobal>

#include <optional>
#include <vector>

namespace hostbench::bench {

/*
 * The open model's send times for the whole run (wrk2's, and k6's
 * ramping-arrival-rate with stages). The planned rate r(t) is piecewise
 * linear in the time t since the run's start (the warm-up's start): the
 * constant --rate for ever, or with stages the warm-up at --rate, then each
 * stage's ramp, then nothing. Request k (0, 1, 2, ... over the whole run)
 * is intended at t_k, the time at which N(t), the integral of r from 0, reaches k:
 * t_0 = 0, and at a constant rate t_k = k / rate. Connection i of C sends
 * requests i, i + C, i + 2C, ...: the connections together send at r(t),
 * each request's latency counting from its t_k (coordinated-omission
 * correction that follows the ramp).
 * Fixed before the generator threads start, then read-only; any thread.
 */
class RateSchedule final
{
public:
    RateSchedule() = default;
    explicit RateSchedule(const model::BenchParameters &parameters);

    bool isEmpty() const { return m_segments.empty(); } // the closed model
    // When request `k` is intended (from `startAt`), or nullopt when the plan
    // has ended before it. `hint` (start at 0) is the caller's cursor: the
    // segment of its last k, so that a growing k costs no search.
    std::optional<Clock::time_point> intended(quint64 k, Clock::time_point startAt, size_t *hint) const;
    // How many of the requests first, first + step, first + 2 step, ... are
    // intended from `from` to `to` (seconds since the start, both included).
    quint64 countBetween(quint64 first, quint64 step, double from, double to) const;
    // N(t): the requests intended up to `seconds` since the start.
    double requestsUpTo(double seconds) const;

private:
    struct Segment
    {
        double start = 0; // seconds since the start
        double length = 0; // seconds; infinity for a constant rate's only segment
        double from = 0; // requests/s at its start
        double to = 0; // requests/s at its end
        double before = 0; // N(start)
        double count = 0; // requests intended in it (infinity for a constant rate)
    };
    double secondsOf(double k, size_t *hint) const; // infinity past the end
    void add(double length, double from, double to);

    std::vector<Segment> m_segments;
    double m_total = 0; // requests in all (infinity for a constant rate)
};

} // namespace hostbench::bench
