#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>

namespace hostbench::shootout {

/*
 * One server of a shootout as a child process: started in a session of its
 * own (setsid, so that the server's workers and helpers are found and
 * stopped together, and a terminal's signals do not reach it), optionally
 * pinned to one CPU (sched_setaffinity in the child, before exec; its
 * threads and children inherit it), its stdout and stderr in one log file.
 * cpuTicks() sums utime + stime of every process of that session from
 * /proc/PID/stat (as tests/perf/servers.sh does); stop() sends SIGTERM to
 * each, waits, then SIGKILL, so that nothing is left behind.
 *
 * Linux only (/proc, setsid, sched_setaffinity). Thread: the thread that
 * created it (QProcess); its methods block for at most the time they name.
 */
class ServerProcess final
{
public:
    ServerProcess() = default;
    ~ServerProcess(); // stops it
    ServerProcess(const ServerProcess &) = delete;
    ServerProcess &operator=(const ServerProcess &) = delete;

    // Starts `program` with `arguments` in `workingDirectory`, its output
    // appended to `logFile`. `cpu` >= 0 pins it to that CPU. Then waits up
    // to `readyMs` for 127.0.0.1:`port` to accept a connection. False with
    // *error when it cannot be started, exits first, or never listens (it is
    // stopped then); its log file says why (see log()).
    bool start(const QString &program, const QStringList &arguments, const QString &workingDirectory,
        const QString &logFile, int cpu, quint16 port, int readyMs, QString *error);
    // The same, ready when `ready()` (called every 50 ms or so, on this
    // thread) is true; `listensOn` names what it waits for in messages
    // ("port 8080", "/tmp/x/php-fpm.sock").
    bool start(const QString &program, const QStringList &arguments, const QString &workingDirectory,
        const QString &logFile, int cpu, const std::function<bool()> &ready, const QString &listensOn,
        int readyMs, QString *error);
    bool isRunning() const;
    qint64 pid() const; // its session id too; 0 when not running

    // Clock ticks (sysconf(_SC_CLK_TCK) per second) of user + system time of
    // every process now in its session.
    qint64 cpuTicks() const;
    static double ticksPerSecond();

    // SIGTERM to every process of its session, up to `graceMs` for them to
    // end, then SIGKILL. Returns once none is left.
    void stop(int graceMs = 5000);

    // The CPUs this process may run on (sched_getaffinity), in order.
    static QList<int> allowedCpus();
    // Pins the calling thread (and the threads it creates from now on) to `cpu`.
    static bool pinCurrentThread(int cpu, QString *error);
    // The pids of the processes in session `sid` (from /proc).
    static QList<qint64> sessionProcesses(qint64 sid);

private:
    QProcess m_process;
    qint64 m_sid = 0;
};

} // namespace hostbench::shootout
