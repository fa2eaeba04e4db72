// bench --h2 end to end (issue #27): the built hostbench-cli against a real
// nginx (Debian's nginx-light) run by the test as a child on a temporary
// prefix and free loopback ports: h2c with prior knowledge, h2 by ALPN over
// TLS (a certificate made with the openssl command), and listeners that speak
// HTTP/1.1 only. nginx's access log says which protocol each request came in,
// so no test here can pass over HTTP/1.1.
#include "../FreePort.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 60'000;
constexpr int kFileBytes = 4070;

struct Result
{
    int exitCode = -1;
    QString out;
    QString err;
    qint64 elapsedMs = 0;
};

QString nginxProgram()
{
    QStringList path = QString::fromLocal8Bit(qgetenv("PATH")).split(u':', Qt::SkipEmptyParts);
    path << u"/usr/local/sbin"_s << u"/usr/sbin"_s << u"/sbin"_s;
    return QStandardPaths::findExecutable(u"nginx"_s, path);
}

using hostbench::test::freePort;

bool accepts(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    return socket.waitForConnected(200);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestBenchH2 final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void closedModelOverH2c();
    void closedModelOverTlsByAlpn();
    void reconnectsAfterGoaway();
    void openModelCountsTheWaitForAStream();
    void streamPastTimeoutFailsAlone();
    void streamResetsAreNamed();
    void proxiedPathOfTheEngine();
    void storedRunKeepsTheProtocol();
    void serverWithoutHttp2IsAnError_data();
    void serverWithoutHttp2IsAnError();
    void badStreamsFlagRefused_data();
    void badStreamsFlagRefused();

private:
    Result bench(const QStringList &arguments)
    {
        return cli(QStringList { u"bench"_s, u"--no-store"_s } + arguments);
    }
    Result cli(const QStringList &arguments);
    QString url(const char *scheme, quint16 port, const char *path = "/file") const;
    QByteArray accessLog() const { return readFile(m_dir->filePath(u"logs/access.log"_s)); }
    void clearAccessLog();

    std::unique_ptr<QTemporaryDir> m_dir;
    QProcess m_nginx;
    quint16 m_h2c = 0, m_h2 = 0, m_http11 = 0, m_https11 = 0, m_goaway = 0, m_slow = 0;
};

