// Shootouts in a real SQLite file (Schema step 5, ShootoutTable): one
// comparison holding its runs, stored as it goes, listed, reopened with its
// entries, and removed with its runs; a run of a shootout says which
// shootout, server, workload and round it was (the Runs page shows it).
#include "DatabaseFixture.h"
#include "storage/Database.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestDatabaseShootouts final : public QObject, public DatabaseFixture
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(makeFolder()); }
    void storedAsItGoesAndReopened();
    void unfinishedShootoutKeepsItsRuns();
    void removingRemovesItsRuns();
    void aRunBelongsToOneShootout();
    void runsSayWhichServerTheyMeasured();

private:
    // Stores a finished run of `completed` requests and links it; returns the entry.
    model::ShootoutEntry addRun(storage::Database &db, qint64 shootoutId, const QString &server,
        const QString &workload, int round, quint64 completed);
};

model::ShootoutEntry TestDatabaseShootouts::addRun(storage::Database &db, qint64 shootoutId,
    const QString &server, const QString &workload, int round, quint64 completed)
{
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:18080/x.txt"_s;
    parameters.durationMs = 1000;
    model::ShootoutEntry entry;
    entry.runId = db.beginRun(parameters, 1000 * round);
    model::RunSummary summary;
    summary.completed = completed;
    summary.requestsPerSecond = double(completed);
    summary.latencyP99Ms = 1.5;
    entry.summary = summary;
    entry.server = server;
    entry.workload = workload;
    entry.round = round;
    entry.cpuUsPerRequest = 12.5;
    if (entry.runId == 0 || !db.finishRun(entry.runId, summary, nullptr)
        || !db.addShootoutRun(shootoutId, entry))
        entry.runId = 0;
    return entry;
}

void TestDatabaseShootouts::storedAsItGoesAndReopened()
{
    storage::Database db;
    QVERIFY(db.open(path()));
    const QJsonObject settings { { u"servers"_s, QJsonArray { u"hostbench"_s, u"nginx"_s } },
        { u"rounds"_s, 2 } };
    const qint64 id = db.beginShootout(settings, 5000);
    QVERIFY2(id > 0, qPrintable(db.lastError()));
    QVERIFY(addRun(db, id, u"hostbench"_s, u"W1"_s, 1, 100).runId > 0);
    QVERIFY(addRun(db, id, u"nginx"_s, u"W1"_s, 1, 200).runId > 0);
    QVERIFY(addRun(db, id, u"hostbench"_s, u"W1"_s, 2, 300).runId > 0);
    const QJsonObject notes { { u"servers"_s,
        QJsonObject { { u"caddy"_s, QJsonObject { { u"status"_s, u"missing"_s } } } } } };
    QVERIFY(db.finishShootout(id, notes));

    const QList<storage::StoredShootout> list = db.shootouts();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list.constFirst().runCount, 3);
    QVERIFY(list.constFirst().entries.isEmpty());
    QVERIFY(list.constFirst().finished);
    QCOMPARE(list.constFirst().settings, settings);

    const std::optional<storage::StoredShootout> shootout = db.shootout(id);
    QVERIFY(shootout);
    QCOMPARE(shootout->startedAtMs, 5000);
    QCOMPARE(shootout->notes, notes);
    QCOMPARE(shootout->entries.size(), 3);
    QCOMPARE(shootout->entries.at(0).round, 1);
    QCOMPARE(shootout->entries.at(2).round, 2);
    QCOMPARE(shootout->entries.at(1).server, u"nginx"_s);
    QCOMPARE(shootout->entries.at(1).summary.completed, 200u);
    QCOMPARE(shootout->entries.at(1).cpuUsPerRequest, 12.5);
    // Each is a stored run too.
    QVERIFY(db.run(shootout->entries.at(1).runId));

    QVERIFY(!db.shootout(id + 1));
    QVERIFY(db.lastError().contains(u"There is no shootout"_s));
}

