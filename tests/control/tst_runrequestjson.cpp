#include "control/RunRequestJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::control::RunRequestJson;
using hostbench::model::BenchParameters;

class TestRunRequestJson final : public QObject
{
    Q_OBJECT

private slots:
    void refused_data();
    void refused();
    void readsEveryMember();
    void readsHttp2OverTls();
    void readsStagesAndAbort_data();
    void readsStagesAndAbort();
    void roundTrip();
    void readsFindCapacity();
};

void TestRunRequestJson::refused_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field");
    const QByteArray url = R"("url": "http://127.0.0.1:8080/")";
    QTest::newRow("no url") << QByteArray(R"({"requests": 5})") << 422 << u"url"_s;
    QTest::newRow("ftp") << QByteArray(R"({"url": "ftp://a.test/", "requests": 5})") << 422 << u"url"_s;
    QTest::newRow("no host") << QByteArray(R"({"url": "http:///x", "requests": 5})") << 422 << u"url"_s;
    QTest::newRow("url is a number") << QByteArray(R"({"url": 5, "requests": 5})") << 400 << u"url"_s;
    QTest::newRow("neither requests nor duration") << QByteArray("{" + url + "}") << 422 << u"requests"_s;
    QTest::newRow("both") << QByteArray("{" + url + R"(, "requests": 5, "duration_s": 1})") << 422
                          << u"requests"_s;
    QTest::newRow("requests 0") << QByteArray("{" + url + R"(, "requests": 0})") << 422 << u"requests"_s;
    QTest::newRow("requests fraction")
        << QByteArray("{" + url + R"(, "requests": 1.5})") << 422 << u"requests"_s;
    QTest::newRow("requests a string")
        << QByteArray("{" + url + R"(, "requests": "5"})") << 400 << u"requests"_s;
    QTest::newRow("duration 0") << QByteArray("{" + url + R"(, "duration_s": 0})") << 422 << u"duration_s"_s;
    QTest::newRow("negative duration")
        << QByteArray("{" + url + R"(, "duration_s": -1})") << 422 << u"duration_s"_s;
    QTest::newRow("concurrency 0") << QByteArray("{" + url + R"(, "requests": 5, "concurrency": 0})") << 422
                                   << u"concurrency"_s;
    QTest::newRow("rate 0") << QByteArray("{" + url + R"(, "requests": 5, "rate": 0})") << 422 << u"rate"_s;
    QTest::newRow("keep_alive a string")
        << QByteArray("{" + url + R"(, "requests": 5, "keep_alive": "yes"})") << 400 << u"keep_alive"_s;
    QTest::newRow("header without colon")
        << QByteArray("{" + url + R"(, "requests": 5, "headers": ["X-A 1"]})") << 422 << u"headers[0]"_s;
    QTest::newRow("header a number") << QByteArray("{" + url + R"(, "requests": 5, "headers": [1]})") << 400
                                     << u"headers[0]"_s;
    QTest::newRow("bad method") << QByteArray("{" + url + R"(, "requests": 5, "method": "GE T"})") << 422
                                << u"method"_s;
    QTest::newRow("threads over 1024")
        << QByteArray("{" + url + R"(, "requests": 5, "threads": 1025})") << 422 << u"threads"_s;
    QTest::newRow("warmup over an hour")
        << QByteArray("{" + url + R"(, "requests": 5, "warmup_s": 3601})") << 422 << u"warmup_s"_s;
    QTest::newRow("timeout 0") << QByteArray("{" + url + R"(, "requests": 5, "timeout_s": 0})") << 422
                               << u"timeout_s"_s;
    QTest::newRow("rate above 1e8") << QByteArray("{" + url + R"(, "requests": 5, "rate": 1e9})") << 422
                                    << u"rate"_s;
    QTest::newRow("headers an object")
        << QByteArray("{" + url + R"(, "requests": 5, "headers": {}})") << 400 << u"headers"_s;
    QTest::newRow("body a number") << QByteArray("{" + url + R"(, "requests": 5, "body": 1})") << 400
                                   << u"body"_s;
    QTest::newRow("thresholds a string")
        << QByteArray("{" + url + R"(, "requests": 5, "thresholds": "p99<5ms"})") << 400 << u"thresholds"_s;
    QTest::newRow("threshold a number")
        << QByteArray("{" + url + R"(, "requests": 5, "thresholds": ["rps>1", 5]})") << 400
        << u"thresholds[1]"_s;
    QTest::newRow("threshold that does not parse")
        << QByteArray("{" + url + R"(, "requests": 5, "thresholds": ["p99=>5ms"]})") << 422
        << u"thresholds[0]"_s;
    QTest::newRow("threshold of no metric")
        << QByteArray("{" + url + R"(, "requests": 5, "thresholds": ["latency<5ms"]})") << 422
        << u"thresholds[0]"_s;
    QTest::newRow("http2 a string") << QByteArray("{" + url + R"(, "requests": 5, "http2": "yes"})") << 400
                                    << u"http2"_s;
    QTest::newRow("streams without http2")
        << QByteArray("{" + url + R"(, "requests": 5, "streams": 10})") << 422 << u"streams"_s;
    QTest::newRow("streams 0") << QByteArray("{" + url + R"(, "requests": 5, "http2": true, "streams": 0})")
                               << 422 << u"streams"_s;
    QTest::newRow("streams over 1000")
        << QByteArray("{" + url + R"(, "requests": 5, "http2": true, "streams": 1001})") << 422
        << u"streams"_s;
    QTest::newRow("insecure over http")
        << QByteArray("{" + url + R"(, "requests": 5, "insecure": true})") << 422 << u"insecure"_s;
    QTest::newRow("stages with requests")
        << QByteArray("{" + url + R"(, "requests": 5, "stages": "1s:10"})") << 422 << u"requests"_s;
    QTest::newRow("stages with duration")
        << QByteArray("{" + url + R"(, "duration_s": 5, "stages": "1s:10"})") << 422 << u"duration_s"_s;
    QTest::newRow("stages a number") << QByteArray("{" + url + R"(, "stages": 5})") << 400 << u"stages"_s;
    QTest::newRow("stage of zero duration")
        << QByteArray("{" + url + R"(, "stages": "10s:100,0s:50"})") << 422 << u"stages"_s;
    QTest::newRow("stage of a negative rate") << QByteArray(
        "{" + url + R"(, "stages": [{"duration": "1s", "rate": 10}, {"duration": "1s", "rate": -1}]})")
                                              << 422 << u"stages[1]"_s;
    QTest::newRow("stage without a unit")
        << QByteArray("{" + url + R"(, "stages": [{"duration": "10", "rate": 10}]})") << 422
        << u"stages[0]"_s;
    QTest::newRow("stage of two in one")
        << QByteArray("{" + url + R"(, "stages": [{"duration": "1s:5,2s", "rate": 10}]})") << 422
        << u"stages[0]"_s;
    QTest::newRow("stage not an object")
        << QByteArray("{" + url + R"(, "stages": ["10s:100"]})") << 400 << u"stages[0]"_s;
    QTest::newRow("stage with another member")
        << QByteArray("{" + url + R"(, "stages": [{"duration": "1s", "target": 10}]})") << 400
        << u"stages[0]"_s;
    QTest::newRow("abort without thresholds")
        << QByteArray("{" + url + R"(, "requests": 5, "abort_on_fail": true})") << 422 << u"abort_on_fail"_s;
    QTest::newRow("abortOnFail a string")
        << QByteArray("{" + url + R"(, "requests": 5, "abortOnFail": "yes"})") << 400 << u"abortOnFail"_s;
    QTest::newRow("compare_baseline a string")
        << QByteArray("{" + url + R"(, "requests": 5, "compare_baseline": "yes"})") << 400
        << u"compare_baseline"_s;
    QTest::newRow("compare_baseline beside find_capacity")
        << QByteArray("{" + url + R"(, "compare_baseline": true, "find_capacity": {"slo": ["p99<10ms"]}})")
        << 422 << u"compare_baseline"_s;
    QTest::newRow("unknown member") << QByteArray("{" + url + R"(, "requests": 5, "colour": 1})") << 400
                                    << u"colour"_s;
    QTest::newRow("find_capacity an array")
        << QByteArray("{" + url + R"(, "find_capacity": ["p99<10ms"]})") << 400 << u"find_capacity"_s;
    QTest::newRow("find_capacity without slo")
        << QByteArray("{" + url + R"(, "find_capacity": {}})") << 422 << u"find_capacity.slo"_s;
    QTest::newRow("find_capacity of no slo")
        << QByteArray("{" + url + R"(, "find_capacity": {"slo": []}})") << 422 << u"find_capacity.slo"_s;
    QTest::newRow("find_capacity of a bad slo")
        << QByteArray("{" + url + R"(, "find_capacity": {"slo": ["p99<10ms", "unfinished==0"]}})") << 422
        << u"find_capacity.slo[1]"_s;
    QTest::newRow("find_capacity of a slo not a string")
        << QByteArray("{" + url + R"(, "find_capacity": {"slo": [5]}})") << 422 << u"find_capacity.slo[0]"_s;
    QTest::newRow("find_capacity of an unknown member")
        << QByteArray("{" + url + R"(, "find_capacity": {"slo": ["p99<10ms"], "steps": 3}})") << 400
        << u"find_capacity.steps"_s;
    QTest::newRow("find_capacity with requests")
        << QByteArray("{" + url + R"(, "requests": 5, "find_capacity": {"slo": ["p99<10ms"]}})") << 422
        << u"requests"_s;
    QTest::newRow("find_capacity with stages")
        << QByteArray("{" + url + R"(, "stages": "1s:10", "find_capacity": {"slo": ["p99<10ms"]}})") << 422
        << u"stages"_s;
    QTest::newRow("find_capacity with thresholds")
        << QByteArray("{" + url + R"(, "thresholds": ["p99<1ms"], "find_capacity": {"slo": ["p99<10ms"]}})")
        << 422 << u"thresholds"_s;
    QTest::newRow("find_capacity of a short step")
        << QByteArray("{" + url + R"(, "find_capacity": {"slo": ["p99<10ms"], "step_duration_s": 0.1}})")
        << 422 << u"find_capacity.step_duration_s"_s;
    QTest::newRow("find_capacity of precision 0")
        << QByteArray("{" + url + R"(, "find_capacity": {"slo": ["p99<10ms"], "precision_percent": 0}})")
        << 422 << u"find_capacity.precision_percent"_s;
}

void TestRunRequestJson::refused()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, field);
    const QJsonDocument json = QJsonDocument::fromJson(body);
    QVERIFY2(json.isObject(), body.constData());
    BenchParameters parameters;
    QString gotField;
    QString detail;
    int gotStatus = 0;
    QVERIFY(!RunRequestJson::read(json.object(), &parameters, &gotField, &detail, &gotStatus));
    QCOMPARE(gotStatus, status);
    QCOMPARE(gotField, field);
    QVERIFY(!detail.isEmpty());
}

