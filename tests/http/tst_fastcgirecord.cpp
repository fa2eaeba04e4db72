// The FastCGI 1.0 record codec and the CGI response head (engine/http/FastCgiRecord.h):
// records written byte for byte as the specification lays them out, a decoder fed whole
// and one byte at a time, and the head PHP-FPM writes on FCGI_STDOUT (RFC 3875 §6).
#include "http/FastCgiRecord.h"

#include <QTest>

#include <string>

using namespace hostbench::http;
namespace fcgi = hostbench::http::fastcgi;

namespace {

// A record as §3.3 lays it out, built here independently of the code under test.
QByteArray record(int type, int id, const QByteArray &content, int padding = 0)
{
    QByteArray out;
    out.append(char(1)).append(char(type)).append(char(id >> 8)).append(char(id & 0xff));
    out.append(char(content.size() >> 8))
        .append(char(content.size() & 0xff))
        .append(char(padding))
        .append(char(0));
    out.append(content).append(QByteArray(padding, 'p'));
    return out;
}

QByteArray endRequest(int id, quint32 appStatus, int protocolStatus, int padding = 0)
{
    QByteArray body;
    body.append(char(appStatus >> 24)).append(char((appStatus >> 16) & 0xff));
    body.append(char((appStatus >> 8) & 0xff)).append(char(appStatus & 0xff));
    body.append(char(protocolStatus)).append(3, '\0');
    return record(3, id, body, padding);
}

QByteArray bytes(const std::string &s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

struct Decoded
{
    QByteArray stdoutBytes;
    QByteArrayList stderrTexts;
    bool ended = false;
    int appStatus = -1;
    int protocolStatus = -1;
    bool malformed = false;
    qsizetype unread = 0;
};

// Feeds `input` in slices of `step` bytes (0: whole).
Decoded decode(const QByteArray &input, qsizetype step)
{
    Decoded out;
    fcgi::Decoder decoder;
    qsizetype at = 0;
    while (at < input.size() && !out.malformed) {
        const qsizetype take = step == 0 ? input.size() : std::min(step, input.size() - at);
        std::string_view slice(input.constData() + at, size_t(take));
        at += take;
        for (;;) {
            const fcgi::Decoder::Piece piece = decoder.next(slice);
            using Kind = fcgi::Decoder::Kind;
            if (piece.kind == Kind::NeedMore)
                break;
            if (piece.kind == Kind::Stdout)
                out.stdoutBytes.append(piece.data.data(), qsizetype(piece.data.size()));
            if (piece.kind == Kind::Stderr)
                out.stderrTexts << QByteArray(piece.data.data(), qsizetype(piece.data.size()));
            if (piece.kind == Kind::End) {
                out.ended = true;
                out.appStatus = int(piece.appStatus);
                out.protocolStatus = int(piece.protocolStatus);
            }
            if (piece.kind == Kind::Malformed) {
                out.malformed = true;
                out.unread = qsizetype(slice.size()) + (input.size() - at);
                break;
            }
        }
    }
    return out;
}

} // namespace

class TestFastCgiRecord final : public QObject
{
    Q_OBJECT

private slots:
    void beginRequest();
    void nameValueLengths_data();
    void nameValueLengths();
    void paramsSplitAt65535();
    void stdinSplitAndEnd();
    void abortRequest();
    void decoder_data();
    void decoder();
    void stderrKeptToItsLimit();
    void cgiHead_data();
    void cgiHead();
    void cgiHeadInSlices();
    void cgiHeadTooLarge();
};

void TestFastCgiRecord::beginRequest()
{
    std::string out;
    fcgi::appendBeginRequest(out, 1, true);
    QCOMPARE(bytes(out),
        QByteArray::fromHex("0101000100080000"
                            "0001010000000000"));
    out.clear();
    fcgi::appendBeginRequest(out, 0x1234, false);
    QCOMPARE(bytes(out),
        QByteArray::fromHex("0101123400080000"
                            "0001000000000000"));
}

void TestFastCgiRecord::nameValueLengths_data()
{
    QTest::addColumn<int>("nameLength");
    QTest::addColumn<int>("valueLength");
    QTest::addColumn<QByteArray>("prefix");
    QTest::newRow("both short") << 4 << 3 << QByteArray::fromHex("0403");
    QTest::newRow("empty value") << 4 << 0 << QByteArray::fromHex("0400");
    QTest::newRow("127 is one byte") << 1 << 127 << QByteArray::fromHex("017f");
    QTest::newRow("128 is four bytes") << 1 << 128 << QByteArray::fromHex("0180000080");
    QTest::newRow("long name") << 300 << 2 << QByteArray::fromHex("8000012c02");
    QTest::newRow("70000 value") << 2 << 70000 << QByteArray::fromHex("0280011170");
}

void TestFastCgiRecord::nameValueLengths()
{
    QFETCH(int, nameLength);
    QFETCH(int, valueLength);
    QFETCH(QByteArray, prefix);
    const std::string name(size_t(nameLength), 'n');
    const std::string value(size_t(valueLength), 'v');
    std::string out;
    fcgi::appendNameValue(out, name, value);
    QCOMPARE(bytes(out), prefix + bytes(name) + bytes(value));
}

void TestFastCgiRecord::paramsSplitAt65535()
{
    // A pair longer than one record spans two; the empty record ends the stream.
    const std::string value(70000, 'x');
    std::string out;
    fcgi::appendParams(out, 1, { { "SHORT", "1" }, { "LONG", value } });
    std::string pairs;
    fcgi::appendNameValue(pairs, "SHORT", "1");
    fcgi::appendNameValue(pairs, "LONG", value);
    const QByteArray all = bytes(pairs);
    QCOMPARE(bytes(out), record(4, 1, all.left(65535)) + record(4, 1, all.mid(65535)) + record(4, 1, {}));
    out.clear();
    fcgi::appendParams(out, 1, {});
    QCOMPARE(bytes(out), record(4, 1, {}));
}

void TestFastCgiRecord::stdinSplitAndEnd()
{
    const QByteArray data(65535 + 10, 'd');
    std::string out;
    fcgi::appendStdin(out, 7, std::string_view(data.constData(), size_t(data.size())));
    QCOMPARE(bytes(out), record(5, 7, data.left(65535)) + record(5, 7, data.mid(65535)));
    out.clear();
    fcgi::appendStdin(out, 7, {});
    QCOMPARE(bytes(out), record(5, 7, {}));
}

void TestFastCgiRecord::abortRequest()
{
    std::string out;
    fcgi::appendAbortRequest(out, 1);
    QCOMPARE(bytes(out), record(2, 1, {}));
}

void TestFastCgiRecord::decoder_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("stdoutBytes");
    QTest::addColumn<QByteArrayList>("stderrTexts");
    QTest::addColumn<bool>("ended");
    QTest::addColumn<int>("protocolStatus");
    QTest::addColumn<bool>("malformed");
    const QByteArray end = endRequest(1, 0, 0);
    const QByteArray head = "Content-type: text/html\r\n\r\n";
    QTest::newRow("hello") << record(6, 1, head + "hello") + record(6, 1, {}) + end << head + "hello"
                           << QByteArrayList() << true << 0 << false;
    QTest::newRow("padding skipped") << record(6, 1, "abc", 5) + record(6, 1, "def", 1)
            + endRequest(1, 0, 0, 3) << QByteArray("abcdef")
                                     << QByteArrayList() << true << 0 << false;
    QTest::newRow("stderr between stdout")
        << record(6, 1, "a") + record(7, 1, "PHP Warning: x\n") + record(6, 1, "b") + record(7, 1, {}) + end
        << QByteArray("ab") << QByteArrayList { "PHP Warning: x\n" } << true << 0 << false;
    QTest::newRow("app status kept") << record(6, 1, "x") + endRequest(1, 255, 0) << QByteArray("x")
                                     << QByteArrayList() << true << 0 << false;
    QTest::newRow("overloaded") << endRequest(1, 0, 2) << QByteArray() << QByteArrayList() << true << 2
                                << false;
    QTest::newRow("large stdout record") << record(6, 1, QByteArray(65535, 'L')) + end
                                         << QByteArray(65535, 'L') << QByteArrayList() << true << 0 << false;
    QTest::newRow("not ended yet") << record(6, 1, "partial") << QByteArray("partial") << QByteArrayList()
                                   << false << -1 << false;
    QTest::newRow("wrong request id")
        << record(6, 2, "x") << QByteArray() << QByteArrayList() << false << -1 << true;
    QTest::newRow("unknown type") << record(11, 1, QByteArray(8, '\0')) << QByteArray() << QByteArrayList()
                                  << false << -1 << true;
    QTest::newRow("data record") << record(8, 1, "x") << QByteArray() << QByteArrayList() << false << -1
                                 << true;
    QTest::newRow("params echoed back")
        << record(4, 1, "x") << QByteArray() << QByteArrayList() << false << -1 << true;
    QTest::newRow("management record")
        << record(10, 0, "x") << QByteArray() << QByteArrayList() << false << -1 << true;
    QByteArray version2 = record(6, 1, "x");
    version2[0] = 2;
    QTest::newRow("version 2") << version2 << QByteArray() << QByteArrayList() << false << -1 << true;
    QTest::newRow("short end request")
        << record(3, 1, "1234") << QByteArray() << QByteArrayList() << false << -1 << true;
    QTest::newRow("bytes after the end") << record(6, 1, "x") + end + record(6, 1, "y") << QByteArray("x")
                                         << QByteArrayList() << true << 0 << true;
}

