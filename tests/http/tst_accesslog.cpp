#include "RawClient.h"

#include "http/HttpServer.h"
#include "http/LogFormat.h"
#include "http/ResponseHead.h"
#include "model/LoadGeneratorAgent.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <unistd.h>

#include <memory>
#include <vector>

using hostbench::http::HttpServer;
using hostbench::http::LogFormat;
using hostbench::model::Route;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

// The access and error logs of the running engine: the lines its requests
// produce in real files, switched off, rotated, and after a parse error.
class TestAccessLog final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void escaping_data();
    void escaping();
    void combinedLines_data();
    void combinedLines();
    void disabledLogsWriteNothing();
    void loadGeneratorLeftOutUnlessAsked();
    void outsideAbIsLogged();
    void rotationBySize();
    void errorLogLines();
    void orderAcrossConnections();
    void errorReasons_data();
    void errorReasons();
    void abortedDownloadIsCountedAndLogged();
    void longResponseInTheOrderOfItsFirstByte();

private:
    // A file several socket buffers long (tcp_wmem's most is 4 MiB): sending it takes many turns.
    static constexpr qsizetype kBigBytes = 16 * 1024 * 1024;

    VirtualHost site(const QString &logName) const;
    // Starts a server on `hosts`, sends each request on its own connection, stops (which flushes).
    // With more than one worker, a request may begin before the last one's line is out: tests of the
    // order across connections use orderAcrossConnections' kind of client.
    static QList<RawClient::Reply> serve(
        const QList<VirtualHost> &hosts, const QList<QByteArray> &requests, int threads = 2);
    static QStringList lines(const QString &path);

    QTemporaryDir m_dir;
    QString m_root;
};

void TestAccessLog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(QStringLiteral("root"));
    QVERIFY(QDir().mkpath(m_root));
    QFile file(m_root + QStringLiteral("/index.html"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write("hello index"), qint64(11));
    file.close();
    // For errorReasons: a directory without an index, a link out of the root, a file nobody may read.
    QVERIFY(QDir().mkpath(m_root + QStringLiteral("/noindex")));
    QFile outside(m_dir.filePath(QStringLiteral("outside.txt")));
    QVERIFY(outside.open(QIODevice::WriteOnly));
    QCOMPARE(outside.write("secret"), qint64(6));
    outside.close();
    QVERIFY(QFile::link(QStringLiteral("../outside.txt"), m_root + QStringLiteral("/out.txt")));
    QFile locked(m_root + QStringLiteral("/locked.txt"));
    QVERIFY(locked.open(QIODevice::WriteOnly));
    QCOMPARE(locked.write("locked"), qint64(6));
    locked.close();
    QVERIFY(locked.setPermissions(QFileDevice::Permissions()));
    QFile big(m_root + QStringLiteral("/big.bin"));
    QVERIFY(big.open(QIODevice::WriteOnly));
    QCOMPARE(big.write(QByteArray(kBigBytes, 'b')), kBigBytes);
}

VirtualHost TestAccessLog::site(const QString &logName) const
{
    VirtualHost host;
    host.hostName = QStringLiteral("log.test");
    host.documentRoot = m_root;
    host.isDefault = true;
    host.routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "OK" } };
    host.accessLogPath = m_dir.filePath(logName + QStringLiteral(".access.log"));
    host.errorLogPath = m_dir.filePath(logName + QStringLiteral(".error.log"));
    return host;
}

QList<RawClient::Reply> TestAccessLog::serve(
    const QList<VirtualHost> &hosts, const QList<QByteArray> &requests, int threads)
{
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = threads;
    QString error;
    if (!server.start(config, hosts, &error)) {
        qWarning("start: %s", qPrintable(error));
        return {};
    }
    QList<RawClient::Reply> replies;
    for (const QByteArray &request : requests) {
        RawClient client(server.port());
        replies.append(client.request(request, request.startsWith("HEAD")));
    }
    server.stop();
    return replies;
}

