#include "bench/JsonReport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using hostbench::bench::JsonReport;
using hostbench::model::BenchParameters;
using hostbench::model::BenchSample;
using hostbench::model::LatencyHistogram;
using hostbench::model::RunSummary;
using namespace Qt::StringLiterals;

class TestJsonReport final : public QObject
{
    Q_OBJECT

private slots:
    void fields();
    void parameters();
    void uncorrectedOnlyWithRate();
    void spectrum_data();
    void spectrum();
    void emptyRun();

private:
    static RunSummary summary();
};

RunSummary TestJsonReport::summary()
{
    RunSummary s;
    s.serverSoftware = u"nginx"_s;
    s.serverHostname = u"127.0.0.1"_s;
    s.serverPort = 8080;
    s.documentPath = u"/ok"_s;
    s.documentLength = 2;
    s.concurrency = 50;
    s.keepAlive = true;
    s.threads = 2;
    s.timeTakenSec = 2.0;
    s.completed = 900;
    s.failed = 15;
    s.failedConnect = 1;
    s.failedRead = 2;
    s.failedLength = 3;
    s.failedTimeout = 4;
    s.failedParse = 5;
    s.non2xx = 100;
    s.requestsPerSecond = 450;
    s.statusCounts = { { 200, 800 }, { 404, 100 } };
    s.latencyMinMs = 0.1;
    s.latencyMeanMs = 1.5;
    s.latencyP50Ms = 1.2;
    s.latencyP90Ms = 2.5;
    s.latencyP99Ms = 4.0;
    s.latencyP999Ms = 6.0;
    s.latencyMaxMs = 7.0;
    s.total = { 0.1, 1.5, 0.5, 1.2, 7.0 };
    s.waiting = { 0.05, 1.1, 0.4, 0.9, 6.5 };
    s.percentiles = { { 50, 1.2 }, { 100, 7.0 } };
    return s;
}

void TestJsonReport::fields()
{
    BenchSample first;
    first.index = 0;
    first.elapsedMs = 100;
    first.completed = 40;
    first.p99Us = 3000;
    BenchSample second = first;
    second.index = 1;
    second.elapsedMs = 200;
    LatencyHistogram histogram;
    for (quint64 us = 100; us <= 7000; us += 10)
        histogram.record(us);

    const QJsonObject o = JsonReport::toJson(summary(), histogram, { first, second });
    // Round trip through text, as a file reader would see it.
    const QJsonObject j = QJsonDocument::fromJson(QJsonDocument(o).toJson()).object();
    QCOMPARE(j[u"completed"_s].toInteger(), 900);
    QCOMPARE(j[u"failed"_s].toInteger(), 15);
    QCOMPARE(j[u"requests_per_second"_s].toDouble(), 450.0);
    QCOMPARE(j[u"non_2xx"_s].toInteger(), 100);
    QCOMPARE(j[u"time_taken_sec"_s].toDouble(), 2.0);
    const QJsonObject statuses = j[u"status_counts"_s].toObject();
    QCOMPARE(statuses.size(), 2);
    QCOMPARE(statuses[u"200"_s].toInteger(), 800);
    QCOMPARE(statuses[u"404"_s].toInteger(), 100);
    const QJsonObject latency = j[u"latency_ms"_s].toObject();
    for (const auto &[key, value] : { std::pair { u"min"_s, 0.1 }, { u"mean"_s, 1.5 }, { u"p50"_s, 1.2 },
             { u"p90"_s, 2.5 }, { u"p99"_s, 4.0 }, { u"p999"_s, 6.0 }, { u"max"_s, 7.0 } })
        QCOMPARE(latency[key].toDouble(), value);
    const QJsonObject failures = j[u"failures"_s].toObject();
    QCOMPARE(failures[u"connect"_s].toInteger(), 1);
    QCOMPARE(failures[u"read"_s].toInteger(), 2);
    QCOMPARE(failures[u"length"_s].toInteger(), 3);
    QCOMPARE(failures[u"timeout"_s].toInteger(), 4);
    QCOMPARE(failures[u"parse"_s].toInteger(), 5);
    const QJsonObject total = j[u"connection_times_ms"_s].toObject()[u"total"_s].toObject();
    QCOMPARE(total[u"sd"_s].toDouble(), 0.5);
    QCOMPARE(total[u"median"_s].toDouble(), 1.2);
    // Time to first byte, per request: ab's Waiting row, under its own name too.
    const QJsonObject ttfb = j[u"ttfb_ms"_s].toObject();
    QCOMPARE(ttfb[u"median"_s].toDouble(), 0.9);
    QCOMPARE(ttfb[u"max"_s].toDouble(), 6.5);
    QCOMPARE(ttfb, j[u"connection_times_ms"_s].toObject()[u"waiting"_s].toObject());
    QCOMPARE(j[u"percentiles_ms"_s].toArray().size(), 2);
    QCOMPARE(j[u"server"_s].toObject()[u"software"_s].toString(), u"nginx"_s);
    QCOMPARE(j[u"server"_s].toObject()[u"document_length"_s].toInteger(), 2);
    QCOMPARE(j[u"parameters"_s].toObject()[u"concurrency"_s].toInt(), 50);
    QCOMPARE(j[u"parameters"_s].toObject()[u"keep_alive"_s].toBool(), true);
    QCOMPARE(j[u"parameters"_s].toObject()[u"threads"_s].toInt(), 2);

    const QJsonArray samples = j[u"samples"_s].toArray();
    QCOMPARE(samples.size(), 2);
    QCOMPARE(samples[1].toObject()[u"index"_s].toInt(), 1);
    QCOMPARE(samples[1].toObject()[u"elapsed_ms"_s].toInteger(), 200);
    QCOMPARE(samples[0].toObject()[u"completed"_s].toInteger(), 40);
    QCOMPARE(samples[0].toObject()[u"requests_per_second"_s].toDouble(), 400.0);
    QCOMPARE(samples[0].toObject()[u"p99_us"_s].toInteger(), 3000);

    const QJsonArray spectrum = j[u"percentile_spectrum"_s].toArray();
    QVERIFY(spectrum.size() > 10);
    QCOMPARE(spectrum.last().toObject()[u"percentile"_s].toDouble(), 100.0);
    QCOMPARE(spectrum.last().toObject()[u"count"_s].toInteger(), qint64(histogram.count()));
    QCOMPARE(spectrum.last().toObject()[u"latency_ms"_s].toDouble(), histogram.maxUs() / 1000.0);
    QVERIFY(!j.contains(u"uncorrected_latency_ms"_s));
}

