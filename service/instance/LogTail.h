#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace hostbench::service {

/*
 * Follows one log file as `tail -F` does, by reading it: poll() returns the
 * whole lines appended since the last call. The first poll() starts at most
 * kHistoryBytes before the end (the file's recent past, not all of it). A
 * file that shrank or was replaced (LogFile rotates by renaming it to
 * FILE.1 and starting a new one) is read again from its start; a file not
 * there yet gives nothing until it appears. A line without its newline
 * waits for the next poll. Reads the file only, never the engine: the
 * engine's log thread writes it (http::LogWriter). GUI thread (any one
 * thread per object).
 */
class LogTail final
{
public:
    static constexpr qint64 kHistoryBytes = 256 * 1024;
    static constexpr qint64 kMaxReadBytes = 4 * 1024 * 1024; // per poll: a burst is caught up over several

    explicit LogTail(QString path);

    const QString &path() const { return m_path; }
    // The lines appended since the last poll, without their line ends.
    QList<QByteArray> poll();

private:
    QString m_path;
    qint64 m_offset = -1; // -1: not read yet
    quint64 m_inode = 0; // of the file read, to see a new one under the same name
    QByteArray m_partial; // a line whose end has not arrived yet
};

} // namespace hostbench::service

// The window's code names it as it did while it lived in ui/.
namespace hostbench::ui {
using service::LogTail;
}
