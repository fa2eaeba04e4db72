#include "FrameClient.h"

#include "http/Http2Connection.h"
#include "http/HttpServer.h"
#include "tls/LocalCa.h"

#include <QByteArray>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nghttp2/nghttp2.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <memory>
#include <thread>

using hostbench::http::Http2Connection;
using hostbench::http::HttpServer;
using hostbench::model::Route;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::tls::LocalCa;

using namespace Qt::StringLiterals;
using namespace h2test;

namespace {

QByteArray requestBlock(const QByteArray &path, const QList<std::pair<QByteArray, QByteArray>> &extra = {})
{
    return headerBlock("GET", "a.test", path, extra);
}

} // namespace

// Issue #27, the engine's side: HTTP/2 (RFC 9113) served by nghttp2, h2c with
// prior knowledge on the cleartext listener and h2 by ALPN on the TLS one,
// checked with real clients (curl, nghttp from nghttp2-client) against the
// same files over HTTP/1.1, and with raw frames for what clients never send.
class TestHttp2 final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void h2cServesTheSameBodiesAsHttp11();
    void h2ByAlpnOverTls();
    void http11StaysHttp11();
    void nghttpStatusCases_data();
    void nghttpStatusCases();
    void virtualHostsByAuthority();
    void accessLogSaysHttp2();
    void dynamicPathsServedOverHttp2();
    void oversizedHeaderSectionGets431();
    void malformedRequestsGetStreamErrors_data();
    void malformedRequestsGetStreamErrors();
    void continuationFloodEndsTheConnection();
    void streamsBeyondTheLimitEndTheConnection();
    void rapidResetFloodGetsGoaway();
    void dataBeyondTheWindowIsAFlowControlError();
    void bodyFillingTheWindowIsAnsweredEarly();
    void paddedDataCountsAgainstTheBody();
    void dynamicPathAnsweredBeforeItsBodyEnds();
    void headersOnAClosedStreamEndTheConnection();
    void hpackBombGets431();
    void stopSendsGoawayAndFinishesTheStream();
    void reloadSendsGoawayAndFinishesTheStream();
    void idleConnectionGetsGoaway();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    static Run run(const QString &program, const QStringList &arguments);
    QString rootPath() const { return LocalCa::folderIn(m_data.path()) + u"/rootCA.pem"_s; }
    QString h2cUrl(const QString &path) const
    {
        return u"http://127.0.0.1:%1%2"_s.arg(m_server->port()).arg(path);
    }
    QStringList curlTls(const QString &name) const
    {
        return { u"-sS"_s, u"--resolve"_s, u"%1:%2:127.0.0.1"_s.arg(name).arg(m_server->tlsPort()),
            u"--cacert"_s, rootPath(), u"--capath"_s, m_dir.path() };
    }
    // nghttp -nv: the response's :status (from the frames it prints), -1 when none.
    static int nghttpStatus(const Run &got);
    QList<VirtualHost> sites() const;
    QByteArray fileBytes(const QString &relative) const;

    QTemporaryDir m_dir;
    QTemporaryDir m_data;
    std::unique_ptr<HttpServer> m_server;
    bool m_haveCurl = false;
    bool m_haveNghttp = false;
};

