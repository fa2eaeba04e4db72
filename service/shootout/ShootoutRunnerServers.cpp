#include "shootout/ShootoutRunner.h"

#include "shootout/BodyCheck.h"
#include "shootout/ServerProcess.h"
#include "shootout/Upstream.h"
#include "sys/PortHolder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTcpServer>
#include <QTemporaryDir>

// The servers' part of ShootoutRunner: which can run on which ports, the
// upstream of the proxied workloads, their start, the check of their answers
// before any load, and what a failure says.

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr int kReadyMs = 15'000; // a server must listen within this of its start
constexpr int kLogTailBytes = 4000; // of a failed server's log, shown and stored

bool portFree(quint16 port)
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, port);
}

QString tail(const QString &file)
{
    QFile input(file);
    if (!input.open(QIODevice::ReadOnly))
        return {};
    if (input.size() > kLogTailBytes)
        input.seek(input.size() - kLogTailBytes);
    return QString::fromUtf8(input.readAll()).trimmed();
}

} // namespace

void ShootoutRunner::serverEvent(ShootoutEvent::Kind kind, const Server &server, int round, bool tls)
{
    ShootoutEvent event;
    event.kind = kind;
    event.server = server.kind.id;
    event.program = server.program;
    event.port = tls ? server.tlsPort : server.port;
    event.tls = tls;
    event.round = round;
    emitEvent(event);
}

void ShootoutRunner::serverFailed(
    const Server &server, const QString &status, const QString &problem, int round)
{
    ShootoutEvent event;
    event.kind = ShootoutEvent::Kind::ServerFailed;
    event.server = server.kind.id;
    event.status = status;
    event.package = server.kind.package;
    event.text = problem;
    event.round = round;
    event.port = server.port;
    if (status == u"failed"_s)
        event.log = failureLog(server);
    emitEvent(event);
    ServerNote &note = m_servers[server.kind.id];
    note.message = problem;
    if (round == 0) {
        note.status = status;
        note.log = event.log;
    }
}

QString ShootoutRunner::failureLog(const Server &server) const
{
    // Its output (stdout and stderr), then the logs it writes under its prefix.
    QStringList parts;
    const QDir prefix(server.prefix);
    for (const QString &folder : { u"."_s, u"logs"_s }) {
        const QDir dir(prefix.filePath(folder));
        for (const QString &name : dir.entryList({ u"*.log"_s }, QDir::Files, QDir::Name)) {
            const QString text = tail(dir.filePath(name));
            if (!text.isEmpty())
                parts.append(u"--- %1\n%2"_s.arg(prefix.relativeFilePath(dir.filePath(name)), text));
        }
    }
    return parts.join(u'\n');
}

bool ShootoutRunner::startServer(
    const Server &server, ServerProcess &process, const SiteGroup &group, QString *error)
{
    // A fresh prefix each time: nothing of the last start (pid file, cache) carries over.
    QDir(server.prefix).removeRecursively();
    QDir().mkpath(server.prefix);
    const ServerCatalog::Tls tls { server.tlsPort, m_tlsDataDir };
    const std::optional<ServerCatalog::Launch> launch = ServerCatalog::prepare(server.kind, server.program,
        group.site, server.port, m_options.workers, server.prefix, error, group.tls ? &tls : nullptr);
    if (!launch)
        return false;
    // With TLS, ready when its TLS listener is (the cleartext one opens with it).
    return process.start(launch->program, launch->arguments, server.prefix,
        QDir(server.prefix).filePath(u"output.log"_s), m_serverCpu, group.tls ? server.tlsPort : server.port,
        kReadyMs, error);
}

bool ShootoutRunner::checkBodies(const Server &server, const SiteGroup &group, QString *error)
{
    for (const Workload &workload : group.workloads) {
        if (workload.tls) {
            const QString problem
                = BodyCheck::compareWithFile({ server.tlsPort, u"localhost"_s, m_tlsRoot, workload.http2 },
                    workload.path, QDir(group.site.documentRoot).filePath(workload.path.mid(1)));
            if (!problem.isEmpty()) {
                *error = (workload.http2 ? u"over HTTP/2 (h2 by ALPN): "_s : u"over TLS: "_s) + problem;
                return false;
            }
            continue;
        }
        const QString problem = workload.fixedBody.isEmpty()
            ? BodyCheck::compareWithFile(
                server.port, workload.path, QDir(group.site.documentRoot).filePath(workload.path.mid(1)))
            : BodyCheck::compareWithBytes(server.port, workload.path, workload.fixedBody);
        if (!problem.isEmpty()) {
            *error = problem;
            return false;
        }
    }
    return true;
}

QList<ShootoutRunner::Server> ShootoutRunner::planServers(const QTemporaryDir &temp)
{
    // Which servers can run, on which ports (with HTTPS workloads, two each).
    const bool tls = !tlsWorkloads().isEmpty() && !m_tlsRoot.isEmpty();
    QList<Server> servers;
    quint16 nextPort = m_options.firstPort;
    for (const QString &id : std::as_const(m_options.servers)) {
        const std::optional<ServerKind> kind = ServerCatalog::find(id);
        if (!kind)
            continue;
        m_servers[kind->id].package = kind->package;
        const Server server { *kind, ServerCatalog::locate(*kind, m_options.hostbenchCli), 0,
            temp.filePath(kind->id), {} };
        if (server.program.isEmpty()) {
            serverFailed(server, u"missing"_s, {}, 0);
            continue;
        }
        quint16 port = nextPort;
        while (port < 65535 && !portFree(port)) {
            const QString holder = sys::PortHolder::find(port).describe();
            const QString line
                = u"%1: port %2 is in use by %3, trying %4"_s.arg(kind->id).arg(port).arg(holder).arg(
                    port + 1);
            say(line, kind->id);
            m_servers[kind->id].portNote = line;
            ++port;
        }
        nextPort = quint16(port + 1);
        quint16 tlsPort = 0;
        if (tls) {
            tlsPort = nextPort;
            while (tlsPort < 65535 && !portFree(tlsPort))
                ++tlsPort;
            nextPort = quint16(tlsPort + 1);
        }
        m_servers[kind->id].port = port;
        servers.append({ server.kind, server.program, port, server.prefix, {}, tlsPort });
    }
    return servers;
}

