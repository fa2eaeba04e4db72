// A proxied path over HTTP/2 (issue #27 with #24): each stream goes to the
// upstream over HTTP/1.1 through the same ProxyResponder, pool and head
// rules as an HTTP/1.1 request (Http2ClientSide). Real sockets on
// 127.0.0.1: curl with h2c prior knowledge and with h2 by ALPN over TLS,
// nghttp2's own client, and raw frames (FrameClient.h) for windows and
// resets; upstreams: python3's http.server and an echo app as children,
// raw upstreams in the test for stalls and counts (Upstreams.h).
#include "FrameClient.h"
#include "ProcessRun.h"
#include "Upstreams.h"

#include "http/HttpServer.h"
#include "tls/LocalCa.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>

using namespace Qt::StringLiterals;
using namespace h2test;
using hostbench::http::HttpServer;
using hostbench::model::ProxyRoute;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::tls::LocalCa;

namespace {

// The echo app: the body's framing, length and MD5, then the head it got; two Set-Cookie.
constexpr char kEchoApp[] = R"(import hashlib, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
class Echo(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    def answer(self):
        data, mode = b'', 'none'
        if self.headers.get('Transfer-Encoding', '').lower() == 'chunked':
            mode = 'chunked'
            while True:
                size = int(self.rfile.readline().strip(), 16)
                if size == 0:
                    self.rfile.readline()
                    break
                data += self.rfile.read(size)
                self.rfile.readline()
        elif 'Content-Length' in self.headers:
            mode = 'length'
            data = self.rfile.read(int(self.headers['Content-Length']))
        body = ('%s %d %s\n' % (mode, len(data), hashlib.md5(data).hexdigest())).encode()
        body += ''.join('%s: %s\n' % kv for kv in self.headers.items()).encode()
        self.send_response(200)
        self.send_header('Content-Length', str(len(body)))
        self.send_header('Set-Cookie', 'a=1')
        self.send_header('Set-Cookie', 'b=2')
        self.send_header('Connection', 'keep-alive, x-private')
        self.send_header('X-Private', 'hop')
        self.end_headers()
        self.wfile.write(body)
    do_GET = do_POST = answer
    def log_message(self, *args):
        pass
ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), Echo).serve_forever()
)";

constexpr qint64 kBigBytes = 32 * 1024 * 1024;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

QByteArray md5Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex();
}

// Every HEADERS frame through the decoder in order; the status of `stream`'s and its DATA, until its end.
struct StreamReply
{
    QList<QByteArray> fields;
    QByteArray body;
    quint32 reset = ~0u;
    bool ended = false;
};

StreamReply readStream(FrameClient &client, quint32 stream)
{
    StreamReply reply;
    Frame frame;
    while (!reply.ended && reply.reset == ~0u && client.next(frame)) {
        if (frame.type == kHeaders) {
            const QList<QByteArray> fields = client.fieldsOf(frame);
            if (frame.stream == stream)
                reply.fields += fields;
        }
        if (frame.stream != stream)
            continue;
        if (frame.type == kData)
            reply.body += frame.payload;
        if (frame.type == kRstStream)
            reply.reset = frame.word(0);
        reply.ended = (frame.type == kData || frame.type == kHeaders) && (frame.flags & kEndStream);
    }
    return reply;
}

// Stream `stream`'s body of `total` bytes in DATA frames as far as both windows allow (65,535
// each at first, RFC 9113 §6.9), END_STREAM on the last, `sent` counting; its answer read
// meanwhile. `tick` is called between frames. Ends with the answer's end or reset, or 60 s.
StreamReply upload(
    FrameClient &client, quint32 stream, qint64 total, qint64 &sent, const std::function<void()> &tick)
{
    qint64 streamWindow = 65535;
    qint64 connectionWindow = 65535;
    StreamReply reply;
    const QByteArray piece(16384, 'u');
    QElapsedTimer timer;
    timer.start();
    while (!reply.ended && reply.reset == ~0u && timer.elapsed() < 60000 && !client.eof()) {
        tick();
        const qint64 room = std::min({ streamWindow, connectionWindow, qint64(piece.size()), total - sent });
        if (room > 0) {
            if (!client.send(kData, sent + room == total ? kEndStream : 0, stream, piece.left(room)))
                break;
            sent += room;
            streamWindow -= room;
            connectionWindow -= room;
            continue;
        }
        Frame frame;
        if (!client.next(frame, 100))
            continue;
        if (frame.type == kWindowUpdate)
            (frame.stream == 0 ? connectionWindow : streamWindow) += frame.word(0) & 0x7fffffff;
        if (frame.type == kHeaders)
            reply.fields += client.fieldsOf(frame);
        if (frame.stream != stream)
            continue;
        if (frame.type == kData)
            reply.body += frame.payload;
        if (frame.type == kRstStream)
            reply.reset = frame.word(0);
        reply.ended = (frame.type == kData || frame.type == kHeaders) && (frame.flags & kEndStream);
    }
    return reply;
}

} // namespace

