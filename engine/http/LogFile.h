#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hostbench::http {

/*
 * One log file, appended to in whole lines and rotated by size as
 * logrotate's `size` + `rotate N` do: before a write would take the file
 * past rotateBytes, file.N-1 -> file.N, ..., file -> file.1, and a new
 * file is started (keep 0: the old file is simply removed). A batch is
 * split at line ends so a file passes the limit only by a single line
 * longer than the limit. rotateBytes <= 0: never rotate.
 *
 * Opened lazily, with O_APPEND, creating missing parent directories. An
 * open or write error is reported once with qWarning and retried at the
 * next batch; those lines are lost (a log must never stop the server).
 * Thread: created on any thread, then used by the log thread only; path()
 * and the settings are immutable and may be read from any thread.
 */
class LogFile final
{
public:
    LogFile(std::string path, std::int64_t rotateBytes, int keep);
    ~LogFile();
    LogFile(const LogFile &) = delete;
    LogFile &operator=(const LogFile &) = delete;

    const std::string &path() const { return m_path; }
    bool hasSettings(std::string_view path, std::int64_t rotateBytes, int keep) const
    {
        return path == m_path && rotateBytes == m_rotateBytes && keep == m_keep;
    }

    // Log thread: appends `lines` (each ending in '\n').
    void write(std::string_view lines);

private:
    bool open();
    void rotate();
    bool writeAll(std::string_view bytes);

    const std::string m_path;
    const std::int64_t m_rotateBytes;
    const int m_keep;
    int m_fd = -1;
    std::int64_t m_size = 0;
    bool m_warned = false;
};

} // namespace hostbench::http
