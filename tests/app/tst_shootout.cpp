// End-to-end tests of `hostbench-cli shootout`: the built executable run
// with QProcess against real servers (Hostbench's serve, Debian's nginx),
// real sockets on 127.0.0.1 and a real SQLite file. Stand-in servers are
// real processes too: shell scripts found first through
// HOSTBENCH_SERVER_PATH, which the shootout searches instead of PATH.
#include "../FreePort.h"
#include "storage/Database.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <utility>

#include <unistd.h>

using namespace Qt::StringLiterals;
using hostbench::storage::Database;

namespace {

constexpr int kTimeoutMs = 120'000;

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
};

// A port nothing listens on now, and the three after it.
quint16 freePortRange()
{
    return hostbench::test::freePort(3);
}

// The CPU model as /proc/cpuinfo names it (empty where it names none), read here, not by sys::Machine.
QString cpuModelName()
{
    QFile info(u"/proc/cpuinfo"_s);
    if (!info.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    for (const QString &line : QString::fromUtf8(info.readAll()).split(u'\n')) {
        if (line.startsWith(u"model name"_s))
            return line.section(u':', 1).simplified();
    }
    return {};
}

bool accepts(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    return socket.waitForConnected(1000);
}

QString phpFpmProgram()
{
    QStringList path = QString::fromLocal8Bit(qgetenv("PATH")).split(u':', Qt::SkipEmptyParts);
    path << u"/usr/local/sbin"_s << u"/usr/sbin"_s << u"/sbin"_s;
    return QStandardPaths::findExecutable(u"php-fpm8.2"_s, path);
}

// Whether this hostbench-cli's COMMAND (serve, export) takes PHP sites (--php ADDR, issue #25).
bool takesPhp(const QString &command)
{
    QProcess process;
    process.start(QStringLiteral(HOSTBENCH_CLI_PATH), { command, u"--help"_s });
    process.waitForFinished(30'000);
    return process.readAll().contains("--php");
}

// Whether this hostbench-cli's engine runs a PHP site's scripts (its FastCGI
// client, issue #25): serve --php on a socket nobody listens on must answer
// a script's URL 502, never with its source as a file.
bool engineRunsPhp(const QString &folder)
{
    QDir().mkpath(folder);
    QFile script(QDir(folder).filePath(u"a.php"_s));
    if (!script.open(QIODevice::WriteOnly) || script.write("<?php echo 1;") < 0)
        return false;
    script.close();
    const quint16 port = freePortRange();
    QProcess serve;
    QStringList arguments { u"serve"_s, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port), u"--control"_s, u"off"_s,
        u"--default"_s, folder, u"--php"_s, u"unix:"_s + QDir(folder).filePath(u"none.sock"_s) };
    if (::geteuid() == 0)
        arguments << u"--user"_s << u"root"_s;
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    QByteArray answer;
    for (int i = 0; i < 100 && answer.isEmpty() && serve.state() != QProcess::NotRunning; ++i) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (!socket.waitForConnected(100)) {
            QTest::qWait(50);
            continue;
        }
        socket.write("GET /a.php HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        while (socket.waitForReadyRead(5000))
            answer += socket.readAll();
    }
    serve.terminate();
    serve.waitForFinished(5000);
    return !answer.isEmpty() && !answer.contains("<?php");
}

QString nginxProgram()
{
    QStringList path = QString::fromLocal8Bit(qgetenv("PATH")).split(u':', Qt::SkipEmptyParts);
    path << u"/usr/local/sbin"_s << u"/usr/sbin"_s << u"/sbin"_s;
    return QStandardPaths::findExecutable(u"nginx"_s, path);
}

} // namespace

class TestShootout final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void hostbenchAndNginxStoredAndExported();
    void w6pGoesThroughTheProxyToOneUpstream();
    void w6pBehindNginxToo();
    void w6pWithoutNginxHasHostbenchAsTheUpstream();
    void w6pLeftOutWhenTheUpstreamFails();
    void phpWorkloadsLeftOutWithoutPhpFpm();
    void phpWorkloadsGoThroughOnePhpFpm();
    void phpWorkloadsBehindNginxToo();
    void tlsWorkloadsMeasuredOnHostbenchAndNginx();
    void http2WorkloadsMeasuredOverH2();
    void serverWithoutH2LeftOutOfHttp2Workloads();
    void missingServerListedWithItsPackage();
    void failingServerShowsItsLog();
    void wrongBytesLeaveTheServerOut();
    void takenPortIsSkippedAndSaid();
    void capacityRanksCappedServers();
    void progressJsonIsOneObjectPerLine();
    void progressJsonSaysTheError();
    void badFlagsFail_data();
    void badFlagsFail();

private:
    // Every line of `err` as a JSON object with an "event"; fails the test on any other line.
    static QList<QJsonObject> events(const QString &err);
    Result runCli(const QStringList &arguments, const QProcessEnvironment &env = {});
    QProcessEnvironment environment() const;
    // A folder holding executable scripts named after servers; returns its path.
    QString standIns(const QMap<QString, QByteArray> &scripts);
    bool leftNothingBehind() const;

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestShootout::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(m_dir->filePath(u"tmp"_s)));
    QVERIFY(QFile::exists(QStringLiteral(HOSTBENCH_CLI_PATH)));
}

void TestShootout::cleanup()
{
    m_dir.reset();
}

QProcessEnvironment TestShootout::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"default-data"_s));
    // The shootout's temporary prefix goes here, so that the test sees it removed.
    env.insert(u"TMPDIR"_s, m_dir->filePath(u"tmp"_s));
    env.remove(u"http_proxy"_s);
    return env;
}

Result TestShootout::runCli(const QStringList &arguments, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env.isEmpty() ? environment() : env);
    process.start(QStringLiteral(HOSTBENCH_CLI_PATH), QStringList { u"shootout"_s } + arguments);
    Result result;
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = u"timed out"_s;
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    result.err = QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