class TestProxyH2 final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void sameBodiesOverEveryVersion_data();
    void sameBodiesOverEveryVersion();
    void requestHeadToTheUpstream_data();
    void requestHeadToTheUpstream();
    void requestBodies_data();
    void requestBodies();
    void largeDownloadByteIdenticalMemoryFlat();
    void closedWindowHoldsTheUpstream();
    void slowUpstreamHoldsTheClientsBody();
    void bodyPastTheLimitIs413_data();
    void bodyPastTheLimitIs413();
    void upstreamDownIs502();
    void slowUpstreamIs504();
    void clientResetClosesTheUpstream();
    void clientResetBeforeTheAnswerIs499();
    void manyStreamsOnOneConnection_data();
    void manyStreamsOnOneConnection();
    void timedAndLoggedAsHttp11();
    void upgradeAndConnectGetTheRfcAnswer_data();
    void upgradeAndConnectGetTheRfcAnswer();

private:
    enum class Via { H2c, H2Tls, Http11 };
    bool start(HttpServer &server, const QList<ProxyRoute> &routes, int timeoutMs = 5000, int pool = 64,
        qint64 bodyLimit = 128 * 1024 * 1024);
    // curl to app.test on `server`: its stdout (the body, then `-w`'s "\n<version> <status>").
    ProcessRun curl(const HttpServer &server, Via via, const QString &path, QStringList extra = {},
        const QByteArray &input = {}) const;
    QStringList lines(const QString &name) const;

    QTemporaryDir m_dir;
    QTemporaryDir m_data;
    QString m_root;
    std::unique_ptr<ChildUpstream> m_python;
    std::unique_ptr<ChildUpstream> m_echo;
    quint16 m_pythonPort = 0;
    quint16 m_echoPort = 0;
};

void TestProxyH2::initTestCase()
{
    QVERIFY(m_dir.isValid() && m_data.isValid());
    for (const char *tool : { "python3", "curl", "nghttp" }) {
        if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
            QSKIP(qPrintable(u"%1 is not installed (apt-get install python3 curl nghttp2-client)"_s.arg(
                QString::fromLatin1(tool))));
    }
    m_root = m_dir.filePath(u"root"_s);
    QVERIFY(QDir().mkpath(m_root + u"/app"_s));
    QFile page(m_root + u"/app/page.txt"_s);
    QVERIFY(page.open(QIODevice::WriteOnly) && page.write("from python\n") > 0);
    page.close();
    QFile big(m_root + u"/app/big.bin"_s);
    QVERIFY(big.open(QIODevice::WriteOnly));
    QByteArray block(1024 * 1024, '\0');
    for (qint64 written = 0; written < kBigBytes; written += block.size()) {
        for (qsizetype i = 0; i < block.size(); ++i)
            block[i] = char((written + i) * 131 >> 7);
        QVERIFY(big.write(block) == block.size());
    }
    big.close();
    QFile echo(m_dir.filePath(u"echo.py"_s));
    QVERIFY(echo.open(QIODevice::WriteOnly) && echo.write(kEchoApp) > 0);
    echo.close();
    m_pythonPort = ChildUpstream::freePort();
    m_python = std::make_unique<ChildUpstream>();
    QVERIFY(m_python->start(u"python3"_s,
        { u"-m"_s, u"http.server"_s, QString::number(m_pythonPort), u"--bind"_s, u"127.0.0.1"_s,
            u"--directory"_s, m_root },
        m_pythonPort));
    m_echoPort = ChildUpstream::freePort();
    m_echo = std::make_unique<ChildUpstream>();
    QVERIFY(m_echo->start(u"python3"_s, { echo.fileName(), QString::number(m_echoPort) }, m_echoPort));
}

void TestProxyH2::cleanupTestCase()
{
    m_echo.reset();
    m_python.reset();
}

bool TestProxyH2::start(
    HttpServer &server, const QList<ProxyRoute> &routes, int timeoutMs, int pool, qint64 bodyLimit)
{
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.isDefault = true;
    host.documentRoot = m_root;
    host.accessLogEnabled = true;
    host.accessLogPath = m_dir.filePath(u"access.log"_s);
    QFile::remove(host.accessLogPath);
    host.errorLogPath = m_dir.filePath(u"error.log"_s);
    QFile::remove(host.errorLogPath);
    host.proxy.routes = routes;
    host.limits.maxBodyBytes = bodyLimit;
    host.proxy.upstreamTimeoutMs = timeoutMs;
    host.proxy.logUpstreamTimes = true;
    ServerConfig config;
    config.port = 0;
    config.threads = 1; // one worker: one pool, so its bound and reuse are visible
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = m_data.path();
    config.upstreamConnectionsPerWorker = pool;
    QString error;
    const bool started = server.start(config, { host }, &error);
    if (!started)
        qWarning("%s", qPrintable(error));
    return started;
}

