#include "shootout/ShootoutRunner.h"

#include "runs/RecordedRun.h"
#include "shootout/BodyCheck.h"
#include "shootout/ServerProcess.h"
#include "storage/Database.h"
#include "sys/PortHolder.h"

#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTimer>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr int kReadyMs = 15'000; // a server must listen within this of its start
constexpr int kPollMs = 100;
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

void ShootoutRunner::say(const QString &line)
{
    if (onLine)
        onLine(line);
}

void ShootoutRunner::note(const QString &server, const QString &key, const QJsonValue &value)
{
    QJsonObject object = m_notes.value(server).toObject();
    object.insert(key, value);
    m_notes.insert(server, object);
}

void ShootoutRunner::stop()
{
    m_stop = true;
    if (runs::RecordedRun *run = m_run.load())
        run->stop();
}

QJsonObject ShootoutRunner::settingsJson(const Options &options) const
{
    return QJsonObject { { u"servers"_s, QJsonArray::fromStringList(options.servers) },
        { u"workloads"_s, QJsonArray::fromStringList(options.workloads) },
        { u"duration_s"_s, double(options.durationMs) / 1000.0 }, { u"rounds"_s, options.rounds },
        { u"concurrency"_s, options.concurrency }, { u"keep_alive"_s, options.keepAlive },
        { u"rate"_s, options.rate }, { u"workers"_s, options.workers }, { u"server_cpu"_s, m_serverCpu },
        { u"load_cpu"_s, m_loadCpu } };
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

bool ShootoutRunner::measure(const Server &server, ServerProcess &process, const Workload &workload,
    int round, storage::Database *database)
{
    model::BenchParameters p;
    p.url = u"http://127.0.0.1:%1%2"_s.arg(server.port).arg(workload.path);
    p.concurrency = m_options.concurrency > 0 ? m_options.concurrency : workload.concurrency;
    p.keepAlive = m_options.keepAlive;
    p.durationMs = m_options.durationMs;
    p.rate = m_options.rate;

    runs::RecordedRun run(database);
    const qint64 ticksBefore = process.cpuTicks();
    QString error;
    switch (run.start(p, &error)) {
    case runs::RecordedRun::Start::Started:
        break;
    case runs::RecordedRun::Start::NotStored:
        say(u"the run cannot be stored: "_s + error);
        return false;
    case runs::RecordedRun::Start::NotStarted:
        say(u"%1 %2: %3"_s.arg(server.kind.id, workload.id, error));
        return false;
    }
    m_run = &run;
    if (m_stop)
        run.stop();
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        run.poll();
        if (run.isFinished())
            loop.quit();
    });
    poll.start(kPollMs);
    loop.exec();
    m_run = nullptr;
    const runs::RecordedRun::Result result = run.finish();
    const qint64 ticksAfter = process.cpuTicks();
    if (!result.error.isEmpty()) {
        say(u"%1 %2: %3"_s.arg(server.kind.id, workload.id, result.error));
        return false;
    }

    model::ShootoutEntry entry;
    entry.runId = result.runId;
    entry.server = server.kind.id;
    entry.workload = workload.id;
    entry.round = round;
    entry.summary = result.summary;
    const double cpuSeconds = double(ticksAfter - ticksBefore) / ServerProcess::ticksPerSecond();
    entry.cpuUsPerRequest
        = entry.summary.completed > 0 ? cpuSeconds * 1e6 / double(entry.summary.completed) : 0.0;
    if (database && result.runId == 0)
        say(u"the run was not stored: "_s + result.storeError);
    else if (database && !database->addShootoutRun(m_shootoutId, entry))
        say(u"the run was not stored: "_s + database->lastError());
    m_entries.append(entry);
    return true;
}

