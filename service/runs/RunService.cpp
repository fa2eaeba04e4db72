#include "runs/RunService.h"

#include "bench/JsonReport.h"
#include "control/RunRequestJson.h"
#include "runs/BaselineCheck.h"
#include "runs/CapacityRun.h"
#include "runs/RecordedRun.h"
#include "storage/Database.h"
#include "storage/RunWriter.h"

namespace hostbench::runs {

using namespace Qt::StringLiterals;
using Removal = control::ControlApi::Runs::Removal;

RunService::RunService(storage::Database &database, QObject *parent)
    : QObject(parent)
    , m_database(database)
{
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &RunService::poll);
}

RunService::~RunService()
{
    blockSignals(true); // no runsChanged() from a service being destroyed (its receivers may be going too)
    for (auto &[id, run] : m_running) {
        run.stop();
        finish(id, run);
    }
}

void RunService::Running::poll()
{
    if (recorded)
        recorded->poll();
    else
        capacity->poll();
}

bool RunService::Running::isFinished() const
{
    return recorded ? recorded->isFinished() : capacity->isFinished();
}

void RunService::Running::stop()
{
    if (recorded)
        recorded->stop();
    else
        capacity->stop();
}

control::ControlApi::Runs RunService::callbacks()
{
    return { [this](const model::BenchParameters &parameters, QString *error, QString *field) {
                return start(parameters, error, field);
            },
        [this] { return list(); }, [this](qint64 id) { return show(id); },
        [this](qint64 id, QString *error) { return remove(id, error); },
        [this](qint64 id, bool set, QString *error) { return baseline(id, set, error); },
        [this](qint64 id, const model::RunChange &change, QJsonObject *answer, QString *error) {
            return this->change(id, change, answer, error);
        } };
}

qint64 RunService::start(const model::BenchParameters &wanted, QString *error, QString *field)
{
    // The baseline before the first request, as bench reads it: without one the run is for nothing.
    model::BenchParameters parameters = wanted;
    if (BaselineCheck::needed(parameters, parameters.compareBaseline)) {
        BaselineCheck baseline;
        QString why;
        if (!baseline.load(m_database, parameters, &why)) {
            *field = BaselineCheck::faultyMember(parameters);
            *error = u"%1 needs the baseline of the run's target: %2"_s.arg(*field, why);
            return 0;
        }
        parameters.baselineRunId = baseline.baselineRunId();
    }
    // Stored before the first request, as bench does: a run killed midway stays as broken off.
    Running run;
    qint64 id = 0;
    if (parameters.isCapacitySearch()) {
        // "find_capacity": the search's steps, stored as one run on this thread (no writer).
        run.capacity = std::make_unique<CapacityRun>(&m_database);
        if (run.capacity->start(parameters, error) != RecordedRun::Start::Started)
            return 0;
        id = run.capacity->runId();
    } else {
        run.recorded = std::make_unique<RecordedRun>(&m_database, writer());
        if (run.recorded->start(parameters, error) != RecordedRun::Start::Started)
            return 0;
        id = run.recorded->runId();
    }
    m_running.emplace(id, std::move(run));
    m_timer.start();
    emit runsChanged();
    return id;
}

storage::RunWriter *RunService::writer()
{
    if (!m_writerTried && !m_database.filePath().isEmpty()) {
        m_writerTried = true;
        auto writer = std::make_unique<storage::RunWriter>();
        QString error;
        if (writer->open(m_database.filePath(), &error)) {
            connect(writer.get(), &storage::RunWriter::stored, this, [this](qint64 id, const QString &) {
                if (m_storing.remove(id) > 0)
                    emit runsChanged();
            });
            m_writer = std::move(writer);
        }
    }
    return m_writer.get();
}

void RunService::finish(qint64 id, Running &run)
{
    // As bench: a run whose generator failed says little; nothing is kept of it.
    const RecordedRun::Result result = run.recorded ? run.recorded->finish() : run.capacity->finish();
    if (!result.error.isEmpty())
        m_failed.insert(id, result.error);
    else if (result.storePending)
        m_storing.insert(id, run.stopping); // runsChanged() once the writer has stored the end
    emit runEnded(id, result);
    if (!result.storePending)
        emit runsChanged();
}

void RunService::poll()
{
    for (auto it = m_running.begin(); it != m_running.end();) {
        it->second.poll();
        if (!it->second.isFinished()) {
            ++it;
            continue;
        }
        finish(it->first, it->second);
        it = m_running.erase(it);
    }
    if (m_running.empty())
        m_timer.stop();
}