QString TestShootout::standIns(const QMap<QString, QByteArray> &scripts)
{
    const QString dir = m_dir->filePath(u"bin"_s);
    QDir().mkpath(dir);
    for (auto it = scripts.cbegin(); it != scripts.cend(); ++it) {
        QFile file(QDir(dir).filePath(it.key()));
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write("#!/bin/sh\n" + it.value());
        file.close();
        file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    return dir;
}

bool TestShootout::leftNothingBehind() const
{
    return QDir(m_dir->filePath(u"tmp"_s)).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty();
}

void TestShootout::hostbenchAndNginxStoredAndExported()
{
    if (nginxProgram().isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench,nginx"_s, u"--workloads"_s, u"W1,W6"_s, u"-t"_s, u"1"_s, u"--rounds"_s,
            u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--data-dir"_s, data });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(
        result.err.contains(u"answers every workload URL with the file's bytes"_s), qPrintable(result.err));
    QVERIFY(result.err.contains(u"[0/4] round 1 of 1:"_s));
    QVERIFY(result.out.contains(u"W1"_s) && result.out.contains(u"nginx"_s));
    // The machine beside the figures: said at the start, stored, shown and exported.
    const QString machine = u"Machine: "_s + cpuModelName();
    QVERIFY2(result.err.contains(machine), qPrintable(result.err));

    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const qint64 id = root.value(u"shootout_id"_s).toInteger();
    QVERIFY(id > 0);
    QVERIFY2(root[u"settings"_s][u"machine"_s].toString().startsWith(cpuModelName() + u", "_s),
        qPrintable(root[u"settings"_s][u"machine"_s].toString()));
    for (const QString &workload : { u"W1"_s, u"W6"_s }) {
        for (const QString &server : { u"hostbench"_s, u"nginx"_s }) {
            const QJsonObject cell = root[u"workloads"_s][workload][server].toObject();
            QVERIFY2(cell.value(u"requests_per_second"_s).toDouble() > 0, qPrintable(workload + server));
            QVERIFY(cell.value(u"p99_ms"_s).toDouble() > 0);
            QVERIFY(cell.contains(u"cpu_us_per_request"_s));
            QVERIFY(cell.value(u"cpu_us_per_request"_s).toDouble() >= 0);
            QCOMPARE(cell.value(u"errors"_s).toInt(), 0);
            QCOMPARE(cell.value(u"rounds"_s).toInt(), 1);
            QVERIFY(cell.value(u"ratio_to_best"_s).toDouble() > 0);
            QVERIFY(cell.value(u"ratio_to_best"_s).toDouble() <= 1.0);
        }
    }
    QCOMPARE(root[u"servers"_s][u"nginx"_s][u"status"_s].toString(), u"measured"_s);
    // Hostbench's own process did the work: its CPU time shows.
    QVERIFY(root[u"workloads"_s][u"W6"_s][u"hostbench"_s][u"cpu_us_per_request"_s].toDouble() > 0);

    // Stored as one comparison holding its four runs, each a stored run.
    {
        Database db;
        QVERIFY(db.open(QDir(data).filePath(u"hostbench.sqlite"_s)));
        const auto stored = db.shootout(id);
        QVERIFY2(stored, qPrintable(db.lastError()));
        QVERIFY(stored->finished);
        QCOMPARE(stored->entries.size(), 4);
        for (const auto &entry : stored->entries) {
            QCOMPARE(entry.round, 1);
            const auto run = db.run(entry.runId);
            QVERIFY(run);
            QVERIFY(run->parameters.url.startsWith(u"http://127.0.0.1:"_s));
            QCOMPARE(run->summary.completed, entry.summary.completed);
            QVERIFY(!db.samples(entry.runId).isEmpty());
        }
    }
    Result listed = runCli({ u"list"_s, u"--data-dir"_s, data });
    QCOMPARE(listed.exitCode, 0);
    QVERIFY2(listed.out.contains(u"hostbench,nginx"_s), qPrintable(listed.out));
    Result shown = runCli({ u"show"_s, QString::number(id), u"--data-dir"_s, data });
    QCOMPARE(shown.exitCode, 0);
    QVERIFY(shown.out.contains(u"W6"_s) && shown.out.contains(u"nginx"_s));
    QVERIFY2(shown.out.contains(machine), qPrintable(shown.out));
    Result csv = runCli({ u"export"_s, QString::number(id), u"--format"_s, u"csv"_s, u"--data-dir"_s, data });
    QCOMPARE(csv.exitCode, 0);
    QCOMPARE(csv.out.trimmed().split(u'\n').size(), 5); // a header and 2 x 2 rows
    QVERIFY(csv.out.startsWith(u"workload,server,rounds,requests_per_second"_s));
    Result md = runCli({ u"export"_s, QString::number(id), u"--format"_s, u"md"_s, u"--data-dir"_s, data });
    QVERIFY(md.out.contains(u"| server | requests/s (spread) |"_s));
    QVERIFY2(md.out.contains(u"\n"_s + machine), qPrintable(md.out));
    Result html
        = runCli({ u"export"_s, QString::number(id), u"--format"_s, u"html"_s, u"--data-dir"_s, data });
    QVERIFY2(html.out.contains(u"<p class=\"machine\">"_s + machine.toHtmlEscaped()), qPrintable(html.out));
    Result exported
        = runCli({ u"export"_s, QString::number(id), u"--format"_s, u"json"_s, u"--data-dir"_s, data });
    const QJsonObject again = QJsonDocument::fromJson(exported.out.toUtf8()).object();
    QCOMPARE(again[u"workloads"_s][u"W1"_s][u"nginx"_s][u"requests_per_second"_s].toDouble(),
        root[u"workloads"_s][u"W1"_s][u"nginx"_s][u"requests_per_second"_s].toDouble());
    Result compared
        = runCli({ u"compare"_s, QString::number(id), QString::number(id), u"--data-dir"_s, data });
    QCOMPARE(compared.exitCode, 0);
    QVERIFY(compared.out.contains(u"1.00"_s));

    // Nothing left: the temporary prefix is gone and the ports are closed.
    QVERIFY(leftNothingBehind());
    QVERIFY(!accepts(port));
    QVERIFY(!accepts(port + 1));
}

void TestShootout::w6pGoesThroughTheProxyToOneUpstream()
{
    // W6p: Hostbench (serve --proxy /=UPSTREAM) in front of one upstream
    // (nginx, else Hostbench's own serve), started once for the shootout,
    // measured alone each round as the reference, and stopped at the end.
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench"_s, u"--workloads"_s, u"W6,W6p"_s, u"-t"_s, u"0.5"_s, u"--rounds"_s,
            u"2"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--data-dir"_s, data });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    // Started once, before the servers, and said so with what it is.
    const QString upstreamLine = u"W6p: each server proxies / to the upstream, "_s
        + (nginxProgram().isEmpty() ? u"hostbench-cli (1 thread, fixed routes)"_s
                                    : u"nginx (1 worker, return 200)"_s);
    QCOMPARE(result.err.count(upstreamLine), 1);
    QVERIFY2(
        result.err.contains(u"a server's CPU per request counts its own processes, not the upstream's"_s),
        qPrintable(result.err));
    // Rounds interleaved, the upstream alone one turn of each: 2 x (2 + 1) runs.
    QVERIFY2(result.err.contains(u"[0/6] round 1 of 2:"_s), qPrintable(result.err));
    QVERIFY(result.err.contains(u"round 2 of 2: upstream W6p"_s));
    QVERIFY(result.err.contains(u"round 1 of 2: hostbench W6p"_s));
    // The table: Hostbench ranked, the upstream's own rate as the reference line.
    QVERIFY2(result.out.contains(u"\nW6p\n"_s), qPrintable(result.out));
    const QStringList lines = result.out.split(u'\n');
    const auto upstreamRow = std::find_if(
        lines.cbegin(), lines.cend(), [](const QString &line) { return line.startsWith(u"  upstream "_s); });
    QVERIFY(upstreamRow != lines.cend());
    QVERIFY2(upstreamRow->contains(u"%)     ref "_s), qPrintable(*upstreamRow));
    QVERIFY(result.out.contains(u"(upstream is the app behind the servers measured alone, for reference"_s));

    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject w6p = root[u"workloads"_s][u"W6p"_s].toObject();
    const QJsonObject hostbench = w6p.value(u"hostbench"_s).toObject();
    const QJsonObject upstream = w6p.value(u"upstream"_s).toObject();
    QVERIFY2(hostbench.value(u"requests_per_second"_s).toDouble() > 0, qPrintable(file.fileName()));
    QCOMPARE(hostbench.value(u"errors"_s).toInt(), 0);
    QCOMPARE(hostbench.value(u"rounds"_s).toInt(), 2);
    QCOMPARE(hostbench.value(u"ratio_to_best"_s).toDouble(), 1.0);
    QVERIFY(hostbench.value(u"cpu_us_per_request"_s).toDouble() > 0);
    QVERIFY(!hostbench.contains(u"reference"_s));
    QVERIFY(upstream.value(u"reference"_s).toBool());
    QVERIFY(upstream.value(u"requests_per_second"_s).toDouble() > 0);
    QCOMPARE(upstream.value(u"errors"_s).toInt(), 0);
    QCOMPARE(upstream.value(u"rounds"_s).toInt(), 2);
    QCOMPARE(upstream.value(u"ratio_to_best"_s).toDouble(), 0.0);
    QVERIFY(root[u"workloads"_s][u"W6"_s][u"hostbench"_s][u"requests_per_second"_s].toDouble() > 0);
    QVERIFY(!root[u"workloads"_s][u"W6"_s].toObject().contains(u"upstream"_s));
    const QJsonObject note = root[u"servers"_s][u"upstream"_s].toObject();
    QCOMPARE(note.value(u"status"_s).toString(), u"measured"_s);
    const quint16 upstreamPort = quint16(note.value(u"port"_s).toInt());
    QVERIFY(upstreamPort > port); // after the servers' ports
    QVERIFY2(note.value(u"message"_s).toString().contains(u"on 127.0.0.1:%1, pid "_s.arg(upstreamPort)),
        qPrintable(note.value(u"message"_s).toString()));

    // Stored: 2 rounds of hostbench W6 and W6p and of the upstream's W6p.
    Database db;
    QVERIFY(db.open(QDir(data).filePath(u"hostbench.sqlite"_s)));
    const auto stored = db.shootout(root.value(u"shootout_id"_s).toInteger());
    QVERIFY2(stored, qPrintable(db.lastError()));
    QCOMPARE(stored->entries.size(), 6);
    int upstreamRuns = 0;
    for (const auto &entry : stored->entries) {
        if (entry.server == u"upstream"_s) {
            ++upstreamRuns;
            QCOMPARE(entry.workload, u"W6p"_s);
            QCOMPARE(db.run(entry.runId)->parameters.url, u"http://127.0.0.1:%1/ok"_s.arg(upstreamPort));
        }
    }
    QCOMPARE(upstreamRuns, 2);
    Result shown
        = runCli({ u"show"_s, root.value(u"shootout_id"_s).toVariant().toString(), u"--data-dir"_s, data });
    QCOMPARE(shown.exitCode, 0);
    QVERIFY2(shown.out.contains(u"for reference"_s), qPrintable(shown.out));

    // The upstream is stopped with the rest: its port closed, nothing left.
    QVERIFY(!accepts(upstreamPort));
    QVERIFY(!accepts(port));
    QVERIFY(leftNothingBehind());
}

void TestShootout::w6pBehindNginxToo()
{
    // nginx in front, from engine/export's proxy configuration (its
    // keepalive pool), of the same upstream as Hostbench.
    if (nginxProgram().isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    const quint16 port = freePortRange();
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result
        = runCli({ u"--servers"_s, u"nginx,hostbench"_s, u"--workloads"_s, u"W6p"_s, u"-t"_s, u"0.3"_s,
            u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--no-store"_s });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(!result.err.contains(u"left out"_s), qPrintable(result.err));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject w6p = root[u"workloads"_s][u"W6p"_s].toObject();
    QCOMPARE(w6p.keys(), (QStringList { u"hostbench"_s, u"nginx"_s, u"upstream"_s }));
    for (const QString &server : { u"hostbench"_s, u"nginx"_s }) {
        QVERIFY2(w6p[server][u"requests_per_second"_s].toDouble() > 0, qPrintable(server));
        QCOMPARE(w6p[server][u"errors"_s].toInt(), 0);
        QVERIFY(w6p[server][u"cpu_us_per_request"_s].toDouble() > 0);
    }
    QCOMPARE(std::max(w6p[u"hostbench"_s][u"ratio_to_best"_s].toDouble(),
                 w6p[u"nginx"_s][u"ratio_to_best"_s].toDouble()),
        1.0);
    QVERIFY(w6p[u"upstream"_s][u"reference"_s].toBool());
    QCOMPARE(root[u"servers"_s][u"nginx"_s][u"status"_s].toString(), u"measured"_s);
    QVERIFY(leftNothingBehind());
}

void TestShootout::w6pWithoutNginxHasHostbenchAsTheUpstream()
{
    // No nginx on the search path: the upstream is Hostbench's own serve.
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s, standIns({}));
    const quint16 port = freePortRange();
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench"_s, u"--workloads"_s, u"W6p"_s, u"-t"_s, u"0.3"_s, u"--rounds"_s,
            u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--no-store"_s },
        env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(
        result.err.contains(
            u"W6p: each server proxies / to the upstream, hostbench-cli (1 thread, fixed routes) on 127.0.0.1:"_s),
        qPrintable(result.err));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY(root[u"workloads"_s][u"W6p"_s][u"hostbench"_s][u"requests_per_second"_s].toDouble() > 0);
    QVERIFY(root[u"workloads"_s][u"W6p"_s][u"upstream"_s][u"requests_per_second"_s].toDouble() > 0);
    QCOMPARE(root[u"servers"_s][u"upstream"_s][u"package"_s].toString(), u"hostbench"_s);
    QVERIFY(!accepts(quint16(root[u"servers"_s][u"upstream"_s][u"port"_s].toInt())));
    QVERIFY(leftNothingBehind());
}

void TestShootout::w6pLeftOutWhenTheUpstreamFails()
{
    // An nginx that refuses to start: W6p has no upstream and is left out,
    // saying why; W6 is measured all the same.
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns(
            { { u"nginx"_s, "echo 'nginx: [emerg] bind() failed (98: Address in use)' >&2\nexit 1\n" } }));
    const quint16 port = freePortRange();
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench"_s, u"--workloads"_s, u"W6,W6p"_s, u"-t"_s, u"0.3"_s, u"--rounds"_s,
            u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--no-store"_s },
        env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.err.contains(u"upstream: failed to start: the upstream (nginx) did not start: "_s),
        qPrintable(result.err));
    QVERIFY(result.err.contains(u"[emerg] bind() failed"_s));
    QVERIFY(result.err.contains(u"W6p left out: no upstream"_s));
    QVERIFY(result.err.contains(u"[0/1] round 1 of 1: hostbench W6"_s));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY(root[u"workloads"_s][u"W6"_s][u"hostbench"_s][u"requests_per_second"_s].toDouble() > 0);
    QVERIFY(!root[u"workloads"_s].toObject().contains(u"W6p"_s));
    QCOMPARE(root[u"servers"_s][u"upstream"_s][u"status"_s].toString(), u"failed"_s);
    QVERIFY(leftNothingBehind());
}

void TestShootout::phpWorkloadsLeftOutWithoutPhpFpm()
{
    // No php-fpm on the search path: W5 and W7p are left out, saying which
    // package to install; W5r (the former W5, a fixed answer) is measured.
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s, standIns({}));
    const quint16 port = freePortRange();
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench"_s, u"--workloads"_s, u"W5,W5r,W7p"_s, u"-t"_s, u"0.3"_s, u"--rounds"_s,
            u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--no-store"_s },
        env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.err.contains(u"php-fpm: not installed (apt-get install php8.2-fpm)"_s),
        qPrintable(result.err));
    QVERIFY(result.err.contains(
        u"W5, W7p left out: PHP-FPM is not installed (apt-get install php8.2-fpm); the other workloads run"_s));
    QVERIFY2(result.err.contains(u"[0/1] round 1 of 1: hostbench W5r"_s), qPrintable(result.err));
    QVERIFY2(result.out.contains(u"php-fpm: missing (apt-get install php8.2-fpm)"_s), qPrintable(result.out));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(root[u"workloads"_s].toObject().keys(), QStringList { u"W5r"_s });
    const QJsonObject w5r = root[u"workloads"_s][u"W5r"_s][u"hostbench"_s].toObject();
    QVERIFY(w5r.value(u"requests_per_second"_s).toDouble() > 0);
    QCOMPARE(w5r.value(u"errors"_s).toInt(), 0);
    QVERIFY(!w5r.contains(u"php_fpm_cpu_us_per_request"_s));
    QCOMPARE(root[u"servers"_s][u"php-fpm"_s][u"status"_s].toString(), u"missing"_s);
    QCOMPARE(root[u"servers"_s][u"php-fpm"_s][u"package"_s].toString(), u"php8.2-fpm"_s);
    QVERIFY(leftNothingBehind());
}