ProcessRun TestProxyH2::curl(
    const HttpServer &server, Via via, const QString &path, QStringList extra, const QByteArray &input) const
{
    const quint16 port = via == Via::H2Tls ? server.tlsPort() : server.port();
    QStringList arguments { u"-sS"_s, u"--resolve"_s, u"app.test:%1:127.0.0.1"_s.arg(port), u"-w"_s,
        u"\n%{http_version} %{http_code}"_s };
    if (via == Via::H2c)
        arguments << u"--http2-prior-knowledge"_s;
    if (via == Via::H2Tls)
        arguments << u"--http2"_s << u"--cacert"_s << LocalCa::folderIn(m_data.path()) + u"/rootCA.pem"_s;
    if (via == Via::Http11)
        arguments << u"--http1.1"_s;
    arguments << extra;
    arguments << u"%1://app.test:%2%3"_s.arg(via == Via::H2Tls ? u"https"_s : u"http"_s).arg(port).arg(path);
    return ProcessRun::run(u"curl"_s, arguments, input);
}

QStringList TestProxyH2::lines(const QString &name) const
{
    QFile file(m_dir.filePath(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
}

void TestProxyH2::sameBodiesOverEveryVersion_data()
{
    QTest::addColumn<int>("via");
    QTest::addColumn<QByteArray>("version");
    QTest::newRow("h2c prior knowledge") << int(Via::H2c) << QByteArray("2");
    QTest::newRow("h2 by ALPN") << int(Via::H2Tls) << QByteArray("2");
    QTest::newRow("HTTP/1.1") << int(Via::Http11) << QByteArray("1.1");
}

void TestProxyH2::sameBodiesOverEveryVersion()
{
    QFETCH(int, via);
    QFETCH(QByteArray, version);
    HttpServer server;
    QVERIFY(start(server, { { u"/app"_s, u"http://127.0.0.1:%1/app"_s.arg(m_pythonPort) } }));
    const ProcessRun page = curl(server, Via(via), u"/app/page.txt"_s, { u"-D"_s, u"-"_s });
    QVERIFY2(page.out.endsWith(QByteArray("from python\n\n" + version + " 200")), page.out.constData());
    // The engine's Server and Date, one of each; the upstream's own are gone.
    QCOMPARE(page.out.toLower().count("\nserver: hostbench/"), 1);
    QCOMPARE(page.out.toLower().count("\ndate: "), 1);
    QVERIFY2(!page.out.contains("SimpleHTTP"), page.out.constData());
    // A file of the same site stays the engine's, on the same protocol.
    QFile local(m_root + u"/local.txt"_s);
    QVERIFY(local.open(QIODevice::WriteOnly) && local.write("from files\n") > 0);
    local.close();
    QCOMPARE(curl(server, Via(via), u"/local.txt"_s).out, "from files\n\n" + version + " 200");
}

void TestProxyH2::requestHeadToTheUpstream_data()
{
    QTest::addColumn<int>("via");
    QTest::addColumn<QByteArray>("proto");
    QTest::newRow("h2c") << int(Via::H2c) << QByteArray("http");
    QTest::newRow("h2 over TLS") << int(Via::H2Tls) << QByteArray("https");
}

void TestProxyH2::requestHeadToTheUpstream()
{
    QFETCH(int, via);
    QFETCH(QByteArray, proto);
    HttpServer server;
    QVERIFY(start(server, { { u"/echo"_s, u"http://127.0.0.1:%1"_s.arg(m_echoPort) } }));
    const quint16 port = Via(via) == Via::H2Tls ? server.tlsPort() : server.port();
    const ProcessRun echoed = curl(server, Via(via), u"/echo/head?q=1"_s,
        { u"-D"_s, u"-"_s, u"-H"_s, u"X-Forwarded-For: 6.6.6.6"_s, u"-H"_s, u"Forwarded: for=evil"_s, u"-H"_s,
            u"Cookie: a=1"_s, u"-H"_s, u"Cookie: b=2"_s, u"-H"_s, u"TE: trailers"_s });
    QVERIFY2(echoed.out.endsWith(" 200"), QByteArray(echoed.out + echoed.err).constData());
    const qsizetype headEnd = echoed.out.indexOf("\r\n\r\n");
    QVERIFY(headEnd > 0);
    const QByteArray head = echoed.out.left(headEnd).toLower() + "\r\n";
    const QByteArray out = echoed.out.mid(headEnd); // the echo: what the upstream got
    // RFC 9113 §8.3.1: :authority is the Host the upstream gets; the client's
    // X-Forwarded-*/Forwarded replaced, never trusted (RFC 7239).
    QVERIFY2(
        out.contains(QByteArray("\nHost: app.test:" + QByteArray::number(port) + "\n")), out.constData());
    QVERIFY2(out.contains("\nX-Forwarded-For: 127.0.0.1\n"), out.constData());
    QVERIFY2(out.contains(QByteArray("\nX-Forwarded-Proto: " + proto + "\n")), out.constData());
    QVERIFY2(out.contains(QByteArray("\nForwarded: for=127.0.0.1;host=\"app.test:" + QByteArray::number(port)
                 + "\";proto=" + proto + "\n")),
        out.constData());
    QVERIFY2(!out.contains("6.6.6.6") && !out.contains("evil"), out.constData());
    // RFC 9113 §8.2.3: the cookie crumbs become one field for HTTP/1.1; TE is hop-by-hop.
    QCOMPARE(out.count("\ncookie: "), 1);
    QVERIFY2(out.contains("\ncookie: a=1; b=2\n"), out.constData());
    QVERIFY2(!out.toLower().contains("\nte: "), out.constData());
    // The answer: both Set-Cookie fields, and no connection-specific field (RFC 9113 §8.2.2)
    // nor one its Connection named.
    QCOMPARE(head.count("\nset-cookie: "), 2);
    QVERIFY2(
        !head.contains("\nconnection:") && !head.contains("\nx-private:") && !head.contains("keep-alive"),
        head.constData());
}

void TestProxyH2::requestBodies_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<QByteArray>("framing");
    QTest::newRow("content-length") << u"length"_s << QByteArray("length");
    QTest::newRow("no content-length, streamed") << u"stream"_s << QByteArray("chunked");
    QTest::newRow("no content-length, whole with its head") << u"whole"_s << QByteArray("length");
    QTest::newRow("none, the stream ended by HEADERS") << u"empty"_s << QByteArray("length");
}

void TestProxyH2::requestBodies()
{
    QFETCH(QString, how);
    QFETCH(QByteArray, framing);
    HttpServer server;
    QVERIFY(start(server, { { u"/echo"_s, u"http://127.0.0.1:%1"_s.arg(m_echoPort) } }));
    QByteArray body(300000, '\0');
    for (qsizetype i = 0; i < body.size(); ++i)
        body[i] = char(i * 7 + (i >> 10));
    QByteArray answer;
    if (how == u"whole"_s || how == u"empty"_s) {
        // HEADERS without END_STREAM or content-length, then the DATA that ends it, in one write:
        // its length is known once the read is handed over (Content-Length upstream). Or HEADERS
        // with END_STREAM: no body, and "Content-Length: 0" upstream (RFC 9110 §8.6).
        body = how == u"whole"_s ? QByteArray("hello") : QByteArray();
        FrameClient client(server.port());
        QVERIFY(client.greet());
        QVERIFY(client.writeAll(how == u"whole"_s
                ? FrameClient::frame(kHeaders, kEndHeaders, 1, headerBlock("POST", "app.test", "/echo/w"))
                    + FrameClient::frame(kData, kEndStream, 1, body)
                : FrameClient::frame(
                    kHeaders, kEndHeaders | kEndStream, 1, headerBlock("POST", "app.test", "/echo/e"))));
        const StreamReply reply = readStream(client, 1);
        QVERIFY2(reply.fields.contains(":status: 200"), reply.fields.join(u'\n').constData());
        answer = reply.body;
    } else {
        QFile file(m_dir.filePath(u"upload.bin"_s));
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(body) == body.size());
        file.close();
        // curl sends content-length for --data-binary, none for a body from its stdin (-T -).
        const QStringList args = how == u"length"_s
            ? QStringList { u"--data-binary"_s, u"@"_s + file.fileName() }
            : QStringList { u"-T"_s, u"-"_s, u"-X"_s, u"POST"_s };
        const ProcessRun run
            = curl(server, Via::H2c, u"/echo/p"_s, args, how == u"stream"_s ? body : QByteArray());
        QVERIFY2(run.out.endsWith("\n2 200"), QByteArray(run.out + run.err).constData());
        answer = run.out;
    }
    QVERIFY2(answer.startsWith(
                 QByteArray(framing + ' ' + QByteArray::number(body.size()) + ' ' + md5Hex(body) + '\n')),
        answer.constData());
}