QStringList TestAccessLog::lines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void TestAccessLog::escaping_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QByteArray>("logged");
    QTest::newRow("plain") << QByteArray("curl/8.0 (x86_64)") << QByteArray("curl/8.0 (x86_64)");
    QTest::newRow("quote") << QByteArray("a\"b") << QByteArray("a\\x22b");
    QTest::newRow("backslash") << QByteArray("a\\b") << QByteArray("a\\x5Cb");
    QTest::newRow("control") << QByteArray("a\tb\x01") << QByteArray("a\\x09b\\x01");
    QTest::newRow("utf-8") << QByteArray("\xc3\xa9") << QByteArray("\\xC3\\xA9");
    QTest::newRow("empty") << QByteArray() << QByteArray();
}

void TestAccessLog::escaping()
{
    QFETCH(QByteArray, value);
    QFETCH(QByteArray, logged);
    std::string out;
    LogFormat::appendEscaped(std::string_view(value.constData(), size_t(value.size())), out);
    QCOMPARE(QByteArray::fromStdString(out), logged);
}

void TestAccessLog::combinedLines_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QString>("expected"); // the line after "[date] "
    QTest::newRow("route") << QByteArray(
        "GET /ok HTTP/1.1\r\nHost: log.test\r\nReferer: http://ref.test/a?b=c\r\n"
        "User-Agent: tester/1.0\r\n\r\n")
                           << QStringLiteral(
                                  "\"GET /ok HTTP/1.1\" 200 2 \"http://ref.test/a?b=c\" \"tester/1.0\"");
    QTest::newRow("file, no referer or agent")
        << QByteArray("GET /index.html?x=1 HTTP/1.1\r\nHost: log.test\r\n\r\n")
        << QStringLiteral("\"GET /index.html?x=1 HTTP/1.1\" 200 11 \"-\" \"-\"");
    QTest::newRow("head has no body bytes") << QByteArray("HEAD /ok HTTP/1.1\r\nHost: log.test\r\n\r\n")
                                            << QStringLiteral("\"HEAD /ok HTTP/1.1\" 200 0 \"-\" \"-\"");
    QTest::newRow("http/1.0 not found")
        << QByteArray("GET /missing HTTP/1.0\r\nUser-Agent: a \"quoted\" agent\r\n\r\n")
        << QStringLiteral("\"GET /missing HTTP/1.0\" 404 %1 \"-\" \"a \\x22quoted\\x22 agent\"");
    QTest::newRow("unknown method") << QByteArray("BREW /ok HTTP/1.1\r\nHost: log.test\r\n\r\n")
                                    << QStringLiteral("\"BREW /ok HTTP/1.1\" 405 %1 \"-\" \"-\"");
}

void TestAccessLog::combinedLines()
{
    QFETCH(QByteArray, request);
    QFETCH(QString, expected);
    const QString name = QStringLiteral("combined-%1")
                             .arg(QString::fromLatin1(QTest::currentDataTag()))
                             .replace(QLatin1Char(' '), QLatin1Char('_'))
                             .replace(QLatin1Char(','), QLatin1Char('_'))
                             .replace(QLatin1Char('/'), QLatin1Char('_'));
    const VirtualHost host = site(name);
    const QList<RawClient::Reply> replies = serve({ host }, { request });
    QCOMPARE(replies.size(), 1);
    QVERIFY(replies[0].complete);
    if (expected.contains(QStringLiteral("%1")))
        expected = expected.arg(replies[0].body.size());
    const QStringList logged = lines(host.accessLogPath);
    QCOMPARE(logged.size(), 1);
    static const QRegularExpression prefix(
        QStringLiteral(R"(^127\.0\.0\.1 - - \[\d\d/[A-Z][a-z][a-z]/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] )"));
    const QRegularExpressionMatch match = prefix.match(logged[0]);
    QVERIFY2(match.hasMatch(), qPrintable(logged[0]));
    QCOMPARE(logged[0].mid(match.capturedLength()), expected);
}

