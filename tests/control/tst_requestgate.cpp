// The control API refuses from a request's head, before reading its body
// (RequestGate, GatedTcpServer): Host (DNS rebinding), the token, the
// body's length. Over real sockets on 127.0.0.1, with ControlApi in this
// process, whose resident memory the large-body test reads.
#include "control/ControlApi.h"
#include "control/RequestGate.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>

#include <atomic>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using hostbench::control::ControlApi;
using hostbench::control::RequestGate;
using hostbench::model::MetricsSnapshot;
using hostbench::model::SiteChange;
using hostbench::model::VirtualHost;

namespace {

const QByteArray kToken = QByteArray(64, 'e');
constexpr qint64 kLimit = ControlApi::kMaxBodyBytes;

struct RawReply
{
    QByteArray bytes; // all that came before the server closed
    bool closed = false; // the server closed (end of file) within the wait
    int status = 0; // of the first response that is not 1xx
    int responses = 0; // status lines, 1xx left out

    QByteArray header(const QByteArray &name) const
    {
        for (const QByteArray &line : bytes.split('\n')) {
            if (line.toLower().startsWith(QByteArray(name.toLower() + ':')))
                return line.mid(name.size() + 1).trimmed();
        }
        return {};
    }
    QJsonObject json() const
    {
        return QJsonDocument::fromJson(bytes.mid(bytes.indexOf("\r\n\r\n") + 4)).object();
    }
};

// Sends `request` as is over 127.0.0.1 and reads until the server closes, at most 10 s.
RawReply raw(quint16 port, const QByteArray &request)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    RawReply reply;
    if (!socket.waitForConnected(5000))
        return reply;
    socket.write(request);
    QEventLoop loop;
    QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] { reply.bytes += socket.readAll(); });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, [&] {
        reply.closed = true;
        loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::errorOccurred, &loop, [&](QAbstractSocket::SocketError error) {
        if (error == QAbstractSocket::RemoteHostClosedError)
            reply.closed = true;
        loop.quit();
    });
    QTimer::singleShot(10'000, &loop, &QEventLoop::quit);
    if (socket.state() == QAbstractSocket::ConnectedState)
        loop.exec();
    reply.bytes += socket.readAll();
    for (const QByteArray &line : reply.bytes.split('\n')) {
        if (!line.startsWith("HTTP/1.1 ") || line.mid(9, 1) == "1")
            continue;
        if (++reply.responses == 1)
            reply.status = line.mid(9, 3).toInt();
    }
    return reply;
}

QByteArray fill(QByteArray request, quint16 port)
{
    return request.replace("%PORT%", QByteArray::number(port)).replace("%TOKEN%", kToken);
}

const QByteArray kAuth = "Authorization: Bearer %TOKEN%\r\n"_ba;

QByteArray siteJson(qsizetype size = 0)
{
    QByteArray json = R"({"host":"a.test","document_root":"/tmp"})"_ba;
    if (size > json.size()) {
        // An unknown member that pads it: SiteJson refuses it with 400 (not 413).
        json.chop(1);
        json += R"(,"pad":")"_ba;
        json += QByteArray(size - json.size() - 2, 'p') + "\"}"_ba;
    }
    return json;
}

QByteArray chunked(const QList<QByteArray> &chunks, const QByteArray &trailer = {})
{
    QByteArray body;
    for (const QByteArray &chunk : chunks)
        body += QByteArray::number(chunk.size(), 16) + "\r\n"_ba + chunk + "\r\n"_ba;
    return body + "0\r\n"_ba + trailer + "\r\n"_ba;
}