void TestProxyH2::largeDownloadByteIdenticalMemoryFlat()
{
    // 32 MiB from python's http.server through the proxy to curl over h2c: the
    // same bytes, and the engine's memory one piece per stream, not the body.
    HttpServer server;
    QVERIFY(start(server, { { u"/app"_s, u"http://127.0.0.1:%1/app"_s.arg(m_pythonPort) } }, 30000));
    const QString got = m_dir.filePath(u"got.bin"_s);
    QVERIFY(resetPeakResident());
    const qint64 before = peakResidentKiB();
    const ProcessRun run = curl(server, Via::H2c, u"/app/big.bin"_s, { u"-o"_s, got });
    QVERIFY2(run.out == "\n2 200", QByteArray(run.out + run.err).constData());
    const qint64 grown = peakResidentKiB() - before;
    QCOMPARE(QFileInfo(got).size(), kBigBytes);
    QCOMPARE(fileHash(got, QCryptographicHash::Sha256),
        fileHash(m_root + u"/app/big.bin"_s, QCryptographicHash::Sha256));
    qInfo("peak resident memory grew by %lld KiB for a %lld KiB body", grown, kBigBytes / 1024);
    if (!kAddressSanitizer)
        QVERIFY2(grown < 12 * 1024, qPrintable(QString::number(grown)));
}

