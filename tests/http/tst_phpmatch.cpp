// The PHP rules (issue #25, PhpMatch.h) on a real document root: which
// request runs which script (PATH_INFO, index.php, the front controller, a
// path prefix), what is refused (the cgi.fix_pathinfo hole, PHP source under
// another spelling, dotfiles, links out of the root, the data folder), and
// the FastCGI parameters of requests parsed by the real RequestParser
// (nginx's fastcgi_params, httpoxy, underscores, repeated fields).
#include "ParserFeed.h"
#include "http/FileCache.h"
#include "http/PhpMatch.h"
#include "http/Request.h"
#include "http/RequestParser.h"
#include "http/RequestTarget.h"
#include "http/ResponseHead.h"
#include "http/SiteTable.h"
#include "model/VirtualHost.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <map>
#include <memory>
#include <string>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Kind = http::PhpScript::Kind;

namespace {

QString kindName(Kind kind)
{
    switch (kind) {
    case Kind::Static:
        return u"static"_s;
    case Kind::Script:
        return u"script"_s;
    case Kind::NotFound:
        return u"notfound"_s;
    case Kind::Forbidden:
        return u"forbidden"_s;
    }
    return u"?"_s;
}

} // namespace

class TestPhpMatch final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void matchPhp_data();
    void matchPhp();
    void hostilePaths_data();
    void hostilePaths();
    void fastCgiParams_data();
    void fastCgiParams();
    void cachedLookups();

private:
    void writeFile(const QString &relative, const QByteArray &content = "<?php echo 1;");
    void makeDirectory(const QString &relative);
    void makeLink(const QString &target, const QString &relative);
    // The row's site, path and expectation (matchPhp_data, hostilePaths_data).
    void checkMatch();
    const http::Site &site(const QString &name) const;

    QTemporaryDir m_dir;
    QString m_root; // the document root of every site
    std::shared_ptr<const http::SiteTable> m_sites;
    http::FileCache m_cache; // a worker's, shared by every row: each row is asked with and without it
};

void TestPhpMatch::writeFile(const QString &relative, const QByteArray &content)
{
    const QString path = m_dir.filePath(relative);
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(path));
    QCOMPARE(file.write(content), content.size());
}

void TestPhpMatch::makeDirectory(const QString &relative)
{
    QVERIFY(QDir().mkpath(m_dir.filePath(relative)));
}

void TestPhpMatch::makeLink(const QString &target, const QString &relative)
{
    const QByteArray link = QFile::encodeName(m_dir.filePath(relative));
    QVERIFY2(::symlink(QFile::encodeName(target).constData(), link.constData()) == 0, link.constData());
}

