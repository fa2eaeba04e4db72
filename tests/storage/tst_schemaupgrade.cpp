// Schema upgrades of files written by older builds: a version-1 file (before
// run histograms) is upgraded in place and keeps its data; a failed upgrade
// leaves it as it was; a version-6 file gains runs.note and keeps every row;
// a version-7 file gains host_settings.serve_hidden_files, off for its sites;
// a version-13 file's samples gain planned_rate (none) and paused_ms (0).
#include "DatabaseFixture.h"
#include "storage/Database.h"
#include "storage/RunJson.h"
#include "storage/Schema.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QMap>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::BenchParameters;
using hostbench::model::LatencyHistogram;
using hostbench::model::RunSummary;
using hostbench::storage::Database;
using hostbench::storage::RunJson;
using hostbench::storage::Schema;

class TestSchemaUpgrade final : public QObject, private DatabaseFixture
{
    Q_OBJECT

private slots:
    void init();
    void version1UpgradesInPlace();
    void failedUpgradeLeavesVersion1();
    void version2UpgradesToVersion3();
    void version6UpgradesToVersion7();
    void version7UpgradesToVersion8();
    void version11UpgradesToVersion12();
    void version12UpgradesToVersion13();
    void version13UpgradesToVersion14();

private:
    // Writes a version-1 file as a version-1 build did: one host with an
    // alias, a setting, one run with two samples. `extraSql` runs last.
    bool writeVersion1File(const QString &extraSql = {});
};

void TestSchemaUpgrade::init()
{
    QVERIFY(makeFolder());
}

bool TestSchemaUpgrade::writeVersion1File(const QString &extraSql)
{
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v1"_s);
        db.setDatabaseName(path());
        QString error;
        ok = db.open() && Schema::upgrade(db, 0, 1, &error);
        if (!error.isEmpty())
            qWarning() << error;

        BenchParameters p;
        p.url = u"http://127.0.0.1:8080/ok"_s;
        p.concurrency = 50;
        p.durationMs = 5000;
        p.keepAlive = true;
        RunSummary s;
        s.completed = 123'456;
        s.requestsPerSecond = 24'691.2;
        s.latencyP99Ms = 4.25;
        s.startedAtMs = 1'700'000'000'000;
        const auto json = [](const QJsonObject &o) {
            return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
        };
        QSqlQuery query(db);
        ok = ok
            && query.exec(u"INSERT INTO virtual_hosts (id, host_name, document_root, is_default) "
                          "VALUES (1, 'example.test', '/srv/www', 1)"_s)
            && query.exec(
                u"INSERT INTO host_aliases (alias, host_id, position) VALUES ('www.example.test', 1, 0)"_s)
            && query.exec(u"INSERT INTO settings (key, value) VALUES ('server.port', '8081')"_s);
        ok = ok
            && query.prepare(
                u"INSERT INTO runs (id, started_at_ms, url, method, concurrency, requests, duration_ms, "
                "keep_alive, threads, rate, time_taken_sec, completed, failed, non_2xx, "
                "requests_per_second, transfer_rate_kbps, latency_mean_ms, latency_p50_ms, "
                "latency_p99_ms, latency_max_ms, interrupted, parameters_json, summary_json) "
                "VALUES (7, ?, ?, 'GET', 50, 0, 5000, 1, 1, 0, 5.0, ?, 0, 0, ?, 0, 0, 0, ?, 0, 0, ?, ?)"_s);
        for (const QVariant &value : { QVariant(s.startedAtMs), QVariant(p.url),
                 QVariant(qint64(s.completed)), QVariant(s.requestsPerSecond), QVariant(s.latencyP99Ms),
                 QVariant(json(RunJson::toJson(p))), QVariant(json(RunJson::toJson(s))) })
            query.addBindValue(value);
        ok = ok && query.exec();
        ok = ok
            && query.exec(
                u"INSERT INTO samples (run_id, idx, elapsed_ms, interval_ms, completed, failed, bytes, "
                "p50_us, p90_us, p99_us, max_us, open_connections) VALUES "
                "(7, 0, 100, 100, 2400, 0, 300000, 1500, 2500, 4000, 9000, 50), "
                "(7, 1, 200, 100, 2500, 1, 310000, 1400, 2400, 4100, 8000, 50)"_s);
        if (!extraSql.isEmpty())
            ok = ok && query.exec(extraSql);
        if (!ok)
            qWarning() << query.lastError().text();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v1"_s);
    return ok && rawQuery(u"PRAGMA user_version"_s).toInt() == 1;
}

