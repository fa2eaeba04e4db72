// What the engine never serves, whatever a site says (issue #21), over
// 127.0.0.1: a file inside Hostbench's data folder (ServerConfig::dataFolder),
// reached through a followed link, a root of "/" or a root that is the data
// folder, checked on the file opened rather than on the request's path; and
// hidden files (a path segment starting with '.'), unless the site serves
// them (VirtualHost::serveHiddenFiles), with /.well-known/ served all the same.
#include "RawClient.h"

#include "http/HttpServer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::http::HttpServer;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

const QByteArray kToken = "CONTROL-TOKEN-SECRET";

} // namespace

class TestServingGuard final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void dataFolderIsNeverServed_data();
    void dataFolderIsNeverServed();
    void hiddenFiles_data();
    void hiddenFiles();
    void listings_data();
    void listings();

private:
    static void writeFile(const QString &path, const QByteArray &content);
    RawClient::Reply fetch(const QByteArray &host, const QByteArray &target);
    // The row's host, target, status and body (see dataFolderIsNeverServed_data).
    void checkRow();

    QTemporaryDir m_dir;
    QString m_data;
    HttpServer m_server;
};

void TestServingGuard::writeFile(const QString &path, const QByteArray &content)
{
    QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(content), content.size());
}

RawClient::Reply TestServingGuard::fetch(const QByteArray &host, const QByteArray &target)
{
    RawClient client(m_server.port());
    return client.request("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n", false);
}

// data/: the data folder, as DataFolder lays it out (plus ca/, the HTTPS
// issue's); www/: a site's own folder, with links into data/ and hidden files.
void TestServingGuard::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // The guard compares canonical paths: the temporary folder may itself be a link.
    QVERIFY(!m_dir.path().contains(u"/."_s));
    m_data = m_dir.filePath(u"data"_s);
    const QString www = m_dir.filePath(u"www"_s);
    writeFile(m_data + u"/control.token"_s, kToken);
    writeFile(m_data + u"/hostbench.sqlite"_s, "SQLite format 3 DATABASE-SECRET");
    writeFile(m_data + u"/logs/localhost.access.log"_s, "LOG-SECRET");
    writeFile(m_data + u"/ca/key.pem"_s, "KEY-SECRET");
    writeFile(m_data + u"/sites/default/index.html"_s, "welcome");
    writeFile(www + u"/index.html"_s, "own index");
    writeFile(www + u"/.env"_s, "ENV-SECRET");
    writeFile(www + u"/.git/config"_s, "GIT-SECRET");
    writeFile(www + u"/a/.htpasswd"_s, "HTPASSWD-SECRET");
    writeFile(www + u"/a/b.txt"_s, "plain b");
    writeFile(www + u"/.well-known/acme-challenge/token1"_s, "acme answer");
    writeFile(www + u"/.well-known/.hidden"_s, "WELLKNOWN-SECRET");
    writeFile(www + u"/.well-knownx"_s, "WKX-SECRET");
    writeFile(www + u"/a/.well-known/x"_s, "AWK-SECRET");
    writeFile(www + u"/list/visible.txt"_s, "visible");
    writeFile(www + u"/list/.secret"_s, "LIST-SECRET");
    QVERIFY(QDir().mkpath(www + u"/list/.hidden-folder"_s));
    QVERIFY(QFile::link(m_data + u"/control.token"_s, www + u"/token-link"_s));
    QVERIFY(QFile::link(m_data, www + u"/data-link"_s));
    QVERIFY(QFile::link(u"../data/hostbench.sqlite"_s, www + u"/database-link"_s));
    QVERIFY(QFile::link(m_data + u"/sites/default/index.html"_s, www + u"/welcome-link"_s));

    const auto site = [](const QString &name, const QString &root) {
        VirtualHost host;
        host.hostName = name;
        host.documentRoot = root;
        host.accessLogEnabled = host.errorLogEnabled = false;
        host.directoryListing = true;
        return host;
    };
    VirtualHost follow = site(u"follow.test"_s, www);
    follow.followSymlinks = true;
    follow.isDefault = true;
    VirtualHost strict = site(u"strict.test"_s, www);
    VirtualHost hidden = site(u"hidden.test"_s, www);
    hidden.serveHiddenFiles = true;
    hidden.followSymlinks = true;
    // Roots the validator refuses, handed to the engine all the same (a
    // file edited by hand): the engine stands on its own.
    VirtualHost slash = site(u"slash.test"_s, u"/"_s);
    slash.serveHiddenFiles = true;
    VirtualHost data = site(u"data.test"_s, m_data);
    VirtualHost holder = site(u"holder.test"_s, m_dir.path());
    VirtualHost welcome = site(u"welcome.test"_s, m_data + u"/sites/default"_s);

    ServerConfig config;
    config.port = 0;
    config.threads = 2;
    config.dataFolder = m_data;
    QString error;
    QVERIFY2(m_server.start(config, { follow, strict, hidden, slash, data, holder, welcome }, &error),
        qPrintable(error));
}

