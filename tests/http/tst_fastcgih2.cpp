// PHP through FastCGI over HTTP/2 (issue #27 with #25): each stream runs its
// script through the same FastCgiResponder as an HTTP/1.1 request
// (Http2ClientSide), with a real PHP-FPM (PhpFpm.h) as the test's child and
// a small PHP app written here. curl with h2c prior knowledge and h2 by ALPN
// over TLS, raw frames (FrameClient.h) for a reset mid-download.
#include "FrameClient.h"
#include "PhpFpm.h"
#include "ProcessRun.h"

#include "http/HttpServer.h"
#include "tls/LocalCa.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace h2test;
using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::tls::LocalCa;

namespace {

constexpr qint64 kBigBytes = 32 * 1024 * 1024;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// A curl answer: the head (-D -, lower-cased), the body, then `-w`'s "<version> <status>".
struct Answer
{
    QByteArray head;
    QByteArray body;
    QByteArray versionAndStatus;
    QByteArrayList fields(const QByteArray &name) const
    {
        QByteArrayList values;
        for (const QByteArray &line : head.split('\n')) {
            if (line.startsWith(QByteArray(name + ':')))
                values << line.mid(name.size() + 1).trimmed();
        }
        return values;
    }
};

Answer parse(const ProcessRun &run)
{
    Answer answer;
    const qsizetype headEnd = run.out.indexOf("\r\n\r\n");
    const qsizetype tail = run.out.lastIndexOf('\n');
    if (headEnd < 0 || tail < headEnd)
        return answer;
    answer.head = run.out.left(headEnd).toLower();
    answer.body = run.out.mid(headEnd + 4, tail - headEnd - 4);
    answer.versionAndStatus = run.out.mid(tail + 1);
    return answer;
}

} // namespace

class TestFastCgiH2 final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void serverVariables_data();
    void serverVariables();
    void postedBodies_data();
    void postedBodies();
    void multipartUpload();
    void cookiesAndTwoSetCookie();
    void statusAndLocation();
    void readfileDownloads_data();
    void readfileDownloads();
    void unsafePaths();
    void noPoolIs502AndTimeoutIs504();
    void clientResetClosesPhpFpmsConnection();
    void clientResetBeforeTheAnswerIs499();
    void queuedStreamLeavesOnReset();

private:
    enum class Via { H2c, H2Tls };
    bool start(HttpServer &server, const QString &address, int timeoutMs = 10000,
        int connectionsPerWorker = ServerConfig::kDefaultUpstreamConnections);
    Answer curl(const HttpServer &server, Via via, const QString &path, QStringList extra = {},
        const QByteArray &input = {}) const;
    QString errorLog() const;
    QByteArray accessLog() const;
    static bool greetWithStaticFile(FrameClient &client);

    QTemporaryDir m_dir;
    QTemporaryDir m_data;
    QString m_root;
    std::unique_ptr<PhpFpm> m_fpm;
};

void TestFastCgiH2::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_data.isValid());
    if (PhpFpm::binary().isEmpty())
        QSKIP("no php-fpm installed (apt-get install php8.2-fpm)");
    if (QStandardPaths::findExecutable(u"curl"_s).isEmpty())
        QSKIP("curl is not installed (apt-get install curl)");
    m_root = m_dir.filePath(u"root"_s);
    const QList<std::pair<QString, QByteArray>> files {
        { u"hello.php"_s, "<?php echo \"hello\";" },
        { u"server.php"_s, "<?php header('Content-Type: application/json'); echo json_encode($_SERVER);" },
        { u"form.php"_s, "<?php echo json_encode(['get' => $_GET, 'post' => $_POST]);" },
        { u"input.php"_s,
            "<?php echo strlen(file_get_contents('php://input')), ' ', "
            "md5(file_get_contents('php://input')), ' ', $_SERVER['CONTENT_LENGTH'];" },
        { u"cookies.php"_s, "<?php setcookie('a', '1'); setcookie('b', '2'); echo json_encode($_COOKIE);" },
        { u"teapot.php"_s, "<?php header('Status: 418 I\\'m a teapot'); echo 'tea';" },
        { u"redirect.php"_s, "<?php header('Location: /x');" },
        { u"upload.php"_s,
            "<?php $f = $_FILES['f']; echo $f['size'], ' ', md5_file($f['tmp_name']), ' ', $_POST['note'];" },
        { u"big.php"_s,
            "<?php $f = __DIR__ . '/../big.bin'; header('Content-Length: ' . filesize($f)); readfile($f);" },
        { u"bigchunked.php"_s, "<?php readfile(__DIR__ . '/../big.bin');" },
        { u"slow.php"_s, "<?php sleep(5); echo 'late';" },
        { u"second.php"_s, "<?php usleep(1200000); echo 'second';" },
        { u"uploads/photo.jpg"_s, "<?php echo 'pwned';" },
        { u"x.PHP"_s, "<?php echo 'upper';" },
        { u"plain.txt"_s, "static text" },
    };
    for (const auto &[name, content] : files)
        QVERIFY(writeFile(m_root + u'/' + name, content));
    QFile big(m_dir.filePath(u"big.bin"_s));
    QVERIFY(big.open(QIODevice::WriteOnly));
    QByteArray block(1024 * 1024, '\0');
    for (qint64 written = 0; written < kBigBytes; written += block.size()) {
        for (qsizetype i = 0; i < block.size(); ++i)
            block[i] = char('a' + (written / block.size() + i) % 26);
        QVERIFY(big.write(block) == block.size());
    }
    big.close();
    QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm"_s)));
    m_fpm = std::make_unique<PhpFpm>(m_dir.filePath(u"fpm"_s), 4);
    QString error;
    QVERIFY2(m_fpm->start(&error), qPrintable(error));
}