void TestProxyH2::closedWindowHoldsTheUpstream()
{
    // 64 MiB from an upstream to a raw client that opens no window (65,535
    // bytes for the stream and the connection, RFC 9113 §6.9.2): the stream
    // stops reading its upstream, which could send about its socket buffers'
    // worth and no more; once the client opens the windows, all of it arrives.
    constexpr qint64 kTotal = 64 * 1024 * 1024;
    std::atomic<qint64> sent { 0 };
    RawUpstream upstream([&sent](RawUpstream &up, int fd, int) {
        if (up.readRequest(fd).isEmpty())
            return;
        int small = 64 * 1024;
        ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
        RawUpstream::sendAll(
            fd, "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(kTotal) + "\r\n\r\n");
        const QByteArray piece(64 * 1024, 'w');
        while (sent < kTotal && RawUpstream::sendAll(fd, piece))
            sent += piece.size();
        RawUpstream::waitForClose(fd, 5000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 30000));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, headerBlock("GET", "app.test", "/huge")));
    QTest::qWait(1500);
    const qint64 whileClosed = sent.load();
    QVERIFY2(whileClosed < 16 * 1024 * 1024, qPrintable(QString::number(whileClosed)));
    // Open both windows all the way (2^31 - 1), then read to the end.
    const quint32 more = 0x7fffffff - 65535;
    QVERIFY(client.send(kWindowUpdate, 0, 0, FrameClient::word(more)));
    QVERIFY(client.send(kWindowUpdate, 0, 1, FrameClient::word(more)));
    const StreamReply reply = readStream(client, 1);
    QVERIFY(reply.fields.contains(":status: 200"));
    QVERIFY(reply.ended);
    QCOMPARE(qint64(reply.body.size()), kTotal);
    QVERIFY(reply.body.endsWith("wwww"));
}

void TestProxyH2::slowUpstreamHoldsTheClientsBody()
{
    // A 64 MiB upload to an upstream that reads its head, then nothing for a
    // while: the stream's window is opened only by what the responder hands
    // on to the upstream, so the client can send about the sockets' buffers'
    // worth and waits (no whole-body buffering in the engine); once the
    // upstream reads, all of it arrives.
    constexpr qint64 kTotal = 64 * 1024 * 1024;
    std::atomic<bool> reading { false };
    RawUpstream upstream([&reading](RawUpstream &up, int fd, int) {
        int small = 64 * 1024;
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
        QByteArray head;
        char byte = 0;
        while (!head.endsWith("\r\n\r\n") && ::recv(fd, &byte, 1, 0) == 1)
            head.append(byte);
        QElapsedTimer held;
        held.start();
        while (!reading && !up.stopping() && held.elapsed() < 20000)
            QThread::msleep(10);
        qint64 got = 0;
        char chunk[65536];
        while (got < kTotal) {
            const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
            if (n <= 0)
                return;
            got += n;
        }
        const QByteArray body = QByteArray::number(got);
        RawUpstream::sendAll(
            fd, "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        RawUpstream::waitForClose(fd, 5000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 30000));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders, 1,
        headerBlock("POST", "app.test", "/upload", { { "content-length", QByteArray::number(kTotal) } })));
    // What the client could send by 2.5 s and by 4.5 s while the upstream read nothing:
    // the sockets' buffers' worth, then not a byte more.
    qint64 sentAtFirst = -1;
    qint64 sentWhileHeld = -1;
    QElapsedTimer timer;
    timer.start();
    qint64 sent = 0;
    const StreamReply reply = upload(client, 1, kTotal, sent, [&] {
        if (sentAtFirst < 0 && timer.elapsed() >= 2500)
            sentAtFirst = sent;
        if (sentWhileHeld < 0 && timer.elapsed() >= 4500) {
            sentWhileHeld = sent;
            reading = true;
        }
    });
    qInfo("%lld bytes sent by 2.5 s, %lld by 4.5 s while the upstream read nothing", sentAtFirst,
        sentWhileHeld);
    QVERIFY2(sentAtFirst >= 0 && sentWhileHeld >= 0, "the upload ended early");
    QVERIFY2(sentWhileHeld < 16 * 1024 * 1024, qPrintable(QString::number(sentWhileHeld)));
    QVERIFY2(
        sentWhileHeld - sentAtFirst < 1024 * 1024, qPrintable(QString::number(sentWhileHeld - sentAtFirst)));
    QVERIFY2(reply.reset == ~0u, qPrintable(QString::number(reply.reset)));
    QVERIFY2(reply.fields.contains(":status: 200"), reply.fields.join('\n').constData());
    QCOMPARE(sent, kTotal);
    QCOMPARE(reply.body, QByteArray::number(kTotal));
}

void TestProxyH2::bodyPastTheLimitIs413_data()
{
    QTest::addColumn<bool>("withLength");
    QTest::newRow("content-length past the limit") << true;
    QTest::newRow("no content-length, DATA past the limit") << false;
}

void TestProxyH2::bodyPastTheLimitIs413()
{
    // The site's body limit (100,000 bytes here) holds on a stream as on
    // HTTP/1.1: a content-length past it is 413 before the upstream is asked;
    // a body without one is 413 once its DATA pass it. Either way the
    // connection goes on.
    QFETCH(bool, withLength);
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(m_echoPort) } }, 5000, 64, 100000));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    constexpr qint64 kBody = 300000;
    QList<std::pair<QByteArray, QByteArray>> fields;
    if (withLength)
        fields.append({ "content-length", QByteArray::number(kBody) });
    QVERIFY(client.send(kHeaders, kEndHeaders, 1, headerBlock("POST", "app.test", "/big", fields)));
    qint64 sent = 0;
    const StreamReply reply = upload(client, 1, kBody, sent, [] {});
    QVERIFY2(reply.fields.contains(":status: 413"), reply.fields.join('\n').constData());
    QVERIFY2(sent < kBody, qPrintable(QString::number(sent))); // told to stop, not read to its end
    QTRY_VERIFY_WITH_TIMEOUT(!lines(u"access.log"_s).isEmpty(), 5000);
    QVERIFY2(lines(u"access.log"_s).constFirst().contains(u"\"POST /big HTTP/2.0\" 413 "_s),
        qPrintable(lines(u"access.log"_s).constFirst()));
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, headerBlock("GET", "app.test", "/x")));
    QVERIFY(readStream(client, 3).fields.contains(":status: 200"));
}

