#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"
#include "model/ServerConfig.h"
#include "model/VirtualHost.h"
#include "storage/Schema.h"
#include "storage/ShootoutTable.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <functional>
#include <optional>

namespace hostbench::storage {

/*
 * A stored benchmark run: its row id, when, parameters and summary.
 */
struct StoredRun
{
    qint64 id = 0;
    qint64 startedAtMs = 0; // ms since the Unix epoch
    model::BenchParameters parameters;
    model::RunSummary summary; // interrupted when not finished
    bool finished = true; // false: its process ended before the summary (samples so far kept)
    QString note; // the user's, plain text; empty when none
    bool baseline = false; // the baseline of its target (model::runTarget: method and URL)
    // For a run of a shootout (table shootout_runs): which shootout, server
    // ("nginx", as --servers names it), workload ("W1") and round (1-based).
    // shootoutId 0 and the rest empty for any other run.
    qint64 shootoutId = 0;
    QString shootoutServer;
    QString shootoutWorkload;
    int shootoutRound = 0;
};

/*
 * Hostbench's SQLite file: virtual hosts and their routes, server settings,
 * benchmark runs with their interval samples and latency histograms. Opening creates or upgrades
 * the schema (PRAGMA user_version, ordered steps in one transaction), turns
 * on WAL and foreign keys.
 *
 * Thread: owned by the thread that opened it; it holds a QSqlDatabase
 * connection named for this object, which Qt allows on that thread only.
 * Another thread opens its own Database on the same file.
 *
 * Errors: open() returns false and lastError() says why (not a database,
 * newer schema than this build knows, cannot create the folder). A file that
 * is not a valid database is reported and left untouched, never replaced.
 * Every other method returns false / empty and sets lastError() on failure.
 *
 * Opening and its checks are in Database.cpp, the sites and settings in
 * DatabaseConfig.cpp, the runs and shootouts in DatabaseRuns.cpp; each
 * table's SQL is in its *Table class, the schema's steps in Schema.
 */
class Database final
{
public:
    static constexpr int kSchemaVersion = Schema::kVersion; // the version this build writes

    Database();
    ~Database();

    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    bool open(const QString &filePath);
    void close();
    bool isOpen() const;
    QString filePath() const;
    QString lastError() const;
    int schemaVersion() const; // PRAGMA user_version

    // Virtual hosts, default host first, then by host name; routes included.
    QList<model::VirtualHost> virtualHosts();
    // Inserts (id == 0) or updates a host and replaces its routes; sets host.id.
    // Making a host the default clears the flag on the others. Fails on a
    // duplicate host name or alias. Host names and aliases are stored
    // trimmed and in lower case (host is updated to match); an alias equal
    // to the host name or repeated is dropped.
    bool saveVirtualHost(model::VirtualHost &host);
    bool removeVirtualHost(qint64 id);

    model::ServerConfig serverConfig(); // the defaults when nothing is stored
    bool saveServerConfig(const model::ServerConfig &config);

    // Free-form settings (table `settings`); `fallback` when the key is absent.
    // An empty value (null or not) is stored as such: setting() then gives "".
    QString setting(const QString &key, const QString &fallback = {});
    bool setSetting(const QString &key, const QString &value);

    // Stores a run with its samples and, if given, its latency histogram (µs)
    // in one transaction; returns its id, 0 on failure.
    qint64 saveRun(const model::BenchParameters &parameters, const model::RunSummary &summary,
        const QList<model::BenchSample> &samples, const model::LatencyHistogram *histogram = nullptr);
    // A run stored as it goes (hostbench-cli bench): beginRun() returns
    // the id of an unfinished run (0 on failure), appendSamples() adds the
    // intervals as they end, finishRun() adds the summary and histogram.
    // Each is one transaction: a process killed mid-run loses at most the
    // interval it had not stored yet, and the file stays consistent.
    qint64 beginRun(const model::BenchParameters &parameters, qint64 startedAtMs);
    bool appendSamples(qint64 runId, const QList<model::BenchSample> &samples);
    bool finishRun(qint64 runId, const model::RunSummary &summary, const model::LatencyHistogram *histogram);
    QList<StoredRun> runs(int limit = 1000); // newest first
    std::optional<StoredRun> run(qint64 id);
    QList<model::BenchSample> samples(qint64 runId); // in order
    // The run's latency histogram (µs). nullopt when the run was stored
    // without one (lastError() empty), has no such id, or its BLOB cannot be
    // read (lastError() says which).
    std::optional<model::LatencyHistogram> histogram(qint64 runId);
    bool removeRun(qint64 id);
    // Replaces run `id`'s note (plain text; empty clears it). False with
    // lastError() when there is no such run or the write fails.
    bool setRunNote(qint64 id, const QString &note);
    // Baselines (issue #28): at most one run per target (model::runTarget,
    // the method and the URL). setBaseline() makes run `id` its target's
    // baseline (the former one no longer), in one transaction; false with
    // lastError() for no such run, one broken off (it has no summary or
    // histogram to compare with), stopped or aborted before its end, or one
    // without a successful request. clearBaseline() removes the baseline of
    // run `id`'s target, whichever run it is: *cleared is its id, 0 when
    // the target had none. baseline() gives the target's baseline, nullopt
    // when it has none (lastError() empty) or on an error; baselines()
    // every baseline, by id.
    bool setBaseline(qint64 id);
    bool clearBaseline(qint64 id, qint64 *cleared);
    std::optional<StoredRun> baseline(const QByteArray &method, const QString &url);
    QList<StoredRun> baselines();

    // Shootouts (ShootoutTable), stored as they go: beginShootout() returns
    // the id of an unfinished one (0 on failure); each run is stored with
    // beginRun/appendSamples/finishRun and then linked with addShootoutRun()
    // (entry.runId set); finishShootout() stores the notes and marks it
    // finished. shootouts() lists them newest first without their entries;
    // shootout() gives one with them (nullopt and lastError() when absent).
    // removeShootout() removes it and its runs in one transaction.
    qint64 beginShootout(const QJsonObject &settings, qint64 startedAtMs);
    bool addShootoutRun(qint64 shootoutId, const model::ShootoutEntry &entry);
    bool finishShootout(qint64 shootoutId, const QJsonObject &notes);
    QList<StoredShootout> shootouts(int limit = 1000);
    std::optional<StoredShootout> shootout(qint64 id);
    bool removeShootout(qint64 id);

private:
    bool migrate();
    bool fail(const QString &what, const QString &detail);
    bool ensureOpen();
    // Runs `work` (returning false with *error on failure) in a transaction.
    bool inTransaction(const QString &what, const std::function<bool(QString *error)> &work);
    QSqlDatabase connection() const;

    QString m_connectionName;
    QString m_filePath;
    QString m_canonicalPath; // counted in the open-files registry while open (Database.cpp)
    QString m_lastError;
};

} // namespace hostbench::storage
