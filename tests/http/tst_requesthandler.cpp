#include "http/Request.h"
#include "http/RequestHandler.h"
#include "http/Response.h"
#include "http/SiteTable.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace hostbench::http;
using hostbench::model::Route;
using hostbench::model::VirtualHost;

// The answer phases against a real document root, without a socket.
class TestRequestHandler final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void answer_data();
    void answer();
    void routeBeforeFile();
    void hostPicksDocumentRoot();

private:
    static void writeFile(const QString &path, const QByteArray &content);
    static QByteArray bodyOf(const Response &response);

    QTemporaryDir m_dir;
    QString m_root;
    std::shared_ptr<const SiteTable> m_sites;
};

void TestRequestHandler::writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
}

QByteArray TestRequestHandler::bodyOf(const Response &response)
{
    if (!response.file.isValid())
        return QByteArray(response.body.data(), qsizetype(response.body.size()));
    QByteArray content(qsizetype(response.contentLength), '\0');
    const ssize_t n
        = ::pread(response.file.get(), content.data(), size_t(content.size()), off_t(response.fileOffset));
    return n == content.size() ? content : QByteArray("<short read>");
}

void TestRequestHandler::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QDir dir(m_dir.path());
    QVERIFY(dir.mkpath(QStringLiteral("root/dir")));
    QVERIFY(dir.mkpath(QStringLiteral("root/empty")));
    QVERIFY(dir.mkpath(QStringLiteral("other")));
    QVERIFY(dir.mkpath(QStringLiteral("outside")));
    m_root = dir.filePath(QStringLiteral("root"));
    writeFile(m_root + QStringLiteral("/x.txt"), "x text");
    writeFile(m_root + QStringLiteral("/index.html"), "root index");
    writeFile(m_root + QStringLiteral("/dir/index.html"), "dir index");
    writeFile(m_root + QStringLiteral("/dir/a b.css"), "a b");
    writeFile(m_root + QStringLiteral("/passwd"), "root passwd");
    writeFile(dir.filePath(QStringLiteral("other/x.txt")), "other x");
    writeFile(dir.filePath(QStringLiteral("outside/secret.txt")), "SECRET");
    const QString secret = dir.filePath(QStringLiteral("outside/secret.txt"));
    QVERIFY(QFile::link(QStringLiteral("../outside/secret.txt"), m_root + QStringLiteral("/link-out.txt")));
    QVERIFY(QFile::link(secret, m_root + QStringLiteral("/link-abs-out.txt")));
    QVERIFY(QFile::link(QStringLiteral("../outside"), m_root + QStringLiteral("/dir-out")));
    QVERIFY(QFile::link(QStringLiteral("x.txt"), m_root + QStringLiteral("/link-in.txt")));
    QVERIFY(QFile::link(
        m_root + QStringLiteral("/dir/index.html"), m_root + QStringLiteral("/link-abs-in.html")));
    QVERIFY(
        QFile::link(QStringLiteral("dir/../../root/x.txt"), m_root + QStringLiteral("/link-roundabout.txt")));

    VirtualHost main;
    main.hostName = QStringLiteral("main.test");
    main.documentRoot = m_root;
    main.isDefault = true;
    main.routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "OK" },
        Route { QStringLiteral("/x.txt"), 202, QStringLiteral("text/plain"), "route wins" },
        Route { QStringLiteral("/gone"), 410, QStringLiteral("text/plain"), "gone" } };
    VirtualHost other;
    other.hostName = QStringLiteral("other.test");
    other.documentRoot = dir.filePath(QStringLiteral("other"));
    QString error;
    m_sites = SiteTable::build({ main, other }, 1, nullptr, true, &error);
    QVERIFY2(m_sites, qPrintable(error));
}