void TestShootout::phpWorkloadsGoThroughOnePhpFpm()
{
    // W5 and W7p: Hostbench (serve --php unix:SOCKET) in front of one
    // PHP-FPM pool started once for the shootout; the pool's own CPU per
    // request beside the server's; everything stopped at the end.
    if (phpFpmProgram().isEmpty())
        QSKIP("PHP-FPM is not installed (apt-get install php8.2-fpm php8.2-sqlite3)");
    if (!takesPhp(u"serve"_s) || !engineRunsPhp(m_dir->filePath(u"probe"_s)))
        QSKIP("this hostbench-cli's engine sends a PHP site's scripts as files (no FastCGI client yet, issue "
              "#25)");
    const quint16 port = freePortRange();
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench"_s, u"--workloads"_s, u"W5,W5r,W7p"_s, u"-t"_s, u"0.5"_s, u"--rounds"_s,
            u"2"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--data-dir"_s, data });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QCOMPARE(
        result.err.count(u"W5, W7p: each server runs PHP through one PHP-FPM pool, php-fpm8.2 (PHP "_s), 1);
    QVERIFY2(!result.err.contains(u"left out"_s), qPrintable(result.err));
    QVERIFY2(result.out.contains(u"PHP-FPM us/req"_s), qPrintable(result.out));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (const QString &workload : { u"W5"_s, u"W7p"_s }) {
        const QJsonObject cell = root[u"workloads"_s][workload][u"hostbench"_s].toObject();
        QVERIFY2(cell.value(u"requests_per_second"_s).toDouble() > 0, qPrintable(workload));
        QCOMPARE(cell.value(u"errors"_s).toInt(), 0);
        QCOMPARE(cell.value(u"rounds"_s).toInt(), 2);
        QVERIFY(cell.value(u"cpu_us_per_request"_s).toDouble() > 0);
        QVERIFY2(cell.contains(u"php_fpm_cpu_us_per_request"_s), qPrintable(workload));
    }
    // Clock ticks per process, truncated: W7p's 3 queries show, W5's echo may not in short runs.
    QVERIFY(root[u"workloads"_s][u"W7p"_s][u"hostbench"_s][u"php_fpm_cpu_us_per_request"_s].toDouble() > 0);
    QVERIFY(
        !root[u"workloads"_s][u"W5r"_s][u"hostbench"_s].toObject().contains(u"php_fpm_cpu_us_per_request"_s));
    const QJsonObject note = root[u"servers"_s][u"php-fpm"_s].toObject();
    QCOMPARE(note.value(u"status"_s).toString(), u"measured"_s);
    QVERIFY2(note.value(u"message"_s).toString().contains(u"pm static, 8 children) on unix:"_s),
        qPrintable(note.value(u"message"_s).toString()));
    // Stored: the pool's CPU comes back with the shootout.
    const QString id = root.value(u"shootout_id"_s).toVariant().toString();
    const Result exported = runCli({ u"export"_s, id, u"--format"_s, u"json"_s, u"--data-dir"_s, data });
    const QJsonObject again = QJsonDocument::fromJson(exported.out.toUtf8()).object();
    QCOMPARE(again[u"workloads"_s][u"W7p"_s][u"hostbench"_s][u"php_fpm_cpu_us_per_request"_s].toDouble(),
        root[u"workloads"_s][u"W7p"_s][u"hostbench"_s][u"php_fpm_cpu_us_per_request"_s].toDouble());
    QVERIFY(leftNothingBehind());
}

