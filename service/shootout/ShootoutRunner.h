#pragma once

#include "model/BenchParameters.h"
#include "model/ShootoutEntry.h"
#include "runs/RecordedRun.h"
#include "shootout/ServerCatalog.h"
#include "shootout/ServerNote.h"
#include "shootout/ShootoutEvent.h"
#include "shootout/ShootoutOptions.h"
#include "shootout/Workload.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QTemporaryDir;

namespace hostbench::storage {
class Database;
}

namespace hostbench::shootout {

class ServerProcess;
class ShootoutPhp;
class Upstream;

/*
 * A shootout: the same workloads against Hostbench and the production
 * servers found on the machine, fair by construction (the method of
 * tests/perf/servers.sh, docs/PERFORMANCE.md):
 *  - the workloads' files are generated into a temporary site, and each
 *    server gets its configuration for that site (ServerCatalog) under a
 *    temporary prefix of its own, on its own loopback port (a port in use
 *    is skipped to the next free one, and said);
 *  - before any load, each server is started and every workload URL is
 *    fetched from it and compared byte for byte with the file (BodyCheck);
 *    a server that answers other bytes is left out, one that fails to start
 *    is reported with its own log, one not installed with its package;
 *  - with 2 or more CPUs, servers run pinned to the first allowed CPU and
 *    the load generator (bench::LoadGenerator, as `bench` runs it) to the
 *    second;
 *  - rounds are interleaved, the server order rotated by one each round;
 *    each server is started for its turn and stopped afterwards (its whole
 *    session), the temporary folder removed at the end;
 *  - the server's CPU per request is the user + system time of its session
 *    (/proc) over the run, divided by the completed requests;
 *  - proxied workloads (W6p) go through each server to one Upstream, started
 *    once before the servers are checked, pinned with them, and stopped at
 *    the end; each server serves them from a second site (its whole path
 *    proxied, Workload::makeProxySite), started for them in its turn, and
 *    a server that does not answer them with the bytes is left out of them
 *    only. The upstream alone is measured on them too, once a round in the
 *    rotation, as the server id "upstream" (Workload::upstreamId(): the
 *    report's reference line); the front servers' CPU per request is their
 *    own session's, not the upstream's.
 *  - PHP workloads (W5, W7p) go through each server to one PHP-FPM pool
 *    (ShootoutPhp), started once before the servers are checked, pinned
 *    with them, and stopped at the end; each server serves them from a
 *    third site (its whole path PHP, Workload::makePhpSite: Hostbench's
 *    `serve --php unix:SOCKET`, the others' PHP configuration of
 *    engine/export), and one that does not answer them with the bytes is
 *    left out of them only. Over each of their runs the pool's own CPU time
 *    is measured too (ShootoutEntry::phpFpmCpuUsPerRequest), next to the
 *    front server's. Without PHP-FPM installed they are left out, saying
 *    which package to install (the note "php-fpm", status "missing").
 *  - HTTPS workloads (W1s, W1sn) go to each server's TLS listener, on a
 *    port of its own (the next free one after its cleartext port): a fourth
 *    site (W1's file) served with one certificate for every server, a leaf
 *    for "localhost" of a local CA made for the shootout in its temporary
 *    folder (tls::LocalCa, "tls-data/ca"): Hostbench's `serve --listen-tls`
 *    on that data folder, the others' TLS export (ServerCatalog::Tls). The
 *    load generator asks for https://localhost:PORT (SNI "localhost") and
 *    trusts that CA's root alone; the answers are checked over TLS too. W1s
 *    keeps its connections (unless the shootout turns keep-alive off), W1sn
 *    opens a new one per request without resumption (a full handshake each).
 *    W1h2 and W2h2 (Workload::http2) are HTTP/2 on the same listener and
 *    site, h2 by ALPN, in a group of their own (a start of their own in each
 *    turn): their answers are checked over h2 (BodyCheck::Endpoint::http2),
 *    and a server whose listener answers them over HTTP/1.1 is left out of
 *    them only ("wrong bytes" for them, saying so); the load generator
 *    refuses a connection whose ALPN did not choose h2, so a measured row
 *    is HTTP/2 throughout.
 * With --capacity (ShootoutOptions::capacitySlo) each workload and server
 * gets a capacity search (runs::CapacityRun, bench --find-capacity's: the
 * same parameters, the rate from options.rate or 100, each step
 * kCapacityWarmupMs unjudged then stepMs judged, at least 50 connections
 * without -c) in place of the run, stored as one run whose summary holds
 * the step table; its steps are CapacityStep events as they end. The
 * server's CPU per request is not measured then (the warm-ups' requests
 * are not counted): 0.
 * Each run is stored as `bench` stores it (samples as they come) and linked
 * to the shootout (Database::beginShootout ...), so that a shootout killed
 * midway keeps the runs it had finished. The stored notes are
 * ServerNote::shootoutNotes: {"servers": notes(), "interrupted": stopped
 * before its end, "php_fpm_cpu_us_per_request": the pool's per run id}.
 *
 * (ShootoutRunner.cpp holds run()'s phases, ShootoutRunnerServers.cpp the
 * servers' part: ports, the upstream, start, the check of their answers,
 * failures; ShootoutRunnerPhp.cpp the PHP-FPM pool's; ShootoutRunnerTls.cpp
 * the HTTPS workloads' site and CA.)
 *
 * Thread: the thread that calls run() (it runs local event loops and blocks
 * until the end); stop() from any thread, or a signal handler's event.
 */
class ShootoutRunner final
{
public:
    using Options = ShootoutOptions;