// The API with in-memory sites: POST /api/sites answers 201 with the site it read.
struct Api
{
    explicit Api(bool tokenForMetrics = false, const QHostAddress &address = QHostAddress::LocalHost)
        : api([] { return MetricsSnapshot(); }, u"http://127.0.0.1:8080/"_s, { kToken, tokenForMetrics })
    {
        ControlApi::Sites sites;
        sites.list = [] { return QList<VirtualHost>(); };
        sites.find = [](const QString &) {
            SiteChange change;
            change.result = SiteChange::Result::NotFound;
            change.detail = u"none"_s;
            return change;
        };
        sites.create = [](const VirtualHost &site) {
            SiteChange change;
            change.site = site;
            return change;
        };
        api.setSites(std::move(sites));
        QString error;
        listening = api.listen(address, 0, &error);
        if (!listening)
            qWarning("%s", qPrintable(error));
    }
    ControlApi api;
    bool listening = false;
};

qint64 residentKiB()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').constFirst().toLongLong();
    }
    return -1;
}

} // namespace

class TestRequestGate final : public QObject
{
    Q_OBJECT

private slots:
    void hostAllowed_data();
    void hostAllowed();
    void refusedFromTheHead_data();
    void refusedFromTheHead();
    void passes_data();
    void passes();
    void listenerAddressIsAllowed();
    void oneRequestPerConnection();
    void continueBeforeTheBody();
    void refusedBeforeTheBodyIsSent();
};

void TestRequestGate::hostAllowed_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<QString>("listening");
    QTest::addColumn<bool>("allowed");
    const QString loopback = u"127.0.0.1"_s;
    const QString lan = u"192.168.1.10"_s;
    QTest::newRow("127.0.0.1") << "127.0.0.1"_ba << loopback << true;
    QTest::newRow("127.0.0.1 with port") << "127.0.0.1:8079"_ba << loopback << true;
    QTest::newRow("another loopback address") << "127.0.0.2:8079"_ba << loopback << true;
    QTest::newRow("localhost") << "localhost"_ba << loopback << true;
    QTest::newRow("localhost with port") << "localhost:8079"_ba << loopback << true;
    QTest::newRow("LOCALHOST") << "LOCALHOST:8079"_ba << loopback << true;
    QTest::newRow("[::1]") << "[::1]"_ba << loopback << true;
    QTest::newRow("[::1] with port") << "[::1]:8079"_ba << loopback << true;
    QTest::newRow("the LAN address listened on") << "192.168.1.10:8079"_ba << lan << true;
    QTest::newRow("localhost, listening on the LAN") << "localhost:8079"_ba << lan << true;
    QTest::newRow("evil.example") << "evil.example"_ba << loopback << false;
    QTest::newRow("evil.example with port") << "evil.example:8081"_ba << loopback << false;
    QTest::newRow("127.0.0.1.nip.io") << "127.0.0.1.nip.io"_ba << loopback << false;
    QTest::newRow("localhost.evil.example") << "localhost.evil.example"_ba << loopback << false;
    QTest::newRow("under .localhost") << "app.localhost"_ba << loopback << false;
    QTest::newRow("localhost.") << "localhost."_ba << loopback << false;
    QTest::newRow("empty") << ""_ba << loopback << false;
    QTest::newRow("blank") << "  "_ba << loopback << false;
    QTest::newRow("only a port") << ":8079"_ba << loopback << false;
    QTest::newRow("127.1") << "127.1"_ba << loopback << false;
    QTest::newRow("decimal 2130706433") << "2130706433"_ba << loopback << false;
    QTest::newRow("another machine") << "10.0.0.1"_ba << loopback << false;
    QTest::newRow("another LAN address") << "192.168.1.11"_ba << lan << false;
    QTest::newRow("[::2]") << "[::2]"_ba << loopback << false;
    QTest::newRow("IPv6 without brackets") << "::1"_ba << loopback << false;
    QTest::newRow("unclosed bracket") << "[::1"_ba << loopback << false;
    QTest::newRow("port not a number") << "localhost:http"_ba << loopback << false;
    QTest::newRow("port too large") << "localhost:65536"_ba << loopback << false;
    QTest::newRow("two ports") << "localhost:80:81"_ba << loopback << false;
    QTest::newRow("user info") << "user@localhost"_ba << loopback << false;
}