void TestDatabaseShootouts::unfinishedShootoutKeepsItsRuns()
{
    {
        storage::Database db;
        QVERIFY(db.open(path()));
        const qint64 id = db.beginShootout({}, 1);
        QVERIFY(addRun(db, id, u"hostbench"_s, u"W6"_s, 1, 10).runId > 0);
        // The process ends here, before finishShootout.
    }
    storage::Database db;
    QVERIFY(db.open(path()));
    const QList<storage::StoredShootout> list = db.shootouts();
    QCOMPARE(list.size(), 1);
    QVERIFY(!list.constFirst().finished);
    QCOMPARE(db.shootout(list.constFirst().id)->entries.size(), 1);
}

void TestDatabaseShootouts::removingRemovesItsRuns()
{
    storage::Database db;
    QVERIFY(db.open(path()));
    const qint64 id = db.beginShootout({}, 1);
    const qint64 other = db.beginShootout({}, 2);
    QVERIFY(addRun(db, id, u"hostbench"_s, u"W6"_s, 1, 10).runId > 0);
    QVERIFY(addRun(db, other, u"hostbench"_s, u"W6"_s, 1, 10).runId > 0);
    QCOMPARE(db.runs().size(), 2);
    QVERIFY(db.removeShootout(id));
    QCOMPARE(db.runs().size(), 1);
    QCOMPARE(db.shootouts().size(), 1);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM shootout_runs"_s).toInt(), 1);
    QVERIFY(!db.removeShootout(id));
    // A run removed on its own leaves the shootout, one entry fewer.
    QVERIFY(db.removeRun(db.shootout(other)->entries.constFirst().runId));
    QCOMPARE(db.shootout(other)->entries.size(), 0);
}

void TestDatabaseShootouts::aRunBelongsToOneShootout()
{
    storage::Database db;
    QVERIFY(db.open(path()));
    const qint64 id = db.beginShootout({}, 1);
    model::ShootoutEntry entry = addRun(db, id, u"hostbench"_s, u"W6"_s, 1, 10);
    QVERIFY(entry.runId > 0);
    // The same run again, or a second run for the same server, workload and round: refused.
    QVERIFY(!db.addShootoutRun(id, entry));
    entry.round = 0;
    QVERIFY(!db.addShootoutRun(id, entry));
    QCOMPARE(db.shootout(id)->entries.size(), 1);
}

void TestDatabaseShootouts::runsSayWhichServerTheyMeasured()
{
    storage::Database db;
    QVERIFY(db.open(path()));
    const qint64 id = db.beginShootout({}, 1);
    const model::ShootoutEntry nginx = addRun(db, id, u"nginx"_s, u"W3"_s, 2, 10);
    QVERIFY(nginx.runId > 0);
    model::BenchParameters parameters;
    parameters.url = u"http://127.0.0.1:8080/"_s;
    const qint64 own = db.saveRun(parameters, {}, {});
    QVERIFY(own > 0);

    const std::optional<storage::StoredRun> linked = db.run(nginx.runId);
    QVERIFY(linked);
    QCOMPARE(linked->shootoutId, id);
    QCOMPARE(linked->shootoutServer, u"nginx"_s);
    QCOMPARE(linked->shootoutWorkload, u"W3"_s);
    QCOMPARE(linked->shootoutRound, 2);
    const std::optional<storage::StoredRun> alone = db.run(own);
    QVERIFY(alone);
    QCOMPARE(alone->shootoutId, 0);
    QVERIFY(alone->shootoutServer.isEmpty());
    // The list says the same, one row per run.
    const QList<storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 2);
    for (const storage::StoredRun &run : runs)
        QCOMPARE(run.shootoutServer, run.id == own ? QString() : u"nginx"_s);
}

QTEST_GUILESS_MAIN(TestDatabaseShootouts)
#include "tst_databaseshootouts.moc"
