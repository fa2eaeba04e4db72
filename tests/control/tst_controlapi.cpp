#include "control/ControlApi.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using hostbench::control::ControlApi;
using hostbench::model::MetricsSnapshot;

namespace {

const QByteArray kToken = QByteArray(64, 'e');

ControlApi::Access access(bool tokenForMetrics = false)
{
    return { kToken, tokenForMetrics };
}

struct Reply
{
    int status = 0;
    QByteArray contentType;
    QByteArray wwwAuthenticate;
    QByteArray body;
    QString error;
};

// GET over 127.0.0.1 with `authorization` as the Authorization field (none
// when empty), waiting at most 10 s.
Reply get(quint16 port, const QString &path, const QByteArray &authorization = "Bearer "_ba + kToken)
{
    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(path)));
    if (!authorization.isEmpty())
        request.setRawHeader("Authorization", authorization);
    std::unique_ptr<QNetworkReply> reply(manager.get(request));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    loop.exec();
    Reply result;
    if (!reply->isFinished()) {
        result.error = u"timed out"_s;
        return result;
    }
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    result.wwwAuthenticate = reply->rawHeader("WWW-Authenticate");
    result.body = reply->readAll();
    if (reply->error() != QNetworkReply::NoError && result.status < 400)
        result.error = reply->errorString();
    return result;
}

MetricsSnapshot constructedSnapshot()
{
    MetricsSnapshot s;
    s.uptimeMs = 65'432;
    s.requests = 4242;
    s.bytesSent = 1'234'567;
    s.statusClasses = { 0, 4200, 10, 30, 2 };
    s.connectionsAccepted = 99;
    s.openConnections = 7;
    s.perSite = { { u"localhost"_s, 4000 }, { u"example.test"_s, 242 } };
    return s;
}

} // namespace

class TestControlApi final : public QObject
{
    Q_OBJECT

private slots:
    void statusOverHttp();
    void metricsOverHttp();
    void unknownPathIsNotFound();
    void takenPortIsAnError();
    void nonLoopbackIsRefused_data();
    void nonLoopbackIsRefused();
    void listensOnlyOnce();
    void requestsPerSecondFromTwoSnapshots();
    void statusNeedsTheToken_data();
    void statusNeedsTheToken();
    void metricsNeedTheTokenWhenAsked();
    void emptyTokenLetsNothingThrough();
    void otherAddressWhenTokenRequiredEverywhere();
    void scrapePassesPromtool();
};

void TestControlApi::statusOverHttp()
{
    const MetricsSnapshot s = constructedSnapshot();
    ControlApi api([s] { return s; }, u"http://127.0.0.1:8080/"_s, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QVERIFY(api.port() != 0);

    const Reply reply = get(api.port(), u"/api/status"_s);
    QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
    QCOMPARE(reply.status, 200);
    QVERIFY2(reply.contentType.startsWith("application/json"), reply.contentType.constData());
    QJsonParseError parseError;
    const QJsonObject json = QJsonDocument::fromJson(reply.body, &parseError).object();
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    QCOMPARE(json[u"running"_s].toBool(), true);
    QCOMPARE(json[u"url"_s].toString(), u"http://127.0.0.1:8080/"_s);
    QCOMPARE(json[u"uptime_ms"_s].toInteger(), s.uptimeMs);
    QCOMPARE(json[u"requests"_s].toInteger(), qint64(s.requests));
    QCOMPARE(json[u"open_connections"_s].toInteger(), s.openConnections);
    QVERIFY(json.contains(u"requests_per_second"_s));
    QCOMPARE(json[u"requests_per_second"_s].toDouble(), 0.0); // the counters do not move
    const QJsonArray sites = json[u"sites"_s].toArray();
    QCOMPARE(sites.size(), 2);
    QCOMPARE(sites[0][u"host"_s].toString(), u"localhost"_s);
    QCOMPARE(sites[0][u"requests"_s].toInteger(), 4000);
    QCOMPARE(sites[1][u"host"_s].toString(), u"example.test"_s);
    QCOMPARE(sites[1][u"requests"_s].toInteger(), 242);

    api.setEngineUrl(u"http://127.0.0.1:9090/"_s);
    QCOMPARE(QJsonDocument::fromJson(get(api.port(), u"/api/status"_s).body)[u"url"_s].toString(),
        u"http://127.0.0.1:9090/"_s);
}

void TestControlApi::metricsOverHttp()
{
    const MetricsSnapshot s = constructedSnapshot();
    ControlApi api([s] { return s; }, u"http://127.0.0.1:8080/"_s, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));

    const Reply reply = get(api.port(), u"/metrics"_s);
    QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
    QCOMPARE(reply.status, 200);
    QVERIFY2(reply.contentType.startsWith("text/plain; version=0.0.4"), reply.contentType.constData());
    const QList<QByteArray> lines = reply.body.split('\n');
    for (const QByteArray &expected :
        { "# TYPE hostbench_requests_total counter"_ba, "hostbench_requests_total 4242"_ba,
            "# TYPE hostbench_bytes_sent_total counter"_ba, "hostbench_bytes_sent_total 1234567"_ba,
            "# TYPE hostbench_responses_total counter"_ba, "hostbench_responses_total{class=\"2xx\"} 4200"_ba,
            "hostbench_responses_total{class=\"4xx\"} 30"_ba, "# TYPE hostbench_open_connections gauge"_ba,
            "hostbench_open_connections 7"_ba, "# TYPE hostbench_site_requests_total counter"_ba,
            "hostbench_site_requests_total{host=\"localhost\"} 4000"_ba,
            "hostbench_site_requests_total{host=\"example.test\"} 242"_ba,
            "# TYPE hostbench_uptime_seconds gauge"_ba, "hostbench_uptime_seconds 65.432"_ba }) {
        QVERIFY2(lines.contains(expected), expected.constData());
    }
    QCOMPARE(reply.body.count("# HELP "), reply.body.count("# TYPE "));
}