bool ShootoutRunner::run(const Options &options, storage::Database *database, QString *error)
{
    m_options = options;
    m_entries.clear();
    m_notes = {};
    m_shootoutId = 0;
    m_stop = false;
    m_workloads.clear();
    for (const QString &id : options.workloads)
        if (const std::optional<Workload> workload = Workload::find(id))
            m_workloads.append(*workload);
    if (m_workloads.isEmpty() || options.servers.isEmpty() || options.rounds < 1) {
        *error = u"give at least one server, one workload and one round"_s;
        return false;
    }

    QTemporaryDir temp(QDir(options.tempParent.isEmpty() ? QDir::tempPath() : options.tempParent)
                           .filePath(u"hostbench-shootout-XXXXXX"_s));
    if (!temp.isValid()) {
        *error = u"cannot create a temporary folder: "_s + temp.errorString();
        return false;
    }
    // Servers whose workers drop privileges must reach the files.
    QFile::setPermissions(temp.path(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther);
    const QString documentRoot = temp.filePath(u"site"_s);
    QDir().mkpath(documentRoot);
    std::optional<model::VirtualHost> site = Workload::makeSite(documentRoot, m_workloads, error);
    if (!site)
        return false;
    site->accessLogEnabled = false;
    site->errorLogEnabled = false;

    // The generator on one CPU, the servers on another (the children get
    // theirs between fork and exec; this thread's mask is what the
    // generator's threads inherit).
    const QList<int> cpus = ServerProcess::allowedCpus();
    m_serverCpu = m_loadCpu = -1;
    if (cpus.size() >= 2) {
        QString pinError;
        if (ServerProcess::pinCurrentThread(cpus.at(1), &pinError)) {
            m_serverCpu = cpus.at(0);
            m_loadCpu = cpus.at(1);
            say(u"Servers pinned to CPU %1, the load generator to CPU %2"_s.arg(m_serverCpu).arg(m_loadCpu));
        } else {
            say(u"Not pinned: "_s + pinError);
        }
    } else {
        say(u"One CPU only: servers and the load generator share it (not pinned)"_s);
    }

    // Which servers can run, on which ports.
    QList<Server> servers;
    quint16 nextPort = options.firstPort;
    for (const QString &id : options.servers) {
        const std::optional<ServerKind> kind = ServerCatalog::find(id);
        if (!kind)
            continue;
        note(kind->id, u"package"_s, kind->package);
        const QString program = ServerCatalog::locate(*kind, options.hostbenchCli);
        if (program.isEmpty()) {
            note(kind->id, u"status"_s, u"missing"_s);
            say(u"%1: not installed (apt-get install %2)"_s.arg(kind->id, kind->package));
            continue;
        }
        quint16 port = nextPort;
        while (port < 65535 && !portFree(port)) {
            const QString holder = sys::PortHolder::find(port).describe();
            const QString line
                = u"%1: port %2 is in use by %3, trying %4"_s.arg(kind->id).arg(port).arg(holder).arg(
                    port + 1);
            say(line);
            note(kind->id, u"port_note"_s, line);
            ++port;
        }
        nextPort = quint16(port + 1);
        note(kind->id, u"port"_s, port);
        servers.append({ *kind, program, port, temp.filePath(kind->id) });
    }

    // Before any load: each starts, and answers every URL with the file's bytes.
    QList<Server> usable;
    for (const Server &server : std::as_const(servers)) {
        if (m_stop)
            break;
        ServerProcess process;
        QString problem;
        if (!startServer(server, process, *site, &problem)) {
            const QString log = failureLog(server);
            note(server.kind.id, u"status"_s, u"failed"_s);
            note(server.kind.id, u"message"_s, problem);
            note(server.kind.id, u"log"_s, log);
            say(log.isEmpty() ? u"%1: failed to start: %2"_s.arg(server.kind.id, problem)
                              : u"%1: failed to start: %2\n%3"_s.arg(server.kind.id, problem, log));
            continue;
        }
        if (!checkBodies(server, documentRoot, &problem)) {
            note(server.kind.id, u"status"_s, u"wrong bytes"_s);
            note(server.kind.id, u"message"_s, problem);
            say(u"%1: left out, %2"_s.arg(server.kind.id, problem));
            continue;
        }
        process.stop();
        say(u"%1: %2 on 127.0.0.1:%3 answers every workload URL with the file's bytes"_s
                .arg(server.kind.id, server.program)
                .arg(server.port));
        usable.append(server);
    }
    if (usable.isEmpty()) {
        *error = m_stop ? u"stopped"_s : u"no server to measure"_s;
        return false;
    }

    if (database) {
        m_shootoutId = database->beginShootout(settingsJson(options), QDateTime::currentMSecsSinceEpoch());
        if (m_shootoutId == 0) {
            *error = database->lastError();
            return false;
        }
    }
    const int total = options.rounds * int(usable.size()) * int(m_workloads.size());
    int done = 0;
    for (int round = 1; round <= options.rounds && !m_stop; ++round) {
        for (qsizetype i = 0; i < usable.size() && !m_stop; ++i) {
            const Server &server = usable.at((i + round - 1) % usable.size());
            ServerProcess process;
            QString problem;
            if (!startServer(server, process, *site, &problem)) {
                say(u"%1: failed to start in round %2: %3\n%4"_s.arg(server.kind.id)
                        .arg(round)
                        .arg(problem, failureLog(server)));
                note(server.kind.id, u"message"_s, problem);
                done += int(m_workloads.size());
                continue;
            }
            for (const Workload &workload : std::as_const(m_workloads)) {
                if (m_stop)
                    break;
                const QString what = u"round %1 of %2: %3 %4"_s.arg(round)
                                         .arg(options.rounds)
                                         .arg(server.kind.id, workload.id);
                if (onProgress)
                    onProgress(done, total, what);
                if (measure(server, process, workload, round, database))
                    note(server.kind.id, u"status"_s, u"measured"_s);
                ++done;
            }
            process.stop();
        }
    }
    if (onProgress)
        onProgress(done, total, m_stop ? u"stopped"_s : u"done"_s);
    if (database
        && !database->finishShootout(
            m_shootoutId, QJsonObject { { u"servers"_s, m_notes }, { u"interrupted"_s, bool(m_stop) } })) {
        *error = database->lastError();
        return false;
    }
    return true;
}

} // namespace hostbench::shootout
