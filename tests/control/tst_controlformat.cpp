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
    proxied.proxyErrors = { 1, 2, 3, 4, 5, 6, 7 };
    const QList<QByteArray> proxyLines = ControlFormat::prometheusText(proxied).split('\n');
    int index = 0;
    for (const char *cause : { "refused", "timeout", "bad_head", "head_too_large", "closed_early",
             "closed_mid_body", "retried" }) {
        const QByteArray line
            = "hostbench_proxy_errors_total{cause=\""_ba + cause + "\"} " + QByteArray::number(++index);
        QVERIFY2(proxyLines.contains(line), line.constData());
    }
}

void TestControlFormat::prometheusFamiliesHaveHelpAndType()
{
    // Every sample's family is announced by one HELP and one TYPE line before its first sample.
    const QList<QByteArray> lines = ControlFormat::prometheusText(fullSnapshot()).split('\n');
    QSet<QByteArray> helped, typed;
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
            QVERIFY(parts.at(3) == "counter" || parts.at(3) == "gauge");
            QVERIFY(parts.at(2).endsWith("_total") == (parts.at(3) == "counter"));
            typed.insert(parts.at(2));
        } else {
            QVERIFY2(!line.startsWith('#'), line.constData());
            const qsizetype end = line.indexOf(line.contains('{') ? '{' : ' ');
            const QByteArray name = line.left(end);
            QVERIFY2(helped.contains(name) && typed.contains(name), line.constData());
            ++samples;
        }
    }
    QCOMPARE(helped, typed);
    // requests, bytes, connections accepted, open connections, uptime: one
    // each; responses: one per status class (5); site requests: one per site
    // (2); proxy errors: one per cause (7).
    QCOMPARE(helped.size(), 8);
    QCOMPARE(samples, 5 + 5 + 2 + 7);
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