void TestShootout::phpWorkloadsBehindNginxToo()
{
    // nginx in front of the same pool, from engine/export's PHP configuration.
    if (phpFpmProgram().isEmpty())
        QSKIP("PHP-FPM is not installed (apt-get install php8.2-fpm php8.2-sqlite3)");
    if (nginxProgram().isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    if (!takesPhp(u"export"_s))
        QSKIP("this hostbench-cli's export writes no PHP configuration (issue #25)");
    const quint16 port = freePortRange();
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli({ u"--servers"_s, u"nginx"_s, u"--workloads"_s, u"W5,W7p"_s, u"-t"_s, u"1"_s,
        u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--no-store"_s });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(!result.err.contains(u"left out"_s), qPrintable(result.err));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (const QString &workload : { u"W5"_s, u"W7p"_s }) {
        const QJsonObject cell = root[u"workloads"_s][workload][u"nginx"_s].toObject();
        QVERIFY2(cell.value(u"requests_per_second"_s).toDouble() > 0, qPrintable(workload));
        QCOMPARE(cell.value(u"errors"_s).toInt(), 0);
        QVERIFY(cell.contains(u"php_fpm_cpu_us_per_request"_s));
    }
    // Clock ticks per process, truncated: W7p's 3 queries show in a second, W5's echo may not.
    QVERIFY(root[u"workloads"_s][u"W7p"_s][u"nginx"_s][u"php_fpm_cpu_us_per_request"_s].toDouble() > 0);
    QCOMPARE(root[u"servers"_s][u"nginx"_s][u"status"_s].toString(), u"measured"_s);
    QVERIFY(leftNothingBehind());
}

// HTTPS (issue #26): W1s and W1sn measured on Hostbench's TLS listener and
// nginx's TLS export, the same certificate for both; W1s on kept
// connections (few handshakes, resumed or not), W1sn a full handshake per
// request (none resumed), as the stored runs' TLS figures say.
void TestShootout::tlsWorkloadsMeasuredOnHostbenchAndNginx()
{
    if (nginxProgram().isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli({ u"--servers"_s, u"hostbench,nginx"_s, u"--workloads"_s, u"W1s,W1sn"_s,
        u"-t"_s, u"0.5"_s, u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json,
        u"--data-dir"_s, data });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(!result.err.contains(u"left out"_s), qPrintable(result.err));
    QVERIFY2(result.err.contains(u"answers every HTTPS workload URL with the file's bytes"_s),
        qPrintable(result.err));
    QVERIFY2(result.err.contains(u"the same certificate, an ECDSA P-256 leaf for localhost"_s),
        qPrintable(result.err));
    QVERIFY2(result.out.contains(u"W1s\n"_s) && result.out.contains(u"W1sn\n"_s), qPrintable(result.out));

    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (const QString &workload : { u"W1s"_s, u"W1sn"_s }) {
        for (const QString &server : { u"hostbench"_s, u"nginx"_s }) {
            const QJsonObject cell = root[u"workloads"_s][workload][server].toObject();
            QVERIFY2(cell.value(u"requests_per_second"_s).toDouble() > 0, qPrintable(workload + server));
            QCOMPARE(cell.value(u"errors"_s).toInt(), 0);
        }
    }
    QCOMPARE(root[u"servers"_s][u"nginx"_s][u"status"_s].toString(), u"measured"_s);
    Database db;
    QVERIFY(db.open(QDir(data).filePath(u"hostbench.sqlite"_s)));
    const auto stored = db.shootout(root.value(u"shootout_id"_s).toInteger());
    QVERIFY2(stored, qPrintable(db.lastError()));
    QCOMPARE(stored->entries.size(), 4);
    for (const auto &entry : stored->entries) {
        const auto run = db.run(entry.runId);
        QVERIFY(run);
        const QString what = entry.workload + u' ' + entry.server;
        QVERIFY2(run->parameters.url.startsWith(u"https://localhost:"_s), qPrintable(what));
        QVERIFY(run->parameters.tlsVerify);
        QVERIFY2(
            run->summary.tlsProtocol == u"TLSv1.3"_s, qPrintable(what + u": "_s + run->summary.tlsProtocol));
        QVERIFY(run->summary.completed > 0);
        if (entry.workload == u"W1sn"_s) {
            QVERIFY(!run->parameters.keepAlive && !run->parameters.tlsResume);
            // One full handshake per request (a request cut off by the end may have had its own).
            QVERIFY2(run->summary.tlsHandshakes >= run->summary.completed, qPrintable(what));
            QCOMPARE(run->summary.tlsResumed, quint64(0));
        } else {
            QVERIFY(run->parameters.keepAlive);
            QVERIFY2(run->summary.tlsHandshakes < run->summary.completed / 10, qPrintable(what));
        }
    }
    QVERIFY(leftNothingBehind());
}

// HTTP/2 (issue #27): W1h2 on Hostbench's TLS listener and nginx's TLS
// export (`listen ... ssl http2`), h2 by ALPN. The real nginx runs behind a
// stand-in that turns its access log on (the benchmark export has it off),
// so that nginx itself says which protocol every request came in: HTTP/2.0,
// the shootout's check before the load as well as the generator's.
void TestShootout::http2WorkloadsMeasuredOverH2()
{
    const QString nginx = nginxProgram();
    if (nginx.isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    const QString accessLog = m_dir->filePath(u"nginx-access.log"_s);
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns({ { u"nginx"_s,
            "conf=''; prev=''\nfor a in \"$@\"; do [ \"$prev\" = -c ] && conf=$a; prev=$a; done\n"
            "sed -i 's|access_log off;|access_log "
                + accessLog.toUtf8()
                + ";|' \"$conf\"\n"
                  "exec "
                + nginx.toUtf8() + " \"$@\"\n" } }));
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench,nginx"_s, u"--workloads"_s, u"W1h2"_s, u"-t"_s, u"0.5"_s, u"--rounds"_s,
            u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--data-dir"_s, data },
        env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(!result.err.contains(u": left out"_s), qPrintable(result.err));
    for (const QString &server : { u"hostbench"_s, u"nginx"_s })
        QVERIFY2(
            result.err.contains(server + u" answers W1h2 over HTTP/2 (its TLS listener chose h2 by ALPN)"_s),
            qPrintable(result.err));
    QVERIFY2(result.out.contains(u"W1h2\n"_s), qPrintable(result.out));

    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (const QString &server : { u"hostbench"_s, u"nginx"_s }) {
        const QJsonObject cell = root[u"workloads"_s][u"W1h2"_s][server].toObject();
        QVERIFY2(cell.value(u"requests_per_second"_s).toDouble() > 0, qPrintable(server));
        QCOMPARE(cell.value(u"errors"_s).toInt(), 0);
        QCOMPARE(cell.value(u"protocol"_s).toString(), u"h2"_s);
    }
    QCOMPARE(root[u"servers"_s][u"nginx"_s][u"status"_s].toString(), u"measured"_s);
    Database db;
    QVERIFY(db.open(QDir(data).filePath(u"hostbench.sqlite"_s)));
    const auto stored = db.shootout(root.value(u"shootout_id"_s).toInteger());
    QVERIFY2(stored, qPrintable(db.lastError()));
    QCOMPARE(stored->entries.size(), 2);
    quint64 nginxCompleted = 0;
    for (const auto &entry : stored->entries) {
        const auto run = db.run(entry.runId);
        QVERIFY(run);
        const QString what = entry.workload + u' ' + entry.server;
        QVERIFY2(run->parameters.url.startsWith(u"https://localhost:"_s), qPrintable(what));
        QVERIFY(run->parameters.http2 && run->summary.http2);
        QCOMPARE(run->parameters.streams, 10);
        QCOMPARE(run->parameters.concurrency, 10);
        QVERIFY(run->summary.completed > 0);
        QCOMPARE(run->summary.non2xx, quint64(0));
        if (entry.server == u"nginx"_s)
            nginxCompleted = run->summary.completed;
    }
    // nginx's own word: every request it logged (the check's and the load's) came over HTTP/2.
    QFile log(accessLog);
    QVERIFY2(log.open(QIODevice::ReadOnly), "the stand-in did not turn nginx's access log on");
    const QList<QByteArray> lines = log.readAll().split('\n');
    qsizetype http2 = 0;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        // 200 with fewer bytes: a stream the generator reset as the run ended.
        QVERIFY2(line.contains("\"GET /x.txt HTTP/2.0\" 200 "), line.constData());
        if (line.contains("\"GET /x.txt HTTP/2.0\" 200 4070 "))
            ++http2;
    }
    QVERIFY2(quint64(http2) >= nginxCompleted + 1,
        qPrintable(u"%1 lines for %2 requests"_s.arg(http2).arg(nginxCompleted)));
    QVERIFY(leftNothingBehind());
}

// A server whose TLS listener does not choose h2 (nginx with `http2` taken
// off its listen line by a stand-in) is left out of the HTTP/2 workloads
// with a note saying so, never measured over HTTP/1.1; its HTTPS/1.1
// workload is measured as before.
void TestShootout::serverWithoutH2LeftOutOfHttp2Workloads()
{
    const QString nginx = nginxProgram();
    if (nginx.isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns({ { u"nginx"_s,
            "conf=''; prev=''\nfor a in \"$@\"; do [ \"$prev\" = -c ] && conf=$a; prev=$a; done\n"
            "sed -i 's| ssl http2| ssl|' \"$conf\"\nexec "
                + nginx.toUtf8() + " \"$@\"\n" } }));
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString json = m_dir->filePath(u"shootout.json"_s);
    const Result result = runCli(
        { u"--servers"_s, u"hostbench,nginx"_s, u"--workloads"_s, u"W1s,W1h2"_s, u"-t"_s, u"0.3"_s,
            u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--json"_s, json, u"--no-store"_s },
        env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.err.contains(u"nginx: left out, for W1h2 only: over HTTP/2 (h2 by ALPN): GET /x.txt was "
                                 "answered over HTTP/1.1, not HTTP/2"_s),
        qPrintable(result.err));
    QVERIFY2(result.err.contains(u"hostbench answers W1h2 over HTTP/2"_s), qPrintable(result.err));
    QVERIFY2(!result.err.contains(u"nginx answers W1h2"_s), qPrintable(result.err));
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject w1h2 = root[u"workloads"_s][u"W1h2"_s].toObject();
    QCOMPARE(w1h2.keys(), QStringList { u"hostbench"_s });
    QCOMPARE(w1h2[u"hostbench"_s][u"protocol"_s].toString(), u"h2"_s);
    const QJsonObject w1s = root[u"workloads"_s][u"W1s"_s].toObject();
    QCOMPARE(w1s.keys(), (QStringList { u"hostbench"_s, u"nginx"_s }));
    QVERIFY(!w1s[u"nginx"_s].toObject().contains(u"protocol"_s));
    QVERIFY(root[u"servers"_s][u"nginx"_s][u"message"_s].toString().contains(u"not HTTP/2"_s));
    QVERIFY(leftNothingBehind());
}

void TestShootout::missingServerListedWithItsPackage()
{
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s, standIns({})); // an empty folder: nothing is installed
    const quint16 port = freePortRange();
    const Result result
        = runCli({ u"--servers"_s, u"hostbench,caddy,lighttpd"_s, u"--workloads"_s, u"W6"_s, u"-t"_s,
                     u"0.3"_s, u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--no-store"_s },
            env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.out.contains(u"caddy: missing (apt-get install caddy)"_s), qPrintable(result.out));
    QVERIFY(result.out.contains(u"lighttpd: missing (apt-get install lighttpd)"_s));
    QVERIFY(result.out.contains(u"hostbench"_s));

    // Nothing at all to run: an error, the missing ones still listed.
    const Result none
        = runCli({ u"--servers"_s, u"nginx"_s, u"--workloads"_s, u"W6"_s, u"--no-store"_s }, env);
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.out.contains(u"nginx: missing (apt-get install nginx"_s), qPrintable(none.out));
    QVERIFY(none.err.contains(u"no server to measure"_s));
}

void TestShootout::failingServerShowsItsLog()
{
    // A stand-in nginx that refuses its configuration, as nginx does, on stderr.
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns({ { u"nginx"_s,
            "echo 'nginx: [emerg] unknown directive \"frobnicate\" in the configuration' >&2\nexit 1\n" } }));
    const quint16 port = freePortRange();
    const Result result = runCli(
        { u"--servers"_s, u"nginx,hostbench"_s, u"--workloads"_s, u"W6"_s, u"-t"_s, u"0.3"_s, u"--rounds"_s,
            u"1"_s, u"--port"_s, QString::number(port), u"--data-dir"_s, m_dir->filePath(u"data"_s) },
        env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.err.contains(u"nginx: failed to start: "_s), qPrintable(result.err));
    QVERIFY(result.err.contains(u"exited with code 1"_s));
    QVERIFY(result.err.contains(u"[emerg] unknown directive \"frobnicate\""_s));
    QVERIFY(result.out.contains(u"nginx: failed: "_s));
    // The stored comparison keeps the log too.
    Database db;
    QVERIFY(db.open(m_dir->filePath(u"data/hostbench.sqlite"_s)));
    const auto shootouts = db.shootouts();
    QCOMPARE(shootouts.size(), 1);
    const QJsonObject nginx = shootouts.constFirst().notes[u"servers"_s][u"nginx"_s].toObject();
    QCOMPARE(nginx.value(u"status"_s).toString(), u"failed"_s);
    QVERIFY(nginx.value(u"log"_s).toString().contains(u"frobnicate"_s));
    QVERIFY(leftNothingBehind());
}

void TestShootout::wrongBytesLeaveTheServerOut()
{
    // A stand-in lighttpd: a real server (Hostbench's serve) on the port the
    // shootout gives, whose /ok answers "NO" and which has no /x.txt.
    const QString wrongRoot = m_dir->filePath(u"wrong"_s);
    QVERIFY(QDir().mkpath(wrongRoot));
    const quint16 port = freePortRange();
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns({ { u"lighttpd"_s,
            "exec '" HOSTBENCH_CLI_PATH "' serve --control off --listen 127.0.0.1:" + QByteArray::number(port)
                + " --default '" + wrongRoot.toUtf8()
                + "' --route /ok=NO"
                // serve refuses root without --user; CI runs as root.
                + (::geteuid() == 0 ? " --user root" : "") + "\n" } }));
    const Result result = runCli({ u"--servers"_s, u"lighttpd"_s, u"--workloads"_s, u"W6"_s, u"-t"_s,
                                     u"0.3"_s, u"--port"_s, QString::number(port), u"--no-store"_s },
        env);
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(
        result.err.contains(u"lighttpd: left out, GET /ok answers 2 bytes that differ from the file's"_s),
        qPrintable(result.err));
    QVERIFY(result.out.contains(u"lighttpd: wrong bytes: "_s));
    QVERIFY(result.err.contains(u"no server to measure"_s));
    QVERIFY(!accepts(port));
    QVERIFY(leftNothingBehind());
}

