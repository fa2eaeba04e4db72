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
// Proxied sites (issue #24) sit in front of the test's upstream app
// (tests/export/upstream.py, the same processes for Hostbench and every
// server): what the upstream received (target, method, each header field,
// the body's length) is compared field by field as "up:<field>", and so are
// a 404 passed through and a WebSocket echo.
// HTTPS (issue #26, tlsRoundTrip): each server on an export with
// --listen-tls, curl trusting the data folder's local CA alone fetching a
// file of each site by each name (SNI).
#include "../FreePort.h"
#include "export/ConfigWriter.h"
#include "storage/DataFolder.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <tuple>

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

// The body of every POST case.
const QByteArray kPostBody = "hello world";

// Proxied requests (issue #24): app.test proxies /api (base path /v1),
// /api/raw (no base path), /sock (a Unix socket) and /ws (WebSocket echo) to
// the test's upstream app (upstream.py), beside files of its own;
// whole.test proxies everything with the upstream's own Host. A method
// "WEBSOCKET" is a handshake and one echoed message.
const QByteArray kHopFields = "Connection: X-Hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\n"
                              "Proxy-Connection: keep-alive\r\nProxy-Authorization: Basic eDp5\r\n"
                              "X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-Host: evil.test\r\n"
                              "X-Forwarded-Proto: https\r\nForwarded: for=203.0.113.9\r\nX-End: kept\r\n";
