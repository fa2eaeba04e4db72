// Database's benchmark runs, interval samples and histograms (tables runs and samples).
#include "DatabaseFixture.h"
#include "storage/Database.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::BenchParameters;
using hostbench::model::BenchSample;
using hostbench::model::LatencyHistogram;
using hostbench::model::RunSummary;
using hostbench::storage::Database;
using hostbench::storage::StoredRun;

class TestDatabaseRuns final : public QObject, private DatabaseFixture
{
    Q_OBJECT

private slots:
    void init();
    void runRoundTrip();
    void runsListedNewestFirst();
    void removingRunCascadesSamples();
    void histogramStoredWithRun();
    void runWithoutHistogram();
    void runStoredAsItGoes();
    void noteStoredAndCleared();
};

void TestDatabaseRuns::init()
{
    QVERIFY(makeFolder());
}

void TestDatabaseRuns::runRoundTrip()
{
    BenchParameters p;
    p.url = u"http://127.0.0.1:8080/x.txt?q=1"_s;
    p.method = "POST";
    p.headers = { { "X-One", "1" }, { "Accept", "text/*" } };
    p.body = QByteArray("a\0b\xfe", 4);
    p.contentType = "application/octet-stream";
    p.hostOverride = u"example.test"_s;
    p.concurrency = 7;
    p.requests = 0;
    p.durationMs = 12'345;
    p.keepAlive = true;
    p.threads = 2;
    p.rate = 1500.5;
    p.warmupMs = 250;
    p.sampleIntervalMs = 50;
    p.timeoutMs = 4321;

    RunSummary s;
    s.serverSoftware = u"Hostbench/0.1"_s;
    s.serverHostname = u"127.0.0.1"_s;
    s.serverPort = 8080;
    s.documentPath = u"/x.txt?q=1"_s;
    s.documentLength = 4070;
    s.concurrency = 7;
    s.keepAlive = true;
    s.threads = 2;
    s.rate = 1500.5;
    s.startedAtMs = 1'700'000'000'123;
    s.timeTakenSec = 12.5;
    s.completed = 9'007'199'254'740'993ULL; // above 2^53: must not lose precision
    s.failed = 15;
    s.failedConnect = 1;
    s.failedRead = 2;
    s.failedLength = 3;
    s.failedTimeout = 4;
    s.failedParse = 5;
    s.non2xx = 6;
    s.keepAliveRequests = 17;
    s.totalBytes = 123'456'789;
    s.htmlBytes = 98'765;
    s.requestsPerSecond = 1499.25;
    s.transferRateKBps = 321.125;
    s.interrupted = true;
    s.statusCounts = { { 200, 100 }, { 404, 6 } };
    s.latencyMinMs = 0.1;
    s.latencyMeanMs = 1.5;
    s.latencyP50Ms = 1.2;
    s.latencyP90Ms = 2.3;
    s.latencyP99Ms = 3.4;
    s.latencyP999Ms = 4.5;
    s.latencyMaxMs = 9.75;
    s.uncorrectedP50Ms = 1.1;
    s.uncorrectedP90Ms = 2.2;
    s.uncorrectedP99Ms = 3.3;
    s.uncorrectedMaxMs = 8.8;
    s.connect = { 0.1, 0.2, 0.3, 0.4, 0.5 };
    s.processing = { 1.1, 1.2, 1.3, 1.4, 1.5 };
    s.waiting = { 2.1, 2.2, 2.3, 2.4, 2.5 };
    s.total = { 3.1, 3.2, 3.3, 3.4, 3.5 };
    s.percentiles = { { 50, 1.2 }, { 66, 1.4 }, { 100, 9.75 } };

    QList<BenchSample> samples;
    for (int i = 0; i < 5; ++i) {
        BenchSample sample;
        sample.index = i;
        sample.elapsedMs = 100 * (i + 1);
        sample.intervalMs = 100 + i;
        sample.completed = 1000 + i;
        sample.failed = i;
        sample.bytes = 4'000'000'000ULL + i;
        sample.p50Us = 500 + i;
        sample.p90Us = 900 + i;
        sample.p99Us = 990 + i;
        sample.maxUs = 5000 + i;
        sample.openConnections = 7 - i;
        samples.append(sample);
    }

    Database db;
    QVERIFY(db.open(path()));
    const qint64 id = db.saveRun(p, s, samples);
    QVERIFY2(id > 0, qPrintable(db.lastError()));
    db.close();
    QVERIFY(db.open(path()));

    const std::optional<hostbench::storage::StoredRun> run = db.run(id);
    QVERIFY(run.has_value());
    QCOMPARE(run->id, id);
    QCOMPARE(run->startedAtMs, s.startedAtMs);
    const BenchParameters &rp = run->parameters;
    QCOMPARE(rp.url, p.url);
    QCOMPARE(rp.method, p.method);
    QCOMPARE(rp.headers, p.headers);
    QCOMPARE(rp.body, p.body);
    QCOMPARE(rp.contentType, p.contentType);
    QCOMPARE(rp.hostOverride, p.hostOverride);
    QCOMPARE(rp.concurrency, p.concurrency);
    QCOMPARE(rp.requests, p.requests);
    QCOMPARE(rp.durationMs, p.durationMs);
    QCOMPARE(rp.keepAlive, p.keepAlive);
    QCOMPARE(rp.threads, p.threads);
    QCOMPARE(rp.rate, p.rate);
    QCOMPARE(rp.warmupMs, p.warmupMs);
    QCOMPARE(rp.sampleIntervalMs, p.sampleIntervalMs);
    QCOMPARE(rp.timeoutMs, p.timeoutMs);

    const RunSummary &rs = run->summary;
    QCOMPARE(rs.serverSoftware, s.serverSoftware);
    QCOMPARE(rs.serverHostname, s.serverHostname);
    QCOMPARE(rs.serverPort, s.serverPort);
    QCOMPARE(rs.documentPath, s.documentPath);
    QCOMPARE(rs.documentLength, s.documentLength);
    QCOMPARE(rs.concurrency, s.concurrency);
    QCOMPARE(rs.keepAlive, s.keepAlive);
    QCOMPARE(rs.threads, s.threads);
    QCOMPARE(rs.rate, s.rate);
    QCOMPARE(rs.startedAtMs, s.startedAtMs);
    QCOMPARE(rs.timeTakenSec, s.timeTakenSec);
    QCOMPARE(rs.completed, s.completed);
    QCOMPARE(rs.failed, s.failed);
    QCOMPARE(rs.failedConnect, s.failedConnect);
    QCOMPARE(rs.failedRead, s.failedRead);
    QCOMPARE(rs.failedLength, s.failedLength);
    QCOMPARE(rs.failedTimeout, s.failedTimeout);
    QCOMPARE(rs.failedParse, s.failedParse);
    QCOMPARE(rs.non2xx, s.non2xx);
    QCOMPARE(rs.keepAliveRequests, s.keepAliveRequests);
    QCOMPARE(rs.totalBytes, s.totalBytes);
    QCOMPARE(rs.htmlBytes, s.htmlBytes);
    QCOMPARE(rs.requestsPerSecond, s.requestsPerSecond);
    QCOMPARE(rs.transferRateKBps, s.transferRateKBps);
    QCOMPARE(rs.interrupted, s.interrupted);
    QCOMPARE(rs.statusCounts, s.statusCounts);
    QCOMPARE(rs.latencyMinMs, s.latencyMinMs);
    QCOMPARE(rs.latencyMeanMs, s.latencyMeanMs);
    QCOMPARE(rs.latencyP50Ms, s.latencyP50Ms);
    QCOMPARE(rs.latencyP90Ms, s.latencyP90Ms);
    QCOMPARE(rs.latencyP99Ms, s.latencyP99Ms);
    QCOMPARE(rs.latencyP999Ms, s.latencyP999Ms);
    QCOMPARE(rs.latencyMaxMs, s.latencyMaxMs);
    QCOMPARE(rs.uncorrectedP50Ms, s.uncorrectedP50Ms);
    QCOMPARE(rs.uncorrectedP90Ms, s.uncorrectedP90Ms);
    QCOMPARE(rs.uncorrectedP99Ms, s.uncorrectedP99Ms);
    QCOMPARE(rs.uncorrectedMaxMs, s.uncorrectedMaxMs);
    for (const auto &[got, want] :
        { std::pair { rs.connect, s.connect }, std::pair { rs.processing, s.processing },
            std::pair { rs.waiting, s.waiting }, std::pair { rs.total, s.total } }) {
        QCOMPARE(got.minMs, want.minMs);
        QCOMPARE(got.meanMs, want.meanMs);
        QCOMPARE(got.sdMs, want.sdMs);
        QCOMPARE(got.medianMs, want.medianMs);
        QCOMPARE(got.maxMs, want.maxMs);
    }
    QCOMPARE(rs.percentiles, s.percentiles);

    const QList<BenchSample> got = db.samples(id);
    QCOMPARE(got.size(), samples.size());
    for (qsizetype i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].index, samples[i].index);
        QCOMPARE(got[i].elapsedMs, samples[i].elapsedMs);
        QCOMPARE(got[i].intervalMs, samples[i].intervalMs);
        QCOMPARE(got[i].completed, samples[i].completed);
        QCOMPARE(got[i].failed, samples[i].failed);
        QCOMPARE(got[i].bytes, samples[i].bytes);
        QCOMPARE(got[i].p50Us, samples[i].p50Us);
        QCOMPARE(got[i].p90Us, samples[i].p90Us);
        QCOMPARE(got[i].p99Us, samples[i].p99Us);
        QCOMPARE(got[i].maxUs, samples[i].maxUs);
        QCOMPARE(got[i].openConnections, samples[i].openConnections);
    }
    // The listing columns agree with the summary.
    QCOMPARE(rawQuery(path(), u"SELECT completed FROM runs"_s).toULongLong(), s.completed);
    QCOMPARE(rawQuery(path(), u"SELECT url FROM runs"_s).toString(), p.url);

    QVERIFY(!db.run(id + 1).has_value());
    QVERIFY(db.lastError().contains(QString::number(id + 1)));
}

