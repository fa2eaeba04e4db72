#include "RawClient.h"

#include "http/HttpServer.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimeZone>

#include <fcntl.h>
#include <sys/stat.h>

#include <utility>

using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

// The static-file behaviours of issue #3 against the running engine, over 127.0.0.1.
class TestStaticFiles final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void validators();
    void conditional_data();
    void conditional();
    void ranges_data();
    void ranges();
    void ifRange();
    void ifRangeDateOnEveryWeekday_data();
    void ifRangeDateOnEveryWeekday();
    void futureModificationTime();
    void multipart_data();
    void multipart();
    void multipartAbuseGetsWholeFile();
    void headMatchesGet();
    void methods();
    void directories();
    void listing();
    void precompressed();
    void symlinks();
    void errorPages();
    void cacheSeesChanges();

private:
    static void writeFile(const QString &path, const QByteArray &content);
    static void setModified(const QString &path, qint64 secondsSinceEpoch);
    static QByteArray get(const QByteArray &target, const QByteArray &extra = {},
        const QByteArray &host = "main.test", const QByteArray &method = "GET");
    RawClient::Reply fetch(const QByteArray &target, const QByteArray &extra = {},
        const QByteArray &host = "main.test", const QByteArray &method = "GET");

    QTemporaryDir m_dir;
    QString m_root;
    QByteArray m_small; // cached (under 16 KiB): bytes only
    QByteArray m_medium; // cached with its descriptor: sendfile here, bytes over TLS and HTTP/2
    QByteArray m_large; // sent with sendfile
    const QByteArray &contentOf(const QByteArray &file) const
    {
        return file == "/small.bin" ? m_small : file == "/medium.bin" ? m_medium : m_large;
    }
    static QList<QByteArray> files() { return { "/small.bin", "/medium.bin", "/large.bin" }; }
    HttpServer m_server;
};

void TestStaticFiles::writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
}

void TestStaticFiles::setModified(const QString &path, qint64 secondsSinceEpoch)
{
    const timespec times[2] = { { time_t(secondsSinceEpoch), 0 }, { time_t(secondsSinceEpoch), 0 } };
    QCOMPARE(::utimensat(AT_FDCWD, QFile::encodeName(path).constData(), times, 0), 0);
}

QByteArray TestStaticFiles::get(
    const QByteArray &target, const QByteArray &extra, const QByteArray &host, const QByteArray &method)
{
    return method + ' ' + target + " HTTP/1.1\r\nHost: " + host + "\r\n" + extra + "\r\n";
}

RawClient::Reply TestStaticFiles::fetch(
    const QByteArray &target, const QByteArray &extra, const QByteArray &host, const QByteArray &method)
{
    RawClient client(m_server.port());
    return client.request(get(target, extra, host, method), method == "HEAD");
}

