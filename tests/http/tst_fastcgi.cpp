// PHP through FastCGI (issue #25): the engine in this process, a real PHP-FPM
// (tests/http/PhpFpm.h) as the test's child, and a small PHP app written here
// into a temporary document root; real sockets on 127.0.0.1 and a unix socket.
// Covers W5's hello, $_SERVER, $_GET/$_POST, php://input, cookies and two
// Set-Cookie, Status and Location, a multipart upload, a 32 MiB readfile to a
// slow client with the engine's memory flat, STDERR in the error log, the
// timeout's 504, PHP-FPM killed (502), the kept connections, the unsafe paths.
#include "PhpFpm.h"

#include "http/HttpServer.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

// A blocking HTTP/1.1 client that reads Content-Length, chunked and close-delimited bodies.
class Client final
{
public:
    struct Reply
    {
        bool complete = false;
        int status = 0;
        QByteArray head;
        QByteArray body;
        bool chunked = false;
        QByteArray field(const QByteArray &name) const { return fields(name).value(0); }
        QByteArrayList fields(const QByteArray &name) const
        {
            QByteArrayList values;
            for (const QByteArray &line : head.split('\n')) {
                const int colon = line.indexOf(':');
                if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
                    values << line.mid(colon + 1).trimmed();
            }
            return values;
        }
    };

    explicit Client(quint16 port, int receiveBufferBytes = 0)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (receiveBufferBytes > 0)
            ::setsockopt(m_fd, SOL_SOCKET, SO_RCVBUF, &receiveBufferBytes, sizeof receiveBufferBytes);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~Client()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Client(const Client &) = delete;
    Client &operator=(const Client &) = delete;

    bool send(const QByteArray &bytes)
    {
        qsizetype sent = 0;
        while (m_fd >= 0 && sent < bytes.size()) {
            const ssize_t n
                = ::send(m_fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            sent += n;
        }
        return m_fd >= 0;
    }

    // One response; `headOnly`: a HEAD's (no body whatever the head says).
    // `sink`: body bytes go there instead of into Reply::body (for large bodies).
    Reply read(bool headOnly = false, const std::function<void(const QByteArray &)> &sink = {})
    {
        Reply reply;
        qsizetype end;
        while ((end = m_buffer.indexOf("\r\n\r\n")) < 0) {
            if (!fill())
                return reply;
        }
        reply.head = m_buffer.left(end);
        m_buffer.remove(0, end + 4);
        reply.status = reply.head.split(' ').value(1).toInt();
        auto take = [&](qsizetype n) {
            if (sink)
                sink(m_buffer.left(n));
            else
                reply.body += m_buffer.left(n);
            m_buffer.remove(0, n);
        };
        if (headOnly || reply.status < 200 || reply.status == 204 || reply.status == 304) {
            reply.complete = true;
        } else if (reply.field("Transfer-Encoding") == "chunked") {
            reply.chunked = true;
            reply.complete = readChunks(take);
        } else if (!reply.field("Content-Length").isEmpty()) {
            for (qint64 left = reply.field("Content-Length").toLongLong(); left > 0;) {
                if (m_buffer.isEmpty() && !fill())
                    return reply;
                const qsizetype n = std::min<qint64>(left, m_buffer.size());
                take(n);
                left -= n;
            }
            reply.complete = true;
        } else {
            while (fill()) { }
            take(m_buffer.size());
            reply.complete = m_closed;
        }
        return reply;
    }

    Reply request(const QByteArray &bytes, bool headOnly = false)
    {
        return send(bytes) ? read(headOnly) : Reply();
    }

    bool waitForClose()
    {
        while (fill()) { }
        return m_closed;
    }

private:
    bool readChunks(const std::function<void(qsizetype)> &take)
    {
        for (;;) {
            qsizetype line;
            while ((line = m_buffer.indexOf("\r\n")) < 0) {
                if (!fill())
                    return false;
            }
            const qsizetype size = m_buffer.left(line).toLongLong(nullptr, 16);
            m_buffer.remove(0, line + 2);
            while (m_buffer.size() < size + 2) {
                if (!fill())
                    return false;
            }
            if (size == 0) {
                m_buffer.remove(0, 2);
                return true;
            }
            take(size);
            m_buffer.remove(0, 2);
        }
    }

    bool fill()
    {
        if (m_fd < 0 || m_closed)
            return false;
        pollfd descriptor { m_fd, POLLIN, 0 };
        if (::poll(&descriptor, 1, 15000) <= 0)
            return false;
        char chunk[65536];
        const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, 0);
        if (n <= 0) {
            m_closed = true;
            return false;
        }
        m_buffer.append(chunk, n);
        return true;
    }

    int m_fd = -1;
    bool m_closed = false;
    QByteArray m_buffer;
};

QByteArray get(const QByteArray &target, const QByteArray &extra = {})
{
    return "GET " + target + " HTTP/1.1\r\nHost: php.test\r\n" + extra + "\r\n";
}

