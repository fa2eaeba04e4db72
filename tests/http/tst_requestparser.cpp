// The request parser in-process, without sockets (RFC 9112 §2-§7): a table
// of raw heads and what each parses to (method, target, version, Host,
// keep-alive, one chosen field as the request phases see it, repeated fields
// joined) or the status that refuses it. Each head is fed whole and a byte
// at a time, as a connection may receive it; both must give the same answer.
// The socket-level conformance (what goes back on the wire) is
// tst_httpconformance's.
#include "ParserFeed.h"
#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/SiteTable.h"
#include "model/VirtualHost.h"

#include <QTest>

#include <map>
#include <memory>
#include <string>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

struct Outcome : testing::FeedResult
{
    http::Request request;
};

std::string field(const http::Request &request, const QString &name)
{
    const std::map<QString, const std::string *> fields {
        { u"If-Match"_s, &request.ifMatch },
        { u"If-None-Match"_s, &request.ifNoneMatch },
        { u"If-Modified-Since"_s, &request.ifModifiedSince },
        { u"If-Unmodified-Since"_s, &request.ifUnmodifiedSince },
        { u"If-Range"_s, &request.ifRange },
        { u"Range"_s, &request.range },
        { u"Accept-Encoding"_s, &request.acceptEncoding },
        { u"Referer"_s, &request.referer },
        { u"User-Agent"_s, &request.userAgent },
    };
    const auto it = fields.find(name);
    return it == fields.end() ? std::string("(no such field in Request)") : *it->second;
}

} // namespace

class TestRequestParser final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parses_data();
    void parses();
    void refuses_data();
    void refuses();
    void limits();

private:
    Outcome whole(const QByteArray &raw) const;
    Outcome bytewise(const QByteArray &raw) const;

    std::shared_ptr<const http::SiteTable> m_sites;
};

void TestRequestParser::initTestCase()
{
    model::VirtualHost main;
    main.hostName = u"a.test"_s;
    main.documentRoot = u"/nonexistent/a"_s;
    main.isDefault = true;
    model::VirtualHost small;
    small.hostName = u"small.test"_s;
    small.documentRoot = u"/nonexistent/small"_s;
    small.limits.maxBodyBytes = 10;
    QString error;
    m_sites = http::SiteTable::build({ main, small }, 1, nullptr, false, &error);
    QVERIFY2(m_sites, qPrintable(error));
}

Outcome TestRequestParser::whole(const QByteArray &raw) const
{
    Outcome out;
    http::RequestParser parser(out.request, *m_sites);
    std::string buffer = raw.toStdString();
    testing::feedStep(parser, buffer, out);
    return out;
}

Outcome TestRequestParser::bytewise(const QByteArray &raw) const
{
    Outcome out;
    http::RequestParser parser(out.request, *m_sites);
    std::string buffer;
    for (const char c : raw) {
        buffer.push_back(c);
        if (testing::feedStep(parser, buffer, out))
            break;
    }
    return out;
}