void TestPhpMatch::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = QFileInfo(m_dir.path()).canonicalFilePath() + u"/root"_s;
    for (const char *name : { "root/a.php", "root/index.php", "root/blog/index.php", "root/d.php/a.php",
             "root/x.PHP", "root/x.Php", "root/x.php.", "root/x.php ", "root/x.php. .", "root/x.phps",
             "root/x.phtml", "root/x.phar", "root/x.php5", "root/.hidden.php", "root/link-target.php",
             "root/hbdata/evil.php", "root/hbdata/sites/ok.php", "root/alt/home.phtml", "root/alt2/main.php",
             "root/alt3/main.php", "outside/secret.php", "outside/dir/evil.php" })
        writeFile(QString::fromLatin1(name));
    for (const char *name : { "root/uploads/photo.jpg", "root/.env", "root/.git/config", "root/static.txt",
             "root/blog/post.txt", "root/.well-known/acme", "root/alt3/index.html", "root/x.php.txt" })
        writeFile(QString::fromLatin1(name), "not php");
    makeDirectory(u"root/emptydir"_s);
    makeDirectory(u"root/idx/index.php"_s); // an index.php that is a directory
    makeLink(m_dir.filePath(u"outside/secret.php"_s), u"root/link-out.php"_s);
    makeLink(m_dir.filePath(u"outside/dir"_s), u"root/linkdir-out"_s);
    makeLink(u"link-target.php"_s, u"root/link-in.php"_s);
    // 100 nested folders named "s.php", a script at the bottom.
    QString deep = u"root/deep"_s;
    for (int i = 0; i < 100; ++i)
        deep += u"/s.php"_s;
    writeFile(deep + u"/a.php"_s);

    const auto makeHost = [this](const QString &name) {
        model::VirtualHost host;
        host.hostName = name;
        host.documentRoot = m_root;
        host.php.address = u"unix:/run/php/test.sock"_s;
        return host;
    };
    model::VirtualHost plain = makeHost(u"plain.test"_s);
    plain.isDefault = true;
    model::VirtualHost fc = makeHost(u"fc.test"_s);
    fc.php.frontController = true;
    model::VirtualHost blog = makeHost(u"blog.test"_s);
    blog.php.pathPrefix = u"/blog/"_s;
    blog.php.frontController = true;
    model::VirtualHost noFrontFile = makeHost(u"nofront.test"_s); // a front controller without its index.php
    noFrontFile.php.pathPrefix = u"/emptydir"_s;
    noFrontFile.php.frontController = true;
    model::VirtualHost links = makeHost(u"links.test"_s);
    links.followSymlinks = true;
    model::VirtualHost hidden = makeHost(u"hidden.test"_s);
    hidden.serveHiddenFiles = true;
    model::VirtualHost indexes = makeHost(u"indexes.test"_s);
    indexes.indexFiles = { u"index.html"_s, u"home.phtml"_s, u"main.php"_s };
    model::VirtualHost scriptPrefix = makeHost(u"scriptprefix.test"_s); // the prefix is a script
    scriptPrefix.php.pathPrefix = u"/a.php"_s;
    model::VirtualHost noPhp = makeHost(u"nophp.test"_s);
    noPhp.php.address.clear();
    QString error;
    m_sites = http::SiteTable::build(
        { plain, fc, blog, noFrontFile, links, hidden, indexes, scriptPrefix, noPhp }, 1, nullptr, true,
        &error, m_root + u"/hbdata"_s);
    QVERIFY2(m_sites, qPrintable(error));
    QVERIFY(m_sites->hasPhp());
    QCOMPARE(QString::fromStdString(site(u"plain.test"_s).documentRoot), m_root);
}

const http::Site &TestPhpMatch::site(const QString &name) const
{
    return m_sites->site(m_sites->indexForHost(name.toStdString()));
}

void TestPhpMatch::checkMatch()
{
    QFETCH(QString, host);
    QFETCH(QByteArray, target);
    QFETCH(QString, kind);
    QFETCH(QString, scriptName);
    QFETCH(QString, pathInfo);

    std::string path;
    const bool valid = http::RequestTarget::normalizePath(target.toStdString(), path);
    if (kind == u"400"_s) {
        QVERIFY2(!valid, path.c_str());
        return;
    }
    QVERIFY(valid);
    const http::Site &chosen = site(host);
    const http::PhpScript script = http::matchPhp(chosen, chosen.php, path);
    // The worker's file cache gives the same answer, checked (the first time) or not (the second).
    for (int i = 0; i < 2; ++i) {
        const http::PhpScript cached = http::matchPhp(chosen, chosen.php, path, &m_cache);
        QCOMPARE(kindName(cached.kind), kindName(script.kind));
        QCOMPARE(cached.scriptName, script.scriptName);
        QCOMPARE(cached.pathInfo, script.pathInfo);
        QCOMPARE(cached.reason, script.reason);
    }
    QCOMPARE(kindName(script.kind), kind);
    QCOMPARE(QString::fromStdString(script.scriptName), scriptName);
    QCOMPARE(QString::fromStdString(script.pathInfo), pathInfo);
    if (script.kind == Kind::Script) {
        QCOMPARE(QString::fromStdString(script.documentRoot), m_root);
        QCOMPARE(QString::fromStdString(script.scriptFilename), m_root + scriptName);
        QVERIFY2(
            QFileInfo(QString::fromStdString(script.scriptFilename)).isFile(), script.scriptFilename.c_str());
        QVERIFY(!script.reason);
    } else {
        QVERIFY(script.scriptFilename.empty());
        QCOMPARE(script.kind == Kind::Static, !script.reason);
    }
}

