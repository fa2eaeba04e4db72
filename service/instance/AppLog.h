#pragma once

#include "model/VirtualHost.h"

#include <QByteArray>
#include <QString>

#include <memory>

namespace hostbench::http {
class LogFile;
}

namespace hostbench::service {

/*
 * A site's app log (issue #24): what its app (model::AppCommand) writes on
 * stdout and stderr, line by line, each with the time it was read and its
 * stream, in the error log's layout (http::LogFormat), so that the Logs page
 * reads its time and "level":
 *   2026/12/01 21:40:00 [stdout] Listening on 127.0.0.1:9000
 *   2026/12/01 21:40:03 [stderr] GET /favicon.ico 404
 *   2026/12/01 21:40:09 [hostbench] exited with code 1 after 0.2 s; restarting in 1 s
 * (local time, to the second). The file rotates as the site's other logs
 * (logRotateBytes, logRotateKeep: http::LogFile). A line longer than
 * kMaxLineBytes is written in pieces of that size; a last line without its
 * newline is written when the stream ends (flush()).
 *
 * Thread: the thread that owns the app's supervisor (the GUI thread, serve's
 * main thread); one object per file.
 */
class AppLog final
{
public:
    static constexpr qsizetype kMaxLineBytes = 16 * 1024;
    enum class Stream { Out, Err };

    // No path: nothing is written (the site has no log folder).
    AppLog(const QString &path, qint64 rotateBytes, int keep);
    ~AppLog();
    AppLog(const AppLog &) = delete;
    AppLog &operator=(const AppLog &) = delete;

    // Where the app log of `site` is: HOST.app.log in the folder of its error
    // log, else of its access log, else in `logsFolder` (the data folder's
    // logs/, DataFolder::logsPath(), where the default logs go); empty when
    // there is no folder at all. The Logs page and the supervisor both ask here.
    static QString pathFor(const model::VirtualHost &site, const QString &logsFolder);

    const QString &path() const { return m_path; }
    bool hasSettings(const QString &path, qint64 rotateBytes, int keep) const;
    // The bytes the app wrote on `stream`: its whole lines go to the file.
    void append(Stream stream, const QByteArray &bytes);
    // What is left of a line without its newline, on both streams.
    void flush();
    // A line of Hostbench's own about the app ("[hostbench] started ...").
    void note(const QString &text);

private:
    void writeLine(const char *level, QByteArrayView text);

    QString m_path;
    qint64 m_rotateBytes;
    int m_keep;
    std::unique_ptr<http::LogFile> m_file;
    QByteArray m_partial[2]; // per stream: a line whose end has not come yet
};

} // namespace hostbench::service