void TestBenchH2::initTestCase()
{
    if (nginxProgram().isEmpty())
        QSKIP("nginx is not installed (apt-get install nginx-light)");
    if (QStandardPaths::findExecutable(u"openssl"_s).isEmpty())
        QSKIP("openssl is not installed (apt-get install openssl)");
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QDir dir(m_dir->path());
    for (const char *sub : { "logs", "html", "conf", "temp", "data" })
        QVERIFY(dir.mkpath(QString::fromLatin1(sub)));
    QFile file(dir.filePath(u"html/file"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(kFileBytes, 'h'));
    file.close();
    QFile big(dir.filePath(u"html/big"_s));
    QVERIFY(big.open(QIODevice::WriteOnly));
    big.write(QByteArray(100 * 1024, 'b'));
    big.close();

    QProcess openssl;
    openssl.setProcessChannelMode(QProcess::MergedChannels);
    openssl.start(u"openssl"_s,
        { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s,
            u"-nodes"_s, u"-keyout"_s, dir.filePath(u"conf/key.pem"_s), u"-out"_s,
            dir.filePath(u"conf/cert.pem"_s), u"-days"_s, u"2"_s, u"-subj"_s, u"/CN=127.0.0.1"_s,
            u"-addext"_s, u"subjectAltName=IP:127.0.0.1"_s });
    QVERIFY(openssl.waitForFinished(30000));
    QVERIFY2(openssl.exitCode() == 0, openssl.readAll().constData());

    m_h2c = freePort();
    m_h2 = freePort();
    m_http11 = freePort();
    m_https11 = freePort();
    m_goaway = freePort();
    m_slow = freePort();
    const QString p = m_dir->path();
    // One process, no master (stopped by its PID); keepalive_requests high on
    // the main server so that only the GOAWAY server closes connections.
    const QString conf = uR"(daemon off;
master_process off;
worker_processes 1;
pid %1/logs/nginx.pid;
error_log %1/logs/error.log;
events { worker_connections 1024; }
http {
    access_log %1/logs/access.log;
    client_body_temp_path %1/temp;
    proxy_temp_path %1/temp;
    fastcgi_temp_path %1/temp;
    uwsgi_temp_path %1/temp;
    scgi_temp_path %1/temp;
    keepalive_requests 1000000;
    ssl_certificate %1/conf/cert.pem;
    ssl_certificate_key %1/conf/key.pem;
    server {
        listen 127.0.0.1:%2 http2;
        listen 127.0.0.1:%3 ssl http2;
        listen 127.0.0.1:%4;
        listen 127.0.0.1:%5 ssl;
        root %1/html;
        location /reset { return 444; } # over HTTP/2: RST_STREAM, no answer
    }
    log_format withconnection '$connection "$request" $status';
    server {
        listen 127.0.0.1:%6 http2;
        keepalive_requests 50;
        access_log %1/logs/access.log withconnection;
        root %1/html;
    }
    server {
        listen 127.0.0.1:%7 http2;
        access_log %1/logs/access.log withconnection;
        root %1/html;
        limit_rate 1m;
    }
}
)"_s.arg(p)
                             .arg(m_h2c)
                             .arg(m_h2)
                             .arg(m_http11)
                             .arg(m_https11)
                             .arg(m_goaway)
                             .arg(m_slow);
    QFile confFile(dir.filePath(u"conf/nginx.conf"_s));
    QVERIFY(confFile.open(QIODevice::WriteOnly));
    confFile.write(conf.toUtf8());
    confFile.close();
    m_nginx.setProcessChannelMode(QProcess::MergedChannels);
    m_nginx.start(nginxProgram(), { u"-p"_s, p, u"-c"_s, dir.filePath(u"conf/nginx.conf"_s) });
    QVERIFY(m_nginx.waitForStarted(kTimeoutMs));
    QElapsedTimer waited;
    waited.start();
    while (!(accepts(m_h2c) && accepts(m_h2) && accepts(m_http11) && accepts(m_https11) && accepts(m_goaway)
        && accepts(m_slow))) {
        QVERIFY2(m_nginx.state() == QProcess::Running,
            QByteArray(m_nginx.readAll() + readFile(dir.filePath(u"logs/error.log"_s))).constData());
        QVERIFY2(waited.elapsed() < kTimeoutMs, "nginx did not open its ports");
        QTest::qWait(50);
    }
}

void TestBenchH2::cleanupTestCase()
{
    if (m_nginx.state() == QProcess::NotRunning)
        return;
    m_nginx.terminate(); // SIGTERM to its PID: nginx's fast shutdown
    if (!m_nginx.waitForFinished(10000)) {
        m_nginx.kill();
        m_nginx.waitForFinished();
    }
}

void TestBenchH2::init()
{
    QVERIFY(m_nginx.state() == QProcess::Running);
    clearAccessLog();
}

void TestBenchH2::clearAccessLog()
{
    // nginx keeps the file open in append mode: truncating it is enough.
    QFile log(m_dir->filePath(u"logs/access.log"_s));
    if (log.exists())
        QVERIFY(log.resize(0));
}

QString TestBenchH2::url(const char *scheme, quint16 port, const char *path) const
{
    return u"%1://127.0.0.1:%2%3"_s.arg(QLatin1String(scheme)).arg(port).arg(QLatin1String(path));
}

Result TestBenchH2::cli(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"data"_s));
    process.setProcessEnvironment(env);
    QElapsedTimer timer;
    timer.start();
    process.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    Result result;
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = u"timed out"_s;
        return result;
    }
    result.elapsedMs = timer.elapsed();
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    result.err = QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

// The JSON report's object, or an empty one.
static QJsonObject readJson(const QString &path)
{
    return QJsonDocument::fromJson(readFile(path)).object();
}