TestHttp2::Run TestHttp2::run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    Run result;
    if (!process.waitForStarted(10000))
        return result;
    process.closeWriteChannel();
    if (!process.waitForFinished(30000)) {
        process.kill(); // the child we started, by its handle
        process.waitForFinished();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

int TestHttp2::nghttpStatus(const Run &got)
{
    static const QRegularExpression status(u"recv \\(stream_id=\\d+\\) :status: (\\d{3})"_s);
    const QRegularExpressionMatch match = status.match(QString::fromLatin1(got.out));
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

QByteArray TestHttp2::fileBytes(const QString &relative) const
{
    QFile file(m_dir.filePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void TestHttp2::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_data.isValid());
    for (const char *name : { "a", "b" }) {
        QVERIFY(QDir(m_dir.path()).mkpath(QString::fromLatin1(name)));
        QFile index(m_dir.filePath(QString::fromLatin1(name) + u"/index.html"_s));
        QVERIFY(index.open(QIODevice::WriteOnly));
        index.write(QByteArray("site ") + name + '\n');
    }
    QVERIFY(QDir(m_dir.path()).mkpath(u"a/folder"_s));
    QFile text(m_dir.filePath(u"a/folder/text.txt"_s));
    QVERIFY(text.open(QIODevice::WriteOnly));
    text.write(QByteArray(5000, 'x') + "end\n");
    text.close();
    // Beyond the inline limit, the default window (64 KiB) and a write batch: read in DATA frames.
    QByteArray large(3 * 1024 * 1024 + 123, '\0');
    for (qsizetype i = 0; i < large.size(); ++i)
        large[i] = char((i * 131) ^ (i >> 9));
    QFile file(m_dir.filePath(u"a/large.bin"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(large), large.size());
    // W2's size: cached with its descriptor (FileCache::kSendfileMinBytes), sent
    // from the cached bytes over HTTP/2, by sendfile over HTTP/1.1.
    QFile medium(m_dir.filePath(u"a/medium.bin"_s));
    QVERIFY(medium.open(QIODevice::WriteOnly));
    QCOMPARE(medium.write(large.left(45056)), 45056);
    m_haveCurl = !QStandardPaths::findExecutable(u"curl"_s).isEmpty();
    m_haveNghttp = !QStandardPaths::findExecutable(u"nghttp"_s).isEmpty();
}

QList<VirtualHost> TestHttp2::sites() const
{
    VirtualHost a;
    a.hostName = u"a.test"_s;
    a.isDefault = true;
    a.documentRoot = m_dir.filePath(u"a"_s);
    a.directoryListing = true;
    a.accessLogEnabled = true;
    a.accessLogPath = m_dir.filePath(u"a.access.log"_s);
    a.errorLogEnabled = false;
    Route route;
    route.path = u"/hello"_s;
    route.body = "hello over any version\n";
    a.routes = { route };
    VirtualHost b = a;
    b.hostName = u"b.test"_s;
    b.isDefault = false;
    b.documentRoot = m_dir.filePath(u"b"_s);
    b.routes = {};
    b.accessLogEnabled = false;
    b.accessLogPath.clear();
    // A proxied path to a port where nothing listens: HTTP/1.1 answers 502.
    VirtualHost c = b;
    c.hostName = u"c.test"_s;
    c.documentRoot = m_dir.filePath(u"b"_s);
    c.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:9"_s } };
    return { a, b, c };
}

void TestHttp2::init()
{
    m_server = std::make_unique<HttpServer>();
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    config.tlsEnabled = true;
    config.tlsPort = 0;
    config.dataFolder = m_data.path();
    QVERIFY(config.http2Enabled); // the default
    QString error;
    QVERIFY2(m_server->start(config, sites(), &error), qPrintable(error));
}

void TestHttp2::cleanup()
{
    m_server.reset();
}

void TestHttp2::h2cServesTheSameBodiesAsHttp11()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    for (const QString &path :
        { u"/"_s, u"/folder/text.txt"_s, u"/medium.bin"_s, u"/large.bin"_s, u"/folder/"_s, u"/hello"_s }) {
        const Run h2 = run(u"curl"_s,
            { u"-sS"_s, u"--http2-prior-knowledge"_s, u"-w"_s, u"\n%{http_version} %{http_code}"_s,
                h2cUrl(path) });
        QVERIFY2(h2.exitCode == 0, h2.err.constData());
        const Run h1 = run(u"curl"_s,
            { u"-sS"_s, u"--http1.1"_s, u"-w"_s, u"\n%{http_version} %{http_code}"_s, h2cUrl(path) });
        QVERIFY2(h1.exitCode == 0, h1.err.constData());
        QVERIFY2(
            h2.out.endsWith("\n2 200"), qPrintable(path + u": "_s + QString::fromLatin1(h2.out.right(40))));
        QVERIFY2(h1.out.endsWith("\n1.1 200"), qPrintable(path));
        QCOMPARE(h2.out.chopped(6).size(), h1.out.chopped(8).size());
        QVERIFY2(h2.out.chopped(6) == h1.out.chopped(8), qPrintable(path));
    }
    const Run large = run(u"curl"_s, { u"-sS"_s, u"--http2-prior-knowledge"_s, h2cUrl(u"/large.bin"_s) });
    QVERIFY(large.out == fileBytes(u"a/large.bin"_s));
    // Counted: a connection and a stream for each of the seven HTTP/2 fetches.
    QCOMPARE(m_server->metrics().http2Connections, quint64(7));
    QCOMPARE(m_server->metrics().http2Streams, quint64(7));
}

void TestHttp2::h2ByAlpnOverTls()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    const QString url = u"https://a.test:%1/large.bin"_s.arg(m_server->tlsPort());
    const Run h2 = run(u"curl"_s, curlTls(u"a.test"_s) << u"--http2"_s << u"-D"_s << u"-"_s << url);
    QVERIFY2(h2.exitCode == 0, h2.err.constData());
    QVERIFY2(h2.out.startsWith("HTTP/2 200"), h2.out.left(200).constData());
    // No connection-specific field in an HTTP/2 response (RFC 9113 §8.2.2); HSTS-free here.
    const QByteArray head = h2.out.left(h2.out.indexOf("\r\n\r\n")).toLower();
    QVERIFY2(!head.contains("\nconnection:") && !head.contains("keep-alive")
            && !head.contains("transfer-encoding"),
        head.constData());
    QVERIFY(head.contains("\ncontent-length: 3145851"));
    QVERIFY(h2.out.mid(h2.out.indexOf("\r\n\r\n") + 4) == fileBytes(u"a/large.bin"_s));
    // A 206 over TLS as well.
    const Run range = run(u"curl"_s,
        curlTls(u"a.test"_s) << u"--http2"_s << u"-r"_s << u"65530-65545"_s << u"-w"_s
                             << u"\n%{http_version} %{http_code}"_s << url);
    QVERIFY2(range.out.endsWith("\n2 206"), range.out.right(20).constData());
    QVERIFY(range.out.chopped(6) == fileBytes(u"a/large.bin"_s).mid(65530, 16));
}

void TestHttp2::http11StaysHttp11()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    // ALPN offering only http/1.1, and cleartext without prior knowledge: HTTP/1.1 as before.
    const Run tls = run(u"curl"_s,
        curlTls(u"a.test"_s) << u"--http1.1"_s << u"-w"_s << u"\n%{http_version}"_s
                             << u"https://a.test:%1/"_s.arg(m_server->tlsPort()));
    QVERIFY2(tls.out == "site a\n\n1.1", tls.out.constData());
    const Run plain = run(u"curl"_s, { u"-sS"_s, u"-w"_s, u"\n%{http_version}"_s, h2cUrl(u"/"_s) });
    QVERIFY2(plain.out == "site a\n\n1.1", plain.out.constData());
    // A request line that starts like the preface but is not it is HTTP/1.1's to answer.
    const Run pri = run(u"curl"_s,
        { u"-sS"_s, u"-X"_s, u"PRI"_s, u"-o"_s, u"/dev/null"_s, u"-w"_s, u"%{http_code}"_s, h2cUrl(u"/"_s) });
    QCOMPARE(pri.out, QByteArray("405"));
}