void TestServingGuard::cleanupTestCase()
{
    m_server.stop();
}

void TestServingGuard::dataFolderIsNeverServed_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<QByteArray>("target"); // %DATA% is the data folder's path, %DIR% the one above
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body"); // 200: the body; else: never in the answer

    const auto refused
        = [](const char *name, const QByteArray &host, const QByteArray &target, const QByteArray &secret) {
              QTest::newRow(name) << host << target << 404 << secret;
          };
    refused("followed link to the token", "follow.test", "/token-link", kToken);
    refused("followed link to the folder, token", "follow.test", "/data-link/control.token", kToken);
    refused("followed link, token percent-encoded", "follow.test", "/data-link/control%2etoken", kToken);
    refused("followed relative link to the database", "follow.test", "/database-link", "DATABASE-SECRET");
    refused("followed link, database", "follow.test", "/data-link/hostbench.sqlite", "DATABASE-SECRET");
    refused("followed link, a log", "follow.test", "/data-link/logs/localhost.access.log", "LOG-SECRET");
    refused("followed link, the CA's key", "follow.test", "/data-link/ca/key.pem", "KEY-SECRET");
    refused("followed link, the folder listed", "follow.test", "/data-link/", "control.token");
    refused("followed link, logs listed", "follow.test", "/data-link/logs/", "access.log");
    refused("link not followed", "strict.test", "/token-link", kToken);
    refused("root /, the token", "slash.test", "%DATA%/control.token", kToken);
    refused("root /, the database", "slash.test", "%DATA%/hostbench.sqlite", "DATABASE-SECRET");
    refused("root /, the data folder listed", "slash.test", "%DATA%/", "control.token");
    refused("root /, through the link", "slash.test", "%DIR%/www/token-link", kToken);
    refused("root: the data folder, token", "data.test", "/control.token", kToken);
    refused("root: the data folder, index", "data.test", "/", "control.token");
    refused("root: holds the data folder, token", "holder.test", "/data/control.token", kToken);
    refused("root: holds the data folder, listed", "holder.test", "/data/", "control.token");

    const auto served = [](const char *name, const QByteArray &host, const QByteArray &target,
                            const QByteArray &body) { QTest::newRow(name) << host << target << 200 << body; };
    served("own file beside the links", "follow.test", "/index.html", "own index");
    served("followed link into sites/", "follow.test", "/welcome-link", "welcome");
    served("followed link, sites/ folder", "follow.test", "/data-link/sites/default/index.html", "welcome");
    served("root: the data folder, its sites/", "data.test", "/sites/default/index.html", "welcome");
    served("root: the default site", "welcome.test", "/", "welcome");
    served("root /, a file elsewhere", "slash.test", "%DIR%/www/index.html", "own index");
}

void TestServingGuard::dataFolderIsNeverServed()
{
    checkRow();
}