void TestRequestGate::hostAllowed()
{
    QFETCH(QByteArray, host);
    QFETCH(QString, listening);
    QFETCH(bool, allowed);
    const QHostAddress address(listening);
    QCOMPARE(RequestGate::hostAllowed(host, address, address), allowed);
}

void TestRequestGate::refusedFromTheHead_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<bool>("tokenForMetrics");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("challenge"); // WWW-Authenticate
    const QByteArray realm = "Bearer realm=\"hostbench\"";
    const QByteArray invalid = realm + ", error=\"invalid_token\"";
    const QByteArray post = "POST /api/sites HTTP/1.1\r\nHost: 127.0.0.1:%PORT%\r\n"_ba;
    const QByteArray json = "Content-Type: application/json\r\n"_ba;
    const QByteArray metrics = "GET /metrics HTTP/1.1\r\n"_ba;

    // The token, from the head: a body of 128 MB is announced and none sent.
    QTest::newRow("no token, 128 MB announced")
        << post + "Content-Type: text/plain\r\nContent-Length: 134217728\r\n\r\n"_ba << false << 401 << realm;
    QTest::newRow("wrong token") << post + "Authorization: Bearer "_ba + QByteArray(64, 'f')
            + "\r\nContent-Length: 134217728\r\n\r\n"_ba
                                 << false << 401 << invalid;
    QTest::newRow("basic credentials")
        << post + "Authorization: Basic dXNlcjpwYXNz\r\nContent-Length: 5\r\n\r\n"_ba << false << 401
        << invalid;
    QTest::newRow("two Authorization fields")
        << post + kAuth + kAuth + "\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("no token on /api/status")
        << "GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n"_ba << false << 401 << realm;
    QTest::newRow("no token on an unknown path")
        << "GET /nothing HTTP/1.1\r\nHost: localhost\r\n\r\n"_ba << false << 401 << realm;
    QTest::newRow("no token on /metrics when it needs one")
        << metrics + "Host: localhost\r\n\r\n"_ba << true << 401 << realm;
    QTest::newRow("no token, chunked")
        << post + "Transfer-Encoding: chunked\r\n\r\n400\r\n"_ba << false << 401 << realm;

    // The length, from the head, with the token.
    QTest::newRow("one byte over the limit")
        << post + kAuth + json + "Content-Length: "_ba + QByteArray::number(kLimit + 1) + "\r\n\r\n"_ba
        << false << 413 << QByteArray();
    QTest::newRow("128 MB announced with the token")
        << post + kAuth + json + "Content-Length: 134217728\r\n\r\n"_ba << false << 413 << QByteArray();
    QTest::newRow("chunked: one chunk over the limit") << post + kAuth + json
            + "Transfer-Encoding: chunked\r\n\r\n"_ba + QByteArray::number(kLimit + 1, 16)
            + "\r\n"_ba << false << 413 << QByteArray();
    QTest::newRow("chunked: two chunks over the limit") << post + kAuth + json
            + "Transfer-Encoding: chunked\r\n\r\n"_ba + QByteArray::number(kLimit / 2, 16) + "\r\n"_ba
            + QByteArray(kLimit / 2, 'x') + "\r\n"_ba + QByteArray::number(kLimit / 2 + 1, 16)
            + "\r\n"_ba << false << 413 << QByteArray();
    QTest::newRow("chunked: size not hexadecimal")
        << post + kAuth + json + "Transfer-Encoding: chunked\r\n\r\nzz\r\n"_ba << false << 400
        << QByteArray();
    QTest::newRow("chunked: negative size")
        << post + kAuth + json + "Transfer-Encoding: chunked\r\n\r\n-5\r\n"_ba << false << 400
        << QByteArray();
    QTest::newRow("chunked: data longer than its size")
        << post + kAuth + json + "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n"_ba << false << 400
        << QByteArray();
    QTest::newRow("Content-Length and Transfer-Encoding")
        << post + kAuth + json + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"_ba << false << 400
        << QByteArray();
    QTest::newRow("gzip transfer coding")
        << post + kAuth + json + "Transfer-Encoding: gzip, chunked\r\n\r\n"_ba << false << 501
        << QByteArray();
    QTest::newRow("two different lengths")
        << post + kAuth + json + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n"_ba << false << 400
        << QByteArray();
    QTest::newRow("length list that differs")
        << post + kAuth + json + "Content-Length: 2, 3\r\n\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("negative length") << post + kAuth + json + "Content-Length: -1\r\n\r\n"_ba << false << 400
                                     << QByteArray();
    QTest::newRow("length not a number")
        << post + kAuth + json + "Content-Length: 1e3\r\n\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("a body on /metrics without the token")
        << metrics + "Host: localhost\r\nContent-Length: 5\r\n\r\nabcde"_ba << false << 413 << QByteArray();
    QTest::newRow("a head over 16 KiB") << "GET /metrics HTTP/1.1\r\nHost: localhost\r\nX-Pad: "_ba
            + QByteArray(RequestGate::kMaxHeadBytes, 'p') + "\r\n\r\n"_ba
                                        << false << 431 << QByteArray();

    // Host, on every route, /metrics included, and before the token.
    for (const QByteArray &host : { "evil.example"_ba, "evil.example:8081"_ba, "127.0.0.1.nip.io"_ba,
             "127.0.0.1.nip.io:%PORT%"_ba, "app.localhost"_ba, "10.0.0.1:%PORT%"_ba, ""_ba }) {
        QTest::addRow("/metrics for Host \"%s\"", host.constData())
            << metrics + "Host: "_ba + host + "\r\n\r\n"_ba << false << 421 << QByteArray();
        QTest::addRow("/api/sites with the token for Host \"%s\"", host.constData())
            << "POST /api/sites HTTP/1.1\r\nHost: "_ba + host + "\r\n"_ba + kAuth + json
                + "Content-Length: 134217728\r\n\r\n"_ba
            << false << 421 << QByteArray();
    }
    QTest::newRow("no Host") << metrics + "\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("no Host, HTTP/1.0") << "GET /metrics HTTP/1.0\r\n\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("two Host fields") << metrics + "Host: localhost\r\nHost: evil.example\r\n\r\n"_ba << false
                                     << 400 << QByteArray();

    // The head itself.
    QTest::newRow("not HTTP") << "HELLO\r\n\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("HTTP/2.0") << "GET /metrics HTTP/2.0\r\nHost: localhost\r\n\r\n"_ba << false << 505
                              << QByteArray();
    QTest::newRow("blank before the colon")
        << metrics + "Host : localhost\r\n\r\n"_ba << false << 400 << QByteArray();
    QTest::newRow("folded line") << metrics + "Host: localhost\r\n x\r\n\r\n"_ba << false << 400
                                 << QByteArray();
}

