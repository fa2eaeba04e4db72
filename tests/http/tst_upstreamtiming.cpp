// Where a proxied request's time goes (issue #24): the upstream's times,
// measured by the engine, on /metrics (a histogram per site beside the
// engine's own service time, checked by promtool) and in the access log
// (nginx's $upstream_connect_time $upstream_header_time
// $upstream_response_time). Over real sockets, to a real upstream in the
// test that waits a known time before each answer.
#include "RawClient.h"
#include "Upstreams.h"

#include "control/ControlFormat.h"
#include "http/HttpServer.h"
#include "http/LogFormat.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using hostbench::control::ControlFormat;
using hostbench::http::HttpServer;
using hostbench::http::LogFormat;
using hostbench::http::UpstreamTiming;
using hostbench::model::MetricsSnapshot;
using hostbench::model::ServerConfig;
using hostbench::model::TimeBuckets;
using hostbench::model::VirtualHost;

namespace {

constexpr int kDelayMs = 50;

// An upstream that waits kDelayMs before each answer, keeping the connection alive.
RawUpstream::Script waitingUpstream()
{
    return [](RawUpstream &up, int fd, int) {
        while (!up.readRequest(fd).isEmpty()) {
            QThread::msleep(kDelayMs);
            if (!RawUpstream::sendAll(fd, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
                return;
        }
    };
}

QByteArray get(const QByteArray &target)
{
    return "GET " + target + " HTTP/1.1\r\nHost: app.test\r\n\r\n";
}

// The value of the sample `name{labels}` in a Prometheus text, or -1.
double sampleValue(const QByteArray &text, const QByteArray &nameAndLabels)
{
    const QByteArray prefix = nameAndLabels + ' ';
    for (const QByteArray &line : text.split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(nameAndLabels.size() + 1).toDouble();
    }
    return -1;
}

} // namespace

class TestUpstreamTiming final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void histogramCountsTheUpstreamsTime();
    void prometheusTextOfARealEngine();
    void upstreamTimesText_data();
    void upstreamTimesText();
    void accessLogCarriesTheTimes();
    void accessLogWithoutTheOption();

private:
    bool start(HttpServer &server, quint16 upstreamPort, bool logTimes);
    QStringList accessLines() const;

    QTemporaryDir m_dir;
    QString m_root;
};

void TestUpstreamTiming::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(u"root"_s);
    QVERIFY(QDir().mkpath(m_root));
    QFile local(m_root + u"/local.txt"_s);
    QVERIFY(local.open(QIODevice::WriteOnly) && local.write("from files\n") > 0);
}

bool TestUpstreamTiming::start(HttpServer &server, quint16 upstreamPort, bool logTimes)
{
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.isDefault = true;
    host.documentRoot = m_root;
    host.accessLogPath = m_dir.filePath(u"access.log"_s);
    QFile::remove(host.accessLogPath);
    host.errorLogPath = m_dir.filePath(u"error.log"_s);
    host.proxy.routes = { { u"/app"_s, u"http://127.0.0.1:%1"_s.arg(upstreamPort) } };
    host.proxy.upstreamTimeoutMs = 10000;
    host.proxy.logUpstreamTimes = logTimes;
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

QStringList TestUpstreamTiming::accessLines() const
{
    QFile file(m_dir.filePath(u"access.log"_s));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

void TestUpstreamTiming::histogramCountsTheUpstreamsTime()
{
    // N proxied requests (two clients, so both workers may take some) and M files: the site's
    // upstream histograms count exactly the N, each at least the upstream's wait, and the
    // engine's service time of those requests holds the upstream's time.
    RawUpstream upstream(waitingUpstream());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), false));
    constexpr int kProxied = 6;
    constexpr int kFiles = 3;
    RawClient first(server.port());
    RawClient second(server.port());
    for (int i = 0; i < kProxied; ++i)
        QCOMPARE((i % 2 ? first : second).request(get("/app/x")).body, QByteArray("ok"));
    for (int i = 0; i < kFiles; ++i)
        QCOMPARE(first.request(get("/local.txt")).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(kProxied + kFiles), 15000);
    const MetricsSnapshot::SiteCount site = server.metrics().perSite.value(0);
    QCOMPARE(site.upstreamTime.count(), quint64(kProxied));
    QCOMPARE(site.upstreamHeaderTime.count(), quint64(kProxied));
    QCOMPARE(site.serviceTime.count(), quint64(kProxied + kFiles));
    const quint64 floorUs = quint64(kProxied) * kDelayMs * 1000;
    QVERIFY2(site.upstreamTime.sumUs >= floorUs, qPrintable(QString::number(site.upstreamTime.sumUs)));
    QVERIFY2(
        site.upstreamHeaderTime.sumUs >= floorUs, qPrintable(QString::number(site.upstreamHeaderTime.sumUs)));
    QVERIFY(site.upstreamHeaderTime.sumUs <= site.upstreamTime.sumUs);
    QVERIFY(site.proxiedServiceSumUs >= site.upstreamTime.sumUs);
    QVERIFY(site.serviceTime.sumUs >= site.proxiedServiceSumUs);
    // Each answer took at least 50 ms: none lies in the buckets below it.
    for (int i = 0; i < TimeBuckets::kBucketCount - 1; ++i) {
        if (TimeBuckets::kBoundsUs[size_t(i)] < quint64(kDelayMs) * 1000)
            QCOMPARE(site.upstreamTime.counts[size_t(i)], quint64(0));
    }
    // A site's count goes to the bucket of its bound: 500 µs is in the first, 501 in the second.
    QCOMPARE(TimeBuckets::indexFor(500), 0);
    QCOMPARE(TimeBuckets::indexFor(501), 1);
    QCOMPARE(TimeBuckets::indexFor(20'000'000), TimeBuckets::kBucketCount - 1);
}

