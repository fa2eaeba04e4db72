// RunService's changes to a running open-model run (PATCH /api/runs/{id}:
// pause, resume, a new rate) and a capacity search's progress for the
// window; RunService.h says what they answer.
#include "runs/CapacityRun.h"
#include "runs/RecordedRun.h"
#include "runs/RunService.h"
#include "storage/Database.h"

using namespace Qt::StringLiterals;

namespace hostbench::runs {

QJsonObject RunService::liveState(qint64 id) const
{
    const auto it = m_running.find(id);
    if (it == m_running.end() || !it->second.recorded || it->second.recorded->plannedRate() < 0)
        return {};
    const RecordedRun &run = *it->second.recorded;
    return { { u"paused"_s, run.isPaused() }, { u"planned_rate"_s, run.plannedRate() } };
}

control::ControlApi::Runs::Changing RunService::change(
    qint64 id, const model::RunChange &change, QJsonObject *answer, QString *error)
{
    using Changing = control::ControlApi::Runs::Changing;
    const auto it = m_running.find(id);
    if (it == m_running.end()) {
        if (!m_storing.contains(id) && !m_failed.contains(id) && !m_database.run(id))
            return Changing::NotFound;
        *error = u"Run %1 has ended: only a running run can be paused, resumed or given a rate"_s.arg(id);
        return Changing::Refused;
    }
    if (it->second.capacity) {
        *error = u"Run %1 is a capacity search: it sets each step's rate itself"_s.arg(id);
        return Changing::Refused;
    }
    if (it->second.stopping || !it->second.recorded->change(change, error)) {
        if (it->second.stopping)
            *error = u"Run %1 is stopping"_s.arg(id);
        return Changing::Refused;
    }
    *answer = QJsonObject { { u"id"_s, id }, { u"state"_s, state(id, false, {}) } };
    const QJsonObject live = liveState(id);
    for (auto entry = live.begin(); entry != live.end(); ++entry)
        answer->insert(entry.key(), entry.value());
    return Changing::Done;
}

std::optional<RunService::CapacityProgress> RunService::takeCapacityProgress(qint64 id)
{
    const auto it = m_running.find(id);
    if (it == m_running.end() || !it->second.capacity)
        return std::nullopt;
    CapacityRun &search = *it->second.capacity;
    return CapacityProgress { search.takeSteps(), search.takeSamples(), search.stepRate() };
}

} // namespace hostbench::runs
