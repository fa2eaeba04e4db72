#pragma once

#include "shootout/ServerProcess.h"
#include "shootout/Workload.h"

#include <QList>
#include <QString>

namespace hostbench::shootout {

/*
 * The app behind the front servers of a shootout's proxied workloads (W6p,
 * issue #24): one process for every server, started once before the
 * servers are checked and stopped by its process (its session, as
 * ServerProcess stops the servers) at the end. It is nginx with one worker
 * answering each proxied workload's path with its fixed body (`location =
 * /ok { return 200 "OK"; }`), the access log off, keep-alive up to 1,000,000
 * requests per connection (the front servers' pools keep theirs); without
 * nginx, Hostbench's own `hostbench-cli serve --threads 1 --route
 * PATH=BODY`. It runs pinned to the servers' CPU (the method:
 * server and upstream on one CPU, the generator on another), so a front
 * server's figure includes the upstream's work on that CPU, while its CPU
 * per request counts its own session only.
 *
 * Thread: the thread that created it (ServerProcess).
 */
class Upstream final
{
public:
    // Writes its configuration under `prefix` (created) and starts it on
    // 127.0.0.1:`port`, pinned to `cpu` (>= 0) and listening within
    // `readyMs`. `nginx` is the nginx program (empty: use `hostbenchCli`).
    // False with *error (naming the program, and its log's last lines)
    // when it cannot start.
    bool start(const QList<Workload> &proxied, const QString &nginx, const QString &hostbenchCli,
        quint16 port, const QString &prefix, int cpu, int readyMs, QString *error);
    void stop();

    bool isRunning() const { return m_process.isRunning(); }
    quint16 port() const { return m_port; }
    QString url() const; // "http://127.0.0.1:PORT"
    QString program() const { return m_program; }
    // "nginx (1 worker, return 200) on 127.0.0.1:PORT, pid N"
    QString describe() const;
    ServerProcess &process() { return m_process; }

private:
    bool writeNginxConf(const QList<Workload> &proxied, const QString &conf, QString *error) const;

    ServerProcess m_process;
    QString m_program;
    QString m_prefix;
    quint16 m_port = 0;
    bool m_nginx = false;
};

} // namespace hostbench::shootout