void TestProxyH2::upstreamDownIs502()
{
    // Refused: 502 at once with the page that says no app listens there, the
    // error-log line and the /metrics counter of HTTP/1.1; the connection goes on.
    const quint16 closed = ChildUpstream::freePort(); // nothing listens there
    HttpServer server;
    QVERIFY(start(server, { { u"/api"_s, u"http://127.0.0.1:%1"_s.arg(closed) } }));
    const ProcessRun run = curl(server, Via::H2c, u"/api/x"_s, { u"-D"_s, u"-"_s });
    QVERIFY2(run.out.endsWith("\n2 502"), QByteArray(run.out + run.err).constData());
    QVERIFY2(run.out.contains("retry-after: 1\r\n"), run.out.constData());
    QCOMPARE(server.metrics().proxyErrors.at(0), quint64(1)); // refused
    QTRY_VERIFY_WITH_TIMEOUT(!lines(u"error.log"_s).isEmpty(), 5000);
    const QString line = lines(u"error.log"_s).constFirst();
    QVERIFY2(line.contains(u"site app.test, upstream http://127.0.0.1:%1: connection failed"_s.arg(closed)),
        qPrintable(line));
    // A HEAD's 502 has no body; a second stream on the same connection is answered too.
    const ProcessRun twice = ProcessRun::run(u"nghttp"_s,
        { u"-nv"_s, u"http://127.0.0.1:%1/api/a"_s.arg(server.port()),
            u"http://127.0.0.1:%1/api/b"_s.arg(server.port()) });
    QCOMPARE(twice.out.count(":status: 502"), 2);
    QVERIFY2(!twice.out.contains("recv RST_STREAM"), twice.out.constData());
}

