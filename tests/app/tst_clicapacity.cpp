// bench --find-capacity end to end (issue #28): the built hostbench-cli run
// with QProcess against a server of known capacity on 127.0.0.1, the run
// read back from its SQLite file, and the flags it refuses.
#include "CappedServer.h"
#include "CliProcess.h"
#include "ControlCall.h"
#include "storage/Database.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <deque>
#include <map>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using hostbench::storage::Database;

namespace {

constexpr int kTimeoutMs = 120'000;
constexpr double kCapacity = 300; // requests/s the server answers at most

using Result = hostbench::test::CliResult;

using hostbench::test::controlCall;

} // namespace

class TestCliCapacity final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }
    void cleanup() { m_dir.reset(); }

    void findsTheKnownCapacity();
    void firstStepFails();
    void controlApiSearch();
    void badFlags_data();
    void badFlags();

private:
    Result runCli(const QStringList &arguments)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"default-data"_s));
        return hostbench::test::runProcess(QStringLiteral(HOSTBENCH_CLI_PATH), arguments, env, kTimeoutMs);
    }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestCliCapacity::findsTheKnownCapacity()
{
    hostbench::test::CappedServer server(kCapacity);
    QVERIFY(server.port() != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"capacity.json"_s);
    // From 80 requests/s: 80, 160 and 320 (above the capacity, a queue that
    // grows 20 requests a second, 200 ms of wait after a 3 s step), then
    // bisection between 160 and 320.
    const Result r = runCli({ u"bench"_s, u"--find-capacity"_s, u"--slo"_s, u"p99<100ms"_s, u"--slo"_s,
        u"errors<1%"_s, u"--rate"_s, u"80"_s, u"--warmup"_s, u"1"_s, u"--step-duration"_s, u"2"_s, u"-k"_s,
        u"--data-dir"_s, data, u"--json"_s, json, u"http://127.0.0.1:%1/"_s.arg(server.port()) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    qInfo().noquote() << r.out; // the step table, for the log

    static const QRegularExpression capacityLine(u"Capacity: ([0-9.]+) requests/s"_s);
    const QRegularExpressionMatch match = capacityLine.match(r.out);
    QVERIFY2(match.hasMatch(), qPrintable(r.out));
    const double found = match.captured(1).toDouble();
    QVERIFY2(qAbs(found - kCapacity) <= 0.1 * kCapacity,
        qPrintable(
            u"found %1 requests/s, the server's capacity is %2:\n%3"_s.arg(found).arg(kCapacity).arg(r.out)));
    QVERIFY2(r.out.contains(u"step  rate asked    achieved"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"FAIL: p99<100ms: "_s), qPrintable(r.out)); // 320 failed on its latency

    // One run: its samples cover every step, the step table kept in its summary.
    Database db;
    QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    const hostbench::storage::StoredRun &run = runs.first();
    QCOMPARE(run.parameters.findCapacity.slo, (QStringList { u"p99<100ms"_s, u"errors<1%"_s }));
    QCOMPARE(run.parameters.findCapacity.stepMs, qint64(2000));
    const hostbench::model::CapacityResult &capacity = run.summary.capacity;
    QVERIFY(capacity.steps.size() >= 5);
    QCOMPARE(capacity.steps.value(0).rate, 80.0);
    QCOMPARE(capacity.steps.value(1).rate, 160.0);
    QCOMPARE(capacity.steps.value(2).rate, 320.0);
    QVERIFY(!capacity.steps.value(2).passed);
    QCOMPARE(QString::number(capacity.capacity, 'f', 1), match.captured(1));
    QCOMPARE(run.summary.rate, capacity.capacity);
    const QList<hostbench::model::BenchSample> samples = db.samples(run.id);
    // 2 s judged per step, 100 ms samples, back to back.
    QVERIFY2(samples.size() >= capacity.steps.size() * 18, qPrintable(QString::number(samples.size())));
    for (qsizetype i = 1; i < samples.size(); ++i) {
        QCOMPARE(samples[i].index, samples[i - 1].index + 1);
        QVERIFY(samples[i].elapsedMs > samples[i - 1].elapsedMs);
    }
    QVERIFY(samples.last().elapsedMs >= (capacity.steps.size() - 1) * 2000);

    // runs show prints the table again; --json has it.
    const Result show = runCli({ u"runs"_s, u"show"_s, QString::number(run.id), u"--data-dir"_s, data });
    QCOMPARE(show.exitCode, 0);
    QVERIFY2(show.out.contains(match.captured(0)), qPrintable(show.out));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(report[u"capacity"_s][u"steps"_s].toArray().size(), capacity.steps.size());
    QCOMPARE(report[u"capacity"_s][u"capacity"_s].toDouble(), capacity.capacity);
}

void TestCliCapacity::firstStepFails()
{
    hostbench::test::CappedServer server(kCapacity);
    const QString data = m_dir->filePath(u"data"_s);
    // 600 requests/s at a server of 300: the first step cannot meet p99<100ms.
    const Result r = runCli({ u"bench"_s, u"--find-capacity"_s, u"--slo"_s, u"p99<100ms"_s, u"--rate"_s,
        u"600"_s, u"--warmup"_s, u"0.5"_s, u"--step-duration"_s, u"1"_s, u"-k"_s, u"--data-dir"_s, data,
        u"http://127.0.0.1:%1/"_s.arg(server.port()) });
    QVERIFY2(r.exitCode == 4, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(u"the first step, at 600.0 requests/s, already failed: p99<100ms: "_s),
        qPrintable(r.err));
    QVERIFY2(r.err.contains(u"try a lower --rate (exit 4)"_s), qPrintable(r.err));
    QVERIFY2(r.out.contains(u"Capacity: none found"_s), qPrintable(r.out));
    Database db;
    QVERIFY(db.open(data + u"/hostbench.sqlite"_s));
    const QList<hostbench::storage::StoredRun> runs = db.runs();
    QCOMPARE(runs.size(), 1);
    QCOMPARE(runs.first().summary.capacity.steps.size(), 1);
    QVERIFY(runs.first().summary.capacity.firstStepFailed());
}

void TestCliCapacity::controlApiSearch()
{
    // POST /api/runs with "find_capacity" to serve: the search runs there and is stored as one run.
    hostbench::test::CappedServer server(kCapacity);
    const QString data = m_dir->filePath(u"serve-data"_s);
    QProcess serve;
    QStringList arguments { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, data,
        u"--control"_s, u"127.0.0.1:0"_s };
    if (::geteuid() == 0) // serve as root needs a user to become
        arguments += QStringList { u"--user"_s, u"root"_s };
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    QVERIFY(serve.waitForStarted(kTimeoutMs));
    static const QRegularExpression control(
        u"^Control API on http://127\\.0\\.0\\.1:(\\d+)/"_s, QRegularExpression::MultilineOption);
    QByteArray out;
    QDeadlineTimer deadline(kTimeoutMs);
    while (!out.contains("Press Ctrl+C") && serve.state() == QProcess::Running && !deadline.hasExpired()) {
        serve.waitForReadyRead(100);
        out += serve.readAllStandardOutput();
    }
    const QRegularExpressionMatch match = control.match(QString::fromLocal8Bit(out));
    QVERIFY2(match.hasMatch(), out.constData());
    const quint16 controlPort = quint16(match.captured(1).toUInt());
    QFile tokenFile(data + u"/control.token"_s);
    QVERIFY(tokenFile.open(QIODevice::ReadOnly));
    const QByteArray token = tokenFile.readAll().trimmed();

    const QByteArray url = "http://127.0.0.1:" + QByteArray::number(server.port()) + "/";
    const auto refused = controlCall(controlPort, "POST", "/api/runs", token,
        R"({"url": ")" + url + R"(", "find_capacity": {"slo": ["unfinished==0"]}})");
    QVERIFY2(refused.first.startsWith("HTTP/1.1 422"), refused.first.constData());
    QVERIFY2(refused.second.contains("find_capacity.slo[0]"), refused.second.constData());

    const auto accepted = controlCall(controlPort, "POST", "/api/runs", token,
        R"({"url": ")" + url + R"(", "rate": 200, "warmup_s": 0.5, "keep_alive": true,
                "find_capacity": {"slo": ["p99<100ms"], "step_duration_s": 1, "precision_percent": 20}})");
    QVERIFY2(accepted.first.startsWith("HTTP/1.1 202"), accepted.first.constData());
    const qint64 id = QJsonDocument::fromJson(accepted.second)[u"id"_s].toInteger();
    QVERIFY(id > 0);
    QJsonObject run;
    deadline.setRemainingTime(kTimeoutMs);
    do {
        QTest::qWait(200);
        run = QJsonDocument::fromJson(
            controlCall(controlPort, "GET", "/api/runs/" + QByteArray::number(id), token).second)
                  .object();
    } while ((run[u"state"_s] == u"running"_s || run[u"state"_s] == u"stopping"_s) && !deadline.hasExpired());
    QVERIFY2(run[u"state"_s].toString() == u"finished"_s,
        QByteArray(QJsonDocument(run).toJson() + serve.readAllStandardError()).constData());
    QCOMPARE(run[u"parameters"_s][u"find_capacity"_s][u"slo"_s].toArray(), QJsonArray { u"p99<100ms"_s });
    const QJsonObject capacity = run[u"summary"_s][u"capacity"_s].toObject();
    const QJsonArray steps = capacity[u"steps"_s].toArray();
    QVERIFY2(steps.size() >= 2, QJsonDocument(capacity).toJson().constData());
    double highestPass = 0;
    for (const QJsonValue &step : steps) {
        if (step[u"passed"_s].toBool())
            highestPass = std::max(highestPass, step[u"rate"_s].toDouble());
    }
    QCOMPARE(capacity[u"capacity"_s].toDouble(), highestPass);
    QVERIFY(run[u"samples"_s].toArray().size() >= steps.size() * 8);
    serve.terminate();
    QVERIFY(serve.waitForFinished(kTimeoutMs));
}

void TestCliCapacity::badFlags_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<QString>("message");
    const QStringList capacity { u"--find-capacity"_s, u"--slo"_s, u"p99<10ms"_s };
    QTest::newRow("no slo") << QStringList { u"--find-capacity"_s } << u"needs at least one --slo"_s;
    QTest::newRow("slo alone") << QStringList { u"--slo"_s, u"p99<10ms"_s }
                               << u"--slo needs --find-capacity"_s;
    QTest::newRow("step alone") << QStringList { u"--step-duration"_s, u"2"_s }
                                << u"--step-duration needs --find-capacity"_s;
    QTest::newRow("-n") << capacity + QStringList { u"-n"_s, u"100"_s } << u"leave out -n"_s;
    QTest::newRow("-t") << capacity + QStringList { u"-t"_s, u"5"_s } << u"leave out -t"_s;
    QTest::newRow("stages") << capacity + QStringList { u"--stages"_s, u"1s:100"_s }
                            << u"leave out --stages"_s;
    QTest::newRow("threshold") << capacity + QStringList { u"--threshold"_s, u"p99<1ms"_s }
                               << u"leave out --threshold"_s;
    QTest::newRow("bad slo") << QStringList { u"--find-capacity"_s, u"--slo"_s, u"p99 10ms"_s }
                             << u"--slo \"p99 10ms\""_s;
    QTest::newRow("baseline slo") << QStringList { u"--find-capacity"_s, u"--slo"_s, u"rps>=baseline"_s }
                                  << u"cannot be against a baseline"_s;
    QTest::newRow("unfinished slo") << QStringList { u"--find-capacity"_s, u"--slo"_s, u"unfinished==0"_s }
                                    << u"no per-step figure"_s;
    QTest::newRow("step 0") << capacity + QStringList { u"--step-duration"_s, u"0"_s }
                            << u"--step-duration must be from 0.5 to 3600 seconds"_s;
    QTest::newRow("precision 60") << capacity + QStringList { u"--capacity-precision"_s, u"60"_s }
                                  << u"--capacity-precision must be a percentage from 0.1 to 50"_s;
}

void TestCliCapacity::badFlags()
{
    QFETCH(QStringList, flags);
    QFETCH(QString, message);
    // Refused before any connection: nothing listens on port 1.
    const Result r = runCli(QStringList { u"bench"_s } + flags + QStringList { u"http://127.0.0.1:1/"_s });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY2(!r.err.contains(u"cannot connect"_s), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliCapacity)
#include "tst_clicapacity.moc"
