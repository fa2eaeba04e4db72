// BenchConnection's pacing in the open model: its next send time from the
// run's schedule of now, and again when that schedule changes (a pause, a
// resume, a new rate: RateControl). BenchConnection.h says what it does.
#include "BenchConnection.h"

#include "BenchWorker.h"

namespace hostbench::bench {

void BenchConnection::next()
{
    if (m_stopped)
        return;
    if (!m_pacer) {
        m_attempt.intended = Clock::now();
        begin();
        return;
    }
    const RateSchedule &schedule = m_run.schedule();
    m_worker.recordNotSent(m_run.skipPaused(schedule, &m_nextIndex));
    const std::optional<Clock::time_point> intended
        = schedule.intended(m_nextIndex, m_run.startAt, &m_scheduleHint);
    m_scheduleEpoch = schedule.epoch();
    // Paused, or the stages have ended: nothing to send until the schedule changes (replan()).
    m_waitingForPlan = !intended;
    if (!intended)
        return;
    m_attempt.intended = *intended;
    m_nextIndex += quint64(m_run.totalConnections);
    if (m_attempt.intended <= Clock::now()) {
        begin(); // behind schedule: send at once, the latency counts from the intended time
        return;
    }
    m_pacer->expires_at(m_attempt.intended);
    m_waitingForPacer = true;
    m_pacer->async_wait([this](const boost::system::error_code &ec) {
        if (ec || m_stopped)
            return; // cancelled by shutdown() or replan(), which have left the state as it is now
        m_waitingForPacer = false;
        if (m_run.schedule().epoch() != m_scheduleEpoch) {
            // The run was paused or given a new rate since (replan() is on its way): plan again.
            m_nextIndex -= quint64(m_run.totalConnections);
            next();
            return;
        }
        begin();
    });
}

void BenchConnection::replan()
{
    if (m_stopped || !m_pacer)
        return;
    if (m_waitingForPacer) {
        if (m_run.schedule().epoch() == m_scheduleEpoch)
            return;
        // The request the pacer waits for is planned again on the new schedule.
        m_waitingForPacer = false;
        m_pacer->cancel();
        m_nextIndex -= quint64(m_run.totalConnections);
        next();
    } else if (m_waitingForPlan) {
        next();
    }
    // Busy: next() plans the request after this one on the new schedule.
}

} // namespace hostbench::bench