void TestStaticFiles::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QDir dir(m_dir.path());
    for (const char *path :
        { "root/dir", "root/empty", "root/list/sub", "root/errors", "root/idx", "outside" })
        QVERIFY(dir.mkpath(QString::fromLatin1(path)));
    m_root = dir.filePath(QStringLiteral("root"));
    m_small.resize(3000);
    m_medium.resize(45056); // W2's size
    m_large.resize(3 * 1024 * 1024 + 17);
    for (char &c : m_small)
        c = char(QRandomGenerator::global()->bounded(256));
    for (char &c : m_medium)
        c = char(QRandomGenerator::global()->bounded(256));
    for (char &c : m_large)
        c = char(QRandomGenerator::global()->bounded(256));
    writeFile(m_root + QStringLiteral("/small.bin"), m_small);
    writeFile(m_root + QStringLiteral("/medium.bin"), m_medium);
    writeFile(m_root + QStringLiteral("/large.bin"), m_large);
    writeFile(m_root + QStringLiteral("/dir/index.html"), "dir index");
    writeFile(m_root + QStringLiteral("/idx/default.txt"), "default index");
    writeFile(m_root + QStringLiteral("/app.js"), "var identity = 1;");
    writeFile(m_root + QStringLiteral("/app.js.gz"), "GZIP BYTES");
    writeFile(m_root + QStringLiteral("/app.js.br"), "BROTLI BYTES");
    writeFile(m_root + QStringLiteral("/list/b.txt"), "bb");
    writeFile(m_root + QStringLiteral("/list/<a&b>.txt"), "a");
    writeFile(m_root + QStringLiteral("/list/.secret"), "hidden");
    writeFile(m_root + QStringLiteral("/errors/404.html"), "<p>custom missing page</p>");
    writeFile(m_root + QStringLiteral("/changing.txt"), "version one");
    writeFile(dir.filePath(QStringLiteral("outside/secret.txt")), "SECRET");
    // One file last changed on each day of a week (Sun 06 Nov 1994 .. Sat 12
    // Nov 1994, 08:49:37 GMT), for If-Range dates.
    QVERIFY(dir.mkpath(QStringLiteral("root/week")));
    for (int day = 0; day < 7; ++day) {
        const QString path = m_root + QStringLiteral("/week/%1.bin").arg(day);
        writeFile(path, QByteArray(1000, char('a' + day)));
        setModified(path, 784111777 + day * 86400);
    }
    QVERIFY(QFile::link(QStringLiteral("../outside/secret.txt"), m_root + QStringLiteral("/link-out.txt")));

    VirtualHost main;
    main.hostName = QStringLiteral("main.test");
    main.documentRoot = m_root;
    main.isDefault = true;
    main.directoryListing = true;
    main.indexFiles = { QStringLiteral("index.html"), QStringLiteral("default.txt") };
    main.errorPages.insert(404, QStringLiteral("/errors/404.html"));
    main.accessLogEnabled = main.errorLogEnabled = false;
    VirtualHost loose = main;
    loose.hostName = QStringLiteral("loose.test");
    loose.isDefault = false;
    loose.directoryListing = false;
    loose.followSymlinks = true;
    loose.errorPages.clear();
    loose.indexFiles = { QStringLiteral("index.html") };
    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    QString error;
    QVERIFY2(m_server.start(config, { main, loose }, &error), qPrintable(error));
}

void TestStaticFiles::cleanupTestCase()
{
    m_server.stop();
}

void TestStaticFiles::validators()
{
    const RawClient::Reply reply = fetch("/small.bin");
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, m_small);
    const QByteArray etag = reply.field("ETag");
    QVERIFY(etag.startsWith('"') && etag.endsWith('"') && etag.size() > 6);
    QVERIFY(!reply.field("Last-Modified").isEmpty());
    QCOMPARE(reply.field("Accept-Ranges"), QByteArray("bytes"));
    QVERIFY(reply.field("Vary").isEmpty()); // no siblings
    QCOMPARE(fetch("/small.bin").field("ETag"), etag);
    QVERIFY(fetch("/large.bin").field("ETag") != etag);
}

void TestStaticFiles::conditional_data()
{
    QTest::addColumn<QByteArray>("headers"); // with $ETAG and $DATE replaced
    QTest::addColumn<int>("status");
    QTest::newRow("if-none-match") << QByteArray("If-None-Match: $ETAG\r\n") << 304;
    QTest::newRow("if-none-match weak") << QByteArray("If-None-Match: W/$ETAG\r\n") << 304;
    QTest::newRow("if-none-match list") << QByteArray("If-None-Match: \"a\", $ETAG\r\n") << 304;
    QTest::newRow("if-none-match star") << QByteArray("If-None-Match: *\r\n") << 304;
    QTest::newRow("if-none-match other") << QByteArray("If-None-Match: \"other\"\r\n") << 200;
    QTest::newRow("if-modified-since") << QByteArray("If-Modified-Since: $DATE\r\n") << 304;
    QTest::newRow("if-modified-since old")
        << QByteArray("If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n") << 200;
    QTest::newRow("if-none-match wins")
        << QByteArray("If-None-Match: \"other\"\r\nIf-Modified-Since: $DATE\r\n") << 200;
    QTest::newRow("if-match") << QByteArray("If-Match: $ETAG\r\n") << 200;
    QTest::newRow("if-match other") << QByteArray("If-Match: \"other\"\r\n") << 412;
    QTest::newRow("if-unmodified-since old")
        << QByteArray("If-Unmodified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n") << 412;
    QTest::newRow("if-unmodified-since now") << QByteArray("If-Unmodified-Since: $DATE\r\n") << 200;
}