void TestSchemaUpgrade::version1UpgradesInPlace()
{
    QVERIFY(writeVersion1File());
    QCOMPARE(
        rawQuery(u"SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'histogram'"_s).toInt(), 0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QCOMPARE(db.filePath(), QFileInfo(path()).absoluteFilePath());

    // Everything version 1 wrote is still there.
    const QList<hostbench::model::VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst().hostName, u"example.test"_s);
    QCOMPARE(hosts.constFirst().aliases, QStringList { u"www.example.test"_s });
    QCOMPARE(db.serverConfig().port, quint16(8081));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.constFirst().id, 7);
    QCOMPARE(runs.constFirst().parameters.url, u"http://127.0.0.1:8080/ok"_s);
    QCOMPARE(runs.constFirst().parameters.concurrency, 50);
    QCOMPARE(runs.constFirst().summary.completed, quint64(123'456));
    QCOMPARE(runs.constFirst().summary.requestsPerSecond, 24'691.2);
    QCOMPARE(runs.constFirst().summary.latencyP99Ms, 4.25);
    const QList<hostbench::model::BenchSample> samples = db.samples(7);
    QCOMPARE(samples.size(), 2);
    QCOMPARE(samples.at(1).completed, quint64(2500));
    QCOMPARE(samples.at(1).p99Us, quint64(4100));

    // The old run has no histogram, which is not an error; new runs do.
    QVERIFY(!db.histogram(7).has_value());
    QCOMPARE(db.lastError(), QString());
    LatencyHistogram histogram;
    histogram.record(1500, 10);
    const qint64 id = db.saveRun({}, {}, {}, &histogram);
    QVERIFY2(id > 7, qPrintable(db.lastError()));
    QCOMPARE(db.histogram(id)->count(), quint64(10));
    db.close();

    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), Database::kSchemaVersion);
    QCOMPARE(
        rawQuery(u"SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'histogram'"_s).toInt(), 1);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM runs"_s).toInt(), 2);
    // Opening again changes nothing.
    QVERIFY(db.open(path()));
    QCOMPARE(db.runs().size(), 2);
}

void TestSchemaUpgrade::failedUpgradeLeavesVersion1()
{
    // A column the upgrade is about to add already there: step 2 fails.
    QVERIFY(writeVersion1File(u"ALTER TABLE runs ADD COLUMN histogram TEXT"_s));
    Database db;
    QVERIFY(!db.open(path()));
    QVERIFY2(db.lastError().contains(u"schema version 1"_s) && db.lastError().contains(u"step 2"_s),
        qPrintable(db.lastError()));
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 1);
    QCOMPARE(rawQuery(u"SELECT completed FROM runs WHERE id = 7"_s).toInt(), 123'456);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM samples"_s).toInt(), 2);
}

void TestSchemaUpgrade::version2UpgradesToVersion3()
{
    // A version-2 file: the version-1 data, upgraded by step 2 alone, plus a histogram.
    QVERIFY(writeVersion1File());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v2"_s);
        db.setDatabaseName(path());
        QString error;
        QVERIFY(db.open());
        QVERIFY2(Schema::upgrade(db, 1, 2, &error), qPrintable(error));
        QSqlQuery query(db);
        QVERIFY(query.exec(u"UPDATE runs SET histogram = x'00' WHERE id = 7"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v2"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 2);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM sqlite_master WHERE name = 'host_settings'"_s).toInt(), 0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Schema::kVersion);
    // The host keeps what version 2 stored and has the defaults for the rest.
    QList<hostbench::model::VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    hostbench::model::VirtualHost expected;
    expected.id = 1;
    expected.hostName = u"example.test"_s;
    expected.aliases = { u"www.example.test"_s };
    expected.documentRoot = u"/srv/www"_s;
    expected.isDefault = true;
    QCOMPARE(hosts.constFirst(), expected);
    QCOMPARE(db.serverConfig().port, quint16(8081));
    QCOMPARE(db.serverConfig().headerTimeoutMs, hostbench::model::ServerConfig().headerTimeoutMs);
    QCOMPARE(db.runs().size(), 1);
    QVERIFY(db.runs().constFirst().finished); // step 4: runs stored before were stored whole
    QVERIFY(!db.runs().constFirst().summary.interrupted);
    QCOMPARE(db.samples(7).size(), 2);
    QCOMPARE(rawQuery(u"SELECT hex(histogram) FROM runs WHERE id = 7"_s).toString(), u"00"_s);

    // The new settings can be stored on the upgraded file.
    hostbench::model::VirtualHost host = hosts.constFirst();
    host.directoryListing = true;
    host.accessLogPath = u"/tmp/example.access.log"_s;
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    QCOMPARE(db.virtualHosts().constFirst(), host);
}