void TestJsonReport::parameters()
{
    BenchParameters p;
    p.url = u"http://127.0.0.1:8080/ok"_s;
    p.method = "POST";
    p.requests = 1000;
    p.warmupMs = 500;
    p.timeoutMs = 2000;
    const QJsonObject o
        = JsonReport::toJson(summary(), LatencyHistogram(), {}, &p)[u"parameters"_s].toObject();
    QCOMPARE(o[u"url"_s].toString(), p.url);
    QCOMPARE(o[u"method"_s].toString(), u"POST"_s);
    QCOMPARE(o[u"requests"_s].toInteger(), 1000);
    QCOMPARE(o[u"warmup_ms"_s].toInteger(), 500);
    QCOMPARE(o[u"timeout_ms"_s].toInt(), 2000);
    QCOMPARE(o[u"concurrency"_s].toInt(), 50);
}

void TestJsonReport::uncorrectedOnlyWithRate()
{
    RunSummary s = summary();
    s.rate = 1000;
    s.uncorrectedP99Ms = 3.5;
    const QJsonObject o = JsonReport::toJson(s, LatencyHistogram(), {});
    QCOMPARE(o[u"uncorrected_latency_ms"_s].toObject()[u"p99"_s].toDouble(), 3.5);
    QCOMPARE(o[u"parameters"_s].toObject()[u"rate"_s].toDouble(), 1000.0);
}

void TestJsonReport::spectrum_data()
{
    QTest::addColumn<int>("values");
    QTest::newRow("one") << 1;
    QTest::newRow("ten") << 10;
    QTest::newRow("thousand") << 1000;
    QTest::newRow("hundred thousand") << 100000;
}

void TestJsonReport::spectrum()
{
    QFETCH(int, values);
    LatencyHistogram histogram;
    for (int i = 1; i <= values; ++i)
        histogram.record(quint64(i));
    const QJsonArray spectrum = JsonReport::percentileSpectrum(histogram);
    QVERIFY(!spectrum.isEmpty());
    double lastPercentile = -1, lastLatency = -1;
    qint64 lastCount = 0;
    for (const QJsonValue &v : spectrum) {
        const QJsonObject row = v.toObject();
        QVERIFY(row[u"percentile"_s].toDouble() > lastPercentile);
        QVERIFY(row[u"latency_ms"_s].toDouble() >= lastLatency);
        QVERIFY(row[u"count"_s].toInteger() >= lastCount);
        lastPercentile = row[u"percentile"_s].toDouble();
        lastLatency = row[u"latency_ms"_s].toDouble();
        lastCount = row[u"count"_s].toInteger();
    }
    QCOMPARE(lastPercentile, 100.0);
    QCOMPARE(lastCount, qint64(values));
    QCOMPARE(spectrum[0].toObject()[u"percentile"_s].toDouble(), 0.0);
    if (values >= 1000) {
        // 5 ticks per half distance: 0, 10, 20, 30, 40, 50, then 55.
        QCOMPARE(spectrum[5].toObject()[u"percentile"_s].toDouble(), 50.0);
        QCOMPARE(spectrum[6].toObject()[u"percentile"_s].toDouble(), 55.0);
        QCOMPARE(
            spectrum[5].toObject()[u"latency_ms"_s].toDouble(), histogram.valueAtPercentile(50) / 1000.0);
    }
}

void TestJsonReport::emptyRun()
{
    const QJsonObject o = JsonReport::toJson(RunSummary(), LatencyHistogram(), {});
    QCOMPARE(o[u"completed"_s].toInteger(), 0);
    QVERIFY(o[u"status_counts"_s].toObject().isEmpty());
    QVERIFY(o[u"samples"_s].toArray().isEmpty());
    QVERIFY(o[u"percentile_spectrum"_s].toArray().isEmpty());
}

QTEST_GUILESS_MAIN(TestJsonReport)
#include "tst_jsonreport.moc"
