#include "control/ControlFormat.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::control::ControlFormat;
using hostbench::model::MetricsSnapshot;

namespace {

MetricsSnapshot snapshot(qint64 uptimeMs, quint64 requests)
{
    MetricsSnapshot s;
    s.uptimeMs = uptimeMs;
    s.requests = requests;
    return s;
}

MetricsSnapshot fullSnapshot()
{
    MetricsSnapshot s;
    s.uptimeMs = 12'345;
    s.requests = 1001;
    s.bytesSent = 987'654;
    s.statusClasses = { 1, 990, 3, 5, 2 };
    s.connectionsAccepted = 77;
    s.openConnections = 4;
    s.perSite = { { u"localhost"_s, 1000 }, { u"we\"ird\\name\n"_s, 1 } };
    return s;
}

} // namespace

class TestControlFormat final : public QObject
{
    Q_OBJECT

private slots:
    void requestsPerSecond_data();
    void requestsPerSecond();
    void statusJson();
    void prometheusText();
    void prometheusFamiliesHaveHelpAndType();
    void siteHistograms_data();
    void siteHistograms();
    void escapeLabelValue_data();
    void escapeLabelValue();
};

void TestControlFormat::requestsPerSecond_data()
{
    QTest::addColumn<MetricsSnapshot>("earlier");
    QTest::addColumn<MetricsSnapshot>("later");
    QTest::addColumn<qint64>("wallMs");
    QTest::addColumn<double>("expected");
    QTest::newRow("one second, engine clock")
        << snapshot(1000, 100) << snapshot(2000, 600) << qint64(1000) << 500.0;
    QTest::newRow("engine clock wins over wall clock")
        << snapshot(1000, 100) << snapshot(1500, 600) << qint64(1000) << 1000.0;
    QTest::newRow("idle") << snapshot(1000, 100) << snapshot(2000, 100) << qint64(1000) << 0.0;
    QTest::newRow("stopped: wall clock") << snapshot(0, 0) << snapshot(0, 0) << qint64(1000) << 0.0;
    QTest::newRow("just started: wall clock")
        << snapshot(0, 0) << snapshot(800, 400) << qint64(1000) << 400.0;
    QTest::newRow("restarted: counters went back")
        << snapshot(5000, 900) << snapshot(300, 10) << qint64(1000) << 0.0;
    QTest::newRow("no time passed") << snapshot(0, 0) << snapshot(0, 50) << qint64(0) << 0.0;
}

void TestControlFormat::requestsPerSecond()
{
    QFETCH(MetricsSnapshot, earlier);
    QFETCH(MetricsSnapshot, later);
    QFETCH(qint64, wallMs);
    QFETCH(double, expected);
    QCOMPARE(ControlFormat::requestsPerSecond(earlier, later, wallMs), expected);
}

void TestControlFormat::statusJson()
{
    const MetricsSnapshot s = fullSnapshot();
    const QJsonObject json = ControlFormat::statusJson(s, 12.5, u"http://127.0.0.1:8080/"_s);
    QCOMPARE(json[u"running"_s].toBool(), true);
    QCOMPARE(json[u"url"_s].toString(), u"http://127.0.0.1:8080/"_s);
    QCOMPARE(json[u"uptime_ms"_s].toInteger(), s.uptimeMs);
    QCOMPARE(json[u"requests"_s].toInteger(), qint64(s.requests));
    QCOMPARE(json[u"requests_per_second"_s].toDouble(), 12.5);
    QCOMPARE(json[u"open_connections"_s].toInteger(), s.openConnections);
    const QJsonArray sites = json[u"sites"_s].toArray();
    QCOMPARE(sites.size(), s.perSite.size());
    for (qsizetype i = 0; i < sites.size(); ++i) {
        QCOMPARE(sites[i][u"host"_s].toString(), s.perSite[i].hostName);
        QCOMPARE(sites[i][u"requests"_s].toInteger(), qint64(s.perSite[i].requests));
    }
    QCOMPARE(ControlFormat::statusJson(MetricsSnapshot(), 0, {})[u"running"_s].toBool(), false);
}

