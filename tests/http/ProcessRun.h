#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

/*
 * A client program (curl, nghttp) run to its end as the test's child, with
 * what it wrote; stopped by its own handle if it outlives `timeoutMs`.
 * Test code only.
 */
struct ProcessRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;

    static ProcessRun run(const QString &program, const QStringList &arguments, const QByteArray &input = {},
        int timeoutMs = 60000)
    {
        QProcess process;
        process.start(program, arguments);
        ProcessRun result;
        if (!process.waitForStarted(10000))
            return result;
        if (!input.isEmpty())
            process.write(input);
        process.closeWriteChannel();
        if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
            return result;
        }
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        result.out = process.readAllStandardOutput();
        result.err = process.readAllStandardError();
        return result;
    }
};

// The peak resident memory of this process (VmHWM, KiB), and its reset (clear_refs 5).
inline qint64 peakResidentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

inline bool resetPeakResident()
{
    QFile refs(QStringLiteral("/proc/self/clear_refs"));
    return refs.open(QIODevice::WriteOnly) && refs.write("5") == 1;
}

// What a test checks after a client ran: a file's hash in hex (what curl or
// nghttp wrote, against the file served), and the descriptors this process
// holds (the engine's among them: an upstream connection left open shows).
inline QByteArray fileHash(const QString &path, QCryptographicHash::Algorithm algorithm)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(algorithm);
    hash.addData(&file);
    return hash.result().toHex();
}

inline int openDescriptors()
{
    return int(QDir(QStringLiteral("/proc/self/fd")).entryList(QDir::Files | QDir::System).size());
}
