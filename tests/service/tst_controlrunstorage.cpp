// Issue #23: "SQLite on the GUI thread": the control API's runs (POST
// /api/runs, runs::RunService) were stored from the thread that owns the API
// (the window's GUI thread, serve's main thread), a commit and an fdatasync
// every 100 ms.
//
// A service::Instance as the window and serve run it: its engine on a real
// site, its control API on 127.0.0.1, a run posted to /api/runs against the
// engine, over real sockets, into a real SQLite file. Every fsync and
// fdatasync of the process is counted by the thread that made it (this
// executable defines both and passes each to the C library's own, so
// SQLite's calls land here: the target exports them, see CMakeLists.txt, as
// tst_guistorage does). None may come from the owning thread while the run
// stores its samples and its end; the run must still be stored whole.
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
#include <QThread>

#include <atomic>
#include <memory>

#include "../storage/SyncHook.h" // defines fsync and fdatasync for this executable

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

constexpr int kTimeoutMs = 20'000;

} // namespace

class TestControlRunStorage final : public QObject
{
    Q_OBJECT

private slots:
    void apiRunIsStoredOffTheOwningThread();

private:
    // The API's answer to a request with the token: status and JSON body.
    std::pair<int, QJsonObject> call(
        const QByteArray &verb, const QString &path, const QByteArray &body = {});

    QNetworkAccessManager m_manager;
    QByteArray m_token;
    quint16 m_port = 0;
};

std::pair<int, QJsonObject> TestControlRunStorage::call(
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

void TestControlRunStorage::apiRunIsStoredOffTheOwningThread()
{
    g_watchedThread = QThread::currentThreadId();
    m_manager.setProxy(QNetworkProxy::NoProxy);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    storage::DataFolder folder;
    QString error;
    QVERIFY2(folder.open(dir.filePath(u"data"_s), &error), qPrintable(error));

    // The hook sees SQLite's syncs: a commit on this thread is counted.
    g_counting = true;
    model::BenchParameters probe;
    probe.url = u"http://127.0.0.1:1/"_s;
    const qint64 probeRun = folder.database().beginRun(probe, 0);
    g_counting = false;
    QVERIFY2(probeRun != 0, qPrintable(folder.database().lastError()));
    QVERIFY2(g_watchedSyncs.load() > 0, "the fsync hook saw no sync: SQLite's calls do not reach it");
    QVERIFY(folder.database().removeRun(probeRun));
    g_watchedSyncs = 0;

    // The instance: one site on a folder of its own, the control API beside it.
    QVERIFY(QDir(dir.path()).mkpath(u"www"_s));
    QFile index(dir.filePath(u"www/index.html"_s));
    QVERIFY(index.open(QIODevice::WriteOnly) && index.write("<p>hello</p>\n") > 0);
    index.close();
    model::VirtualHost site;
    site.hostName = u"localhost"_s;
    site.isDefault = true;
    site.documentRoot = dir.filePath(u"www"_s);
    service::Instance instance(&folder.database(), folder.path(), [&site](auto *sites, QString *) {
        *sites = { site };
        return true;
    });
    model::ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.dataFolder = folder.path();
    QVERIFY2(instance.start(config, &error), qPrintable(error));
    QVERIFY2(
        instance.openControl(QHostAddress(QHostAddress::LocalHost), 0, false, &error), qPrintable(error));
    m_port = instance.controlPort();
    m_token = control::ControlToken::loadOrCreate(folder.path(), &error);
    QVERIFY2(!m_token.isEmpty(), qPrintable(error));

    const int seconds = 2;
    const QByteArray request = QJsonDocument(
        QJsonObject { { u"url"_s, instance.server().url() }, { u"duration_s"_s, seconds },
            { u"concurrency"_s, 4 }, { u"threads"_s, 1 },
            { u"keep_alive"_s,
                true } }).toJson(QJsonDocument::Compact);
    g_counting = true;
    const auto [status, started] = call("POST", u"/api/runs"_s, request);
    QCOMPARE(status, 202);
    const qint64 id = started.value(u"id"_s).toInteger();
    QVERIFY(id != 0);
    // The row was written as the run started, on this thread; what counts is the run itself.
    g_watchedSyncs = 0;
    QString state;
    QVERIFY(QTest::qWaitFor(
        [&] {
            state = call("GET", u"/api/runs/%1"_s.arg(id)).second.value(u"state"_s).toString();
            return state != u"running"_s && state != u"stopping"_s;
        },
        (seconds + 20) * 1000));
    const int ownerSyncs = g_watchedSyncs.load();
    g_counting = false;
    qInfo("a %d s run through the control API: %d syncs off the owning thread, %d on it", seconds,
        g_otherSyncs.load(), ownerSyncs);

    QCOMPARE(state, u"finished"_s);
    QCOMPARE(ownerSyncs, 0);
    QVERIFY2(g_otherSyncs.load() > 0, "nothing was written by the writer's thread");
    const std::optional<storage::StoredRun> stored = folder.database().run(id);
    QVERIFY(stored);
    QVERIFY(stored->finished);
    QVERIFY(stored->summary.completed > 0);
    const QList<model::BenchSample> samples = folder.database().samples(id);
    QVERIFY(samples.size() >= seconds * 5); // 100 ms intervals, some of them merged at most
    quint64 completed = 0;
    for (const model::BenchSample &sample : samples)
        completed += sample.completed;
    QCOMPARE(completed, stored->summary.completed);
}

QTEST_MAIN(TestControlRunStorage)
#include "tst_controlrunstorage.moc"