void TestRequestGate::refusedFromTheHead()
{
    QFETCH(QByteArray, request);
    QFETCH(bool, tokenForMetrics);
    QFETCH(int, status);
    QFETCH(QByteArray, challenge);
    Api api(tokenForMetrics);
    QVERIFY(api.listening);

    const RawReply reply = raw(api.api.port(), fill(request, api.api.port()));
    QVERIFY2(reply.status == status, reply.bytes.left(600).constData());
    QCOMPARE(reply.responses, 1);
    QCOMPARE(reply.header("WWW-Authenticate"), challenge);
    QCOMPARE(reply.header("Connection"), "close"_ba);
    QVERIFY2(reply.header("Content-Type").startsWith("application/problem+json"), reply.bytes.constData());
    QCOMPARE(reply.json()[u"status"_s].toInt(), status);
    QVERIFY(!reply.json()[u"detail"_s].toString().isEmpty());
    // Answered and closed, though the body announced never came.
    QVERIFY2(reply.closed, reply.bytes.constData());
}

void TestRequestGate::passes_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("status");
    const QByteArray post = "POST /api/sites HTTP/1.1\r\nHost: 127.0.0.1:%PORT%\r\n"_ba + kAuth
        + "Content-Type: application/json\r\n"_ba;
    for (const QByteArray &host : { "127.0.0.1:%PORT%"_ba, "127.0.0.1"_ba, "localhost"_ba,
             "localhost:%PORT%"_ba, "LocalHost:%PORT%"_ba, "[::1]:%PORT%"_ba, "127.0.0.2"_ba }) {
        QTest::addRow("/metrics for Host \"%s\"", host.constData())
            << "GET /metrics HTTP/1.1\r\nHost: "_ba + host + "\r\n\r\n"_ba << 200;
    }
    QTest::newRow("/metrics, HTTP/1.0 with Host")
        << "GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n"_ba << 200;
    QTest::newRow("/metrics with a query")
        << "GET /metrics?x=1 HTTP/1.1\r\nHost: localhost\r\n\r\n"_ba << 200;
    QTest::newRow("/api/status with the token")
        << "GET /api/status HTTP/1.1\r\nHost: localhost\r\n"_ba + kAuth + "\r\n"_ba << 200;
    QTest::newRow("unknown path with the token")
        << "GET /nothing HTTP/1.1\r\nHost: localhost\r\n"_ba + kAuth + "\r\n"_ba << 404;
    const QByteArray site = siteJson();
    QTest::newRow("a site by Content-Length")
        << post + "Content-Length: "_ba + QByteArray::number(site.size()) + "\r\n\r\n"_ba + site << 201;
    QTest::newRow("a site, chunked") << post + "Transfer-Encoding: chunked\r\n\r\n"_ba
            + chunked({ site.left(10), site.mid(10) })
                                     << 201;
    QTest::newRow("a site, chunked with extensions and a trailer") << post
            + "Transfer-Encoding: Chunked\r\n\r\n"_ba + QByteArray::number(site.size(), 16) + ";x=y\r\n"_ba
            + site + "\r\n0\r\nX-Trailer: 1\r\n\r\n"_ba << 201;
    const QByteArray full = siteJson(kLimit);
    QTest::newRow("a body of the limit is read (then refused by SiteJson)")
        << post + "Content-Length: "_ba + QByteArray::number(full.size()) + "\r\n\r\n"_ba + full << 400;
    QTest::newRow("a chunked body of the limit is read") << post + "Transfer-Encoding: chunked\r\n\r\n"_ba
            + chunked({ full.left(kLimit / 2), full.mid(kLimit / 2) })
                                                         << 400;
    QTest::newRow("the same Content-Length twice") << post + "Content-Length: "_ba
            + QByteArray::number(site.size()) + "\r\nContent-Length: "_ba + QByteArray::number(site.size())
            + "\r\n\r\n"_ba + site << 201;
    QTest::newRow("empty lines before the request line")
        << "\r\nGET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n"_ba << 200;
}

