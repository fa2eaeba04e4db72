// The --progress json protocol of `hostbench-cli shootout`: each
// ShootoutEvent kind written by toJson() and read back by fromJson(), with
// the text line it prints without --progress json; and ShootoutJob, the
// Shootout page's reader, on a real child process (a shell script standing
// in for hostbench-cli) that writes events, a stray line and a line split
// over two writes, then ends or is stopped.
#include "shootout/ShootoutJob.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::shootout::ShootoutEvent;
using hostbench::shootout::ShootoutJob;
using hostbench::shootout::ShootoutOptions;
using Kind = ShootoutEvent::Kind;

Q_DECLARE_METATYPE(ShootoutEvent)

namespace {

ShootoutEvent make(Kind kind)
{
    ShootoutEvent e;
    e.kind = kind;
    return e;
}

} // namespace

class TestShootoutJob final : public QObject
{
    Q_OBJECT

private slots:
    void events_data();
    void events();
    void notAnEvent_data();
    void notAnEvent();
    void jobReadsTheChildsEvents();
    void stopEndsTheChild();

private:
    QString script(const QByteArray &body);
    QTemporaryDir m_dir;
};

void TestShootoutJob::events_data()
{
    QTest::addColumn<ShootoutEvent>("event");
    QTest::addColumn<QString>("json"); // compact, as a line of stderr
    QTest::addColumn<QString>("text"); // the line without --progress json

    ShootoutEvent started = make(Kind::Started);
    ShootoutOptions o;
    o.servers = { u"hostbench"_s, u"nginx"_s };
    o.workloads = { u"W1"_s };
    o.durationMs = 300;
    o.rounds = 1;
    o.rate = 500;
    started.settings = o.settings();
    QTest::newRow("started")
        << started
        << u"{\"event\":\"started\",\"settings\":{\"concurrency\":0,\"duration_s\":0.3,"
           "\"keep_alive\":true,\"rate\":500,\"rounds\":1,\"servers\":[\"hostbench\",\"nginx\"],"
           "\"workers\":1,\"workloads\":[\"W1\"]}}"_s
        << u"Shootout: hostbench, nginx on W1, 0.3 s per run, 1 round(s), open model at 500 "
           "requests/s"_s;
    ShootoutEvent message = make(Kind::Message);
    message.text = u"nginx: port 18080 is in use by pid 7, trying 18081"_s;
    message.server = u"nginx"_s;
    QTest::newRow("message")
        << message
        << u"{\"event\":\"message\",\"server\":\"nginx\",\"text\":\"nginx: port 18080 is in "
           "use by pid 7, trying 18081\"}"_s
        << message.text;
    ShootoutEvent starting = make(Kind::ServerStarting);
    starting.server = u"nginx"_s;
    starting.program = u"/usr/sbin/nginx"_s;
    starting.port = 18081;
    QTest::newRow("server_starting")
        << starting
        << u"{\"event\":\"server_starting\",\"port\":18081,\"program\":\"/usr/sbin/nginx\",\"round\":0,"
           "\"server\":\"nginx\"}"_s
        << QString();
    ShootoutEvent ready = starting;
    ready.kind = Kind::ServerReady;
    QTest::newRow("server_ready, the check")
        << ready
        << u"{\"event\":\"server_ready\",\"port\":18081,\"program\":\"/usr/sbin/nginx\",\"round\":0,"
           "\"server\":\"nginx\"}"_s
        << u"nginx: /usr/sbin/nginx on 127.0.0.1:18081 answers every workload URL with the file's bytes"_s;
    ShootoutEvent readyTls = ready;
    readyTls.port = 18444;
    readyTls.tls = true;
    QTest::newRow("server_ready, the HTTPS check")
        << readyTls
        << u"{\"event\":\"server_ready\",\"port\":18444,\"program\":\"/usr/sbin/nginx\",\"round\":0,"
           "\"server\":\"nginx\",\"tls\":true}"_s
        << u"nginx: /usr/sbin/nginx on https://127.0.0.1:18444 answers every HTTPS workload URL with the file's bytes"_s;
    ready.round = 2;
    QTest::newRow("server_ready, a round")
        << ready
        << u"{\"event\":\"server_ready\",\"port\":18081,\"program\":\"/usr/sbin/nginx\",\"round\":2,"
           "\"server\":\"nginx\"}"_s
        << QString();
    ShootoutEvent missing = make(Kind::ServerFailed);
    missing.server = u"caddy"_s;
    missing.status = u"missing"_s;
    missing.package = u"caddy"_s;
    QTest::newRow("server_failed, missing")
        << missing
        << u"{\"event\":\"server_failed\",\"package\":\"caddy\",\"round\":0,\"server\":\"caddy\",\"status\":"
           "\"missing\"}"_s
        << u"caddy: not installed (apt-get install caddy)"_s;
    ShootoutEvent failed = make(Kind::ServerFailed);
    failed.server = u"nginx"_s;
    failed.status = u"failed"_s;
    failed.text = u"exited with code 1"_s;
    failed.log = u"--- output.log\n[emerg]"_s;
    QTest::newRow("server_failed, failed")
        << failed
        << u"{\"event\":\"server_failed\",\"log\":\"--- output.log\\n[emerg]\",\"message\":\"exited with "
           u"code "
           "1\",\"round\":0,\"server\":\"nginx\",\"status\":\"failed\"}"_s
        << u"nginx: failed to start: exited with code 1\n--- output.log\n[emerg]"_s;
    failed.round = 3;
    failed.log.clear();
    QTest::newRow("server_failed, in a round")
        << failed
        << u"{\"event\":\"server_failed\",\"message\":\"exited with code "
           u"1\",\"round\":3,\"server\":\"nginx\","
           "\"status\":\"failed\"}"_s
        << u"nginx: failed to start in round 3: exited with code 1\n"_s;
    ShootoutEvent wrong = make(Kind::ServerFailed);
    wrong.server = u"lighttpd"_s;
    wrong.status = u"wrong bytes"_s;
    wrong.text = u"GET /ok answers 2 bytes"_s;
    QTest::newRow("server_failed, wrong bytes")
        << wrong
        << u"{\"event\":\"server_failed\",\"message\":\"GET /ok answers 2 bytes\",\"round\":0,\"server\":"
           "\"lighttpd\",\"status\":\"wrong bytes\"}"_s
        << u"lighttpd: left out, GET /ok answers 2 bytes"_s;
    ShootoutEvent run = make(Kind::RunStarting);
    run.server = u"nginx"_s;
    run.workload = u"W6"_s;
    run.round = 1;
    run.rounds = 2;
    run.done = 3;
    run.total = 8;
    QTest::newRow("run_starting") << run
                                  << u"{\"done\":3,\"event\":\"run_starting\",\"round\":1,\"rounds\":2,"
                                     u"\"server\":\"nginx\",\"total\":8,"
                                     "\"workload\":\"W6\"}"_s
                                  << u"[3/8] round 1 of 2: nginx W6"_s;
    ShootoutEvent result = run;
    result.kind = Kind::Result;
    result.done = 4;
    result.entry.runId = 12;
    result.entry.summary.completed = 41'000;
    result.entry.summary.requestsPerSecond = 41'000.5;
    result.entry.summary.latencyP50Ms = 0.25;
    result.entry.summary.latencyP99Ms = 1.5;
    result.entry.summary.failed = 2;
    result.entry.summary.non2xx = 3;
    result.entry.cpuUsPerRequest = 9.75;
    QTest::newRow("result")
        << result
        << u"{\"completed\":41000,\"cpu_us_per_request\":9.75,\"done\":4,\"errors\":5,"
           "\"event\":\"result\",\"p50_ms\":0.25,\"p99_ms\":1.5,\"requests_per_second\":41000.5,"
           "\"round\":1,\"run_id\":12,\"server\":\"nginx\",\"total\":8,\"workload\":\"W6\"}"_s
        << QString();
    ShootoutEvent done = make(Kind::Done);
    done.done = 8;
    done.total = 8;
    done.shootoutId = 5;
    done.database = u"/data/hostbench.sqlite"_s;
    QTest::newRow("done") << done
                          << u"{\"database\":\"/data/hostbench.sqlite\",\"done\":8,\"event\":\"done\","
                             "\"shootout_id\":5,\"stopped\":false,\"total\":8}"_s
                          << u"[8/8] done"_s;
    done.stopped = true;
    done.done = 2;
    QTest::newRow("done, stopped")
        << done
        << u"{\"database\":\"/data/hostbench.sqlite\",\"done\":2,\"event\":\"done\","
           "\"shootout_id\":5,\"stopped\":true,\"total\":8}"_s
        << u"[2/8] stopped"_s;
    ShootoutEvent error = make(Kind::Error);
    error.text = u"no server to measure"_s;
    QTest::newRow("error") << error << u"{\"event\":\"error\",\"message\":\"no server to measure\"}"_s
                           << u"no server to measure"_s;
}