void TestHttp2::nghttpStatusCases_data()
{
    QTest::addColumn<QStringList>("headers");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("expect"); // in nghttp's output (the frames), lower case

    QTest::newRow("200") << QStringList() << u"/folder/text.txt"_s << 200
                         << QByteArray("content-length: 5004");
    QTest::newRow("304") << QStringList { u"if-none-match: ETAG"_s } << u"/folder/text.txt"_s << 304
                         << QByteArray("etag: ");
    QTest::newRow("206") << QStringList { u"range: bytes=10-19"_s } << u"/folder/text.txt"_s << 206
                         << QByteArray("content-range: bytes 10-19/5004");
    QTest::newRow("404") << QStringList() << u"/missing"_s << 404 << QByteArray("content-type: text/html");
    QTest::newRow("route") << QStringList() << u"/hello"_s << 200 << QByteArray("content-length: 23");
    QTest::newRow("head") << QStringList { u":method: HEAD"_s } << u"/folder/text.txt"_s << 200
                          << QByteArray("content-length: 5004");
    QTest::newRow("listing") << QStringList() << u"/folder/"_s << 200 << QByteArray("text.txt");
    QTest::newRow("405") << QStringList { u":method: DELETE"_s } << u"/"_s << 405
                         << QByteArray("allow: get, head, options");
}

void TestHttp2::nghttpStatusCases()
{
    if (!m_haveNghttp)
        QSKIP("nghttp is not installed (apt-get install nghttp2-client)");
    QFETCH(QStringList, headers);
    QFETCH(QString, path);
    QFETCH(int, status);
    QFETCH(QByteArray, expect);
    if (!headers.isEmpty() && headers.front().contains(u"ETAG"_s)) {
        // The validator a GET gets, sent back.
        const Run first = run(u"nghttp"_s, { u"-nv"_s, h2cUrl(path) });
        static const QRegularExpression etag(u"recv \\(stream_id=\\d+\\) etag: (\"[^\"]+\")"_s);
        const QRegularExpressionMatch match = etag.match(QString::fromLatin1(first.out));
        QVERIFY2(match.hasMatch(), first.out.constData());
        headers.front().replace(u"ETAG"_s, match.captured(1));
    }
    QStringList arguments { u"-v"_s };
    for (const QString &header : headers)
        arguments << u"-H"_s << header;
    const bool head = !headers.isEmpty() && headers.front().startsWith(u":method: HEAD"_s);
    // Cleartext (prior knowledge) and TLS (ALPN): the same answers.
    for (const QString &url :
        { h2cUrl(path), u"https://127.0.0.1:%1%2"_s.arg(m_server->tlsPort()).arg(path) }) {
        const Run got = run(u"nghttp"_s, arguments + QStringList { url });
        QVERIFY2(got.exitCode == 0, got.err.constData());
        QVERIFY2(nghttpStatus(got) == status, got.out.left(3000).constData());
        QVERIFY2(got.out.toLower().contains(expect), got.out.left(3000).constData());
        QVERIFY2(!got.out.contains("recv (stream_id=13) connection:"), got.out.constData());
        if (head)
            QVERIFY2(!got.out.contains("recv DATA frame"), got.out.constData()); // HEAD: no body
        if (status == 304)
            QVERIFY2(!got.out.contains("content-length:"), got.out.constData());
    }
    // The 206's bytes are the file's.
    if (status == 206) {
        const Run body = run(u"nghttp"_s, { u"-H"_s, headers.front(), h2cUrl(path) });
        QCOMPARE(body.out, fileBytes(u"a/folder/text.txt"_s).mid(10, 10));
    }
}

void TestHttp2::virtualHostsByAuthority()
{
    if (!m_haveNghttp || !m_haveCurl)
        QSKIP("nghttp and curl are needed (apt-get install nghttp2-client curl)");
    // nghttp sends the URL's authority as :authority; -H overrides it.
    const Run a = run(u"nghttp"_s, { u"-H"_s, u":authority: a.test"_s, h2cUrl(u"/"_s) });
    const Run b = run(u"nghttp"_s, { u"-H"_s, u":authority: b.test"_s, h2cUrl(u"/"_s) });
    QCOMPARE(a.out, QByteArray("site a\n"));
    QCOMPARE(b.out, QByteArray("site b\n"));
    // Over TLS, by SNI and :authority alike (curl sends the name as both).
    const Run tlsB = run(
        u"curl"_s, curlTls(u"b.test"_s) << u"--http2"_s << u"https://b.test:%1/"_s.arg(m_server->tlsPort()));
    QCOMPARE(tlsB.out, QByteArray("site b\n"));
    // :authority naming another site than the certificate's (SNI a.test): 421 (RFC 9110 §15.5.20).
    const Run misdirected = run(u"curl"_s,
        curlTls(u"a.test"_s) << u"--http2"_s << u"-H"_s << u"Host: b.test"_s << u"-o"_s << u"/dev/null"_s
                             << u"-w"_s << u"%{http_version} %{http_code}"_s
                             << u"https://a.test:%1/"_s.arg(m_server->tlsPort()));
    QCOMPARE(misdirected.out, QByteArray("2 421"));
}