QByteArray post(const QByteArray &target, const QByteArray &type, const QByteArray &body)
{
    return "POST " + target + " HTTP/1.1\r\nHost: php.test\r\nContent-Type: " + type
        + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

qint64 peakKiB()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

bool resetPeak()
{
    QFile refs(u"/proc/self/clear_refs"_s);
    return refs.open(QIODevice::WriteOnly) && refs.write("5") == 1;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

constexpr qint64 kBigBytes = 32 * 1024 * 1024;

} // namespace

class TestFastCgi final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void helloIsW5();
    void headAndHttp10();
    void serverVariables_data();
    void serverVariables();
    void connectionEndsLookedUpOncePerConnection();
    void getAndPost();
    void phpInputStreams();
    void cookiesAndTwoSetCookie();
    void statusAndLocation_data();
    void statusAndLocation();
    void multipartUpload();
    void largeReadfileKeepsMemoryFlat();
    void stderrReachesTheErrorLog();
    void contentLengthFramesTheBody();
    void timeoutIs504AndTheClientGoesOn();
    void keptConnectionsAreReused();
    void unsafePaths_data();
    void unsafePaths();
    void noPoolIs502AtOnce();
    void phpFpmKilledIs502AtOnce();
    void localhostIsLoopback();
    void moreRequestsThanChildren_data();
    void moreRequestsThanChildren();
    void connectionsToPhpFpmAreBounded();
    void queuedRequestsTimeOutOrHangUp();

private:
    bool start(HttpServer &server, const QString &address, int timeoutMs = 10000, int threads = 1,
        int connectionsPerWorker = ServerConfig::kDefaultUpstreamConnections);
    QString errorLog() const;

    QTemporaryDir m_dir;
    QString m_root;
    std::unique_ptr<PhpFpm> m_fpm;
};

void TestFastCgi::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (PhpFpm::binary().isEmpty())
        QSKIP("no php-fpm installed (apt-get install php8.2-fpm)");
    m_root = m_dir.filePath(u"root"_s);
    const QList<std::pair<QString, QByteArray>> files {
        { u"hello.php"_s, "<?php echo \"hello\";" },
        { u"server.php"_s, "<?php header('Content-Type: application/json'); echo json_encode($_SERVER);" },
        { u"form.php"_s, "<?php echo json_encode(['get' => $_GET, 'post' => $_POST]);" },
        { u"input.php"_s, "<?php echo file_get_contents('php://input');" },
        { u"cookies.php"_s, "<?php setcookie('a', '1'); setcookie('b', '2'); echo json_encode($_COOKIE);" },
        { u"notfound.php"_s, "<?php http_response_code(404); echo 'gone';" },
        { u"teapot.php"_s, "<?php header('Status: 418 I\\'m a teapot'); echo 'tea';" },
        { u"redirect.php"_s, "<?php header('Location: /x');" },
        { u"named.php"_s,
            "<?php header('Server: my-app'); header('X-Accel-Redirect: /secret'); echo 'named';" },
        { u"upload.php"_s,
            "<?php $f = $_FILES['f']; $to = __DIR__ . '/../uploaded/' . basename($f['name']);"
            " if (!move_uploaded_file($f['tmp_name'], $to)) { http_response_code(500); exit; }"
            " echo filesize($to), ' ', md5_file($to), ' ', $_POST['note'];" },
        { u"big.php"_s,
            "<?php $f = __DIR__ . '/../big.bin'; header('Content-Length: ' . filesize($f)); readfile($f);" },
        { u"bigchunked.php"_s, "<?php readfile(__DIR__ . '/../big.bin');" },
        { u"log.php"_s, "<?php error_log('x-marker from php'); echo 'logged';" },
        { u"lengthover.php"_s, "<?php header('Content-Length: 2'); echo 'hello';" },
        { u"lengthoverbig.php"_s,
            "<?php header('Content-Length: 20000'); while (ob_get_level()) ob_end_flush();"
            " for ($i = 0; $i < 5; $i++) { echo str_repeat('y', 10000); flush(); }" },
        { u"lengthunder.php"_s, "<?php header('Content-Length: 10'); echo 'abc';" },
        { u"flushed.php"_s,
            "<?php while (ob_get_level()) ob_end_flush(); echo 'first'; flush(); usleep(200000); echo "
            "'second';" },
        { u"slow.php"_s, "<?php sleep(5); echo 'late';" },
        { u"pause.php"_s, "<?php usleep(300000); echo 'paused';" },
        { u"long.php"_s, "<?php usleep(2500000); echo 'long';" },
        // How many run at once, the most ever seen kept in ../active.txt ("now most").
        { u"concurrency.php"_s, R"(<?php
$f = fopen(__DIR__ . '/../active.txt', 'c+');
$count = function (int $step) use ($f) {
    flock($f, LOCK_EX);
    rewind($f);
    $parts = explode(' ', stream_get_contents($f) ?: '0 0');
    $now = intval($parts[0]) + $step;
    $most = max(intval($parts[1] ?? 0), $now);
    ftruncate($f, 0);
    rewind($f);
    fwrite($f, "$now $most");
    fflush($f);
    flock($f, LOCK_UN);
    return $most;
};
$count(1);
usleep(200000);
echo $count(-1);
)" },
        { u"uploads/photo.jpg"_s, "<?php echo 'pwned';" },
        { u"uploads/x.php"_s, "<?php echo 'x';" },
        { u"sub/index.php"_s, "<?php echo 'index';" },
        { u"pid.php"_s,
            "<?php file_put_contents(__DIR__ . '/../pids.txt', getmypid() . \"\\n\", FILE_APPEND); echo "
            "'pid';" },
        { u"x.PHP"_s, "<?php echo 'upper';" },
        { u"plain.txt"_s, "static text" },
    };
    for (const auto &[name, content] : files)
        QVERIFY(writeFile(m_root + u'/' + name, content));
    QVERIFY(QDir().mkpath(m_dir.filePath(u"uploaded"_s)));
    QFile big(m_dir.filePath(u"big.bin"_s));
    QVERIFY(big.open(QIODevice::WriteOnly));
    QByteArray block(1024 * 1024, '\0');
    for (qsizetype i = 0; i < block.size(); ++i)
        block[i] = char('a' + i % 26);
    for (qint64 written = 0; written < kBigBytes; written += block.size())
        QVERIFY(big.write(block) == block.size());
    big.close();
    QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm"_s)));
    m_fpm = std::make_unique<PhpFpm>(m_dir.filePath(u"fpm"_s), 4);
    QString error;
    QVERIFY2(m_fpm->start(&error), qPrintable(error));
}