void TestControlApi::unknownPathIsNotFound()
{
    ControlApi api([] { return MetricsSnapshot(); }, {}, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QCOMPARE(get(api.port(), u"/nothing"_s).status, 404);
}

void TestControlApi::takenPortIsAnError()
{
    QTcpServer occupier;
    QVERIFY(occupier.listen(QHostAddress::LocalHost, 0));
    ControlApi api([] { return MetricsSnapshot(); }, {}, access());
    QString error;
    QVERIFY(!api.listen(QHostAddress::LocalHost, occupier.serverPort(), &error));
    QVERIFY2(error.contains(QString::number(occupier.serverPort())), qPrintable(error));
    QVERIFY2(error.contains(u"in use"_s), qPrintable(error));
    QCOMPARE(api.port(), quint16(0));
    // A failed listen leaves the object usable.
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
}

void TestControlApi::nonLoopbackIsRefused_data()
{
    QTest::addColumn<QString>("address");
    QTest::newRow("any IPv4") << u"0.0.0.0"_s;
    QTest::newRow("any IPv6") << u"::"_s;
    QTest::newRow("LAN") << u"192.168.1.10"_s;
    QTest::newRow("public") << u"8.8.8.8"_s;
}

void TestControlApi::nonLoopbackIsRefused()
{
    QFETCH(QString, address);
    ControlApi api([] { return MetricsSnapshot(); }, {}, access());
    QString error;
    QVERIFY(!api.listen(QHostAddress(address), 0, &error));
    QVERIFY2(error.contains(u"loopback"_s), qPrintable(error));
    QCOMPARE(api.port(), quint16(0));
}

void TestControlApi::listensOnlyOnce()
{
    ControlApi api([] { return MetricsSnapshot(); }, {}, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    const quint16 port = api.port();
    QVERIFY(!api.listen(QHostAddress::LocalHost, 0, &error));
    QVERIFY(error.contains(u"already"_s));
    QCOMPARE(api.port(), port);
}

void TestControlApi::requestsPerSecondFromTwoSnapshots()
{
    // Every read advances the engine by 400 ms and 100 requests, whoever
    // reads (the 1 s timer or a request): 250 requests/s whichever two
    // snapshots the API compares, and however late the timer fires.
    int reads = 0;
    ControlApi api(
        [&reads] {
            ++reads;
            MetricsSnapshot s;
            s.uptimeMs = 1000 + 400 * reads;
            s.requests = quint64(100 * reads);
            return s;
        },
        {}, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));

    double rate = 0;
    QDeadlineTimer deadline(20'000);
    while (rate == 0 && !deadline.hasExpired()) {
        const Reply reply = get(api.port(), u"/api/status"_s);
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        rate = QJsonDocument::fromJson(reply.body)[u"requests_per_second"_s].toDouble();
        if (rate == 0)
            QTest::qWait(200);
    }
    QCOMPARE(rate, 250.0);
    QVERIFY(reads >= 3); // listen, one tick at least, and the request
}

void TestControlApi::statusNeedsTheToken_data()
{
    QTest::addColumn<QByteArray>("authorization");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("challenge"); // WWW-Authenticate, RFC 6750 section 3
    const QByteArray realm = "Bearer realm=\"hostbench\"";
    const QByteArray invalid = realm + ", error=\"invalid_token\"";
    QTest::newRow("the token") << QByteArray("Bearer " + kToken) << 200 << QByteArray();
    QTest::newRow("scheme in lower case") << QByteArray("bearer " + kToken) << 200 << QByteArray();
    QTest::newRow("none") << QByteArray() << 401 << realm;
    QTest::newRow("another token") << QByteArray("Bearer " + QByteArray(64, 'f')) << 401 << invalid;
    QTest::newRow("the token less its last digit")
        << QByteArray("Bearer " + kToken.chopped(1)) << 401 << invalid;
    QTest::newRow("the token and more") << QByteArray("Bearer " + kToken + 'e') << 401 << invalid;
    QTest::newRow("no scheme") << kToken << 401 << invalid;
    QTest::newRow("basic") << QByteArray("Basic " + kToken.toBase64()) << 401 << invalid;
    QTest::newRow("empty bearer") << "Bearer "_ba << 401 << invalid;
}

void TestControlApi::statusNeedsTheToken()
{
    QFETCH(QByteArray, authorization);
    QFETCH(int, status);
    QFETCH(QByteArray, challenge);
    ControlApi api([] { return constructedSnapshot(); }, {}, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    const Reply reply = get(api.port(), u"/api/status"_s, authorization);
    QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
    QCOMPARE(reply.status, status);
    QCOMPARE(reply.wwwAuthenticate, challenge);
    const QJsonObject json = QJsonDocument::fromJson(reply.body).object();
    if (status == 200) {
        QCOMPARE(json[u"requests"_s].toInteger(), 4242);
        return;
    }
    // An RFC 9457 problem, which never shows the counters.
    QVERIFY2(reply.contentType.startsWith("application/problem+json"), reply.contentType.constData());
    QCOMPARE(json[u"status"_s].toInt(), 401);
    QCOMPARE(json[u"title"_s].toString(), u"Unauthorized"_s);
    QVERIFY(json[u"detail"_s].toString().contains(u"control.token"_s));
    QVERIFY(!reply.body.contains("4242"));
}

void TestControlApi::metricsNeedTheTokenWhenAsked()
{
    ControlApi open([] { return constructedSnapshot(); }, {}, access(false));
    ControlApi closed([] { return constructedSnapshot(); }, {}, access(true));
    QString error;
    QVERIFY2(open.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QVERIFY2(closed.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));

    QCOMPARE(get(open.port(), u"/metrics"_s, {}).status, 200);
    const Reply refused = get(closed.port(), u"/metrics"_s, {});
    QCOMPARE(refused.status, 401);
    QCOMPARE(refused.wwwAuthenticate, "Bearer realm=\"hostbench\""_ba);
    QVERIFY(!refused.body.contains("hostbench_requests_total"));
    const Reply allowed = get(closed.port(), u"/metrics"_s);
    QCOMPARE(allowed.status, 200);
    QVERIFY(allowed.body.contains("hostbench_requests_total 4242"));
    // /api/status needs it either way.
    QCOMPARE(get(open.port(), u"/api/status"_s, {}).status, 401);
}

void TestControlApi::emptyTokenLetsNothingThrough()
{
    ControlApi api([] { return constructedSnapshot(); }, {}, ControlApi::Access {});
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QCOMPARE(get(api.port(), u"/api/status"_s, "Bearer "_ba).status, 401);
    QCOMPARE(get(api.port(), u"/api/status"_s, {}).status, 401);
}

void TestControlApi::otherAddressWhenTokenRequiredEverywhere()
{
    // Any address: reachable from other machines, so every route needs the token.
    ControlApi api([] { return constructedSnapshot(); }, {}, access(true));
    QString error;
    QVERIFY2(api.listen(QHostAddress::AnyIPv4, 0, &error), qPrintable(error));
    QCOMPARE(get(api.port(), u"/metrics"_s, {}).status, 401);
    QCOMPARE(get(api.port(), u"/api/status"_s, {}).status, 401);
    QCOMPARE(get(api.port(), u"/api/status"_s).status, 200);
}

void TestControlApi::scrapePassesPromtool()
{
    // Prometheus' own checker (Debian's package prometheus; hostbench.sh
    // installs it for the tests) on a real scrape whose host names hold
    // everything a label value must escape.
    const QString promtool = QStandardPaths::findExecutable(u"promtool"_s);
    if (promtool.isEmpty())
        QSKIP("promtool is not on PATH (./hostbench.sh test unpacks it from the package prometheus into "
              "build/tools)");
    MetricsSnapshot s = constructedSnapshot();
    s.perSite = { { u"localhost"_s, 1 }, { u"quote\"d.test"_s, 2 }, { u"back\\slash.test"_s, 3 },
        { u"new\nline.test"_s, 4 }, { u"b\u00fccher.test"_s, 5 }, { u"spaces and {braces}=,#"_s, 6 },
        { u"\\\""_s, 7 }, { QString(), 8 } };
    ControlApi api([s] { return s; }, {}, access());
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    const Reply reply = get(api.port(), u"/metrics"_s, {});
    QCOMPARE(reply.status, 200);
    for (const MetricsSnapshot::SiteCount &site : s.perSite)
        QVERIFY2(reply.body.contains(QByteArray("} " + QByteArray::number(site.requests) + '\n')),
            reply.body.constData());

    QProcess check;
    check.start(promtool, { u"check"_s, u"metrics"_s });
    QVERIFY(check.waitForStarted());
    check.write(reply.body);
    check.closeWriteChannel();
    QVERIFY(check.waitForFinished(30'000));
    const QByteArray output = check.readAllStandardOutput() + check.readAllStandardError();
    QVERIFY2(check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0,
        QByteArray(output + "\n" + reply.body).constData());
    // Lint findings (a counter without _total, a unit not in base units) also fail.
    QVERIFY2(output.trimmed().isEmpty(), output.constData());
}

QTEST_GUILESS_MAIN(TestControlApi)
#include "tst_controlapi.moc"
