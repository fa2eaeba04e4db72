#include "shootout/ServerProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QNetworkProxy>
#include <QTcpSocket>
#include <QThread>

#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr int kPollMs = 50;

struct ProcStat
{
    qint64 session = 0;
    qint64 ticks = 0; // utime + stime
};

// /proc/PID/stat: "pid (comm) state ppid pgrp session ... utime(14) stime(15)";
// comm may hold blanks and parentheses, so fields count from the last ')'.
std::optional<ProcStat> readStat(const QString &pid)
{
    QFile file(u"/proc/%1/stat"_s.arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray line = file.readAll();
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    // fields[0] is field 3 (state): field N is fields[N - 3].
    if (fields.size() < 13)
        return std::nullopt;
    return ProcStat { fields.at(6 - 3).toLongLong(),
        fields.at(14 - 3).toLongLong() + fields.at(15 - 3).toLongLong() };
}

bool accepts(quint16 port)
{
    QTcpSocket socket;
    socket.setProxy(QNetworkProxy::NoProxy);
    socket.connectToHost(u"127.0.0.1"_s, port);
    const bool connected = socket.waitForConnected(kPollMs * 4);
    socket.abort();
    return connected;
}

} // namespace

ServerProcess::~ServerProcess()
{
    stop();
}

QList<int> ServerProcess::allowedCpus()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    QList<int> cpus;
    if (sched_getaffinity(0, sizeof(set), &set) != 0)
        return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.append(cpu);
    return cpus;
}

bool ServerProcess::pinCurrentThread(int cpu, QString *error)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof(set), &set) == 0)
        return true;
    *error = u"cannot pin to CPU %1: %2"_s.arg(cpu).arg(QString::fromLocal8Bit(std::strerror(errno)));
    return false;
}

QList<qint64> ServerProcess::sessionProcesses(qint64 sid)
{
    QList<qint64> pids;
    if (sid <= 0)
        return pids;
    const QStringList entries = QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        const std::optional<ProcStat> stat = readStat(entry);
        if (stat && stat->session == sid)
            pids.append(pid);
    }
    return pids;
}

double ServerProcess::ticksPerSecond()
{
    return double(sysconf(_SC_CLK_TCK));
}

bool ServerProcess::start(const QString &program, const QStringList &arguments,
    const QString &workingDirectory, const QString &logFile, int cpu, quint16 port, int readyMs,
    QString *error)
{
    return start(
        program, arguments, workingDirectory, logFile, cpu, [port] { return accepts(port); },
        u"port %1"_s.arg(port), readyMs, error);
}

bool ServerProcess::start(const QString &program, const QStringList &arguments,
    const QString &workingDirectory, const QString &logFile, int cpu, const std::function<bool()> &ready,
    const QString &listensOn, int readyMs, QString *error)
{
    stop();
    m_process.setProgram(program);
    m_process.setArguments(arguments);
    m_process.setWorkingDirectory(workingDirectory);
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_process.setStandardOutputFile(logFile, QIODevice::Append);
    m_process.setStandardInputFile(QProcess::nullDevice());
    // In the child, between fork and exec: only async-signal-safe calls.
    m_process.setChildProcessModifier([cpu] {
        ::setsid();
        if (cpu >= 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            ::sched_setaffinity(0, sizeof(set), &set);
        }
    });
    m_process.start();
    if (!m_process.waitForStarted(10'000)) {
        *error = u"cannot start %1: %2"_s.arg(program, m_process.errorString());
        return false;
    }
    m_sid = m_process.processId();
    const QDeadlineTimer deadline(readyMs);
    while (!deadline.hasExpired()) {
        if (m_process.state() == QProcess::NotRunning || m_process.waitForFinished(kPollMs)) {
            *error = m_process.exitStatus() == QProcess::CrashExit
                ? u"%1 crashed before it listened on %2"_s.arg(program, listensOn)
                : u"%1 exited with code %2 before it listened on %3"_s.arg(program)
                      .arg(m_process.exitCode())
                      .arg(listensOn);
            stop();
            return false;
        }
        if (ready())
            return true;
    }
    *error = u"%1 did not listen on %2 within %3 s"_s.arg(program, listensOn).arg(readyMs / 1000.0);
    stop();
    return false;
}

bool ServerProcess::isRunning() const
{
    return m_process.state() != QProcess::NotRunning;
}

qint64 ServerProcess::pid() const
{
    return isRunning() ? m_sid : 0;
}

qint64 ServerProcess::cpuTicks() const
{
    qint64 total = 0;
    for (const qint64 pid : sessionProcesses(m_sid))
        if (const std::optional<ProcStat> stat = readStat(QString::number(pid)))
            total += stat->ticks;
    return total;
}

void ServerProcess::stop(int graceMs)
{
    if (m_sid <= 0)
        return;
    // Every process of its session, the leader's children included even if
    // they moved to a process group of their own.
    const auto signalAll = [this](int signal) {
        const QList<qint64> pids = sessionProcesses(m_sid);
        for (const qint64 pid : pids)
            ::kill(pid_t(pid), signal);
        return !pids.isEmpty();
    };
    if (signalAll(SIGTERM)) {
        const QDeadlineTimer deadline(graceMs);
        while (!deadline.hasExpired() && !sessionProcesses(m_sid).isEmpty()) {
            if (m_process.state() != QProcess::NotRunning)
                m_process.waitForFinished(kPollMs);
            else
                QThread::msleep(kPollMs);
        }
        signalAll(SIGKILL);
    }
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(graceMs);
    }
    // Killed processes linger as zombies until reaped; wait until they are gone.
    const QDeadlineTimer deadline(graceMs);
    while (!deadline.hasExpired() && !sessionProcesses(m_sid).isEmpty())
        QThread::msleep(kPollMs);
    m_sid = 0;
}

} // namespace hostbench::shootout
