#include "LogFile.h"

#include <QtGlobal>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace hostbench::http {

LogFile::LogFile(std::string path, std::int64_t rotateBytes, int keep)
    : m_path(std::move(path))
    , m_rotateBytes(rotateBytes)
    , m_keep(keep < 0 ? 0 : keep)
{ }

LogFile::~LogFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool LogFile::open()
{
    if (m_fd >= 0)
        return true;
    std::error_code ignored;
    std::filesystem::create_directories(std::filesystem::path(m_path).parent_path(), ignored);
    m_fd = ::open(m_path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    struct stat info
    {
    };
    if (m_fd >= 0 && ::fstat(m_fd, &info) == 0) {
        m_size = info.st_size;
        m_warned = false;
        return true;
    }
    if (!m_warned) {
        qWarning("cannot open the log file %s: %s", m_path.c_str(), std::strerror(errno));
        m_warned = true;
    }
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    return false;
}

void LogFile::rotate()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    if (m_keep == 0) {
        ::unlink(m_path.c_str());
    } else {
        // A missing file.N is no error: fewer rotations have happened yet.
        for (int i = m_keep - 1; i >= 1; --i) {
            const std::string from = m_path + '.' + std::to_string(i);
            const std::string to = m_path + '.' + std::to_string(i + 1);
            ::rename(from.c_str(), to.c_str());
        }
        ::rename(m_path.c_str(), (m_path + ".1").c_str());
    }
    m_size = 0;
}

bool LogFile::writeAll(std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(m_fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (!m_warned) {
                qWarning("cannot write the log file %s: %s", m_path.c_str(), std::strerror(errno));
                m_warned = true;
            }
            // Reopen at the next batch: the disk may have room again, or the file a new place.
            ::close(m_fd);
            m_fd = -1;
            return false;
        }
        m_size += n;
        bytes.remove_prefix(size_t(n));
    }
    return true;
}

void LogFile::write(std::string_view lines)
{
    while (!lines.empty()) {
        if (!open())
            return;
        std::string_view part = lines;
        if (m_rotateBytes > 0 && m_size + std::int64_t(lines.size()) > m_rotateBytes) {
            const std::int64_t room = m_rotateBytes - m_size;
            const size_t end = room > 0 ? lines.rfind('\n', size_t(room) - 1) : std::string_view::npos;
            if (end == std::string_view::npos) {
                if (m_size > 0) {
                    rotate();
                    continue;
                }
                // A single line longer than the limit goes alone into a fresh file.
                const size_t lineEnd = lines.find('\n');
                part = lineEnd == std::string_view::npos ? lines : lines.substr(0, lineEnd + 1);
            } else {
                part = lines.substr(0, end + 1);
            }
        }
        if (!writeAll(part))
            return;
        lines.remove_prefix(part.size());
    }
}

} // namespace hostbench::http