void TestAccessLog::disabledLogsWriteNothing()
{
    VirtualHost off = site(QStringLiteral("off"));
    off.accessLogEnabled = false;
    off.errorLogEnabled = false;
    VirtualHost on = site(QStringLiteral("on"));
    on.hostName = QStringLiteral("on.test");
    on.isDefault = false;
    const auto replies = serve({ off, on },
        { "GET /ok HTTP/1.1\r\nHost: log.test\r\n\r\n", "GET /missing HTTP/1.1\r\nHost: log.test\r\n\r\n",
            "GET /ok HTTP/1.1\r\nHost: on.test\r\n\r\n" });
    QCOMPARE(replies.size(), 3);
    QCOMPARE(replies[1].status, 404);
    QVERIFY(!QFile::exists(off.accessLogPath));
    QVERIFY(!QFile::exists(off.errorLogPath));
    // The other site still logs, into its own file only.
    QCOMPARE(lines(on.accessLogPath).size(), 1);
    QVERIFY(!QFile::exists(on.errorLogPath));

    // An empty path is "no log" too.
    VirtualHost empty = site(QStringLiteral("empty"));
    empty.accessLogPath.clear();
    serve({ empty }, { "GET /ok HTTP/1.1\r\nHost: log.test\r\n\r\n" });
    QVERIFY(!QFile::exists(site(QStringLiteral("empty")).accessLogPath));
}

void TestAccessLog::loadGeneratorLeftOutUnlessAsked()
{
    // Hostbench's own generator (User-Agent Hostbench/...) is counted, not
    // logged, access or error; ab, wrk (no User-Agent) and browsers are.
    const QByteArray generator = "User-Agent: "
        + QByteArray(hostbench::model::kLoadGeneratorAgentPrefix.data(),
            qsizetype(hostbench::model::kLoadGeneratorAgentPrefix.size()))
        + HOSTBENCH_VERSION + "\r\n";
    const QList<QByteArray> requests { "GET /ok HTTP/1.1\r\nHost: log.test\r\n" + generator + "\r\n",
        "GET /missing HTTP/1.1\r\nHost: log.test\r\n" + generator + "\r\n",
        "GET /ok?ab HTTP/1.1\r\nHost: log.test\r\nUser-Agent: ApacheBench/2.3\r\n\r\n",
        "GET /ok?wrk HTTP/1.1\r\nHost: log.test\r\n\r\n",
        "GET /missing?ab HTTP/1.1\r\nHost: log.test\r\nUser-Agent: ApacheBench/2.3\r\n\r\n" };
    const VirtualHost quiet = site(QStringLiteral("generator-off"));
    QCOMPARE(quiet.logLoadGenerator, false); // the default
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    QString error;
    QVERIFY2(server.start(config, { quiet }, &error), qPrintable(error));
    for (const QByteArray &request : requests)
        QVERIFY(RawClient(server.port()).request(request).complete);
    QTRY_COMPARE(server.metrics().requests, quint64(requests.size())); // all counted
    server.stop();
    const QStringList access = lines(quiet.accessLogPath);
    QCOMPARE(access.size(), 3);
    QVERIFY2(access[0].contains(QStringLiteral("\"GET /ok?ab HTTP/1.1\" 200")), qPrintable(access[0]));
    QVERIFY2(access[1].contains(QStringLiteral("\"GET /ok?wrk HTTP/1.1\" 200")), qPrintable(access[1]));
    QVERIFY2(access[2].contains(QStringLiteral("\"GET /missing?ab HTTP/1.1\" 404")), qPrintable(access[2]));
    const QStringList errors = lines(quiet.errorLogPath);
    QCOMPARE(errors.size(), 1);
    QVERIFY2(!errors[0].contains(QStringLiteral("Hostbench")), qPrintable(errors[0]));

    // Asked for: every request is in the logs.
    VirtualHost all = site(QStringLiteral("generator-on"));
    all.logLoadGenerator = true;
    QCOMPARE(serve({ all }, requests, 1).size(), requests.size());
    const QStringList allAccess = lines(all.accessLogPath);
    QCOMPARE(allAccess.size(), 5);
    QVERIFY2(allAccess[0].endsWith(QStringLiteral("\"Hostbench/%1\"").arg(QStringLiteral(HOSTBENCH_VERSION))),
        qPrintable(allAccess[0]));
    QCOMPARE(lines(all.errorLogPath).size(), 2);
}