void TestRequestHandler::answer_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("body"); // empty: not checked
    QTest::addColumn<QByteArray>("location");

    const QByteArray html = "text/html";
    QTest::newRow("file") << QByteArray("GET") << QByteArray("/dir/index.html") << 200 << html
                          << QByteArray("dir index") << QByteArray();
    QTest::newRow("root index") << QByteArray("GET") << QByteArray("/") << 200 << html
                                << QByteArray("root index") << QByteArray();
    QTest::newRow("directory index") << QByteArray("GET") << QByteArray("/dir/") << 200 << html
                                     << QByteArray("dir index") << QByteArray();
    QTest::newRow("directory redirect") << QByteArray("GET") << QByteArray("/dir?q=1") << 301 << html
                                        << QByteArray() << QByteArray("/dir/?q=1");
    QTest::newRow("directory without index")
        << QByteArray("GET") << QByteArray("/empty/") << 403 << html << QByteArray() << QByteArray();
    QTest::newRow("percent-encoded name") << QByteArray("GET") << QByteArray("/dir/a%20b.css") << 200
                                          << QByteArray("text/css") << QByteArray("a b") << QByteArray();
    QTest::newRow("query ignored") << QByteArray("GET") << QByteArray("/dir/index.html?v=2") << 200 << html
                                   << QByteArray("dir index") << QByteArray();
    QTest::newRow("head") << QByteArray("HEAD") << QByteArray("/dir/index.html") << 200 << html
                          << QByteArray("dir index") << QByteArray();
    QTest::newRow("missing") << QByteArray("GET") << QByteArray("/nope.txt") << 404 << html << QByteArray()
                             << QByteArray();
    QTest::newRow("missing directory")
        << QByteArray("GET") << QByteArray("/nodir/") << 404 << html << QByteArray() << QByteArray();
    QTest::newRow("file as directory")
        << QByteArray("GET") << QByteArray("/dir/index.html/") << 404 << html << QByteArray() << QByteArray();
    QTest::newRow("post") << QByteArray("POST") << QByteArray("/dir/index.html") << 405 << html
                          << QByteArray() << QByteArray();
    QTest::newRow("post route") << QByteArray("DELETE") << QByteArray("/ok") << 405 << html << QByteArray()
                                << QByteArray();
    QTest::newRow("route") << QByteArray("GET") << QByteArray("/ok?x") << 200 << QByteArray("text/plain")
                           << QByteArray("OK") << QByteArray();
    QTest::newRow("route status") << QByteArray("GET") << QByteArray("/gone") << 410
                                  << QByteArray("text/plain") << QByteArray("gone") << QByteArray();
    QTest::newRow("climb") << QByteArray("GET") << QByteArray("/../outside/secret.txt") << 400 << html
                           << QByteArray() << QByteArray();
    QTest::newRow("climb encoded") << QByteArray("GET") << QByteArray("/%2e%2e/outside/secret.txt") << 400
                                   << html << QByteArray() << QByteArray();
    QTest::newRow("climb after descent") << QByteArray("GET") << QByteArray("/dir/../../outside/secret.txt")
                                         << 400 << html << QByteArray() << QByteArray();
    QTest::newRow("etc passwd stays inside")
        << QByteArray("GET") << QByteArray("/dir/../passwd") << 200 << QByteArray("application/octet-stream")
        << QByteArray("root passwd") << QByteArray();
    QTest::newRow("encoded nul") << QByteArray("GET") << QByteArray("/x.txt%00.html") << 400 << html
                                 << QByteArray() << QByteArray();
    QTest::newRow("backslash") << QByteArray("GET") << QByteArray("/..\\outside\\secret.txt") << 400 << html
                               << QByteArray() << QByteArray();
    QTest::newRow("symlink out relative")
        << QByteArray("GET") << QByteArray("/link-out.txt") << 404 << html << QByteArray() << QByteArray();
    QTest::newRow("symlink out absolute") << QByteArray("GET") << QByteArray("/link-abs-out.txt") << 404
                                          << html << QByteArray() << QByteArray();
    QTest::newRow("symlinked directory out") << QByteArray("GET") << QByteArray("/dir-out/secret.txt") << 404
                                             << html << QByteArray() << QByteArray();
    QTest::newRow("symlink in") << QByteArray("GET") << QByteArray("/link-in.txt") << 200
                                << QByteArray("text/plain") << QByteArray("x text") << QByteArray();
    QTest::newRow("absolute symlink in") << QByteArray("GET") << QByteArray("/link-abs-in.html") << 200
                                         << html << QByteArray("dir index") << QByteArray();
    QTest::newRow("symlink leaving and coming back")
        << QByteArray("GET") << QByteArray("/link-roundabout.txt") << 200 << QByteArray("text/plain")
        << QByteArray("x text") << QByteArray();
    QTest::newRow("asterisk") << QByteArray("OPTIONS") << QByteArray("*") << 200 << QByteArray()
                              << QByteArray() << QByteArray();
    QTest::newRow("options file") << QByteArray("OPTIONS") << QByteArray("/x.txt") << 200 << QByteArray()
                                  << QByteArray() << QByteArray();
    QTest::newRow("options route") << QByteArray("OPTIONS") << QByteArray("/ok") << 200 << QByteArray()
                                   << QByteArray() << QByteArray();
    QTest::newRow("options missing") << QByteArray("OPTIONS") << QByteArray("/nope.txt") << 404 << html
                                     << QByteArray() << QByteArray();
    QTest::newRow("asterisk with get")
        << QByteArray("GET") << QByteArray("*") << 400 << html << QByteArray() << QByteArray();
}

