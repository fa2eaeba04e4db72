#include "runs/CapacityRun.h"

#include "bench/LoadGenerator.h"
#include "model/BenchInput.h"
#include "storage/Database.h"

#include <QDateTime>

#include <algorithm>

namespace hostbench::runs {

using namespace Qt::StringLiterals;

CapacityRun::CapacityRun(storage::Database *database)
    : m_database(database)
    , m_generator(std::make_unique<bench::LoadGenerator>())
{ }

CapacityRun::~CapacityRun()
{
    m_generator->stop();
    m_generator->wait();
}

RecordedRun::Start CapacityRun::start(const model::BenchParameters &parameters, QString *error)
{
    m_parameters = parameters;
    for (const QString &text : parameters.findCapacity.slo) {
        QString ignored;
        if (const std::optional<model::Threshold> slo = model::CapacitySearch::parseSlo(text, &ignored))
            m_slos.append(*slo);
    }
    m_result.slo = parameters.findCapacity.slo;
    m_search.emplace(parameters.rate, parameters.findCapacity.precision, model::BenchInput::kMaxRate);
    if (m_database) {
        m_runId = m_database->beginRun(parameters, QDateTime::currentMSecsSinceEpoch() + parameters.warmupMs);
        if (m_runId == 0) {
            *error = m_database->lastError();
            return RecordedRun::Start::NotStored;
        }
    }
    if (!startStep(parameters.rate, error)) {
        if (m_runId != 0)
            m_database->removeRun(m_runId);
        m_runId = 0;
        return RecordedRun::Start::NotStarted;
    }
    m_finished = false;
    return RecordedRun::Start::Started;
}

bool CapacityRun::startStep(double rate, QString *error)
{
    model::BenchParameters step = m_parameters;
    step.rate = rate;
    step.requests = 0;
    step.durationMs = m_parameters.findCapacity.stepMs;
    step.stages.clear();
    step.thresholds.clear();
    step.abortOnFail = false;
    step.findCapacity = {};
    m_stepRate = rate;
    m_stepping = m_generator->start(step, error);
    return m_stepping;
}

void CapacityRun::poll()
{
    if (m_finished)
        return;
    QList<model::BenchSample> fresh = m_generator->takeSamples();
    for (model::BenchSample &sample : fresh) {
        sample.index += m_indexOffset;
        sample.elapsedMs += m_elapsedOffsetMs;
    }
    if (m_runId != 0 && !fresh.isEmpty() && m_samplesStored) {
        m_samplesStored = m_database->appendSamples(m_runId, fresh);
        if (!m_samplesStored)
            m_sampleError = m_database->lastError();
    }
    m_samples += fresh;
    if (m_stepping && m_generator->isFinished())
        endStep();
}

void CapacityRun::endStep()
{
    m_generator->wait();
    m_stepping = false;
    m_error = m_generator->error();
    if (!m_error.isEmpty()) {
        m_finished = true;
        return;
    }
    // The step's last intervals, then the next step's samples go on after its own.
    poll();
    const model::RunSummary summary = m_generator->summary();
    if (summary.interrupted || m_stopped) {
        // stop(): the step under way is not judged; the search ends with what it has.
        if (m_result.steps.isEmpty()) {
            m_summary = summary;
            m_histogram = m_generator->histogram();
        }
        m_summary.interrupted = true;
        m_finished = true;
        return;
    }
    const model::CapacityStep step
        = model::CapacitySearch::judge(m_stepRate, m_slos, summary, m_generator->histogram());
    m_result.steps.append(step);
    m_fresh.append(step);
    if (m_result.steps.size() == 1 || step.passed) {
        // Rates only grow while steps pass: the last passing step is the capacity's.
        if (!step.passed || step.rate >= m_result.capacity) {
            m_summary = summary;
            m_histogram = m_generator->histogram();
        }
    }
    m_search->record(step.passed);
    m_result.capacity = m_search->capacity();
    const qint64 stepMs = m_parameters.findCapacity.stepMs;
    m_indexOffset = m_samples.isEmpty() ? 0 : m_samples.last().index + 1;
    m_elapsedOffsetMs
        = std::max(m_elapsedOffsetMs + stepMs, m_samples.isEmpty() ? 0 : m_samples.last().elapsedMs);
    const std::optional<double> next = m_search->nextRate();
    if (!next) {
        m_finished = true;
        return;
    }
    if (!startStep(*next, &m_error))
        m_finished = true;
}

QList<model::CapacityStep> CapacityRun::takeSteps()
{
    return std::exchange(m_fresh, {});
}

QList<model::BenchSample> CapacityRun::takeSamples()
{
    const QList<model::BenchSample> fresh = m_samples.mid(m_samplesTaken);
    m_samplesTaken = m_samples.size();
    return fresh;
}

bool CapacityRun::isFinished() const
{
    return m_finished;
}

void CapacityRun::stop()
{
    m_stopped = true;
    m_generator->stop();
}

qint64 CapacityRun::runId() const
{
    return m_runId;
}

RecordedRun::Result CapacityRun::finish()
{
    m_generator->wait();
    RecordedRun::Result result;
    result.error = m_error;
    if (!result.error.isEmpty()) {
        if (m_runId != 0)
            m_database->removeRun(m_runId);
        m_runId = 0;
    }
    m_summary.capacity = m_result;
    if (m_result.capacity > 0)
        m_summary.rate = m_result.capacity;
    result.summary = m_summary;
    result.samples = m_samples;
    result.histogram = m_histogram;
    if (m_runId != 0) {
        if (!m_samplesStored)
            result.storeError = m_sampleError;
        else if (!m_database->finishRun(m_runId, result.summary, &result.histogram))
            result.storeError = m_database->lastError();
        else
            result.runId = m_runId;
    }
    return result;
}

} // namespace hostbench::runs