void TestShootoutJob::events()
{
    QFETCH(ShootoutEvent, event);
    QFETCH(QString, json);
    QFETCH(QString, text);
    const QByteArray line = QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact);
    QCOMPARE(QString::fromUtf8(line), json);
    QCOMPARE(event.textLine(), text);
    const std::optional<ShootoutEvent> back = ShootoutEvent::fromJson(line);
    QVERIFY(back);
    QCOMPARE(int(back->kind), int(event.kind));
    // Read back, it writes the same object and says the same line.
    QCOMPARE(QString::fromUtf8(QJsonDocument(back->toJson()).toJson(QJsonDocument::Compact)), json);
    QCOMPARE(back->textLine(), text);
    if (event.kind == Kind::Result) {
        QCOMPARE(back->entry.runId, 12);
        QCOMPARE(back->entry.server, u"nginx"_s);
        QCOMPARE(back->entry.summary.completed, quint64(41'000));
        QCOMPARE(back->entry.summary.latencyP99Ms, 1.5);
    }
}

void TestShootoutJob::notAnEvent_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::newRow("text") << QByteArray("[1/2] round 1 of 1: nginx W1");
    QTest::newRow("a Qt warning") << QByteArray("QSqlDatabasePrivate::removeDatabase: connection in use");
    QTest::newRow("an array") << QByteArray("[1,2]");
    QTest::newRow("no event") << QByteArray(R"({"text":"hello"})");
    QTest::newRow("an unknown event") << QByteArray(R"({"event":"exploded"})");
    QTest::newRow("cut short") << QByteArray(R"({"event":"done","done":)");
}