void TestProxyH2::slowUpstreamIs504()
{
    // No answer within the site's upstream timeout: 504, counted and logged as on HTTP/1.1.
    RawUpstream upstream([](RawUpstream &up, int fd, int) {
        if (!up.readRequest(fd).isEmpty())
            RawUpstream::waitForClose(fd, 10000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 400));
    QElapsedTimer timer;
    timer.start();
    const ProcessRun run = curl(server, Via::H2c, u"/slow"_s);
    QVERIFY2(run.out.endsWith("\n2 504"), QByteArray(run.out + run.err).constData());
    QVERIFY2(timer.elapsed() >= 400, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(server.metrics().proxyErrors.at(1), quint64(1)); // timeout
    QTRY_VERIFY_WITH_TIMEOUT(!lines(u"error.log"_s).isEmpty(), 5000);
    QVERIFY2(lines(u"error.log"_s).constFirst().contains(u"timed out"_s),
        qPrintable(lines(u"error.log"_s).join(u'\n')));
}

void TestProxyH2::clientResetClosesTheUpstream()
{
    // RST_STREAM CANCEL mid-download: the stream's upstream connection is closed, never
    // pooled with unread bytes (the descriptors come back to what they were); the
    // connection and its other streams go on.
    HttpServer server;
    QVERIFY(start(server, { { u"/app"_s, u"http://127.0.0.1:%1/app"_s.arg(m_pythonPort) } }, 30000));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    QVERIFY(
        client.send(kHeaders, kEndHeaders | kEndStream, 3, headerBlock("GET", "app.test", "/app/page.txt")));
    QCOMPARE(readStream(client, 3).body, QByteArray("from python\n"));
    QTest::qWait(200); // python closes its side after each answer: that socket goes
    const int baseline = openDescriptors();
    QVERIFY(
        client.send(kHeaders, kEndHeaders | kEndStream, 5, headerBlock("GET", "app.test", "/app/big.bin")));
    Frame frame;
    bool data = false;
    while (!data && client.next(frame)) {
        if (frame.type == kHeaders)
            client.fieldsOf(frame);
        data = frame.type == kData && frame.stream == 5;
    }
    QVERIFY2(data, "no DATA for the download");
    QVERIFY(openDescriptors() > baseline); // its upstream connection
    QVERIFY(client.send(kRstStream, 0, 5, FrameClient::word(kCancel)));
    QTRY_COMPARE_WITH_TIMEOUT(openDescriptors(), baseline, 10000);
    // The download's DATA used the connection's window (this client opens none by itself).
    QVERIFY(client.send(kWindowUpdate, 0, 0, FrameClient::word(1 << 20)));
    QVERIFY(
        client.send(kHeaders, kEndHeaders | kEndStream, 7, headerBlock("GET", "app.test", "/app/page.txt")));
    const StreamReply after = readStream(client, 7);
    QVERIFY2(after.reset == ~0u, qPrintable(QString::number(after.reset)));
    QVERIFY2(after.fields.contains(":status: 200"), after.fields.join('\n').constData());
    QCOMPARE(after.body, QByteArray("from python\n"));
    QTRY_VERIFY_WITH_TIMEOUT(lines(u"access.log"_s).size() == 3, 5000);
    QVERIFY2(lines(u"access.log"_s).at(1).contains(u"\"GET /app/big.bin HTTP/2.0\" 200 "_s),
        qPrintable(lines(u"access.log"_s).join(u'\n')));
}

void TestProxyH2::clientResetBeforeTheAnswerIs499()
{
    // RST_STREAM CANCEL while the upstream has not answered: its connection is closed at
    // once (not at the upstream timeout), and the line is nginx's 499, as on HTTP/1.1.
    std::atomic<bool> sawClose { false };
    RawUpstream upstream([&sawClose](RawUpstream &up, int fd, int) {
        if (!up.readRequest(fd).isEmpty())
            sawClose = RawUpstream::waitForClose(fd, 20000);
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 30000));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, headerBlock("GET", "app.test", "/wait")));
    QTRY_COMPARE_WITH_TIMEOUT(upstream.requests().size(), 1, 5000);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(client.send(kRstStream, 0, 1, FrameClient::word(kCancel)));
    QTRY_VERIFY_WITH_TIMEOUT(sawClose.load(), 5000);
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QTRY_VERIFY_WITH_TIMEOUT(!lines(u"access.log"_s).isEmpty(), 5000);
    QVERIFY2(lines(u"access.log"_s).constFirst().contains(u"\"GET /wait HTTP/2.0\" 499 0 "_s),
        qPrintable(lines(u"access.log"_s).constFirst()));
}

void TestProxyH2::manyStreamsOnOneConnection_data()
{
    QTest::addColumn<int>("pool");
    QTest::newRow("a connection each") << 64;
    QTest::newRow("beyond the pool: queued") << 2;
}

void TestProxyH2::manyStreamsOnOneConnection()
{
    // 8 streams at once on one connection: each its own upstream connection
    // from the pool (the upstream holds each answer until all 8 came), or,
    // past the pool's bound, a wait in its queue as an HTTP/1.1 request waits.
    QFETCH(int, pool);
    constexpr int kStreams = 8;
    const int together = std::min(kStreams, pool);
    RawUpstream upstream([together](RawUpstream &up, int fd, int) {
        for (;;) {
            const QByteArray request = up.readRequest(fd);
            if (request.isEmpty())
                return;
            QElapsedTimer waited;
            waited.start();
            while (up.accepted() < together && waited.elapsed() < 3000)
                QThread::msleep(5);
            const QByteArray body
                = request.split(' ').value(1) + (up.accepted() >= together ? " together" : "");
            if (!RawUpstream::sendAll(fd,
                    "HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n"
                        + body))
                return;
        }
    });
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(upstream.port()) } }, 10000, pool));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    QByteArray burst;
    for (int i = 0; i < kStreams; ++i)
        burst += FrameClient::frame(kHeaders, kEndHeaders | kEndStream, quint32(2 * i + 1),
            headerBlock("GET", "app.test", "/s" + QByteArray::number(2 * i + 1)));
    QVERIFY(client.writeAll(burst));
    QMap<quint32, QByteArray> bodies;
    int ended = 0;
    Frame frame;
    while (ended < kStreams && client.next(frame)) {
        if (frame.type == kHeaders)
            QVERIFY(client.fieldsOf(frame).contains(":status: 200"));
        if (frame.type == kData)
            bodies[frame.stream] += frame.payload;
        if ((frame.type == kData || frame.type == kHeaders) && (frame.flags & kEndStream))
            ++ended;
        QVERIFY2(frame.type != kRstStream && frame.type != kGoaway, "a stream or the connection was reset");
    }
    QCOMPARE(ended, kStreams);
    for (int i = 0; i < kStreams; ++i)
        QCOMPARE(bodies.value(quint32(2 * i + 1)), "/s" + QByteArray::number(2 * i + 1) + " together");
    QCOMPARE(upstream.accepted(), together);
    QCOMPARE(server.metrics().proxyQueued > 0, pool < kStreams);
}