void TestDatabaseRuns::runsListedNewestFirst()
{
    Database db;
    QVERIFY(db.open(path()));
    QList<qint64> ids;
    for (qint64 startedAt : { 3000, 1000, 2000 }) {
        RunSummary summary;
        summary.startedAtMs = startedAt;
        BenchParameters parameters;
        parameters.url = u"http://127.0.0.1/"_s + QString::number(startedAt);
        ids.append(db.saveRun(parameters, summary, {}));
        QVERIFY(ids.constLast() > 0);
    }
    QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 3);
    QCOMPARE(runs.at(0).id, ids.at(0));
    QCOMPARE(runs.at(1).id, ids.at(2));
    QCOMPARE(runs.at(2).id, ids.at(1));
    QCOMPARE(runs.at(1).parameters.url, u"http://127.0.0.1/2000"_s);
    QCOMPARE(db.runs(2).size(), 2);
}

void TestDatabaseRuns::removingRunCascadesSamples()
{
    Database db;
    QVERIFY(db.open(path()));
    QList<BenchSample> samples(3);
    for (int i = 0; i < samples.size(); ++i)
        samples[i].index = i;
    const qint64 kept = db.saveRun({}, {}, samples);
    const qint64 removed = db.saveRun({}, {}, samples);
    QVERIFY(kept > 0 && removed > 0);
    QCOMPARE(db.samples(removed).size(), 3);
    QVERIFY(db.removeRun(removed));
    QVERIFY(db.samples(removed).isEmpty());
    QCOMPARE(db.samples(kept).size(), 3);
    QCOMPARE(db.runs().size(), 1);
    QVERIFY(!db.removeRun(removed));
    db.close();
    QCOMPARE(rawQuery(path(), u"SELECT count(*) FROM samples"_s).toInt(), 3);
}