void TestStaticFiles::conditional()
{
    QFETCH(QByteArray, headers);
    QFETCH(int, status);
    for (const QByteArray &file : files()) {
        const RawClient::Reply plain = fetch(file);
        QByteArray filled = headers;
        filled.replace("$ETAG", plain.field("ETag")).replace("$DATE", plain.field("Last-Modified"));
        RawClient client(m_server.port());
        const RawClient::Reply reply = client.request(get(file, filled));
        QCOMPARE(reply.status, status);
        if (status == 304) {
            QVERIFY(reply.field("Content-Length").isEmpty());
            QVERIFY(reply.body.isEmpty());
            QCOMPARE(reply.field("ETag"), plain.field("ETag"));
            // The connection goes on: no stray body bytes were sent.
            QCOMPARE(client.request(get(file)).status, 200);
        } else if (status == 200) {
            QCOMPARE(reply.body, contentOf(file));
        }
    }
}

void TestStaticFiles::ranges_data()
{
    QTest::addColumn<QByteArray>("range");
    QTest::addColumn<int>("status");
    QTest::addColumn<qint64>("first"); // for 206; -1 for a suffix counted from the end
    QTest::addColumn<qint64>("count");
    QTest::newRow("first bytes") << QByteArray("bytes=0-99") << 206 << qint64(0) << qint64(100);
    QTest::newRow("middle") << QByteArray("bytes=1000-1999") << 206 << qint64(1000) << qint64(1000);
    QTest::newRow("suffix") << QByteArray("bytes=-500") << 206 << qint64(-1) << qint64(500);
    QTest::newRow("open") << QByteArray("bytes=2500-") << 206 << qint64(2500) << qint64(-1);
    QTest::newRow("past the end") << QByteArray("bytes=999999999-") << 416 << qint64(0) << qint64(0);
    QTest::newRow("huge numbers") << QByteArray("bytes=0-99999999999999999999999999") << 206 << qint64(0)
                                  << qint64(-1);
    QTest::newRow("invalid ignored") << QByteArray("bytes=9-1") << 200 << qint64(0) << qint64(0);
    QTest::newRow("other unit ignored") << QByteArray("lines=1-2") << 200 << qint64(0) << qint64(0);
}

void TestStaticFiles::ranges()
{
    QFETCH(QByteArray, range);
    QFETCH(int, status);
    QFETCH(qint64, first);
    QFETCH(qint64, count);
    for (const QByteArray &file : files()) {
        const QByteArray &content = contentOf(file);
        const RawClient::Reply reply = fetch(file, "Range: " + range + "\r\n");
        QCOMPARE(reply.status, status);
        QCOMPARE(reply.field("Accept-Ranges"), QByteArray("bytes"));
        if (status == 200) {
            QCOMPARE(reply.body, content);
        } else if (status == 416) {
            QCOMPARE(reply.field("Content-Range"), "bytes */" + QByteArray::number(content.size()));
        } else {
            const qint64 start = first < 0 ? content.size() - count : first;
            const qint64 size = count < 0 ? content.size() - start : count;
            QCOMPARE(reply.body, content.mid(start, size));
            QCOMPARE(reply.field("Content-Range"),
                "bytes " + QByteArray::number(start) + '-' + QByteArray::number(start + size - 1) + '/'
                    + QByteArray::number(content.size()));
        }
    }
}

void TestStaticFiles::ifRange()
{
    const RawClient::Reply plain = fetch("/large.bin");
    const QByteArray range = "Range: bytes=10-19\r\n";
    QCOMPARE(fetch("/large.bin", range + "If-Range: " + plain.field("ETag") + "\r\n").status, 206);
    QCOMPARE(fetch("/large.bin", range + "If-Range: " + plain.field("Last-Modified") + "\r\n").status, 206);
    const RawClient::Reply stale = fetch("/large.bin", range + "If-Range: \"old\"\r\n");
    QCOMPARE(stale.status, 200);
    QCOMPARE(stale.body, m_large);
    QCOMPARE(fetch("/large.bin", range + "If-Range: Sun, 06 Nov 1994 08:49:37 GMT\r\n").status, 200);
}