bool TestFastCgiH2::start(HttpServer &server, const QString &address, int timeoutMs, int connectionsPerWorker)
{
    VirtualHost host;
    host.hostName = u"php.test"_s;
    host.isDefault = true;
    host.documentRoot = m_root;
    host.accessLogEnabled = true;
    host.accessLogPath = m_dir.filePath(u"access.log"_s);
    host.errorLogPath = m_dir.filePath(u"error.log"_s);
    host.limits.maxBodyBytes = 64 * 1024 * 1024;
    host.php.address = address;
    host.php.timeoutMs = timeoutMs;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.upstreamConnectionsPerWorker = connectionsPerWorker;
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = m_data.path();
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

Answer TestFastCgiH2::curl(
    const HttpServer &server, Via via, const QString &path, QStringList extra, const QByteArray &input) const
{
    const bool tls = via == Via::H2Tls;
    const quint16 port = tls ? server.tlsPort() : server.port();
    QStringList arguments { u"-sS"_s, u"-D"_s, u"-"_s, u"--resolve"_s, u"php.test:%1:127.0.0.1"_s.arg(port),
        u"-w"_s, u"\n%{http_version} %{http_code}"_s };
    if (tls)
        arguments << u"--http2"_s << u"--cacert"_s << LocalCa::folderIn(m_data.path()) + u"/rootCA.pem"_s;
    else
        arguments << u"--http2-prior-knowledge"_s;
    arguments << extra << u"%1://php.test:%2%3"_s.arg(tls ? u"https"_s : u"http"_s).arg(port).arg(path);
    const ProcessRun run = ProcessRun::run(u"curl"_s, arguments, input);
    if (run.exitCode != 0)
        qWarning("curl: %s", run.err.constData());
    return parse(run);
}

QString TestFastCgiH2::errorLog() const
{
    QFile file(m_dir.filePath(u"error.log"_s));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

QByteArray TestFastCgiH2::accessLog() const
{
    QFile file(m_dir.filePath(u"access.log"_s));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool TestFastCgiH2::greetWithStaticFile(FrameClient &client)
{
    if (!client.greet()
        || !client.send(kHeaders, kEndHeaders | kEndStream, 1, headerBlock("GET", "php.test", "/plain.txt")))
        return false;
    Frame frame;
    while (client.next(frame)) {
        if (frame.type == kHeaders)
            client.fieldsOf(frame);
        if (frame.stream == 1 && (frame.flags & kEndStream))
            return true;
    }
    return false;
}

void TestFastCgiH2::serverVariables_data()
{
    QTest::addColumn<int>("via");
    QTest::newRow("h2c") << int(Via::H2c);
    QTest::newRow("h2 by ALPN") << int(Via::H2Tls);
}

void TestFastCgiH2::serverVariables()
{
    // $_SERVER as nginx gives it over HTTP/2: SERVER_PROTOCOL HTTP/2.0, HTTPS on
    // over TLS, :authority as HTTP_HOST, the cookie crumbs joined (RFC 9113 §8.2.3).
    QFETCH(int, via);
    const bool tls = Via(via) == Via::H2Tls;
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    const Answer answer = curl(server, Via(via), u"/server.php?q=1"_s,
        { u"-H"_s, u"Cookie: a=1"_s, u"-H"_s, u"Cookie: b=2"_s, u"-H"_s, u"X-Custom: yes"_s });
    QCOMPARE(answer.versionAndStatus, QByteArray("2 200"));
    const QJsonObject server_ = QJsonDocument::fromJson(answer.body).object();
    QCOMPARE(server_.value(u"SERVER_PROTOCOL"_s).toString(), u"HTTP/2.0"_s);
    QCOMPARE(server_.value(u"REQUEST_SCHEME"_s).toString(), tls ? u"https"_s : u"http"_s);
    QCOMPARE(server_.contains(u"HTTPS"_s), tls);
    if (tls)
        QCOMPARE(server_.value(u"HTTPS"_s).toString(), u"on"_s);
    QCOMPARE(server_.value(u"HTTP_HOST"_s).toString(),
        u"php.test:%1"_s.arg(tls ? server.tlsPort() : server.port()));
    QCOMPARE(server_.value(u"HTTP_COOKIE"_s).toString(), u"a=1; b=2"_s);
    QCOMPARE(server_.value(u"HTTP_X_CUSTOM"_s).toString(), u"yes"_s);
    QCOMPARE(server_.value(u"QUERY_STRING"_s).toString(), u"q=1"_s);
    QCOMPARE(server_.value(u"REQUEST_METHOD"_s).toString(), u"GET"_s);
    QCOMPARE(server_.value(u"REMOTE_ADDR"_s).toString(), u"127.0.0.1"_s);
    QCOMPARE(server_.value(u"SCRIPT_NAME"_s).toString(), u"/server.php"_s);
    QCOMPARE(answer.fields("content-type"), QByteArrayList { "application/json" });
}

void TestFastCgiH2::postedBodies_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("size");
    // curl sends content-length with --data-binary, none for its stdin (-T -): that body
    // is spooled first (in memory up to 64 KiB, else a temporary file), as a chunked one.
    QTest::newRow("content-length") << QStringList { u"--data-binary"_s, u"@-"_s } << 200000;
    QTest::newRow("no length, small: spooled in memory")
        << QStringList { u"-T"_s, u"-"_s, u"-X"_s, u"POST"_s } << 5000;
    QTest::newRow("no length, large: spooled to a file")
        << QStringList { u"-T"_s, u"-"_s, u"-X"_s, u"POST"_s } << 300000;
}

void TestFastCgiH2::postedBodies()
{
    QFETCH(QStringList, args);
    QFETCH(int, size);
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    QByteArray body(size, '\0');
    for (qsizetype i = 0; i < body.size(); ++i)
        body[i] = char('A' + (i * 7) % 57);
    const Answer answer = curl(server, Via::H2c, u"/input.php"_s, args, body);
    QCOMPARE(answer.versionAndStatus, QByteArray("2 200"));
    // php://input whole, and CONTENT_LENGTH as PHP-FPM read it (the spool's length when none came).
    const QByteArray md5 = QCryptographicHash::hash(body, QCryptographicHash::Md5).toHex();
    QCOMPARE(answer.body, QByteArray::number(size) + ' ' + md5 + ' ' + QByteArray::number(size));
    // A form over HTTP/2: $_POST and $_GET as on HTTP/1.1.
    const Answer form = curl(server, Via::H2c, u"/form.php?g=1"_s, { u"--data"_s, u"x=1&y=two"_s });
    QCOMPARE(form.body, QByteArray(R"({"get":{"g":"1"},"post":{"x":"1","y":"two"}})"));
}

void TestFastCgiH2::multipartUpload()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    QByteArray content(3 * 1024 * 1024 + 17, '\0');
    for (qsizetype i = 0; i < content.size(); ++i)
        content[i] = char(i * 31 >> 3);
    const QString file = m_dir.filePath(u"photo.bin"_s);
    QVERIFY(writeFile(file, content));
    const Answer answer
        = curl(server, Via::H2c, u"/upload.php"_s, { u"-F"_s, u"f=@"_s + file, u"-F"_s, u"note=from h2"_s });
    QCOMPARE(answer.versionAndStatus, QByteArray("2 200"));
    QCOMPARE(answer.body,
        QByteArray::number(content.size()) + ' ' + fileHash(file, QCryptographicHash::Md5) + " from h2");
}

void TestFastCgiH2::cookiesAndTwoSetCookie()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    const Answer answer = curl(server, Via::H2c, u"/cookies.php"_s, { u"-H"_s, u"Cookie: x=9; y=8"_s });
    QCOMPARE(answer.versionAndStatus, QByteArray("2 200"));
    // Each Set-Cookie a field of its own (RFC 9113 §8.2.3 joins only cookie).
    QCOMPARE(answer.fields("set-cookie"), QByteArrayList({ "a=1", "b=2" }));
    QCOMPARE(answer.body, QByteArray(R"({"x":"9","y":"8"})"));
}