bool TestFastCgi::start(
    HttpServer &server, const QString &address, int timeoutMs, int threads, int connectionsPerWorker)
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
    config.threads = threads;
    config.upstreamConnectionsPerWorker = connectionsPerWorker;
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

QString TestFastCgi::errorLog() const
{
    QFile file(m_dir.filePath(u"error.log"_s));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

void TestFastCgi::helloIsW5()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    for (int i = 0; i < 3; ++i) {
        const Client::Reply reply = client.request(get("/hello.php"));
        QVERIFY(reply.complete);
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.body, QByteArray("hello"));
        // PHP gave no length, but its whole answer came in one read: sent with its length, kept alive.
        QVERIFY(!reply.chunked);
        QCOMPARE(reply.field("Content-Length"), QByteArray("5"));
        QVERIFY(reply.field("Content-Type").startsWith("text/html"));
        QVERIFY(!reply.field("Date").isEmpty());
        QCOMPARE(reply.field("Connection"), QByteArray());
        QVERIFY(reply.field("Server").startsWith("Hostbench/"));
    }
    // A Server the script sets wins over the engine's, once (as nginx does for FastCGI);
    // X-Accel-* is not passed on (fastcgi_hide_header's default).
    const Client::Reply named = client.request(get("/named.php"));
    QCOMPARE(named.body, QByteArray("named"));
    QCOMPARE(named.field("Server"), QByteArray("my-app"));
    QCOMPARE(named.head.count("\r\nServer:"), 1);
    QCOMPARE(named.head.count("\r\nDate:"), 1);
    QVERIFY2(!named.head.contains("X-Accel"), named.head.constData());
    // The index: a directory's index.php.
    const Client::Reply index = client.request(get("/sub/"));
    QCOMPARE(index.status, 200);
    QCOMPARE(index.body, QByteArray("index"));
    // An answer still coming after its first part (flushed, then more): chunked, as PHP gave no length.
    const Client::Reply flushed = client.request(get("/flushed.php"));
    QCOMPARE(flushed.status, 200);
    QVERIFY(flushed.chunked);
    QCOMPARE(flushed.field("Content-Length"), QByteArray());
    QCOMPARE(flushed.body, QByteArray("firstsecond"));
    // STDERR beside the answer: logged, the body whole.
    const Client::Reply logged = client.request(get("/log.php"));
    QCOMPARE(logged.status, 200);
    QCOMPARE(logged.body, QByteArray("logged"));
    const Client::Reply again = client.request(get("/hello.php"));
    QCOMPARE(again.body, QByteArray("hello"));
}

void TestFastCgi::headAndHttp10()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply head = client.request("HEAD /hello.php HTTP/1.1\r\nHost: php.test\r\n\r\n", true);
    QCOMPARE(head.status, 200);
    QCOMPARE(head.field("Transfer-Encoding"), QByteArray());
    // The connection goes on: no stray body bytes before the next answer.
    const Client::Reply next = client.request(get("/hello.php"));
    QCOMPARE(next.status, 200);
    QCOMPARE(next.body, QByteArray("hello"));
    Client old(server.port());
    const Client::Reply reply = old.request("GET /hello.php HTTP/1.0\r\nHost: php.test\r\n\r\n");
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.head.startsWith("HTTP/1.0 200"));
    QCOMPARE(reply.field("Connection"), QByteArray("close"));
    QCOMPARE(reply.field("Content-Length"), QByteArray("5")); // the whole answer came at once
    QCOMPARE(reply.body, QByteArray("hello"));
    QVERIFY(reply.complete);
    // An HTTP/1.0 client that asks to keep the connection (ab -k) keeps it: the answer has a length.
    Client kept(server.port());
    for (int i = 0; i < 3; ++i) {
        const Client::Reply one
            = kept.request("GET /hello.php HTTP/1.0\r\nHost: php.test\r\nConnection: keep-alive\r\n\r\n");
        QCOMPARE(one.status, 200);
        QCOMPARE(one.field("Connection"), QByteArray("keep-alive"));
        QCOMPARE(one.body, QByteArray("hello"));
    }
    // One whose answer comes in parts is delimited by the close, as before.
    Client parts(server.port());
    const Client::Reply flushed
        = parts.request("GET /flushed.php HTTP/1.0\r\nHost: php.test\r\nConnection: keep-alive\r\n\r\n");
    QCOMPARE(flushed.status, 200);
    QCOMPARE(flushed.field("Connection"), QByteArray("close"));
    QCOMPARE(flushed.body, QByteArray("firstsecond"));
    QVERIFY(flushed.complete);
}