void TestShootout::takenPortIsSkippedAndSaid()
{
    const quint16 port = freePortRange();
    QTcpServer holder;
    QVERIFY(holder.listen(QHostAddress::LocalHost, port));
    const Result result = runCli({ u"--servers"_s, u"hostbench"_s, u"--workloads"_s, u"W6"_s, u"-t"_s,
        u"0.3"_s, u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--no-store"_s });
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    QVERIFY2(result.err.contains(u"hostbench: port %1 is in use by "_s.arg(port)), qPrintable(result.err));
    QVERIFY(result.err.contains(u"trying %1"_s.arg(port + 1)));
    QVERIFY(result.err.contains(u"on 127.0.0.1:%1 answers"_s.arg(port + 1)));
}

// --capacity (issue #28): two stand-in servers of known capacity, each a
// real process (hostbench_capped_server: one request at a time, 1/N s each)
// on the port its configuration names: "lighttpd" answers at most 300
// requests/s, "nginx" 150. The searches must land within 10% of each cap,
// and rank lighttpd first. The latency SLO is loose, so that a busy
// machine's scheduling stalls (the servers share one pinned CPU) fail no
// step below the cap; above it, the implicit SLO (95% of the rate asked
// completed) and the growing queue fail the step.
void TestShootout::capacityRanksCappedServers()
{
    const auto standIn = [](const QByteArray &portLine, const QByteArray &flag, int perSecond) -> QByteArray {
        return "conf=''; prev=''\nfor a in \"$@\"; do [ \"$prev\" = " + flag
            + " ] && conf=$a; prev=$a; done\nport=$(sed -n '" + portLine
            + "' \"$conf\" | head -n 1)\nexec '" HOSTBENCH_CAPPED_SERVER_PATH "' \"$port\" "
            + QByteArray::number(perSecond) + " OK\n";
    };
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns({ { u"lighttpd"_s, standIn("s/^server.port = \\([0-9]*\\).*/\\1/p", "-f", 300) },
            { u"nginx"_s, standIn("s/.*listen 127.0.0.1:\\([0-9]*\\).*/\\1/p", "-c", 150) } }));
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const QString json = m_dir->filePath(u"capacity.json"_s);
    const Result result
        = runCli({ u"--servers"_s, u"nginx,lighttpd"_s, u"--workloads"_s, u"W6"_s, u"--capacity"_s,
                     u"--slo"_s, u"p99<500ms"_s, u"--slo"_s, u"errors<1%"_s, u"--rate"_s, u"80"_s,
                     u"--step-duration"_s, u"2"_s, u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port),
                     u"--json"_s, json, u"--data-dir"_s, data, u"--progress"_s, u"json"_s },
            env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    qInfo().noquote() << result.out;
    QVERIFY2(result.out.contains(u"W6 (capacity at p99<500ms, errors<1%"_s), qPrintable(result.out));

    // The progress: each step as it ends, the capacity in the results.
    const QList<QJsonObject> list = events(result.err);
    QVERIFY2(!list.isEmpty(), qPrintable(result.err));
    int steps = 0;
    QMap<QString, double> found;
    for (const QJsonObject &event : list) {
        if (event[u"event"_s] == u"capacity_step"_s) {
            ++steps;
            QVERIFY(event[u"rate"_s].toDouble() > 0);
            QVERIFY(event.contains(u"passed"_s));
        }
        if (event[u"event"_s] == u"result"_s)
            found.insert(event[u"server"_s].toString(), event[u"capacity"_s][u"capacity"_s].toDouble());
    }
    QVERIFY2(steps >= 8, qPrintable(result.err));
    QCOMPARE(found.size(), 2);

    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(root[u"settings"_s][u"capacity"_s][u"slo"_s].toArray(),
        (QJsonArray { u"p99<500ms"_s, u"errors<1%"_s }));
    for (const auto &[server, cap] :
        { std::pair { u"lighttpd"_s, 300.0 }, std::pair { u"nginx"_s, 150.0 } }) {
        const QJsonObject cell = root[u"workloads"_s][u"W6"_s][server].toObject();
        const double capacity = cell[u"capacity"_s].toDouble();
        QVERIFY2(qAbs(capacity - cap) <= 0.1 * cap,
            qPrintable(u"%1: found %2 requests/s, its cap is %3\n%4"_s.arg(server).arg(capacity).arg(cap).arg(
                result.out)));
        QCOMPARE(capacity, found.value(server));
        QCOMPARE(cell[u"capacity_lower_bound"_s].toBool(), false);
        QVERIFY(cell[u"capacity_steps"_s].toInt() >= 4);
    }
    QCOMPARE(root[u"workloads"_s][u"W6"_s][u"lighttpd"_s][u"ratio_to_best"_s].toDouble(), 1.0);
    QVERIFY(root[u"workloads"_s][u"W6"_s][u"nginx"_s][u"ratio_to_best"_s].toDouble() < 0.65);

    // Stored: each search one run holding its step table; list, show, export, compare say capacity.
    const QString id = QString::number(root[u"shootout_id"_s].toInteger());
    Database db;
    QVERIFY(db.open(QDir(data).filePath(u"hostbench.sqlite"_s)));
    const auto stored = db.shootout(id.toLongLong());
    QVERIFY2(stored, qPrintable(db.lastError()));
    QCOMPARE(stored->entries.size(), 2);
    for (const auto &entry : stored->entries) {
        const auto run = db.run(entry.runId);
        QVERIFY(run);
        QCOMPARE(run->parameters.findCapacity.slo, (QStringList { u"p99<500ms"_s, u"errors<1%"_s }));
        QVERIFY(run->summary.capacity.steps.size() >= 4);
    }
    const Result listed = runCli({ u"list"_s, u"--data-dir"_s, data });
    QVERIFY2(listed.out.contains(u"[capacity at p99<500ms, errors<1%]"_s), qPrintable(listed.out));
    const Result shown = runCli({ u"show"_s, id, u"--data-dir"_s, data });
    QVERIFY2(shown.out.contains(u"capacity at p99<500ms, errors<1%, steps of 2 s"_s), qPrintable(shown.out));
    QVERIFY(shown.out.contains(u"capacity req/s (spread)"_s));
    const Result csv = runCli({ u"export"_s, id, u"--format"_s, u"csv"_s, u"--data-dir"_s, data });
    QVERIFY2(csv.out.contains(u",capacity,capacity_lower_bound\n"_s), qPrintable(csv.out));
    const Result md = runCli({ u"export"_s, id, u"--format"_s, u"md"_s, u"--data-dir"_s, data });
    QVERIFY2(md.out.contains(u"| server | capacity requests/s (spread) |"_s), qPrintable(md.out));
    const Result html = runCli({ u"export"_s, id, u"--format"_s, u"html"_s, u"--data-dir"_s, data });
    QCOMPARE(html.exitCode, 0);
    QVERIFY(html.out.contains(u"<svg id=\"chart-W6\""_s));
    QVERIFY(html.out.contains(u"<rect class=\"bar lighttpd\""_s));
    const Result compared = runCli({ u"compare"_s, id, id, u"--data-dir"_s, data });
    QVERIFY2(compared.out.contains(u"cap. #"_s), qPrintable(compared.out));
    QVERIFY(leftNothingBehind());
}

QList<QJsonObject> TestShootout::events(const QString &err)
{
    QList<QJsonObject> list;
    for (const QString &line : err.split(u'\n', Qt::SkipEmptyParts)) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()
            || !document.object().value(u"event"_s).isString()) {
            qWarning("not an event: %s", qPrintable(line));
            return {};
        }
        list.append(document.object());
    }
    return list;
}