void TestPhpMatch::matchPhp_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QByteArray>("target"); // the raw path, normalised as RequestTarget does
    QTest::addColumn<QString>("kind"); // static, script, notfound, forbidden; 400: normalizePath refuses it
    QTest::addColumn<QString>("scriptName");
    QTest::addColumn<QString>("pathInfo");
    const QString plain = u"plain.test"_s, fc = u"fc.test"_s, blog = u"blog.test"_s;
    const QString script = u"script"_s, stat = u"static"_s, notFound = u"notfound"_s;
    const QString forbidden = u"forbidden"_s;
    const auto row = [](const char *name, const QString &host, const QByteArray &target, const QString &kind,
                         const QString &scriptName = {}, const QString &pathInfo = {}) {
        QTest::newRow(name) << host << target << kind << scriptName << pathInfo;
    };
    // Scripts and PATH_INFO (fastcgi_split_path_info ^(.+?\.php)(/.*)$).
    row("script", plain, "/a.php", script, u"/a.php"_s);
    row("path info", plain, "/a.php/x/y", script, u"/a.php"_s, u"/x/y"_s);
    row("path info slash", plain, "/a.php/", script, u"/a.php"_s, u"/"_s);
    row("path info decoded", plain, "/a.php/x%20y%2fz", script, u"/a.php"_s, u"/x y/z"_s);
    row("path info with .php", plain, "/a.php/b.php", script, u"/a.php"_s, u"/b.php"_s);
    row("missing script", plain, "/missing.php", notFound);
    row("missing script, path info", plain, "/missing.php/x", notFound);
    row("case-sensitive .php", plain, "/A.php", notFound);
    row("not php", plain, "/static.txt", stat);
    row("missing static", plain, "/nothing", stat);
    row(".php.txt is static", plain, "/x.php.txt", stat);
    // The cgi.fix_pathinfo hole: only a ".php" segment is ever a script.
    row("photo.jpg/x.php", plain, "/uploads/photo.jpg/x.php", notFound);
    row("photo.jpg/x.php/y", plain, "/uploads/photo.jpg/x.php/y", notFound);
    row("photo.jpg/x.php, front controller", fc, "/uploads/photo.jpg/x.php", script, u"/index.php"_s);
    row("photo.jpg", plain, "/uploads/photo.jpg", stat);
    row("photo.jpg/", plain, "/uploads/photo.jpg/", stat);
    // PHP source under another spelling: Forbidden when it exists, never sent.
    row(".PHP", plain, "/x.PHP", forbidden);
    row(".Php", plain, "/x.Php", forbidden);
    row(".php.", plain, "/x.php.", forbidden);
    row(".php%2e", plain, "/x.php%2e", forbidden);
    row(".php%20", plain, "/x.php%20", forbidden);
    row(".php. .", plain, "/x.php.%20.", forbidden);
    row(".phps", plain, "/x.phps", forbidden);
    row(".phtml", plain, "/x.phtml", forbidden);
    row(".phar", plain, "/x.phar", forbidden);
    row(".php5", plain, "/x.php5", forbidden);
    row(".PHP with path info", plain, "/x.PHP/y", forbidden);
    row("missing .PHP", plain, "/nothing.PHP", stat);
    row("missing .PHP, front controller", fc, "/nothing.PHP", script, u"/index.php"_s);
    row(".PHP, front controller", fc, "/x.PHP", forbidden);
    // Hidden files stay 404 unless the site serves them.
    row(".env", plain, "/.env", notFound);
    row(".env, front controller", fc, "/.env", notFound);
    row("%2eenv", plain, "/%2eenv", notFound);
    row(".git/config", plain, "/.git/config", notFound);
    row(".hidden.php", plain, "/.hidden.php", notFound);
    row("script/.env", plain, "/a.php/.env", notFound);
    row(".well-known", plain, "/.well-known/acme", stat);
    row(".env served", u"hidden.test"_s, "/.env", stat);
    row(".hidden.php served", u"hidden.test"_s, "/.hidden.php", script, u"/.hidden.php"_s);
    // Directories: index.php first; a ".php" folder is no script.
    row("root index", plain, "/", script, u"/index.php"_s);
    row("index.php", plain, "/index.php", script, u"/index.php"_s);
    row("blog index", plain, "/blog/", script, u"/blog/index.php"_s);
    row("blog index path info", plain, "/blog/index.php/x", script, u"/blog/index.php"_s, u"/x"_s);
    row("blog without slash", plain, "/blog", stat);
    row("empty dir", plain, "/emptydir/", stat);
    row("index.php is a folder", plain, "/idx/", stat);
    row("d.php folder", plain, "/d.php", stat);
    row("d.php folder slash", plain, "/d.php/", stat);
    row("script in d.php", plain, "/d.php/a.php", script, u"/d.php/a.php"_s);
    row("script in d.php, path info", plain, "/d.php/a.php/more", script, u"/d.php/a.php"_s, u"/more"_s);
    row("missing in d.php", plain, "/d.php/b.php", notFound);
    row("file in d.php", plain, "/d.php/x.txt", stat);
    // The site's own index files: a .php one runs, PHP source is refused.
    row("index .phtml", u"indexes.test"_s, "/alt/", forbidden);
    row("index main.php", u"indexes.test"_s, "/alt2/", script, u"/alt2/main.php"_s);
    row("index.html before main.php", u"indexes.test"_s, "/alt3/", stat);
    // The front controller: what names no file and no folder.
    row("front: missing", fc, "/nothing", script, u"/index.php"_s);
    row("front: missing deep", fc, "/a/b/c/", script, u"/index.php"_s);
    row("front: missing .php", fc, "/missing.php", script, u"/index.php"_s);
    row("front: missing .php path info", fc, "/missing.php/x", script, u"/index.php"_s);
    row("front: a script", fc, "/a.php/x", script, u"/a.php"_s, u"/x"_s);
    row("front: a file", fc, "/static.txt", stat);
    row("front: a folder", fc, "/emptydir", stat);
    row("front: a folder slash", fc, "/emptydir/", stat);
    row("front: photo.jpg", fc, "/uploads/photo.jpg", stat);
    row("front: under a file", fc, "/static.txt/x", script, u"/index.php"_s);
    // A path prefix: PHP's only below it, and PHP source is never sent anywhere.
    row("prefix: missing", blog, "/blog/some/page", script, u"/blog/index.php"_s);
    row("prefix: index", blog, "/blog/", script, u"/blog/index.php"_s);
    row("prefix: itself", blog, "/blog", stat);
    row("prefix: file", blog, "/blog/post.txt", stat);
    row("outside: a.php", blog, "/a.php", forbidden);
    row("outside: x.PHP", blog, "/x.PHP", forbidden);
    row("outside: missing.php", blog, "/missing.php", stat);
    row("outside: nothing", blog, "/nothing", stat);
    row("outside: file", blog, "/static.txt", stat);
    row("outside: root", blog, "/", stat);
    row("outside: blogger", blog, "/blogger/x.php", stat);
    row("prefix is a script", u"scriptprefix.test"_s, "/a.php", script, u"/a.php"_s);
    row("prefix is a script, path info", u"scriptprefix.test"_s, "/a.php/x", script, u"/a.php"_s, u"/x"_s);
    row("prefix is a script, another", u"scriptprefix.test"_s, "/index.php", forbidden);
    row("prefix is a script, root", u"scriptprefix.test"_s, "/", stat);
    row("no front file", u"nofront.test"_s, "/emptydir/nothing", notFound);
    row("no front file, outside", u"nofront.test"_s, "/nothing", stat);
    // Links: inside the root as static files; out of it only when links are followed.
    row("link inside", plain, "/link-in.php", script, u"/link-in.php"_s);
    row("link out", plain, "/link-out.php", notFound);
    row("link out, front controller", fc, "/link-out.php", script, u"/index.php"_s);
    row("folder link out", plain, "/linkdir-out/evil.php", notFound);
    row("link out followed", u"links.test"_s, "/link-out.php", script, u"/link-out.php"_s);
    row("folder link out followed", u"links.test"_s, "/linkdir-out/evil.php", script,
        u"/linkdir-out/evil.php"_s);
    // The data folder is never run, its "sites" folder is.
    row("data folder", plain, "/hbdata/evil.php", notFound);
    row("data folder followed", u"links.test"_s, "/hbdata/evil.php", notFound);
    row("sites folder", plain, "/hbdata/sites/ok.php", script, u"/hbdata/sites/ok.php"_s);
    // A site without PHP: matchPhp leaves everything to the static phase.
    row("no php: a.php", u"nophp.test"_s, "/a.php", stat);
    row("no php: x.PHP", u"nophp.test"_s, "/x.PHP", stat);
}