void TestFastCgi::serverVariables_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected"); // "*": present, any value
    QTest::newRow("SCRIPT_NAME") << u"SCRIPT_NAME"_s << u"/server.php"_s;
    QTest::newRow("REQUEST_URI") << u"REQUEST_URI"_s << u"/server.php/extra/path?q=1&r=%20x"_s;
    QTest::newRow("QUERY_STRING") << u"QUERY_STRING"_s << u"q=1&r=%20x"_s;
    QTest::newRow("PATH_INFO") << u"PATH_INFO"_s << u"/extra/path"_s;
    QTest::newRow("REQUEST_METHOD") << u"REQUEST_METHOD"_s << u"GET"_s;
    QTest::newRow("SERVER_PROTOCOL") << u"SERVER_PROTOCOL"_s << u"HTTP/1.1"_s;
    QTest::newRow("SERVER_NAME") << u"SERVER_NAME"_s << u"php.test"_s;
    QTest::newRow("HTTP_HOST") << u"HTTP_HOST"_s << u"php.test"_s;
    QTest::newRow("HTTP_X_CUSTOM") << u"HTTP_X_CUSTOM"_s << u"custom value"_s;
    QTest::newRow("REMOTE_ADDR") << u"REMOTE_ADDR"_s << u"127.0.0.1"_s;
    QTest::newRow("SERVER_ADDR") << u"SERVER_ADDR"_s << u"127.0.0.1"_s;
    QTest::newRow("SERVER_PORT") << u"SERVER_PORT"_s << u"*"_s;
    QTest::newRow("REMOTE_PORT") << u"REMOTE_PORT"_s << u"*"_s;
    QTest::newRow("GATEWAY_INTERFACE") << u"GATEWAY_INTERFACE"_s << u"CGI/1.1"_s;
    QTest::newRow("SERVER_SOFTWARE") << u"SERVER_SOFTWARE"_s << u"*"_s;
    QTest::newRow("REQUEST_SCHEME") << u"REQUEST_SCHEME"_s << u"http"_s;
    QTest::newRow("no HTTPS") << u"HTTPS"_s << u"<absent>"_s;
    QTest::newRow("no HTTP_PROXY (httpoxy)") << u"HTTP_PROXY"_s << u"<absent>"_s;
}

void TestFastCgi::serverVariables()
{
    QFETCH(QString, name);
    QFETCH(QString, expected);
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply reply = client.request(
        get("/server.php/extra/path?q=1&r=%20x", "X-Custom: custom value\r\nProxy: http://evil.example\r\n"));
    QCOMPARE(reply.status, 200);
    const QJsonObject server_ = QJsonDocument::fromJson(reply.body).object();
    QVERIFY2(!server_.isEmpty(), reply.body.constData());
    const QString root = QDir(m_root).canonicalPath();
    QCOMPARE(server_.value(u"SCRIPT_FILENAME"_s).toString(), root + u"/server.php"_s);
    QCOMPARE(server_.value(u"DOCUMENT_ROOT"_s).toString(), root);
    if (expected == u"<absent>"_s)
        QVERIFY2(!server_.contains(name), qPrintable(server_.value(name).toString()));
    else if (expected == u"*"_s)
        QVERIFY(!server_.value(name).toString().isEmpty());
    else
        QCOMPARE(server_.value(name).toString(), expected);
}

void TestFastCgi::connectionEndsLookedUpOncePerConnection()
{
    // REMOTE_ADDR, REMOTE_PORT, SERVER_ADDR and SERVER_PORT are looked up on a
    // connection's first PHP request and kept for its next ones: the same on
    // one connection, another REMOTE_PORT on the next connection.
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    const auto ends = [](const Client::Reply &reply) {
        const QJsonObject s = QJsonDocument::fromJson(reply.body).object();
        return QStringList { s.value(u"REMOTE_ADDR"_s).toString(), s.value(u"REMOTE_PORT"_s).toString(),
            s.value(u"SERVER_ADDR"_s).toString(), s.value(u"SERVER_PORT"_s).toString() };
    };
    Client first(server.port());
    const QStringList one = ends(first.request(get("/server.php")));
    const QStringList two = ends(first.request(get("/server.php")));
    QCOMPARE(one.value(0), u"127.0.0.1"_s);
    QCOMPARE(one.value(2), u"127.0.0.1"_s);
    QCOMPARE(one.value(3), QString::number(server.port()));
    QVERIFY(one.value(1).toInt() > 0);
    QCOMPARE(two, one);
    Client second(server.port());
    const QStringList three = ends(second.request(get("/server.php")));
    QCOMPARE(three.value(3), one.value(3));
    QVERIFY2(three.value(1) != one.value(1), qPrintable(three.join(u' ')));
}

void TestFastCgi::getAndPost()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply got = client.request(get("/form.php?a=1&b=two%20words"));
    QCOMPARE(got.status, 200);
    const QJsonObject getForm = QJsonDocument::fromJson(got.body).object().value(u"get"_s).toObject();
    QCOMPARE(getForm.value(u"a"_s).toString(), u"1"_s);
    QCOMPARE(getForm.value(u"b"_s).toString(), u"two words"_s);
    const Client::Reply posted
        = client.request(post("/form.php", "application/x-www-form-urlencoded", "name=caf%C3%A9&n=42"));
    QCOMPARE(posted.status, 200);
    const QJsonObject postForm = QJsonDocument::fromJson(posted.body).object().value(u"post"_s).toObject();
    QCOMPARE(postForm.value(u"name"_s).toString(), u"café"_s);
    QCOMPARE(postForm.value(u"n"_s).toString(), u"42"_s);
}