void TestShootoutJob::notAnEvent()
{
    QFETCH(QByteArray, line);
    QVERIFY(!ShootoutEvent::fromJson(line));
}

QString TestShootoutJob::script(const QByteArray &body)
{
    const QString path = m_dir.filePath(u"hostbench-cli"_s);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    file.write("#!/bin/sh\n" + body);
    file.close();
    file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

void TestShootoutJob::jobReadsTheChildsEvents()
{
    // Says its own arguments, a warning, then a run split over two writes, then its table.
    const QString program = script(R"(printf '{"event":"message","text":"%s"}\n' "$*" >&2
echo 'a warning, not an event' >&2
printf '{"event":"run_starting","done":0,"total":1,' >&2
sleep 0.2
printf '"round":1,"rounds":1,"server":"nginx","workload":"W1"}\n' >&2
echo 'W1 table'
printf '{"event":"error","message":"it broke"}' >&2
exit 1
)");
    QVERIFY(!program.isEmpty());
    ShootoutJob job;
    QList<ShootoutEvent> events;
    QStringList lines;
    connect(&job, &ShootoutJob::event, this, [&](const ShootoutEvent &e) { events.append(e); });
    connect(&job, &ShootoutJob::line, this, [&](const QString &l) { lines.append(l); });
    QSignalSpy finished(&job, &ShootoutJob::finished);
    ShootoutOptions options;
    options.servers = { u"nginx"_s };
    options.workloads = { u"W1"_s };
    QString error;
    QVERIFY2(job.start(program, options, &error), qPrintable(error));
    QVERIFY(job.isRunning());
    QVERIFY(!job.start(program, options, &error)); // one at a time
    QVERIFY(finished.wait(10'000));
    QCOMPARE(finished.first().at(0).toInt(), 1);
    QCOMPARE(finished.first().at(1).toBool(), false);
    QVERIFY(!job.isRunning());

    QCOMPARE(events.size(), 3);
    QCOMPARE(int(events.at(0).kind), int(Kind::Message));
    // --progress json is added to the options' command line.
    QCOMPARE(events.at(0).text, u"shootout --servers nginx --workloads W1 -t 5 --rounds 3 --progress json"_s);
    QCOMPARE(job.arguments().join(u' '), events.at(0).text);
    QCOMPARE(int(events.at(1).kind), int(Kind::RunStarting));
    QCOMPARE(events.at(1).workload, u"W1"_s);
    QCOMPARE(events.at(1).total, 1);
    // The last line had no newline: read at the end all the same.
    QCOMPARE(int(events.at(2).kind), int(Kind::Error));
    QCOMPARE(events.at(2).text, u"it broke"_s);
    QCOMPARE(lines, (QStringList { u"a warning, not an event"_s, u"W1 table"_s }));
}

void TestShootoutJob::stopEndsTheChild()
{
    const QString program = script(R"(trap 'echo "{\"event\":\"done\",\"stopped\":true}" >&2; exit 0' TERM
echo '{"event":"message","text":"waiting"}' >&2
while :; do sleep 0.05; done
)");
    ShootoutJob job;
    QList<ShootoutEvent> events;
    connect(&job, &ShootoutJob::event, this, [&](const ShootoutEvent &e) { events.append(e); });
    QSignalSpy finished(&job, &ShootoutJob::finished);
    QString error;
    QVERIFY2(job.start(program, {}, &error), qPrintable(error));
    QTRY_COMPARE(events.size(), 1);
    job.stop();
    QVERIFY(finished.wait(10'000));
    QCOMPARE(finished.first().at(0).toInt(), 0);
    QCOMPARE(events.size(), 2);
    QCOMPARE(int(events.at(1).kind), int(Kind::Done));
    QVERIFY(events.at(1).stopped);
}

QTEST_GUILESS_MAIN(TestShootoutJob)
#include "tst_shootoutjob.moc"
