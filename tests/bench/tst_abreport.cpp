#include "TestHttpServer.h"
#include "bench/AbReport.h"
#include "bench/LoadGenerator.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using hostbench::bench::AbReport;
using hostbench::model::RunSummary;
using hostbench::model::TimeStats;
using namespace Qt::StringLiterals;

class TestAbReport final : public QObject
{
    Q_OBJECT

private slots:
    void fullLayout();
    void http2ProtocolLine();
    void optionalLines_data();
    void optionalLines();
    void openModelShowsBothLatencies();
    void microsecondsForFastRuns();
    void fittingUnit_data();
    void fittingUnit();
    void sameLayoutAsRealAb_data();
    void sameLayoutAsRealAb();

private:
    static RunSummary sample();
};

RunSummary TestAbReport::sample()
{
    RunSummary s;
    s.serverSoftware = u"nginx/1.22.1"_s;
    s.serverHostname = u"127.0.0.1"_s;
    s.serverPort = 8080;
    s.documentPath = u"/x.txt?a=1"_s;
    s.documentLength = 2;
    s.concurrency = 10;
    s.keepAlive = true;
    s.timeTakenSec = 0.5;
    s.completed = 1000;
    s.keepAliveRequests = 1000;
    s.totalBytes = 149000;
    s.htmlBytes = 2000;
    s.connect = TimeStats { 0.0, 0.02, 0.1, 0.0, 1.2 };
    s.processing = TimeStats { 0.4, 4.6, 1.3, 4.4, 12.6 };
    s.waiting = TimeStats { 0.3, 4.5, 1.2, 4.4, 12.5 };
    s.total = TimeStats { 0.5, 4.6, 0.4, 4.4, 12.6 };
    s.percentiles = { { 50, 4.4 }, { 66, 4.8 }, { 75, 5.1 }, { 80, 5.3 }, { 90, 6.0 }, { 95, 7.2 },
        { 98, 9.5 }, { 99, 10.49 }, { 100, 12.6 } };
    return s;
}

void TestAbReport::fullLayout()
{
    // Written out by hand from ab 2.3's printf formats (support/ab.c).
    const QString expected = uR"(

Server Software:        nginx/1.22.1
Server Hostname:        127.0.0.1
Server Port:            8080

Document Path:          /x.txt?a=1
Document Length:        2 bytes

Concurrency Level:      10
Time taken for tests:   0.500 seconds
Complete requests:      1000
Failed requests:        0
Keep-Alive requests:    1000
Total transferred:      149000 bytes
HTML transferred:       2000 bytes
Requests per second:    2000.00 [#/sec] (mean)
Time per request:       5.000 [ms] (mean)
Time per request:       0.500 [ms] (mean, across all concurrent requests)
Transfer rate:          291.02 [Kbytes/sec] received

Connection Times (ms)
              min  mean[+/-sd] median   max
Connect:        0    0   0.1      0       1
Processing:     0    5   1.3      4      13
Waiting:        0    5   1.2      4      13
Total:          1    5   0.4      4      13
ERROR: The median and mean for the total time are more than twice the standard
       deviation apart. These results are NOT reliable.

Percentage of the requests served within a certain time (ms)
  50%      4
  66%      5
  75%      5
  80%      5
  90%      6
  95%      7
  98%     10
  99%     10
 100%     13 (longest request)
)"_s;
    const QString actual = AbReport::format(sample());
    if (actual != expected) {
        const QStringList a = actual.split(u'\n'), e = expected.split(u'\n');
        for (qsizetype i = 0; i < qMin(a.size(), e.size()); ++i)
            QCOMPARE(a[i], e[i]);
        QCOMPARE(a.size(), e.size());
    }
    QCOMPARE(actual, expected);
}

void TestAbReport::optionalLines_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");

    QTest::newRow("plain") << u"none"_s
                           << QStringList { u"Keep-Alive requests:    1000"_s, u"Requests per second:"_s }
                           << QStringList { u"Non-2xx"_s, u"   (Connect:"_s };
    QTest::newRow("failures") << u"failures"_s
                              << QStringList { u"Failed requests:        10\n"
                                               u"   (Connect: 1, Receive: 5, Length: 3, Exceptions: 1)\n"_s }
                              << QStringList {};
    QTest::newRow("non-2xx") << u"non2xx"_s << QStringList { u"Non-2xx responses:      7\n"_s }
                             << QStringList {};
    QTest::newRow("no keep-alive") << u"close"_s << QStringList { u"HTML transferred:"_s }
                                   << QStringList { u"Keep-Alive"_s };
    QTest::newRow("nothing completed")
        << u"nothing"_s << QStringList { u"Complete requests:      0\n"_s, u"Failed requests:        3\n"_s }
        << QStringList { u"Requests per second"_s, u"Connection Times"_s, u"Percentage"_s };
    QTest::newRow("one completed") << u"one"_s << QStringList { u"Connection Times (ms)"_s }
                                   << QStringList { u"Percentage"_s };
}

