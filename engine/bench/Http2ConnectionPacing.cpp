// Http2Connection's pacing in the open model: the send times queued from
// the run's schedule of now, read again when it changes (a pause, a resume,
// a new rate: RateControl), and those a pause overtook dropped.
// Http2Connection.h says what it does.
#include "Http2Connection.h"

#include "BenchWorker.h"

namespace hostbench::bench {

void Http2Connection::planNext()
{
    const RateSchedule &schedule = m_run.schedule();
    m_worker.recordNotSent(m_run.skipPaused(schedule, &m_nextIndex));
    m_nextIntended = schedule.intended(m_nextIndex, m_run.startAt, &m_scheduleHint);
    m_scheduleEpoch = schedule.epoch();
}

void Http2Connection::armPacer()
{
    if (!m_nextIntended)
        return; // paused, or the stages have ended: nothing to send until the schedule changes (replan())
    m_pacer->expires_at(*m_nextIntended);
    m_pacer->async_wait([this](const boost::system::error_code &ec) {
        if (ec || m_stopped || m_outOfTickets)
            return;
        const RateSchedule &schedule = m_run.schedule();
        if (schedule.epoch() != m_scheduleEpoch) {
            // Paused or given a new rate since (replan() is on its way): planned again.
            planNext();
            armPacer();
            return;
        }
        // Every send time passed, also those a late wake-up skipped.
        const Clock::time_point now = Clock::now();
        while (m_nextIntended && *m_nextIntended <= now) {
            m_due.push_back(*m_nextIntended);
            m_nextIndex += quint64(m_run.totalConnections);
            m_nextIntended = schedule.intended(m_nextIndex, m_run.startAt, &m_scheduleHint);
        }
        armPacer();
        dispatch();
    });
}

void Http2Connection::replan()
{
    if (!m_pacer || m_stopped || m_outOfTickets || m_run.schedule().epoch() == m_scheduleEpoch)
        return;
    m_pacer->cancel(); // its handler sees operation_aborted
    planNext();
    armPacer();
    dispatch(); // due times a pause overtook leave the queue
}

void Http2Connection::dropPaused()
{
    const RateSchedule &schedule = m_run.schedule();
    while (!m_due.empty() && m_run.overtakenByPause(schedule, m_due.front())) {
        // Due before a pause began and not sent by then: its latency would count the pause.
        if (!m_run.countMode && m_due.front() >= m_run.measureAt)
            m_worker.recordNotSent(1);
        m_due.pop_front();
    }
}

} // namespace hostbench::bench