void TestRequestGate::passes()
{
    QFETCH(QByteArray, request);
    QFETCH(int, status);
    Api api;
    QVERIFY(api.listening);
    const RawReply reply = raw(api.api.port(), fill(request, api.api.port()));
    QVERIFY2(reply.status == status, reply.bytes.left(600).constData());
    QCOMPARE(reply.responses, 1);
    // Each connection answers one request, and says so (QtHttpServer's own 404 does not).
    if (status != 404)
        QCOMPARE(reply.header("Connection"), "close"_ba);
    QVERIFY(reply.closed);
    if (status == 201)
        QCOMPARE(reply.json()[u"host"_s].toString(), u"a.test"_s);
}

void TestRequestGate::listenerAddressIsAllowed()
{
    // Reachable from other machines (the token on every route): the address
    // it listens on is a Host it answers, as are the loopback ones.
    Api api(true, QHostAddress::AnyIPv4);
    QVERIFY(api.listening);
    const quint16 port = api.api.port();
    const QByteArray status = "GET /api/status HTTP/1.1\r\n"_ba + fill(kAuth, port);
    QCOMPARE(raw(port, status + "Host: 0.0.0.0:"_ba + QByteArray::number(port) + "\r\n\r\n"_ba).status, 200);
    QCOMPARE(
        raw(port, status + "Host: 127.0.0.1:"_ba + QByteArray::number(port) + "\r\n\r\n"_ba).status, 200);
    QCOMPARE(raw(port, status + "Host: evil.example\r\n\r\n"_ba).status, 421);
}