void TestControlFormat::prometheusText()
{
    const MetricsSnapshot s = fullSnapshot();
    const QByteArray text = ControlFormat::prometheusText(s);
    const QList<QByteArray> lines = text.split('\n');
    QVERIFY(text.endsWith('\n'));
    QVERIFY(lines.contains("hostbench_requests_total " + QByteArray::number(s.requests)));
    QVERIFY(lines.contains("hostbench_bytes_sent_total " + QByteArray::number(s.bytesSent)));
    for (int i = 0; i < 5; ++i) {
        QVERIFY2(lines.contains("hostbench_responses_total{class=\"" + QByteArray::number(i + 1) + "xx\"} "
                     + QByteArray::number(s.statusClasses[size_t(i)])),
            text.constData());
    }
    QVERIFY(
        lines.contains("hostbench_connections_accepted_total " + QByteArray::number(s.connectionsAccepted)));
    QVERIFY(lines.contains("hostbench_open_connections " + QByteArray::number(s.openConnections)));
    QVERIFY(lines.contains("hostbench_site_requests_total{host=\"localhost\"} 1000"));
    QVERIFY(lines.contains("hostbench_site_requests_total{host=\"we\\\"ird\\\\name\\n\"} 1"));
    QVERIFY(lines.contains("hostbench_uptime_seconds 12.345"));
    // The proxy's errors by cause (issue #24).
    MetricsSnapshot proxied = s;
    proxied.proxyErrors = { 1, 2, 3, 4, 5, 6, 7, 8 };
    proxied.proxyQueued = 42;
    const QList<QByteArray> proxyLines = ControlFormat::prometheusText(proxied).split('\n');
    int index = 0;
    for (const char *cause : { "refused", "timeout", "bad_head", "head_too_large", "closed_early",
             "closed_mid_body", "retried", "queue_timeout" }) {
        const QByteArray line
            = "hostbench_proxy_errors_total{cause=\""_ba + cause + "\"} " + QByteArray::number(++index);
        QVERIFY2(proxyLines.contains(line), line.constData());
    }
    QVERIFY(proxyLines.contains("hostbench_proxy_queued_total 42"));
    // PHP's FastCGI errors by cause (issue #25).
    MetricsSnapshot php = s;
    php.phpErrors = { 1, 2, 3, 4, 5, 6, 7, 8 };
    php.phpQueued = 17;
    const QList<QByteArray> phpLines = ControlFormat::prometheusText(php).split('\n');
    index = 0;
    for (const char *cause : { "unavailable", "timeout", "bad_head", "head_too_large", "malformed",
             "closed_early", "closed_mid_body", "queue_timeout" }) {
        const QByteArray line
            = "hostbench_fastcgi_errors_total{cause=\""_ba + cause + "\"} " + QByteArray::number(++index);
        QVERIFY2(phpLines.contains(line), line.constData());
    }
    QVERIFY(phpLines.contains("hostbench_fastcgi_queued_total 17"));
}

void TestControlFormat::prometheusFamiliesHaveHelpAndType()
{
    // Every sample's family is announced by one HELP and one TYPE line before its first sample.
    const QList<QByteArray> lines = ControlFormat::prometheusText(fullSnapshot()).split('\n');
    QSet<QByteArray> helped, typed, histograms;
    int samples = 0;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        if (line.startsWith("# HELP ")) {
            const QByteArray name = line.split(' ').at(2);
            QVERIFY2(!helped.contains(name), name.constData());
            helped.insert(name);
        } else if (line.startsWith("# TYPE ")) {
            const QList<QByteArray> parts = line.split(' ');
            QCOMPARE(parts.size(), 4);
            QVERIFY(parts.at(3) == "counter" || parts.at(3) == "gauge" || parts.at(3) == "histogram");
            QVERIFY(parts.at(2).endsWith("_total") == (parts.at(3) == "counter"));
            QVERIFY(parts.at(2).endsWith("_seconds") || parts.at(3) != "histogram");
            typed.insert(parts.at(2));
            if (parts.at(3) == "histogram")
                histograms.insert(parts.at(2));
        } else {
            QVERIFY2(!line.startsWith('#'), line.constData());
            const qsizetype end = line.indexOf(line.contains('{') ? '{' : ' ');
            QByteArray name = line.left(end);
            // A histogram's samples: NAME_bucket, NAME_sum, NAME_count.
            for (const char *suffix : { "_bucket", "_sum", "_count" }) {
                if (name.endsWith(suffix) && histograms.contains(name.chopped(qstrlen(suffix))))
                    name.chop(qstrlen(suffix));
            }
            QVERIFY2(helped.contains(name) && typed.contains(name), line.constData());
            ++samples;
        }
    }
    QCOMPARE(helped, typed);
    // requests, bytes, connections accepted, open connections, uptime,
    // proxied and PHP requests queued: one each; responses: one per status class
    // (5); site requests: one per site (2); proxy errors: one per cause (8);
    // FastCGI errors: one per cause (8, issue #25); the site histograms of
    // service time, upstream response and header time (issue #24): per site
    // 15 buckets, _sum and _count; TLS handshakes (full, resumed) and TLS errors (issue #26);
    // HTTP/2 connections, streams and resets (issue #27).
    QCOMPARE(helped.size(), 19);
    QCOMPARE(histograms.size(), 3);
    QCOMPARE(samples, 7 + 5 + 2 + 8 + 8 + 3 + 3 + 3 * 2 * (15 + 2));
}

