#pragma once

#include "RateSchedule.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace hostbench::bench {

/*
 * The open model's schedule while a run goes (RateSchedule): the one of
 * the parameters, replaced whole when the run is paused, resumed or given a
 * new rate (k6's pause, resume and scale). Times are seconds since the
 * run's start (the warm-up's start), as RateSchedule's.
 *
 * Thread: current() from any thread without a lock (an atomic pointer to an
 * immutable schedule; each one is kept until this object goes, so a
 * reference once read stays valid for the run); pause(), resume() and
 * setRate() from any thread, serialised by a mutex that only they take.
 */
class RateControl final
{
public:
    RateControl() { m_current.store(&m_first, std::memory_order_release); }
    RateControl(const RateControl &) = delete;
    RateControl &operator=(const RateControl &) = delete;

    // Before the generator threads start: the parameters' schedule, from `startAt` (the run's start).
    void reset(RateSchedule first, Clock::time_point startAt)
    {
        m_first = std::move(first);
        m_startAt = startAt;
        m_current.store(&m_first, std::memory_order_release);
    }
    const RateSchedule &current() const { return *m_current.load(std::memory_order_acquire); }

    // Each changes the schedule from now on: true when it changed (a new
    // epoch), false for a pause of a paused run and a resume of a running
    // one. *at (may be null): now, in seconds since the run's start.
    bool pause(double *at = nullptr)
    {
        return change(at, [](const RateSchedule &s, double t) { return s.pausedAt(t); });
    }
    bool resume(double *at = nullptr)
    {
        return change(at, [](const RateSchedule &s, double t) { return s.resumedAt(t); });
    }
    // `rate` requests/s (above 0) from now on.
    bool setRate(double rate, double *at = nullptr)
    {
        return change(at, [rate](const RateSchedule &s, double t) { return s.withRate(t, rate); });
    }

private:
    template <typename Make> bool change(double *at, Make make)
    {
        std::lock_guard lock(m_mutex);
        // Read under the lock: each change comes at or after the one before.
        const double now = std::max(0.0, std::chrono::duration<double>(Clock::now() - m_startAt).count());
        if (at)
            *at = now;
        const RateSchedule &current = this->current();
        auto next = std::make_unique<RateSchedule>(make(current, now));
        if (next->epoch() == current.epoch())
            return false;
        m_current.store(next.get(), std::memory_order_release);
        m_versions.push_back(std::move(next));
        return true;
    }

    RateSchedule m_first;
    Clock::time_point m_startAt;
    std::mutex m_mutex; // pause(), resume() and setRate() only
    std::vector<std::unique_ptr<RateSchedule>> m_versions; // under m_mutex; read through m_current
    std::atomic<const RateSchedule *> m_current { nullptr };
};

} // namespace hostbench::bench