void TestFastCgi::phpInputStreams()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    // A body larger than a FastCGI record and than one read, sent in two parts.
    QByteArray body(300 * 1024, '\0');
    for (qsizetype i = 0; i < body.size(); ++i)
        body[i] = char(i * 7 % 251);
    const QByteArray head
        = "PUT /input.php HTTP/1.1\r\nHost: php.test\r\nContent-Type: application/octet-stream\r\n"
          "Content-Length: "
        + QByteArray::number(body.size()) + "\r\n\r\n";
    QVERIFY(client.send(head + body.left(1000)));
    QTest::qWait(50);
    QVERIFY(client.send(body.mid(1000)));
    const Client::Reply reply = client.read();
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body.size(), body.size());
    QVERIFY(reply.body == body);
    // A chunked body that came whole, and Expect: 100-continue.
    const Client::Reply chunked
        = client.request("POST /input.php HTTP/1.1\r\nHost: php.test\r\n"
                         "Transfer-Encoding: chunked\r\n\r\n5\r\nalpha\r\n4\r\nbeta\r\n0\r\n\r\n");
    QCOMPARE(chunked.status, 200);
    QCOMPARE(chunked.body, QByteArray("alphabeta"));
    // One still arriving is spooled, then PHP-FPM gets it with its length (PHP reads no
    // more than CONTENT_LENGTH); the connection goes on.
    QVERIFY(client.send(
        "POST /input.php HTTP/1.1\r\nHost: php.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nalpha\r\n"));
    QTest::qWait(50);
    const Client::Reply spooled = client.request("4\r\nbeta\r\n0\r\n\r\n");
    QCOMPARE(spooled.status, 200);
    QCOMPARE(spooled.body, QByteArray("alphabeta"));
    QCOMPARE(client.request(get("/hello.php")).status, 200);
    // Past the memory part of the spool (64 KiB): the rest in a temporary file, 2 MiB in
    // pieces of 64 KiB and a few bytes, with Expect: 100-continue.
    QVERIFY(client.send("PUT /input.php HTTP/1.1\r\nHost: php.test\r\nTransfer-Encoding: chunked\r\n"
                        "Expect: 100-continue\r\n\r\n"));
    QCOMPARE(client.read().status, 100);
    QByteArray big;
    for (int i = 0; big.size() < 2 * 1024 * 1024; ++i) {
        QByteArray piece(64 * 1024 + i % 7, char('a' + i % 26));
        big += piece;
        QVERIFY(client.send(QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n"));
    }
    const Client::Reply large = client.request("0\r\n\r\n");
    QCOMPARE(large.status, 200);
    QCOMPARE(large.body.size(), big.size());
    QVERIFY(large.body == big);
    QVERIFY(client.send(
        "POST /input.php HTTP/1.1\r\nHost: php.test\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"));
    const Client::Reply continued = client.read();
    QCOMPARE(continued.status, 100);
    QVERIFY(client.send("later"));
    const Client::Reply later = client.read();
    QCOMPARE(later.status, 200);
    QCOMPARE(later.body, QByteArray("later"));
}

void TestFastCgi::cookiesAndTwoSetCookie()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply reply = client.request(get("/cookies.php", "Cookie: session=abc; theme=dark\r\n"));
    QCOMPARE(reply.status, 200);
    const QJsonObject cookies = QJsonDocument::fromJson(reply.body).object();
    QCOMPARE(cookies.value(u"session"_s).toString(), u"abc"_s);
    QCOMPARE(cookies.value(u"theme"_s).toString(), u"dark"_s);
    QCOMPARE(reply.fields("Set-Cookie"), QByteArrayList({ "a=1", "b=2" }));
}

void TestFastCgi::statusAndLocation_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("statusLine");
    QTest::addColumn<QByteArray>("location");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("http_response_code(404)")
        << QByteArray("/notfound.php") << 404 << QByteArray("HTTP/1.1 404 Not Found") << QByteArray()
        << QByteArray("gone");
    QTest::newRow("header Status 418")
        << QByteArray("/teapot.php") << 418 << QByteArray("HTTP/1.1 418 I'm a teapot") << QByteArray()
        << QByteArray("tea");
    QTest::newRow("Location is 302") << QByteArray("/redirect.php") << 302 << QByteArray("HTTP/1.1 302 Found")
                                     << QByteArray("/x") << QByteArray();
}

void TestFastCgi::statusAndLocation()
{
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    QFETCH(QByteArray, statusLine);
    QFETCH(QByteArray, location);
    QFETCH(QByteArray, body);
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply reply = client.request(get(target));
    QCOMPARE(reply.status, status);
    QVERIFY2(reply.head.startsWith(statusLine), reply.head.constData());
    QCOMPARE(reply.field("Location"), location);
    QCOMPARE(reply.body, body);
    QCOMPARE(reply.fields("Status"), QByteArrayList()); // the CGI field is not sent on
}

void TestFastCgi::multipartUpload()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    QByteArray file(3 * 1024 * 1024 + 17, '\0');
    for (qsizetype i = 0; i < file.size(); ++i)
        file[i] = char(i * 31 % 256);
    const QByteArray boundary = "----hostbench-boundary";
    const QByteArray body = "--" + boundary
        + "\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhi there\r\n--" + boundary
        + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"blob.bin\"\r\n"
          "Content-Type: application/octet-stream\r\n\r\n"
        + file + "\r\n--" + boundary + "--\r\n";
    const Client::Reply reply
        = client.request(post("/upload.php", "multipart/form-data; boundary=" + boundary, body));
    QCOMPARE(reply.status, 200);
    const QByteArray md5 = QCryptographicHash::hash(file, QCryptographicHash::Md5).toHex();
    QCOMPARE(reply.body, QByteArray::number(file.size()) + ' ' + md5 + " hi there");
    QCOMPARE(QFileInfo(m_dir.filePath(u"uploaded/blob.bin"_s)).size(), file.size());
}

