#include "bench/K6Result.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QTest>

using hostbench::bench::K6Result;
using hostbench::model::BenchSample;
using hostbench::model::LatencyHistogram;
using namespace Qt::StringLiterals;

namespace {

// 2026-11-30T09:00:00Z, the runs' start in these rows.
const qint64 kBaseMs = QDateTime(QDate(2026, 11, 30), QTime(9, 0), Qt::UTC).toMSecsSinceEpoch();

QByteArray at(qint64 offsetMs)
{
    return QDateTime::fromMSecsSinceEpoch(kBaseMs + offsetMs, Qt::UTC).toString(Qt::ISODateWithMs).toLatin1();
}

// One Point line as k6's --out json writes it.
QByteArray point(const char *metric, const QByteArray &time, const QByteArray &value,
    const QByteArray &tags = R"({"status":"200","method":"GET","url":"http://127.0.0.1:8080/"})")
{
    return R"({"type":"Point","data":{"time":")" + time + R"(","value":)" + value + R"(,"tags":)" + tags
        + R"(},"metric":")" + metric + "\"}\n";
}

QByteArray request(qint64 offsetMs, const QByteArray &ms = "1")
{
    return point("http_req_duration", at(offsetMs), ms);
}

// "index:completed:failed:bytes" per sample, space-separated.
QString describeSamples(const QList<BenchSample> &samples)
{
    QStringList parts;
    for (const BenchSample &s : samples)
        parts << u"%1:%2:%3:%4"_s.arg(s.index).arg(s.completed).arg(s.failed).arg(s.bytes);
    return parts.join(u' ');
}

// "Kind×count@line" per notice, space-separated.
QString describeNotices(const QList<K6Result::Notice> &notices)
{
    static const QStringList names = { u"TimeOutsideYears"_s, u"TimeFarFromRun"_s, u"ValueOutOfRange"_s,
        u"OutOfOrder"_s, u"Truncated"_s };
    QStringList parts;
    for (const K6Result::Notice &n : notices)
        parts << u"%1×%2@%3"_s.arg(names.at(int(n.kind))).arg(n.count).arg(n.firstLine);
    return parts.join(u' ');
}

} // namespace

// K6Result: k6's --out json points into a run, bounded by the number of
// points whatever their time span, with points out of range reported.
class TestK6Result final : public QObject
{
    Q_OBJECT

private slots:
    void read_data();
    void read();
    void percentilesAsAHistogram();
    void keepAlive();
    void noticeText();
};

