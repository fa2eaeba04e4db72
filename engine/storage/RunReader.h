#pragma once

#include "storage/Database.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QThread>

#include <functional>
#include <memory>

namespace hostbench::storage {

/*
 * Reads the run list away from the caller's thread, as RunWriter writes
 * and qBittorrent's DBResumeDataStorage::Worker does: a thread of its own
 * with its own connection (Database) to the same SQLite file. WAL lets it
 * read while the caller's connection writes. The Runs page reads its up to
 * 500 runs through one, so that the window never waits on that query
 * (issue #23).
 *
 * Thread: created, called and destroyed on one thread, the owner (the GUI
 * thread); the reads run on its own thread, in the order they were asked.
 * runsRead() is emitted on the owner's thread (queued).
 * Errors: open() returns false with the reason (no file there, or no
 * Hostbench database); a failed read gives runsRead() an empty list and
 * the database's error.
 */
class RunReader final : public QObject
{
    Q_OBJECT

public:
    explicit RunReader(QObject *parent = nullptr);
    ~RunReader() override; // ends the read in progress, closes the connection on its thread

    // Starts the thread and opens `filePath` there; waits for that (once).
    // The file must exist: false, with the reason, if it does not or is no
    // Hostbench database.
    bool open(const QString &filePath, QString *error);
    bool isOpen() const { return m_database != nullptr; }

    // Queued: returns at once the number that runsRead() will carry
    // (1, 2, ...). The newest `limit` runs, as Database::runs() gives them.
    quint64 readRuns(int limit);

    // Queued: runs `work` on the reader's thread with its connection, after
    // the reads asked before it, then `done` on the owner's thread (dropped
    // if the reader is gone by then). Not open: `done` alone, queued. What
    // `work` writes for `done` to read is `done`'s once `done` runs. For a
    // read of another kind than the run list (a baseline's samples, say).
    void perform(std::function<void(Database &)> work, std::function<void()> done);

signals:
    // After readRuns(): the runs, newest first; `error` empty if read whole.
    void runsRead(quint64 ticket, const QList<hostbench::storage::StoredRun> &runs, const QString &error);

private:
    QThread m_thread;
    QObject *m_context = nullptr; // lives on m_thread: the reads' queue
    std::unique_ptr<Database> m_database; // opened, used and closed on m_thread
    quint64 m_lastTicket = 0;
};

} // namespace hostbench::storage