void TestStaticFiles::ifRangeDateOnEveryWeekday_data()
{
    // A resumed download sends back the Last-Modified it saw, in any of the
    // three forms of RFC 9110 §5.6.7: a Wednesday's is a date, not a weak tag.
    QTest::addColumn<int>("day");
    QTest::addColumn<QByteArray>("lastModified");
    QTest::addColumn<QByteArray>("ifRange");
    static const char *const kShort[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
    static const char *const kLong[]
        = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
    for (int day = 0; day < 7; ++day) {
        const QByteArray date = QByteArray::number(6 + day).rightJustified(2, '0');
        const QByteArray imf = QByteArray(kShort[day]) + ", " + date + " Nov 1994 08:49:37 GMT";
        QTest::addRow("%s, IMF-fixdate", kLong[day]) << day << imf << imf;
        QTest::addRow("%s, RFC 850", kLong[day])
            << day << imf << QByteArray(kLong[day]) + ", " + date + "-Nov-94 08:49:37 GMT";
        QTest::addRow("%s, asctime", kLong[day]) << day << imf
                                                 << QByteArray(kShort[day]) + " Nov "
                + QByteArray::number(6 + day).rightJustified(2, ' ') + " 08:49:37 1994";
    }
}

void TestStaticFiles::ifRangeDateOnEveryWeekday()
{
    QFETCH(int, day);
    QFETCH(QByteArray, lastModified);
    QFETCH(QByteArray, ifRange);
    const QByteArray file = "/week/" + QByteArray::number(day) + ".bin";
    QCOMPARE(fetch(file).field("Last-Modified"), lastModified);
    const RawClient::Reply resumed = fetch(file, "Range: bytes=10-19\r\nIf-Range: " + ifRange + "\r\n");
    QCOMPARE(resumed.status, 206);
    QCOMPARE(resumed.field("Content-Range"), QByteArray("bytes 10-19/1000"));
    QCOMPARE(resumed.body, QByteArray(10, char('a' + day)));
    // A second off is another file: the whole of it.
    const QByteArray later = lastModified.left(23) + QByteArray::number(38) + " GMT";
    QCOMPARE(fetch(file, "Range: bytes=10-19\r\nIf-Range: " + later + "\r\n").status, 200);
}

namespace {

// An IMF-fixdate as the server writes it, read by Qt (not by the engine's parser).
qint64 imfFixdate(const QByteArray &text)
{
    QDateTime time
        = QLocale::c().toDateTime(QString::fromLatin1(text), u"ddd, dd MMM yyyy HH:mm:ss 'GMT'"_qs);
    time.setTimeZone(QTimeZone::utc());
    return time.isValid() ? time.toSecsSinceEpoch() : -1;
}

} // namespace

void TestStaticFiles::futureModificationTime()
{
    // RFC 9110 §8.8.2.1: a modification time ahead of the server's clock is
    // sent as the response's own date, never later than Date.
    const qint64 future = QDateTime::currentSecsSinceEpoch() + 30 * 86400;
    for (const auto &[name, size] :
        { std::pair { "future.txt", 100 }, std::pair { "future.bin", 100'000 } }) {
        const QString path = m_root + u'/' + QLatin1String(name);
        writeFile(path, QByteArray(size, 'f'));
        setModified(path, future);
        const QByteArray target = '/' + QByteArray(name);
        const RawClient::Reply reply = fetch(target);
        QCOMPARE(reply.status, 200);
        const qint64 date = imfFixdate(reply.field("Date"));
        const qint64 lastModified = imfFixdate(reply.field("Last-Modified"));
        QVERIFY2(date > 0 && lastModified > 0, reply.head.constData());
        QVERIFY2(lastModified <= date, reply.head.constData());
        // The entity-tag still follows the file, so it validates as before.
        const RawClient::Reply again = fetch(target, "If-None-Match: " + reply.field("ETag") + "\r\n");
        QCOMPARE(again.status, 304);
        QVERIFY2(imfFixdate(again.field("Last-Modified")) <= imfFixdate(again.field("Date")),
            again.head.constData());
    }
}

void TestStaticFiles::multipart_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::newRow("cached") << QByteArray("/small.bin");
    QTest::newRow("cached with its descriptor") << QByteArray("/medium.bin");
    QTest::newRow("sendfile-sized") << QByteArray("/large.bin");
}

void TestStaticFiles::multipart()
{
    QFETCH(QByteArray, file);
    const QByteArray &content = contentOf(file);
    const RawClient::Reply reply = fetch(file, "Range: bytes=100-199, 0-9, -50\r\n");
    QCOMPARE(reply.status, 206);
    const QByteArray type = reply.field("Content-Type");
    QVERIFY2(type.startsWith("multipart/byteranges; boundary="), type.constData());
    const QByteArray boundary = type.mid(type.indexOf('=') + 1);
    // Parse the parts back (RFC 9110 §14.6) and compare with the file's bytes.
    const QByteArray body = reply.body;
    QVERIFY(body.endsWith(QByteArray("\r\n--" + boundary + "--\r\n")));
    struct Expected
    {
        qint64 first;
        qint64 last;
    };
    const QList<Expected> expected { { 0, 9 }, { 100, 199 }, { content.size() - 50, content.size() - 1 } };
    qsizetype at = 0;
    for (const Expected &part : expected) {
        const QByteArray delimiter = "\r\n--" + boundary + "\r\n";
        QCOMPARE(body.mid(at, delimiter.size()), delimiter);
        at += delimiter.size();
        const qsizetype headEnd = body.indexOf("\r\n\r\n", at);
        QVERIFY(headEnd > at);
        const QByteArray head = body.mid(at, headEnd - at);
        QVERIFY(head.contains("Content-Type: application/octet-stream"));
        const QByteArray contentRange = "Content-Range: bytes " + QByteArray::number(part.first) + '-'
            + QByteArray::number(part.last) + '/' + QByteArray::number(content.size());
        QVERIFY2(head.contains(contentRange), head.constData());
        at = headEnd + 4;
        const qint64 size = part.last - part.first + 1;
        QCOMPARE(body.mid(at, size), content.mid(part.first, size));
        at += size;
    }
    QCOMPARE(body.mid(at), "\r\n--" + boundary + "--\r\n");
}

void TestStaticFiles::multipartAbuseGetsWholeFile()
{
    // 90 one-byte ranges with gaps would cost far more than the file in part
    // headers: the whole file instead, never more than twice its bytes.
    QByteArray range = "Range: bytes=";
    for (int i = 0; i < 90; ++i)
        range += QByteArray::number(i * 2) + '-' + QByteArray::number(i * 2) + ',';
    range.chop(1);
    const RawClient::Reply reply = fetch("/small.bin", range + "\r\n");
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.body, m_small);
    // The same range many times is sent once.
    QByteArray repeated = "Range: bytes=";
    for (int i = 0; i < 90; ++i)
        repeated += "0-,";
    repeated.chop(1);
    const RawClient::Reply once = fetch("/large.bin", repeated + "\r\n");
    QCOMPARE(once.status, 206);
    QCOMPARE(once.body.size(), m_large.size());
}

void TestStaticFiles::headMatchesGet()
{
    for (const QByteArray &target : { QByteArray("/small.bin"), QByteArray("/large.bin"),
             QByteArray("/app.js"), QByteArray("/list/"), QByteArray("/nope") }) {
        const RawClient::Reply getReply = fetch(target, "Accept-Encoding: gzip\r\nRange: bytes=1-2\r\n");
        const RawClient::Reply headReply
            = fetch(target, "Accept-Encoding: gzip\r\nRange: bytes=1-2\r\n", "main.test", "HEAD");
        QCOMPARE(headReply.status, getReply.status);
        auto withoutDate = [](QByteArray head) {
            QList<QByteArray> lines = head.split('\n');
            lines.removeIf([](const QByteArray &line) { return line.startsWith("Date:"); });
            return lines;
        };
        QCOMPARE(withoutDate(headReply.head), withoutDate(getReply.head));
        RawClient client(m_server.port());
        QVERIFY(client.send(get(target, {}, "main.test", "HEAD")));
        QVERIFY(client.read(true).complete);
        QVERIFY(client.hasClosed() == false);
        QCOMPARE(client.request(get("/dir/")).body, QByteArray("dir index")); // no body bytes came between
    }
}

void TestStaticFiles::methods()
{
    for (const QByteArray &method : { QByteArray("POST"), QByteArray("PUT"), QByteArray("DELETE") }) {
        const RawClient::Reply reply = fetch("/small.bin", "Content-Length: 0\r\n", "main.test", method);
        QCOMPARE(reply.status, 405);
        QCOMPARE(reply.field("Allow"), QByteArray("GET, HEAD, OPTIONS"));
    }
    const RawClient::Reply options = fetch("/small.bin", {}, "main.test", "OPTIONS");
    QCOMPARE(options.status, 200);
    QCOMPARE(options.field("Allow"), QByteArray("GET, HEAD, OPTIONS"));
    QCOMPARE(options.field("Content-Length"), QByteArray("0"));
    const RawClient::Reply server = fetch("*", {}, "main.test", "OPTIONS");
    QCOMPARE(server.status, 200);
    QCOMPARE(server.field("Allow"), QByteArray("GET, HEAD, OPTIONS"));
}

void TestStaticFiles::directories()
{
    const RawClient::Reply redirect = fetch("/dir?x=1&y=2");
    QCOMPARE(redirect.status, 301);
    QCOMPARE(redirect.field("Location"), QByteArray("/dir/?x=1&y=2"));
    QCOMPARE(fetch("/dir/").body, QByteArray("dir index"));
    // The second index name of the site's list.
    QCOMPARE(fetch("/idx/").body, QByteArray("default index"));
    // Not on the other site's list, and that site has no listing.
    QCOMPARE(fetch("/idx/", {}, "loose.test").status, 403);
    QCOMPARE(fetch("/empty/", {}, "loose.test").status, 403);
}

void TestStaticFiles::listing()
{
    const RawClient::Reply reply = fetch("/list/");
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.field("Content-Type").startsWith("text/html"));
    QVERIFY(reply.body.contains("&lt;a&amp;b&gt;.txt"));
    QVERIFY(reply.body.contains("href=\"%3Ca%26b%3E.txt\""));
    QVERIFY(!reply.body.contains("<a&b>"));
    QVERIFY(!reply.body.contains(".secret"));
    QVERIFY(reply.body.contains("Index of /list/"));
    QVERIFY(!reply.body.contains(QFile::encodeName(m_root)));
    QVERIFY(reply.body.indexOf("sub/") < reply.body.indexOf("b.txt"));
    QVERIFY(reply.body.indexOf("&lt;a&amp;b&gt;.txt") < reply.body.indexOf("b.txt</a>"));
}