void TestHttp2::accessLogSaysHttp2()
{
    if (!m_haveCurl)
        QSKIP("curl is not installed (apt-get install curl)");
    const quint64 before = m_server->metrics().requests;
    const Run got = run(u"curl"_s,
        { u"-sS"_s, u"--http2-prior-knowledge"_s, u"-A"_s, u"h2-log-check"_s,
            h2cUrl(u"/folder/text.txt?logged"_s) });
    QCOMPARE(got.exitCode, 0);
    QTRY_COMPARE_WITH_TIMEOUT(m_server->metrics().requests, before + 1, 10000); // counted as HTTP/1.1's are
    const QString log = m_dir.filePath(u"a.access.log"_s);
    auto logged = [&log] {
        QFile file(log);
        if (!file.open(QIODevice::ReadOnly))
            return QByteArray();
        for (const QByteArray &line : file.readAll().split('\n')) {
            if (line.contains("h2-log-check"))
                return line;
        }
        return QByteArray();
    };
    QTRY_VERIFY_WITH_TIMEOUT(!logged().isEmpty(), 10000);
    const QByteArray line = logged();
    QVERIFY2(line.contains("\"GET /folder/text.txt?logged HTTP/2.0\" 200 5004 "), line.constData());
}

void TestHttp2::dynamicPathsServedOverHttp2()
{
    if (!m_haveCurl || !m_haveNghttp)
        QSKIP("nghttp and curl are needed (apt-get install nghttp2-client curl)");
    // A proxied path is served on the HTTP/2 stream itself (issue #27 with #24): no
    // RST_STREAM HTTP_1_1_REQUIRED any more, the proxy's own 502 (nothing listens there).
    const Run raw = run(u"nghttp"_s, { u"-v"_s, u"-H"_s, u":authority: c.test"_s, h2cUrl(u"/api/x"_s) });
    QVERIFY2(raw.out.contains(":status: 502"), raw.out.constData());
    QVERIFY2(
        !raw.out.contains("recv RST_STREAM") && !raw.out.contains("HTTP_1_1_REQUIRED"), raw.out.constData());
    // curl, h2 by ALPN: answered over HTTP/2, not retried over HTTP/1.1.
    const Run tls = run(u"curl"_s,
        curlTls(u"c.test"_s) << u"--http2"_s << u"-o"_s << u"/dev/null"_s << u"-w"_s
                             << u"%{http_version} %{http_code}"_s
                             << u"https://c.test:%1/api/x"_s.arg(m_server->tlsPort()));
    QVERIFY2(tls.out == "2 502", QByteArray(tls.out + tls.err).constData());
    // The site's static paths stay on HTTP/2.
    const Run plain = run(u"curl"_s,
        curlTls(u"c.test"_s) << u"--http2"_s << u"-w"_s << u"\n%{http_version}"_s
                             << u"https://c.test:%1/"_s.arg(m_server->tlsPort()));
    QCOMPARE(plain.out, QByteArray("site b\n\n2"));
}

void TestHttp2::oversizedHeaderSectionGets431()
{
    // 70 KB of fields, more than SETTINGS_MAX_HEADER_LIST_SIZE (64 KiB), in a
    // HEADERS frame and four CONTINUATION frames (16 KiB each, the default
    // frame size); clients such as nghttp refuse to send so much themselves.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QList<std::pair<QByteArray, QByteArray>> big;
    for (int i = 0; i < 7; ++i)
        big.append({ "x-big-" + QByteArray::number(i), QByteArray(10000, 'v') });
    const QByteArray block = requestBlock("/", big);
    QVERIFY(block.size() > 70000 && block.size() < 5 * 16384);
    for (int at = 0, frame = 0; at < block.size(); at += 16384, ++frame) {
        const bool last = at + 16384 >= block.size();
        QVERIFY(client.send(frame == 0 ? kHeaders : kContinuation,
            quint8((frame == 0 ? kEndStream : 0) | (last ? kEndHeaders : 0)), 1, block.mid(at, 16384)));
    }
    Frame answer;
    QVERIFY2(client.waitFor(kHeaders, 1, answer), "no answer to the large request");
    QList<QByteArray> fields = client.fieldsOf(answer);
    QVERIFY2(fields.contains(":status: 431"), fields.join('|').constData());
    // Under the limit, on the same connection: served.
    QVERIFY(client.send(
        kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/", { { "x-big", QByteArray(10000, 'v') } })));
    QVERIFY(client.waitFor(kHeaders, 3, answer));
    fields = client.fieldsOf(answer);
    QVERIFY2(fields.contains(":status: 200"), fields.join('|').constData());
}

void TestHttp2::malformedRequestsGetStreamErrors_data()
{
    QTest::addColumn<QByteArray>("block");
    // RFC 9113 §8.2.1: a field name with upper-case letters is malformed.
    QTest::newRow("uppercase name") << requestBlock("/", { { "X-Upper", "1" } });
    // §8.2.2: connection-specific fields.
    QTest::newRow("connection") << requestBlock("/", { { "connection", "keep-alive" } });
    QTest::newRow("transfer-encoding") << requestBlock("/", { { "transfer-encoding", "chunked" } });
    QTest::newRow("te not trailers") << requestBlock("/", { { "te", "gzip" } });
    // §8.3: an unknown pseudo-header field, one after a regular field, and :path missing.
    QTest::newRow("unknown pseudo-header") << requestBlock("/", { { ":colour", "red" } });
    {
        QByteArray late;
        appendLiteral(late, ":method", "GET");
        appendLiteral(late, ":scheme", "http");
        appendLiteral(late, "accept", "*/*");
        appendLiteral(late, ":path", "/");
        QTest::newRow("pseudo-header after a field") << late;
    }
    {
        QByteArray noPath;
        appendLiteral(noPath, ":method", "GET");
        appendLiteral(noPath, ":scheme", "http");
        appendLiteral(noPath, ":authority", "a.test");
        QTest::newRow("no :path") << noPath;
    }
}

void TestHttp2::malformedRequestsGetStreamErrors()
{
    QFETCH(QByteArray, block);
    FrameClient client(m_server->port());
    QVERIFY(client.isOpen());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, block));
    Frame reset;
    QList<Frame> seen;
    QVERIFY2(client.waitFor(kRstStream, 1, reset, &seen), "no RST_STREAM on stream 1");
    QCOMPARE(reset.word(0), kProtocolError); // a stream error (RFC 9113 §8.1.1)
    for (const Frame &frame : seen)
        QVERIFY2(!(frame.type == kHeaders && frame.stream == 1), "the malformed request was answered");
    // The connection is unharmed: the next stream on it is served (":status: 200" is HPACK's static 0x88).
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/")));
    Frame answer;
    QVERIFY2(client.waitFor(kHeaders, 3, answer), "stream 3 was not answered");
    QVERIFY(!answer.payload.isEmpty());
    QCOMPARE(quint8(answer.payload.at(0)), quint8(0x88));
}