void TestRequestParser::parses_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<QByteArray>("method"); // as sent
    QTest::addColumn<int>("kind"); // Request::Method
    QTest::addColumn<int>("version");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<bool>("keepAlive");
    QTest::addColumn<QString>("field"); // one field the request phases read, or empty
    QTest::addColumn<QByteArray>("value"); // its value as they see it

    const int get = int(http::Request::Method::Get), head = int(http::Request::Method::Head);
    const int options = int(http::Request::Method::Options), other = int(http::Request::Method::Other);
    QTest::newRow("HTTP/1.1 GET") << "GET /x.txt HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba
                                  << "GET"_ba << get << 11 << "/x.txt"_ba
                                  << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("HTTP/1.0 without Host closes")
        << "GET / HTTP/1.0\r\n\r\n"_ba
        << "GET"_ba << get << 10 << "/"_ba << QByteArray() << false << QString() << QByteArray();
    QTest::newRow("HTTP/1.0 keep-alive")
        << "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"_ba
        << "GET"_ba << get << 10 << "/"_ba << QByteArray() << true << QString() << QByteArray();
    QTest::newRow("HTTP/1.1 close") << "GET / HTTP/1.1\r\nHost: a.test\r\nConnection: close\r\n\r\n"_ba
                                    << "GET"_ba << get << 11 << "/"_ba
                                    << "a.test"_ba << false << QString() << QByteArray();
    QTest::newRow("close among other options")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nConnection: upgrade, Close\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << false << QString() << QByteArray();
    QTest::newRow("HEAD") << "HEAD / HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba
                          << "HEAD"_ba << head << 11 << "/"_ba
                          << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("OPTIONS *") << "OPTIONS * HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba
                               << "OPTIONS"_ba << options << 11 << "*"_ba
                               << "a.test"_ba << true << QString() << QByteArray();
    // Methods are case-sensitive (RFC 9110 §9.1): "get" is another method.
    QTest::newRow("lower-case method") << "get / HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba
                                       << "get"_ba << other << 11 << "/"_ba
                                       << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("absolute-form target") << "GET http://a.test/x?y=1 HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba
                                          << "GET"_ba << get << 11 << "http://a.test/x?y=1"_ba
                                          << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("empty lines before the request line (RFC 9112 §2.2)")
        << "\r\n\r\nGET / HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("field names in any case, OWS trimmed")
        << "GET / HTTP/1.1\r\nhOsT:   a.test:8080 \t\r\nrAnGe:bytes=0-1\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test:8080"_ba << true << u"Range"_s << "bytes=0-1"_ba;
    // A field sent twice is one list, joined with ", " (RFC 9110 §5.3).
    QTest::newRow("If-None-Match twice")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nIf-None-Match: \"a\"\r\nIf-None-Match: \"b\", W/\"c\"\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << u"If-None-Match"_s << "\"a\", \"b\", W/\"c\""_ba;
    QTest::newRow("Accept-Encoding twice")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nAccept-Encoding: gzip\r\nAccept-Encoding: br;q=0.5\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << u"Accept-Encoding"_s << "gzip, br;q=0.5"_ba;
    QTest::newRow("If-Match twice")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nIf-Match: *\r\nIf-Match: \"x\"\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << u"If-Match"_s << "*, \"x\""_ba;
    QTest::newRow("an empty field value is kept as empty")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nAccept-Encoding:\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << u"Accept-Encoding"_s << QByteArray();
    // For the access log the last one sent wins.
    QTest::newRow("User-Agent twice: the last")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nUser-Agent: one\r\nUser-Agent: "
           "two\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << u"User-Agent"_s << "two"_ba;
    QTest::newRow("If-Modified-Since as sent")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nIf-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n"_ba
        << "GET"_ba << get << 11 << "/"_ba
        << "a.test"_ba << true << u"If-Modified-Since"_s << "Sun, 06 Nov 1994 08:49:37 GMT"_ba;
    QTest::newRow("a body by Content-Length is read past")
        << "POST /form HTTP/1.1\r\nHost: a.test\r\nContent-Length: 5\r\n\r\nhello"_ba
        << "POST"_ba << other << 11 << "/form"_ba
        << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("a chunked body is read past")
        << "POST / HTTP/1.1\r\nHost: a.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"_ba
        << "POST"_ba << other << 11 << "/"_ba
        << "a.test"_ba << true << QString() << QByteArray();
    QTest::newRow("an IPv6 literal Host") << "GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n"_ba
                                          << "GET"_ba << get << 11 << "/"_ba
                                          << "[::1]:8080"_ba << true << QString() << QByteArray();
}

void TestRequestParser::parses()
{
    QFETCH(QByteArray, raw);
    QFETCH(QByteArray, method);
    QFETCH(int, kind);
    QFETCH(int, version);
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, host);
    QFETCH(bool, keepAlive);
    QFETCH(QString, field);
    QFETCH(QByteArray, value);

    for (const Outcome &out : { whole(raw), bytewise(raw) }) {
        QCOMPARE(out.status, 0);
        QVERIFY(out.done);
        const http::Request &r = out.request;
        QCOMPARE(QByteArray::fromStdString(r.methodName), method);
        QCOMPARE(int(r.method), kind);
        QCOMPARE(r.version, version);
        QCOMPARE(QByteArray::fromStdString(r.target), target);
        QCOMPARE(QByteArray::fromStdString(r.host), host);
        QCOMPARE(r.keepAlive, keepAlive);
        if (!field.isEmpty())
            QCOMPARE(QByteArray::fromStdString(::field(r, field)), value);
    }
}

