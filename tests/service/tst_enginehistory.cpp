// EngineHistory: the points of each span from a stream of snapshots (their
// step, rates and percentiles from the counts' differences), bounded
// memory, an engine restart, and the per-site rates.
#include "instance/EngineHistory.h"
#include "model/LatencyHistogram.h"

#include <QTest>

using hostbench::model::LatencyHistogram;
using hostbench::model::MetricsSnapshot;
using hostbench::service::EngineHistory;
using Span = EngineHistory::Span;

class TestEngineHistory final : public QObject
{
    Q_OBJECT

private slots:
    void pointsPerSpan_data();
    void pointsPerSpan();
    void boundedToItsSpan();
    void restartStartsNewSteps();
    void siteRates();

private:
    // `requests` 2xx responses of `serviceUs` each, `bytes` sent, `open` connections; per site: a.test all
    // 2xx.
    static MetricsSnapshot counters(quint64 requests, quint64 serviceUs, quint64 bytes, qint64 open);
};

MetricsSnapshot TestEngineHistory::counters(quint64 requests, quint64 serviceUs, quint64 bytes, qint64 open)
{
    MetricsSnapshot s;
    s.requests = requests;
    s.statusClasses[1] = requests;
    s.bytesSent = bytes;
    s.openConnections = open;
    s.connectionsAccepted = quint64(open);
    s.serviceTimeCounts = QList<quint64>(LatencyHistogram::kCountsLength, 0);
    s.serviceTimeCounts[LatencyHistogram::countsIndexFor(serviceUs)] = requests;
    s.perSite = { { QStringLiteral("a.test"), requests, 0, 0, bytes } };
    return s;
}

void TestEngineHistory::pointsPerSpan_data()
{
    QTest::addColumn<Span>("span");
    QTest::addColumn<int>("samples"); // at 500 ms, 100 requests each
    QTest::addColumn<int>("points");
    QTest::newRow("60 s: one point per sample") << Span::Minute << 11 << 10;
    QTest::newRow("10 min: one per 10 samples") << Span::TenMinutes << 31 << 3;
    QTest::newRow("1 h: one per 60 samples") << Span::Hour << 121 << 2;
}

void TestEngineHistory::pointsPerSpan()
{
    QFETCH(Span, span);
    QFETCH(int, samples);
    QFETCH(int, points);
    EngineHistory history;
    for (int i = 0; i < samples; ++i)
        history.add(counters(quint64(i) * 100, 2000, quint64(i) * 1000, 3), qint64(i) * 500);
    const QList<EngineHistory::Point> &got = history.points(span);
    QCOMPARE(got.size(), points);
    QCOMPARE(history.revision(span), quint64(points));
    const double seconds = EngineHistory::stepMs(span) / 1000.0;
    for (const EngineHistory::Point &point : got) {
        QCOMPARE(point.durationMs, EngineHistory::stepMs(span));
        QCOMPARE(point.requestsPerSecond, 100 * (seconds / 0.5) / seconds); // 200/s
        QCOMPARE(point.statusPerSecond[0], point.requestsPerSecond);
        QCOMPARE(point.statusPerSecond[3], 0.0);
        QCOMPARE(point.bytesPerSecond, 2000.0);
        QCOMPARE(point.openConnections, 3.0);
        const double bucketTopMs
            = LatencyHistogram::highestEquivalentValue(LatencyHistogram::countsIndexFor(2000)) / 1000.0;
        QCOMPARE(point.p50Ms, bucketTopMs);
        QCOMPARE(point.p99Ms, bucketTopMs);
    }
    QCOMPARE(got.constLast().atMs, qint64(samples - 1) * 500);
}

void TestEngineHistory::boundedToItsSpan()
{
    EngineHistory history;
    // Two hours of samples.
    for (int i = 0; i <= 14400; ++i)
        history.add(counters(quint64(i), 100, 0, 0), qint64(i) * 500);
    for (Span span : { Span::Minute, Span::TenMinutes, Span::Hour }) {
        QCOMPARE(history.points(span).size(), EngineHistory::kPoints);
        // The oldest point kept is one span before the newest.
        QCOMPARE(history.points(span).constLast().atMs - history.points(span).constFirst().atMs,
            EngineHistory::lengthMs(span) - EngineHistory::stepMs(span));
    }
}

void TestEngineHistory::restartStartsNewSteps()
{
    EngineHistory history;
    history.add(counters(0, 100, 0, 0), 0);
    history.add(counters(500, 100, 0, 0), 500);
    QCOMPARE(history.points(Span::Minute).size(), 1);
    // Restarted: the counters went back; no point from the difference, the next one from the new start.
    history.add(counters(10, 100, 0, 0), 1000);
    QCOMPARE(history.points(Span::Minute).size(), 1);
    history.add(counters(110, 100, 0, 0), 1500);
    QCOMPARE(history.points(Span::Minute).size(), 2);
    QCOMPARE(history.points(Span::Minute).constLast().requestsPerSecond, 200.0);
}

void TestEngineHistory::siteRates()
{
    EngineHistory history;
    MetricsSnapshot first = counters(0, 100, 0, 0);
    first.perSite.append({ QStringLiteral("b.test"), 0, 0, 0, 0 });
    history.add(first, 0);
    QCOMPARE(history.sites().size(), 2);
    QCOMPARE(history.sites().at(1).requestsPerSecond, 0.0); // no rate from one sample

    MetricsSnapshot second = counters(100, 100, 5000, 0);
    // b.test: 40 responses, 10 of them 404 and 2 of them 500, 4,000 bytes.
    second.perSite.append({ QStringLiteral("b.test"), 40, 10, 2, 4000 });
    history.add(second, 2000);
    const QList<EngineHistory::SiteRate> &sites = history.sites();
    QCOMPARE(sites.size(), 2);
    QCOMPARE(sites.at(0).hostName, QStringLiteral("a.test"));
    QCOMPARE(sites.at(0).requests, quint64(100));
    QCOMPARE(sites.at(0).requestsPerSecond, 50.0);
    QCOMPARE(sites.at(0).clientErrors + sites.at(0).serverErrors, quint64(0));
    QCOMPARE(sites.at(0).bytesPerSecond, 2500.0);
    QCOMPARE(sites.at(1).requestsPerSecond, 20.0);
    QCOMPARE(sites.at(1).clientErrors, quint64(10));
    QCOMPARE(sites.at(1).serverErrors, quint64(2));
    QCOMPARE(sites.at(1).bytesPerSecond, 2000.0);

    // Idle since: no responses, and the errors counted still there (issue #20: not a dash).
    history.add(second, 4000);
    QCOMPARE(history.sites().at(1).requestsPerSecond, 0.0);
    QCOMPARE(history.sites().at(1).clientErrors, quint64(10));
    QCOMPARE(history.sites().at(1).serverErrors, quint64(2));
}

QTEST_GUILESS_MAIN(TestEngineHistory)
#include "tst_enginehistory.moc"
