#include "instance/LogTail.h"

#include <QFile>

#include <sys/stat.h>

#include <algorithm>

#include <utility>

namespace hostbench::service {

LogTail::LogTail(QString path)
    : m_path(std::move(path))
{ }

QList<QByteArray> LogTail::poll()
{
    struct stat info
    {
    };
    if (::stat(QFile::encodeName(m_path).constData(), &info) != 0)
        return {};
    const qint64 size = qint64(info.st_size);
    const quint64 inode = quint64(info.st_ino);
    if (m_offset < 0) {
        m_offset = std::max<qint64>(0, size - kHistoryBytes);
    } else if (inode != m_inode || size < m_offset) {
        // Rotated (a new file under the name) or truncated: from its start.
        m_offset = 0;
        m_partial.clear();
    }
    const bool firstRead = m_inode == 0;
    m_inode = inode;
    if (size == m_offset)
        return {};

    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(m_offset))
        return {};
    QByteArray data = file.read(std::min(size - m_offset, kMaxReadBytes));
    m_offset += data.size();
    if (firstRead && m_offset - data.size() > 0) {
        // Started inside the file: the first line is cut.
        const qsizetype newline = data.indexOf('\n');
        data = newline < 0 ? QByteArray() : data.mid(newline + 1);
    }
    data.prepend(m_partial);
    const qsizetype lastNewline = data.lastIndexOf('\n');
    if (lastNewline < 0) {
        m_partial = data;
        return {};
    }
    m_partial = data.mid(lastNewline + 1);
    data.truncate(lastNewline);
    return data.split('\n');
}

} // namespace hostbench::service