void TestAccessLog::outsideAbIsLogged()
{
    // The real ab, as a user would run it against a site: every request logged.
    const QString ab = QStandardPaths::findExecutable(QStringLiteral("ab"));
    if (ab.isEmpty())
        QSKIP("ab is not installed (package apache2-utils)");
    const VirtualHost host = site(QStringLiteral("outside-ab"));
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    QString error;
    QVERIFY2(server.start(config, { host }, &error), qPrintable(error));
    QProcess process;
    process.start(ab,
        { QStringLiteral("-q"), QStringLiteral("-n"), QStringLiteral("50"), QStringLiteral("-c"),
            QStringLiteral("2"), QStringLiteral("http://127.0.0.1:%1/ok").arg(server.port()) });
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);
    server.stop();
    const QStringList access = lines(host.accessLogPath);
    QCOMPARE(access.size(), 50);
    QVERIFY2(access[0].contains(QStringLiteral("ApacheBench/")), qPrintable(access[0]));
}

void TestAccessLog::rotationBySize()
{
    VirtualHost host = site(QStringLiteral("rotate"));
    host.logRotateBytes = 400;
    host.logRotateKeep = 2;
    QList<QByteArray> requests;
    for (int i = 0; i < 30; ++i)
        requests.append("GET /ok?n=" + QByteArray::number(i) + " HTTP/1.1\r\nHost: log.test\r\n\r\n");
    QCOMPARE(serve({ host }, requests, 1).size(), 30);

    const QString path = host.accessLogPath;
    QVERIFY(QFile::exists(path));
    QVERIFY(QFile::exists(path + QStringLiteral(".1")));
    QVERIFY(QFile::exists(path + QStringLiteral(".2")));
    QVERIFY(!QFile::exists(path + QStringLiteral(".3"))); // keep 2
    int total = 0;
    for (const QString &file :
        QStringList { path, path + QStringLiteral(".1"), path + QStringLiteral(".2") }) {
        QVERIFY2(QFileInfo(file).size() <= host.logRotateBytes, qPrintable(file));
        const QStringList logged = lines(file);
        QVERIFY(!logged.isEmpty());
        for (const QString &line : logged)
            QVERIFY2(line.endsWith(QStringLiteral("200 2 \"-\" \"-\"")), qPrintable(line)); // whole lines
        total += int(logged.size());
    }
    QVERIFY(total < 30); // the oldest were rotated away
    // The newest request is in the current file, the one before it never in an older file.
    QVERIFY(lines(path).constLast().contains(QStringLiteral("/ok?n=29 ")));
    QVERIFY(!lines(path + QStringLiteral(".1")).join(u'\n').contains(QStringLiteral("/ok?n=29 ")));
}

