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

namespace {

// RFC 9113 §6: frame types and flags, and §7's error codes, as the test needs them.
enum FrameType : quint8 {
    kData = 0x0,
    kHeaders = 0x1,
    kRstStream = 0x3,
    kSettings = 0x4,
    kPing = 0x6,
    kGoaway = 0x7,
    kWindowUpdate = 0x8,
    kContinuation = 0x9
};
constexpr quint8 kEndStream = 0x1;
constexpr quint8 kAck = 0x1;
constexpr quint8 kEndHeaders = 0x4;
constexpr quint32 kNoError = 0x0;
constexpr quint32 kProtocolError = 0x1;
constexpr quint32 kFlowControlError = 0x3;
constexpr quint32 kStreamClosed = 0x5;
constexpr quint32 kCancel = 0x8;
constexpr quint32 kHttp11Required = 0xd;
constexpr int kTimeoutMs = 15000;

struct Frame
{
    quint8 type = 0;
    quint8 flags = 0;
    quint32 stream = 0;
    QByteArray payload;
    // RST_STREAM's code, GOAWAY's (after its last stream id).
    quint32 word(int at) const
    {
        if (payload.size() < at + 4)
            return ~0u;
        const auto *p = reinterpret_cast<const unsigned char *>(payload.constData() + at);
        return (quint32(p[0]) << 24) | (quint32(p[1]) << 16) | (quint32(p[2]) << 8) | p[3];
    }
};

// RFC 7541 §5.1: an integer with an N-bit prefix.
void appendInteger(QByteArray &out, quint8 first, int prefixBits, quint64 value)
{
    const quint64 limit = (1u << prefixBits) - 1;
    if (value < limit) {
        out.append(char(first | quint8(value)));
        return;
    }
    out.append(char(first | quint8(limit)));
    value -= limit;
    while (value >= 128) {
        out.append(char(0x80 | (value & 0x7f)));
        value >>= 7;
    }
    out.append(char(value));
}

// RFC 7541 §6.2.2: a literal field line without indexing, with a literal name, no Huffman coding;
// any bytes at all, so the test can send what a normal client never would.
void appendLiteral(QByteArray &block, const QByteArray &name, const QByteArray &value)
{
    block.append(char(0x00));
    appendInteger(block, 0x00, 7, quint64(name.size()));
    block.append(name);
    appendInteger(block, 0x00, 7, quint64(value.size()));
    block.append(value);
}

QByteArray requestBlock(const QByteArray &path, const QList<std::pair<QByteArray, QByteArray>> &extra = {})
{
    QByteArray block;
    appendLiteral(block, ":method", "GET");
    appendLiteral(block, ":scheme", "http");
    appendLiteral(block, ":authority", "a.test");
    appendLiteral(block, ":path", path);
    for (const auto &[name, value] : extra)
        appendLiteral(block, name, value);
    return block;
}

/*
 * A raw HTTP/2 client over a blocking POSIX socket to 127.0.0.1 (cleartext,
 * prior knowledge): it writes exactly the frames a test builds, valid or not,
 * and reads the server's frames one by one, every wait bounded. Test code only.
 */
class FrameClient final
{
public:
    explicit FrameClient(quint16 port)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~FrameClient()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        if (m_inflater)
            nghttp2_hd_inflate_del(m_inflater);
    }
    FrameClient(const FrameClient &) = delete;
    FrameClient &operator=(const FrameClient &) = delete;

    bool isOpen() const { return m_fd >= 0; }

    // The client preface and an empty SETTINGS frame (RFC 9113 §3.4).
    bool greet() { return writeAll("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") && send(kSettings, 0, 0, {}); }

    static QByteArray frame(quint8 type, quint8 flags, quint32 stream, const QByteArray &payload)
    {
        QByteArray out;
        const auto length = quint32(payload.size());
        out.append(char(length >> 16)).append(char(length >> 8)).append(char(length));
        out.append(char(type)).append(char(flags));
        out.append(char((stream >> 24) & 0x7f)).append(char(stream >> 16)).append(char(stream >> 8));
        out.append(char(stream));
        out.append(payload);
        return out;
    }
    static QByteArray word(quint32 value)
    {
        QByteArray out;
        out.append(char(value >> 24)).append(char(value >> 16)).append(char(value >> 8)).append(char(value));
        return out;
    }