void TestRequestGate::oneRequestPerConnection()
{
    // A request that passes, then one that would not, on the same
    // connection: only the first is answered, and the connection closes.
    Api api;
    QVERIFY(api.listening);
    const RawReply reply = raw(api.api.port(),
        "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n"
        "POST /api/engine/stop HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 134217728\r\n\r\n"_ba);
    QVERIFY2(reply.status == 200, reply.bytes.constData());
    QVERIFY2(reply.responses == 1, reply.bytes.constData());
    QVERIFY(reply.closed);
}

void TestRequestGate::continueBeforeTheBody()
{
    // Expect: 100-continue (RFC 9110 section 10.1.1), as curl sends it: the
    // head passed, so the gate says to go on; the body then gets its answer.
    Api api;
    QVERIFY(api.listening);
    const QByteArray body = siteJson();
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, api.api.port());
    QVERIFY(socket.waitForConnected(5000));
    socket.write(fill("POST /api/sites HTTP/1.1\r\nHost: localhost\r\n"_ba + kAuth
            + "Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: "_ba
            + QByteArray::number(body.size()) + "\r\n\r\n"_ba,
        api.api.port()));
    QByteArray received;
    QTRY_VERIFY_WITH_TIMEOUT((received += socket.readAll()).contains("\r\n\r\n"), 5000);
    QVERIFY2(received.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), received.constData());
    socket.write(body);
    QTRY_VERIFY_WITH_TIMEOUT((received += socket.readAll()).contains("HTTP/1.1 201 "), 5000);
}

void TestRequestGate::refusedBeforeTheBodyIsSent()
{
    // A client announces 128 MB without the token, waits for the answer,
    // then sends 64 MB anyway: the 401 comes before any of the body, and
    // the API (in this process) keeps none of it.
    Api api;
    QVERIFY(api.listening);
    const quint16 port = api.api.port();
    QCOMPARE(raw(port, "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n"_ba).status, 200); // warm up
    const qint64 before = residentKiB();
    QVERIFY(before > 0);

    std::atomic<bool> done = false;
    QByteArray answer;
    qint64 sent = 0;
    std::thread client([&] {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0) {
            timeval wait { 10, 0 };
            ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
            ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, sizeof wait);
            const QByteArray head = "POST /api/sites HTTP/1.1\r\nHost: 127.0.0.1:"_ba
                + QByteArray::number(port)
                + "\r\nContent-Type: text/plain\r\nContent-Length: 134217728\r\n\r\n"_ba;
            ::send(fd, head.constData(), size_t(head.size()), MSG_NOSIGNAL);
            char buffer[4096];
            const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
            if (got > 0)
                answer = QByteArray(buffer, qsizetype(got));
            const QByteArray chunk(64 * 1024, 'x');
            while (sent < 64 * 1024 * 1024) {
                const ssize_t n = ::send(fd, chunk.constData(), size_t(chunk.size()), MSG_NOSIGNAL);
                if (n <= 0)
                    break;
                sent += n;
            }
        }
        if (fd >= 0)
            ::close(fd);
        done = true;
    });
    QTRY_VERIFY_WITH_TIMEOUT(done.load(), 120'000);
    client.join();
    QTest::qWait(200);
    const qint64 grown = residentKiB() - before;
    QVERIFY2(answer.startsWith("HTTP/1.1 401 "),
        answer.isEmpty() ? "no answer before the body" : answer.constData());
    QVERIFY2(grown < 8 * 1024,
        qPrintable(
            u"the resident memory grew by %1 KiB while %2 bytes of a refused body were sent"_s.arg(grown).arg(
                sent)));
}

QTEST_GUILESS_MAIN(TestRequestGate)
#include "tst_requestgate.moc"