void TestAbReport::optionalLines()
{
    QFETCH(QString, change);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);

    RunSummary s = sample();
    if (change == u"failures") {
        s.failed = 10;
        s.failedConnect = 1;
        s.failedRead = 4;
        s.failedTimeout = 1;
        s.failedLength = 3;
        s.failedParse = 1;
    } else if (change == u"non2xx") {
        s.non2xx = 7;
    } else if (change == u"close") {
        s.keepAlive = false;
    } else if (change == u"nothing") {
        s.completed = 0;
        s.failed = 3;
        s.failedConnect = 3;
    } else if (change == u"one") {
        s.completed = 1;
    }
    const QString text = AbReport::format(s);
    for (const QString &line : present)
        QVERIFY2(text.contains(line), qPrintable(line + u"\n---\n"_s + text));
    for (const QString &line : absent)
        QVERIFY2(!text.contains(line), qPrintable(line + u"\n---\n"_s + text));
}

void TestAbReport::openModelShowsBothLatencies()
{
    RunSummary s = sample();
    QVERIFY(!AbReport::format(s).contains(u"Uncorrected"_s));
    s.rate = 200;
    s.latencyP50Ms = 1.25;
    s.latencyP90Ms = 350.5;
    s.latencyP99Ms = 950.0;
    s.latencyMaxMs = 1001.0;
    s.uncorrectedP50Ms = 1.2;
    s.uncorrectedP90Ms = 2.0;
    s.uncorrectedP99Ms = 3.5;
    s.uncorrectedMaxMs = 1000.5;
    const QString text = AbReport::format(s);
    const QString expected
        = u"\nOpen model at 200.00 [#/sec]: latency (ms)\n"
          u"                   p50       p90       p99       max\n"
          u"Corrected:       1.250   350.500   950.000  1001.000  (from the intended send time)\n"
          u"Uncorrected:     1.200     2.000     3.500  1000.500  (from the actual send time)\n"_s;
    QVERIFY2(text.endsWith(expected), qPrintable(text));
}

void TestAbReport::microsecondsForFastRuns()
{
    // A run whose answers take 0.05-0.9 ms: ab's whole milliseconds read 0
    // in nearly every cell; whole microseconds keep the figures.
    RunSummary s = sample();
    s.connect = TimeStats { 0.0, 0.004, 0.002, 0.003, 0.021 };
    s.processing = TimeStats { 0.05, 0.12, 0.03, 0.11, 0.9 };
    s.waiting = TimeStats { 0.04, 0.11, 0.03, 0.10, 0.88 };
    s.total = TimeStats { 0.05, 0.124, 0.031, 0.113, 0.9 };
    s.percentiles = { { 50, 0.113 }, { 66, 0.121 }, { 75, 0.13 }, { 80, 0.1405 }, { 90, 0.16 }, { 95, 0.2 },
        { 98, 0.31 }, { 99, 0.45 }, { 100, 0.9 } };

    const QString ms = AbReport::format(s);
    QVERIFY2(ms.contains(u"  50%      0\n"_s), qPrintable(ms));

    const QString us = AbReport::format(s, AbReport::TimeUnit::Microseconds);
    const QString expected = u"\nConnection Times (µs)\n"
                             u"              min  mean[+/-sd] median   max\n"
                             u"Connect:        0    4   2.0      3      21\n"
                             u"Processing:    50  120  30.0    110     900\n"
                             u"Waiting:       40  110  30.0    100     880\n"
                             u"Total:         50  124  31.0    113     900\n"
                             u"\nPercentage of the requests served within a certain time (µs)\n"
                             u"  50%    113\n"
                             u"  66%    121\n"
                             u"  75%    130\n"
                             u"  80%    141\n"
                             u"  90%    160\n"
                             u"  95%    200\n"
                             u"  98%    310\n"
                             u"  99%    450\n"
                             u" 100%    900 (longest request)\n"_s;
    QVERIFY2(us.endsWith(expected), qPrintable(us));
    // Everything above the tables is ab's layout unchanged.
    QCOMPARE(us.left(us.indexOf(u"\nConnection Times"_s)), ms.left(ms.indexOf(u"\nConnection Times"_s)));
}