QString RunService::state(qint64 id, bool storedFinished, const model::RunSummary &summary) const
{
    if (const auto it = m_running.find(id); it != m_running.end())
        return it->second.stopping ? u"stopping"_s : u"running"_s;
    if (const auto it = m_storing.constFind(id); it != m_storing.cend())
        return it.value() ? u"stopping"_s : u"running"_s;
    if (!storedFinished)
        return u"broken off"_s;
    if (!summary.abortedBy.isEmpty())
        return u"aborted"_s;
    return summary.interrupted ? u"interrupted"_s : u"finished"_s;
}

QJsonArray RunService::list()
{
    QJsonArray array;
    for (const storage::StoredRun &run : m_database.runs()) {
        array.append(QJsonObject { { u"id"_s, run.id },
            { u"state"_s, state(run.id, run.finished, run.summary) }, { u"started_at_ms"_s, run.startedAtMs },
            { u"url"_s, run.parameters.url }, { u"location"_s, u"/api/runs/%1"_s.arg(run.id) } });
    }
    for (auto it = m_failed.cbegin(); it != m_failed.cend(); ++it)
        array.append(
            QJsonObject { { u"id"_s, it.key() }, { u"state"_s, u"failed"_s }, { u"error"_s, it.value() } });
    return array;
}

std::optional<QJsonObject> RunService::show(qint64 id)
{
    if (m_failed.contains(id))
        return QJsonObject { { u"id"_s, id }, { u"state"_s, u"failed"_s },
            { u"error"_s, m_failed.value(id) } };
    // The samples so far: a running run's are stored every kPollMs.
    if (const auto it = m_running.find(id); it != m_running.end())
        it->second.poll();
    const std::optional<storage::StoredRun> run = m_database.run(id);
    if (!run)
        return std::nullopt;
    const QList<model::BenchSample> stored = m_database.samples(id);
    QJsonArray samples;
    for (const model::BenchSample &sample : stored)
        samples.append(bench::JsonReport::sampleToJson(sample));
    QJsonObject object { { u"id"_s, id }, { u"state"_s, state(id, run->finished, run->summary) },
        { u"started_at_ms"_s, run->startedAtMs }, { u"baseline"_s, run->baseline },
        { u"parameters"_s, control::RunRequestJson::toJson(run->parameters) }, { u"samples"_s, samples } };
    const QJsonObject live = liveState(id);
    for (auto it = live.begin(); it != live.end(); ++it)
        object.insert(it.key(), it.value());
    if (run->finished) {
        // bench --json's figures; the samples are above.
        const model::LatencyHistogram histogram
            = m_database.histogram(id).value_or(model::LatencyHistogram());
        QJsonObject summary = bench::JsonReport::toJson(run->summary, histogram, {});
        summary.remove(u"samples"_s);
        object.insert(u"summary"_s, summary);
        // The thresholds (against the baseline it ran with) and the verdict.
        const QJsonObject verdicts = BaselineCheck::storedVerdicts(m_database, *run, { stored, histogram });
        for (auto it = verdicts.begin(); it != verdicts.end(); ++it)
            object.insert(it.key(), it.value());
    }
    return object;
}

control::ControlApi::Runs::Marking RunService::baseline(qint64 id, bool set, QString *error)
{
    using Marking = control::ControlApi::Runs::Marking;
    if (m_failed.contains(id) || (!m_running.contains(id) && !m_storing.contains(id) && !m_database.run(id)))
        return Marking::NotFound;
    if (set && (m_running.contains(id) || m_storing.contains(id))) {
        *error = u"Run %1 is still running: a baseline is a finished run"_s.arg(id);
        return Marking::Refused;
    }
    qint64 cleared = 0;
    if (!(set ? m_database.setBaseline(id) : m_database.clearBaseline(id, &cleared))) {
        *error = m_database.lastError();
        return Marking::Refused;
    }
    emit runsChanged();
    return Marking::Done;
}

Removal RunService::remove(qint64 id, QString *error)
{
    if (const auto it = m_running.find(id); it != m_running.end()) {
        // It ends at the next poll and is stored as interrupted, as a bench stopped by SIGINT.
        it->second.stopping = true;
        it->second.stop();
        return Removal::Stopping;
    }
    if (m_storing.contains(id))
        return Removal::Stopping; // its end is being written
    if (m_failed.remove(id) > 0)
        return Removal::Removed;
    if (!m_database.run(id))
        return Removal::NotFound;
    if (!m_database.removeRun(id)) {
        *error = m_database.lastError();
        return Removal::Failed;
    }
    emit runsChanged();
    return Removal::Removed;
}

} // namespace hostbench::runs