void TestRequestHandler::answer()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, location);

    Request request;
    request.method = method == "GET" ? Request::Method::Get
        : method == "HEAD"           ? Request::Method::Head
        : method == "OPTIONS"        ? Request::Method::Options
                                     : Request::Method::Other;
    request.target = target.toStdString();
    request.host = "main.test";
    RequestHandler handler;
    Response response;
    handler.handle(request, *m_sites, response);
    QCOMPARE(response.status, status);
    QCOMPARE(QByteArray(response.contentType.data(), qsizetype(response.contentType.size())), contentType);
    QCOMPARE(QByteArray::fromStdString(response.location), location);
    QCOMPARE(response.headOnly, method == "HEAD");
    QCOMPARE(response.site, m_sites->site(0).counters.get());
    const QByteArray actual = bodyOf(response);
    QCOMPARE(response.contentLength, quint64(actual.size()));
    if (!body.isEmpty())
        QCOMPARE(actual, body);
    QVERIFY(!actual.contains("SECRET"));
    QCOMPARE(response.keepAlive, status != 400);
    if (status == 405 || (method == "OPTIONS" && status == 200))
        QCOMPARE(QByteArray(response.allow.data(), qsizetype(response.allow.size())),
            QByteArray("GET, HEAD, OPTIONS"));
}

void TestRequestHandler::routeBeforeFile()
{
    Request request;
    request.target = "/x.txt";
    RequestHandler handler;
    Response response;
    handler.handle(request, *m_sites, response);
    QCOMPARE(response.status, 202);
    QVERIFY(!response.file.isValid());
    QCOMPARE(std::string(response.body), std::string("route wins"));
}

void TestRequestHandler::hostPicksDocumentRoot()
{
    Request request;
    request.target = "/x.txt";
    request.host = "OTHER.test:8080";
    RequestHandler handler;
    Response response;
    handler.handle(request, *m_sites, response);
    QCOMPARE(response.status, 200);
    QCOMPARE(bodyOf(response), QByteArray("other x"));
    QCOMPARE(response.site, m_sites->site(1).counters.get());

    // The authority of an absolute-form target overrides Host.
    request.target = "http://main.test/ok";
    handler.handle(request, *m_sites, response);
    QCOMPARE(std::string(response.body), std::string("OK"));
}

QTEST_GUILESS_MAIN(TestRequestHandler)
#include "tst_requesthandler.moc"
