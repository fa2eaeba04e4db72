// PATCH /api/runs/{id} (issue #28): a run of the control API paused,
// resumed and given a new rate while it goes, and what is refused. A
// service::Instance as the window and serve run it: its engine on a real
// site, its control API on 127.0.0.1, runs posted to /api/runs against the
// engine, over real sockets, into a real SQLite file; the stored samples
// show the pause and the new rate.
#include "control/ControlToken.h"
#include "http/HttpServer.h"
#include "instance/Instance.h"
#include "storage/DataFolder.h"
#include "storage/Database.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

constexpr int kTimeoutMs = 30'000;

QByteArray json(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

} // namespace

class TestControlRunChange final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void pauseResumeAndRate();
    void refusals_data();
    void refusals();
    void closedModelAndSearchRefused();

private:
    // The API's answer to a request with the token: status and JSON body.
    std::pair<int, QJsonObject> call(
        const QByteArray &verb, const QString &path, const QByteArray &body = {});
    qint64 post(const QJsonObject &run);
    void waitForEnd(qint64 id);

    QNetworkAccessManager m_manager;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<service::Instance> m_instance;
    QByteArray m_token;
    quint16 m_port = 0;
};

void TestControlRunChange::init()
{
    m_manager.setProxy(QNetworkProxy::NoProxy);
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir->filePath(u"data"_s), &error), qPrintable(error));
    QVERIFY(QDir(m_dir->path()).mkpath(u"www"_s));
    QFile index(m_dir->filePath(u"www/index.html"_s));
    QVERIFY(index.open(QIODevice::WriteOnly) && index.write("<p>hello</p>\n") > 0);
    index.close();
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.isDefault = true;
    site.documentRoot = m_dir->filePath(u"www"_s);
    m_instance = std::make_unique<service::Instance>(
        &m_folder->database(), m_folder->path(), [site](auto *sites, QString *) {
            *sites = { site };
            return true;
        });
    model::ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.dataFolder = m_folder->path();
    QVERIFY2(m_instance->start(config, &error), qPrintable(error));
    QVERIFY2(
        m_instance->openControl(QHostAddress(QHostAddress::LocalHost), 0, false, &error), qPrintable(error));
    m_port = m_instance->controlPort();
    m_token = control::ControlToken::loadOrCreate(m_folder->path(), &error);
    QVERIFY2(!m_token.isEmpty(), qPrintable(error));
}

void TestControlRunChange::cleanup()
{
    m_instance.reset(); // stops the runs still going
    m_folder.reset();
    m_dir.reset();
}

std::pair<int, QJsonObject> TestControlRunChange::call(
    const QByteArray &verb, const QString &path, const QByteArray &body)
{
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_port).arg(path)));
    request.setRawHeader("Authorization", "Bearer " + m_token);
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    std::unique_ptr<QNetworkReply> reply(m_manager.sendCustomRequest(request, verb, body));
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, kTimeoutMs))
        return { 0, {} };
    return { reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
        QJsonDocument::fromJson(reply->readAll()).object() };
}

qint64 TestControlRunChange::post(const QJsonObject &run)
{
    QJsonObject body = run;
    body.insert(u"url"_s, m_instance->server().url());
    const auto [status, started] = call("POST", u"/api/runs"_s, json(body));
    return status == 202 ? started.value(u"id"_s).toInteger() : 0;
}

void TestControlRunChange::waitForEnd(qint64 id)
{
    QString state;
    QVERIFY(QTest::qWaitFor(
        [&] {
            state = call("GET", u"/api/runs/%1"_s.arg(id)).second.value(u"state"_s).toString();
            return state != u"running"_s && state != u"stopping"_s;
        },
        kTimeoutMs));
    QVERIFY2(state == u"finished"_s || state == u"interrupted"_s, qPrintable(state));
}