void TestAccessLog::errorLogLines()
{
    const VirtualHost host = site(QStringLiteral("errors"));
    const auto replies = serve({ host },
        { "GET / HTTP/1.1\r\nHost: log.test\r\nHost: other.test\r\n\r\n",
            "GET /missing.html HTTP/1.1\r\nHost: log.test\r\n\r\n",
            "GET /ok HTTP/1.1\r\nHost: log.test\r\n\r\n" },
        1);
    QCOMPARE(replies.size(), 3);
    QCOMPARE(replies[0].status, 400);
    QCOMPARE(replies[1].status, 404);
    QCOMPARE(replies[2].status, 200);

    const QStringList errors = lines(host.errorLogPath);
    QCOMPARE(errors.size(), 2); // the 200 is no error
    static const QRegularExpression stamp(QStringLiteral(R"(^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \[(\w+)\] )"));
    QRegularExpressionMatch match = stamp.match(errors[0]);
    QVERIFY2(match.hasMatch(), qPrintable(errors[0]));
    QCOMPARE(match.captured(1), QStringLiteral("info"));
    QVERIFY2(errors[0].contains(QStringLiteral("400 Bad Request, client: 127.0.0.1, server: log.test")),
        qPrintable(errors[0]));
    match = stamp.match(errors[1]);
    QVERIFY2(match.hasMatch(), qPrintable(errors[1]));
    QCOMPARE(match.captured(1), QStringLiteral("error"));
    QCOMPARE(errors[1].mid(match.capturedLength()),
        QStringLiteral("request failed: 404 Not Found, \"/missing.html\": No such file or directory, "
                       "client: 127.0.0.1, server: log.test, "
                       "request: \"GET /missing.html HTTP/1.1\", host: \"log.test\""));

    // All three are in the access log, the 400 included.
    const QStringList access = lines(host.accessLogPath);
    QCOMPARE(access.size(), 3);
    QVERIFY2(access[0].contains(QStringLiteral("\" 400 ")), qPrintable(access[0]));
}

// Back-to-back requests on different connections (so, mostly, different
// workers), each sent once the one before was answered: the lines of the
// access log, and of the error log, come in the order of the requests, and
// their times are the wall clock's. Without the merge by finish time, the log
// thread wrote each worker's buffer in turn and the lines came grouped by worker.
void TestAccessLog::orderAcrossConnections()
{
    const VirtualHost host = site(QStringLiteral("order"));
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 8;
    QString error;
    QVERIFY2(server.start(config, { host }, &error), qPrintable(error));
    const qint64 startedAt = QDateTime::currentSecsSinceEpoch();
    constexpr int kConnections = 6;
    constexpr int kRounds = 10000; // several of the log thread's batches
    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < kConnections; ++i) {
        clients.push_back(std::make_unique<RawClient>(server.port()));
        QVERIFY(clients.back()->isConnected());
    }
    QStringList expectedAccess, expectedErrors;
    for (int n = 0; n < kRounds; ++n) {
        // ping, ping, 404, ping, ...: every third a 404, which has an error line too.
        const bool missing = n % 3 == 2;
        const QByteArray target = (missing ? "/missing?n=" : "/ok?n=") + QByteArray::number(n);
        const RawClient::Reply reply = clients[size_t(n % kConnections)]->request(
            "GET " + target + " HTTP/1.1\r\nHost: log.test\r\n\r\n");
        QVERIFY2(reply.complete, target.constData());
        QCOMPARE(reply.status, missing ? 404 : 200);
        expectedAccess << QString::fromLatin1(target);
        if (missing)
            expectedErrors << QString::fromLatin1(target);
    }
    clients.clear();
    server.stop(); // writes what is left
    const qint64 stoppedAt = QDateTime::currentSecsSinceEpoch();

    static const QRegularExpression request(QStringLiteral(R"("GET (\S+) HTTP/1\.1")"));
    const auto targets = [](const QStringList &lines) {
        QStringList found;
        for (const QString &line : lines)
            found << request.match(line).captured(1);
        return found;
    };
    const QStringList access = lines(host.accessLogPath);
    QCOMPARE(access.size(), kRounds);
    const QStringList accessTargets = targets(access);
    for (int i = 0; i < kRounds; ++i)
        QVERIFY2(accessTargets[i] == expectedAccess[i],
            qPrintable(
                QStringLiteral("line %1 is %2, not %3").arg(i).arg(accessTargets[i], expectedAccess[i])));
    const QStringList errors = lines(host.errorLogPath);
    QCOMPARE(targets(errors), expectedErrors);

    // The time of a line is the wall clock's (local time, as nginx writes it).
    static const QRegularExpression stamp(
        QStringLiteral(R"(\[(\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4})\])"));
    for (const QString &line : { access.constFirst(), access.constLast() }) {
        const QString text = stamp.match(line).captured(1); // "01/Dec/2026:13:55:36 +0100"
        QDateTime time = QLocale::c().toDateTime(text.left(20), QStringLiteral("dd/MMM/yyyy:HH:mm:ss"));
        QVERIFY2(time.isValid(), qPrintable(line));
        time.setTimeZone(QTimeZone::utc());
        const int offset = (text.mid(22, 2).toInt() * 60 + text.mid(24, 2).toInt()) * 60;
        const qint64 seconds = time.toSecsSinceEpoch() - (text.at(21) == u'-' ? -offset : offset);
        QVERIFY2(seconds >= startedAt - 1 && seconds <= stoppedAt + 1, qPrintable(line));
    }
}