void TestRunRequestJson::readsEveryMember()
{
    const QJsonDocument json
        = QJsonDocument::fromJson(R"({"url": "http://127.0.0.1:8080/x?y=1", "duration_s": 2.5,
        "concurrency": 8, "keep_alive": true, "threads": 2, "rate": 100, "warmup_s": 0.5, "timeout_s": 3,
        "headers": ["X-A: 1", "X-B:  two words "], "body": "hello", "content_type": "text/csv", "host": "a.test",
        "thresholds": ["p99 < 50ms", "errors<0.1%"]})");
    BenchParameters p;
    QString field;
    QString detail;
    int status = 0;
    QVERIFY2(RunRequestJson::read(json.object(), &p, &field, &detail, &status), qPrintable(detail));
    QCOMPARE(p.url, u"http://127.0.0.1:8080/x?y=1"_s);
    QCOMPARE(p.requests, 0);
    QCOMPARE(p.durationMs, 2500);
    QCOMPARE(p.concurrency, 8);
    QVERIFY(p.keepAlive);
    QCOMPARE(p.threads, 2);
    QCOMPARE(p.rate, 100.0);
    QCOMPARE(p.warmupMs, 500);
    QCOMPARE(p.timeoutMs, 3000);
    QCOMPARE(p.headers.size(), 2);
    QCOMPARE(p.headers[1].first, "X-B"_ba);
    QCOMPARE(p.headers[1].second, "two words"_ba);
    QCOMPARE(p.body, "hello"_ba);
    QCOMPARE(p.method, "POST"_ba); // a body makes a POST, as bench -p
    QCOMPARE(p.contentType, "text/csv"_ba);
    QCOMPARE(p.hostOverride, u"a.test"_s);
    QCOMPARE(p.thresholds, QStringList({ u"p99 < 50ms"_s, u"errors<0.1%"_s }));
    QVERIFY(!p.http2);
    QCOMPARE(p.streams, 1);
    QVERIFY(p.tlsVerify);
}

