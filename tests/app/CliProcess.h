// hostbench-cli run as a child process by the tests of tests/app: its exit
// status and output, the run bounded by a timeout (then killed by its own
// handle and reported as "timed out"). Test code only; the calling thread waits.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace hostbench::test {

struct CliResult
{
    int exitCode = -1; // -1: crashed or timed out
    QString out;
    QString err;
};

// Runs `program` with `arguments` and `environment`, waiting at most `timeoutMs`.
inline CliResult runProcess(const QString &program, const QStringList &arguments,
    const QProcessEnvironment &environment, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    CliResult result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("timed out");
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    result.err = QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

} // namespace hostbench::test
