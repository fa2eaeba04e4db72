#include "control/ControlRuns.h"

#include "control/RunRequestJson.h"
#include "model/BenchInput.h"

namespace hostbench::control {

using namespace Qt::StringLiterals;

std::optional<ControlAnswer> ControlRuns::refuseWithoutRuns() const
{
    if (m_runs.start)
        return std::nullopt;
    return ControlAnswer::problem(409,
        u"This instance does not run benchmarks through its control API (the window "
        "runs them from its Benchmark page)"_s);
}

ControlAnswer ControlRuns::start(const ControlRequest &request) const
{
    QJsonObject json;
    if (std::optional<ControlAnswer> refused = request.readObject(&json))
        return std::move(*refused);
    model::BenchParameters parameters;
    QString field;
    QString detail;
    int status = 400;
    if (!RunRequestJson::read(json, &parameters, &field, &detail, &status))
        return ControlAnswer::problem(status, detail, field);
    field.clear();
    const qint64 id = m_runs.start(parameters, &detail, &field);
    if (id == 0)
        return ControlAnswer::problem(422, u"The run did not start: "_s + detail, field);
    const QByteArray location = "/api/runs/"_ba + QByteArray::number(id);
    return ControlAnswer::json(QJsonObject { { u"id"_s, id }, { u"state"_s, u"running"_s },
                                   { u"location"_s, QString::fromLatin1(location) } },
        202)
        .withHeader("Location"_ba, location);
}

ControlAnswer ControlRuns::list() const
{
    return ControlAnswer::json(m_runs.list());
}

ControlAnswer ControlRuns::show(const QString &id) const
{
    bool ok = false;
    const qint64 number = id.toLongLong(&ok);
    const std::optional<QJsonObject> run = ok ? m_runs.show(number) : std::nullopt;
    if (!run)
        return ControlAnswer::problem(404, u"No run has the id \"%1\""_s.arg(id));
    return ControlAnswer::json(*run);
}

ControlAnswer ControlRuns::remove(const QString &id) const
{
    bool ok = false;
    const qint64 number = id.toLongLong(&ok);
    QString error;
    switch (ok ? m_runs.remove(number, &error) : ControlApi::Runs::Removal::NotFound) {
    case ControlApi::Runs::Removal::NotFound:
        return ControlAnswer::problem(404, u"No run has the id \"%1\""_s.arg(id));
    case ControlApi::Runs::Removal::Stopping:
        return ControlAnswer::json(QJsonObject { { u"id"_s, number }, { u"state"_s, u"stopping"_s } }, 202);
    case ControlApi::Runs::Removal::Removed:
        return ControlAnswer::empty(204);
    case ControlApi::Runs::Removal::Failed:
        break;
    }
    return ControlAnswer::problem(500, error);
}

ControlAnswer ControlRuns::baseline(const QString &id, bool set) const
{
    if (!m_runs.baseline)
        return ControlAnswer::problem(409, u"This instance keeps no baselines"_s);
    bool ok = false;
    const qint64 number = id.toLongLong(&ok);
    QString error;
    switch (ok ? m_runs.baseline(number, set, &error) : ControlApi::Runs::Marking::NotFound) {
    case ControlApi::Runs::Marking::NotFound:
        return ControlAnswer::problem(404, u"No run has the id \"%1\""_s.arg(id));
    case ControlApi::Runs::Marking::Refused:
        return ControlAnswer::problem(409, error);
    case ControlApi::Runs::Marking::Done:
        break;
    }
    return ControlAnswer::json(QJsonObject { { u"id"_s, number }, { u"baseline"_s, set } });
}

namespace {

// {"paused": bool, "rate": number} as a RunChange, or the problem with it.
std::optional<ControlAnswer> readChange(const QJsonObject &json, model::RunChange *change)
{
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (it.key() != u"paused"_s && it.key() != u"rate"_s)
            return ControlAnswer::problem(400,
                u"Unknown member \"%1\": a run is changed by \"paused\" (true or false) and \"rate\" "
                "(requests per second)"_s.arg(it.key()),
                it.key());
    }
    if (json.contains(u"paused"_s)) {
        if (!json[u"paused"_s].isBool())
            return ControlAnswer::problem(400, u"\"paused\" must be true or false"_s, u"paused"_s);
        change->paused = json[u"paused"_s].toBool();
    }
    if (json.contains(u"rate"_s)) {
        if (!json[u"rate"_s].isDouble())
            return ControlAnswer::problem(
                400, u"\"rate\" must be a number of requests per second"_s, u"rate"_s);
        const double rate = json[u"rate"_s].toDouble();
        if (!(rate > 0) || rate > model::BenchInput::kMaxRate)
            return ControlAnswer::problem(422,
                u"\"rate\" must be above 0 and at most %1 requests per second"_s.arg(
                    qint64(model::BenchInput::kMaxRate)),
                u"rate"_s);
        change->rate = rate;
    }
    if (change->isEmpty())
        return ControlAnswer::problem(
            422, u"Give \"paused\" (true or false), \"rate\" (requests per second) or both"_s);
    return std::nullopt;
}

} // namespace

ControlAnswer ControlRuns::change(const QString &id, const ControlRequest &request) const
{
    if (!m_runs.change)
        return ControlAnswer::problem(409, u"This instance does not change its runs while they go"_s);
    QJsonObject json;
    if (std::optional<ControlAnswer> refused = request.readObject(&json))
        return std::move(*refused);
    model::RunChange change;
    if (std::optional<ControlAnswer> refused = readChange(json, &change))
        return std::move(*refused);
    bool ok = false;
    const qint64 number = id.toLongLong(&ok);
    QJsonObject answer;
    QString error;
    switch (ok ? m_runs.change(number, change, &answer, &error) : ControlApi::Runs::Changing::NotFound) {
    case ControlApi::Runs::Changing::NotFound:
        return ControlAnswer::problem(404, u"No run has the id \"%1\""_s.arg(id));
    case ControlApi::Runs::Changing::Refused:
        return ControlAnswer::problem(422, error);
    case ControlApi::Runs::Changing::Done:
        break;
    }
    return ControlAnswer::json(answer);
}

} // namespace hostbench::control