void TestSchemaUpgrade::version6UpgradesToVersion7()
{
    // A version-6 file: the version-1 data brought to 6, plus a second run
    // (no samples) and a shootout holding the first.
    QVERIFY(writeVersion1File());
    const QStringList tables { u"virtual_hosts"_s, u"host_aliases"_s, u"settings"_s, u"runs"_s, u"samples"_s,
        u"host_settings"_s, u"error_pages"_s, u"shootouts"_s, u"shootout_runs"_s };
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v6"_s);
        db.setDatabaseName(path());
        QString error;
        QVERIFY(db.open());
        QVERIFY2(Schema::upgrade(db, 1, 6, &error), qPrintable(error));
        QSqlQuery query(db);
        QVERIFY2(
            query.exec(u"INSERT INTO runs (id, started_at_ms, url, method, concurrency, requests, "
                       "duration_ms, keep_alive, threads, rate, time_taken_sec, completed, failed, non_2xx, "
                       "requests_per_second, transfer_rate_kbps, latency_mean_ms, latency_p50_ms, "
                       "latency_p99_ms, latency_max_ms, interrupted, parameters_json, summary_json) "
                       "SELECT 8, started_at_ms + 1000, url, method, concurrency, requests, duration_ms, "
                       "keep_alive, threads, rate, time_taken_sec, completed, failed, non_2xx, "
                       "requests_per_second, transfer_rate_kbps, latency_mean_ms, latency_p50_ms, "
                       "latency_p99_ms, latency_max_ms, interrupted, parameters_json, summary_json "
                       "FROM runs WHERE id = 7"_s),
            qPrintable(query.lastError().text()));
        QVERIFY2(query.exec(u"INSERT INTO shootouts (id, started_at_ms, finished, settings_json, notes_json) "
                            "VALUES (1, 1700000000000, 1, '{}', '{}')"_s),
            qPrintable(query.lastError().text()));
        QVERIFY2(query.exec(u"INSERT INTO shootout_runs (shootout_id, run_id, server, workload, round, "
                            "cpu_us_per_request) VALUES (1, 7, 'nginx', 'W1', 1, 12.5)"_s),
            qPrintable(query.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v6"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 6);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'note'"_s).toInt(), 0);
    QMap<QString, int> before;
    for (const QString &table : tables)
        before.insert(table, rawQuery(u"SELECT count(*) FROM %1"_s.arg(table)).toInt());
    QCOMPARE(before.value(u"runs"_s), 2);
    QCOMPARE(before.value(u"samples"_s), 2);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion); // steps 7 and on
    for (const QString &table : tables)
        QCOMPARE(rawQuery(u"SELECT count(*) FROM %1"_s.arg(table)).toInt(), before.value(table));
    // Every run is still there, whole, with an empty note.
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 2);
    for (const hostbench::storage::StoredRun &run : runs) {
        QCOMPARE(run.note, QString());
        QCOMPARE(run.summary.completed, quint64(123'456));
        QCOMPARE(run.parameters.concurrency, 50);
    }
    QCOMPARE(db.samples(7).size(), 2);
    QCOMPARE(db.shootouts().size(), 1);
    QVERIFY2(db.setRunNote(8, u"kept"_s), qPrintable(db.lastError()));
    QCOMPARE(db.run(8)->note, u"kept"_s);
    QCOMPARE(db.run(7)->note, QString());
}

void TestSchemaUpgrade::version7UpgradesToVersion8()
{
    // A version-7 file whose one site has settings (links followed): after
    // the upgrade it keeps them, and serves no hidden files.
    QVERIFY(writeVersion1File());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v7"_s);
        db.setDatabaseName(path());
        QString error;
        QVERIFY(db.open());
        QVERIFY2(Schema::upgrade(db, 1, 7, &error), qPrintable(error));
        QSqlQuery query(db);
        QVERIFY2(
            query.exec(u"INSERT INTO host_settings (host_id, index_files, directory_listing, "
                       "follow_symlinks, max_request_line_bytes, max_header_bytes, max_header_fields, "
                       "max_body_bytes, access_log_enabled, access_log_path, error_log_enabled, "
                       "error_log_path, log_rotate_bytes, log_rotate_keep) SELECT id, '[\"index.html\"]', "
                       "1, 1, 8192, 16384, 100, 1048576, 1, '', 1, '', 1024, 5 FROM virtual_hosts"_s),
            qPrintable(query.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v7"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 7);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM pragma_table_info('host_settings') WHERE name = "
                      "'serve_hidden_files'"_s)
                 .toInt(),
        0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QList<hostbench::model::VirtualHost> hosts = db.virtualHosts();
    QVERIFY(!hosts.isEmpty());
    QVERIFY(hosts.constFirst().followSymlinks);
    QVERIFY(hosts.constFirst().directoryListing);
    QVERIFY(!hosts.constFirst().serveHiddenFiles);
    hosts.first().serveHiddenFiles = true;
    QVERIFY2(db.saveVirtualHost(hosts.first()), qPrintable(db.lastError()));
    db.close();
    QVERIFY(db.open(path()));
    QVERIFY(db.virtualHosts().constFirst().serveHiddenFiles);
}

void TestSchemaUpgrade::version11UpgradesToVersion12()
{
    // A version-11 file whose site has settings: after the upgrade it keeps
    // them and has no HTTPS settings of its own; those it is given then stay.
    QVERIFY(writeVersion1File());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v11"_s);
        db.setDatabaseName(path());
        QString error;
        QVERIFY(db.open());
        QVERIFY2(Schema::upgrade(db, 1, 11, &error), qPrintable(error));
        QSqlQuery query(db);
        QVERIFY2(
            query.exec(u"INSERT INTO host_settings (host_id, index_files, directory_listing, "
                       "follow_symlinks, max_request_line_bytes, max_header_bytes, max_header_fields, "
                       "max_body_bytes, access_log_enabled, access_log_path, error_log_enabled, "
                       "error_log_path, log_rotate_bytes, log_rotate_keep, serve_hidden_files) SELECT id, "
                       "'[\"index.html\"]', 1, 0, 8192, 16384, 100, 1048576, 1, '', 1, '', 1024, 5, 1 FROM "
                       "virtual_hosts"_s),
            qPrintable(query.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v11"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 11);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QList<hostbench::model::VirtualHost> hosts = db.virtualHosts();
    QVERIFY(!hosts.isEmpty());
    QVERIFY(hosts.constFirst().directoryListing);
    QVERIFY(hosts.constFirst().serveHiddenFiles);
    QCOMPARE(hosts.constFirst().tls, hostbench::model::SiteTls());
    hostbench::model::SiteTls tls;
    tls.certificatePath = u"/etc/ssl/example.pem"_s;
    tls.keyPath = u"/etc/ssl/example.key"_s;
    tls.redirectToHttps = true;
    tls.hstsMaxAgeSeconds = 31536000;
    hosts.first().tls = tls;
    QVERIFY2(db.saveVirtualHost(hosts.first()), qPrintable(db.lastError()));
    db.close();
    QVERIFY(db.open(path()));
    QCOMPARE(db.virtualHosts().constFirst().tls, tls);
}

void TestSchemaUpgrade::version12UpgradesToVersion13()
{
    // A version-12 file's run is kept, no baseline; it can then be made one,
    // one per target (the unique index), and not when broken off.
    QVERIFY(writeVersion1File());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v12"_s);
        db.setDatabaseName(path());
        QString error;
        QVERIFY(db.open());
        QVERIFY2(Schema::upgrade(db, 1, 12, &error), qPrintable(error));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v12"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 12);
    QCOMPARE(
        rawQuery(u"SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'baseline'"_s).toInt(), 0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    QVERIFY(!runs.constFirst().baseline);
    QVERIFY(db.baselines().isEmpty());
    const qint64 id = runs.constFirst().id;
    QVERIFY2(db.setBaseline(id), qPrintable(db.lastError()));
    QVERIFY(db.run(id)->baseline);
    QCOMPARE(db.baseline(runs.constFirst().parameters.method, runs.constFirst().parameters.url)->id, id);
    // The index allows no second baseline of a target, whatever writes it.
    const qint64 copy = db.saveRun(runs.constFirst().parameters, runs.constFirst().summary, {});
    QVERIFY(copy > 0);
    QCOMPARE(rawQuery(u"UPDATE runs SET baseline = 1 WHERE id = %1"_s.arg(copy)), QVariant());
    QVERIFY(!db.run(copy)->baseline);
    QVERIFY2(db.setBaseline(copy), qPrintable(db.lastError()));
    QVERIFY(!db.run(id)->baseline);
    QCOMPARE(db.baselines().size(), 1);
    // A baseline goes with its run.
    QVERIFY(db.removeRun(copy));
    QVERIFY(db.baselines().isEmpty());
    // A run broken off is refused.
    const qint64 broken = db.beginRun(runs.constFirst().parameters, 1'700'000'000'000);
    QVERIFY(!db.setBaseline(broken));
    QVERIFY2(db.lastError().contains(u"broken off"_s), qPrintable(db.lastError()));
    db.close();
}

void TestSchemaUpgrade::version13UpgradesToVersion14()
{
    // A version-13 file's samples have no planned rate (NULL: read as -1, the
    // closed model's) and were never paused; a new run's samples keep both.
    QVERIFY(writeVersion1File());
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v13"_s);
        db.setDatabaseName(path());
        QString error;
        QVERIFY(db.open());
        QVERIFY2(Schema::upgrade(db, 1, 13, &error), qPrintable(error));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v13"_s);
    QCOMPARE(
        rawQuery(u"SELECT count(*) FROM pragma_table_info('samples') WHERE name = 'planned_rate'"_s).toInt(),
        0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), 14);
    const QList<hostbench::model::BenchSample> old = db.samples(7);
    QCOMPARE(old.size(), 2);
    QCOMPARE(old.at(1).completed, quint64(2500));
    QCOMPARE(old.at(0).plannedRate, -1.0);
    QCOMPARE(old.at(1).pausedMs, qint64(0));

    BenchParameters p;
    p.url = u"http://127.0.0.1:8080/ok"_s;
    p.rate = 200;
    p.durationMs = 300;
    const qint64 id = db.beginRun(p, 1'700'000'000'000);
    QVERIFY2(id > 7, qPrintable(db.lastError()));
    hostbench::model::BenchSample running, paused, faster;
    running.plannedRate = 200;
    paused.index = 1;
    paused.elapsedMs = 200;
    paused.plannedRate = 50; // paused for the last 75 ms of it
    paused.pausedMs = 75;
    faster.index = 2;
    faster.elapsedMs = 300;
    faster.plannedRate = 1000;
    QVERIFY2(db.appendSamples(id, { running, paused, faster }), qPrintable(db.lastError()));
    const QList<hostbench::model::BenchSample> stored = db.samples(id);
    QCOMPARE(stored.size(), 3);
    QCOMPARE(stored.at(0).plannedRate, 200.0);
    QCOMPARE(stored.at(1).plannedRate, 50.0);
    QCOMPARE(stored.at(1).pausedMs, qint64(75));
    QCOMPARE(stored.at(2).plannedRate, 1000.0);
    QCOMPARE(stored.at(2).pausedMs, qint64(0));
    db.close();
}

QTEST_GUILESS_MAIN(TestSchemaUpgrade)
#include "tst_schemaupgrade.moc"