// Access log lines by protocol: "HTTP/2.0" and "HTTP/1.1" requests.
static qsizetype countLines(const QByteArray &log, const QByteArray &what)
{
    qsizetype n = 0;
    for (const QByteArray &line : log.split('\n'))
        n += line.contains(what) ? 1 : 0;
    return n;
}

void TestBenchH2::closedModelOverH2c()
{
    const QString json = m_dir->filePath(u"h2c.json"_s);
    const Result r = bench({ u"--h2"_s, u"-n"_s, u"1000"_s, u"-c"_s, u"2"_s, u"--streams"_s, u"8"_s,
        u"--json"_s, json, url("http", m_h2c) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(
        r.out.contains(u"Protocol:               HTTP/2 (h2c, prior knowledge), 8 streams per connection"_s),
        qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Complete requests:      1000\n"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Failed requests:        0\n"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Document Length:        %1 bytes"_s.arg(kFileBytes)), qPrintable(r.out));
    const QJsonObject o = readJson(json);
    QCOMPARE(o[u"completed"_s].toDouble(), 1000.0);
    QCOMPARE(o[u"non_2xx"_s].toDouble(), 0.0);
    QCOMPARE(o[u"failed"_s].toDouble(), 0.0);
    QCOMPARE(o[u"html_bytes"_s].toDouble(), 1000.0 * kFileBytes);
    QVERIFY(o[u"total_bytes"_s].toDouble() > 1000.0 * kFileBytes); // frame headers and HPACK'd heads too
    QCOMPARE(o[u"parameters"_s][u"http2"_s].toBool(), true);
    QCOMPARE(o[u"parameters"_s][u"streams"_s].toInt(), 8);
    QVERIFY(o[u"ttfb_ms"_s][u"max"_s].toDouble() > 0);
    QVERIFY(!o[u"samples"_s].toArray().isEmpty()); // the live 100 ms samples
    const QByteArray log = accessLog();
    QCOMPARE(countLines(log, "\"GET /file HTTP/2.0\" 200"), qsizetype(1000));
    QCOMPARE(countLines(log, "HTTP/1."), qsizetype(0));
}

void TestBenchH2::closedModelOverTlsByAlpn()
{
    const QString json = m_dir->filePath(u"h2.json"_s);
    // Without --insecure the self-signed certificate would be refused.
    const Result r = bench({ u"--h2"_s, u"--insecure"_s, u"-n"_s, u"600"_s, u"-c"_s, u"3"_s, u"--streams"_s,
        u"10"_s, u"--json"_s, json, url("https", m_h2) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(u"Protocol:               HTTP/2 (h2 by ALPN), 10 streams per connection"_s),
        qPrintable(r.out));
    QVERIFY2(r.out.contains(u"SSL/TLS Protocol:"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Complete requests:      600\n"_s), qPrintable(r.out));
    const QJsonObject o = readJson(json);
    QCOMPARE(o[u"completed"_s].toDouble(), 600.0);
    QCOMPARE(o[u"non_2xx"_s].toDouble(), 0.0);
    QCOMPARE(o[u"failed"_s].toDouble(), 0.0);
    const QByteArray log = accessLog();
    QCOMPARE(countLines(log, "\"GET /file HTTP/2.0\" 200"), qsizetype(600));
    QCOMPARE(countLines(log, "HTTP/1."), qsizetype(0));
}

void TestBenchH2::reconnectsAfterGoaway()
{
    // keepalive_requests 50: nginx sends GOAWAY after 50 streams on a
    // connection; the streams it refused go again on a new one, none lost.
    const QString json = m_dir->filePath(u"goaway.json"_s);
    const Result r = bench({ u"--h2"_s, u"-n"_s, u"1000"_s, u"-c"_s, u"2"_s, u"--streams"_s, u"10"_s,
        u"--json"_s, json, url("http", m_goaway) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const QJsonObject o = readJson(json);
    QCOMPARE(o[u"completed"_s].toDouble(), 1000.0);
    QCOMPARE(o[u"failed"_s].toDouble(), 0.0);
    QCOMPARE(o[u"non_2xx"_s].toDouble(), 0.0);
    const QByteArray log = accessLog();
    QCOMPARE(countLines(log, "\"GET /file HTTP/2.0\" 200"), qsizetype(1000));
    // 1000 requests at 50 per connection: at least 20 connections, by nginx's own count.
    QSet<QByteArray> connections;
    for (const QByteArray &line : log.split('\n')) {
        if (!line.isEmpty())
            connections.insert(line.left(line.indexOf(' ')));
    }
    QVERIFY2(connections.size() >= 20, qPrintable(u"%1 connections"_s.arg(connections.size())));
}

void TestBenchH2::openModelCountsTheWaitForAStream()
{
    // One connection, one stream, 25 requests/s asked; each response of
    // 100 KiB at nginx's limit_rate of 1 MiB/s takes about 100 ms, so about 10
    // a second go out: the others wait for the stream, and that wait is in
    // the corrected latency (from the intended send), not the uncorrected.
    const QString json = m_dir->filePath(u"open.json"_s);
    const Result r = bench({ u"--h2"_s, u"-t"_s, u"2"_s, u"-c"_s, u"1"_s, u"--rate"_s, u"25"_s, u"--json"_s,
        json, url("http", m_slow, "/big") });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const QJsonObject o = readJson(json);
    const double completed = o[u"completed"_s].toDouble();
    QVERIFY2(completed >= 5 && completed <= 40, qPrintable(r.out));
    QCOMPARE(o[u"failed"_s].toDouble(), 0.0);
    const double corrected = o[u"latency_ms"_s][u"max"_s].toDouble();
    const double uncorrected = o[u"uncorrected_latency_ms"_s][u"max"_s].toDouble();
    QVERIFY2(uncorrected >= 50, qPrintable(r.out)); // limit_rate held each response back
    QVERIFY2(corrected > 2 * uncorrected,
        qPrintable(u"corrected %1 ms, uncorrected %2 ms\n"_s.arg(corrected).arg(uncorrected) + r.out));
    // The requests still waiting for the stream at the end were never sent.
    QVERIFY2(o[u"not_sent"_s].toDouble() >= 5, qPrintable(r.out));
    QCOMPARE(o[u"parameters"_s][u"streams"_s].toInt(), 1);
    QCOMPARE(countLines(accessLog(), "HTTP/1."), qsizetype(0));
    QVERIFY(countLines(accessLog(), "\"GET /big HTTP/2.0\" 200") >= qsizetype(completed));
}

void TestBenchH2::streamPastTimeoutFailsAlone()
{
    // Each 100 KiB response takes about 100 ms at limit_rate 1m: with a
    // timeout of 30 ms every stream is cancelled (RST_STREAM) and fails as a
    // timeout, while the connection stays: one connection for all six.
    const QString json = m_dir->filePath(u"timeout.json"_s);
    const Result r = bench({ u"--h2"_s, u"-n"_s, u"6"_s, u"-c"_s, u"1"_s, u"--streams"_s, u"2"_s,
        u"--timeout"_s, u"30ms"_s, u"--json"_s, json, url("http", m_slow, "/big") });
    QVERIFY2(r.exitCode == 2, qPrintable(r.err + r.out)); // no request succeeded
    QVERIFY2(r.elapsedMs < 20000, qPrintable(u"took %1 ms"_s.arg(r.elapsedMs)));
    const QJsonObject o = readJson(json);
    QCOMPARE(o[u"completed"_s].toDouble(), 0.0);
    QCOMPARE(o[u"failed"_s].toDouble(), 6.0);
    QCOMPARE(o[u"failures"_s][u"timeout"_s].toDouble(), 6.0);
    // nginx logs a stream once it is done with it: wait for the six lines.
    QByteArray log;
    for (int i = 0; i < 100 && countLines(log, "\"GET /big HTTP/2.0\"") < 6; ++i) {
        QTest::qWait(50);
        log = accessLog();
    }
    QSet<QByteArray> connections;
    for (const QByteArray &line : log.split('\n')) {
        if (!line.isEmpty())
            connections.insert(line.left(line.indexOf(' ')));
    }
    QVERIFY2(countLines(log, "\"GET /big HTTP/2.0\"") == 6 && connections.size() == 1, log.constData());
}

void TestBenchH2::streamResetsAreNamed()
{
    // A server that resets streams instead of answering (nginx's 444 over HTTP/2:
    // RST_STREAM PROTOCOL_ERROR): receive failures, and the report says why,
    // as it must for HTTP_1_1_REQUIRED (before, only "Receive: N" was shown).
    const QString json = m_dir->filePath(u"reset.json"_s);
    const Result r = bench({ u"--h2"_s, u"-n"_s, u"20"_s, u"-c"_s, u"1"_s, u"--streams"_s, u"4"_s,
        u"--json"_s, json, url("http", m_h2c, "/reset") });
    QVERIFY2(r.out.contains(u"Failed requests:        20\n"_s), qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(
                 u"Stream resets:          RST_STREAM PROTOCOL_ERROR (0x1) from the server, RFC 9113 §7\n"_s),
        qPrintable(r.out));
    QCOMPARE(readJson(json)[u"stream_reset"_s].toString(),
        u"RST_STREAM PROTOCOL_ERROR (0x1) from the server, RFC 9113 §7"_s);
    // A run without resets shows no such line.
    const Result clean = bench({ u"--h2"_s, u"-n"_s, u"20"_s, url("http", m_h2c) });
    QVERIFY2(!clean.out.contains(u"Stream resets"_s), qPrintable(clean.out));
}

void TestBenchH2::proxiedPathOfTheEngine()
{
    // bench --h2 against the engine's own proxied path (hostbench-cli serve
    // --proxy, here to nginx's HTTP/1.1 listener): every request answered over
    // HTTP/2 (it was refused with HTTP_1_1_REQUIRED, 100% receive failures), and
    // each went on to the upstream over HTTP/1.1 (nginx's log).
    QProcess serve;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir->filePath(u"data"_s));
    serve.setProcessEnvironment(env);
    QStringList arguments { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--threads"_s, u"1"_s,
        u"--control"_s, u"off"_s, u"--default"_s, m_dir->filePath(u"html"_s), u"--proxy"_s,
        u"/=http://127.0.0.1:%1"_s.arg(m_http11) };
    if (::geteuid() == 0)
        arguments << u"--user"_s << u"root"_s;
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    QVERIFY(serve.waitForStarted(kTimeoutMs));
    static const QRegularExpression serving(u"Serving http://127\\.0\\.0\\.1:(\\d+)/"_s);
    QByteArray printed;
    QRegularExpressionMatch match;
    QElapsedTimer waited;
    waited.start();
    while (!(match = serving.match(QString::fromUtf8(printed))).hasMatch() && waited.elapsed() < kTimeoutMs) {
        QVERIFY2(serve.state() == QProcess::Running,
            QByteArray(printed + serve.readAllStandardError()).constData());
        serve.waitForReadyRead(200);
        printed += serve.readAllStandardOutput();
    }
    QVERIFY2(match.hasMatch(), printed.constData());
    const auto port = quint16(match.captured(1).toUInt());
    const Result r
        = bench({ u"--h2"_s, u"-n"_s, u"200"_s, u"-c"_s, u"2"_s, u"--streams"_s, u"8"_s, url("http", port) });
    serve.terminate(); // SIGTERM to its PID
    QVERIFY(serve.waitForFinished(kTimeoutMs));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(u"Complete requests:      200\n"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Failed requests:        0\n"_s), qPrintable(r.out));
    QVERIFY2(r.out.contains(u"Document Length:        %1 bytes"_s.arg(kFileBytes)), qPrintable(r.out));
    QVERIFY2(!r.out.contains(u"Stream resets"_s), qPrintable(r.out));
    QCOMPARE(countLines(accessLog(), "\"GET /file HTTP/1.1\" 200"), qsizetype(200));
}

void TestBenchH2::storedRunKeepsTheProtocol()
{
    // The run as stored (SQLite in the data folder) still says HTTP/2 and its streams.
    const QString data = m_dir->filePath(u"stored"_s);
    const Result r = cli({ u"bench"_s, u"--data-dir"_s, data, u"--h2"_s, u"-n"_s, u"50"_s, u"--streams"_s,
        u"5"_s, url("http", m_h2c) });
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    const QRegularExpressionMatch stored = QRegularExpression(u"Stored as run (\\d+)"_s).match(r.err);
    QVERIFY2(stored.hasMatch(), qPrintable(r.err));
    const Result shown = cli({ u"runs"_s, u"show"_s, stored.captured(1), u"--data-dir"_s, data });
    QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
    QVERIFY2(shown.out.contains(
                 u"Protocol:               HTTP/2 (h2c, prior knowledge), 5 streams per connection"_s),
        qPrintable(shown.out));
    QVERIFY2(shown.out.contains(u"Complete requests:      50\n"_s), qPrintable(shown.out));
    const Result exported = cli({ u"runs"_s, u"export"_s, stored.captured(1), u"--json"_s,
        m_dir->filePath(u"stored.json"_s), u"--data-dir"_s, data });
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const QJsonObject o = readJson(m_dir->filePath(u"stored.json"_s));
    QCOMPARE(o[u"parameters"_s][u"http2"_s].toBool(), true);
    QCOMPARE(o[u"parameters"_s][u"streams"_s].toInt(), 5);
}

void TestBenchH2::serverWithoutHttp2IsAnError_data()
{
    QTest::addColumn<bool>("tls");
    QTest::addColumn<QString>("expected");
    QTest::newRow("h2c to HTTP/1.1") << false
                                     << u"answered in HTTP/1.x (\"HTTP/1.1 400 Bad Request\"), not HTTP/2"_s;
    QTest::newRow("ALPN without h2") << true << u"chose \"http/1.1\" by ALPN, not \"h2\""_s;
}

void TestBenchH2::serverWithoutHttp2IsAnError()
{
    QFETCH(bool, tls);
    QFETCH(QString, expected);
    const Result r = bench({ u"--h2"_s, u"--insecure"_s, u"-n"_s, u"100"_s, u"-c"_s, u"2"_s, u"--streams"_s,
        u"4"_s, tls ? url("https", m_https11) : url("http", m_http11) });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"the run stopped: "_s) && r.err.contains(expected), qPrintable(r.err));
    QVERIFY2(r.elapsedMs < 20000, qPrintable(u"took %1 ms"_s.arg(r.elapsedMs)));
    QVERIFY2(
        !r.out.contains(u"Complete requests"_s), qPrintable(r.out)); // no report of a run that was not one
    // And no request went out as HTTP/1.1 in its place.
    QCOMPARE(countLines(accessLog(), "GET /file"), qsizetype(0));
}

void TestBenchH2::badStreamsFlagRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero") << QStringList { u"--h2"_s, u"--streams"_s, u"0"_s }
                          << u"--streams must be a whole number from 1 to 1000, not \"0\""_s;
    QTest::newRow("garbage") << QStringList { u"--h2"_s, u"--streams"_s, u"ten"_s }
                             << u"--streams must be a whole number from 1 to 1000, not \"ten\""_s;
    QTest::newRow("too many") << QStringList { u"--h2"_s, u"--streams"_s, u"1001"_s }
                              << u"--streams must be a whole number from 1 to 1000, not \"1001\""_s;
    QTest::newRow("without --h2") << QStringList { u"--streams"_s, u"4"_s } << u"--streams needs --h2"_s;
}

void TestBenchH2::badStreamsFlagRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    const Result r = bench(arguments + QStringList { u"-n"_s, u"10"_s, url("http", m_h2c) });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(countLines(accessLog(), "GET /file"), qsizetype(0)); // refused before any request
}

QTEST_GUILESS_MAIN(TestBenchH2)
#include "tst_benchh2.moc"
