// Round trip of the configuration export: the stored sites are exported
// with `hostbench-cli export` (production flavour, under a temporary prefix
// on a free loopback port), the real nginx, lighttpd, apache2, caddy and h2o
// are started on them exactly as the file's head says (its start line, run by
// a shell, and what it says to run first when started by root), once by root
// and once by a user (nobody, owning the prefix), and the same requests go to
// each and to `hostbench-cli serve` on the same sites. Status, key headers and
// bodies must agree, except for the differences listed in kExpected with
// their reasons: a new difference fails, and so does a listed one that no
// longer occurs. A server that is not installed is skipped, naming its package.
#include "export/ConfigWriter.h"
#include "storage/DataFolder.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using hostbench::exporter::ConfigWriter;
using hostbench::exporter::Server;

namespace {

constexpr int kTimeoutMs = 20'000;

// One request: the Host (a "%1" in it stands for the server's port), the
// method, the target, extra fields. `conditional`:
// 1 sends If-None-Match with the ETag, 2 If-Modified-Since with the
// Last-Modified, that the same server gave for a plain GET of the path.
struct Case
{
    QString name;
    QByteArray host;
    QByteArray method;
    QByteArray path;
    QByteArray fields;
    int conditional = 0;
};

const QList<Case> kCases = {
    { u"index"_s, "main.test", "GET", "/", {} },
    { u"index by alias"_s, "www.main.test", "GET", "/", {} },
    { u"unknown host: default site"_s, "nobody.test", "GET", "/", {} },
    { u"text file"_s, "main.test", "GET", "/hello.txt", {} },
    { u"HEAD of a file"_s, "main.test", "HEAD", "/hello.txt", {} },
    { u"css"_s, "main.test", "GET", "/style.css", {} },
    { u"javascript"_s, "main.test", "GET", "/app.js", {} },
    { u"json"_s, "main.test", "GET", "/data.json", {} },
    { u"png"_s, "main.test", "GET", "/pic.png", {} },
    { u"second index file"_s, "main.test", "GET", "/sub/", {} },
    { u"folder without slash"_s, "main.test", "GET", "/sub", {} },
    { u"folder without index, listing off"_s, "main.test", "GET", "/docs/", {} },
    { u"404 with error page"_s, "main.test", "GET", "/missing.html", {} },
    { u"route /ok"_s, "main.test", "GET", "/ok", {} },
    { u"route /hello"_s, "www.main.test", "GET", "/hello", {} },
    { u"HEAD of a route"_s, "main.test", "HEAD", "/ok", {} },
    { u"range"_s, "main.test", "GET", "/hello.txt", "Range: bytes=10-19\r\n" },
    { u"suffix range"_s, "main.test", "GET", "/hello.txt", "Range: bytes=-5\r\n" },
    { u"unsatisfiable range"_s, "main.test", "GET", "/hello.txt", "Range: bytes=99999-\r\n" },
    { u"304 by If-None-Match"_s, "main.test", "GET", "/hello.txt", {}, 1 },
    { u"304 by If-Modified-Since"_s, "main.test", "GET", "/hello.txt", {}, 2 },
    { u"precompressed gzip sibling"_s, "main.test", "GET", "/page.html", "Accept-Encoding: gzip\r\n" },
    { u"no sibling without Accept-Encoding"_s, "main.test", "GET", "/page.html", {} },
    { u"gzip refused by q=0"_s, "main.test", "GET", "/page.html", "Accept-Encoding: gzip;q=0\r\n" },
    { u"precompressed css sibling"_s, "main.test", "GET", "/x.css", "Accept-Encoding: gzip, deflate\r\n" },
    { u"css with a sibling, no Accept-Encoding"_s, "main.test", "GET", "/x.css", {} },
    { u".gz file requested as itself"_s, "main.test", "GET", "/backup.tar.gz", "Accept-Encoding: gzip\r\n" },
    { u".gz file, no Accept-Encoding"_s, "main.test", "GET", "/backup.tar.gz", {} },
    { u"Host with the port"_s, "downloads.test:%1", "GET", "/readme.txt", {} },
    { u"Host with the port, default site"_s, "www.main.test:%1", "GET", "/data.json", {} },
    { u"listing of the root"_s, "files.test", "GET", "/", {} },
    { u"listing by alias"_s, "downloads.test", "GET", "/", {} },
    { u"listing of a folder"_s, "files.test", "GET", "/pub/", {} },
    { u"file of the second site"_s, "downloads.test", "GET", "/readme.txt", {} },
    { u"404 without error page"_s, "files.test", "GET", "/missing.txt", {} },
    { u"route of another site"_s, "files.test", "GET", "/hello", {} },
};

// A difference that stays: the server, the cases and fields ("status", a
// header name in lower case, "body") it concerns, the server's value
// (`theirs`, where "%1" stands for Hostbench's; empty: any value), and why.
// Each entry must still occur, for each of its cases.
struct Expected
{
    QString server;
    QStringList cases;
    QStringList fields;
    QString theirs;
    QString reason;
};

// Answers every server words its own way: the 301 to the folder's slash,
// 403, 404 without an error page, 416.
const QStringList kOwnPages = { u"folder without slash"_s, u"folder without index, listing off"_s,
    u"unsatisfiable range"_s, u"404 without error page"_s, u"route of another site"_s };
const QStringList kListings = { u"listing of the root"_s, u"listing by alias"_s, u"listing of a folder"_s };
const QStringList kRoutes = { u"route /ok"_s, u"route /hello"_s, u"HEAD of a route"_s };
const QStringList kTextFiles = { u"text file"_s, u"HEAD of a file"_s, u"css"_s, u"range"_s, u"suffix range"_s,
    u"file of the second site"_s, u"precompressed css sibling"_s, u"css with a sibling, no Accept-Encoding"_s,
    u"Host with the port"_s };
// The answers for a file that has a gzip sibling, whichever is sent.
const QStringList kSiblings = { u"precompressed gzip sibling"_s, u"no sibling without Accept-Encoding"_s,
    u"gzip refused by q=0"_s, u"precompressed css sibling"_s, u"css with a sibling, no Accept-Encoding"_s };
const QStringList kTarGz = { u".gz file requested as itself"_s, u".gz file, no Accept-Encoding"_s };
const QStringList kLength { u"body"_s, u"content-length"_s };
const QStringList kValidators { u"etag"_s, u"last-modified"_s };

const QList<Expected> kExpected = {
    // nginx
    { u"nginx"_s, kOwnPages, kLength, {}, u"nginx's own texts for its error pages and redirects"_s },
    { u"nginx"_s, kListings, kLength, {}, u"autoindex's own HTML, sent chunked (no Content-Length)"_s },
    { u"nginx"_s, kListings, { u"content-type"_s }, u"text/html"_s, u"autoindex names no charset"_s },
    { u"nginx"_s, { u"javascript"_s }, { u"content-type"_s }, u"application/javascript"_s,
        u"Debian's /etc/nginx/mime.types predates RFC 9239's text/javascript"_s },
    { u"nginx"_s, { u"unsatisfiable range"_s }, kValidators, u"absent"_s,
        u"nginx sends no validators with 416"_s },
    { u"nginx"_s, { u"404 with error page"_s }, { u"etag"_s }, u"present"_s,
        u"nginx serves the error page as a file, with its ETag"_s },
    { u"nginx"_s, kTarGz, { u"content-type"_s }, u"application/octet-stream"_s,
        u"Debian's /etc/nginx/mime.types has no type for .gz"_s },
    // lighttpd
    { u"lighttpd"_s, kTextFiles, { u"content-type"_s }, u"%1;charset=utf-8"_s,
        u"Debian's create-mime.conf.pl adds a charset to text types"_s },
    { u"lighttpd"_s, { u"304 by If-None-Match"_s, u"304 by If-Modified-Since"_s }, { u"content-type"_s },
        u"text/plain;charset=utf-8"_s, u"lighttpd repeats Content-Type on a 304 (RFC 9110 allows it)"_s },
    { u"lighttpd"_s, kOwnPages, kLength, {}, u"lighttpd's own texts (none for its 301)"_s },
    { u"lighttpd"_s, { u"folder without slash"_s }, { u"content-type"_s }, u""_s,
        u"lighttpd's 301 has no body"_s },
    { u"lighttpd"_s, { u"unsatisfiable range"_s }, kValidators + QStringList { u"content-range"_s }, {},
        u"lighttpd's 416 carries no validators and no Content-Range: bytes */length"_s },
    { u"lighttpd"_s, kRoutes, kValidators, u"present"_s,
        u"a fixed route is a generated file in lighttpd, with the file's validators"_s },
    { u"lighttpd"_s, { u"precompressed gzip sibling"_s, u"precompressed css sibling"_s },
        kLength + QStringList { u"content-encoding"_s }, {},
        u"lighttpd 1.4.69 does not serve precompressed siblings (a comment in the file says so)"_s },
    { u"lighttpd"_s, kSiblings, { u"vary"_s }, u""_s,
        u"no precompressed siblings in lighttpd 1.4.69, so no Vary: Accept-Encoding for them"_s },
    { u"lighttpd"_s, kTarGz, { u"content-type"_s }, u"application/x-gtar-compressed"_s,
        u"Debian's /etc/mime.types names .tar.gz application/x-gtar-compressed"_s },
    { u"lighttpd"_s, kListings, kLength, {}, u"mod_dirlisting's own HTML"_s },
    { u"lighttpd"_s, kListings, { u"content-type"_s }, u"text/html"_s, u"mod_dirlisting names no charset"_s },
    // Apache
    { u"apache"_s, kOwnPages, kLength + QStringList { u"content-type"_s }, {},
        u"Apache's own texts for its error pages and redirects, in ISO-8859-1 (416: chunked)"_s },
    { u"apache"_s, { u"unsatisfiable range"_s }, kValidators + QStringList { u"content-range"_s }, {},
        u"Apache's 416 carries no validators and no Content-Range: bytes */length"_s },
    { u"apache"_s, kRoutes + QStringList { u"404 with error page"_s }, kValidators, u"present"_s,
        u"a fixed route and an error page are files in Apache, with the file's validators"_s },
    { u"apache"_s, kListings, kLength + QStringList { u"content-type"_s }, {},
        u"mod_autoindex's own HTML, in ISO-8859-1"_s },
    { u"apache"_s, kTarGz, { u"content-type"_s }, u"application/gzip"_s,
        u"mod_mime types by the last extension: .gz is application/gzip in /etc/mime.types"_s },
    // Caddy
    { u"caddy"_s,
        kTextFiles
            + QStringList { u"index"_s, u"index by alias"_s, u"unknown host: default site"_s, u"javascript"_s,
                u"second index file"_s, u"404 with error page"_s, u"precompressed gzip sibling"_s,
                u"no sibling without Accept-Encoding"_s, u"gzip refused by q=0"_s, u"folder without slash"_s,
                u"folder without index, listing off"_s },
        { u"content-type"_s }, u"%1; charset=utf-8"_s, u"Caddy adds a charset to text types"_s },
    { u"caddy"_s, { u"folder without slash"_s }, { u"status"_s }, u"308"_s,
        u"Caddy redirects to the folder's slash with 308, not 301"_s },
    { u"caddy"_s, { u"folder without index, listing off"_s }, { u"status"_s }, u"404"_s,
        u"Caddy answers a folder without index and listing with 404 (and the 404 page), not 403"_s },
    { u"caddy"_s, { u"folder without index, listing off"_s }, kValidators, u"present"_s,
        u"that 404 is the error page file, with its validators"_s },
    { u"caddy"_s, { u"404 with error page"_s }, kValidators, u"present"_s,
        u"Caddy serves the error page as a file, with its validators"_s },
    { u"caddy"_s, kOwnPages, kLength, {}, u"Caddy's own texts; its 404 without an error page is empty"_s },
    { u"caddy"_s, { u"unsatisfiable range"_s, u"404 without error page"_s, u"route of another site"_s },
        { u"content-type"_s }, {}, u"Caddy's own error answers: text/plain, or none when empty"_s },
    { u"caddy"_s, { u"304 by If-None-Match"_s, u"304 by If-Modified-Since"_s }, { u"last-modified"_s },
        u"absent"_s, u"Caddy's 304 leaves out Last-Modified"_s },
    { u"caddy"_s, kListings, kLength, {}, u"Caddy's browse template, sent chunked"_s },
    { u"caddy"_s,
        { u"no sibling without Accept-Encoding"_s, u"gzip refused by q=0"_s,
            u"css with a sibling, no Accept-Encoding"_s },
        { u"vary"_s }, u""_s,
        u"Caddy 2.6 sends Vary: Accept-Encoding only with the precompressed sibling"_s },
    { u"caddy"_s, kTarGz, { u"content-type"_s }, u"application/gzip"_s,
        u"Caddy types by the last extension (Go's mime table)"_s },
    // h2o
    { u"h2o"_s, kOwnPages, kLength, {}, u"h2o's own texts for its error pages and redirects"_s },
    { u"h2o"_s,
        { u"folder without slash"_s, u"unsatisfiable range"_s, u"404 without error page"_s,
            u"route of another site"_s },
        { u"content-type"_s }, {}, u"h2o's own answers: text/plain (its 301 text/html), with a charset"_s },
    { u"h2o"_s, { u"folder without index, listing off"_s }, { u"status"_s }, u"404"_s,
        u"h2o answers a folder without index and listing with 404 (and the 404 page), not 403"_s },
    { u"h2o"_s, { u"unsatisfiable range"_s }, kValidators, u"absent"_s,
        u"h2o sends no validators with 416"_s },
    { u"h2o"_s, { u"304 by If-None-Match"_s, u"304 by If-Modified-Since"_s }, { u"last-modified"_s },
        u"absent"_s, u"h2o's 304 leaves out Last-Modified"_s },
    { u"h2o"_s, kRoutes, kValidators, u"present"_s,
        u"a fixed route is a file in h2o 2.2 (no fixed answer without mruby), with its validators"_s },
    { u"h2o"_s, { u"javascript"_s }, { u"content-type"_s }, u"application/javascript"_s,
        u"h2o 2.2's built-in MIME table predates RFC 9239's text/javascript"_s },
    { u"h2o"_s, kListings, kLength, {}, u"file.dirlisting's own HTML, sent chunked"_s },
    { u"h2o"_s, kTarGz, { u"content-type"_s }, u"application/octet-stream"_s,
        u"h2o 2.2's MIME table has no type for .gz"_s },
    { u"h2o"_s,
        kTarGz
            + QStringList { u"text file"_s, u"HEAD of a file"_s, u"css"_s, u"range"_s, u"suffix range"_s,
                u"file of the second site"_s, u"Host with the port"_s, u"index"_s, u"index by alias"_s,
                u"unknown host: default site"_s, u"javascript"_s, u"json"_s, u"png"_s, u"second index file"_s,
                u"304 by If-None-Match"_s, u"304 by If-Modified-Since"_s,
                u"Host with the port, default site"_s },
        { u"vary"_s }, u"accept-encoding"_s,
        u"with file.send-compressed ON, h2o 2.2 sends Vary: Accept-Encoding with every file"_s },
};

struct Reply
{
    bool complete = false;
    int status = 0;
    QMap<QByteArray, QByteArray> fields; // lower-case name -> value
    QByteArray body;
};

Reply exchange(quint16 port, const QByteArray &request, bool head)
{
    Reply reply;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return reply;
    socket.write(request);
    QByteArray data;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(kTimeoutMs))
        data += socket.readAll();
    data += socket.readAll();
    const qsizetype split = data.indexOf("\r\n\r\n");
    if (split < 0)
        return reply;
    const QList<QByteArray> lines = data.left(split).split('\n');
    reply.status = lines.value(0).split(' ').value(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            reply.fields.insert(
                lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    reply.body = head ? QByteArray() : data.mid(split + 4);
    reply.complete = true;
    return reply;
}

QByteArray requestFor(const Case &c, quint16 port, const QByteArray &extra)
{
    const QByteArray host = QByteArray(c.host).replace("%1", QByteArray::number(port));
    return c.method + ' ' + c.path + " HTTP/1.1\r\nHost: " + host + "\r\n" + c.fields + extra
        + "Connection: close\r\n\r\n";
}

// The replies of one server to every case, in order.
QList<Reply> askAll(quint16 port)
{
    QList<Reply> replies;
    for (const Case &c : kCases) {
        QByteArray extra;
        if (c.conditional) {
            const Reply plain
                = exchange(port, requestFor(Case { {}, c.host, "GET", c.path, {} }, port, {}), false);
            extra = c.conditional == 1
                ? QByteArray("If-None-Match: " + plain.fields.value("etag") + "\r\n")
                : QByteArray("If-Modified-Since: " + plain.fields.value("last-modified") + "\r\n");
        }
        replies.append(exchange(port, requestFor(c, port, extra), c.method == "HEAD"));
    }
    return replies;
}

// The fields compared, with the value as compared (Location without its
// scheme and authority; ETag and Last-Modified: present or not).
QMap<QString, QByteArray> comparable(const Reply &reply)
{
    QMap<QString, QByteArray> out;
    out.insert(u"status"_s, QByteArray::number(reply.status));
    for (const QByteArray name : { "content-type", "content-length", "content-range", "content-encoding" })
        out.insert(QString::fromLatin1(name), reply.fields.value(name));
    // Vary names header fields: case does not matter (RFC 9110 5.1).
    out.insert(u"vary"_s, reply.fields.value("vary").toLower());
    for (const QByteArray name : { "etag", "last-modified" })
        out.insert(QString::fromLatin1(name), reply.fields.contains(name) ? "present" : "absent");
    QByteArray location = reply.fields.value("location");
    static const QRegularExpression authority(u"^https?://[^/]*"_s);
    out.insert(u"location"_s, QString::fromLatin1(location).remove(authority).toLatin1());
    out.insert(u"body"_s, reply.body);
    return out;
}

quint16 freePort()
{
    QTcpServer server;
    return server.listen(QHostAddress::LocalHost, 0) ? server.serverPort() : 0;
}

bool waitForPort(quint16 port, QProcess &process)
{
    QDeadlineTimer deadline(kTimeoutMs);
    process.waitForStarted(kTimeoutMs);
    while (!deadline.hasExpired() && process.state() == QProcess::Running) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (socket.waitForConnected(200))
            return true;
        process.waitForFinished(100);
    }
    return false;
}

void stop(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(kTimeoutMs)) {
        process.kill();
        process.waitForFinished();
    }
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QString findProgram(const QString &name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty())
        path = QStandardPaths::findExecutable(name, { u"/usr/sbin"_s, u"/sbin"_s });
    return path;
}

} // namespace