void TestAccessLog::errorReasons_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("level");
    QTest::addColumn<QString>("reason"); // after the status: the URI path and why, never the disk path
    QTest::newRow("missing file") << QByteArray("/x.txt") << 404 << QStringLiteral("error")
                                  << QStringLiteral(", \"/x.txt\": No such file or directory");
    QTest::newRow("missing, encoded and queried")
        << QByteArray("/no%20such.txt?a=1") << 404 << QStringLiteral("error")
        << QStringLiteral(", \"/no%20such.txt\": No such file or directory");
    QTest::newRow("file as a directory") << QByteArray("/index.html/x") << 404 << QStringLiteral("error")
                                         << QStringLiteral(", \"/index.html/x\": No such file or directory");
    QTest::newRow("missing directory") << QByteArray("/nodir/") << 404 << QStringLiteral("error")
                                       << QStringLiteral(", \"/nodir/\": No such file or directory");
    QTest::newRow("traversal") << QByteArray("/a/../../etc/passwd") << 400 << QStringLiteral("info")
                               << QStringLiteral(
                                      ", \"/a/../../etc/passwd\": path climbs above the document root");
    QTest::newRow("traversal encoded")
        << QByteArray("/%2e%2e/x") << 400 << QStringLiteral("info")
        << QStringLiteral(", \"/%2e%2e/x\": path climbs above the document root");
    QTest::newRow("symlink outside the root")
        << QByteArray("/out.txt") << 404 << QStringLiteral("error")
        << QStringLiteral(", \"/out.txt\": symbolic link leads outside the document root");
    QTest::newRow("directory without index")
        << QByteArray("/noindex/") << 403 << QStringLiteral("error")
        << QStringLiteral(", \"/noindex/\": directory index is forbidden");
    QTest::newRow("permission denied") << QByteArray("/locked.txt") << 403 << QStringLiteral("error")
                                       << QStringLiteral(", \"/locked.txt\": Permission denied");
}

void TestAccessLog::errorReasons()
{
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    QFETCH(QString, level);
    QFETCH(QString, reason);
    if (status == 403 && target == "/locked.txt" && ::geteuid() == 0)
        QSKIP("root reads files whatever their mode");
    static int row = 0;
    const VirtualHost host = site(QStringLiteral("reason-") + QString::number(++row));
    QFile::remove(host.errorLogPath);
    const QByteArray request = "GET " + target + " HTTP/1.1\r\nHost: log.test\r\n\r\n";
    // Twice on one worker: the second answer may come from the file cache, which keeps the reason.
    const auto replies = serve({ host }, { request, request }, 1);
    QCOMPARE(replies.size(), 2);
    QCOMPARE(replies[0].status, status);
    QCOMPARE(replies[1].status, status);

    const QStringList errors = lines(host.errorLogPath);
    QCOMPARE(errors.size(), 2);
    const QString expected = QStringLiteral("request failed: ") + QString::number(status) + QLatin1Char(' ')
        + QString::fromLatin1(hostbench::http::ResponseHead::reason(status)) + reason
        + QStringLiteral(", client: 127.0.0.1, server: log.test, request: \"GET ")
        + QString::fromLatin1(target) + QStringLiteral(" HTTP/1.1\", host: \"log.test\"");
    static const QRegularExpression stamp(QStringLiteral(R"(^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d \[(\w+)\] )"));
    for (const QString &line : errors) {
        const QRegularExpressionMatch match = stamp.match(line);
        QVERIFY2(match.hasMatch(), qPrintable(line));
        QCOMPARE(match.captured(1), level);
        QCOMPARE(line.mid(match.capturedLength()), expected);
        QVERIFY2(!line.contains(m_dir.path()), qPrintable(line)); // no path on disk
    }
}