void TestStaticFiles::precompressed()
{
    const RawClient::Reply brotli = fetch("/app.js", "Accept-Encoding: gzip, deflate, br\r\n");
    QCOMPARE(brotli.status, 200);
    QCOMPARE(brotli.body, QByteArray("BROTLI BYTES"));
    QCOMPARE(brotli.field("Content-Encoding"), QByteArray("br"));
    QCOMPARE(brotli.field("Vary"), QByteArray("Accept-Encoding"));
    QVERIFY(brotli.field("Content-Type").contains("javascript"));
    const RawClient::Reply gzip = fetch("/app.js", "Accept-Encoding: gzip\r\n");
    QCOMPARE(gzip.body, QByteArray("GZIP BYTES"));
    QCOMPARE(gzip.field("Content-Encoding"), QByteArray("gzip"));
    QCOMPARE(gzip.field("Vary"), QByteArray("Accept-Encoding"));
    const RawClient::Reply identity = fetch("/app.js");
    QCOMPARE(identity.body, QByteArray("var identity = 1;"));
    QVERIFY(identity.field("Content-Encoding").isEmpty());
    QCOMPARE(identity.field("Vary"), QByteArray("Accept-Encoding"));
    const RawClient::Reply refused = fetch("/app.js", "Accept-Encoding: br;q=0, gzip;q=0\r\n");
    QCOMPARE(refused.body, QByteArray("var identity = 1;"));
    // Every representation has its own tag.
    QVERIFY(brotli.field("ETag") != gzip.field("ETag"));
    QVERIFY(gzip.field("ETag") != identity.field("ETag"));
    // 304 and 206 say Vary too.
    const RawClient::Reply notModified
        = fetch("/app.js", "Accept-Encoding: br\r\nIf-None-Match: " + brotli.field("ETag") + "\r\n");
    QCOMPARE(notModified.status, 304);
    QCOMPARE(notModified.field("Vary"), QByteArray("Accept-Encoding"));
    QCOMPARE(fetch("/app.js", "If-None-Match: " + brotli.field("ETag") + "\r\n").status, 200);
    const RawClient::Reply partial = fetch("/app.js", "Accept-Encoding: br\r\nRange: bytes=0-5\r\n");
    QCOMPARE(partial.status, 206);
    QCOMPARE(partial.body, QByteArray("BROTLI"));
    QCOMPARE(partial.field("Vary"), QByteArray("Accept-Encoding"));
    QCOMPARE(partial.field("Content-Encoding"), QByteArray("br"));
    QCOMPARE(partial.field("Content-Range"), QByteArray("bytes 0-5/12"));
}