void TestControlRunChange::pauseResumeAndRate()
{
    const qint64 id = post(
        { { u"duration_s"_s, 3 }, { u"rate"_s, 200 }, { u"concurrency"_s, 4 }, { u"keep_alive"_s, true } });
    QVERIFY(id != 0);
    QTest::qWait(700);
    auto [status, answer] = call("PATCH", u"/api/runs/%1"_s.arg(id), json({ { u"paused"_s, true } }));
    QCOMPARE(status, 200);
    QCOMPARE(answer.value(u"id"_s).toInteger(), id);
    QCOMPARE(answer.value(u"state"_s).toString(), u"running"_s);
    QCOMPARE(answer.value(u"paused"_s).toBool(), true);
    QCOMPARE(answer.value(u"planned_rate"_s).toDouble(), 0.0);
    const QJsonObject running = call("GET", u"/api/runs/%1"_s.arg(id)).second;
    QCOMPARE(running.value(u"paused"_s).toBool(), true);
    // Paused again: nothing changes.
    QCOMPARE(call("PATCH", u"/api/runs/%1"_s.arg(id), json({ { u"paused"_s, true } })).first, 200);
    QTest::qWait(700);
    std::tie(status, answer)
        = call("PATCH", u"/api/runs/%1"_s.arg(id), json({ { u"paused"_s, false }, { u"rate"_s, 500 } }));
    QCOMPARE(status, 200);
    QCOMPARE(answer.value(u"paused"_s).toBool(), false);
    QCOMPARE(answer.value(u"planned_rate"_s).toDouble(), 500.0);
    waitForEnd(id);
    if (QTest::currentTestFailed())
        return;

    // Ended: refused.
    std::tie(status, answer) = call("PATCH", u"/api/runs/%1"_s.arg(id), json({ { u"paused"_s, true } }));
    QCOMPARE(status, 422);
    QVERIFY2(answer.value(u"detail"_s).toString().contains(u"has ended"_s), json(answer).constData());

    // The samples, as the API gives them and as stored: at 200/s, then
    // paused (planned 0, nothing answered), then at 500/s.
    const QJsonArray samples = call("GET", u"/api/runs/%1"_s.arg(id)).second.value(u"samples"_s).toArray();
    int phase = 0; // 0: at 200/s, 1: paused, 2: at 500/s
    int paused = 0;
    for (const QJsonValue &value : samples) {
        const QJsonObject sample = value.toObject();
        const double planned = sample.value(u"planned_rate"_s).toDouble(-1);
        const bool wholly
            = sample.value(u"paused_ms"_s).toDouble() == sample.value(u"interval_ms"_s).toDouble();
        if (phase == 0 && planned < 200 - 1e-6)
            phase = 1;
        if (phase == 1 && planned > 200)
            phase = 2;
        if (phase == 1 && wholly) {
            QVERIFY2(planned < 200 * 0.5 / 100, json(sample).constData()); // paused all but under half a ms
            QVERIFY2(paused == 0 || sample.value(u"completed"_s).toInteger() == 0, json(sample).constData());
            ++paused;
        }
        if (phase == 0)
            QVERIFY2(std::abs(planned - 200) < 1e-6, json(sample).constData());
        if (phase == 2 && sample.value(u"paused_ms"_s).toDouble() == 0)
            QVERIFY2(std::abs(planned - 500) <= 500 * 0.5 / 100, json(sample).constData());
    }
    QCOMPARE(phase, 2);
    QVERIFY2(paused >= 4, qPrintable(QString::number(paused)));
    const QList<model::BenchSample> stored = m_folder->database().samples(id);
    QCOMPARE(stored.size(), samples.size());
    QVERIFY(std::any_of(stored.begin(), stored.end(),
        [](const model::BenchSample &s) { return s.pausedMs == s.intervalMs && s.plannedRate < 1; }));
    QVERIFY(std::abs(stored.constLast().plannedRate - 500) < 1e-6);
}