void TestShootout::progressJsonIsOneObjectPerLine()
{
    // Hostbench measured; caddy missing; nginx a stand-in that fails to start.
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s,
        standIns({ { u"nginx"_s, "echo 'nginx: [emerg] frobnicate' >&2\nexit 1\n" } }));
    const quint16 port = freePortRange();
    QVERIFY(port != 0);
    const QString data = m_dir->filePath(u"data"_s);
    const Result result
        = runCli({ u"--servers"_s, u"caddy,nginx,hostbench"_s, u"--workloads"_s, u"W6,W1"_s, u"-t"_s,
                     u"0.3"_s, u"--rounds"_s, u"1"_s, u"--port"_s, QString::number(port), u"--data-dir"_s,
                     data, u"--progress"_s, u"json"_s },
            env);
    QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
    const QList<QJsonObject> list = events(result.err);
    QVERIFY2(list.size() >= 8, qPrintable(result.err));
    QMap<QString, QList<QJsonObject>> byKind;
    for (const QJsonObject &event : list)
        byKind[event.value(u"event"_s).toString()].append(event);

    const QJsonObject started = list.constFirst();
    QCOMPARE(started.value(u"event"_s).toString(), u"started"_s);
    QCOMPARE(started[u"settings"_s][u"servers"_s].toArray(),
        (QJsonArray { u"caddy"_s, u"nginx"_s, u"hostbench"_s }));
    QCOMPARE(started[u"settings"_s][u"duration_s"_s].toDouble(), 0.3);

    const QList<QJsonObject> failed = byKind.value(u"server_failed"_s);
    QCOMPARE(failed.size(), 2);
    QCOMPARE(failed.at(0).value(u"server"_s).toString(), u"caddy"_s);
    QCOMPARE(failed.at(0).value(u"status"_s).toString(), u"missing"_s);
    QCOMPARE(failed.at(0).value(u"package"_s).toString(), u"caddy"_s);
    QCOMPARE(failed.at(1).value(u"server"_s).toString(), u"nginx"_s);
    QCOMPARE(failed.at(1).value(u"status"_s).toString(), u"failed"_s);
    QVERIFY2(failed.at(1).value(u"message"_s).toString().contains(u"exited with code 1"_s),
        qPrintable(failed.at(1).value(u"message"_s).toString()));
    QVERIFY(failed.at(1).value(u"log"_s).toString().contains(u"[emerg] frobnicate"_s));

    // Hostbench: checked (round 0), then started for its turn (round 1).
    QList<int> startingRounds, readyRounds;
    for (const QJsonObject &event : byKind.value(u"server_starting"_s))
        if (event.value(u"server"_s).toString() == u"hostbench"_s)
            startingRounds.append(event.value(u"round"_s).toInt());
    for (const QJsonObject &event : byKind.value(u"server_ready"_s)) {
        QCOMPARE(event.value(u"server"_s).toString(), u"hostbench"_s);
        QVERIFY(event.value(u"port"_s).toInt() >= port);
        readyRounds.append(event.value(u"round"_s).toInt());
    }
    QCOMPARE(startingRounds, (QList<int> { 0, 1 }));
    QCOMPARE(readyRounds, (QList<int> { 0, 1 }));

    const QList<QJsonObject> runs = byKind.value(u"run_starting"_s);
    const QList<QJsonObject> results = byKind.value(u"result"_s);
    QCOMPARE(runs.size(), 2);
    QCOMPARE(results.size(), 2);
    for (int i = 0; i < 2; ++i) {
        const QString workload = i == 0 ? u"W6"_s : u"W1"_s;
        QCOMPARE(runs.at(i).value(u"workload"_s).toString(), workload);
        QCOMPARE(runs.at(i).value(u"done"_s).toInt(), i);
        QCOMPARE(runs.at(i).value(u"total"_s).toInt(), 2);
        QCOMPARE(runs.at(i).value(u"rounds"_s).toInt(), 1);
        const QJsonObject &r = results.at(i);
        QCOMPARE(r.value(u"server"_s).toString(), u"hostbench"_s);
        QCOMPARE(r.value(u"workload"_s).toString(), workload);
        QCOMPARE(r.value(u"done"_s).toInt(), i + 1);
        QVERIFY(r.value(u"run_id"_s).toInteger() > 0);
        QVERIFY(r.value(u"completed"_s).toInteger() > 0);
        QVERIFY(r.value(u"requests_per_second"_s).toDouble() > 0);
        QVERIFY(r.value(u"p99_ms"_s).toDouble() > 0);
        QVERIFY(r.value(u"p50_ms"_s).toDouble() > 0);
        QVERIFY(r.value(u"cpu_us_per_request"_s).toDouble() >= 0);
        QCOMPARE(r.value(u"errors"_s).toInteger(), 0);
    }

    const QJsonObject done = list.constLast();
    QCOMPARE(done.value(u"event"_s).toString(), u"done"_s);
    QCOMPARE(done.value(u"done"_s).toInt(), 2);
    QCOMPARE(done.value(u"stopped"_s).toBool(), false);
    QVERIFY(!byKind.contains(u"error"_s));
    const qint64 id = done.value(u"shootout_id"_s).toInteger();
    QCOMPARE(done.value(u"database"_s).toString(), QDir(data).filePath(u"hostbench.sqlite"_s));
    Database db;
    QVERIFY(db.open(QDir(data).filePath(u"hostbench.sqlite"_s)));
    const auto stored = db.shootout(id);
    QVERIFY2(stored, qPrintable(db.lastError()));
    QCOMPARE(stored->entries.size(), 2);
    QCOMPARE(stored->entries.at(0).runId, results.at(0).value(u"run_id"_s).toInteger());
    QCOMPARE(
        stored->entries.at(0).summary.completed, quint64(results.at(0).value(u"completed"_s).toInteger()));
    // stdout keeps the tables.
    QVERIFY(result.out.contains(u"caddy: missing (apt-get install caddy)"_s));
    QVERIFY(leftNothingBehind());
}

