#include "cli/PidFile.h"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

PidFile::PidFile(QString path)
    : m_path(std::move(path))
    , m_pid(QByteArray::number(QCoreApplication::applicationPid()) + '\n')
{ }

bool PidFile::write(QString *error)
{
    if (m_path.isEmpty())
        return true;
    QSaveFile file(m_path);
    m_written = file.open(QIODevice::WriteOnly) && file.write(m_pid) == m_pid.size() && file.commit();
    if (!m_written)
        *error = u"--pid-file: cannot write %1: %2"_s.arg(m_path, file.errorString());
    return m_written;
}

void PidFile::remove()
{
    QFile file(m_path);
    if (m_written && file.open(QIODevice::ReadOnly) && file.readAll() == m_pid) {
        file.close();
        file.remove();
    }
    m_written = false;
}

} // namespace hostbench::cli