void TestFastCgiRecord::decoder()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, stdoutBytes);
    QFETCH(QByteArrayList, stderrTexts);
    QFETCH(bool, ended);
    QFETCH(int, protocolStatus);
    QFETCH(bool, malformed);
    for (const qsizetype step : { qsizetype(0), qsizetype(1), qsizetype(7), qsizetype(4096) }) {
        const Decoded got = decode(input, step);
        QCOMPARE(got.stdoutBytes, stdoutBytes);
        QCOMPARE(got.stderrTexts, stderrTexts);
        QCOMPARE(got.ended, ended);
        if (ended)
            QCOMPARE(got.protocolStatus, protocolStatus);
        QCOMPARE(got.malformed, malformed);
    }
}

void TestFastCgiRecord::stderrKeptToItsLimit()
{
    const QByteArray text(fcgi::Decoder::kMaxStderrBytes + 100, 'e');
    const Decoded got = decode(record(7, 1, text) + endRequest(1, 0, 0), 100);
    QCOMPARE(got.stderrTexts.size(), 1);
    QCOMPARE(got.stderrTexts[0].size(), qsizetype(fcgi::Decoder::kMaxStderrBytes));
    QVERIFY(got.ended);
}

void TestFastCgiRecord::cgiHead_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("reason");
    QTest::addColumn<QByteArrayList>("fields"); // "Name: value"
    QTest::addColumn<qint64>("contentLength"); // -1: none
    QTest::addColumn<QByteArray>("body");
    const QByteArrayList html { "Content-type: text/html; charset=UTF-8" };
    QTest::newRow("php default") << QByteArray("Content-type: text/html; charset=UTF-8\r\n\r\nhello") << true
                                 << 200 << QByteArray("OK") << html << qint64(-1) << QByteArray("hello");
    QTest::newRow("status 404") << QByteArray(
        "Status: 404 Not Found\r\nContent-type: text/html; charset=UTF-8\r\n\r\n")
                                << true << 404 << QByteArray("Not Found") << html << qint64(-1)
                                << QByteArray();
    QTest::newRow("status without reason")
        << QByteArray("Status: 201\r\n\r\n") << true << 201 << QByteArray("Created") << QByteArrayList()
        << qint64(-1) << QByteArray();
    QTest::newRow("status own reason")
        << QByteArray("Status: 418 I'm a teapot\r\n\r\n") << true << 418 << QByteArray("I'm a teapot")
        << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("location alone is 302")
        << QByteArray("Location: /x\r\n\r\n") << true << 302 << QByteArray("Found")
        << QByteArrayList { "Location: /x" } << qint64(-1) << QByteArray();
    QTest::newRow("location with status")
        << QByteArray("Status: 301 Moved Permanently\r\nLocation: /y\r\n\r\n") << true << 301
        << QByteArray("Moved Permanently") << QByteArrayList { "Location: /y" } << qint64(-1) << QByteArray();
    QTest::newRow("two set-cookie kept")
        << QByteArray("Set-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-type: text/plain\r\n\r\nbody") << true
        << 200 << QByteArray("OK")
        << QByteArrayList { "Set-Cookie: a=1", "Set-Cookie: b=2", "Content-type: text/plain" } << qint64(-1)
        << QByteArray("body");
    QTest::newRow("content-length") << QByteArray("Content-Length: 5\r\n\r\n12345") << true << 200
                                    << QByteArray("OK") << QByteArrayList() << qint64(5)
                                    << QByteArray("12345");
    QTest::newRow("bare LF lines") << QByteArray("Status: 500\nX-A: b\n\nrest") << true << 500
                                   << QByteArray("Internal Server Error") << QByteArrayList { "X-A: b" }
                                   << qint64(-1) << QByteArray("rest");
    QTest::newRow("no fields") << QByteArray("\r\nbody") << true << 200 << QByteArray("OK")
                               << QByteArrayList() << qint64(-1) << QByteArray("body");
    QTest::newRow("value trimmed") << QByteArray("X-A:   spaced  \r\n\r\n") << true << 200 << QByteArray("OK")
                                   << QByteArrayList { "X-A: spaced" } << qint64(-1) << QByteArray();
    QTest::newRow("no colon") << QByteArray("garbage\r\n\r\n") << false << 0 << QByteArray("")
                              << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("empty name") << QByteArray(": x\r\n\r\n") << false << 0 << QByteArray("")
                                << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("space in name") << QByteArray("Bad Name: x\r\n\r\n") << false << 0 << QByteArray("")
                                   << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("control in value")
        << QByteArray("X-A: a\x01"
                      "b\r\n\r\n")
        << false << 0 << QByteArray("") << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("status not a number") << QByteArray("Status: abc\r\n\r\n") << false << 0 << QByteArray("")
                                         << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("status out of range") << QByteArray("Status: 999 Nope\r\n\r\n") << false << 0
                                         << QByteArray("") << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("status four digits") << QByteArray("Status: 2000\r\n\r\n") << false << 0 << QByteArray("")
                                        << QByteArrayList() << qint64(-1) << QByteArray();
    QTest::newRow("content-length not a number")
        << QByteArray("Content-Length: 5x\r\n\r\n") << false << 0 << QByteArray("") << QByteArrayList()
        << qint64(-1) << QByteArray();
    QTest::newRow("content-length twice differing")
        << QByteArray("Content-Length: 5\r\nContent-Length: 6\r\n\r\n") << false << 0 << QByteArray("")
        << QByteArrayList() << qint64(-1) << QByteArray();
}