class TestExportRoundTrip final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void roundTrip_data();
    void roundTrip();

private:
    QProcessEnvironment environment() const;

    QTemporaryDir m_dir;
    QString m_dataDir;
    QList<Reply> m_hostbench;
};

QProcessEnvironment TestExportRoundTrip::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"HOSTBENCH_DATA_DIR"_s, m_dir.filePath(u"default-data"_s));
    env.insert(u"HOME"_s, m_dir.filePath(u"home"_s)); // caddy's own folders
    // The servers' programs are in sbin, which a user's PATH may lack.
    env.insert(u"PATH"_s, env.value(u"PATH"_s) + u":/usr/sbin:/sbin"_s);
    return env;
}

void TestExportRoundTrip::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Servers started by root hand the requests to www-data: the files must be readable.
    QVERIFY(::chmod(QFile::encodeName(m_dir.path()).constData(), 0755) == 0);
    const QString main = m_dir.filePath(u"main"_s);
    const QString files = m_dir.filePath(u"files"_s);
    QByteArray lines;
    for (int i = 0; i < 40; ++i)
        lines += "line " + QByteArray::number(i) + " of hello.txt\n";
    QVERIFY(writeFile(main + u"/index.html"_s, "<h1>main</h1>\n"));
    QVERIFY(writeFile(main + u"/hello.txt"_s, lines));
    QVERIFY(writeFile(main + u"/style.css"_s, "body { color: teal; }\n"));
    QVERIFY(writeFile(main + u"/app.js"_s, "console.log('hi');\n"));
    QVERIFY(writeFile(main + u"/data.json"_s, "{\"a\": 1}\n"));
    QVERIFY(writeFile(main + u"/pic.png"_s, QByteArray::fromHex("89504e470d0a1a0a0000000d49484452")));
    QVERIFY(writeFile(main + u"/sub/index.htm"_s, "<p>sub</p>\n"));
    QVERIFY(writeFile(main + u"/docs/notes.txt"_s, "notes\n"));
    QVERIFY(writeFile(main + u"/404.html"_s, "<p>not here</p>\n"));
    QVERIFY(writeFile(main + u"/page.html"_s, "<p>page</p>\n"));
    // A real gzip stream of "<p>page</p>\n", so that a client could read it.
    QVERIFY(writeFile(main + u"/page.html.gz"_s,
        QByteArray::fromHex("1f8b0800000000000203b329b02b484c4fb5d12fb0e302003ca245710c000000")));
    // A stylesheet with its gzip sibling, and a gzip file that is a download of its own.
    QVERIFY(writeFile(main + u"/x.css"_s, "p { margin: 0; }\n"));
    QVERIFY(writeFile(main + u"/x.css.gz"_s,
        QByteArray::fromHex("1f8b08000000000000032b50a856c84d2c4acfccb35230b056a8e502007a3be93a11000000")));
    QVERIFY(writeFile(main + u"/backup.tar.gz"_s,
        QByteArray::fromHex(
            "1f8b0800000000000203edc1010d000000c2a0f74f6d0e37a00000000000000000008037039ade1d2700280000")));
    QVERIFY(writeFile(files + u"/readme.txt"_s, "read me\n"));
    QVERIFY(writeFile(files + u"/pub/a.txt"_s, "a\n"));
    QVERIFY(writeFile(files + u"/pub/b.txt"_s, "bb\n"));
    for (const QString &dir :
        QStringList { main, main + u"/sub"_s, main + u"/docs"_s, files, files + u"/pub"_s })
        QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0755) == 0);

    m_dataDir = m_dir.filePath(u"data"_s);
    hostbench::storage::DataFolder folder;
    QString error;
    QVERIFY2(folder.open(m_dataDir, &error), qPrintable(error));
    QList<hostbench::model::VirtualHost> stored = folder.database().virtualHosts();
    QCOMPARE(stored.size(), 1);
    hostbench::model::VirtualHost site = stored.first();
    site.hostName = u"main.test"_s;
    site.aliases = { u"www.main.test"_s };
    site.documentRoot = main;
    site.indexFiles = { u"index.html"_s, u"index.htm"_s };
    site.errorPages = { { 404, u"/404.html"_s } };
    site.routes = { { u"/ok"_s, 200, u"text/plain"_s, "OK" },
        { u"/hello"_s, 200, u"text/plain"_s, "Hello, world!\n" } };
    QVERIFY2(folder.database().saveVirtualHost(site), qPrintable(folder.database().lastError()));
    hostbench::model::VirtualHost second;
    second.hostName = u"files.test"_s;
    second.aliases = { u"downloads.test"_s };
    second.documentRoot = files;
    second.directoryListing = true;
    QVERIFY2(folder.database().saveVirtualHost(second), qPrintable(folder.database().lastError()));

    const quint16 port = freePort();
    QProcess serve;
    serve.setProcessEnvironment(environment());
    QStringList arguments { u"serve"_s, u"--data-dir"_s, m_dataDir, u"--listen"_s,
        u"127.0.0.1:%1"_s.arg(port), u"--control"_s, u"off"_s };
    if (::geteuid() == 0)
        arguments += { u"--user"_s, u"root"_s }; // serve refuses root without it; CI runs as root
    serve.start(QStringLiteral(HOSTBENCH_CLI_PATH), arguments);
    QVERIFY2(waitForPort(port, serve), serve.readAllStandardError().constData());
    m_hostbench = askAll(port);
    stop(serve);
    for (qsizetype i = 0; i < kCases.size(); ++i)
        QVERIFY2(
            m_hostbench.at(i).complete, qPrintable(u"hostbench: no whole answer to "_s + kCases.at(i).name));
}

