#include "runs/RecordedRun.h"

#include "bench/LoadGenerator.h"
#include "storage/Database.h"
#include "storage/RunWriter.h"
#include "tls/LocalCa.h"

#include <QDateTime>
#include <QFileInfo>

namespace hostbench::runs {

using namespace Qt::StringLiterals;

RecordedRun::RecordedRun(storage::Database *database, storage::RunWriter *writer)
    : m_database(database)
    , m_writer(database ? writer : nullptr)
    , m_generator(std::make_unique<bench::LoadGenerator>())
{ }

RecordedRun::~RecordedRun()
{
    m_generator->stop();
    m_generator->wait();
}

RecordedRun::Start RecordedRun::start(const model::BenchParameters &parameters, QString *error)
{
    if (m_database) {
        m_runId = m_database->beginRun(parameters, QDateTime::currentMSecsSinceEpoch() + parameters.warmupMs);
        if (m_runId == 0) {
            *error = m_database->lastError();
            return Start::NotStored;
        }
    }
    model::BenchParameters run = parameters;
    if (run.tlsRoots.isEmpty() && m_database && !m_database->filePath().isEmpty()) {
        // https://: the local CA of the data folder the run is stored in is trusted too.
        run.tlsRoots.append(
            tls::LocalCa::folderIn(QFileInfo(m_database->filePath()).absolutePath()) + u"/rootCA.pem"_s);
    }
    if (!m_generator->start(run, error)) {
        if (m_runId != 0)
            m_database->removeRun(m_runId);
        m_runId = 0;
        return Start::NotStarted;
    }
    return Start::Started;
}

QList<model::BenchSample> RecordedRun::poll()
{
    QList<model::BenchSample> fresh = m_generator->takeSamples();
    if (m_runId != 0 && !fresh.isEmpty() && m_writer) {
        m_writer->appendSamples(m_runId, fresh);
    } else if (m_runId != 0 && !fresh.isEmpty() && m_samplesStored) {
        m_samplesStored = m_database->appendSamples(m_runId, fresh);
        if (!m_samplesStored)
            m_sampleError = m_database->lastError();
    }
    return fresh;
}

bool RecordedRun::isFinished() const
{
    return m_generator->isFinished();
}

double RecordedRun::progress() const
{
    return m_generator->progress();
}

void RecordedRun::stop()
{
    m_generator->stop();
}

bool RecordedRun::change(const model::RunChange &change, QString *error)
{
    if (change.rate && !m_generator->setRate(*change.rate, error))
        return false;
    if (change.paused)
        return *change.paused ? m_generator->pause(error) : m_generator->resume(error);
    return true;
}

bool RecordedRun::isPaused() const
{
    return m_generator->isPaused();
}

double RecordedRun::plannedRate() const
{
    return m_generator->plannedRate();
}

qint64 RecordedRun::runId() const
{
    return m_runId;
}

RecordedRun::Result RecordedRun::finish()
{
    // Finished: the threads have ended or are ending, so this returns at once.
    m_generator->wait();
    Result result;
    result.error = m_generator->error();
    if (!result.error.isEmpty()) {
        if (m_runId != 0 && m_writer)
            m_writer->removeRun(m_runId);
        else if (m_runId != 0)
            m_database->removeRun(m_runId);
        m_runId = 0;
    } else {
        poll(); // the last interval
    }
    result.summary = m_generator->summary();
    result.samples = m_generator->allSamples();
    result.histogram = m_generator->histogram();
    if (m_runId != 0 && m_writer) {
        m_writer->finishRun(m_runId, result.summary, result.histogram);
        result.runId = m_runId;
        result.storePending = true;
    } else if (m_runId != 0) {
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
