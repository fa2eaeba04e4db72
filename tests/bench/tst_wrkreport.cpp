#include "bench/CsvReport.h"
#include "bench/WrkReport.h"

#include <QTest>

using hostbench::bench::CsvReport;
using hostbench::bench::WrkReport;
using hostbench::model::BenchSample;
using hostbench::model::LatencyHistogram;
using hostbench::model::RunSummary;
using namespace Qt::StringLiterals;

// WrkReport and its small sibling CsvReport: both print samples and summaries as text.
class TestWrkReport final : public QObject
{
    Q_OBJECT

private slots:
    void units_data();
    void units();
    void layout();
    void errorLines();
    void csv();
    void uncorrectedWithRate();
    void abPercentileCsv_data();
    void abPercentileCsv();
};

void TestWrkReport::units_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");

    // Figures as wrk prints them (src/units.c).
    QTest::newRow("us") << u"time"_s << 175.84 << u"175.84us"_s;
    QTest::newRow("ms") << u"time"_s << 2130.0 << u"2.13ms"_s;
    QTest::newRow("85% of a ms") << u"time"_s << 850.0 << u"0.85ms"_s;
    QTest::newRow("s") << u"time"_s << 3000000.0 << u"3.00s"_s;
    QTest::newRow("m") << u"time"_s << 120e6 << u"2.00m"_s;
    QTest::newRow("k") << u"metric"_s << 156690.0 << u"156.69k"_s;
    QTest::newRow("plain") << u"metric"_s << 12.0 << u"12.00"_s;
    QTest::newRow("MB") << u"binary"_s << 66.41 * 1024 * 1024 << u"66.41M"_s;
    QTest::newRow("bytes") << u"binary"_s << 500.0 << u"500.00"_s;
}

void TestWrkReport::units()
{
    QFETCH(QString, kind);
    QFETCH(double, value);
    QFETCH(QString, expected);
    const QString actual = kind == u"time"_s ? WrkReport::formatTimeUs(value)
        : kind == u"metric"_s                ? WrkReport::formatMetric(value)
                                             : WrkReport::formatBinary(value);
    QCOMPARE(actual, expected);
}

void TestWrkReport::layout()
{
    RunSummary s;
    s.threads = 1;
    s.completed = 467377;
    s.timeTakenSec = 3.0;
    s.totalBytes = quint64(66.41 * 1024 * 1024);
    s.requestsPerSecond = 155689.27;
    s.statusCounts = { { 200, 467377 } };
    LatencyHistogram histogram;
    histogram.record(100, 3);
    histogram.record(300, 1);
    BenchSample sample;
    sample.intervalMs = 100;
    sample.completed = 15000;
    QList<BenchSample> samples { sample, sample };

    QCOMPARE(WrkReport::preamble(u"http://127.0.0.1:8080/ok"_s, 3, 1, 50),
        u"Running 3s test @ http://127.0.0.1:8080/ok\n  1 threads and 50 connections\n"_s);
    const QStringList lines = WrkReport::format(s, histogram, samples, true).split(u'\n');
    QCOMPARE(lines.value(0), u"  Thread Stats   Avg      Stdev     Max   +/- Stdev"_s);
    // mean 150us, sd 86.60us, max 300us; 3 of 4 values within one sd.
    QCOMPARE(lines.value(1), u"    Latency   150.00us   86.60us 300.00us   75.00%"_s);
    QCOMPARE(lines.value(2), u"    Req/Sec   150.00k     0.00   150.00k   100.00%"_s);
    QCOMPARE(lines.value(3), u"  Latency Distribution"_s);
    QCOMPARE(lines.value(4), u"     50%  100.00us"_s);
    QCOMPARE(lines.value(7), u"     99%  300.00us"_s);
    QCOMPARE(lines.value(8), u"  467377 requests in 3.00s, 66.41MB read"_s);
    QCOMPARE(lines.value(9), u"Requests/sec: 155689.27"_s);
    QCOMPARE(lines.value(10), u"Transfer/sec:     22.14MB"_s);
}

void TestWrkReport::errorLines()
{
    RunSummary s;
    s.threads = 1;
    s.failed = 6;
    s.failedConnect = 1;
    s.failedRead = 2;
    s.failedParse = 1;
    s.failedTimeout = 2;
    s.failedWrite = 4;
    s.statusCounts = { { 200, 5 }, { 301, 1 }, { 404, 2 }, { 503, 1 } };
    const QString text = WrkReport::format(s, LatencyHistogram(), {});
    QVERIFY(text.contains(u"  Socket errors: connect 1, read 3, write 4, timeout 2\n"_s));
    QVERIFY(text.contains(u"  Non-2xx or 3xx responses: 3\n"_s));
    QVERIFY(!WrkReport::format(RunSummary(), LatencyHistogram(), {}).contains(u"errors"_s));
}

