#include "shootout/ShootoutRunner.h"

#include "shootout/BodyCheck.h"
#include "shootout/ServerProcess.h"
#include "sys/PortHolder.h"

#include <QDir>
#include <QFile>
#include <QTcpServer>
#include <QTemporaryDir>

// The servers' part of ShootoutRunner: which can run on which ports, their
// start, the check of their answers before any load, and what a failure says.

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

void ShootoutRunner::serverEvent(ShootoutEvent::Kind kind, const Server &server, int round)
{
    ShootoutEvent event;
    event.kind = kind;
    event.server = server.kind.id;
    event.program = server.program;
    event.port = server.port;
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
    const Server &server, ServerProcess &process, const model::VirtualHost &site, QString *error)
{
    // A fresh prefix each time: nothing of the last start (pid file, cache) carries over.
    QDir(server.prefix).removeRecursively();
    QDir().mkpath(server.prefix);
    const std::optional<ServerCatalog::Launch> launch = ServerCatalog::prepare(
        server.kind, server.program, site, server.port, m_options.workers, server.prefix, error);
    if (!launch)
        return false;
    return process.start(launch->program, launch->arguments, server.prefix,
        QDir(server.prefix).filePath(u"output.log"_s), m_serverCpu, server.port, kReadyMs, error);
}

bool ShootoutRunner::checkBodies(const Server &server, const QString &documentRoot, QString *error)
{
    for (const Workload &workload : std::as_const(m_workloads)) {
        const QString problem = workload.fixedBody.isEmpty()
            ? BodyCheck::compareWithFile(
                server.port, workload.path, QDir(documentRoot).filePath(workload.path.mid(1)))
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
    // Which servers can run, on which ports.
    QList<Server> servers;
    quint16 nextPort = m_options.firstPort;
    for (const QString &id : std::as_const(m_options.servers)) {
        const std::optional<ServerKind> kind = ServerCatalog::find(id);
        if (!kind)
            continue;
        m_servers[kind->id].package = kind->package;
        const Server server { *kind, ServerCatalog::locate(*kind, m_options.hostbenchCli), 0,
            temp.filePath(kind->id) };
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
        m_servers[kind->id].port = port;
        servers.append({ server.kind, server.program, port, server.prefix });
    }
    return servers;
}

QList<ShootoutRunner::Server> ShootoutRunner::checkServers(
    const QList<Server> &servers, const model::VirtualHost &site)
{
    // Before any load: each starts, and answers every URL with the file's bytes.
    QList<Server> usable;
    for (const Server &server : servers) {
        if (m_stop)
            break;
        serverEvent(ShootoutEvent::Kind::ServerStarting, server, 0);
        ServerProcess process;
        QString problem;
        if (!startServer(server, process, site, &problem)) {
            serverFailed(server, u"failed"_s, problem, 0);
            continue;
        }
        if (!checkBodies(server, site.documentRoot, &problem)) {
            serverFailed(server, u"wrong bytes"_s, problem, 0);
            continue;
        }
        process.stop();
        serverEvent(ShootoutEvent::Kind::ServerReady, server, 0);
        usable.append(server);
    }
    return usable;
}

} // namespace hostbench::shootout