void TestPhpMatch::matchPhp()
{
    checkMatch();
}

void TestPhpMatch::hostilePaths_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("scriptName");
    QTest::addColumn<QString>("pathInfo");
    const QString plain = u"plain.test"_s;
    const QString none;
    // What RequestTarget refuses never reaches matchPhp (400).
    QTest::newRow("%00") << plain << "/x.php%00.jpg"_ba << u"400"_s << none << none;
    QTest::newRow("%00 in path info") << plain << "/a.php/%00"_ba << u"400"_s << none << none;
    QTest::newRow("backslash") << plain << "/a.php%5c"_ba << u"400"_s << none << none;
    QTest::newRow("climbs") << plain << "/../root/a.php"_ba << u"400"_s << none << none;
    QTest::newRow("%2e%2e climbs") << plain << "/%2e%2e/a.php"_ba << u"400"_s << none << none;
    QTest::newRow("bad escape") << plain << "/a.php%zz"_ba << u"400"_s << none << none;
    // Dot segments are resolved first.
    QTest::newRow("dot segments") << plain << "/uploads/../a.php/./x/../y"_ba << u"script"_s << u"/a.php"_s
                                  << u"/y"_s;
    QTest::newRow("%2f slashes") << plain << "/d.php%2fa.php"_ba << u"script"_s << u"/d.php/a.php"_s
                                 << QString();
    QTest::newRow("repeated slashes")
        << plain << "//d.php//a.php//x"_ba << u"script"_s << u"/d.php/a.php"_s << u"/x"_s;
    // 100 segments of ".php" folders, then the script.
    QByteArray deep = "/deep";
    for (int i = 0; i < 100; ++i)
        deep += "/s.php";
    QTest::newRow("100 .php folders")
        << plain << deep + "/a.php/tail" << u"script"_s << QString::fromLatin1(deep + "/a.php") << u"/tail"_s;
    QTest::newRow("100 .php folders, no script") << plain << deep + "/b.php" << u"notfound"_s << none << none;
    QTest::newRow("100 .php folders, slash") << plain << deep + "/" << u"static"_s << none << none;
    QByteArray missing;
    for (int i = 0; i < 300; ++i)
        missing += "/y.php";
    QTest::newRow("300 missing scripts") << plain << missing << u"notfound"_s << none << none;
    const QByteArray longInfo = "/" + QByteArray(8000, 'x');
    QTest::newRow("8000-byte path info")
        << plain << "/a.php" + longInfo << u"script"_s << u"/a.php"_s << QString::fromLatin1(longInfo);
    QTest::newRow("name over NAME_MAX")
        << plain << "/" + QByteArray(300, 'z') + ".php" << u"notfound"_s << none << none;
    QByteArray overPathMax;
    for (int i = 0; i < 1100; ++i)
        overPathMax += "/abc";
    QTest::newRow("over PATH_MAX") << plain << overPathMax + "/x.php" << u"notfound"_s << none << none;
    QTest::newRow("over PATH_MAX, front")
        << u"fc.test"_s << overPathMax + "/x.php" << u"script"_s << u"/index.php"_s << none;
    QTest::newRow("over PATH_MAX, static") << plain << overPathMax + "/x.txt" << u"static"_s << none << none;
    QTest::newRow("only .php") << plain << "/.php"_ba << u"notfound"_s << none << none;
    QTest::newRow("CR LF in a name") << plain << "/a.php%0d%0a/x"_ba << u"static"_s << none << none;
    QTest::newRow("CR LF in path info")
        << plain << "/a.php/%0d%0aX: y"_ba << u"script"_s << u"/a.php"_s << u"/\r\nX: y"_s;
    QTest::newRow("UTF-8 name") << plain << "/%C3%A9t%C3%A9.php"_ba << u"notfound"_s << none << none;
    QTest::newRow("NBSP after .php") << plain << "/x.php%C2%A0"_ba << u"static"_s << none << none;
}