void TestStaticFiles::symlinks()
{
    const RawClient::Reply strict = fetch("/link-out.txt");
    QCOMPARE(strict.status, 404);
    QVERIFY(!strict.body.contains("SECRET"));
    const RawClient::Reply loose = fetch("/link-out.txt", {}, "loose.test");
    QCOMPARE(loose.status, 200);
    QCOMPARE(loose.body, QByteArray("SECRET"));
}

void TestStaticFiles::errorPages()
{
    const RawClient::Reply custom = fetch("/missing.txt");
    QCOMPARE(custom.status, 404);
    QCOMPARE(custom.body, QByteArray("<p>custom missing page</p>"));
    QVERIFY(custom.field("Content-Type").startsWith("text/html"));
    const RawClient::Reply plain = fetch("/missing.txt", {}, "loose.test");
    QCOMPARE(plain.status, 404);
    QVERIFY(plain.body.contains("404 Not Found"));
    const RawClient::Reply head = fetch("/missing.txt", {}, "main.test", "HEAD");
    QCOMPARE(head.status, 404);
    QCOMPARE(head.field("Content-Length"), QByteArray::number(custom.body.size()));
}

void TestStaticFiles::cacheSeesChanges()
{
    const RawClient::Reply before = fetch("/changing.txt");
    QCOMPARE(before.body, QByteArray("version one"));
    writeFile(m_root + QStringLiteral("/changing.txt"), "version two, longer");
    // The cache checks a file again at most once per second.
    RawClient::Reply after;
    QElapsedTimer waited;
    waited.start();
    do {
        after = fetch("/changing.txt");
        QVERIFY(after.complete); // Content-Length and body always agree, cached or not
        if (after.body == "version two, longer")
            break;
        QCOMPARE(after.body, QByteArray("version one"));
        QThread::msleep(100);
    } while (waited.elapsed() < 10000);
    QCOMPARE(after.body, QByteArray("version two, longer"));
    QVERIFY(after.field("ETag") != before.field("ETag"));
    // One entity-tag, of the file as it is now ("inode-size-mtime", size
    // 19 = 0x13), not the old one with the new one after it (a tester saw
    // five tags glued together after a few rewrites).
    static const QRegularExpression oneTag(QStringLiteral("^\"[0-9a-f]+-13-[0-9a-f]+\"$"));
    QVERIFY2(
        oneTag.match(QString::fromLatin1(after.field("ETag"))).hasMatch(), after.field("ETag").constData());
    // Each worker has its own cache: another one may hold the old entry for up to a second more.
    int status = 0;
    waited.restart();
    do {
        status = fetch("/changing.txt", "If-None-Match: " + before.field("ETag") + "\r\n").status;
        if (status != 200)
            QThread::msleep(100);
    } while (status != 200 && waited.elapsed() < 10000);
    QCOMPARE(status, 200);

    // Rewritten again and again, every worker's answer carries one tag of
    // the file as it is: the cached entry's tag is replaced, not appended to.
    for (int round = 0; round < 4; ++round) {
        const QByteArray content
            = QByteArray("round ") + QByteArray::number(round) + QByteArray(round + 1, 'x');
        writeFile(m_root + QStringLiteral("/changing.txt"), content);
        const QRegularExpression tag(
            QStringLiteral("^\"[0-9a-f]+-%1-[0-9a-f]+\"$").arg(QString::number(content.size(), 16)));
        waited.restart();
        int fresh = 0; // answers with the new body, from either worker
        while (fresh < 8 && waited.elapsed() < 10000) {
            const RawClient::Reply reply = fetch("/changing.txt");
            if (reply.body == content) {
                ++fresh;
                QVERIFY2(tag.match(QString::fromLatin1(reply.field("ETag"))).hasMatch(),
                    reply.field("ETag").constData());
            } else {
                QThread::msleep(50);
            }
        }
        QCOMPARE(fresh, 8);
    }
}

QTEST_GUILESS_MAIN(TestStaticFiles)
#include "tst_staticfiles.moc"