void TestK6Result::read_data()
{
    QTest::addColumn<QByteArray>("ndjson");
    QTest::addColumn<QString>("error"); // part of the error; empty: read
    QTest::addColumn<QString>("samples"); // describeSamples()
    QTest::addColumn<QString>("notices"); // describeNotices()
    QTest::addColumn<qint64>("durationMs");

    const qint64 hour = 3'600'000;
    // Memory follows the points: 4 samples (the two, a zero after the first
    // and one before the second), not 36,001 samples and histograms (6 GB).
    QTest::newRow("two points an hour apart")
        << request(0) + request(hour) << QString() << u"0:1:0:0 1:0:0:0 35999:0:0:0 36000:1:0:0"_s
        << QString() << hour + 100;
    QTest::newRow("two points 23 h 59 min apart")
        << request(0) + request(24 * hour - 60'000) << QString()
        << u"0:1:0:0 1:0:0:0 863399:0:0:0 863400:1:0:0"_s << QString() << 24 * hour - 60'000 + 100;
    QTest::newRow("a gap of one interval")
        << request(0) + request(250) << QString() << u"0:1:0:0 1:0:0:0 2:1:0:0"_s << QString() << qint64(300);
    QTest::newRow("a gap of two intervals")
        << request(0) + request(350) << QString() << u"0:1:0:0 1:0:0:0 2:0:0:0 3:1:0:0"_s << QString()
        << qint64(400);
    QTest::newRow("many points, one interval") << request(0) + request(10) + request(20) + request(99)
                                               << QString() << u"0:4:0:0"_s << QString() << qint64(100);

    // Times out of range: skipped and reported, never a crash.
    QTest::newRow("a 1970 point") << point("http_req_duration", "1970-01-01T00:00:00Z", "1") + request(0)
                                  << QString() << u"0:1:0:0"_s << u"TimeOutsideYears×1@1"_s << qint64(100);
    QTest::newRow("a 1970 point after the run")
        << request(0) + point("http_req_duration", "1970-01-01T00:00:01.5+01:00", "1") << QString()
        << u"0:1:0:0"_s << u"TimeOutsideYears×1@2"_s << qint64(100);
    QTest::newRow("only a 1970 point") << point("http_req_duration", "1970-01-01T00:00:00Z", "1")
                                       << u"before 2000-01-01"_s << QString() << QString() << qint64(0);
    QTest::newRow("1999-12-31T23:59:59.999999Z")
        << point("vus", "1999-12-31T23:59:59.999999Z", "1") + request(0) << QString() << u"0:1:0:0"_s
        << u"TimeOutsideYears×1@1"_s << qint64(100);
    QTest::newRow("the year 2100") << request(0) + point("http_req_duration", "2100-01-01T00:00:00Z", "1")
                                   << QString() << u"0:1:0:0"_s << u"TimeOutsideYears×1@2"_s << qint64(100);
    QTest::newRow("the year 9999") << request(0) + point("data_received", "9999-12-31T23:59:59Z", "1", "{}")
                                   << QString() << u"0:1:0:0"_s << u"TimeOutsideYears×1@2"_s << qint64(100);
    QTest::newRow("25 h after the first point")
        << request(0) + request(1000) + request(25 * hour) + request(26 * hour) << QString()
        << u"0:1:0:0 1:0:0:0 9:0:0:0 10:1:0:0"_s << u"TimeFarFromRun×2@3"_s << qint64(1100);
    QTest::newRow("25 h before the first point") << request(0) + request(-25 * hour) << QString()
                                                 << u"0:1:0:0"_s << u"TimeFarFromRun×1@2"_s << qint64(100);

    // Values out of range.
    QTest::newRow("a negative duration") << request(0) + request(10, "-1") << QString() << u"0:1:0:0"_s
                                         << u"ValueOutOfRange×1@2"_s << qint64(100);
    QTest::newRow("a duration above 24 h") << request(0, "86400001") + request(10) << QString()
                                           << u"0:1:0:0"_s << u"ValueOutOfRange×1@1"_s << qint64(100);
    QTest::newRow("a duration of 1e308 ms") << request(0) + request(10, "1e308") << QString() << u"0:1:0:0"_s
                                            << u"ValueOutOfRange×1@2"_s << qint64(100);
    QTest::newRow("negative connecting and waiting")
        << request(0) + point("http_req_connecting", at(0), "-0.5") + point("http_req_waiting", at(0), "-2")
        << QString() << u"0:1:0:0"_s << u"ValueOutOfRange×2@2"_s << qint64(100);
    QTest::newRow("negative bytes") << request(0) + point("data_received", at(0), "-10", "{}") << QString()
                                    << u"0:1:0:0"_s << u"ValueOutOfRange×1@2"_s << qint64(100);
    QTest::newRow("1e300 bytes") << request(0) + point("data_received", at(0), "1e300", "{}") << QString()
                                 << u"0:1:0:0"_s << u"ValueOutOfRange×1@2"_s << qint64(100);
    QTest::newRow("negative vus") << point("vus", at(0), "-3", "{}") + request(0) << QString() << u"0:1:0:0"_s
                                  << u"ValueOutOfRange×1@1"_s << qint64(100);
    QTest::newRow("a negative custom metric is not ours to judge") << point("my_gauge", at(0), "-3", "{}")
            + request(0) << QString() << u"0:1:0:0"_s << QString() << qint64(100);
    QTest::newRow("NaN is not JSON") << request(0) + request(10, "NaN") + request(20)
                                     << u"line 2 is not a JSON object"_s << QString() << QString()
                                     << qint64(0);
    QTest::newRow("1e400 is not a double")
        << request(0) + request(10, "1e400") << u"line 2 is not a JSON object"_s << QString() << QString()
        << qint64(0);

    // Order: sorted; beyond the 10 s window, reported too.
    QTest::newRow("reordered within the window")
        << request(300) + request(0) + request(9'000) + request(8'950) << QString()
        << u"0:1:0:0 1:0:0:0 2:0:0:0 3:1:0:0 4:0:0:0 88:0:0:0 89:1:0:0 90:1:0:0"_s << QString()
        << qint64(9'100);
    QTest::newRow("back beyond the window")
        << request(0) + request(20'000) + request(20'100) + request(5'000) + request(4'000) << QString()
        << u"0:1:0:0 1:0:0:0 39:0:0:0 40:1:0:0 41:0:0:0 49:0:0:0 50:1:0:0 51:0:0:0 199:0:0:0 200:1:0:0 201:1:0:0"_s
        << u"OutOfOrder×2@4"_s << qint64(20'200);

    // Empty, foreign and cut-short input.
    QTest::newRow("empty") << QByteArray() << u"no http_req_duration points"_s << QString() << QString()
                           << qint64(0);
    QTest::newRow("blank lines") << QByteArray("\n\n  \n") << u"no http_req_duration points"_s << QString()
                                 << QString() << qint64(0);
    QTest::newRow("only a Metric line") << QByteArray(
        R"({"type":"Metric","data":{"type":"trend","contains":"time"},"metric":"http_req_duration"})"
        "\n") << u"no http_req_duration points"_s
                                        << QString() << QString() << qint64(0);
    QByteArray truncated = request(0) + request(10);
    truncated += request(20).left(40);
    QTest::newRow("a truncated last line")
        << truncated << QString() << u"0:2:0:0"_s << u"Truncated×1@3"_s << qint64(100);
    QTest::newRow("a truncated line, then more")
        << request(0) + request(10).left(40) + "\n" + request(20) << u"line 2 is not a JSON object"_s
        << QString() << QString() << qint64(0);
    QTest::newRow("a Point without a time")
        << request(0) + QByteArray(R"({"type":"Point","data":{"value":1},"metric":"vus"})") + "\n"
        << u"line 2: a Point needs a numeric value and an RFC 3339 time"_s << QString() << QString()
        << qint64(0);

    // Each sample's bytes, from data_received (data_sent has no field).
    QTest::newRow("bytes per sample")
        << request(0) + point("data_received", at(5), "1000", "{}") + point("data_sent", at(5), "77", "{}")
            + point("data_received", at(90), "24", "{}") + point("data_received", at(250), "5", "{}")
            + request(260)
        << QString() << u"0:1:0:1024 1:0:0:0 2:1:0:5"_s << QString() << qint64(300);
    QTest::newRow("bytes before the first request")
        << point("data_received", at(0), "10", "{}") + request(150) << QString() << u"0:0:0:10 1:1:0:0"_s
        << QString() << qint64(200);
    QTest::newRow("failed requests") << request(0)
            + point("http_req_duration", at(10), "0", R"({"status":"0","error_code":"1212"})")
                                     << QString() << u"0:1:1:0"_s << QString() << qint64(100);
}

void TestK6Result::read()
{
    QFETCH(QByteArray, ndjson);
    QFETCH(QString, error);
    QFETCH(QString, samples);
    QFETCH(QString, notices);
    QFETCH(qint64, durationMs);

    QString actualError;
    const std::optional<K6Result::Run> run = K6Result::read(ndjson, &actualError);
    if (!error.isEmpty()) {
        QVERIFY(!run);
        QVERIFY2(actualError.contains(error), qPrintable(actualError));
        return;
    }
    QVERIFY2(run, qPrintable(actualError));
    QCOMPARE(describeSamples(run->samples), samples);
    QCOMPARE(describeNotices(run->notices), notices);
    QCOMPARE(run->parameters.durationMs, durationMs);
    QVERIFY(run->samples.size() <= 3 * run->points);
    quint64 completed = 0, failed = 0, bytes = 0;
    for (const BenchSample &s : run->samples) {
        QCOMPARE(s.elapsedMs, (s.index + 1) * 100);
        completed += s.completed;
        failed += s.failed;
        bytes += s.bytes;
    }
    QCOMPARE(completed, run->summary.completed);
    QCOMPARE(failed, run->summary.failed);
    QCOMPARE(bytes, run->summary.totalBytes);
    QCOMPARE(run->histogram.count(), run->summary.completed);
}

// Per sample, p50/p90/p99/max are those a LatencyHistogram of the interval's
// latencies gives (as the generator's samples), now without one per interval.
void TestK6Result::percentilesAsAHistogram()
{
    QRandomGenerator random(21);
    for (int round = 0; round < 50; ++round) {
        QByteArray ndjson;
        LatencyHistogram expected;
        const int n = 1 + int(random.bounded(300));
        for (int i = 0; i < n; ++i) {
            // 1 µs .. about 2 h, log-spread; some above the histogram's hour.
            const double ms = std::pow(10.0, random.bounded(9.9)) / 1000.0;
            const QByteArray value = QByteArray::number(ms, 'f', 3);
            ndjson += request(random.bounded(100), value);
            expected.record(quint64(std::llround(value.toDouble() * 1000.0)));
        }
        QString error;
        const std::optional<K6Result::Run> run = K6Result::read(ndjson, &error);
        QVERIFY2(run, qPrintable(error));
        QCOMPARE(run->samples.size(), 1);
        const BenchSample &s = run->samples.first();
        QCOMPARE(s.completed, quint64(n));
        QCOMPARE(s.p50Us, expected.valueAtPercentile(50));
        QCOMPARE(s.p90Us, expected.valueAtPercentile(90));
        QCOMPARE(s.p99Us, expected.valueAtPercentile(99));
        QCOMPARE(s.maxUs, expected.maxUs());
    }
}

// The keep-alive count: successful requests that did not connect (k6
// writes http_req_connecting 0 for a reused connection).
void TestK6Result::keepAlive()
{
    const QByteArray ok = R"({"status":"200"})";
    const QByteArray ndjson = request(0) + request(1) + request(2) + request(3)
        + point("http_req_connecting", at(0), "0.25", ok) + point("http_req_connecting", at(1), "0", ok)
        + point("http_req_connecting", at(2), "0", ok)
        + point("http_req_connecting", at(3), "0", R"({"status":"0"})");
    QString error;
    const std::optional<K6Result::Run> run = K6Result::read(ndjson, &error);
    QVERIFY2(run, qPrintable(error));
    QCOMPARE(run->summary.keepAliveRequests, 2u);
    QVERIFY(run->summary.keepAlive);
    QVERIFY(run->parameters.keepAlive);

    // Every request connected: no keep-alive.
    const std::optional<K6Result::Run> closed
        = K6Result::read(request(0) + point("http_req_connecting", at(0), "0.1", ok), &error);
    QVERIFY2(closed, qPrintable(error));
    QCOMPARE(closed->summary.keepAliveRequests, 0u);
    QVERIFY(!closed->summary.keepAlive);
    QVERIFY(!closed->parameters.keepAlive);

    // No connecting points: k6's default, keep-alive, and no count.
    const std::optional<K6Result::Run> unknown = K6Result::read(request(0), &error);
    QVERIFY2(unknown, qPrintable(error));
    QCOMPARE(unknown->summary.keepAliveRequests, 0u);
    QVERIFY(unknown->summary.keepAlive);
}

// A notice says how many points, why, and the first line.
void TestK6Result::noticeText()
{
    const QByteArray ndjson = point("http_req_duration", "1970-01-01T00:00:00Z", "1")
        + point("http_req_duration", "1971-01-01T00:00:00Z", "1") + request(0) + request(30'000)
        + request(10'000);
    QString error;
    const std::optional<K6Result::Run> run = K6Result::read(ndjson, &error);
    QVERIFY2(run, qPrintable(error));
    QCOMPARE(run->notices.size(), 2);
    QCOMPARE(run->notices.at(0).text(),
        u"2 points skipped (first at line 1): dated before 2000-01-01 or after 2099-12-31 (UTC)"_s);
    QCOMPARE(run->notices.at(1).text(),
        u"1 point dated more than 10 s before a point of an earlier line (first at line 5): sorted into place"_s);
}

QTEST_GUILESS_MAIN(TestK6Result)
#include "tst_k6result.moc"