void TestFastCgi::largeReadfileKeepsMemoryFlat()
{
    // 32 MiB from readfile() to a client with a small receive buffer that reads slowly: the
    // engine holds one piece at a time, so this process's peak stays far below the body.
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    for (const QByteArray &target : { QByteArray("/big.php"), QByteArray("/bigchunked.php") }) {
        QVERIFY(resetPeak());
        Client client(server.port(), 64 * 1024);
        QVERIFY(client.send(get(target)));
        qint64 received = 0;
        QCryptographicHash hash(QCryptographicHash::Md5);
        int pieces = 0;
        const Client::Reply reply = client.read(false, [&](const QByteArray &piece) {
            received += piece.size();
            hash.addData(piece);
            if (++pieces % 64 == 0)
                QThread::msleep(5); // a slow reader
        });
        QVERIFY(reply.complete);
        QCOMPARE(reply.status, 200);
        QCOMPARE(received, kBigBytes);
        QCOMPARE(reply.chunked, target == "/bigchunked.php");
        QFile big(m_dir.filePath(u"big.bin"_s));
        QVERIFY(big.open(QIODevice::ReadOnly));
        QCryptographicHash expected(QCryptographicHash::Md5);
        QVERIFY(expected.addData(&big));
        QCOMPARE(hash.result(), expected.result());
        const qint64 peak = peakKiB();
        if (kAddressSanitizer) // its quarantine keeps freed memory resident: the peak is not the engine's
            qInfo("VmHWM %lld KiB (not checked under AddressSanitizer)", peak);
        else
            QVERIFY2(peak > 0 && peak < 64 * 1024, qPrintable(u"VmHWM %1 KiB"_s.arg(peak)));
    }
}

void TestFastCgi::stderrReachesTheErrorLog()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply reply = client.request(get("/log.php"));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, QByteArray("logged"));
    QTRY_VERIFY_WITH_TIMEOUT(
        errorLog().contains(u"FastCGI sent in stderr: \"PHP message: x-marker from php\""_s), 5000);
    const QString line = errorLog().split(u'\n').filter(u"x-marker"_s).value(0);
    QVERIFY2(line.contains(u"request: \"GET /log.php HTTP/1.1\""_s), qPrintable(line));
    QVERIFY2(line.contains(u"[error]"_s), qPrintable(line));
}

void TestFastCgi::contentLengthFramesTheBody()
{
    // PHP's own Content-Length frames what the client reads: a body of another length must not
    // leave a keep-alive client reading one answer's bytes as the next one's.
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    // More body than it says: cut to it (in one piece, or over several), the connection in step.
    const Client::Reply over = client.request(get("/lengthover.php"));
    QCOMPARE(over.status, 200);
    QCOMPARE(over.field("Content-Length"), QByteArray("2"));
    QCOMPARE(over.body, QByteArray("he"));
    const auto inStep = [&client] {
        const Client::Reply next = client.request(get("/hello.php"));
        QVERIFY2(next.head.startsWith("HTTP/1.1 200 OK\r\n"), next.head.left(80).constData());
        QCOMPARE(next.body, QByteArray("hello"));
    };
    inStep();
    const Client::Reply big = client.request(get("/lengthoverbig.php"));
    QVERIFY(big.head.startsWith("HTTP/1.1 200 OK\r\n"));
    QCOMPARE(big.body, QByteArray(20000, 'y'));
    inStep();
    QTRY_VERIFY_WITH_TIMEOUT(errorLog().contains(u"its Content-Length is less than the body"_s), 5000);
    // Less: the answer is cut short and the connection closed, the next request not answered on it.
    Client other(server.port());
    QVERIFY(other.send(get("/lengthunder.php") + get("/hello.php")));
    const Client::Reply under = other.read();
    QCOMPARE(under.status, 200);
    QVERIFY(!under.complete);
    QCOMPARE(under.body, QByteArray("abc"));
    QVERIFY(other.waitForClose());
    QTRY_VERIFY_WITH_TIMEOUT(errorLog().contains(u"its Content-Length is more than the body"_s), 5000);
}

void TestFastCgi::timeoutIs504AndTheClientGoesOn()
{
    HttpServer server;
    QVERIFY(start(server, m_fpm->address(), 1000));
    Client client(server.port());
    QElapsedTimer timer;
    timer.start();
    const Client::Reply reply = client.request(get("/slow.php"));
    QCOMPARE(reply.status, 504);
    QVERIFY2(timer.elapsed() < 4000, qPrintable(QString::number(timer.elapsed())));
    const Client::Reply next = client.request(get("/hello.php"));
    QCOMPARE(next.status, 200);
    QCOMPARE(next.body, QByteArray("hello"));
    QCOMPARE(server.metrics().phpErrors[1], quint64(1)); // timeout
    QTRY_VERIFY_WITH_TIMEOUT(errorLog().contains(u"timed out (1000 ms)"_s), 5000);
}

