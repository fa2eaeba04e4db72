#pragma once

#include <QByteArray>
#include <QString>

namespace hostbench::cli {

/*
 * serve's --pid-file: write() puts this process's id in the file (whole or
 * not at all: QSaveFile) once serving; remove(), or the destructor, removes
 * it again unless another serve has taken the file over since (it no longer
 * holds our id). An empty path: nothing is written or removed.
 *
 * Thread: the thread that made it (serve's main thread).
 */
class PidFile final
{
public:
    explicit PidFile(QString path);
    ~PidFile() { remove(); }
    PidFile(const PidFile &) = delete;
    PidFile &operator=(const PidFile &) = delete;

    // False with "--pid-file: cannot write FILE: reason" in *error.
    bool write(QString *error);
    void remove();

private:
    QString m_path;
    QByteArray m_pid; // "1234\n"
    bool m_written = false;
};

} // namespace hostbench::cli