void TestRunRequestJson::readsHttp2OverTls()
{
    // bench --h2 --streams 10 --insecure https://...: h2 by ALPN, ten streams a connection.
    const QJsonDocument json = QJsonDocument::fromJson(
        R"({"url": "https://a.test:8443/", "requests": 50, "http2": true, "streams": 10, "insecure": true})");
    BenchParameters p;
    QString field;
    QString detail;
    int status = 0;
    QVERIFY2(RunRequestJson::read(json.object(), &p, &field, &detail, &status), qPrintable(detail));
    QCOMPARE(p.url, u"https://a.test:8443/"_s);
    QVERIFY(p.http2);
    QCOMPARE(p.streams, 10);
    QVERIFY(!p.tlsVerify);
}

void TestRunRequestJson::readsStagesAndAbort_data()
{
    QTest::addColumn<QByteArray>("stages");
    QTest::newRow("string") << QByteArray(R"("10s:1000, 30s:5000,500ms:0")");
    QTest::newRow("array") << QByteArray(
        R"([{"duration": "10s", "rate": 1000}, {"duration": "0.5m", "rate": 5000}, {"duration": "500ms", "rate": 0}])");
}

void TestRunRequestJson::readsStagesAndAbort()
{
    QFETCH(QByteArray, stages);
    const QJsonDocument json = QJsonDocument::fromJson(R"({"url": "http://127.0.0.1:8080/", "rate": 10,
        "thresholds": ["p99<5ms"], "abortOnFail": true, "stages": )"
        + stages + "}");
    QVERIFY(json.isObject());
    BenchParameters p;
    QString field;
    QString detail;
    int status = 0;
    QVERIFY2(RunRequestJson::read(json.object(), &p, &field, &detail, &status), qPrintable(detail));
    const QList<hostbench::model::LoadStage> expected { { 10'000, 1000 }, { 30'000, 5000 }, { 500, 0 } };
    QCOMPARE(p.stages, expected);
    QCOMPARE(p.rate, 10.0); // the ramp's start
    QCOMPARE(p.requests, 0);
    QCOMPARE(p.durationMs, 40'500); // their sum
    QVERIFY(p.abortOnFail);
    // Back in the array form, read again alike.
    const QJsonObject back = RunRequestJson::toJson(p);
    QCOMPARE(back[u"stages"_s].toArray().size(), 3);
    QCOMPARE(back[u"stages"_s][1][u"duration"_s].toString(), u"30s"_s);
    QVERIFY(!back.contains(u"duration_s"_s));
    BenchParameters again;
    QVERIFY2(RunRequestJson::read(back, &again, &field, &detail, &status), qPrintable(detail));
    QCOMPARE(again.stages, expected);
    QVERIFY(again.abortOnFail);
}

void TestRunRequestJson::roundTrip()
{
    BenchParameters p;
    p.url = u"http://127.0.0.1:9/"_s;
    p.requests = 100;
    p.concurrency = 4;
    p.headers = { { "X-A", "1" } };
    p.thresholds = { u"rps>=100"_s };
    p.http2 = true;
    p.streams = 7;
    p.compareBaseline = true;
    BenchParameters back;
    QString field;
    QString detail;
    int status = 0;
    QVERIFY2(
        RunRequestJson::read(RunRequestJson::toJson(p), &back, &field, &detail, &status), qPrintable(detail));
    QCOMPARE(back.url, p.url);
    QCOMPARE(back.requests, p.requests);
    QCOMPARE(back.concurrency, p.concurrency);
    QCOMPARE(back.headers, p.headers);
    QCOMPARE(back.method, p.method);
    QCOMPARE(back.thresholds, p.thresholds);
    QVERIFY(back.http2);
    QCOMPARE(back.streams, 7);
    QVERIFY(back.tlsVerify);
    QVERIFY(back.compareBaseline);
    QCOMPARE(RunRequestJson::toJson(p).value(u"compare_baseline"_s).toBool(), true);
}

void TestRunRequestJson::readsFindCapacity()
{
    const QJsonDocument json = QJsonDocument::fromJson(R"({"url": "http://127.0.0.1:8080/",
        "find_capacity": {"slo": ["p99<10ms", " errors<0.1% "], "step_duration_s": 2.5, "precision_percent": 2}})");
    BenchParameters p;
    QString field;
    QString detail;
    int status = 0;
    QVERIFY2(RunRequestJson::read(json.object(), &p, &field, &detail, &status), qPrintable(detail));
    QVERIFY(p.isCapacitySearch());
    QCOMPARE(p.findCapacity.slo, (QStringList { u"p99<10ms"_s, u"errors<0.1%"_s }));
    QCOMPARE(p.findCapacity.stepMs, 2500);
    QCOMPARE(p.findCapacity.precision, 0.02);
    // bench --find-capacity's defaults: 100 requests/s to start, 1 s warm-up per step, 50 connections.
    QCOMPARE(p.rate, 100.0);
    QCOMPARE(p.warmupMs, 1000);
    QCOMPARE(p.concurrency, 50);
    QCOMPARE(p.requests, 0);
    QCOMPARE(p.durationMs, 2500);
    const QJsonObject back = RunRequestJson::toJson(p);
    QVERIFY(!back.contains(u"duration_s"_s));
    QVERIFY(!back.contains(u"requests"_s));
    BenchParameters again;
    QVERIFY2(RunRequestJson::read(back, &again, &field, &detail, &status), qPrintable(detail));
    QCOMPARE(again.findCapacity, p.findCapacity);
    QCOMPARE(again.rate, p.rate);
}

QTEST_GUILESS_MAIN(TestRunRequestJson)
#include "tst_runrequestjson.moc"