void TestFastCgi::keptConnectionsAreReused()
{
    // PHP-FPM's workers each serve one connection at a time, and a connection kept with
    // FCGI_KEEP_CONN stays with the worker that accepted it: 200 requests over one client
    // connection all run in one worker. A connection per request would go round the four.
    QFile::remove(m_dir.filePath(u"pids.txt"_s));
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    for (int i = 0; i < 200; ++i) {
        const Client::Reply reply = client.request(get("/pid.php"));
        QCOMPARE(reply.status, 200);
        QCOMPARE(reply.body, QByteArray("pid"));
    }
    QFile file(m_dir.filePath(u"pids.txt"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArrayList pids = file.readAll().split('\n');
    QCOMPARE(pids.size(), 201);
    const QSet<QByteArray> workers(pids.begin(), pids.end() - 1);
    QVERIFY2(workers.size() <= 2, qPrintable(u"%1 PHP-FPM workers for 200 requests"_s.arg(workers.size())));
}

void TestFastCgi::unsafePaths_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body"); // empty: not checked
    QTest::newRow("photo.jpg/x.php never runs photo.jpg")
        << QByteArray("/uploads/photo.jpg/x.php") << 404 << QByteArray();
    QTest::newRow("x.PHP is not sent as text") << QByteArray("/x.PHP") << 403 << QByteArray();
    QTest::newRow("missing script") << QByteArray("/missing.php") << 404 << QByteArray();
    QTest::newRow("static file still static") << QByteArray("/plain.txt") << 200 << QByteArray("static text");
    QTest::newRow("path info") << QByteArray("/hello.php/more") << 200 << QByteArray("hello");
}

void TestFastCgi::unsafePaths()
{
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    HttpServer server;
    QVERIFY(start(server, m_fpm->address()));
    Client client(server.port());
    const Client::Reply reply = client.request(get(target));
    QCOMPARE(reply.status, status);
    QVERIFY(!reply.body.contains("pwned"));
    QVERIFY(!reply.body.contains("<?php"));
    if (!body.isEmpty())
        QCOMPARE(reply.body, body);
    // The connection goes on after the refusal.
    QCOMPARE(client.request(get("/hello.php")).status, 200);
}

void TestFastCgi::noPoolIs502AtOnce()
{
    // A name is resolved once, when the sites are loaded (RFC 6761 §6.4: .invalid never resolves).
    for (const QString &address : QStringList { u"auto"_s, u"unix:"_s + m_dir.filePath(u"absent.sock"_s),
             u"127.0.0.1:1"_s, u"php.invalid:9000"_s }) {
        HttpServer server;
        QVERIFY(start(server, address));
        Client client(server.port());
        QElapsedTimer timer;
        timer.start();
        const Client::Reply reply = client.request(get("/hello.php"));
        QCOMPARE(reply.status, 502);
        QVERIFY(timer.elapsed() < 2000);
        QCOMPARE(server.metrics().phpErrors[0], quint64(1)); // unavailable
        QCOMPARE(client.request(get("/plain.txt")).status, 200); // kept alive
    }
    QTRY_VERIFY_WITH_TIMEOUT(
        errorLog().contains(u"PHP-FPM at auto cannot be reached: PHP-FPM pool not running"_s), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(errorLog().contains(u"PHP-FPM at php.invalid:9000 cannot be reached: the name "
                                                 "php.invalid did not resolve"_s),
        5000);
}

void TestFastCgi::localhostIsLoopback()
{
    // "localhost" is 127.0.0.1 whatever the resolver says (RFC 6761 §6.3): a pool on a TCP port.
    QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm-tcp"_s)));
    quint16 port = 0;
    {
        const int probe = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        QVERIFY(::bind(probe, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0);
        QVERIFY(::getsockname(probe, reinterpret_cast<sockaddr *>(&address), &length) == 0);
        port = ntohs(address.sin_port);
        ::close(probe);
    }
    // A second pool, on the TCP port (start() waits for the first one's socket).
    QStringList tcpPool { u"[tcp]"_s, u"listen = 127.0.0.1:%1"_s.arg(port), u"pm = static"_s,
        u"pm.max_children = 1"_s };
    if (::geteuid() == 0)
        tcpPool << u"user = root"_s << u"group = root"_s;
    PhpFpm fpm(m_dir.filePath(u"fpm-tcp"_s), 1, tcpPool);
    QString error;
    QVERIFY2(fpm.start(&error), qPrintable(error));
    HttpServer server;
    QVERIFY(start(server, u"localhost:%1"_s.arg(port)));
    Client client(server.port());
    QTRY_COMPARE_WITH_TIMEOUT(client.request(get("/hello.php")).body, QByteArray("hello"), 5000);
}

void TestFastCgi::phpFpmKilledIs502AtOnce()
{
    QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm2"_s)));
    PhpFpm fpm(m_dir.filePath(u"fpm2"_s), 2);
    QString error;
    QVERIFY2(fpm.start(&error), qPrintable(error));
    HttpServer server;
    QVERIFY(start(server, fpm.address()));
    Client client(server.port());
    QCOMPARE(client.request(get("/hello.php")).status, 200); // a connection now in the pool
    fpm.kill();
    QElapsedTimer timer;
    timer.start();
    // The kept connection may still look open when the request goes out: 502 either way.
    const Client::Reply reply = client.request(get("/hello.php"));
    QCOMPARE(reply.status, 502);
    const Client::Reply next = client.request(get("/hello.php"));
    QCOMPARE(next.status, 502);
    QVERIFY(timer.elapsed() < 2000);
    QVERIFY(server.metrics().phpErrors[0] >= 1); // unavailable: nothing listens any more
}

void TestFastCgi::moreRequestsThanChildren_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("one worker") << 1;
    QTest::newRow("two workers") << 2;
}

void TestFastCgi::moreRequestsThanChildren()
{
    // A PHP-FPM worker kept on an idle FCGI_KEEP_CONN connection accepts no other: 8 requests
    // at once to a pool of 2 children must all be answered in about 4 rounds of 0.3 s, none
    // left in PHP-FPM's listen queue behind idle connections (before: 6 of 8 stalled until
    // the idle connections expired, 30 s).
    QFETCH(int, threads);
    QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm-two"_s)));
    PhpFpm fpm(m_dir.filePath(u"fpm-two"_s), 2);
    QString error;
    QVERIFY2(fpm.start(&error), qPrintable(error));
    HttpServer server;
    QVERIFY(start(server, fpm.address(), 20000, threads));
    for (int round = 0; round < 2; ++round) { // the second finds the connections the first left
        constexpr int kClients = 8;
        std::vector<int> statuses(kClients, 0);
        std::vector<qint64> elapsed(kClients, 0);
        std::vector<std::thread> clients;
        for (int i = 0; i < kClients; ++i) {
            clients.emplace_back([&, i] {
                QElapsedTimer timer;
                timer.start();
                Client client(server.port());
                statuses[i] = client.request(get("/pause.php")).status;
                elapsed[i] = timer.elapsed();
            });
        }
        for (std::thread &client : clients)
            client.join();
        for (int i = 0; i < kClients; ++i) {
            QCOMPARE(statuses[i], 200);
            QVERIFY2(elapsed[i] < 6000,
                qPrintable(u"round %1, request %2: %3 ms"_s.arg(round).arg(i).arg(elapsed[i])));
        }
    }
}

void TestFastCgi::connectionsToPhpFpmAreBounded()
{
    // At most upstreamConnectionsPerWorker connections to one PHP-FPM per worker, the other
    // requests queued until one is free: 8 requests at once, a limit of 2 and a pool of 8
    // children run at most 2 scripts at once, and all are answered. Without the bound each
    // request opened its own connection (h2load -c 50 -m 100: 5,000, PHP-FPM's listen
    // backlog full, a fifth of them 502).
    QFile::remove(m_dir.filePath(u"active.txt"_s));
    QVERIFY(QDir().mkpath(m_dir.filePath(u"fpm-eight"_s)));
    PhpFpm fpm(m_dir.filePath(u"fpm-eight"_s), 8);
    QString error;
    QVERIFY2(fpm.start(&error), qPrintable(error));
    HttpServer server;
    QVERIFY(start(server, fpm.address(), 20000, 1, 2));
    constexpr int kClients = 8;
    std::vector<Client::Reply> replies(kClients);
    std::vector<std::thread> clients;
    for (int i = 0; i < kClients; ++i) {
        clients.emplace_back([&, i] {
            Client client(server.port());
            replies[i] = client.request(get("/concurrency.php"));
        });
    }
    for (std::thread &client : clients)
        client.join();
    for (int i = 0; i < kClients; ++i) {
        QCOMPARE(replies[i].status, 200);
        QVERIFY2(replies[i].body.toInt() >= 1 && replies[i].body.toInt() <= 2, replies[i].body.constData());
    }
    QFile active(m_dir.filePath(u"active.txt"_s));
    QVERIFY(active.open(QIODevice::ReadOnly));
    QCOMPARE(active.readAll(), QByteArray("0 2")); // none left running; 2 at once at most, and reached
    QVERIFY2(server.metrics().phpQueued >= 1, qPrintable(QString::number(server.metrics().phpQueued)));
}

void TestFastCgi::queuedRequestsTimeOutOrHangUp()
{
    // One connection per worker, held by a 2.5 s script of the site php.test (timeout 20 s).
    // A request to queue.test (same PHP-FPM, timeout 1 s) waits for it: 503 with Retry-After
    // after its 1 s, named in the error log and counted. A client of php.test that hangs up
    // while queued leaves the queue (499). The long script is answered, and the connection
    // serves the next request.
    QFile::remove(m_dir.filePath(u"access.log"_s));
    VirtualHost patient;
    patient.hostName = u"php.test"_s;
    patient.isDefault = true;
    patient.documentRoot = m_root;
    patient.accessLogEnabled = true;
    patient.accessLogPath = m_dir.filePath(u"access.log"_s);
    patient.errorLogPath = m_dir.filePath(u"error.log"_s);
    patient.php.address = m_fpm->address();
    patient.php.timeoutMs = 20000;
    VirtualHost hasty = patient;
    hasty.hostName = u"queue.test"_s;
    hasty.isDefault = false;
    hasty.php.timeoutMs = 1000;
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.upstreamConnectionsPerWorker = 1;
    HttpServer server;
    QString error;
    QVERIFY2(server.start(config, { patient, hasty }, &error), qPrintable(error));

    Client holder(server.port());
    QVERIFY(holder.send(get("/long.php")));
    QTest::qWait(300); // its connection to PHP-FPM opened, the script running

    {
        Client gone(server.port());
        QVERIFY(gone.send(get("/hello.php")));
        QTRY_VERIFY_WITH_TIMEOUT(server.metrics().phpQueued >= 1, 2000);
    } // hangs up while queued
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_dir.filePath(u"access.log"_s)), 3000);

    Client waiting(server.port());
    QElapsedTimer timer;
    timer.start();
    const Client::Reply busy = waiting.request("GET /hello.php HTTP/1.1\r\nHost: queue.test\r\n\r\n");
    QCOMPARE(busy.status, 503);
    QCOMPARE(busy.field("Retry-After"), QByteArray("1"));
    QVERIFY2(timer.elapsed() >= 900 && timer.elapsed() < 2400, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(server.metrics().phpErrors[7], quint64(1)); // queue_timeout
    QCOMPARE(server.metrics().phpQueued, quint64(2));
    QTRY_VERIFY_WITH_TIMEOUT(
        errorLog().contains(u"kept every connection this worker may open busy (1000 ms)"_s), 5000);

    const Client::Reply held = holder.read();
    QCOMPARE(held.status, 200);
    QCOMPARE(held.body, QByteArray("long"));
    const Client::Reply next = waiting.request("GET /hello.php HTTP/1.1\r\nHost: queue.test\r\n\r\n");
    QCOMPARE(next.status, 200);
    QCOMPARE(next.body, QByteArray("hello"));

    const auto accessLog = [this] {
        QFile file(m_dir.filePath(u"access.log"_s));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    QTRY_VERIFY2_WITH_TIMEOUT(
        accessLog().contains("\"GET /hello.php HTTP/1.1\" 499"), accessLog().constData(), 5000);
}

QTEST_GUILESS_MAIN(TestFastCgi)
#include "tst_fastcgi.moc"