    bool send(quint8 type, quint8 flags, quint32 stream, const QByteArray &payload)
    {
        return writeAll(frame(type, flags, stream, payload));
    }
    bool writeAll(const QByteArray &bytes)
    {
        qsizetype at = 0;
        while (at < bytes.size()) {
            const ssize_t n = ::send(m_fd, bytes.constData() + at, size_t(bytes.size() - at), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            at += n;
        }
        return true;
    }

    // The next frame; false on EOF, an error or the timeout (then `eof` says which).
    bool next(Frame &frame, int timeoutMs = kTimeoutMs)
    {
        QByteArray head;
        if (!readExactly(head, 9, timeoutMs))
            return false;
        const auto *p = reinterpret_cast<const unsigned char *>(head.constData());
        const int length = (p[0] << 16) | (p[1] << 8) | p[2];
        frame.type = p[3];
        frame.flags = p[4];
        frame.stream = ((quint32(p[5]) & 0x7f) << 24) | (quint32(p[6]) << 16) | (quint32(p[7]) << 8) | p[8];
        frame.payload.clear();
        if (!readExactly(frame.payload, length, timeoutMs))
            return false;
        // Acknowledge the server's SETTINGS and PINGs, as a client must (but
        // not inside a header block left open on purpose: RFC 9113 §6.10).
        if (!m_acknowledge)
            return true;
        if (frame.type == kSettings && (frame.flags & kAck) == 0)
            send(kSettings, kAck, 0, {});
        if (frame.type == kPing && (frame.flags & kAck) == 0)
            send(kPing, kAck, 0, frame.payload);
        return true;
    }

    // Frames until one of `type` (on `stream`, when not 0) comes; false when none did.
    bool waitFor(quint8 type, quint32 stream, Frame &found, QList<Frame> *seen = nullptr)
    {
        Frame frame;
        while (next(frame)) {
            if (seen)
                seen->append(frame);
            if (frame.type == type && (stream == 0 || frame.stream == stream)) {
                found = frame;
                return true;
            }
        }
        return false;
    }

    bool eof() const { return m_eof; }
    void setAcknowledging(bool acknowledge) { m_acknowledge = acknowledge; }

    // The fields of a HEADERS frame from the server, decoded with nghttp2's
    // HPACK decoder (RFC 7541; its dynamic table is the connection's, so
    // every HEADERS frame must pass here, in order). "name: value" each.
    QList<QByteArray> fieldsOf(const Frame &frame)
    {
        QList<QByteArray> fields;
        if (!m_inflater && nghttp2_hd_inflate_new(&m_inflater) != 0)
            return fields;
        const auto *in = reinterpret_cast<const uint8_t *>(frame.payload.constData());
        size_t left = size_t(frame.payload.size());
        for (;;) {
            nghttp2_nv field {};
            int flags = 0;
            const ssize_t used = nghttp2_hd_inflate_hd2(m_inflater, &field, &flags, in, left, 1);
            if (used < 0)
                return fields;
            in += used;
            left -= size_t(used);
            if (flags & NGHTTP2_HD_INFLATE_EMIT)
                fields.append(QByteArray(reinterpret_cast<const char *>(field.name), qsizetype(field.namelen))
                    + ": "
                    + QByteArray(reinterpret_cast<const char *>(field.value), qsizetype(field.valuelen)));
            if (flags & NGHTTP2_HD_INFLATE_FINAL) {
                nghttp2_hd_inflate_end_headers(m_inflater);
                return fields;
            }
            if (used == 0 && left == 0)
                return fields;
        }
    }

private:
    bool readExactly(QByteArray &out, int size, int timeoutMs)
    {
        QElapsedTimer timer;
        timer.start();
        out.reserve(size);
        while (out.size() < size) {
            const qint64 left = timeoutMs - timer.elapsed();
            if (left <= 0)
                return false;
            pollfd waiting { m_fd, POLLIN, 0 };
            if (::poll(&waiting, 1, int(left)) <= 0)
                return false;
            char buffer[16384];
            const ssize_t n
                = ::recv(m_fd, buffer, std::min<size_t>(sizeof buffer, size_t(size - out.size())), 0);
            if (n <= 0) {
                m_eof = true;
                return false;
            }
            out.append(buffer, n);
        }
        return true;
    }

    int m_fd = -1;
    bool m_eof = false;
    bool m_acknowledge = true;
    nghttp2_hd_inflater *m_inflater = nullptr;
};

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
    void dynamicPathsAskForHttp11();
    void oversizedHeaderSectionGets431();
    void malformedRequestsGetStreamErrors_data();
    void malformedRequestsGetStreamErrors();
    void continuationFloodEndsTheConnection();
    void streamsBeyondTheLimitEndTheConnection();
    void rapidResetFloodGetsGoaway();
    void dataBeyondTheWindowIsAFlowControlError();
    void bodyFillingTheWindowIsAnsweredEarly();
    void paddedDataCountsAgainstTheBody();
    void dynamicPathRefusedWhenTheWindowFills();
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

void TestHttp2::dynamicPathsAskForHttp11()
{
    if (!m_haveCurl || !m_haveNghttp)
        QSKIP("nghttp and curl are needed (apt-get install nghttp2-client curl)");
    // nghttp does not retry: it shows the stream reset with HTTP_1_1_REQUIRED.
    const Run raw = run(u"nghttp"_s, { u"-v"_s, u"-H"_s, u":authority: c.test"_s, h2cUrl(u"/api/x"_s) });
    QVERIFY2(
        raw.out.contains("recv RST_STREAM") && raw.out.contains("HTTP_1_1_REQUIRED"), raw.out.constData());
    // curl asks again over HTTP/1.1 (ALPN http/1.1), which proxies it: 502, nothing listens there.
    const Run retried = run(u"curl"_s,
        curlTls(u"c.test"_s) << u"--http2"_s << u"-o"_s << u"/dev/null"_s << u"-w"_s
                             << u"%{http_version} %{http_code}"_s
                             << u"https://c.test:%1/api/x"_s.arg(m_server->tlsPort()));
    QVERIFY2(retried.out == "1.1 502", QByteArray(retried.out + retried.err).constData());
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

void TestHttp2::dynamicPathRefusedWhenTheWindowFills()
{
    // A proxied path (HTTP_1_1_REQUIRED) whose body fills the window without
    // END_STREAM is refused then, not left waiting: one RST_STREAM, and the
    // connection goes on.
    FrameClient client(m_server->port());
    QVERIFY(client.greet());
    QByteArray block;
    appendLiteral(block, ":method", "POST");
    appendLiteral(block, ":scheme", "http");
    appendLiteral(block, ":authority", "c.test");
    appendLiteral(block, ":path", "/api/upload");
    QByteArray burst = FrameClient::frame(kHeaders, kEndHeaders, 1, block);
    for (int i = 0; i < 3; ++i)
        burst += FrameClient::frame(kData, 0, 1, QByteArray(16384, 'd'));
    burst += FrameClient::frame(kData, 0, 1, QByteArray(16383, 'd')); // 65,535 in all, no END_STREAM
    burst += FrameClient::frame(kHeaders, kEndHeaders | kEndStream, 3, requestBlock("/"));
    QVERIFY(client.writeAll(burst));
    Frame answer;
    QList<Frame> seen;
    QVERIFY2(client.waitFor(kHeaders, 3, answer, &seen), "stream 3 was not answered");
    QVERIFY(client.fieldsOf(answer).contains(":status: 200"));
    QList<quint32> resets;
    for (const Frame &frame : seen) {
        if (frame.type == kRstStream && frame.stream == 1)
            resets.append(frame.word(0));
        QVERIFY2(frame.type != kGoaway, "the connection was ended");
    }
    QCOMPARE(resets, QList<quint32>({ kHttp11Required }));
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