void TestShootout::progressJsonSaysTheError()
{
    QProcessEnvironment env = environment();
    env.insert(u"HOSTBENCH_SERVER_PATH"_s, standIns({}));
    const Result result = runCli({ u"--servers"_s, u"nginx"_s, u"--workloads"_s, u"W6"_s, u"--no-store"_s,
                                     u"--progress"_s, u"json"_s },
        env);
    QCOMPARE(result.exitCode, 1);
    const QList<QJsonObject> list = events(result.err);
    QVERIFY2(list.size() >= 3, qPrintable(result.err));
    QCOMPARE(list.constFirst().value(u"event"_s).toString(), u"started"_s);
    QCOMPARE(list.constLast().value(u"event"_s).toString(), u"error"_s);
    QCOMPARE(list.constLast().value(u"message"_s).toString(), u"no server to measure"_s);
}

void TestShootout::badFlagsFail_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown server") << QStringList { u"--servers"_s, u"iis"_s }
                                    << u"unknown server \"iis\""_s;
    QTest::newRow("unknown workload")
        << QStringList { u"--workloads"_s, u"W9"_s } << u"unknown workload \"W9\""_s;
    QTest::newRow("zero rounds") << QStringList { u"--rounds"_s, u"0"_s } << u"--rounds"_s;
    QTest::newRow("zero seconds") << QStringList { u"-t"_s, u"0"_s } << u"-t must be more than 0 seconds"_s;
    QTest::newRow("bad rate") << QStringList { u"--rate"_s, u"fast"_s } << u"--rate must be"_s;
    QTest::newRow("unknown action") << QStringList { u"frob"_s } << u"unknown action \"frob\""_s;
    QTest::newRow("show without id") << QStringList { u"show"_s } << u"show takes one shootout ID"_s;
    QTest::newRow("export bad format") << QStringList { u"export"_s, u"1"_s, u"--format"_s, u"xml"_s }
                                       << u"--format json, csv, md or html"_s;
    QTest::newRow("capacity, bad slo") << QStringList { u"--capacity"_s, u"--slo"_s, u"p99<<1ms"_s }
                                       << u"--slo \"p99<<1ms\": a number is expected at character 5"_s;
    QTest::newRow("bad progress") << QStringList { u"--progress"_s, u"yaml"_s }
                                  << u"--progress must be text or json, not \"yaml\""_s;
    QTest::newRow("no such shootout") << QStringList { u"show"_s, u"99"_s } << u"no shootout 99"_s;
}

void TestShootout::badFlagsFail()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Result result = runCli(arguments + QStringList { u"--data-dir"_s, m_dir->filePath(u"data"_s) });
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(message), qPrintable(result.err));
}

QTEST_GUILESS_MAIN(TestShootout)
#include "tst_shootout.moc"