void TestFastCgiRecord::cgiHead()
{
    QFETCH(QByteArray, input);
    QFETCH(bool, ok);
    QFETCH(int, status);
    QFETCH(QByteArray, reason);
    QFETCH(QByteArrayList, fields);
    QFETCH(qint64, contentLength);
    QFETCH(QByteArray, body);
    fcgi::CgiHead head;
    std::string_view data(input.constData(), size_t(input.size()));
    const fcgi::CgiHead::State state = head.feed(data);
    if (!ok) {
        QCOMPARE(state, fcgi::CgiHead::State::Error);
        QVERIFY(head.error() != nullptr);
        return;
    }
    QCOMPARE(state, fcgi::CgiHead::State::Done);
    QCOMPARE(head.status(), status);
    QCOMPARE(bytes(head.reason()), reason);
    QByteArrayList got;
    for (const auto &field : head.fields())
        got << bytes(field.name + ": " + field.value);
    QCOMPARE(got, fields);
    QCOMPARE(head.contentLength() ? qint64(*head.contentLength()) : qint64(-1), contentLength);
    QCOMPARE(QByteArray(data.data(), qsizetype(data.size())), body);
}

void TestFastCgiRecord::cgiHeadInSlices()
{
    // The head split anywhere, even inside its blank line, gives the same head and body.
    const QByteArray input = "Status: 404 Not Found\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\nthe body";
    for (qsizetype step = 1; step < input.size(); ++step) {
        fcgi::CgiHead head;
        QByteArray body;
        for (qsizetype at = 0; at < input.size(); at += step) {
            std::string_view data(input.constData() + at, size_t(std::min(step, input.size() - at)));
            if (head.state() == fcgi::CgiHead::State::NeedMore)
                head.feed(data);
            body.append(data.data(), qsizetype(data.size()));
        }
        QCOMPARE(head.state(), fcgi::CgiHead::State::Done);
        QCOMPARE(head.status(), 404);
        QCOMPARE(head.fields().size(), size_t(2));
        QCOMPARE(body, QByteArray("the body"));
    }
}

void TestFastCgiRecord::cgiHeadTooLarge()
{
    const QByteArray field = "X-Big: " + QByteArray(fcgi::CgiHead::kMaxHeadBytes, 'b') + "\r\n";
    for (const QByteArray &input : QByteArrayList { field, field + "\r\nbody" }) {
        fcgi::CgiHead head;
        std::string_view data(input.constData(), size_t(input.size()));
        QCOMPARE(head.feed(data), fcgi::CgiHead::State::Error);
        QVERIFY(head.tooLarge());
    }
    // Just under the limit is fine.
    const QByteArray fits = "X-Big: " + QByteArray(fcgi::CgiHead::kMaxHeadBytes - 9, 'b') + "\r\n\r\n";
    fcgi::CgiHead head;
    std::string_view data(fits.constData(), size_t(fits.size()));
    QCOMPARE(head.feed(data), fcgi::CgiHead::State::Done);
}

QTEST_APPLESS_MAIN(TestFastCgiRecord)
#include "tst_fastcgirecord.moc"