void TestFastCgiH2::statusAndLocation()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    const Answer teapot = curl(server, Via::H2c, u"/teapot.php"_s);
    QCOMPARE(teapot.versionAndStatus, QByteArray("2 418"));
    QCOMPARE(teapot.body, QByteArray("tea"));
    const Answer redirect = curl(server, Via::H2c, u"/redirect.php"_s);
    QCOMPARE(redirect.versionAndStatus, QByteArray("2 302"));
    QCOMPARE(redirect.fields("location"), QByteArrayList { "/x" });
    QVERIFY2(!redirect.head.contains("\nstatus:"), redirect.head.constData());
}

void TestFastCgiH2::readfileDownloads_data()
{
    QTest::addColumn<QString>("script");
    QTest::newRow("Content-Length from PHP") << u"/big.php"_s;
    QTest::newRow("no length: to END_STREAM") << u"/bigchunked.php"_s;
}

void TestFastCgiH2::readfileDownloads()
{
    // 32 MiB of readfile() over h2c: the same bytes, the engine's memory one piece, not the body.
    QFETCH(QString, script);
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    const QString got = m_dir.filePath(u"got.bin"_s);
    QVERIFY(resetPeakResident());
    const qint64 before = peakResidentKiB();
    const ProcessRun run = ProcessRun::run(u"curl"_s,
        { u"-sS"_s, u"--http2-prior-knowledge"_s, u"-o"_s, got, u"-w"_s, u"%{http_version} %{http_code}"_s,
            u"http://127.0.0.1:%1%2"_s.arg(server.port()).arg(script) });
    QCOMPARE(run.out, QByteArray("2 200"));
    const qint64 grown = peakResidentKiB() - before;
    QCOMPARE(QFileInfo(got).size(), kBigBytes);
    QCOMPARE(fileHash(got, QCryptographicHash::Md5),
        fileHash(m_dir.filePath(u"big.bin"_s), QCryptographicHash::Md5));
    qInfo("peak resident memory grew by %lld KiB for a %lld KiB body", grown, kBigBytes / 1024);
    if (!kAddressSanitizer)
        QVERIFY2(grown < 12 * 1024, qPrintable(QString::number(grown)));
}