const QList<Case> kProxyCases = {
    { u"proxy: prefix with a base path"_s, "app.test", "GET", "/api/items?q=1", {} },
    { u"proxy: the prefix itself"_s, "app.test", "GET", "/api", {} },
    { u"proxy: the prefix with its slash"_s, "app.test", "GET", "/api/", {} },
    { u"proxy: the longer prefix wins"_s, "app.test", "GET", "/api/raw/x?y", {} },
    { u"proxy: not a whole segment, a file's 404"_s, "app.test", "GET", "/apix", {} },
    { u"proxy: a file beside the prefixes"_s, "app.test", "GET", "/static/x.txt", {} },
    { u"proxy: a Unix socket"_s, "app.test", "GET", "/sock/a?b=c", {} },
    { u"proxy: 404 from the upstream"_s, "app.test", "GET", "/api/missing", {} },
    { u"proxy: POST with a body"_s, "app.test", "POST", "/api/form",
        "Content-Type: text/plain\r\nContent-Length: 11\r\n" },
    { u"proxy: hop-by-hop and forwarding fields"_s, "app.test", "GET", "/api/h", kHopFields },
    { u"proxy: HEAD"_s, "app.test", "HEAD", "/api/h", {} },
    { u"proxy: whole site, the upstream's Host"_s, "whole.test", "GET", "/any/path?x=1", {} },
    { u"proxy: whole site, its root, Host with the port"_s, "whole.test:%1", "GET", "/", {} },
    { u"proxy: WebSocket echo"_s, "app.test", "WEBSOCKET", "/ws", {} },
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

QList<Case> allCases()
{
    return kCases + kProxyCases;
}

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

// The proxied answers with the upstream's JSON (what it received).
const QStringList kUpstreamSaw = { u"proxy: prefix with a base path"_s, u"proxy: the prefix itself"_s,
    u"proxy: the prefix with its slash"_s, u"proxy: the longer prefix wins"_s, u"proxy: a Unix socket"_s,
    u"proxy: 404 from the upstream"_s, u"proxy: POST with a body"_s,
    u"proxy: hop-by-hop and forwarding fields"_s, u"proxy: whole site, the upstream's Host"_s,
    u"proxy: whole site, its root, Host with the port"_s };
const QString kHop = u"proxy: hop-by-hop and forwarding fields"_s;
const QString kBeside = u"proxy: a file beside the prefixes"_s;
const QString kNotSegment = u"proxy: not a whole segment, a file's 404"_s;

const QList<Expected> kExpected = {
    // Proxied paths (issue #24).
    { u"nginx"_s, { kNotSegment }, { u"etag"_s }, u"present"_s,
        u"nginx serves the error page as a file, with its ETag"_s },
    { u"nginx"_s, { kHop }, { u"up:x-hop"_s }, u"1"_s,
        u"nginx drops its own list of hop-by-hop fields, not those the client's Connection names"_s },
    { u"lighttpd"_s, kUpstreamSaw, { u"up:connection"_s }, u"close"_s,
        u"lighttpd 1.4.69 has no upstream keep-alive pool: Connection: close on each request"_s },
    { u"lighttpd"_s, kUpstreamSaw, { u"up:forwarded"_s }, {},
        u"lighttpd's Forwarded names the same for, proto and host in another order"_s },
    { u"lighttpd"_s, kUpstreamSaw, { u"up:x-host"_s }, {},
        u"lighttpd's mod_proxy also sends X-Host (the client's Host)"_s },
    { u"lighttpd"_s, { kHop }, { u"up:x-hop"_s }, u"1"_s,
        u"lighttpd cannot drop the fields the client's Connection names (mod_setenv takes fixed names)"_s },
    { u"lighttpd"_s, { kBeside }, { u"content-type"_s }, u"%1;charset=utf-8"_s,
        u"Debian's create-mime.conf.pl adds a charset to text types"_s },
    { u"apache"_s, kUpstreamSaw, { u"up:connection"_s }, u"Keep-Alive"_s,
        u"mod_proxy_http names its keep-alive to the upstream (Connection: Keep-Alive); Hostbench sends none"_s },
    { u"apache"_s, { kNotSegment }, kValidators, u"present"_s,
        u"an error page is a file in Apache, with the file's validators"_s },
    { u"caddy"_s, { kNotSegment, kBeside }, { u"content-type"_s }, u"%1; charset=utf-8"_s,
        u"Caddy adds a charset to text types"_s },
    { u"caddy"_s, { kNotSegment }, kValidators, u"present"_s,
        u"Caddy serves the error page as a file, with its validators"_s },
    { u"caddy"_s, { kHop }, { u"up:te"_s }, u"trailers"_s,
        u"Caddy (Go's transport) passes TE: trailers on"_s },
    { u"h2o"_s, kUpstreamSaw, { u"up:connection"_s }, u"keep-alive"_s,
        u"h2o names its keep-alive to the upstream (Connection: keep-alive); Hostbench sends none"_s },
    { u"h2o"_s, kUpstreamSaw, { u"up:forwarded"_s, u"up:x-forwarded-host"_s }, {},
        u"h2o 2.2 sets neither Forwarded nor X-Forwarded-Host, and its header commands have no request "
        "variables to set them (nor more than one field name to unset: the client's stay)"_s },
    { u"h2o"_s, { kHop }, { u"up:proxy-connection"_s, u"up:x-hop"_s }, {},
        u"h2o 2.2 passes Proxy-Connection and the fields the client's Connection names"_s },
    { u"h2o"_s, { kBeside }, { u"vary"_s }, u"accept-encoding"_s,
        u"with file.send-compressed ON, h2o 2.2 sends Vary: Accept-Encoding with every file"_s },
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
        + "Connection: close\r\n\r\n" + (c.method == "POST" ? kPostBody : QByteArray());
}

// A WebSocket handshake (RFC 6455) and one text message: the 101's fields,
// the echoed message as the body.
Reply webSocket(quint16 port, const Case &c)
{
    Reply reply;
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(kTimeoutMs))
        return reply;
    socket.write("GET " + c.path + " HTTP/1.1\r\nHost: " + c.host
        + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
          "Sec-WebSocket-Version: 13\r\n\r\n");
    QByteArray data;
    while (!data.contains("\r\n\r\n") && socket.waitForReadyRead(kTimeoutMs))
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
    reply.complete = true;
    if (reply.status != 101)
        return reply;
    // One masked text frame; the echo comes back unmasked.
    const QByteArray message = "hello through the proxy";
    const QByteArray mask = "\x12\x34\x56\x78";
    QByteArray frame { "\x81" };
    frame += char(0x80 | message.size());
    frame += mask;
    for (qsizetype i = 0; i < message.size(); ++i)
        frame += char(message.at(i) ^ mask.at(i % 4));
    socket.write(frame);
    QByteArray echo = data.mid(split + 4);
    while (echo.size() < 2 + message.size() && socket.waitForReadyRead(kTimeoutMs))
        echo += socket.readAll();
    reply.body = echo.size() >= 2 ? echo.mid(2, quint8(echo.at(1)) & 0x7f) : QByteArray();
    return reply;
}