void TestDatabaseRuns::noteStoredAndCleared()
{
    Database db;
    QVERIFY(db.open(path()));
    const qint64 id = db.saveRun({}, {}, {});
    const qint64 other = db.saveRun({}, {}, {});
    QVERIFY(id > 0 && other > 0);
    QCOMPARE(db.run(id)->note, QString()); // none until written
    const QString note = u"after the sendfile change; «nginx» beside it\nsecond line"_s;
    QVERIFY2(db.setRunNote(id, note), qPrintable(db.lastError()));
    QCOMPARE(db.run(id)->note, note);
    QCOMPARE(db.run(other)->note, QString());
    // Read through a second connection, as another process would.
    {
        Database second;
        QVERIFY(second.open(path()));
        QCOMPARE(second.runs().size(), 2);
        QCOMPARE(second.run(id)->note, note);
    }
    QVERIFY(db.setRunNote(id, QString())); // a null string clears it (the column is NOT NULL)
    QCOMPARE(db.run(id)->note, QString());
    QVERIFY(!db.setRunNote(999, u"x"_s));
    QVERIFY2(db.lastError().contains(u"999"_s), qPrintable(db.lastError()));
}

void TestDatabaseRuns::histogramStoredWithRun()
{
    LatencyHistogram histogram;
    histogram.record(37);
    for (quint64 us = 900; us < 60'000; us = us * 21 / 20)
        histogram.record(us, us % 7 + 1);
    histogram.record(1'000'123, 3);
    QVERIFY(histogram.count() > 50);

    Database db;
    QVERIFY(db.open(path()));
    const qint64 id = db.saveRun({}, {}, {}, &histogram);
    QVERIFY2(id > 0, qPrintable(db.lastError()));
    db.close();
    // Compact: a few bytes per bucket used, not the 184 KiB of counters.
    const int blobBytes = rawQuery(path(), u"SELECT length(histogram) FROM runs"_s).toInt();
    QVERIFY2(blobBytes > 0 && blobBytes < 1024, qPrintable(QString::number(blobBytes)));

    QVERIFY(db.open(path()));
    const std::optional<LatencyHistogram> got = db.histogram(id);
    QVERIFY2(got.has_value(), qPrintable(db.lastError()));
    QCOMPARE(got->count(), histogram.count());
    QCOMPARE(got->minUs(), histogram.minUs());
    QCOMPARE(got->maxUs(), histogram.maxUs());
    for (int i = 0; i < LatencyHistogram::kCountsLength; ++i)
        QCOMPARE(got->countAtIndex(i), histogram.countAtIndex(i));
    for (const double p : { 0.0, 50.0, 90.0, 99.0, 99.9, 100.0 })
        QCOMPARE(got->valueAtPercentile(p), histogram.valueAtPercentile(p));
    QVERIFY(qAbs(got->meanUs() - histogram.meanUs()) <= 0.001 * histogram.meanUs());

    // Removing the run removes its histogram.
    QVERIFY(db.removeRun(id));
    QVERIFY(!db.histogram(id).has_value());
    QVERIFY(db.lastError().contains(QString::number(id)));
}

void TestDatabaseRuns::runWithoutHistogram()
{
    Database db;
    QVERIFY(db.open(path()));
    const qint64 without = db.saveRun({}, {}, {}); // the signature from before histograms
    QVERIFY(without > 0);
    const LatencyHistogram empty;
    const qint64 withEmpty = db.saveRun({}, {}, {}, &empty);
    QVERIFY(withEmpty > 0);

    QVERIFY(!db.histogram(without).has_value());
    QCOMPARE(db.lastError(), QString()); // stored without one: not an error
    const std::optional<LatencyHistogram> got = db.histogram(withEmpty);
    QVERIFY(got.has_value());
    QCOMPARE(got->count(), quint64(0));

    QVERIFY(!db.histogram(withEmpty + 1).has_value());
    QVERIFY(db.lastError().contains(u"no run"_s));

    // A damaged BLOB is reported, not read as an empty histogram.
    db.close();
    rawQuery(path(), u"UPDATE runs SET histogram = x'48424831ff' WHERE id = %1"_s.arg(withEmpty));
    QVERIFY(db.open(path()));
    QVERIFY(!db.histogram(withEmpty).has_value());
    QVERIFY2(db.lastError().contains(u"damaged"_s), qPrintable(db.lastError()));
}

void TestDatabaseRuns::runStoredAsItGoes()
{
    // beginRun, appendSamples per interval, finishRun: a process that dies
    // between them (kill -9) leaves a consistent file with the samples so far.
    BenchParameters p;
    p.url = QStringLiteral("http://127.0.0.1:8080/ok");
    p.concurrency = 4;
    p.durationMs = 10'000;
    p.rate = 1000;
    qint64 runId = 0;
    {
        Database db;
        QVERIFY(db.open(path()));
        runId = db.beginRun(p, 1'700'000'000'000);
        QVERIFY2(runId != 0, qPrintable(db.lastError()));
        QList<BenchSample> samples;
        for (int i = 0; i < 3; ++i) {
            BenchSample sample;
            sample.index = i;
            sample.elapsedMs = 100 * (i + 1);
            sample.intervalMs = 100;
            sample.completed = 100 + quint64(i);
            samples.append(sample);
        }
        QVERIFY2(db.appendSamples(runId, samples.mid(0, 2)), qPrintable(db.lastError()));
        QVERIFY2(db.appendSamples(runId, samples.mid(2)), qPrintable(db.lastError()));
        // Appending an interval twice is refused, and keeps what was stored.
        QVERIFY(!db.appendSamples(runId, samples.mid(2)));
    } // no finishRun: as if the process had been killed

    Database db;
    QVERIFY(db.open(path()));
    QCOMPARE(rawQuery(u"PRAGMA integrity_check"_s).toString(), u"ok"_s);
    std::optional<StoredRun> broken = db.run(runId);
    QVERIFY(broken);
    QVERIFY(!broken->finished);
    QVERIFY(broken->summary.interrupted);
    QCOMPARE(broken->parameters.url, p.url);
    QCOMPARE(broken->parameters.rate, 1000.0);
    QCOMPARE(broken->startedAtMs, 1'700'000'000'000);
    const QList<BenchSample> kept = db.samples(runId);
    QCOMPARE(kept.size(), 3);
    QCOMPARE(kept.last().completed, quint64(102));
    QCOMPARE(db.runs().size(), 1);

    RunSummary summary;
    summary.completed = 302;
    summary.requestsPerSecond = 1000;
    summary.latencyP99Ms = 1.5;
    QVERIFY2(db.finishRun(runId, summary, nullptr), qPrintable(db.lastError()));
    const std::optional<StoredRun> done = db.run(runId);
    QVERIFY(done && done->finished);
    QVERIFY(!done->summary.interrupted);
    QCOMPARE(done->summary.completed, quint64(302));
    QCOMPARE(rawQuery(u"SELECT completed FROM runs WHERE id = %1"_s.arg(runId)).toInt(), 302);
    QCOMPARE(rawQuery(u"SELECT latency_p99_ms FROM runs WHERE id = %1"_s.arg(runId)).toDouble(), 1.5);
    QCOMPARE(db.samples(runId).size(), 3);
    QVERIFY(!db.finishRun(runId + 1, summary, nullptr)); // no such run
}

QTEST_GUILESS_MAIN(TestDatabaseRuns)
#include "tst_databaseruns.moc"