void TestFastCgiH2::unsafePaths()
{
    // The PHP rules hold on a stream: never photo.jpg, never PHP source as text.
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    QCOMPARE(curl(server, Via::H2c, u"/uploads/photo.jpg/x.php"_s).versionAndStatus, QByteArray("2 404"));
    QCOMPARE(curl(server, Via::H2c, u"/x.PHP"_s).versionAndStatus, QByteArray("2 403"));
    QCOMPARE(curl(server, Via::H2c, u"/plain.txt"_s).body, QByteArray("static text"));
}

void TestFastCgiH2::noPoolIs502AndTimeoutIs504()
{
    {
        HttpServer server;
        QVERIFY(start(server, u"unix:"_s + m_dir.filePath(u"absent.sock"_s)));
        const Answer answer = curl(server, Via::H2c, u"/hello.php"_s);
        QCOMPARE(answer.versionAndStatus, QByteArray("2 502"));
        QCOMPARE(server.metrics().phpErrors[0], quint64(1)); // unavailable
        QCOMPARE(curl(server, Via::H2c, u"/plain.txt"_s).versionAndStatus, QByteArray("2 200"));
    }
    HttpServer server;
    QVERIFY(start(server, m_fpm->address(), 1000));
    QElapsedTimer timer;
    timer.start();
    QCOMPARE(curl(server, Via::H2c, u"/slow.php"_s).versionAndStatus, QByteArray("2 504"));
    QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(server.metrics().phpErrors[1], quint64(1)); // timeout
    QTRY_VERIFY_WITH_TIMEOUT(errorLog().contains(u"timed out (1000 ms)"_s), 5000);
}