void TestRequestParser::refuses_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<int>("status");
    QTest::newRow("HTTP/1.1 without Host (RFC 9112 §3.2)") << "GET / HTTP/1.1\r\n\r\n"_ba << 400;
    QTest::newRow("two Host fields") << "GET / HTTP/1.1\r\nHost: a.test\r\nHost: b.test\r\n\r\n"_ba << 400;
    QTest::newRow("empty Host") << "GET / HTTP/1.1\r\nHost:\r\n\r\n"_ba << 400;
    QTest::newRow("Host with a space") << "GET / HTTP/1.1\r\nHost: a test\r\n\r\n"_ba << 400;
    QTest::newRow("Host with a slash") << "GET / HTTP/1.1\r\nHost: a.test/x\r\n\r\n"_ba << 400;
    QTest::newRow("empty version, nothing after (at once, not after a timeout)") << "GET / \r\n"_ba << 400;
    QTest::newRow("no version") << "GET /\r\nHost: a.test\r\n\r\n"_ba << 400;
    QTest::newRow("two spaces") << "GET  / HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba << 400;
    QTest::newRow("lower-case http") << "GET / http/1.1\r\nHost: a.test\r\n\r\n"_ba << 400;
    QTest::newRow("HTTP/2.0 (RFC 9110 §15.6.6)") << "GET / HTTP/2.0\r\nHost: a.test\r\n\r\n"_ba << 505;
    QTest::newRow("HTTP/0.9 line") << "GET /\r\n"_ba << 400;
    QTest::newRow("HTTP/1.1 and more") << "GET / HTTP/1.10\r\nHost: a.test\r\n\r\n"_ba << 400;
    QTest::newRow("garbage before the request line")
        << "x\r\nGET / HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba << 400;
    QTest::newRow("obs-fold (RFC 9112 §5.2)")
        << "GET / HTTP/1.1\r\nHost: a.test\r\nX: a\r\n b\r\n\r\n"_ba << 400;
    QTest::newRow("space before the colon (RFC 9112 §5.1)")
        << "GET / HTTP/1.1\r\nHost : a.test\r\n\r\n"_ba << 400;
    QTest::newRow("bare CR in a value") << "GET / HTTP/1.1\r\nHost: a.test\r\nX: a\rb\r\n\r\n"_ba << 400;
    QTest::newRow("NUL in a value") << QByteArray("GET / HTTP/1.1\r\nHost: a.test\r\nX: a\0b\r\n\r\n", 40)
                                    << 400;
    QTest::newRow("method not a token") << "G(T / HTTP/1.1\r\nHost: a.test\r\n\r\n"_ba << 400;
    QTest::newRow("Transfer-Encoding with Content-Length (RFC 9112 §6.1)")
        << "POST / HTTP/1.1\r\nHost: a.test\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n"_ba
        << 400;
    QTest::newRow("Transfer-Encoding on HTTP/1.0")
        << "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"_ba << 400;
    QTest::newRow("an unknown coding (501)")
        << "POST / HTTP/1.1\r\nHost: a.test\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"_ba << 501;
    QTest::newRow("two Content-Lengths that differ")
        << "POST / HTTP/1.1\r\nHost: a.test\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"_ba << 400;
    QTest::newRow("Content-Length not a number")
        << "POST / HTTP/1.1\r\nHost: a.test\r\nContent-Length: 1x\r\n\r\n"_ba << 400;
    QTest::newRow("a body over the site's limit (413)")
        << "POST / HTTP/1.1\r\nHost: small.test\r\nContent-Length: 11\r\n\r\n"_ba << 413;
    QTest::newRow("a chunked body over the site's limit (413)")
        << "POST / HTTP/1.1\r\nHost: small.test\r\nTransfer-Encoding: chunked\r\n\r\nb\r\nhello world\r\n0\r\n\r\n"_ba
        << 413;
    QTest::newRow("a bad chunk size")
        << "POST / HTTP/1.1\r\nHost: a.test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"_ba << 400;
}

void TestRequestParser::refuses()
{
    QFETCH(QByteArray, raw);
    QFETCH(int, status);
    const Outcome a = whole(raw);
    const Outcome b = bytewise(raw);
    QCOMPARE(a.status, status);
    QCOMPARE(b.status, status);
    QVERIFY(!a.done && !b.done);
}

void TestRequestParser::limits()
{
    // The default site's head limits (model::RequestLimits): 414 and 431.
    const model::RequestLimits limits;
    const QByteArray longTarget = "GET /" + QByteArray(limits.maxRequestLineBytes, 'a') + " HTTP/1.1\r\n";
    QCOMPARE(whole(longTarget).status, 414);
    QCOMPARE(bytewise(longTarget).status, 414);

    const QByteArray bigField
        = "GET / HTTP/1.1\r\nHost: a.test\r\nX: " + QByteArray(limits.maxHeaderBytes, 'b') + "\r\n\r\n";
    QCOMPARE(whole(bigField).status, 431);
    QCOMPARE(bytewise(bigField).status, 431);

    QByteArray manyFields = "GET / HTTP/1.1\r\nHost: a.test\r\n";
    for (int i = 0; i < limits.maxHeaderFields; ++i)
        manyFields += "X-" + QByteArray::number(i) + ": 1\r\n";
    manyFields += "\r\n";
    QCOMPARE(whole(manyFields).status, 431); // Host and maxHeaderFields more
    QCOMPARE(bytewise(manyFields).status, 431);

    // At the limits themselves: parsed.
    QByteArray fields = "GET / HTTP/1.1\r\nHost: a.test\r\n";
    for (int i = 1; i < limits.maxHeaderFields; ++i)
        fields += "X-" + QByteArray::number(i) + ": 1\r\n";
    fields += "\r\n";
    QVERIFY(whole(fields).done);
    QVERIFY(bytewise(fields).done);
}

QTEST_GUILESS_MAIN(TestRequestParser)
#include "tst_requestparser.moc"