void TestAbReport::fittingUnit_data()
{
    QTest::addColumn<double>("medianMs");
    QTest::addColumn<quint64>("completed");
    QTest::addColumn<bool>("microseconds");
    QTest::newRow("0.1 ms") << 0.1 << quint64(100) << true;
    QTest::newRow("9.9 ms") << 9.9 << quint64(100) << true;
    QTest::newRow("10 ms") << 10.0 << quint64(100) << false;
    QTest::newRow("250 ms") << 250.0 << quint64(100) << false;
    QTest::newRow("nothing answered") << 0.0 << quint64(0) << false;
}

void TestAbReport::fittingUnit()
{
    QFETCH(double, medianMs);
    QFETCH(quint64, completed);
    QFETCH(bool, microseconds);
    RunSummary s = sample();
    s.total.medianMs = medianMs;
    s.completed = completed;
    QCOMPARE(AbReport::fittingUnit(s) == AbReport::TimeUnit::Microseconds, microseconds);
}

namespace {

// The label of a report line and, for "Name:   value" lines, the column the
// value starts in: what must match ab whatever the figures.
QStringList shape(const QString &report)
{
    QStringList out;
    for (const QString &line : report.split(u'\n')) {
        if (line.startsWith(u"ERROR:") || line.startsWith(u"WARNING:") || line.startsWith(u"       deviation")
            || line.startsWith(u"        These"))
            continue;
        qsizetype end = line.indexOf(u':');
        if (end < 0)
            end = line.indexOf(u'%');
        if (end < 0) {
            out << line;
            continue;
        }
        qsizetype column = end + 1;
        while (column < line.size() && line.at(column) == u' ')
            ++column;
        const bool tableRow = line.startsWith(u"Connect:") || line.startsWith(u"Processing:")
            || line.startsWith(u"Waiting:") || line.startsWith(u"Total:  ") || line.contains(u'%');
        out << line.left(end + 1) + (tableRow ? QString() : u" @"_s + QString::number(column));
    }
    return out;
}

} // namespace

void TestAbReport::sameLayoutAsRealAb_data()
{
    QTest::addColumn<bool>("keepAlive");
    QTest::newRow("-k") << true;
    QTest::newRow("no -k") << false;
}

void TestAbReport::sameLayoutAsRealAb()
{
    QFETCH(bool, keepAlive);
    const QString ab = QStandardPaths::findExecutable(u"ab"_s);
    if (ab.isEmpty())
        QSKIP("ab (apache2-utils) is not installed");
    TestHttpServer server;
    const QString url = u"http://127.0.0.1:%1/ok"_s.arg(server.port());

    QProcess process;
    QStringList arguments { u"-q"_s, u"-n"_s, u"50"_s, u"-c"_s, u"2"_s };
    if (keepAlive)
        arguments << u"-k"_s;
    process.start(ab, arguments << url);
    QVERIFY(process.waitForFinished(30000));
    QCOMPARE(process.exitCode(), 0);
    QString abText = QString::fromLatin1(process.readAllStandardOutput());
    abText = abText.mid(abText.indexOf(u"\n\n\nServer Software:") + 1);

    hostbench::model::BenchParameters p;
    p.url = url;
    p.requests = 50;
    p.concurrency = 2;
    p.keepAlive = keepAlive;
    hostbench::bench::LoadGenerator generator;
    QString error;
    QVERIFY2(generator.start(p, &error), qPrintable(error));
    generator.wait();
    const QString ours = AbReport::format(generator.summary());

    const QStringList expected = shape(abText), actual = shape(ours);
    QVERIFY2(expected.size() > 30, qPrintable(abText));
    QVERIFY(expected.contains(u"Keep-Alive requests: @24"_s) == keepAlive);
    for (qsizetype i = 0; i < qMin(expected.size(), actual.size()); ++i)
        QCOMPARE(actual[i], expected[i]);
    QCOMPARE(actual.size(), expected.size());
}

void TestAbReport::http2ProtocolLine()
{
    // An HTTP/2 run says how it got there: h2c for http://, h2 by ALPN over
    // TLS, also when no handshake succeeded (it was https://, not h2c).
    RunSummary s;
    s.http2 = true;
    s.streams = 4;
    QCOMPARE(AbReport::protocolText(s), u"HTTP/2 (h2c, prior knowledge), 4 streams per connection"_s);
    s.tlsProtocol = u"TLSv1.3"_s;
    QCOMPARE(AbReport::protocolText(s), u"HTTP/2 (h2 by ALPN), 4 streams per connection"_s);
    s.tlsProtocol.clear();
    s.failedTls = 5;
    s.streams = 1;
    QCOMPARE(AbReport::protocolText(s), u"HTTP/2 (h2 by ALPN), 1 stream per connection"_s);
}

QTEST_GUILESS_MAIN(TestAbReport)
#include "tst_abreport.moc"
