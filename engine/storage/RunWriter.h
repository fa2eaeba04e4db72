#pragma once

#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <mutex>
#include <thread>

namespace hostbench::storage {

class Database;

/*
 * Stores a run's samples and its end away from the caller's thread, as
 * qBittorrent's DBResumeDataStorage::Worker does: a thread of its own with
 * its own connection (Database) to the same SQLite file, fed by a queue.
 * WAL lets the caller's connection read meanwhile (the Runs page), and the
 * busy timeout orders the two connections' writes. The window stores its
 * runs through one, so that no commit, and no fdatasync, runs on the GUI
 * thread while a run goes on (issue #23: 35 commits in a 2 s run stalled the
 * window for up to 187 ms).
 *
 * Thread: created, called and destroyed on one thread, the owner (the GUI
 * thread); the writes run on its own thread, in the order they were given.
 * stored() is emitted on the owner's thread (queued).
 * Errors: open() returns false with the reason. A failed appendSamples() is
 * remembered and reported by stored() for that run, whose summary is then
 * not written (the run stays broken off, as RecordedRun does without a
 * writer); a failed finishRun() is reported by stored().
 */
class RunWriter final : public QObject
{
    Q_OBJECT

public:
    explicit RunWriter(QObject *parent = nullptr);
    ~RunWriter() override; // writes what is queued, then ends its thread

    // Starts the thread and opens `filePath` there; waits for that (once).
    // The file must exist (the caller's database): false, with the reason,
    // if it does not or is no Hostbench database.
    bool open(const QString &filePath, QString *error);
    bool isOpen() const { return m_thread.joinable(); }

    // Queued; they return at once. `runId` comes from Database::beginRun.
    void appendSamples(qint64 runId, const QList<model::BenchSample> &samples);
    void finishRun(qint64 runId, const model::RunSummary &summary, const model::LatencyHistogram &histogram);
    void removeRun(qint64 runId);

    // Blocks until the queue is written, or `timeoutMs` passes; true if written.
    // For tests and for shutting down; the window never calls it during a run.
    bool waitForIdle(int timeoutMs);

signals:
    // After finishRun(runId): `error` empty if the run is stored whole.
    void stored(qint64 runId, const QString &error);

private:
    using Job = std::function<void(Database &)>;
    void post(Job job);
    void run(const QString &filePath, std::promise<QString> *opened);

    // The writer thread's own: the first append error of each unfinished run.
    QHash<qint64, QString> m_sampleErrors;

    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_wake; // a job queued, or stopping
    std::condition_variable m_idle; // the queue ran empty
    std::deque<Job> m_jobs; // guarded by m_mutex
    bool m_busy = false; // a job is being written; guarded by m_mutex
    bool m_stopping = false; // guarded by m_mutex
};

} // namespace hostbench::storage