void TestControlFormat::siteHistograms_data()
{
    QTest::addColumn<QByteArray>("family");
    QTest::newRow("service time") << QByteArray("hostbench_site_service_seconds");
    QTest::newRow("upstream response") << QByteArray("hostbench_upstream_response_seconds");
    QTest::newRow("upstream header") << QByteArray("hostbench_upstream_header_seconds");
}

void TestControlFormat::siteHistograms()
{
    // Cumulative buckets in seconds (le as Prometheus writes bounds), +Inf = _count, _sum in seconds.
    QFETCH(QByteArray, family);
    MetricsSnapshot s = fullSnapshot();
    hostbench::model::TimeBuckets buckets;
    buckets.counts[0] = 2; // <= 0.5 ms
    buckets.counts[3] = 1; // 2.5 .. 5 ms
    buckets.counts[size_t(hostbench::model::TimeBuckets::kBucketCount - 1)] = 1; // over 10 s
    buckets.sumUs = 12'345'678;
    MetricsSnapshot::SiteCount &site = s.perSite[0];
    if (family == "hostbench_site_service_seconds")
        site.serviceTime = buckets;
    else if (family == "hostbench_upstream_response_seconds")
        site.upstreamTime = buckets;
    else
        site.upstreamHeaderTime = buckets;
    const QList<QByteArray> lines = ControlFormat::prometheusText(s).split('\n');
    const QByteArray bucket = family + "_bucket{host=\"localhost\",le=\"";
    const std::pair<const char *, int> expected[] = { { "0.0005", 2 }, { "0.001", 2 }, { "0.0025", 2 },
        { "0.005", 3 }, { "0.01", 3 }, { "0.025", 3 }, { "0.05", 3 }, { "0.1", 3 }, { "0.25", 3 },
        { "0.5", 3 }, { "1", 3 }, { "2.5", 3 }, { "5", 3 }, { "10", 3 }, { "+Inf", 4 } };
    for (const auto &[le, count] : expected) {
        const QByteArray line = bucket + le + "\"} " + QByteArray::number(count);
        QVERIFY2(lines.contains(line), line.constData());
    }
    QVERIFY(lines.contains(QByteArray(family + "_sum{host=\"localhost\"} 12.345678")));
    QVERIFY(lines.contains(QByteArray(family + "_count{host=\"localhost\"} 4")));
    // The other site: all zero, still there, its name escaped.
    QVERIFY(lines.contains(QByteArray(family + "_count{host=\"we\\\"ird\\\\name\\n\"} 0")));
    QVERIFY(lines.contains(QByteArray(family + "_sum{host=\"we\\\"ird\\\\name\\n\"} 0.000000")));
}

void TestControlFormat::escapeLabelValue_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("escaped");
    QTest::newRow("plain") << u"example.test"_s << QByteArray("example.test");
    QTest::newRow("quote") << u"a\"b"_s << QByteArray("a\\\"b");
    QTest::newRow("backslash") << u"a\\b"_s << QByteArray("a\\\\b");
    QTest::newRow("newline") << u"a\nb"_s << QByteArray("a\\nb");
    QTest::newRow("utf-8") << u"bücher.test"_s
                           << QByteArray("b\xc3\xbc"
                                         "cher.test");
}

void TestControlFormat::escapeLabelValue()
{
    QFETCH(QString, value);
    QFETCH(QByteArray, escaped);
    QCOMPARE(ControlFormat::escapeLabelValue(value), escaped);
}

QTEST_GUILESS_MAIN(TestControlFormat)
#include "tst_controlformat.moc"