void TestFastCgiH2::clientResetClosesPhpFpmsConnection()
{
    // RST_STREAM CANCEL mid-readfile: PHP-FPM's connection is closed, not
    // kept with unread records (the descriptors come back to what they were).
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    FrameClient client(server.port());
    // A static file first (stream 1): the access log is open from then on, PHP-FPM has no connection yet.
    QVERIFY(greetWithStaticFile(client));
    Frame frame;
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(m_dir.filePath(u"access.log"_s)).size() > 0, 5000);
    const int baseline = openDescriptors();
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 5, headerBlock("GET", "php.test", "/big.php")));
    bool data = false;
    while (!data && client.next(frame)) {
        if (frame.type == kHeaders)
            QVERIFY(client.fieldsOf(frame).contains(":status: 200"));
        data = frame.type == kData && frame.stream == 5;
    }
    QVERIFY2(data, "no DATA for the download");
    QVERIFY(openDescriptors() > baseline); // PHP-FPM's connection
    QVERIFY(client.send(kRstStream, 0, 5, FrameClient::word(kCancel)));
    QTRY_COMPARE_WITH_TIMEOUT(openDescriptors(), baseline, 5000);
    // The connection goes on (its window opened again: the download's DATA used it).
    QVERIFY(client.send(kWindowUpdate, 0, 0, FrameClient::word(1 << 20)));
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 7, headerBlock("GET", "php.test", "/hello.php")));
    QByteArray body;
    bool ended = false;
    while (!ended && client.next(frame)) {
        if (frame.type == kHeaders)
            client.fieldsOf(frame);
        if (frame.type == kData && frame.stream == 7)
            body += frame.payload;
        ended = frame.stream == 7 && (frame.flags & kEndStream);
    }
    QCOMPARE(body, QByteArray("hello"));
}

void TestFastCgiH2::clientResetBeforeTheAnswerIs499()
{
    // RST_STREAM CANCEL while the script runs (slow.php sleeps 5 s): PHP-FPM's
    // connection is closed at once, not when the script ends, and the access
    // log's line is nginx's 499, as on HTTP/1.1.
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    FrameClient client(server.port());
    // A static file first (stream 1): the access log is open from then on, PHP-FPM has no connection yet.
    QVERIFY(greetWithStaticFile(client));
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(m_dir.filePath(u"access.log"_s)).size() > 0, 5000);
    const int baseline = openDescriptors();
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, headerBlock("GET", "php.test", "/slow.php")));
    QTRY_VERIFY_WITH_TIMEOUT(openDescriptors() > baseline, 3000); // PHP-FPM's connection
    QElapsedTimer timer;
    timer.start();
    QVERIFY(client.send(kRstStream, 0, 3, FrameClient::word(kCancel)));
    QTRY_COMPARE_WITH_TIMEOUT(openDescriptors(), baseline, 3000);
    QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
    QTRY_VERIFY_WITH_TIMEOUT(accessLog().contains("\"GET /slow.php HTTP/2.0\" 499 0 "), 3000);
}

void TestFastCgiH2::queuedStreamLeavesOnReset()
{
    // One connection to PHP-FPM per worker: with a stream's script running, the next two
    // streams' requests wait for it (the bound, FastCgiResponder.h). RST_STREAM on the
    // first of them takes it out of the queue (499 in the access log); the other gets the
    // connection once the script ends, and the HTTP/2 connection goes on.
    HttpServer server;
    QVERIFY(start(server, m_fpm->address(), 10000, 1));
    FrameClient client(server.port());
    // A static file first (stream 1): the access log is open from then on, PHP-FPM has no connection yet.
    QVERIFY(greetWithStaticFile(client));
    Frame frame;
    QVERIFY(
        client.send(kHeaders, kEndHeaders | kEndStream, 3, headerBlock("GET", "php.test", "/second.php")));
    QTest::qWait(300); // its connection opened, the script running
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 5, headerBlock("GET", "php.test", "/hello.php")));
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 7, headerBlock("GET", "php.test", "/hello.php")));
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().phpQueued, quint64(2), 3000);
    QVERIFY(client.send(kRstStream, 0, 5, FrameClient::word(kCancel)));

    QHash<quint32, QList<QByteArray>> heads;
    QHash<quint32, QByteArray> bodies;
    QSet<quint32> ended;
    while (ended.size() < 2 && client.next(frame)) {
        if (frame.type == kHeaders)
            heads[frame.stream] = client.fieldsOf(frame);
        if (frame.type == kData)
            bodies[frame.stream] += frame.payload;
        if ((frame.type == kHeaders || frame.type == kData) && (frame.flags & kEndStream))
            ended.insert(frame.stream);
    }
    QCOMPARE(ended, (QSet<quint32> { 3, 7 }));
    QVERIFY(heads[3].contains(":status: 200"));
    QCOMPARE(bodies[3], QByteArray("second"));
    QVERIFY(heads[7].contains(":status: 200"));
    QCOMPARE(bodies[7], QByteArray("hello"));
    QVERIFY(!heads.contains(5));
    QCOMPARE(server.metrics().phpErrors[7], quint64(0)); // no queue timeout
    QTRY_VERIFY_WITH_TIMEOUT(accessLog().contains("\"GET /hello.php HTTP/2.0\" 499 0 "), 3000);
}

QTEST_GUILESS_MAIN(TestFastCgiH2)
#include "tst_fastcgih2.moc"