void TestExportRoundTrip::cleanupTestCase() { }

void TestExportRoundTrip::roundTrip_data()
{
    QTest::addColumn<int>("server");
    QTest::addColumn<bool>("asUser");
    for (Server server : { Server::Nginx, Server::Lighttpd, Server::Apache, Server::Caddy, Server::H2o }) {
        const QString name = ConfigWriter::name(server);
        QTest::newRow(qPrintable(name + u" as root"_s)) << int(server) << false;
        QTest::newRow(qPrintable(name + u" as a user"_s)) << int(server) << true;
    }
}

void TestExportRoundTrip::roundTrip()
{
    QFETCH(int, server);
    QFETCH(bool, asUser);
    const Server target = Server(server);
    const QString name = ConfigWriter::name(target);
    const QString program = findProgram(ConfigWriter::program(target));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(target), ConfigWriter::package(target))));
    // Not root: "as a user" is as the one running the test.
    const bool root = ::geteuid() == 0;
    if (!asUser && !root)
        QSKIP("starting a server as root needs root");

    const quint16 port = freePort();
    const QString prefix = m_dir.filePath(name + (asUser ? u"-user"_s : u"-root"_s));
    const QString config = prefix + u"/server.conf"_s;
    QProcess exporter;
    exporter.setProcessEnvironment(environment());
    exporter.start(QStringLiteral(HOSTBENCH_CLI_PATH),
        { u"export"_s, name, u"--data-dir"_s, m_dataDir, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port),
            u"--out"_s, config, u"--prefix"_s, prefix });
    QVERIFY(exporter.waitForFinished(kTimeoutMs));
    QVERIFY2(exporter.exitCode() == 0, exporter.readAllStandardError().constData());
    // As a user: the prefix is that user's (as if the user had exported it).
    if (asUser && root) {
        QProcess chown;
        chown.start(u"chown"_s, { u"-R"_s, u"nobody:nogroup"_s, prefix });
        QVERIFY(chown.waitForFinished(kTimeoutMs) && chown.exitCode() == 0);
    }

    // The start line of the file's head, run exactly as written by a shell.
    QFile text(config);
    QVERIFY(text.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(text.readAll());
    static const QRegularExpression startLine(u"Start it in the foreground with:\\n#  ([^\\n]+)\\n"_s);
    const QRegularExpressionMatch match = startLine.match(written);
    QVERIFY2(match.hasMatch(), qPrintable(u"no start line in the head of "_s + config));
    // Started by root, a server that writes its logs as another user says what to run first.
    static const QRegularExpression firstLine(u"first give them to that user with:\\n#  ([^\\n]+)\\n"_s);
    const QRegularExpressionMatch first = firstLine.match(written);
    if (!asUser && first.hasMatch()) {
        QProcess before;
        before.setProcessChannelMode(QProcess::MergedChannels);
        before.start(u"/bin/sh"_s, { u"-c"_s, first.captured(1) });
        QVERIFY(before.waitForFinished(kTimeoutMs));
        QVERIFY2(before.exitCode() == 0,
            qPrintable(first.captured(1) + u": "_s + QString::fromLocal8Bit(before.readAll())));
    }
    QStringList command { u"/bin/sh"_s, u"-c"_s, u"exec "_s + match.captured(1) };
    if (asUser && root)
        command = QStringList {
            u"setpriv"_s, u"--reuid=nobody"_s, u"--regid=nogroup"_s, u"--clear-groups"_s, u"--"_s
        } + command;
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(findProgram(command.first()), command.mid(1));
    const bool up = waitForPort(port, process);
    if (!up) {
        stop(process);
        QFile log(prefix + u"/logs/error.log"_s);
        log.open(QIODevice::ReadOnly);
        QFAIL(qPrintable(u"%1 did not start as %2 with: %3\n%4\n%5\n--- %6:\n%7"_s.arg(name,
            asUser ? (root ? u"nobody"_s : u"this user"_s) : u"root"_s, command.join(u' '),
            QString::fromLocal8Bit(process.readAll()), QString::fromLocal8Bit(log.readAll()), config,
            written)));
    }
    const QList<Reply> replies = askAll(port);
    stop(process);

    QStringList unexpected;
    QSet<QString> seen; // "entry index/case"
    for (qsizetype i = 0; i < kCases.size(); ++i) {
        const Case &c = kCases.at(i);
        if (!replies.at(i).complete) {
            unexpected.append(u"%1: no whole answer"_s.arg(c.name));
            continue;
        }
        const QMap<QString, QByteArray> ours = comparable(m_hostbench.at(i));
        const QMap<QString, QByteArray> theirs = comparable(replies.at(i));
        for (auto it = ours.cbegin(); it != ours.cend(); ++it) {
            const QByteArray value = theirs.value(it.key());
            if (value == it.value())
                continue;
            bool listed = false;
            for (qsizetype e = 0; e < kExpected.size() && !listed; ++e) {
                const Expected &expected = kExpected.at(e);
                if (expected.server == name && expected.cases.contains(c.name)
                    && expected.fields.contains(it.key())
                    && (expected.theirs.isNull()
                        || QString::fromLatin1(value)
                            == QString(expected.theirs).replace(u"%1"_s, QString::fromLatin1(it.value())))) {
                    listed = true;
                    seen.insert(QString::number(e) + u'/' + c.name);
                }
            }
            if (!listed)
                unexpected.append(u"%1 / %2: hostbench \"%3\", %4 \"%5\""_s.arg(c.name, it.key(),
                    QString::fromLatin1(it.value().left(200).toPercentEncoding(" /:;,=<>\"'()!-.")), name,
                    QString::fromLatin1(value.left(200).toPercentEncoding(" /:;,=<>\"'()!-."))));
        }
    }
    for (qsizetype e = 0; e < kExpected.size(); ++e) {
        if (kExpected.at(e).server != name)
            continue;
        for (const QString &caseName : kExpected.at(e).cases) {
            if (!seen.contains(QString::number(e) + u'/' + caseName))
                unexpected.append(u"listed but gone: %1 / %2 (%3)"_s.arg(
                    caseName, kExpected.at(e).fields.join(u','), kExpected.at(e).reason));
        }
    }
    for (const QString &line : std::as_const(unexpected))
        qWarning().noquote() << line;
    QVERIFY2(unexpected.isEmpty(), "differences not in kExpected (listed above)");
}

QTEST_GUILESS_MAIN(TestExportRoundTrip)
#include "tst_exportroundtrip.moc"