QList<Workload> ShootoutRunner::proxiedWorkloads() const
{
    QList<Workload> proxied;
    for (const Workload &workload : m_workloads)
        if (workload.proxied)
            proxied.append(workload);
    return proxied;
}

ShootoutRunner::Server ShootoutRunner::upstreamServer() const
{
    const QString program = m_upstream ? m_upstream->program() : QString();
    const QString name = QFileInfo(program).fileName();
    return { { Workload::upstreamId(), name, name == u"nginx"_s ? u"nginx-light"_s : u"hostbench"_s },
        program, m_upstream ? m_upstream->port() : quint16(0), {}, {} };
}

void ShootoutRunner::startUpstream(const QTemporaryDir &temp, const QList<Server> &servers)
{
    const QList<Workload> proxied = proxiedWorkloads();
    if (proxied.isEmpty() || m_stop)
        return;
    quint16 port = m_options.firstPort;
    for (const Server &server : servers)
        port = std::max({ port, quint16(server.port + 1), quint16(server.tlsPort + 1) });
    while (port < 65535 && !portFree(port))
        ++port;
    const std::optional<ServerKind> nginx = ServerCatalog::find(u"nginx"_s);
    m_upstream = std::make_unique<Upstream>();
    QString problem;
    if (!m_upstream->start(proxied, nginx ? ServerCatalog::locate(*nginx, {}) : QString(),
            m_options.hostbenchCli, port, temp.filePath(Workload::upstreamId()), m_serverCpu, kReadyMs,
            &problem)) {
        const Server upstream = upstreamServer();
        m_upstream.reset();
        serverFailed(upstream, u"failed"_s, problem, 0);
        say(u"%1 left out: no upstream"_s.arg(Workload::idsOf(proxied).join(u", "_s)));
        return;
    }
    QString error;
    const std::optional<model::VirtualHost> site
        = Workload::makeProxySite(temp.filePath(u"site-proxied"_s), m_upstream->url(), &error);
    if (!site) {
        m_upstream->stop();
        m_upstream.reset();
        say(u"%1 left out: %2"_s.arg(Workload::idsOf(proxied).join(u", "_s), error));
        return;
    }
    m_groups.append({ *site, proxied });
    ServerNote &note = m_servers[Workload::upstreamId()];
    note.port = port;
    note.package = upstreamServer().kind.package;
    note.message = m_upstream->describe();
    say(u"%1: each server proxies / to the upstream, %2, started once for the whole shootout and pinned "
        "with the servers; the upstream alone is measured too (reference); a server's CPU per request "
        "counts its own processes, not the upstream's"_s.arg(
            Workload::idsOf(proxied).join(u", "_s), m_upstream->describe()),
        Workload::upstreamId());
}

void ShootoutRunner::upstreamTurn(int round, storage::Database *database, int *done, int total)
{
    const QList<Workload> proxied = proxiedWorkloads();
    const Server upstream = upstreamServer();
    if (!m_upstream || !m_upstream->isRunning()) {
        serverFailed(upstream, u"failed"_s, u"the upstream is no longer running"_s, round);
        *done += int(proxied.size());
        return;
    }
    measureAll(upstream, m_upstream->process(), proxied, round, database, done, total);
}

QList<ShootoutRunner::Server> ShootoutRunner::checkServers(const QList<Server> &servers)
{
    // Before any load: each starts on each site, and answers its URLs with
    // the right bytes; one that fails a site is left out of that site's workloads.
    QList<Server> usable;
    for (Server server : servers) {
        for (qsizetype index = 0; index < m_groups.size() && !m_stop; ++index) {
            const SiteGroup &group = m_groups.at(index);
            serverEvent(ShootoutEvent::Kind::ServerStarting, server, 0);
            ServerProcess process;
            QString problem;
            if (!startServer(server, process, group, &problem)) {
                serverFailed(server, u"failed"_s, problem, 0);
                continue;
            }
            if (!checkBodies(server, group, &problem)) {
                if (!group.site.proxy.routes.isEmpty())
                    problem = u"for %1 only (through its proxy of /): "_s.arg(
                                  Workload::idsOf(group.workloads).join(u", "_s))
                        + problem;
                else if (group.tls)
                    problem
                        = u"for %1 only: "_s.arg(Workload::idsOf(group.workloads).join(u", "_s)) + problem;
                else if (group.site.php.isSet())
                    problem = u"for %1 only (through PHP-FPM): "_s.arg(
                                  Workload::idsOf(group.workloads).join(u", "_s))
                        + problem;
                serverFailed(server, u"wrong bytes"_s, problem, 0);
                continue;
            }
            process.stop();
            serverEvent(ShootoutEvent::Kind::ServerReady, server, 0, group.tls);
            if (group.http2)
                say(u"%1 answers %2 over HTTP/2 (its TLS listener chose h2 by ALPN)"_s.arg(
                        server.kind.id, Workload::idsOf(group.workloads).join(u", "_s)),
                    server.kind.id);
            server.groups.append(int(index));
        }
        if (m_stop)
            break;
        if (!server.groups.isEmpty())
            usable.append(server);
    }
    return usable;
}

} // namespace hostbench::shootout
