#include "shootout/ShootoutRunner.h"

#include "runs/RecordedRun.h"
#include "shootout/ServerProcess.h"
#include "shootout/ShootoutPhp.h"
#include "shootout/Upstream.h"
#include "storage/Database.h"
#include "sys/Machine.h"

#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr int kPollMs = 100;

} // namespace

ShootoutRunner::ShootoutRunner() = default;

ShootoutRunner::~ShootoutRunner() = default;

void ShootoutRunner::emitEvent(const ShootoutEvent &event)
{
    if (onEvent)
        onEvent(event);
}

void ShootoutRunner::say(const QString &line, const QString &server)
{
    ShootoutEvent event;
    event.kind = ShootoutEvent::Kind::Message;
    event.text = line;
    event.server = server;
    emitEvent(event);
}

void ShootoutRunner::stop()
{
    m_stop = true;
    if (runs::RecordedRun *run = m_run.load())
        run->stop();
}

QJsonObject ShootoutRunner::settingsJson(const Options &options) const
{
    QJsonObject settings = options.settings();
    settings.insert(u"server_cpu"_s, m_serverCpu);
    settings.insert(u"load_cpu"_s, m_loadCpu);
    // The figures count for this machine only: said beside every table made of them.
    settings.insert(u"machine"_s, m_machine);
    return settings;
}

model::BenchParameters ShootoutRunner::parametersFor(const Server &server, const Workload &workload) const
{
    model::BenchParameters p;
    p.url = u"http://127.0.0.1:%1%2"_s.arg(server.port).arg(workload.path);
    p.concurrency = m_options.concurrency > 0 ? m_options.concurrency : workload.concurrency;
    p.keepAlive = m_options.keepAlive;
    if (workload.tls) {
        // The name the shootout's certificate carries (SNI), on 127.0.0.1 (BenchTarget::lookupName).
        p.url = u"https://localhost:%1%2"_s.arg(server.tlsPort).arg(workload.path);
        p.tlsVerify = true;
        p.tlsRoots = { m_tlsRoot };
        p.keepAlive = m_options.keepAlive && !workload.newConnections;
        p.tlsResume = !workload.newConnections;
        p.http2 = workload.http2;
        p.streams = workload.http2 ? workload.streams : 1;
        // HTTP/2 multiplexes its requests on kept connections: --no-keep-alive is HTTP/1.1's.
        p.keepAlive = p.keepAlive || workload.http2;
    }
    p.durationMs = m_options.durationMs;
    p.rate = m_options.rate;
    return p;
}