void TestHttp2::continuationFloodEndsTheConnection()
{
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    client.setAcknowledging(false); // a SETTINGS ACK would itself break the open header block
    // A HEADERS without END_HEADERS, then CONTINUATION frames that never end the block.
    QByteArray block = requestBlock("/");
    QVERIFY(client.send(kHeaders, kEndStream, 1, block.left(10)));
    QByteArray filler;
    appendLiteral(filler, "x-filler", QByteArray(100, 'f'));
    bool writing = true;
    for (int i = 0; i < 50 && writing; ++i)
        writing = client.send(kContinuation, 0, 1, i == 0 ? block.mid(10) : filler);
    Frame goaway;
    QVERIFY2(client.waitFor(kGoaway, 0, goaway), "no GOAWAY after a CONTINUATION flood");
    QVERIFY(goaway.word(4) != kNoError);
    qInfo("CONTINUATION flood: GOAWAY error code %u (%s)", goaway.word(4), goaway.payload.mid(8).constData());
    Frame more;
    while (client.next(more, 5000)) { }
    QVERIFY2(client.eof(), "the connection stayed open");
}

void TestHttp2::streamsBeyondTheLimitEndTheConnection()
{
    // SETTINGS_MAX_CONCURRENT_STREAMS (100): requests left open (no
    // END_STREAM) up to it are taken. Once the client has acknowledged the
    // setting, nghttp2 takes one more as a connection error (RFC 9113 §5.1.2
    // allows a stream error, §5.4.1 lets an endpoint end the connection):
    // GOAWAY PROTOCOL_ERROR naming the last stream taken.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    Frame settings;
    QVERIFY(client.waitFor(kSettings, 0, settings)); // acknowledged by waitFor
    const quint32 limit = Http2Connection::kMaxConcurrentStreams;
    QByteArray open;
    for (quint32 i = 0; i < limit; ++i)
        open += FrameClient::frame(kHeaders, kEndHeaders, 1 + 2 * i, requestBlock("/"));
    QVERIFY(client.writeAll(open));
    // Up to the limit: taken; one of them ends its request and is answered.
    QVERIFY(client.send(kData, kEndStream, 1, {}));
    Frame answer;
    QList<Frame> seen;
    QVERIFY(client.waitFor(kHeaders, 1, answer, &seen));
    QVERIFY(client.fieldsOf(answer).contains(":status: 200"));
    for (const Frame &frame : seen)
        QVERIFY2(frame.type != kGoaway && frame.type != kRstStream, "refused within the limit");
    // 99 open, then two more: the 101st open one is too many.
    QVERIFY(client.send(kHeaders, kEndHeaders, 1 + 2 * limit, requestBlock("/")));
    QVERIFY(client.send(kHeaders, kEndHeaders, 3 + 2 * limit, requestBlock("/")));
    Frame goaway;
    QVERIFY2(client.waitFor(kGoaway, 0, goaway), "no GOAWAY past the stream limit");
    QCOMPARE(goaway.word(4), kProtocolError);
    QCOMPARE(goaway.word(0), 1 + 2 * limit);
    // Other connections are served.
    FrameClient next(m_server->port());
    QVERIFY(next.greet());
    QVERIFY(next.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/")));
    QVERIFY(next.waitFor(kHeaders, 1, answer));
    QVERIFY(next.fieldsOf(answer).contains(":status: 200"));
}

void TestHttp2::rapidResetFloodGetsGoaway()
{
    // CVE-2023-44487: streams opened and cancelled at once, far more than the reset budget.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QByteArray flood;
    const QByteArray block = requestBlock("/");
    for (quint32 stream = 1; stream < 2 * 3000; stream += 2) {
        flood += FrameClient::frame(kHeaders, kEndHeaders, stream, block); // no END_STREAM: never answered
        flood += FrameClient::frame(kRstStream, 0, stream, FrameClient::word(kCancel));
    }
    client.writeAll(flood); // may fail part-way once the server has given up: that is the point
    Frame goaway;
    QVERIFY2(client.waitFor(kGoaway, 0, goaway), "no GOAWAY after 3000 rapid resets");
    QVERIFY2(goaway.word(4) != kNoError, qPrintable(u"GOAWAY code %1"_s.arg(goaway.word(4))));
    // Cut short: the last stream it took is far from the flood's last (5999).
    QVERIFY2(goaway.word(0) < 5000, qPrintable(u"last stream %1"_s.arg(goaway.word(0))));
    qInfo("rapid reset: GOAWAY error code %u, last stream %u", goaway.word(4), goaway.word(0));
    Frame more;
    while (client.next(more, 5000)) { }
    QVERIFY2(client.eof(), "the connection stayed open");
    const quint64 resets = m_server->metrics().http2Resets;
    QVERIFY2(resets >= Http2Connection::kResetBurst && resets < 5000, qPrintable(QString::number(resets)));

    // The worker goes on serving other connections.
    FrameClient next(m_server->port());
    QVERIFY(next.greet());
    QVERIFY(next.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/")));
    Frame answer;
    QVERIFY(next.waitFor(kHeaders, 1, answer));
    QCOMPARE(quint8(answer.payload.at(0)), quint8(0x88));

    // A few resets, as a browser cancelling a navigation makes, are no flood.
    FrameClient calm(m_server->port());
    QVERIFY(calm.greet());
    for (quint32 stream = 1; stream < 2 * 20; stream += 2) {
        QVERIFY(calm.send(kHeaders, kEndHeaders, stream, block));
        QVERIFY(calm.send(kRstStream, 0, stream, FrameClient::word(kCancel)));
    }
    QVERIFY(calm.send(kHeaders, kEndHeaders | kEndStream, 41, block));
    QList<Frame> seen;
    QVERIFY(calm.waitFor(kHeaders, 41, answer, &seen));
    for (const Frame &frame : seen)
        QVERIFY(frame.type != kGoaway);
}

void TestHttp2::dataBeyondTheWindowIsAFlowControlError()
{
    // RFC 9113 §6.9.1: a stream may send no more DATA than its window
    // (65,535 bytes, our SETTINGS_INITIAL_WINDOW_SIZE, never opened again for
    // a request body). 4 x 16,384 bytes sent at once is one byte too many:
    // a stream error FLOW_CONTROL_ERROR, and the connection goes on.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders, 1, requestBlock("/")));
    QByteArray burst;
    for (int i = 0; i < 4; ++i)
        burst += FrameClient::frame(kData, 0, 1, QByteArray(16384, 'd'));
    QVERIFY(client.writeAll(burst));
    Frame reset;
    QList<Frame> seen;
    QVERIFY2(client.waitFor(kRstStream, 1, reset, &seen), "no RST_STREAM past the window");
    QCOMPARE(reset.word(0), kFlowControlError);
    for (const Frame &frame : seen) {
        QVERIFY2(!(frame.type == kWindowUpdate && frame.stream == 1), "the stream's window was opened");
        QVERIFY2(frame.type != kGoaway, "a stream error ended the connection");
    }
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/")));
    Frame answer;
    QVERIFY2(client.waitFor(kHeaders, 3, answer), "stream 3 was not answered");
    QVERIFY(client.fieldsOf(answer).contains(":status: 200"));
}

void TestHttp2::bodyFillingTheWindowIsAnsweredEarly()
{
    // A body that fills the stream's window without END_STREAM: the client
    // can send no more, so the response goes out at once and RST_STREAM
    // NO_ERROR after it tells the client to stop (RFC 9113 §8.1). Before,
    // nghttp2's automatic WINDOW_UPDATE let such a body go on without end.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders, 1, requestBlock("/hello")));
    QByteArray body;
    for (int i = 0; i < 3; ++i)
        body += FrameClient::frame(kData, 0, 1, QByteArray(16384, 'd'));
    body += FrameClient::frame(kData, 0, 1, QByteArray(16383, 'd')); // 65,535 in all
    QVERIFY(client.writeAll(body));
    Frame answer;
    QList<Frame> seen;
    QVERIFY2(client.waitFor(kHeaders, 1, answer, &seen), "no early answer");
    QVERIFY(client.fieldsOf(answer).contains(":status: 200"));
    Frame reset;
    QVERIFY2(client.waitFor(kRstStream, 1, reset, &seen), "no RST_STREAM after the response");
    QCOMPARE(reset.word(0), kNoError);
    QByteArray got;
    bool ended = false;
    for (const Frame &frame : seen) {
        QVERIFY2(!(frame.type == kWindowUpdate && frame.stream == 1), "the stream's window was opened");
        if (frame.type == kData && frame.stream == 1) {
            got += frame.payload;
            ended = ended || (frame.flags & kEndStream);
        }
    }
    QCOMPARE(got, QByteArray("hello over any version\n"));
    QVERIFY2(ended, "the response did not end before the reset");
    // More DATA the client had in flight for the reset stream is dropped; the connection goes on.
    QVERIFY(client.send(kData, 0, 1, QByteArray(1000, 'd')));
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/")));
    QVERIFY2(client.waitFor(kHeaders, 3, answer), "stream 3 was not answered");
    QVERIFY(client.fieldsOf(answer).contains(":status: 200"));
}

void TestHttp2::paddedDataCountsAgainstTheBody()
{
    // Padding is credited back to the stream's window by nghttp2 itself, so
    // a body of padding alone could go on for ever: it counts as DATA.
    // 300 frames of 1 byte and 254 of padding each (76,500 bytes).
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders, 1, requestBlock("/hello")));
    constexpr quint8 kPadded = 0x8;
    QByteArray padded;
    padded.append(char(254)).append('d').append(QByteArray(254, '\0'));
    QByteArray burst;
    for (int i = 0; i < 300; ++i)
        burst += FrameClient::frame(kData, kPadded, 1, padded);
    client.writeAll(burst); // may stop part-way once the stream is reset
    Frame answer;
    QVERIFY2(client.waitFor(kHeaders, 1, answer), "no answer to a body of padding");
    QVERIFY(client.fieldsOf(answer).contains(":status: 200"));
    Frame reset;
    QVERIFY2(client.waitFor(kRstStream, 1, reset), "no RST_STREAM after the response");
    QCOMPARE(reset.word(0), kNoError);
}