void TestWrkReport::csv()
{
    BenchSample a;
    a.index = 0;
    a.elapsedMs = 100;
    a.intervalMs = 100;
    a.completed = 250;
    a.failed = 1;
    a.bytes = 4096;
    a.p50Us = 10;
    a.p90Us = 20;
    a.p99Us = 30;
    a.maxUs = 40;
    a.openConnections = 5;
    const QStringList lines = CsvReport::format({ a }).split(u'\n');
    QCOMPARE(lines.size(), 3); // header, one sample, the empty tail after the last '\n'
    QCOMPARE(lines[0],
        u"index,elapsed_ms,interval_ms,completed,failed,bytes,requests_per_second,"
        u"p50_us,p90_us,p99_us,max_us,open_connections"_s);
    QCOMPARE(lines[1], u"0,100,100,250,1,4096,2500.0,10,20,30,40,5"_s);
    QCOMPARE(CsvReport::format({}), CsvReport::header());

    // Several runs in one file: the run's id first, runs in the order given.
    BenchSample b = a;
    b.index = 1;
    b.elapsedMs = 200;
    const QStringList runs = CsvReport::formatRuns({ { 7, { a, b } }, { 3, { a } }, { 9, {} } }).split(u'\n');
    QCOMPARE(runs.size(), 5);
    QCOMPARE(runs[0], u"run_id,"_s + lines[0]);
    QCOMPARE(runs[1], u"7,"_s + lines[1]);
    QCOMPARE(runs[2], u"7,1,200,100,250,1,4096,2500.0,10,20,30,40,5"_s);
    QCOMPARE(runs[3], u"3,"_s + lines[1]);
    QCOMPARE(runs[4], QString());
}

void TestWrkReport::uncorrectedWithRate()
{
    RunSummary s;
    s.threads = 1;
    s.completed = 10;
    LatencyHistogram histogram;
    histogram.record(900000, 10);
    QVERIFY(!WrkReport::format(s, histogram, {}, true).contains(u"Uncorrected"_s));
    s.rate = 100;
    s.uncorrectedP50Ms = 0.25;
    s.uncorrectedP90Ms = 1.5;
    s.uncorrectedP99Ms = 2.0;
    s.uncorrectedMaxMs = 1000.0;
    const QStringList lines = WrkReport::format(s, histogram, {}, true).split(u'\n');
    const qsizetype at
        = lines.indexOf(u"  Uncorrected Latency (measured without taking delayed starts into account)"_s);
    QVERIFY2(at > 0, qPrintable(lines.join(u'\n')));
    QCOMPARE(lines.value(at + 1), u"     50%  250.00us"_s);
    QCOMPARE(lines.value(at + 2), u"     90%    1.50ms"_s);
    QCOMPARE(lines.value(at + 3), u"     99%    2.00ms"_s);
    QCOMPARE(lines.value(at + 4), u"    100%    1.00s "_s);
    // The corrected distribution is still the histogram's.
    QVERIFY(lines.indexOf(u"     50%  900.00ms"_s) > 0);
}

void TestWrkReport::abPercentileCsv_data()
{
    QTest::addColumn<int>("values");
    QTest::newRow("empty") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("thousand") << 1000;
}

void TestWrkReport::abPercentileCsv()
{
    QFETCH(int, values);
    // 1, 2, ... ms: percentile P of 1000 values is P * 10 ms.
    LatencyHistogram histogram;
    for (int i = 1; i <= values; ++i)
        histogram.record(quint64(i) * 1000);
    const QStringList lines = CsvReport::abPercentiles(histogram).split(u'\n');
    QCOMPARE(lines.size(), 1 + 101 + 1); // header, 0..100, the empty tail
    QCOMPARE(lines.first(), u"Percentage served,Time in ms"_s);
    QCOMPARE(lines.last(), QString());
    double previous = -1;
    for (int percent = 0; percent <= 100; ++percent) {
        const QStringList fields = lines[percent + 1].split(u',');
        QCOMPARE(fields.size(), 2);
        QCOMPARE(fields[0].toInt(), percent);
        QCOMPARE(fields[1].section(u'.', 1).size(), 3); // %.3f
        const double ms = fields[1].toDouble();
        QVERIFY(ms >= previous);
        previous = ms;
    }
    QCOMPARE(lines[1], u"0,%1"_s.arg(values ? u"1.000"_s : u"0.000"_s));
    QCOMPARE(lines[101], u"100,%1.000"_s.arg(values));
    if (values == 1000) {
        // The top of the value's bucket (3 significant digits): 500 ms lies
        // in [499.968, 500.223] (256 µs wide), 990 ms in [989.696, 990.207].
        QCOMPARE(lines[51], u"50,500.223"_s);
        QCOMPARE(lines[100], u"99,990.207"_s);
    }
}

QTEST_GUILESS_MAIN(TestWrkReport)
#include "tst_wrkreport.moc"
