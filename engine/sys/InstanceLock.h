#pragma once

#include <QLockFile>
#include <QObject>
#include <QString>

#include <memory>

class QLocalServer;

namespace hostbench::sys {

/*
 * One Hostbench per data folder. The first process to lock
 * FOLDER/hostbench.lock (QLockFile: released when the process ends, even
 * killed; a lock whose process is gone is taken over) serves the folder's
 * sites and writes its logs; a second one learns from holderPid() and
 * holderProgram() who has it, and can ask a window that listens (listen())
 * to come to the front: activate() sends a line over a QLocalSocket named
 * after the folder, and the first process emits activationRequested().
 *
 * Owned by the thread that made it (the GUI or the command's main thread),
 * which needs an event loop for activationRequested().
 */
class InstanceLock final : public QObject
{
    Q_OBJECT

public:
    // `folder`: the data folder, which must exist.
    explicit InstanceLock(const QString &folder, QObject *parent = nullptr);
    ~InstanceLock() override;

    // Takes the lock without waiting; false when another live process holds
    // it (heldByAnother()) or the lock file cannot be written (errorString()).
    bool tryLock();
    bool isLocked() const { return m_lock.isLocked(); }
    bool heldByAnother() const { return m_lock.error() == QLockFile::LockFailedError; }
    QString errorString() const;
    // After a failed tryLock(): the holder's PID (0 when unknown) and program
    // name ("hostbench-cli", from /proc on Linux, else the lock's application name).
    qint64 holderPid() const { return m_holderPid; }
    QString holderProgram() const { return m_holderProgram; }
    // "hostbench-cli (PID 1234)": the holder, for messages.
    QString describeHolder() const;

    // The holder of the lock listens for activate(); false, with *error, when it cannot.
    bool listen(QString *error = nullptr);
    // Asks the process that listens on this folder to come to the front;
    // false when none answers within `timeoutMs` (blocks up to that long).
    bool activate(int timeoutMs = 5000) const;

    QString lockFilePath() const;
    // The QLocalServer name for `folder`: the same for every spelling of its path.
    static QString serverName(const QString &folder);

signals:
    void activationRequested();

private:
    QString m_folder;
    QLockFile m_lock;
    qint64 m_holderPid = 0;
    QString m_holderProgram;
    std::unique_ptr<QLocalServer> m_server;
};

} // namespace hostbench::sys