void TestHttp2::dynamicPathAnsweredBeforeItsBodyEnds()
{
    // A proxied path whose upstream is down, its body filling the window
    // without END_STREAM: its responder answers 502 at once (it never reads
    // the body), then RST_STREAM NO_ERROR tells the client to stop its body
    // (RFC 9113 §8.1); the connection goes on. (Before the proxy spoke HTTP/2:
    // one RST_STREAM HTTP_1_1_REQUIRED.)
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QByteArray burst
        = FrameClient::frame(kHeaders, kEndHeaders, 1, headerBlock("POST", "c.test", "/api/upload"));
    for (int i = 0; i < 3; ++i)
        burst += FrameClient::frame(kData, 0, 1, QByteArray(16384, 'd'));
    burst += FrameClient::frame(kData, 0, 1, QByteArray(16383, 'd')); // 65,535 in all, no END_STREAM
    burst += FrameClient::frame(kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/"));
    QVERIFY(client.writeAll(burst));
    QList<Frame> seen;
    QList<quint32> resets;
    QByteArray status1, status3;
    Frame frame;
    while ((resets.isEmpty() || status3.isEmpty()) && client.next(frame)) {
        seen.append(frame);
        if (frame.type == kRstStream && frame.stream == 1)
            resets.append(frame.word(0));
        if (frame.type == kHeaders) {
            // Every HEADERS frame through the decoder, in order (HPACK's table is the connection's).
            const QByteArray status = client.fieldsOf(frame).value(0);
            (frame.stream == 1 ? status1 : status3) = status;
        }
        QVERIFY2(frame.type != kGoaway, "the connection was ended");
    }
    QCOMPARE(status3, QByteArray(":status: 200"));
    QCOMPARE(status1, QByteArray(":status: 502"));
    QCOMPARE(resets, QList<quint32>({ kNoError }));
}

void TestHttp2::headersOnAClosedStreamEndTheConnection()
{
    // RFC 9113 §5.1: a HEADERS frame on a stream the client has ended (and
    // that was answered and closed) opens nothing; §5.1.1: its identifier is
    // not above every stream used before, a connection error (PROTOCOL_ERROR,
    // or STREAM_CLOSED for a stream still remembered as closed).
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/hello")));
    Frame frame;
    bool ended = false;
    while (!ended && client.next(frame))
        ended = frame.type == kData && frame.stream == 1 && (frame.flags & kEndStream);
    QVERIFY2(ended, "stream 1 was not answered");
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/hello")));
    Frame goaway;
    QList<Frame> seen;
    QVERIFY2(client.waitFor(kGoaway, 0, goaway, &seen), "no GOAWAY for HEADERS on a closed stream");
    QVERIFY2(goaway.word(4) == kProtocolError || goaway.word(4) == kStreamClosed,
        qPrintable(u"GOAWAY code %1"_s.arg(goaway.word(4))));
    QCOMPARE(goaway.word(0), quint32(1));
    qInfo("HEADERS on a closed stream: GOAWAY error code %u", goaway.word(4));
    for (const Frame &seenFrame : seen)
        QVERIFY2(!(seenFrame.type == kHeaders && seenFrame.stream == 1), "answered twice");
    Frame more;
    while (client.next(more, 5000)) { }
    QVERIFY2(client.eof(), "the connection stayed open");
    // The worker goes on.
    FrameClient next(m_server->port());
    QVERIFY(next.greet());
    QVERIFY(next.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/")));
    Frame answer;
    QVERIFY(next.waitFor(kHeaders, 1, answer));
    QVERIFY(next.fieldsOf(answer).contains(":status: 200"));
}

void TestHttp2::hpackBombGets431()
{
    // An HPACK "bomb" (RFC 7541 §7.3): one 4,000-byte field put in the
    // dynamic table, then referred to by its index, one byte each, 12,000
    // times: 16 KB on the wire that decode to 48 MB of fields. The header
    // section is counted as decoded: 431, and the connection goes on.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QByteArray block = requestBlock("/");
    block.append(char(0x40)); // §6.2.1: literal with incremental indexing, literal name
    appendInteger(block, 0x00, 7, 6);
    block.append("x-bomb");
    appendInteger(block, 0x00, 7, 4000);
    block.append(QByteArray(4000, 'b'));
    block.append(QByteArray(12000, char(0x80 | 62))); // §6.1: indexed, the newest dynamic entry
    QVERIFY(block.size() <= 16384);
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, block));
    Frame answer;
    QVERIFY2(client.waitFor(kHeaders, 1, answer), "no answer to the HPACK bomb");
    QList<QByteArray> fields = client.fieldsOf(answer);
    QVERIFY2(fields.contains(":status: 431"), fields.join('|').constData());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/")));
    QVERIFY2(client.waitFor(kHeaders, 3, answer), "stream 3 was not answered");
    fields = client.fieldsOf(answer);
    QVERIFY2(fields.contains(":status: 200"), fields.join('|').constData());
}