std::optional<model::ShootoutEntry> ShootoutRunner::measure(const Server &server, ServerProcess &process,
    const Workload &workload, int round, storage::Database *database)
{
    if (m_options.capacity())
        return measureCapacity(server, process, workload, round, database);
    const model::BenchParameters p = parametersFor(server, workload);
    runs::RecordedRun run(database);
    // A PHP workload's PHP-FPM works for the server: its CPU is measured apart.
    ShootoutPhp *const php = workload.php && m_php && m_php->isRunning() ? m_php.get() : nullptr;
    const qint64 phpTicksBefore = php ? php->cpuTicks() : 0;
    const qint64 ticksBefore = process.cpuTicks();
    QString error;
    switch (run.start(p, &error)) {
    case runs::RecordedRun::Start::Started:
        break;
    case runs::RecordedRun::Start::NotStored:
        say(u"the run cannot be stored: "_s + error, server.kind.id);
        return std::nullopt;
    case runs::RecordedRun::Start::NotStarted:
        say(u"%1 %2: %3"_s.arg(server.kind.id, workload.id, error), server.kind.id);
        return std::nullopt;
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
    const qint64 phpTicksAfter = php ? php->cpuTicks() : 0;
    if (!result.error.isEmpty()) {
        say(u"%1 %2: %3"_s.arg(server.kind.id, workload.id, result.error), server.kind.id);
        return std::nullopt;
    }

    model::ShootoutEntry entry;
    entry.summary = result.summary;
    const double cpuSeconds = double(ticksAfter - ticksBefore) / ServerProcess::ticksPerSecond();
    entry.cpuUsPerRequest
        = entry.summary.completed > 0 ? cpuSeconds * 1e6 / double(entry.summary.completed) : 0.0;
    if (php) {
        entry.phpFpmCpuUsPerRequest
            = ShootoutPhp::usPerRequest(phpTicksAfter - phpTicksBefore, entry.summary.completed);
        m_servers[ShootoutPhp::noteId()].status = u"measured"_s;
    }
    return keepEntry(entry, server, workload, round, result, database);
}

model::ShootoutEntry ShootoutRunner::keepEntry(model::ShootoutEntry entry, const Server &server,
    const Workload &workload, int round, const runs::RecordedRun::Result &result, storage::Database *database)
{
    entry.runId = result.runId;
    entry.server = server.kind.id;
    entry.workload = workload.id;
    entry.round = round;
    if (database && result.runId == 0)
        say(u"the run was not stored: "_s + result.storeError, server.kind.id);
    else if (database && !database->addShootoutRun(m_shootoutId, entry))
        say(u"the run was not stored: "_s + database->lastError(), server.kind.id);
    m_entries.append(entry);
    return entry;
}

bool ShootoutRunner::reset(const Options &options, QString *error)
{
    m_options = options;
    m_entries.clear();
    m_servers.clear();
    m_shootoutId = 0;
    m_stop = false;
    m_workloads.clear();
    m_groups.clear();
    m_upstream.reset();
    m_php.reset();
    m_tlsDataDir.clear();
    m_tlsRoot.clear();
    for (const QString &id : options.workloads)
        if (const std::optional<Workload> workload = Workload::find(id))
            m_workloads.append(*workload);
    if (m_workloads.isEmpty() || options.servers.isEmpty() || options.rounds < 1) {
        *error = u"give at least one server, one workload and one round"_s;
        return false;
    }
    return true;
}

bool ShootoutRunner::makeSites(const QTemporaryDir &temp, QString *error)
{
    if (!temp.isValid()) {
        *error = u"cannot create a temporary folder: "_s + temp.errorString();
        return false;
    }
    // Servers whose workers drop privileges must reach the files.
    QFile::setPermissions(temp.path(),
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup
            | QFile::ReadOther | QFile::ExeOther);
    // The files' site; the proxied one comes with its upstream (startUpstream), the PHP one with
    // its PHP-FPM (startPhp).
    QList<Workload> files;
    for (const Workload &workload : std::as_const(m_workloads))
        if (!workload.proxied && !workload.php && !workload.tls)
            files.append(workload);
    if (files.isEmpty())
        return true;
    const QString documentRoot = temp.filePath(u"site"_s);
    QDir().mkpath(documentRoot);
    std::optional<model::VirtualHost> site = Workload::makeSite(documentRoot, files, error);
    if (!site)
        return false;
    site->accessLogEnabled = false;
    site->errorLogEnabled = false;
    m_groups.append({ *site, files });
    return true;
}

void ShootoutRunner::pinCpus()
{
    // The generator on one CPU, the servers on another (the children get
    // theirs between fork and exec; this thread's mask is what the
    // generator's threads inherit).
    const QList<int> cpus = ServerProcess::allowedCpus();
    m_serverCpu = m_loadCpu = -1;
    if (cpus.size() < 2) {
        say(u"One CPU only: servers and the load generator share it (not pinned)"_s);
        return;
    }
    QString pinError;
    if (!ServerProcess::pinCurrentThread(cpus.at(1), &pinError)) {
        say(u"Not pinned: "_s + pinError);
        return;
    }
    m_serverCpu = cpus.at(0);
    m_loadCpu = cpus.at(1);
    say(u"Servers pinned to CPU %1, the load generator to CPU %2"_s.arg(m_serverCpu).arg(m_loadCpu));
}

void ShootoutRunner::measureAll(const Server &server, ServerProcess &process,
    const QList<Workload> &workloads, int round, storage::Database *database, int *done, int total)
{
    for (const Workload &workload : workloads) {
        if (m_stop)
            break;
        ShootoutEvent event;
        event.kind = ShootoutEvent::Kind::RunStarting;
        event.server = server.kind.id;
        event.workload = workload.id;
        event.round = round;
        event.rounds = m_options.rounds;
        event.done = *done;
        event.total = total;
        emitEvent(event);
        const std::optional<model::ShootoutEntry> entry = measure(server, process, workload, round, database);
        ++*done;
        if (entry) {
            m_servers[server.kind.id].status = u"measured"_s;
            event.kind = ShootoutEvent::Kind::Result;
            event.entry = *entry;
            event.done = *done;
            emitEvent(event);
        }
    }
}

void ShootoutRunner::runTurn(
    const Server &server, int round, storage::Database *database, int *done, int total)
{
    // One session per site: the files' site, then the proxied one.
    for (const int index : server.groups) {
        if (m_stop)
            break;
        const SiteGroup &group = m_groups.at(index);
        serverEvent(ShootoutEvent::Kind::ServerStarting, server, round);
        ServerProcess process;
        QString problem;
        if (!startServer(server, process, group, &problem)) {
            serverFailed(server, u"failed"_s, problem, round);
            *done += int(group.workloads.size());
            continue;
        }
        serverEvent(ShootoutEvent::Kind::ServerReady, server, round);
        measureAll(server, process, group.workloads, round, database, done, total);
        process.stop();
    }
}

bool ShootoutRunner::runRounds(const QList<Server> &usable, storage::Database *database, QString *error)
{
    if (database) {
        m_shootoutId = database->beginShootout(settingsJson(m_options), QDateTime::currentMSecsSinceEpoch());
        if (m_shootoutId == 0) {
            *error = database->lastError();
            return false;
        }
    }
    const bool upstream = m_upstream && m_upstream->isRunning();
    int perRound = upstream ? int(proxiedWorkloads().size()) : 0;
    for (const Server &server : usable)
        for (const int index : server.groups)
            perRound += int(m_groups.at(index).workloads.size());
    const int total = m_options.rounds * perRound;
    int done = 0;
    // Interleaved: the order rotated by one each round, the upstream alone one turn of it.
    const qsizetype turns = usable.size() + (upstream ? 1 : 0);
    for (int round = 1; round <= m_options.rounds && !m_stop; ++round)
        for (qsizetype i = 0; i < turns && !m_stop; ++i) {
            const qsizetype turn = (i + round - 1) % turns;
            if (turn == usable.size())
                upstreamTurn(round, database, &done, total);
            else
                runTurn(usable.at(turn), round, database, &done, total);
        }
    ShootoutEvent event;
    event.kind = ShootoutEvent::Kind::Done;
    event.done = done;
    event.total = total;
    event.stopped = m_stop;
    event.shootoutId = m_shootoutId;
    if (database)
        event.database = database->filePath();
    emitEvent(event);
    if (database
        && !database->finishShootout(m_shootoutId, ServerNote::shootoutNotes(m_servers, m_stop, m_entries))) {
        *error = database->lastError();
        return false;
    }
    return true;
}

bool ShootoutRunner::run(const Options &options, storage::Database *database, QString *error)
{
    if (!reset(options, error))
        return false;
    const QTemporaryDir temp(QDir(options.tempParent.isEmpty() ? QDir::tempPath() : options.tempParent)
                                 .filePath(u"hostbench-shootout-XXXXXX"_s));
    if (!makeSites(temp, error))
        return false;
    makeTlsSite(temp);
    m_machine = sys::Machine::describe();
    say(u"Machine: "_s + m_machine);
    pinCpus();
    const QList<Server> planned = planServers(temp);
    startUpstream(temp, planned);
    startPhp(temp);
    const QList<Server> usable = checkServers(planned);
    bool ok = false;
    if (usable.isEmpty())
        *error = m_stop ? u"stopped"_s : u"no server to measure"_s;
    else
        ok = runRounds(usable, database, error);
    if (m_upstream)
        m_upstream->stop();
    if (m_php)
        m_php->stop();
    return ok;
}

} // namespace hostbench::shootout