void TestPhpMatch::hostilePaths()
{
    checkMatch();
}

void TestPhpMatch::fastCgiParams_data()
{
    QTest::addColumn<QByteArray>("raw"); // a request as sent, parsed by RequestParser
    QTest::addColumn<bool>("https");
    QTest::addColumn<qlonglong>("contentLength");
    QTest::addColumn<QStringList>("expected"); // NAME=value, "<root>" the document root
    QTest::addColumn<QStringList>("absent");

    const QString version = QString::fromLatin1(
        http::ResponseHead::kServer.data(), qsizetype(http::ResponseHead::kServer.size()));
    const QStringList common = { u"REQUEST_METHOD=GET"_s, u"SERVER_PROTOCOL=HTTP/1.1"_s,
        u"GATEWAY_INTERFACE=CGI/1.1"_s, u"SERVER_SOFTWARE="_s + version, u"REMOTE_ADDR=127.0.0.1"_s,
        u"REMOTE_PORT=54321"_s, u"SERVER_ADDR=127.0.0.2"_s, u"SERVER_PORT=8080"_s, u"SERVER_NAME=fc.test"_s,
        u"REDIRECT_STATUS=200"_s, u"DOCUMENT_ROOT=<root>"_s };
    const auto script = [](const QString &name, const QString &info = {}) {
        return QStringList { u"SCRIPT_NAME="_s + name, u"SCRIPT_FILENAME=<root>"_s + name,
            u"PATH_INFO="_s + info, u"DOCUMENT_URI="_s + name };
    };

    QTest::newRow("GET with query")
        << "GET /a.php?x=1&y=%20 HTTP/1.1\r\nHost: fc.test:8080\r\nUser-Agent: t/1\r\n\r\n"_ba << false << 0LL
        << common + script(u"/a.php"_s)
            + QStringList { u"QUERY_STRING=x=1&y=%20"_s, u"REQUEST_URI=/a.php?x=1&y=%20"_s,
                  u"REQUEST_SCHEME=http"_s, u"CONTENT_TYPE="_s, u"CONTENT_LENGTH="_s,
                  u"HTTP_HOST=fc.test:8080"_s, u"HTTP_USER_AGENT=t/1"_s }
        << QStringList { u"HTTPS"_s, u"HTTP_CONTENT_LENGTH"_s };
    QTest::newRow("https") << "GET /a.php HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << true << 0LL
                           << common + QStringList { u"HTTPS=on"_s, u"REQUEST_SCHEME=https"_s }
                           << QStringList();
    QTest::newRow("POST form")
        << "POST /a.php HTTP/1.1\r\nHost: fc.test\r\nContent-Type: application/x-www-form-urlencoded\r\n"
           "Content-Length: 7\r\n\r\na=1&b=2"_ba
        << false << 7LL
        << QStringList { u"REQUEST_METHOD=POST"_s, u"CONTENT_TYPE=application/x-www-form-urlencoded"_s,
               u"CONTENT_LENGTH=7"_s, u"QUERY_STRING="_s }
        << QStringList { u"HTTP_CONTENT_TYPE"_s, u"HTTP_CONTENT_LENGTH"_s, u"HTTPS"_s };
    QTest::newRow("Content-Length: 0")
        << "POST /a.php HTTP/1.1\r\nHost: fc.test\r\nContent-Length: 0\r\n\r\n"_ba << false << 0LL
        << QStringList { u"CONTENT_LENGTH=0"_s, u"CONTENT_TYPE="_s } << QStringList();
    QTest::newRow("chunked, length unknown")
        << "POST /a.php HTTP/1.1\r\nHost: fc.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"_ba
        << false << -1LL << QStringList { u"CONTENT_LENGTH="_s }
        << QStringList { u"HTTP_TRANSFER_ENCODING"_s };
    QTest::newRow("chunked, counted")
        << "POST /a.php HTTP/1.1\r\nHost: fc.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"_ba
        << false << 5LL << QStringList { u"CONTENT_LENGTH=5"_s } << QStringList();
    QTest::newRow("httpoxy")
        << "GET /a.php HTTP/1.1\r\nHost: fc.test\r\nProxy: http://evil.test:8080/\r\nproxy: x\r\n\r\n"_ba
        << false << 0LL << QStringList() << QStringList { u"HTTP_PROXY"_s };
    QTest::newRow("underscores dropped")
        << "GET /a.php HTTP/1.1\r\nHost: fc.test\r\nX_Forwarded_For: 6.6.6.6\r\nX-Forwarded-For: 1.2.3.4\r\n"
           "Content_Type: evil\r\nX.Dot: 1\r\nHTTPS_: on\r\n\r\n"_ba
        << false << 0LL << QStringList { u"HTTP_X_FORWARDED_FOR=1.2.3.4"_s, u"CONTENT_TYPE="_s }
        << QStringList { u"HTTPS"_s, u"HTTP_CONTENT_TYPE"_s, u"HTTP_X.DOT"_s, u"HTTP_HTTPS_"_s };
    QTest::newRow("repeated fields")
        << "GET /a.php HTTP/1.1\r\nHost: fc.test\r\nAccept: text/html\r\nCookie: a=1\r\nX-A: 1\r\n"
           "accept: */*\r\nCookie: b=2\r\nx-a: 2\r\nCOOKIE: c=3\r\n\r\n"_ba
        << false << 0LL
        << QStringList { u"HTTP_ACCEPT=text/html, */*"_s, u"HTTP_COOKIE=a=1; b=2; c=3"_s, u"HTTP_X_A=1, 2"_s }
        << QStringList();
    QTest::newRow("empty field value")
        << "GET /a.php HTTP/1.1\r\nHost: fc.test\r\nX-Empty:\r\nConnection: keep-alive\r\n\r\n"_ba << false
        << 0LL << QStringList { u"HTTP_X_EMPTY="_s, u"HTTP_CONNECTION=keep-alive"_s } << QStringList();
    QTest::newRow("authorization kept")
        << "GET /a.php HTTP/1.1\r\nHost: fc.test\r\nAuthorization: Basic dTpw\r\n\r\n"_ba << false << 0LL
        << QStringList { u"HTTP_AUTHORIZATION=Basic dTpw"_s } << QStringList();
    QTest::newRow("path info") << "GET /a.php/x%20y/z?q HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << false << 0LL
                               << script(u"/a.php"_s, u"/x y/z"_s)
            + QStringList { u"REQUEST_URI=/a.php/x%20y/z?q"_s, u"QUERY_STRING=q"_s }
                               << QStringList();
    QTest::newRow("front controller")
        << "GET /some/page?p=3&q HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << false << 0LL
        << script(u"/index.php"_s)
            + QStringList { u"REQUEST_URI=/some/page?p=3&q"_s, u"QUERY_STRING=p=3&q"_s }
        << QStringList();
    QTest::newRow("directory index") << "GET /blog/?x HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << false << 0LL
                                     << script(u"/blog/index.php"_s)
            + QStringList { u"REQUEST_URI=/blog/?x"_s }
                                     << QStringList();
    QTest::newRow("empty query") << "GET /a.php? HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << false << 0LL
                                 << QStringList { u"QUERY_STRING="_s, u"REQUEST_URI=/a.php?"_s }
                                 << QStringList();
    QTest::newRow("absolute-form: its authority is the host")
        << "GET http://fc.test:8080/a.php?z=9 HTTP/1.1\r\nHost: evil.test\r\n\r\n"_ba << false << 0LL
        << QStringList { u"HTTP_HOST=fc.test:8080"_s, u"REQUEST_URI=/a.php?z=9"_s, u"QUERY_STRING=z=9"_s,
               u"SCRIPT_NAME=/a.php"_s }
        << QStringList();
    QTest::newRow("absolute-form without a path")
        << "GET http://fc.test?z=9 HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << false << 0LL
        << QStringList { u"REQUEST_URI=/?z=9"_s, u"QUERY_STRING=z=9"_s, u"SCRIPT_NAME=/index.php"_s }
        << QStringList();
    QTest::newRow("HTTP/1.0 without Host")
        << "GET /a.php HTTP/1.0\r\n\r\n"_ba << false << 0LL
        << QStringList { u"SERVER_PROTOCOL=HTTP/1.0"_s, u"SERVER_NAME=fc.test"_s }
        << QStringList { u"HTTP_HOST"_s };
    QTest::newRow("HEAD") << "HEAD /a.php HTTP/1.1\r\nHost: fc.test\r\n\r\n"_ba << false << 0LL
                          << QStringList { u"REQUEST_METHOD=HEAD"_s } << QStringList();
    QTest::newRow("PATCH") << "PATCH /a.php HTTP/1.1\r\nHost: fc.test\r\nContent-Length: 2\r\n\r\n{}"_ba
                           << false << 2LL << QStringList { u"REQUEST_METHOD=PATCH"_s, u"CONTENT_LENGTH=2"_s }
                           << QStringList();
}