void TestServingGuard::checkRow()
{
    QFETCH(QByteArray, host);
    QFETCH(QByteArray, target);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    target.replace("%DATA%", QFileInfo(m_data).canonicalFilePath().toUtf8());
    target.replace("%DIR%", QFileInfo(m_dir.path()).canonicalFilePath().toUtf8());
    // Twice: the second answer comes from the worker's file cache.
    for (int round = 0; round < 2; ++round) {
        const RawClient::Reply reply = fetch(host, target);
        QVERIFY2(reply.complete, reply.head.constData());
        QCOMPARE(reply.status, status);
        if (status == 200)
            QCOMPARE(reply.body, body);
        else
            QVERIFY2(!reply.body.contains(body), reply.body.left(300).constData());
    }
}

void TestServingGuard::hiddenFiles_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body"); // 200: the body; else: never in the answer

    const auto hidden = [](const char *name, const QByteArray &target, const QByteArray &secret) {
        QTest::newRow(name) << "strict.test"_ba << target << 404 << secret;
    };
    hidden("/.env", "/.env", "ENV-SECRET");
    hidden("/.git/config", "/.git/config", "GIT-SECRET");
    hidden("/.git (a folder: 404, not 301)", "/.git", "Moved");
    hidden("/.git/", "/.git/", "config");
    hidden("/a/.htpasswd", "/a/.htpasswd", "HTPASSWD-SECRET");
    hidden("/%2eenv", "/%2eenv", "ENV-SECRET");
    hidden("/%2Eenv", "/%2Eenv", "ENV-SECRET");
    hidden("/%2egit/config", "/%2egit/config", "GIT-SECRET");
    hidden("/a/%2ehtpasswd", "/a/%2ehtpasswd", "HTPASSWD-SECRET");
    hidden("/a/./.htpasswd", "/a/./.htpasswd", "HTPASSWD-SECRET");
    hidden("//.env", "//.env", "ENV-SECRET");
    hidden("/x/../.env", "/x/../.env", "ENV-SECRET");
    hidden("/.well-known/.hidden", "/.well-known/.hidden", "WELLKNOWN-SECRET");
    hidden("/.well-knownx (not .well-known)", "/.well-knownx", "WKX-SECRET");
    hidden("/a/.well-known/x (only at the top)", "/a/.well-known/x", "AWK-SECRET");

    const auto served = [](const char *name, const QByteArray &host, const QByteArray &target,
                            const QByteArray &body) { QTest::newRow(name) << host << target << 200 << body; };
    served("/.well-known/acme-challenge/token1", "strict.test", "/.well-known/acme-challenge/token1",
        "acme answer");
    served("/%2ewell-known/acme-challenge/token1", "strict.test", "/%2ewell-known/acme-challenge/token1",
        "acme answer");
    served("/a/b.txt", "strict.test", "/a/b.txt", "plain b");
    served("switch on: /.env", "hidden.test", "/.env", "ENV-SECRET");
    served("switch on: /.git/config", "hidden.test", "/.git/config", "GIT-SECRET");
    served("switch on: /a/.htpasswd", "hidden.test", "/a/.htpasswd", "HTPASSWD-SECRET");
    served("switch on: /.well-known/.hidden", "hidden.test", "/.well-known/.hidden", "WELLKNOWN-SECRET");
}

void TestServingGuard::hiddenFiles()
{
    checkRow();
}

void TestServingGuard::listings_data()
{
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<bool>("showsHidden");

    QTest::newRow("switch off") << "strict.test"_ba << false;
    QTest::newRow("switch on") << "hidden.test"_ba << true;
}

void TestServingGuard::listings()
{
    QFETCH(QByteArray, host);
    QFETCH(bool, showsHidden);
    const RawClient::Reply reply = fetch(host, "/list/");
    QCOMPARE(reply.status, 200);
    QVERIFY2(reply.body.contains("visible.txt"), reply.body.constData());
    QCOMPARE(reply.body.contains(".secret"), showsHidden);
    QCOMPARE(reply.body.contains(".hidden-folder"), showsHidden);
    // "." and ".." are never entries, shown or not.
    QVERIFY(!reply.body.contains("href=\"./\""));
}

QTEST_GUILESS_MAIN(TestServingGuard)
#include "tst_servingguard.moc"
