#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace hostbench::shootout {

/*
 * What a shootout is asked to do: the one set of options behind
 * `hostbench-cli shootout`'s flags (cli::ShootoutFlags::parse produces it)
 * and the Shootout page's form (which starts the CLI with arguments()).
 * ShootoutRunner reads the part that concerns a run; the rest (where to
 * store, what to print) is the command's.
 *
 * The stored settings of a shootout (Database::beginShootout's JSON:
 * "servers", "workloads", "duration_s", "rounds", "concurrency",
 * "keep_alive", "rate", "workers", and with --capacity "capacity": {"slo",
 * "step_s"}) are written by settings() and read back
 * by fromSettings(); their keys are named here and nowhere else.
 * A value type; any thread.
 */
struct ShootoutOptions
{
    // How the CLI reports its progress on stderr: text lines, or one JSON
    // object per line (ShootoutEvent::toJson).
    enum class Progress { Text, Json };

    QStringList servers; // ServerCatalog ids, in the order given
    QStringList workloads; // Workload ids
    qint64 durationMs = 5000; // per run
    int rounds = 3;
    int concurrency = 0; // 0: each workload's own
    bool keepAlive = true;
    double rate = 0; // > 0: open model at this many requests/s in all
    int workers = 1; // server worker processes or threads
    // --capacity --slo EXPR...: each workload and server gets a capacity
    // search (runs::CapacityRun, bench --find-capacity's) instead of one run:
    // the servers are ranked by the highest rate whose steps meet every SLO.
    // `rate` is then the search's start (0: CapacitySearch's default), each
    // step runs kCapacityWarmupMs unjudged, then stepMs judged. Empty: no search.
    QStringList capacitySlo;
    qint64 stepMs = 3000; // --step-duration
    static constexpr qint64 kCapacityWarmupMs = 1000;
    static constexpr int kCapacityConnections = 50; // per step, without -c (bench's)
    quint16 firstPort = 18080; // ports are taken from here up
    QString dataDir; // --data-dir; empty: the default data folder
    bool store = true; // false: --no-store
    QString jsonFile; // --json FILE; empty: none
    Progress progress = Progress::Text;
    // Not flags: the runner's.
    QString hostbenchCli; // the hostbench-cli that serves Hostbench's turn
    QString tempParent; // where the temporary prefix goes; empty: the system's

    bool capacity() const { return !capacitySlo.isEmpty(); }

    // The servers and workloads when none are given.
    static QStringList defaultWorkloads(); // W1, W2, W3, W5r, W6

    // The command line that asks hostbench-cli for these options, "shootout"
    // first; a flag at its default is left out, except --servers,
    // --workloads, -t (--capacity and --slo with --step-duration instead)
    // and --rounds, always written.
    QStringList arguments() const;

    // The stored settings (see above) and back; a missing or odd key reads
    // as the default.
    QJsonObject settings() const;
    static ShootoutOptions fromSettings(const QJsonObject &settings);

    bool operator==(const ShootoutOptions &other) const = default;
};

} // namespace hostbench::shootout