void TestUpstreamTiming::prometheusTextOfARealEngine()
{
    // The scrape of a real engine after N proxied requests: the histogram's _count is N, its
    // _sum at least N times the upstream's wait, its +Inf bucket N; promtool accepts the text.
    RawUpstream upstream(waitingUpstream());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), false));
    constexpr int kProxied = 4;
    RawClient client(server.port());
    for (int i = 0; i < kProxied; ++i)
        QCOMPARE(client.request(get("/app/x")).status, 200);
    QCOMPARE(client.request(get("/local.txt")).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(kProxied + 1), 15000);
    const QByteArray text = ControlFormat::prometheusText(server.metrics());
    const QByteArray host = "{host=\"app.test\"}";
    QCOMPARE(sampleValue(text, "hostbench_upstream_response_seconds_count" + host), double(kProxied));
    QCOMPARE(sampleValue(text, "hostbench_upstream_header_seconds_count" + host), double(kProxied));
    QCOMPARE(sampleValue(text, "hostbench_site_service_seconds_count" + host), double(kProxied + 1));
    QCOMPARE(sampleValue(text, "hostbench_upstream_response_seconds_bucket{host=\"app.test\",le=\"+Inf\"}"),
        double(kProxied));
    QCOMPARE(
        sampleValue(text, "hostbench_upstream_response_seconds_bucket{host=\"app.test\",le=\"0.025\"}"), 0.0);
    const double sum = sampleValue(text, "hostbench_upstream_response_seconds_sum" + host);
    QVERIFY2(sum >= kProxied * kDelayMs / 1000.0, text.constData());
    QVERIFY2(sampleValue(text, "hostbench_site_service_seconds_sum" + host) >= sum, text.constData());

    const QString promtool = QStandardPaths::findExecutable(u"promtool"_s);
    if (promtool.isEmpty())
        QSKIP("promtool is not on PATH (./hostbench.sh test unpacks it from the package prometheus into "
              "build/tools)");
    QProcess check;
    check.start(promtool, { u"check"_s, u"metrics"_s });
    QVERIFY(check.waitForStarted());
    check.write(text);
    check.closeWriteChannel();
    QVERIFY(check.waitForFinished(30'000));
    const QByteArray output = check.readAllStandardOutput() + check.readAllStandardError();
    QVERIFY2(check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0,
        QByteArray(output + "\n" + text).constData());
    QVERIFY2(output.trimmed().isEmpty(), output.constData());
}

void TestUpstreamTiming::upstreamTimesText_data()
{
    QTest::addColumn<qint64>("connectUs");
    QTest::addColumn<qint64>("headerUs");
    QTest::addColumn<qint64>("totalUs");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("not proxied") << qint64(-1) << qint64(-1) << qint64(-1) << QByteArray(" - - -");
    QTest::newRow("connected, no head")
        << qint64(120) << qint64(-1) << qint64(-1) << QByteArray(" 0.000 - -");
    QTest::newRow("pooled connection")
        << qint64(0) << qint64(51'234) << qint64(52'499) << QByteArray(" 0.000 0.051 0.052");
    QTest::newRow("rounds half up") << qint64(1'500) << qint64(2'499) << qint64(999'500)
                                    << QByteArray(" 0.002 0.002 1.000");
    QTest::newRow("seconds") << qint64(3'000) << qint64(1'234'567) << qint64(61'000'000)
                             << QByteArray(" 0.003 1.235 61.000");
    QTest::newRow("head but no last byte")
        << qint64(0) << qint64(7'000) << qint64(-1) << QByteArray(" 0.000 0.007 -");
}

void TestUpstreamTiming::upstreamTimesText()
{
    QFETCH(qint64, connectUs);
    QFETCH(qint64, headerUs);
    QFETCH(qint64, totalUs);
    QFETCH(QByteArray, text);
    std::string out;
    LogFormat::appendUpstreamTimes(UpstreamTiming { connectUs, headerUs, totalUs }, out);
    QCOMPARE(QByteArray::fromStdString(out), text);
}

void TestUpstreamTiming::accessLogCarriesTheTimes()
{
    // With ProxySettings::logUpstreamTimes each line ends with the three times: a proxied one's
    // header and response times at least the upstream's wait, a pooled connection's connect 0.000,
    // a file's "- - -".
    RawUpstream upstream(waitingUpstream());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), true));
    RawClient client(server.port());
    QCOMPARE(client.request(get("/app/one")).status, 200);
    QCOMPARE(client.request(get("/app/two")).status, 200);
    QCOMPARE(client.request(get("/local.txt")).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(3), 15000);
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 3);
    static const QRegularExpression times(
        u"^\\S+ - - \\[[^]]+\\] \"GET (\\S+) HTTP/1\\.1\" 200 \\d+ \"-\" \"-\" (\\S+) (\\S+) (\\S+)$"_s);
    for (int i = 0; i < 2; ++i) {
        const QRegularExpressionMatch match = times.match(access[i]);
        QVERIFY2(match.hasMatch(), qPrintable(access[i]));
        QCOMPARE(match.captured(1), i == 0 ? u"/app/one"_s : u"/app/two"_s);
        static const QRegularExpression seconds(u"^\\d+\\.\\d{3}$"_s);
        for (int field = 2; field <= 4; ++field)
            QVERIFY2(seconds.match(match.captured(field)).hasMatch(), qPrintable(access[i]));
        QVERIFY2(match.captured(3).toDouble() >= kDelayMs / 1000.0, qPrintable(access[i]));
        QVERIFY2(match.captured(4).toDouble() >= match.captured(3).toDouble(), qPrintable(access[i]));
        QVERIFY2(match.captured(4).toDouble() < 10.0, qPrintable(access[i]));
    }
    QVERIFY2(access[1].contains(u"\" 0.000 0."_s), qPrintable(access[1])); // the pooled connection
    QVERIFY2(
        access[2].endsWith(u"\"GET /local.txt HTTP/1.1\" 200 11 \"-\" \"-\" - - -"_s), qPrintable(access[2]));
}

void TestUpstreamTiming::accessLogWithoutTheOption()
{
    // Off (the default): nginx's combined format unchanged, proxied or not.
    RawUpstream upstream(waitingUpstream());
    HttpServer server;
    QVERIFY(start(server, upstream.port(), false));
    RawClient client(server.port());
    QCOMPARE(client.request(get("/app/one")).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 15000);
    server.stop();
    const QStringList access = accessLines();
    QCOMPARE(access.size(), 1);
    QVERIFY2(access[0].endsWith(u"\"GET /app/one HTTP/1.1\" 200 2 \"-\" \"-\""_s), qPrintable(access[0]));
}

QTEST_GUILESS_MAIN(TestUpstreamTiming)
#include "tst_upstreamtiming.moc"
