#pragma once

#include "control/ControlAnswer.h"
#include "control/ControlApi.h"

#include <optional>

namespace hostbench::control {

/*
 * The work of the control API's run routes (ControlApi's header gives their
 * statuses): POST /api/runs (RunRequestJson; 202 with Location
 * /api/runs/{id}), GET /api/runs, GET, PATCH and DELETE /api/runs/{id}, on the
 * callbacks of ControlApi::setRuns(). ControlApi checks the token first.
 * Errors: RFC 9457 problems; parameters refused by name (400 or 422), a run
 * the generator refused 422, an unknown id 404.
 * Thread: ControlApi's, which calls the callbacks on it.
 */
class ControlRuns final
{
public:
    void setRuns(ControlApi::Runs runs) { m_runs = std::move(runs); }

    // 409 while this instance takes no runs (the window runs them), else nullopt.
    std::optional<ControlAnswer> refuseWithoutRuns() const;

    ControlAnswer start(const ControlRequest &request) const;
    ControlAnswer list() const;
    ControlAnswer show(const QString &id) const;
    // Stops a running run (202) or removes a finished one (204).
    ControlAnswer remove(const QString &id) const;
    // PUT /api/runs/{id}/baseline (set) and DELETE (clear its target's):
    // 200 {"id", "baseline"}; 404 for no such run, 409 with the reason.
    ControlAnswer baseline(const QString &id, bool set) const;
    // PATCH /api/runs/{id}: {"paused": true|false} and/or {"rate": N} (a
    // number of requests per second above 0, at most 100000000). 200 with
    // the callback's answer; 400 for an unknown member or a wrong type, 422
    // for neither member, a bad rate or a run the callback refuses (closed
    // model, ended), 404 for no such run, 409 without the callback.
    ControlAnswer change(const QString &id, const ControlRequest &request) const;

private:
    ControlApi::Runs m_runs;
};

} // namespace hostbench::control