void TestHttp2::stopSendsGoawayAndFinishesTheStream()
{
    // A download under way when the engine stops: GOAWAY NO_ERROR naming its
    // stream, the rest of its body, then the end of the connection.
    const QByteArray expected = fileBytes(u"a/large.bin"_s);
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/large.bin")));
    std::atomic<bool> gotData { false };
    qint64 received = 0;
    bool ended = false;
    bool goawaySeen = false;
    quint32 goawayLast = ~0u;
    quint32 goawayCode = ~0u;
    bool closed = false;
    std::thread reader([&] {
        Frame frame;
        while (client.next(frame)) {
            if (frame.type == kData && frame.stream == 1) {
                received += frame.payload.size();
                if (!gotData.exchange(true)) {
                    // Hold the window shut a moment, so the stop finds the stream under way.
                    std::this_thread::sleep_for(std::chrono::milliseconds(300));
                }
                if (frame.flags & kEndStream)
                    ended = true;
                // Open the windows again (connection and stream) for what was read.
                const QByteArray increment = FrameClient::word(quint32(frame.payload.size()));
                if (!frame.payload.isEmpty()) {
                    client.send(kWindowUpdate, 0, 0, increment);
                    client.send(kWindowUpdate, 0, 1, increment);
                }
            } else if (frame.type == kGoaway) {
                goawaySeen = true;
                goawayLast = frame.word(0);
                goawayCode = frame.word(4);
            }
        }
        closed = client.eof();
    });
    QElapsedTimer waited;
    waited.start();
    while (!gotData && waited.elapsed() < kTimeoutMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    QVERIFY(gotData);
    m_server->stop(); // returns once the workers have ended
    reader.join();
    QVERIFY(goawaySeen);
    QCOMPARE(goawayLast, quint32(1));
    QCOMPARE(goawayCode, kNoError);
    QCOMPARE(received, qint64(expected.size()));
    QVERIFY(ended);
    QVERIFY(closed);
}

void TestHttp2::reloadSendsGoawayAndFinishesTheStream()
{
    // A reload (the sites changed): GOAWAY NO_ERROR naming the stream under
    // way, its whole body, then the end of the connection; a new connection
    // is served by the new sites. HTTP/1.1 connections are left alone.
    const QByteArray expected = fileBytes(u"a/large.bin"_s);
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/large.bin")));
    Frame frame;
    qint64 received = 0;
    bool ended = false;
    // The first DATA frames, the window not opened: the stream waits, under way.
    while (received == 0 && client.next(frame)) {
        if (frame.type == kData && frame.stream == 1)
            received += frame.payload.size();
    }
    QVERIFY(received > 0);
    QList<VirtualHost> changed = sites();
    Route route;
    route.path = u"/after"_s;
    route.body = "reloaded\n";
    changed[0].routes.append(route);
    m_server->reload(changed);
    bool goawaySeen = false;
    quint32 goawayLast = ~0u;
    quint32 goawayCode = ~0u;
    bool windowOpened = false;
    while (client.next(frame)) {
        if (frame.type == kGoaway) {
            goawaySeen = true;
            goawayLast = frame.word(0);
            goawayCode = frame.word(4);
        } else if (frame.type == kData && frame.stream == 1) {
            received += frame.payload.size();
            ended = ended || (frame.flags & kEndStream);
        }
        if (goawaySeen && !windowOpened) {
            // Now let the rest come: the stream finishes after the GOAWAY.
            windowOpened = true;
            client.send(kWindowUpdate, 0, 0, FrameClient::word(quint32(expected.size())));
            client.send(kWindowUpdate, 0, 1, FrameClient::word(quint32(expected.size())));
        }
    }
    QVERIFY2(goawaySeen, "no GOAWAY after a reload");
    QCOMPARE(goawayCode, kNoError);
    QCOMPARE(goawayLast, quint32(1));
    QCOMPARE(received, qint64(expected.size()));
    QVERIFY(ended);
    QVERIFY2(client.eof(), "the connection stayed open");
    // A new connection has the new route.
    FrameClient next(m_server->port());
    QVERIFY(next.greet());
    QVERIFY(next.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/after")));
    Frame answer;
    QVERIFY(next.waitFor(kHeaders, 1, answer));
    QVERIFY(next.fieldsOf(answer).contains(":status: 200"));
}

void TestHttp2::idleConnectionGetsGoaway()
{
    // The keep-alive timeout applies to an HTTP/2 connection with no stream open.
    m_server.reset();
    m_server = std::make_unique<HttpServer>();
    ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.keepAliveTimeoutMs = 1000;
    QString error;
    QVERIFY2(m_server->start(config, sites(), &error), qPrintable(error));
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QVERIFY(client.send(kHeaders, kEndHeaders | kEndStream, 1, requestBlock("/")));
    Frame answer;
    QVERIFY(client.waitFor(kHeaders, 1, answer));
    QElapsedTimer idle;
    idle.start();
    Frame goaway;
    QVERIFY2(client.waitFor(kGoaway, 0, goaway), "no GOAWAY on an idle connection");
    // 1 s rounded to the worker's tick: between 1 and 3 s.
    QVERIFY2(idle.elapsed() >= 900 && idle.elapsed() < 4000, qPrintable(QString::number(idle.elapsed())));
    QCOMPARE(goaway.word(4), kNoError);
    QCOMPARE(goaway.word(0), quint32(1));
    Frame more;
    while (client.next(more, 5000)) { }
    QVERIFY2(client.eof(), "the connection stayed open");
}

QTEST_GUILESS_MAIN(TestHttp2)
#include "tst_http2.moc"
