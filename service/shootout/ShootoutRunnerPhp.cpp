#include "shootout/ShootoutRunner.h"

#include "shootout/ShootoutPhp.h"

#include <QFileInfo>
#include <QTemporaryDir>

// The PHP part of ShootoutRunner: the PHP-FPM pool of the PHP workloads
// (W5, W7p), started once for every server, and the site each front server
// serves them from.

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr int kPhpReadyMs = 15'000;

} // namespace

QList<Workload> ShootoutRunner::phpWorkloads() const
{
    QList<Workload> php;
    for (const Workload &workload : m_workloads)
        if (workload.php)
            php.append(workload);
    return php;
}

ShootoutRunner::Server ShootoutRunner::phpServer() const
{
    const QString program = m_php ? m_php->program() : ShootoutPhp::locate();
    return { { ShootoutPhp::noteId(), QFileInfo(program).fileName(), ShootoutPhp::package() }, program, 0, {},
        {} };
}

void ShootoutRunner::startPhp(const QTemporaryDir &temp)
{
    const QList<Workload> php = phpWorkloads();
    if (php.isEmpty() || m_stop)
        return;
    const QString ids = Workload::idsOf(php).join(u", "_s);
    Server pool = phpServer();
    m_servers[pool.kind.id].package = pool.kind.package;
    if (pool.program.isEmpty()) {
        serverFailed(pool, u"missing"_s, {}, 0);
        say(u"%1 left out: PHP-FPM is not installed (apt-get install %2); the other workloads run"_s.arg(
            ids, ShootoutPhp::package()));
        return;
    }
    pool.prefix = temp.filePath(ShootoutPhp::noteId());
    m_php = std::make_unique<ShootoutPhp>();
    QString problem;
    if (!m_php->start(pool.program, pool.prefix, m_serverCpu, kPhpReadyMs, &problem)) {
        m_php.reset();
        serverFailed(pool, u"failed"_s, problem, 0);
        say(u"%1 left out: no PHP-FPM"_s.arg(ids));
        return;
    }
    QString error;
    const std::optional<model::VirtualHost> site
        = Workload::makePhpSite(temp.filePath(u"site-php"_s), php, m_php->address(), &error);
    if (!site) {
        m_php->stop();
        m_php.reset();
        say(u"%1 left out: %2"_s.arg(ids, error));
        return;
    }
    m_groups.append({ *site, php });
    ServerNote &note = m_servers[pool.kind.id];
    note.message = m_php->describe();
    say(u"%1: each server runs PHP through one PHP-FPM pool, %2, started once for the whole shootout and "
        "pinned with the servers; PHP-FPM's own CPU per request is measured apart from each server's"_s.arg(
            ids, m_php->describe()),
        pool.kind.id);
}

} // namespace hostbench::shootout
