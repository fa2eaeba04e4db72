#include "storage/RunWriter.h"

#include "storage/Database.h"

#include <QFileInfo>
#include <QMetaObject>

#include <chrono>

namespace hostbench::storage {

RunWriter::RunWriter(QObject *parent)
    : QObject(parent)
{ }

RunWriter::~RunWriter()
{
    if (!m_thread.joinable())
        return;
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join(); // run() writes what is queued first
}

bool RunWriter::open(const QString &filePath, QString *error)
{
    if (m_thread.joinable())
        return true;
    // It writes to the caller's database: never a new one where that is not.
    if (!QFileInfo(filePath).isFile()) {
        *error = QStringLiteral("There is no database at %1").arg(filePath);
        return false;
    }
    std::promise<QString> opened;
    std::future<QString> result = opened.get_future();
    m_thread = std::thread([this, filePath, &opened] { run(filePath, &opened); });
    const QString failure = result.get();
    if (failure.isEmpty())
        return true;
    m_thread.join();
    *error = failure;
    return false;
}

void RunWriter::post(Job job)
{
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    m_wake.notify_one();
}

void RunWriter::appendSamples(qint64 runId, const QList<model::BenchSample> &samples)
{
    if (samples.isEmpty())
        return;
    post([this, runId, samples](Database &db) {
        // After a failure the run's samples have a gap: nothing more is
        // written, and finishRun reports the first error.
        if (m_sampleErrors.contains(runId))
            return;
        if (!db.appendSamples(runId, samples))
            m_sampleErrors.insert(runId, db.lastError());
    });
}

void RunWriter::finishRun(
    qint64 runId, const model::RunSummary &summary, const model::LatencyHistogram &histogram)
{
    post([this, runId, summary, histogram](Database &db) {
        QString error = m_sampleErrors.take(runId);
        if (error.isEmpty() && !db.finishRun(runId, summary, &histogram))
            error = db.lastError();
        // Emitted on the owner's thread, whatever the receivers' connection
        // (a QSignalSpy's is direct); dropped if the writer is gone by then.
        QMetaObject::invokeMethod(
            this, [this, runId, error] { emit stored(runId, error); }, Qt::QueuedConnection);
    });
}

void RunWriter::removeRun(qint64 runId)
{
    post([this, runId](Database &db) {
        m_sampleErrors.remove(runId);
        db.removeRun(runId);
    });
}

bool RunWriter::waitForIdle(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    return m_idle.wait_for(
        lock, std::chrono::milliseconds(timeoutMs), [this] { return m_jobs.empty() && !m_busy; });
}

void RunWriter::run(const QString &filePath, std::promise<QString> *opened)
{
    // Created, used and closed on this thread: a QSqlDatabase connection
    // belongs to the thread that opened it.
    Database db;
    if (!db.open(filePath)) {
        opened->set_value(
            db.lastError().isEmpty() ? QStringLiteral("cannot open ") + filePath : db.lastError());
        return;
    }
    opened->set_value({});
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
        if (m_jobs.empty())
            break; // stopping, and all is written
        Job job = std::move(m_jobs.front());
        m_jobs.pop_front();
        m_busy = true;
        lock.unlock();
        job(db);
        lock.lock();
        m_busy = false;
        if (m_jobs.empty())
            m_idle.notify_all();
    }
}

} // namespace hostbench::storage