void TestPhpMatch::fastCgiParams()
{
    QFETCH(QByteArray, raw);
    QFETCH(bool, https);
    QFETCH(qlonglong, contentLength);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, absent);

    http::Request request;
    http::RequestParser parser(request, *m_sites);
    std::string buffer = raw.toStdString();
    testing::FeedResult fed;
    testing::feedStep(parser, buffer, fed);
    QVERIFY2(fed.done && fed.status == 0, qPrintable(u"status %1"_s.arg(fed.status)));

    const http::Site &fc = site(u"fc.test"_s);
    http::RequestTarget target;
    QVERIFY(http::RequestTarget::split(request.target, target));
    std::string path;
    QVERIFY(http::RequestTarget::normalizePath(target.path, path));
    const http::PhpScript script = http::matchPhp(fc, fc.php, path);
    QCOMPARE(kindName(script.kind), u"script"_s);
    const http::FastCgiPeer peer { "127.0.0.1", 54321, "127.0.0.2", 8080, https };
    const auto params = http::fastCgiParams(script, request, fc, peer, contentLength);

    std::map<QString, QString> byName;
    for (const auto &[name, value] : params) {
        const QString key = QString::fromStdString(name);
        // Every name once, and only CGI's characters in it.
        QVERIFY2(byName.emplace(key, QString::fromStdString(value)).second, qPrintable(key));
        for (const QChar c : key)
            QVERIFY2((c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_', qPrintable(key));
    }
    for (const QString &pair : expected) {
        const qsizetype equals = pair.indexOf(u'=');
        const QString name = pair.left(equals);
        const QString value = pair.mid(equals + 1).replace(u"<root>"_s, m_root);
        QVERIFY2(byName.contains(name), qPrintable(u"missing "_s + name));
        QCOMPARE(byName[name], value);
    }
    for (const QString &name : absent) {
        const auto it = byName.find(name);
        QVERIFY2(
            it == byName.end(), qPrintable(name + u" = "_s + (it == byName.end() ? QString() : it->second)));
    }
}

void TestPhpMatch::cachedLookups()
{
    // With the worker's cache, a script made, removed or replaced by a link shows once the entry
    // is older than FileCache::kValidMs, as a static file's change does (nginx's open_file_cache_valid).
    const http::Site &plain = site(u"plain.test"_s);
    http::FileCache cache;
    const auto kindOf
        = [&](std::string_view path) { return http::matchPhp(plain, plain.php, path, &cache).kind; };
    const auto waitValid = [] { QTest::qWait(int(http::FileCache::kValidMs) + 100); };
    QElapsedTimer sinceChecked;
    sinceChecked.start();
    QCOMPARE(kindOf("/later.php"), Kind::NotFound);
    writeFile(u"root/later.php"_s);
    if (sinceChecked.elapsed() < http::FileCache::kValidMs / 2) // not on a machine too slow to tell
        QCOMPARE(kindOf("/later.php"), Kind::NotFound); // within kValidMs: the cached answer
    QCOMPARE(http::matchPhp(plain, plain.php, "/later.php").kind, Kind::Script); // no cache: now
    waitValid();
    QCOMPARE(kindOf("/later.php"), Kind::Script);
    QVERIFY(QFile::remove(m_dir.filePath(u"root/later.php"_s)));
    waitValid();
    QCOMPARE(kindOf("/later.php"), Kind::NotFound);
    // Replaced by a link out of the root: refused once checked again, never run for longer.
    writeFile(u"root/swapped.php"_s);
    QCOMPARE(kindOf("/swapped.php"), Kind::Script);
    QVERIFY(QFile::remove(m_dir.filePath(u"root/swapped.php"_s)));
    makeLink(m_dir.filePath(u"outside/secret.php"_s), u"root/swapped.php"_s);
    waitValid();
    QCOMPARE(kindOf("/swapped.php"), Kind::NotFound);
}

QTEST_GUILESS_MAIN(TestPhpMatch)
#include "tst_phpmatch.moc"
