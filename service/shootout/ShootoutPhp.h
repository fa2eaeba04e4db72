#pragma once

#include "shootout/ServerProcess.h"

#include <QString>
#include <QStringList>

namespace hostbench::shootout {

/*
 * The PHP-FPM pool behind the front servers of a shootout's PHP workloads
 * (W5, W7p, issue #25), as Upstream is the app of the proxied ones: one
 * pool for every server, started once before the servers are checked and
 * stopped by its session (ServerProcess) at the end. It is Debian's
 * php-fpm8.2 (or whichever php-fpm* is installed), run in the foreground
 * (--nodaemonize) with a configuration of its own under the shootout's
 * prefix: one pool "shootout" listening on a unix socket there (mode 0666,
 * so that servers whose workers drop privileges reach it), `pm = static`
 * with kChildren children for every server, no access log, the php.ini
 * of the installed PHP (OPcache as installed). Started by root it runs as
 * root (--allow-to-run-as-root), as the servers do. It runs pinned to the
 * servers' CPU, so a front server's figure includes PHP's work on that CPU,
 * and its own CPU time (cpuTicks(): the master's and the children's,
 * /proc) is measured over each run apart from the front server's: the
 * front server's overhead per request is its own CPU per request, PHP's
 * work per request the pool's. /proc counts each process's time in clock
 * ticks (10 ms at 100 Hz), truncated, so with kChildren children a run must
 * last seconds, not tenths, for the pool's figure to mean something.
 *
 * The program is looked up as the servers are (ServerCatalog::searchPath,
 * so $HOSTBENCH_SERVER_PATH makes it missing in tests).
 *
 * Thread: the thread that created it (ServerProcess).
 */
class ShootoutPhp final
{
public:
    static constexpr int kChildren = 8; // pm.max_children, pm = static
    static QString package() { return QStringLiteral("php8.2-fpm"); } // what apt-get installs
    // Its id among the shootout's notes (ServerNote): "php-fpm".
    static QString noteId() { return QStringLiteral("php-fpm"); }

    // The PHP-FPM program found (php-fpm8.2 first, then php-fpm, then any
    // other php-fpm*), or empty when none is installed.
    static QString locate();

    // Writes its configuration under `prefix` (created; its socket path
    // must fit a unix socket's 107 bytes) and starts `program`, pinned to
    // `cpu` (>= 0) and accepting connections on its socket within
    // `readyMs`. False with *error (naming the program and its log's last
    // lines) when it cannot start.
    bool start(const QString &program, const QString &prefix, int cpu, int readyMs, QString *error);
    void stop();

    bool isRunning() const { return m_process.isRunning(); }
    QString socketPath() const { return m_socket; }
    QString address() const { return QStringLiteral("unix:") + m_socket; } // as model::PhpSettings takes it
    QString program() const { return m_program; }
    QString version() const { return m_version; } // "8.2.7"; empty if unknown
    // "php-fpm8.2 (PHP 8.2.7, pm static, 8 children) on unix:/…/php-fpm.sock, pid N"
    QString describe() const;
    // Clock ticks of user + system time of the pool's processes (ServerProcess::cpuTicks).
    qint64 cpuTicks() const { return m_process.cpuTicks(); }
    ServerProcess &process() { return m_process; }

    // µs of CPU per request from `ticks` over `requests`; 0 when none completed.
    static double usPerRequest(qint64 ticks, quint64 requests);

private:
    bool writeConf(const QString &conf, QString *error) const;

    ServerProcess m_process;
    QString m_program;
    QString m_prefix;
    QString m_socket;
    QString m_version;
};

} // namespace hostbench::shootout