void TestProxyH2::timedAndLoggedAsHttp11()
{
    // The upstream's times on a stream: the site's histograms and the access
    // log's three times, as nginx's $upstream_*_time, the line saying HTTP/2.0.
    HttpServer server;
    QVERIFY(start(server, { { u"/app"_s, u"http://127.0.0.1:%1/app"_s.arg(m_pythonPort) } }));
    QCOMPARE(curl(server, Via::H2c, u"/app/page.txt"_s).out, QByteArray("from python\n\n2 200"));
    QTRY_COMPARE_WITH_TIMEOUT(server.metrics().requests, quint64(1), 10000);
    const auto site = server.metrics().perSite.value(0);
    QCOMPARE(site.upstreamTime.count(), quint64(1));
    QCOMPARE(site.upstreamHeaderTime.count(), quint64(1));
    QVERIFY(site.proxiedServiceSumUs >= site.upstreamTime.sumUs);
    QTRY_VERIFY_WITH_TIMEOUT(!lines(u"access.log"_s).isEmpty(), 5000);
    static const QRegularExpression line(
        u"\"GET /app/page.txt HTTP/2.0\" 200 12 \"-\" \"curl/[^\"]+\" \\d+\\.\\d{3} \\d+\\.\\d{3} \\d+\\.\\d{3}$"_s);
    QVERIFY2(line.match(lines(u"access.log"_s).constFirst()).hasMatch(),
        qPrintable(lines(u"access.log"_s).constFirst()));
}

void TestProxyH2::upgradeAndConnectGetTheRfcAnswer_data()
{
    QTest::addColumn<QByteArray>("block");
    QTest::addColumn<quint32>("reset");
    QTest::addColumn<QByteArray>("status");
    // No WebSocket over HTTP/2 (RFC 8441 is not offered): Upgrade is a
    // connection-specific field (RFC 9113 §8.2.2), :protocol needs
    // SETTINGS_ENABLE_CONNECT_PROTOCOL, which the engine never sends: both malformed.
    QTest::newRow("upgrade: websocket")
        << headerBlock("GET", "app.test", "/ws", { { "upgrade", "websocket" } }) << kProtocolError
        << QByteArray();
    QByteArray extended;
    appendLiteral(extended, ":method", "CONNECT");
    appendLiteral(extended, ":protocol", "websocket");
    appendLiteral(extended, ":scheme", "http");
    appendLiteral(extended, ":authority", "app.test");
    appendLiteral(extended, ":path", "/ws");
    QTest::newRow("extended CONNECT (RFC 8441)") << extended << kProtocolError << QByteArray();
    // A plain CONNECT (RFC 9113 §8.5) asks for a tunnel the engine does not
    // offer (it is no forward proxy): 400, as HTTP/1.1's CONNECT gets.
    QByteArray connect;
    appendLiteral(connect, ":method", "CONNECT");
    appendLiteral(connect, ":authority", "app.test:443");
    QTest::newRow("CONNECT") << connect << ~0u << QByteArray(":status: 400");
}

void TestProxyH2::upgradeAndConnectGetTheRfcAnswer()
{
    QFETCH(QByteArray, block);
    QFETCH(quint32, reset);
    QFETCH(QByteArray, status);
    HttpServer server;
    QVERIFY(start(server, { { u"/"_s, u"http://127.0.0.1:%1"_s.arg(m_echoPort) } }));
    FrameClient client(server.port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, block));
    const StreamReply reply = readStream(client, 1);
    QCOMPARE(reply.reset, reset);
    if (!status.isEmpty())
        QVERIFY2(reply.fields.contains(status), reply.fields.join(u'\n').constData());
    // The connection goes on.
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, headerBlock("GET", "app.test", "/x")));
    QVERIFY(readStream(client, 3).fields.contains(":status: 200"));
}

QTEST_GUILESS_MAIN(TestProxyH2)
#include "tst_proxyh2.moc"