void TestControlRunChange::refusals_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("detail");

    QTest::newRow("no member") << "{}"_ba << 422 << QString() << u"Give \"paused\""_s;
    QTest::newRow("rate 0") << "{\"rate\": 0}"_ba << 422 << u"rate"_s << u"above 0"_s;
    QTest::newRow("rate too high") << "{\"rate\": 1e9}"_ba << 422 << u"rate"_s << u"at most 100000000"_s;
    QTest::newRow("rate a string") << "{\"rate\": \"fast\"}"_ba << 400 << u"rate"_s << u"number"_s;
    QTest::newRow("paused a string") << "{\"paused\": \"yes\"}"_ba << 400 << u"paused"_s
                                     << u"true or false"_s;
    QTest::newRow("unknown member") << "{\"speed\": 2}"_ba << 400 << u"speed"_s << u"Unknown member"_s;
    QTest::newRow("not JSON") << "paused"_ba << 400 << QString() << QString();
}

void TestControlRunChange::refusals()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, field);
    QFETCH(QString, detail);
    const qint64 id = post({ { u"duration_s"_s, 3 }, { u"rate"_s, 50 }, { u"concurrency"_s, 2 } });
    QVERIFY(id != 0);
    const auto [got, problem] = call("PATCH", u"/api/runs/%1"_s.arg(id), body);
    QCOMPARE(got, status);
    QCOMPARE(problem.value(u"field"_s).toString(), field);
    QVERIFY2(problem.value(u"detail"_s).toString().contains(detail), json(problem).constData());
    // Nothing changed: still at 50/s, not paused.
    const QJsonObject run = call("GET", u"/api/runs/%1"_s.arg(id)).second;
    QCOMPARE(run.value(u"paused"_s).toBool(), false);
    QCOMPARE(run.value(u"planned_rate"_s).toDouble(), 50.0);
    // No such run.
    QCOMPARE(call("PATCH", u"/api/runs/%1"_s.arg(id + 1000), json({ { u"paused"_s, true } })).first, 404);
    QCOMPARE(call("PATCH", u"/api/runs/abc"_s, json({ { u"paused"_s, true } })).first, 404);
    QCOMPARE(call("DELETE", u"/api/runs/%1"_s.arg(id)).first, 202);
    waitForEnd(id);
}

void TestControlRunChange::closedModelAndSearchRefused()
{
    // The closed model has no schedule to pause or pace.
    const qint64 closed = post({ { u"duration_s"_s, 3 }, { u"concurrency"_s, 2 } });
    QVERIFY(closed != 0);
    auto [status, problem] = call("PATCH", u"/api/runs/%1"_s.arg(closed), json({ { u"paused"_s, true } }));
    QCOMPARE(status, 422);
    QVERIFY2(problem.value(u"detail"_s).toString().contains(u"closed-model"_s), json(problem).constData());
    QVERIFY(!call("GET", u"/api/runs/%1"_s.arg(closed)).second.contains(u"paused"_s));
    QCOMPARE(call("DELETE", u"/api/runs/%1"_s.arg(closed)).first, 202);
    waitForEnd(closed);

    // A capacity search sets each step's rate itself.
    const qint64 search
        = post({ { u"find_capacity"_s,
                     QJsonObject { { u"slo"_s, QJsonArray { u"p99<1s"_s } }, { u"step_duration_s"_s, 1 } } },
            { u"rate"_s, 50 }, { u"warmup_s"_s, 0.2 }, { u"concurrency"_s, 2 } });
    QVERIFY(search != 0);
    std::tie(status, problem) = call("PATCH", u"/api/runs/%1"_s.arg(search), json({ { u"rate"_s, 100 } }));
    QCOMPARE(status, 422);
    QVERIFY2(problem.value(u"detail"_s).toString().contains(u"capacity search"_s), json(problem).constData());
    QCOMPARE(call("DELETE", u"/api/runs/%1"_s.arg(search)).first, 202);
    waitForEnd(search);
}

QTEST_GUILESS_MAIN(TestControlRunChange)
#include "tst_controlrunchange.moc"