// A download the client hangs up on mid-body is counted (the worker's and the
// site's counters) and logged as nginx logs it: its status and the body bytes
// actually sent, some but not all. It was neither counted nor logged.
void TestAccessLog::abortedDownloadIsCountedAndLogged()
{
    const VirtualHost host = site(QStringLiteral("aborted"));
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    QString error;
    QVERIFY2(server.start(config, { host }, &error), qPrintable(error));
    {
        RawClient client(server.port(), 16 * 1024);
        QVERIFY(client.send("GET /big.bin HTTP/1.1\r\nHost: log.test\r\n\r\n"));
        QVERIFY(client.bufferUntil(64 * 1024).startsWith("HTTP/1.1 200 "));
        // Closed with unread bytes: the kernel resets the connection.
    }
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 10000);
    const auto metrics = server.metrics();
    QCOMPARE(metrics.statusClasses[1], quint64(1));
    QCOMPARE(metrics.perSite.value(0).requests, quint64(1));
    QVERIFY(metrics.perSite.value(0).bytesSent > 64 * 1024);
    QVERIFY(metrics.perSite.value(0).bytesSent < quint64(kBigBytes));
    server.stop();

    const QStringList access = lines(host.accessLogPath);
    QCOMPARE(access.size(), 1);
    static const QRegularExpression sent(
        QStringLiteral(R"(^\S+ - - \[[^]]+\] "GET /big\.bin HTTP/1\.1" 200 (\d+) )"));
    const QRegularExpressionMatch match = sent.match(access[0]);
    QVERIFY2(match.hasMatch(), qPrintable(access[0]));
    const qint64 bytes = match.captured(1).toLongLong();
    QVERIFY2(bytes >= 64 * 1024 - 400 && bytes < kBigBytes, qPrintable(access[0]));
    // The body bytes: the site's count is those and the head.
    QVERIFY(quint64(bytes) < metrics.perSite.value(0).bytesSent);
}

// A response that takes many turns is in the log in the order of its first
// byte: a request answered while it is still being sent comes after it. It was
// stamped when it ended, and its line came after the other one.
void TestAccessLog::longResponseInTheOrderOfItsFirstByte()
{
    const VirtualHost host = site(QStringLiteral("long"));
    HttpServer server;
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QString error;
    QVERIFY2(server.start(config, { host }, &error), qPrintable(error));
    RawClient download(server.port(), 16 * 1024);
    QVERIFY(download.send("GET /big.bin HTTP/1.1\r\nHost: log.test\r\n\r\n"));
    QVERIFY(download.bufferUntil(1024).startsWith("HTTP/1.1 200 ")); // its first bytes are out
    {
        RawClient other(server.port());
        const RawClient::Reply reply = other.request("GET /ok?during HTTP/1.1\r\nHost: log.test\r\n\r\n");
        QVERIFY(reply.complete);
    }
    const RawClient::Reply big = download.read();
    QVERIFY(big.complete);
    QCOMPARE(big.body.size(), kBigBytes);
    server.stop();

    const QStringList access = lines(host.accessLogPath);
    QCOMPARE(access.size(), 2);
    QVERIFY2(access[0].contains(QStringLiteral("\"GET /big.bin HTTP/1.1\" 200 %1 ").arg(kBigBytes)),
        qPrintable(access.join(u'\n')));
    QVERIFY2(access[1].contains(QStringLiteral("\"GET /ok?during HTTP/1.1\" 200 2 ")),
        qPrintable(access.join(u'\n')));
}

QTEST_GUILESS_MAIN(TestAccessLog)
#include "tst_accesslog.moc"