    ShootoutRunner();
    ~ShootoutRunner();
    ShootoutRunner(const ShootoutRunner &) = delete;
    ShootoutRunner &operator=(const ShootoutRunner &) = delete;

    // What run() says as it goes, each thing as it happens (ShootoutEvent
    // lists them); called on run()'s thread.
    std::function<void(const ShootoutEvent &event)> onEvent;

    // Runs the whole shootout; stores it in `database` when given. False
    // with *error when nothing could be measured (no usable server, the
    // temporary site cannot be written, the database refuses); a server
    // that is missing or fails is a note, not a failure. The last event is
    // Done (once the rounds began), then the shootout is stored as finished.
    bool run(const Options &options, storage::Database *database, QString *error);
    void stop();

    qint64 shootoutId() const { return m_shootoutId; }
    const QList<model::ShootoutEntry> &entries() const { return m_entries; }
    // Per server id, what it says of the server (ServerNote), and as JSON.
    const QMap<QString, ServerNote> &serverNotes() const { return m_servers; }
    QJsonObject notes() const { return ServerNote::toJson(m_servers); }
    // options.settings() and the CPUs used ("server_cpu", "load_cpu").
    QJsonObject settingsJson(const Options &options) const;
    bool pinned() const { return m_serverCpu >= 0; }

private:
    struct Server
    {
        ServerKind kind;
        QString program;
        quint16 port = 0;
        QString prefix;
        QList<int> groups; // the indices in m_groups of the sites it answered right
        quint16 tlsPort = 0; // its TLS listener's, with HTTPS workloads
    };
    // A site a server is started on, and the workloads measured on it.
    struct SiteGroup
    {
        model::VirtualHost site;
        QList<Workload> workloads;
        bool tls = false; // served on the TLS listener too (HTTPS workloads)
        bool http2 = false; // tls: its workloads are HTTP/2 (h2 by ALPN), checked over h2
    };

    // The phases of run(), in order.
    bool reset(const Options &options, QString *error);
    bool makeSites(const QTemporaryDir &temp, QString *error);
    void pinCpus();
    QList<Server> planServers(const QTemporaryDir &temp);
    void startUpstream(const QTemporaryDir &temp, const QList<Server> &servers);
    void startPhp(const QTemporaryDir &temp); // ShootoutRunnerPhp.cpp
    void makeTlsSite(const QTemporaryDir &temp); // ShootoutRunnerTls.cpp
    QList<Server> checkServers(const QList<Server> &servers);
    bool runRounds(const QList<Server> &usable, storage::Database *database, QString *error);
    void runTurn(const Server &server, int round, storage::Database *database, int *done, int total);
    void upstreamTurn(int round, storage::Database *database, int *done, int total);

    void emitEvent(const ShootoutEvent &event);
    void say(const QString &line, const QString &server = {});
    // `tls`: about the server's TLS listener (an HTTPS group of sites).
    void serverEvent(ShootoutEvent::Kind kind, const Server &server, int round, bool tls = false);
    void serverFailed(const Server &server, const QString &status, const QString &problem, int round);
    bool startServer(const Server &server, ServerProcess &process, const SiteGroup &group, QString *error);
    bool checkBodies(const Server &server, const SiteGroup &group, QString *error);
    model::BenchParameters parametersFor(const Server &server, const Workload &workload) const;
    std::optional<model::ShootoutEntry> measure(const Server &server, ServerProcess &process,
        const Workload &workload, int round, storage::Database *database);
    // --capacity: a capacity search in place of the run (ShootoutRunnerCapacity.cpp).
    std::optional<model::ShootoutEntry> measureCapacity(const Server &server, ServerProcess &process,
        const Workload &workload, int round, storage::Database *database);
    // The entry kept and stored with the shootout (the run's id, its place).
    model::ShootoutEntry keepEntry(model::ShootoutEntry entry, const Server &server, const Workload &workload,
        int round, const runs::RecordedRun::Result &result, storage::Database *database);
    void measureAll(const Server &server, ServerProcess &process, const QList<Workload> &workloads, int round,
        storage::Database *database, int *done, int total);
    QList<Workload> proxiedWorkloads() const;
    QList<Workload> phpWorkloads() const;
    QList<Workload> tlsWorkloads() const;
    Server phpServer() const;
    Server upstreamServer() const;
    QString failureLog(const Server &server) const;

    Options m_options;
    QList<Workload> m_workloads;
    QList<SiteGroup> m_groups; // the files' site, the HTTPS ones (HTTP/1.1, HTTP/2), the proxied, the PHP one
    std::unique_ptr<Upstream> m_upstream; // set while proxied workloads have one
    std::unique_ptr<ShootoutPhp> m_php; // set while PHP workloads have their pool
    QString m_tlsDataDir; // HTTPS workloads: Hostbench's data folder, holding the CA
    QString m_tlsRoot; // that CA's root certificate, the one the load generator trusts
    QList<model::ShootoutEntry> m_entries;
    QMap<QString, ServerNote> m_servers;
    qint64 m_shootoutId = 0;
    int m_serverCpu = -1;
    int m_loadCpu = -1;
    QString m_machine; // sys::Machine::describe() at the start, stored with the settings
    std::atomic<bool> m_stop { false };
    std::atomic<runs::RecordedRun *> m_run { nullptr };
};

} // namespace hostbench::shootout