// The replies of one server to every case, in order.
QList<Reply> askAll(quint16 port)
{
    QList<Reply> replies;
    for (const Case &c : allCases()) {
        if (c.method == "WEBSOCKET") {
            replies.append(webSocket(port, c));
            continue;
        }
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
QMap<QString, QByteArray> comparable(const Reply &reply, quint16 port)
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
    // A proxied answer: its length follows from what the upstream saw, which is
    // compared field by field instead ("up:target", "up:x-forwarded-for", ...).
    out.insert(u"x-upstream"_s, reply.fields.value("x-upstream"));
    out.insert(u"upgrade"_s, reply.fields.value("upgrade").toLower());
    if (!reply.fields.contains("x-upstream"))
        return out;
    out.remove(u"content-length"_s);
    const QJsonObject json = QJsonDocument::fromJson(reply.body).object();
    if (json.isEmpty())
        return out;
    out.remove(u"body"_s);
    for (const QString &key : { u"method"_s, u"target"_s, u"version"_s })
        out.insert(u"up:"_s + key, json.value(key).toString().toLatin1());
    out.insert(u"up:body_length"_s, QByteArray::number(json.value(u"body_length"_s).toInt()));
    QMap<QString, QByteArrayList> fields;
    for (const QJsonValue field : json.value(u"headers"_s).toArray())
        fields[u"up:"_s + field.toArray().at(0).toString().toLower()].append(
            field.toArray().at(1).toString().toLatin1());
    // The front server's own port (Hostbench and each server listen on their own) as PORT.
    for (auto it = fields.cbegin(); it != fields.cend(); ++it)
        out.insert(
            it.key(), it.value().join(", ").replace(QByteArray(":" + QByteArray::number(port)), ":PORT"));
    return out;
}

using hostbench::test::freePort;

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

// lighttpd's TLS is a module of its own package (Debian's lighttpd-mod-openssl).
bool lighttpdLacksTls(Server server)
{
    return server == Server::Lighttpd && !QFileInfo::exists(u"/usr/lib/lighttpd/mod_openssl.so"_s);
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
    void tlsRoundTrip_data();
    void tlsRoundTrip();

private:
    void addProxiedSites(hostbench::storage::DataFolder &folder);
    void checkHostbenchProxy();
    QProcessEnvironment environment() const;

    QTemporaryDir m_dir;
    QString m_dataDir;
    QList<Reply> m_hostbench;
    quint16 m_hostbenchPort = 0;
    quint16 m_upstreamPort = 0;
    QProcess m_upstream; // upstream.py on a TCP port
    QProcess m_socketUpstream; // upstream.py on a Unix socket
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
    addProxiedSites(folder);
    if (QTest::currentTestFailed())
        return;

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
    m_hostbenchPort = port;
    for (qsizetype i = 0; i < allCases().size(); ++i)
        QVERIFY2(m_hostbench.at(i).complete,
            qPrintable(u"hostbench: no whole answer to "_s + allCases().at(i).name));
    checkHostbenchProxy();
}

void TestExportRoundTrip::cleanupTestCase()
{
    stop(m_upstream);
    stop(m_socketUpstream);
}

// The reference itself: Hostbench's proxy maps, forwards and passes through
// as documented (model::ProxyRoute), so that agreeing with it means something.
void TestExportRoundTrip::checkHostbenchProxy()
{
    const QByteArray upstream = "127.0.0.1:" + QByteArray::number(m_upstreamPort);
    const QList<std::tuple<QString, QString, QByteArray>> expected = {
        { u"proxy: prefix with a base path"_s, u"up:target"_s, "/v1/items?q=1" },
        { u"proxy: the prefix itself"_s, u"up:target"_s, "/v1" },
        { u"proxy: the prefix with its slash"_s, u"up:target"_s, "/v1/" },
        { u"proxy: the longer prefix wins"_s, u"up:target"_s, "/api/raw/x?y" },
        { u"proxy: the longer prefix wins"_s, u"up:host"_s, "app.test" },
        { kNotSegment, u"status"_s, "404" },
        { kNotSegment, u"body"_s, "<p>app: not here</p>\n" },
        { kBeside, u"body"_s, "static beside the app\n" },
        { u"proxy: a Unix socket"_s, u"up:target"_s, "/sock/a?b=c" },
        { u"proxy: 404 from the upstream"_s, u"status"_s, "404" },
        { u"proxy: 404 from the upstream"_s, u"up:target"_s, "/v1/missing" },
        { u"proxy: POST with a body"_s, u"up:body_length"_s, "11" },
        { kHop, u"up:x-forwarded-for"_s, "127.0.0.1" },
        { kHop, u"up:x-forwarded-host"_s, "app.test" },
        { kHop, u"up:x-forwarded-proto"_s, "http" },
        { kHop, u"up:x-hop"_s, "" },
        { kHop, u"up:keep-alive"_s, "" },
        { kHop, u"up:proxy-authorization"_s, "" },
        { kHop, u"up:x-end"_s, "kept" },
        { u"proxy: HEAD"_s, u"x-upstream"_s, "hostbench-test" },
        { u"proxy: whole site, the upstream's Host"_s, u"up:host"_s, upstream },
        { u"proxy: whole site, the upstream's Host"_s, u"up:target"_s, "/base/any/path?x=1" },
        { u"proxy: whole site, its root, Host with the port"_s, u"up:target"_s, "/base/" },
        { u"proxy: WebSocket echo"_s, u"status"_s, "101" },
        { u"proxy: WebSocket echo"_s, u"body"_s, "hello through the proxy" },
    };
    const QList<Case> cases = allCases();
    for (const auto &[name, field, value] : expected) {
        const auto at
            = std::find_if(cases.cbegin(), cases.cend(), [&name](const Case &c) { return c.name == name; });
        QVERIFY2(at != cases.cend(), qPrintable(name));
        const QMap<QString, QByteArray> ours
            = comparable(m_hostbench.at(at - cases.cbegin()), m_hostbenchPort);
        QVERIFY2(ours.value(field) == value,
            qPrintable(u"hostbench, %1 / %2: \"%3\", not \"%4\""_s.arg(
                name, field, QString::fromLatin1(ours.value(field)), QString::fromLatin1(value))));
    }
}

// The proxied sites (kProxyCases): upstream.py started on a free port and on
// a socket in the test's folder, the same two processes for every server.
void TestExportRoundTrip::addProxiedSites(hostbench::storage::DataFolder &folder)
{
    const quint16 upstreamPort = freePort();
    m_upstreamPort = upstreamPort;
    const QString socket = m_dir.filePath(u"app.sock"_s);
    m_upstream.start(
        u"python3"_s, { QStringLiteral(HOSTBENCH_UPSTREAM_SCRIPT), u"tcp"_s, QString::number(upstreamPort) });
    m_socketUpstream.start(u"python3"_s, { QStringLiteral(HOSTBENCH_UPSTREAM_SCRIPT), u"unix"_s, socket });
    for (QProcess *upstream : { &m_upstream, &m_socketUpstream }) {
        QVERIFY(upstream->waitForReadyRead(kTimeoutMs));
        QCOMPARE(upstream->readLine().trimmed(), QByteArray("ready"));
    }
    const QString app = m_dir.filePath(u"app"_s);
    QVERIFY(writeFile(app + u"/index.html"_s, "<h1>app</h1>\n"));
    QVERIFY(writeFile(app + u"/static/x.txt"_s, "static beside the app\n"));
    QVERIFY(writeFile(app + u"/404.html"_s, "<p>app: not here</p>\n"));
    for (const QString &dir : QStringList { app, app + u"/static"_s })
        QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0755) == 0);
    const QString http = u"http://127.0.0.1:%1"_s.arg(upstreamPort);
    hostbench::model::VirtualHost site;
    site.hostName = u"app.test"_s;
    site.documentRoot = app;
    site.errorPages = { { 404, u"/404.html"_s } };
    site.proxy.routes = { { u"/api"_s, http + u"/v1"_s }, { u"/api/raw"_s, http },
        { u"/sock"_s, u"unix:"_s + socket }, { u"/ws"_s, http } };
    QVERIFY2(folder.database().saveVirtualHost(site), qPrintable(folder.database().lastError()));
    hostbench::model::VirtualHost whole;
    whole.hostName = u"whole.test"_s;
    whole.documentRoot = app;
    whole.proxy.routes = { { u"/"_s, http + u"/base"_s } };
    whole.proxy.sendUpstreamHost = true;
    whole.proxy.upstreamTimeoutMs = 5000;
    QVERIFY2(folder.database().saveVirtualHost(whole), qPrintable(folder.database().lastError()));
}

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
    const QList<Case> cases = allCases();
    for (qsizetype i = 0; i < cases.size(); ++i) {
        const Case &c = cases.at(i);
        if (!replies.at(i).complete) {
            unexpected.append(u"%1: no whole answer"_s.arg(c.name));
            continue;
        }
        const QMap<QString, QByteArray> ours = comparable(m_hostbench.at(i), m_hostbenchPort);
        QMap<QString, QByteArray> theirs = comparable(replies.at(i), port);
        // Every field either side has (an upstream may see fields only one of them sends).
        QMap<QString, QByteArray> all = ours;
        for (auto it = theirs.cbegin(); it != theirs.cend(); ++it)
            all.insert(it.key(), ours.value(it.key()));
        for (auto it = all.cbegin(); it != all.cend(); ++it) {
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

void TestExportRoundTrip::tlsRoundTrip_data()
{
    QTest::addColumn<int>("server");
    for (Server server : ConfigWriter::servers())
        QTest::newRow(qPrintable(ConfigWriter::name(server))) << int(server);
}

// HTTPS (issue #26): the stored sites exported with a TLS listener
// (--listen-tls), the local CA's certificates issued by export in the data
// folder, the server started by whoever runs the test exactly as the file's
// head says; curl, trusting the CA's root alone, fetches a file of each site
// by its names (the server picks the certificate by SNI), and its bytes are the file's.
void TestExportRoundTrip::tlsRoundTrip()
{
    QFETCH(int, server);
    const Server target = Server(server);
    const QString name = ConfigWriter::name(target);
    const QString program = findProgram(ConfigWriter::program(target));
    if (program.isEmpty())
        QSKIP(qPrintable(u"%1 is not installed (apt-get install %2)"_s.arg(
            ConfigWriter::program(target), ConfigWriter::package(target))));
    if (lighttpdLacksTls(target))
        QSKIP("lighttpd's TLS module is not installed (apt-get install lighttpd-mod-openssl)");
    if (findProgram(u"curl"_s).isEmpty())
        QSKIP("curl is not installed (apt-get install curl)");
    const quint16 port = freePort();
    const quint16 tlsPort = freePort();
    QVERIFY(port != tlsPort);
    const QString prefix = m_dir.filePath(name + u"-tls"_s);
    const QString config = prefix + u"/server.conf"_s;
    QProcess exporter;
    exporter.setProcessEnvironment(environment());
    exporter.start(QStringLiteral(HOSTBENCH_CLI_PATH),
        { u"export"_s, name, u"--data-dir"_s, m_dataDir, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port),
            u"--listen-tls"_s, u"127.0.0.1:%1"_s.arg(tlsPort), u"--out"_s, config, u"--prefix"_s, prefix });
    QVERIFY(exporter.waitForFinished(kTimeoutMs));
    const QString said = QString::fromLocal8Bit(exporter.readAllStandardError());
    QVERIFY2(exporter.exitCode() == 0, qPrintable(said));
    const QString root = m_dataDir + u"/ca/rootCA.pem"_s;
    QVERIFY2(said.contains(u"TLS: main.test uses the local CA's certificate %1/ca/sites/main.test.pem"_s.arg(
                 m_dataDir)),
        qPrintable(said));
    QVERIFY2(said.contains(u"clients trust the local CA by its root "_s + root), qPrintable(said));

    QFile text(config);
    QVERIFY(text.open(QIODevice::ReadOnly));
    const QString written = QString::fromUtf8(text.readAll());
    static const QRegularExpression startLine(u"Start it in the foreground with:\\n#  ([^\\n]+)\\n"_s);
    const QRegularExpressionMatch match = startLine.match(written);
    QVERIFY2(match.hasMatch(), qPrintable(u"no start line in the head of "_s + config));
    static const QRegularExpression firstLine(u"first give them to that user with:\\n#  ([^\\n]+)\\n"_s);
    if (const QRegularExpressionMatch first = firstLine.match(written);
        first.hasMatch() && ::geteuid() == 0) {
        QProcess before;
        before.start(u"/bin/sh"_s, { u"-c"_s, first.captured(1) });
        QVERIFY(before.waitForFinished(kTimeoutMs) && before.exitCode() == 0);
    }
    QProcess process;
    process.setProcessEnvironment(environment());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(u"/bin/sh"_s, { u"-c"_s, u"exec "_s + match.captured(1) });
    if (!waitForPort(tlsPort, process)) {
        stop(process);
        QFile log(prefix + u"/logs/error.log"_s);
        log.open(QIODevice::ReadOnly);
        QFAIL(qPrintable(u"%1 did not start with TLS:\n%2\n%3\n--- %4:\n%5"_s.arg(name,
            QString::fromLocal8Bit(process.readAll()), QString::fromLocal8Bit(log.readAll()), config,
            written)));
    }
    // Each site by each of its names, the default site for a name no site has.
    const QList<std::tuple<QString, QString, QString>> fetches = {
        { u"main.test"_s, u"/hello.txt"_s, m_dir.filePath(u"main/hello.txt"_s) },
        { u"www.main.test"_s, u"/data.json"_s, m_dir.filePath(u"main/data.json"_s) },
        { u"files.test"_s, u"/readme.txt"_s, m_dir.filePath(u"files/readme.txt"_s) },
        { u"downloads.test"_s, u"/pub/b.txt"_s, m_dir.filePath(u"files/pub/b.txt"_s) },
        { u"app.test"_s, u"/static/x.txt"_s, m_dir.filePath(u"app/static/x.txt"_s) },
    };
    QStringList problems;
    for (const auto &[host, path, file] : fetches) {
        QProcess curl;
        const QStringList arguments { u"-sS"_s, u"--fail"_s, u"--http1.1"_s, u"--max-time"_s, u"10"_s,
            u"--cacert"_s, root, u"--resolve"_s, u"%1:%2:127.0.0.1"_s.arg(host).arg(tlsPort),
            u"https://%1:%2%3"_s.arg(host).arg(tlsPort).arg(path) };
        curl.start(u"curl"_s, arguments);
        QFile expected(file);
        QVERIFY(curl.waitForFinished(kTimeoutMs) && expected.open(QIODevice::ReadOnly));
        const QByteArray body = curl.readAllStandardOutput();
        if (curl.exitCode() != 0 || body != expected.readAll())
            problems.append(u"curl %1: exit %2, %3 bytes: %4"_s.arg(arguments.join(u' '))
                                .arg(curl.exitCode())
                                .arg(body.size())
                                .arg(QString::fromLocal8Bit(curl.readAllStandardError())));
    }
    stop(process);
    QVERIFY2(problems.isEmpty(),
        qPrintable(problems.join(u'\n') + u"\n--- "_s + config + u":\n"_s + written
            + QString::fromLocal8Bit(process.readAll())));
}

QTEST_GUILESS_MAIN(TestExportRoundTrip)
#include "tst_exportroundtrip.moc"
