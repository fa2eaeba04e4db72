#pragma once

#include "WorkerConnection.h"
#include "model/BenchParameters.h"

#include <QtGlobal>

#include <cmath>
#include <limits>
#include <optional>
#include <utility>
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
 *
 * A run paused, resumed or given a new rate (k6's pause, resume and scale;
 * RateControl) gets a new schedule from pausedAt(), resumedAt() or
 * withRate(): the same up to the change's time T, so that every send time
 * before T stays as it was, and from T on: r = 0 while paused (no request
 * is intended; N stays at N(T)); after a resume the plan as it stands at
 * that time on its own clock (a constant rate goes on as it was; stages
 * ramp on from where their clock is: the part of the plan the pause covered
 * is left out, none of it is sent late); after a new rate that rate for
 * ever, in place of what was left of the plan (stages included). A request
 * intended before a pause began and not yet sent when it began is not sent
 * after it (firstAfterPause()): its latency would count the pause.
 * Each schedule carries an epoch, one more than the schedule it was made from.
 *
 * Immutable once made: any thread.
 */
class RateSchedule final
{
public:
    RateSchedule() = default;
    explicit RateSchedule(const model::BenchParameters &parameters);

    bool isEmpty() const { return m_segments.empty() && m_plan.empty(); } // the closed model
    // When request `k` is intended (from `startAt`), or nullopt when the plan
    // has ended before it (or is paused before it). `hint` (start at 0) is
    // the caller's cursor: the segment of its last k, so that a growing k
    // costs no search; any value is safe with any schedule.
    std::optional<Clock::time_point> intended(quint64 k, Clock::time_point startAt, size_t *hint) const;
    // How many of the requests first, first + step, first + 2 step, ... are
    // intended from `from` to `to` (seconds since the start, both included).
    quint64 countBetween(quint64 first, quint64 step, double from, double to) const;
    // N(t): the requests intended up to `seconds` since the start.
    double requestsUpTo(double seconds) const;
    // r(t): the planned rate (requests/s) at `seconds` since the start; 0 while paused and past the plan's
    // end.
    double rateAt(double seconds) const;

    // Which change made it: 0 for the schedule of the parameters.
    quint64 epoch() const { return m_epoch; }
    bool isPaused() const { return !m_pauses.empty() && m_pauses.back().second == kForever; }
    // The seconds from `from` to `to` (since the start) during which the run was paused.
    double pausedSeconds(double from, double to) const;
    // The first request intended after the last pause began (0 without a
    // pause): those before it that were not sent by then are not sent.
    quint64 firstAfterPause() const { return m_firstAfterPause; }
    // When the last pause began (seconds since the start); minus infinity without one.
    double lastPauseBegin() const { return m_pauses.empty() ? -kForever : m_pauses.back().first; }

    // The schedule after a change at `at` seconds since the start (at or
    // after every change before it). pausedAt() of a paused schedule and
    // resumedAt() of a running one are the schedule itself, epoch and all.
    RateSchedule pausedAt(double at) const;
    RateSchedule resumedAt(double at) const;
    // `rate` requests/s from `at` on (above 0); while paused, from the resume on.
    RateSchedule withRate(double at, double rate) const;

private:
    static constexpr double kForever = std::numeric_limits<double>::infinity();
    struct Segment
    {
        double start = 0; // seconds since the start
        double length = 0; // seconds; infinity for the last segment of a constant rate, or of a pause
        double from = 0; // requests/s at its start
        double to = 0; // requests/s at its end
        double before = 0; // N(start)
        double count = 0; // requests intended in it (infinity for a constant rate for ever)

        double end() const { return start + length; }
        double slope() const { return std::isinf(length) ? 0.0 : (to - from) / length; }
        double rateAt(double seconds) const { return from + slope() * (seconds - start); }
    };
    double secondsOf(double k, size_t *hint) const; // infinity past the end
    static void add(std::vector<Segment> *segments, double *total, double length, double from, double to);
    void add(double length, double from, double to) { add(&m_segments, &m_total, length, from, to); }
    // The segments of `source` from `from` seconds on (clipped), appended to this schedule's.
    void append(const std::vector<Segment> &source, double from);
    // This schedule up to `at` (its last segment clipped there), the next epoch; m_plan too.
    RateSchedule cutAt(double at) const;

    std::vector<Segment> m_segments; // what is intended: the plan with the pauses at rate 0
    double m_total = 0; // requests in all (infinity for a constant rate)
    // The plan as it would run unpaused, on the run's clock (the parameters'
    // shape, a new rate from its change on); before/count unused.
    std::vector<Segment> m_plan;
    std::vector<std::pair<double, double>> m_pauses; // [begin, end) seconds; end kForever while paused
    quint64 m_firstAfterPause = 0;
    quint64 m_epoch = 0;
};

} // namespace hostbench::bench
