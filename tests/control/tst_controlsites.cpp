// The control API's site routes over 127.0.0.1, on a real SQLite file
// (storage::SiteEdits behind ControlApi::Sites, as serve and the window wire them).
#include "control/ControlApi.h"
#include "storage/DataFolder.h"
#include "storage/SiteEdits.h"
#include "tls/LocalCa.h"

#include <QBuffer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkInterface>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using hostbench::control::ControlApi;
using hostbench::model::MetricsSnapshot;
using hostbench::model::SiteChange;
using hostbench::model::VirtualHost;
using hostbench::storage::DataFolder;
using hostbench::storage::SiteEdits;

namespace {

const QByteArray kToken(64, 'a');

struct Reply
{
    int status = 0;
    QByteArray contentType;
    QByteArray location;
    QByteArray etag;
    QJsonDocument json;
    QByteArray body;
    QString error;
};

} // namespace

class TestControlSites final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void listsTheStoredSites();
    void createReadReplaceRemove();
    void proxyMember();
    void appMember();
    void phpMember();
    void tlsMember();
    void proxyLogUpstreamTimes();
    void appOnlyOnLoopback_data();
    void appOnlyOnLoopback();
    void badRequestsChangeNothing_data();
    void badRequestsChangeNothing();
    void withoutStoredSitesIsAConflict();
    void reloadRoute();
    void storedButNotReloaded();
    void twoClientsChangingOneSite_data();
    void twoClientsChangingOneSite();
    void engineRoutesWithoutAnEngineAreAConflict();
    void runRoutesWithoutRunsAreAConflict();

private:
    Reply send(const QByteArray &method, const QString &path, const QByteArray &body = {},
        const QByteArray &contentType = "application/json", bool withToken = true,
        const QByteArray &ifMatch = {});
    QString makeRoot(const QString &name);
    // m_api again, on `address` (the token on every route: a listener other than loopback needs it).
    bool listenOn(const QHostAddress &address, QString *error);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<DataFolder> m_folder;
    std::unique_ptr<ControlApi> m_api;
    QString m_sendTo = u"127.0.0.1"_s; // the address send() connects to
    int m_reloads = 0;
};

void TestControlSites::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = std::make_unique<DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir->filePath(u"data"_s), &error), qPrintable(error));
    VirtualHost a;
    a.hostName = u"a.test"_s;
    a.aliases = { u"www.a.test"_s };
    a.documentRoot = makeRoot(u"a"_s);
    QCOMPARE(SiteEdits::create(m_folder->database(), a).result, SiteChange::Result::Done);

    m_reloads = 0;
    m_sendTo = u"127.0.0.1"_s;
    QVERIFY2(listenOn(QHostAddress::LocalHost, &error), qPrintable(error));
}

bool TestControlSites::listenOn(const QHostAddress &address, QString *error)
{
    m_api = std::make_unique<ControlApi>(
        [] { return MetricsSnapshot(); }, QString(), ControlApi::Access { kToken, !address.isLoopback() });
    hostbench::storage::Database &db = m_folder->database();
    const auto counted = [this](SiteChange change) {
        if (change.result == SiteChange::Result::Done)
            ++m_reloads;
        return change;
    };
    m_api->setSites({ [&db] { return db.virtualHosts(); },
        [&db](const QString &host) { return SiteEdits::find(db, host); },
        [&db, counted](const VirtualHost &site) { return counted(SiteEdits::create(db, site)); },
        [&db, counted](const QString &host, const VirtualHost &site) {
            return counted(SiteEdits::replace(db, host, site));
        },
        [&db, counted](const QString &host) { return counted(SiteEdits::remove(db, host)); } });
    return m_api->listen(address, 0, error);
}

void TestControlSites::cleanup()
{
    m_api.reset();
    m_folder.reset();
    m_dir.reset();
}

QString TestControlSites::makeRoot(const QString &name)
{
    const QString root = m_dir->filePath(u"roots/"_s + name);
    QDir().mkpath(root);
    return root;
}

Reply TestControlSites::send(const QByteArray &method, const QString &path, const QByteArray &body,
    const QByteArray &contentType, bool withToken, const QByteArray &ifMatch)
{
    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(QUrl(u"http://%1:%2%3"_s.arg(m_sendTo).arg(m_api->port()).arg(path)));
    if (withToken)
        request.setRawHeader("Authorization", "Bearer " + kToken);
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
    if (!ifMatch.isEmpty())
        request.setRawHeader("If-Match", ifMatch);
    QBuffer buffer;
    buffer.setData(body);
    buffer.open(QIODevice::ReadOnly);
    std::unique_ptr<QNetworkReply> reply(body.isEmpty()
            ? manager.sendCustomRequest(request, method)
            : manager.sendCustomRequest(request, method, &buffer));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
    loop.exec();
    Reply result;
    if (!reply->isFinished()) {
        result.error = u"timed out"_s;
        return result;
    }
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    result.location = reply->rawHeader("Location");
    result.etag = reply->rawHeader("ETag");
    result.body = reply->readAll();
    result.json = QJsonDocument::fromJson(result.body);
    if (result.status == 0)
        result.error = reply->errorString();
    return result;
}

void TestControlSites::listsTheStoredSites()
{
    const Reply reply = send("GET", u"/api/sites"_s);
    QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
    QCOMPARE(reply.status, 200);
    const QJsonArray sites = reply.json.array();
    QCOMPARE(sites.size(), 2);
    QCOMPARE(sites[0][u"host"_s].toString(), u"localhost"_s); // the default site first
    QCOMPARE(sites[0][u"default"_s].toBool(), true);
    QCOMPARE(sites[1][u"host"_s].toString(), u"a.test"_s);
    QCOMPARE(sites[1][u"aliases"_s].toArray(), QJsonArray { u"www.a.test"_s });
    QCOMPARE(sites[1][u"document_root"_s].toString(), m_dir->filePath(u"roots/a"_s));
    QCOMPARE(send("GET", u"/api/sites"_s, {}, {}, false).status, 401);
}

void TestControlSites::createReadReplaceRemove()
{
    const QString root = makeRoot(u"b"_s);
    const QJsonObject b { { u"host"_s, u"B.Test"_s }, { u"aliases"_s, QJsonArray { u"www.b.test"_s } },
        { u"document_root"_s, root },
        { u"routes"_s, QJsonArray { QJsonObject { { u"path"_s, u"/hello"_s }, { u"body"_s, u"hi"_s } } } } };
    const Reply created = send("POST", u"/api/sites"_s, QJsonDocument(b).toJson());
    QVERIFY2(created.error.isEmpty(), qPrintable(created.error));
    QCOMPARE(created.status, 201);
    QCOMPARE(created.location, "/api/sites/b.test"_ba); // stored lower-cased, as the dialog does
    QCOMPARE(created.json[u"host"_s].toString(), u"b.test"_s);
    QCOMPARE(m_reloads, 1);

    QList<VirtualHost> stored = m_folder->database().virtualHosts();
    QCOMPARE(stored.size(), 3);
    const VirtualHost &site = stored.constLast();
    QCOMPARE(site.hostName, u"b.test"_s);
    QCOMPARE(site.aliases, QStringList { u"www.b.test"_s });
    QCOMPARE(site.documentRoot, root);
    QCOMPARE(site.isDefault, false);
    QCOMPARE(site.routes.size(), 1);
    QCOMPARE(site.routes[0].path, u"/hello"_s);
    QCOMPARE(site.routes[0].status, 200);
    QCOMPARE(site.routes[0].body, "hi"_ba);

    const Reply read = send("GET", u"/api/sites/b.test"_s);
    QCOMPARE(read.status, 200);
    QCOMPARE(read.json.object(), created.json.object());

    // PUT changes the members it names and keeps the others.
    const QString other = makeRoot(u"b2"_s);
    const Reply replaced = send(
        "PUT", u"/api/sites/b.test"_s, QJsonDocument(QJsonObject { { u"document_root"_s, other } }).toJson());
    QCOMPARE(replaced.status, 200);
    QCOMPARE(replaced.json[u"document_root"_s].toString(), other);
    QCOMPARE(replaced.json[u"aliases"_s].toArray(), QJsonArray { u"www.b.test"_s });
    QCOMPARE(m_folder->database().virtualHosts().constLast().documentRoot, other);
    QCOMPARE(m_reloads, 2);
    QCOMPARE(replaced.json[u"serve_hidden_files"_s].toBool(true), false); // hidden files: off by default

    // The hidden-files switch, stored and shown.
    const Reply hidden = send("PUT", u"/api/sites/b.test"_s, R"({"serve_hidden_files": true})");
    QCOMPARE(hidden.status, 200);
    QCOMPARE(hidden.json[u"serve_hidden_files"_s].toBool(), true);
    QVERIFY(m_folder->database().virtualHosts().constLast().serveHiddenFiles);
    QCOMPARE(send("PUT", u"/api/sites/b.test"_s, R"({"serve_hidden_files": "yes"})").status, 400);
    QCOMPARE(m_reloads, 3);

    // Making it the default takes the flag from localhost, as in the window.
    QCOMPARE(send("PUT", u"/api/sites/b.test"_s, R"({"default": true})").status, 200);
    stored = m_folder->database().virtualHosts();
    QCOMPARE(stored.constFirst().hostName, u"b.test"_s);
    QVERIFY(stored.constFirst().isDefault);
    QVERIFY(!stored.constLast().isDefault);

    // A rename moves the site.
    const Reply renamed = send("PUT", u"/api/sites/a.test"_s, R"({"host": "c.test"})");
    QCOMPARE(renamed.status, 200);
    QCOMPARE(send("GET", u"/api/sites/a.test"_s).status, 404);
    QCOMPARE(send("GET", u"/api/sites/c.test"_s).status, 200);

    const Reply removed = send("DELETE", u"/api/sites/c.test"_s);
    QCOMPARE(removed.status, 204);
    QVERIFY(removed.body.isEmpty());
    QCOMPARE(m_folder->database().virtualHosts().size(), 2);
    QCOMPARE(send("GET", u"/api/sites/c.test"_s).status, 404);
    QCOMPARE(m_reloads, 6);
}

void TestControlSites::proxyMember()
{
    // The "proxy" member (issue #24): stored, shown, changed in part by PUT.
    const QString root = makeRoot(u"p"_s);
    const QByteArray body = R"({"host": "p.test", "document_root": ")" + root.toUtf8()
        + R"(", "proxy": {"routes": [{"path": "/api", "upstream": "http://127.0.0.1:9000/v1"},
            {"path": "/", "upstream": "unix:/run/app.sock"}], "send_upstream_host": true, "timeout_ms": 1500}})";
    const Reply created = send("POST", u"/api/sites"_s, body);
    QVERIFY2(created.status == 201, created.body.constData());
    const QJsonObject proxy = created.json[u"proxy"_s].toObject();
    QCOMPARE(proxy[u"routes"_s].toArray().size(), 2);
    QCOMPARE(proxy[u"routes"_s].toArray().at(0).toObject()[u"upstream"_s].toString(),
        u"http://127.0.0.1:9000/v1"_s);
    QCOMPARE(proxy[u"send_upstream_host"_s].toBool(), true);
    QCOMPARE(proxy[u"timeout_ms"_s].toInt(), 1500);
    VirtualHost site = m_folder->database().virtualHosts().constLast();
    QCOMPARE(site.proxy.routes.size(), 2);
    QCOMPARE(site.proxy.routes.at(1).pathPrefix, u"/"_s);
    QCOMPARE(site.proxy.routes.at(1).upstream, u"unix:/run/app.sock"_s);
    QVERIFY(site.proxy.sendUpstreamHost);
    QCOMPARE(site.proxy.upstreamTimeoutMs, 1500);

    const Reply changed = send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"timeout_ms": 30000}})");
    QVERIFY2(changed.status == 200, changed.body.constData());
    site = m_folder->database().virtualHosts().constLast();
    QCOMPARE(site.proxy.upstreamTimeoutMs, 30000);
    QCOMPARE(site.proxy.routes.size(), 2); // kept
    QCOMPARE(send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"routes": []}})").status, 200);
    QVERIFY(m_folder->database().virtualHosts().constLast().proxy.routes.isEmpty());
    // A site without proxy routes shows the defaults.
    QCOMPARE(
        send("GET", u"/api/sites/localhost"_s).json[u"proxy"_s].toObject()[u"timeout_ms"_s].toInt(), 60000);
}

void TestControlSites::appMember()
{
    // "proxy.app" (issue #24): the site's start command, stored, shown, changed in part, removed.
    const QString root = makeRoot(u"p"_s);
    const QString dir = makeRoot(u"p-app"_s);
    const QByteArray body = R"({"host": "p.test", "document_root": ")" + root.toUtf8()
        + R"(", "proxy": {"routes": [{"path": "/", "upstream": "http://127.0.0.1:9000"}],
            "app": {"command": "python3 -m http.server 9000", "dir": ")"
        + dir.toUtf8() + R"(", "env": ["PORT=9000", "MODE=dev x"], "stop_grace_ms": 1500}}})";
    const Reply created = send("POST", u"/api/sites"_s, body);
    QVERIFY2(created.status == 201, created.body.constData());
    const QJsonObject app = created.json[u"proxy"_s][u"app"_s].toObject();
    QCOMPARE(app[u"command"_s].toString(), u"python3 -m http.server 9000"_s);
    QCOMPARE(app[u"dir"_s].toString(), dir);
    QCOMPARE(app[u"env"_s].toArray(), (QJsonArray { u"PORT=9000"_s, u"MODE=dev x"_s }));
    QCOMPARE(app[u"stop_grace_ms"_s].toInt(), 1500);
    VirtualHost site = m_folder->database().virtualHosts().constLast();
    QCOMPARE(site.proxy.app.command, u"python3 -m http.server 9000"_s);
    QCOMPARE(site.proxy.app.workingDir, dir);
    QCOMPARE(site.proxy.app.environment, (QStringList { u"PORT=9000"_s, u"MODE=dev x"_s }));
    QCOMPARE(site.proxy.app.stopGraceMs, 1500);
    QCOMPARE(send("GET", u"/api/sites/p.test"_s).json[u"proxy"_s][u"app"_s].toObject(), app);

    // PUT of one member of "app" keeps the others, and the routes.
    const Reply changed
        = send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"app": {"stop_grace_ms": 200}}})");
    QVERIFY2(changed.status == 200, changed.body.constData());
    site = m_folder->database().virtualHosts().constLast();
    QCOMPARE(site.proxy.app.stopGraceMs, 200);
    QCOMPARE(site.proxy.app.command, u"python3 -m http.server 9000"_s);
    QCOMPARE(site.proxy.routes.size(), 1);
    // null removes it; a site without an app shows an empty command and the defaults.
    QCOMPARE(send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"app": null}})").status, 200);
    QCOMPARE(m_folder->database().virtualHosts().constLast().proxy.app, hostbench::model::AppCommand());
    const QJsonObject none = send("GET", u"/api/sites/p.test"_s).json[u"proxy"_s][u"app"_s].toObject();
    QCOMPARE(none[u"command"_s].toString(u"x"_s), QString());
    QCOMPARE(none[u"env"_s].toArray(), QJsonArray());
    QCOMPARE(none[u"stop_grace_ms"_s].toInt(), 5000);
    QCOMPARE(m_reloads, 3);
}

void TestControlSites::phpMember()
{
    // The "php" member (issue #25): stored, shown, changed in part by PUT, turned off by null.
    const QString root = makeRoot(u"p"_s);
    const QByteArray body = R"({"host": "p.test", "document_root": ")" + root.toUtf8()
        + R"(", "php": {"address": " unix:/run/php/php8.2-fpm.sock ", "prefix": "/blog",
            "front_controller": true, "timeout_ms": 1500}})";
    const Reply created = send("POST", u"/api/sites"_s, body);
    QVERIFY2(created.status == 201, created.body.constData());
    const QJsonObject php = created.json[u"php"_s].toObject();
    QCOMPARE(php[u"address"_s].toString(), u"unix:/run/php/php8.2-fpm.sock"_s); // trimmed
    QCOMPARE(php[u"prefix"_s].toString(), u"/blog"_s);
    QCOMPARE(php[u"front_controller"_s].toBool(), true);
    QCOMPARE(php[u"timeout_ms"_s].toInt(), 1500);
    VirtualHost site = m_folder->database().virtualHosts().constLast();
    hostbench::model::PhpSettings expected;
    expected.address = u"unix:/run/php/php8.2-fpm.sock"_s;
    expected.pathPrefix = u"/blog"_s;
    expected.frontController = true;
    expected.timeoutMs = 1500;
    QCOMPARE(site.php, expected);
    QCOMPARE(send("GET", u"/api/sites/p.test"_s).json[u"php"_s].toObject(), php);

    // PUT of one member keeps the others.
    const Reply changed = send("PUT", u"/api/sites/p.test"_s, R"({"php": {"address": "auto"}})");
    QVERIFY2(changed.status == 200, changed.body.constData());
    expected.address = u"auto"_s;
    QCOMPARE(m_folder->database().virtualHosts().constLast().php, expected);
    QVERIFY2(send("PUT", u"/api/sites/p.test"_s, R"({"php": {"timeout_ms": 100, "front_controller": false}})")
                 .status
            == 200,
        "one PUT, two members");
    expected.timeoutMs = 100;
    expected.frontController = false;
    QCOMPARE(m_folder->database().virtualHosts().constLast().php, expected);
    // null turns PHP off; a site without PHP shows an empty address and the defaults.
    QCOMPARE(send("PUT", u"/api/sites/p.test"_s, R"({"php": null})").status, 200);
    QCOMPARE(m_folder->database().virtualHosts().constLast().php, hostbench::model::PhpSettings());
    const QJsonObject none = send("GET", u"/api/sites/localhost"_s).json[u"php"_s].toObject();
    QCOMPARE(none,
        (QJsonObject { { u"address"_s, u""_s }, { u"prefix"_s, u"/"_s }, { u"front_controller"_s, false },
            { u"timeout_ms"_s, 60000 } }));
    QCOMPARE(m_reloads, 4);
}

void TestControlSites::tlsMember()
{
    // The "tls" member (issue #26): a site's own certificate and key, the redirect and HSTS;
    // bad files refused with 422 naming the member, the file and the reason; null: the defaults.
    QString error;
    const auto ca = hostbench::tls::LocalCa::open(m_dir->filePath(u"otherca"_s), true, &error);
    QVERIFY2(ca, qPrintable(error));
    const auto leaf = ca->leafFor(u"t.test"_s, { u"t.test"_s }, &error);
    QVERIFY2(leaf, qPrintable(error));
    const QString root = makeRoot(u"t"_s);
    const QByteArray body = R"({"host": "t.test", "document_root": ")" + root.toUtf8()
        + R"(", "tls": {"certificate": ")" + leaf->certificatePath.toUtf8() + R"(", "key": ")"
        + leaf->keyPath.toUtf8() + R"(", "redirect_http": true, "hsts_max_age": 600}})";
    const Reply created = send("POST", u"/api/sites"_s, body);
    QVERIFY2(created.status == 201, created.body.constData());
    const QJsonObject tls = created.json[u"tls"_s].toObject();
    QCOMPARE(tls[u"certificate"_s].toString(), leaf->certificatePath);
    QCOMPARE(tls[u"key"_s].toString(), leaf->keyPath);
    QCOMPARE(tls[u"redirect_http"_s].toBool(), true);
    QCOMPARE(tls[u"hsts_max_age"_s].toInteger(), 600);
    hostbench::model::SiteTls expected;
    expected.certificatePath = leaf->certificatePath;
    expected.keyPath = leaf->keyPath;
    expected.redirectToHttps = true;
    expected.hstsMaxAgeSeconds = 600;
    QCOMPARE(m_folder->database().virtualHosts().constLast().tls, expected);

    // Refused, and nothing changes: the member at fault, the file and the reason.
    const QString missing = m_dir->filePath(u"missing.pem"_s);
    const struct
    {
        QByteArray body;
        int status;
        QString field;
        QString detail;
    } refused[] = {
        { R"({"tls": {"certificate": ")" + missing.toUtf8() + R"("}})", 422, u"tls.certificate"_s, missing },
        { R"({"tls": {"key": ")" + leaf->certificatePath.toUtf8() + R"("}})", 422, u"tls.key"_s,
            leaf->certificatePath },
        { R"({"tls": {"key": ""}})", 422, u"tls.key"_s, u"neither"_s },
        { R"({"tls": {"hsts_max_age": -1}})", 422, u"tls.hsts_max_age"_s, u"two years"_s },
        { R"({"tls": {"hsts_max_age": "600"}})", 400, u"tls.hsts_max_age"_s, u"seconds"_s },
        { R"({"tls": {"redirect_http": 1}})", 400, u"tls.redirect_http"_s, u"true or false"_s },
        { R"({"tls": {"ocsp": true}})", 400, u"tls.ocsp"_s, u"Unknown member"_s },
        { R"({"tls": "on"})", 400, u"tls"_s, u"object"_s },
    };
    for (const auto &bad : refused) {
        const Reply reply = send("PUT", u"/api/sites/t.test"_s, bad.body);
        QVERIFY2(reply.status == bad.status, bad.body.constData());
        QCOMPARE(reply.json[u"field"_s].toString(), bad.field);
        QVERIFY2(reply.json[u"detail"_s].toString().contains(bad.detail), reply.body.constData());
        QCOMPARE(m_folder->database().virtualHosts().constLast().tls, expected);
    }

    // PUT of one member keeps the others; null gives the defaults back.
    QCOMPARE(send("PUT", u"/api/sites/t.test"_s, R"({"tls": {"redirect_http": false}})").status, 200);
    expected.redirectToHttps = false;
    QCOMPARE(m_folder->database().virtualHosts().constLast().tls, expected);
    QCOMPARE(send("PUT", u"/api/sites/t.test"_s, R"({"tls": null})").status, 200);
    QCOMPARE(m_folder->database().virtualHosts().constLast().tls, hostbench::model::SiteTls());
}

void TestControlSites::proxyLogUpstreamTimes()
{
    // "proxy.log_upstream_times" (issue #24's leftover): stored, shown, changed alone.
    const QString root = makeRoot(u"p"_s);
    const QByteArray body = R"({"host": "p.test", "document_root": ")" + root.toUtf8()
        + R"(", "proxy": {"routes": [{"path": "/", "upstream": "http://127.0.0.1:9000"}],
            "log_upstream_times": true}})";
    const Reply created = send("POST", u"/api/sites"_s, body);
    QVERIFY2(created.status == 201, created.body.constData());
    QCOMPARE(created.json[u"proxy"_s][u"log_upstream_times"_s].toBool(false), true);
    QVERIFY(m_folder->database().virtualHosts().constLast().proxy.logUpstreamTimes);
    QCOMPARE(send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"log_upstream_times": false}})").status, 200);
    const VirtualHost site = m_folder->database().virtualHosts().constLast();
    QVERIFY(!site.proxy.logUpstreamTimes);
    QCOMPARE(site.proxy.routes.size(), 1); // kept
    QCOMPARE(
        send("GET", u"/api/sites/p.test"_s).json[u"proxy"_s][u"log_upstream_times"_s].toBool(true), false);
}

void TestControlSites::appOnlyOnLoopback_data()
{
    // Where the API listens, and the address that reaches it.
    QTest::addColumn<QString>("listen");
    QTest::addColumn<QString>("connect");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("loopback 127.0.0.1") << u"127.0.0.1"_s << u"127.0.0.1"_s << true;
    // 0.0.0.0 is reachable from other machines, though this test comes in through 127.0.0.1.
    QTest::newRow("any address 0.0.0.0") << u"0.0.0.0"_s << u"127.0.0.1"_s << false;
    QString other;
    for (const QHostAddress &address : QNetworkInterface::allAddresses()) {
        if (address.protocol() == QAbstractSocket::IPv4Protocol && !address.isLoopback()) {
            other = address.toString();
            break;
        }
    }
    if (other.isEmpty())
        qInfo("This machine has no IPv4 address other than 127.x: only 0.0.0.0 stands for a public listener");
    else
        QTest::newRow("this machine's own address") << other << other << false;
}

void TestControlSites::appOnlyOnLoopback()
{
    // A start command runs programs as the user: only a loopback API sets or
    // changes one (403 elsewhere, saying why); reading and removing work everywhere.
    QFETCH(QString, listen);
    QFETCH(QString, connect);
    QFETCH(bool, allowed);
    QString error;
    QVERIFY2(listenOn(QHostAddress(listen), &error), qPrintable(error));
    m_sendTo = connect;
    const QString root = makeRoot(u"p"_s);
    const QByteArray appJson = R"({"command": "python3 -m http.server 9000"})";
    const auto site = [&](const QByteArray &host, const QByteArray &proxy) -> QByteArray {
        return R"({"host": ")" + host + R"(", "document_root": ")" + root.toUtf8() + R"(", "proxy": )" + proxy
            + "}";
    };
    const auto refusedAsForbidden = [&](const Reply &reply) {
        if (reply.status != 403 || !reply.contentType.startsWith("application/problem+json"))
            return false;
        const QString detail = reply.json[u"detail"_s].toString();
        return reply.json[u"field"_s].toString() == u"proxy.app"_s && detail.contains(u"loopback"_s)
            && detail.contains(listen) && detail.contains(u"runs programs as the user"_s);
    };
    const int expected = allowed ? 201 : 403;

    // POST of a site with an app.
    Reply reply = send("POST", u"/api/sites"_s, site("p.test", R"({"app": )" + appJson + "}"));
    QVERIFY2(reply.status == expected, reply.body.constData());
    if (!allowed) {
        QVERIFY2(refusedAsForbidden(reply), reply.body.constData());
        QCOMPARE(SiteEdits::find(m_folder->database(), u"p.test"_s).result, SiteChange::Result::NotFound);
        QCOMPARE(m_reloads, 0);
        // Without an app the same site is created; an empty command is no app.
        reply = send("POST", u"/api/sites"_s, site("p.test", R"({"app": {"command": ""}})"));
        QVERIFY2(reply.status == 201, reply.body.constData());
        // PUT that sets one: refused, nothing stored.
        reply = send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"app": )" + appJson + "}}");
        QVERIFY2(refusedAsForbidden(reply), reply.body.constData());
        QVERIFY(!m_folder->database().virtualHosts().constLast().proxy.app.isSet());
        // Stored from this machine (as the window or a loopback API would): it reads.
        VirtualHost stored = SiteEdits::find(m_folder->database(), u"p.test"_s).site;
        stored.proxy.app.command = u"python3 -m http.server 9000"_s;
        QCOMPARE(
            SiteEdits::replace(m_folder->database(), u"p.test"_s, stored).result, SiteChange::Result::Done);
    }
    reply = send("GET", u"/api/sites/p.test"_s);
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json[u"proxy"_s][u"app"_s][u"command"_s].toString(), u"python3 -m http.server 9000"_s);
    QCOMPARE(send("GET", u"/api/sites"_s).status, 200);

    // Changing another member goes through, as does the whole site sent back unchanged.
    const QByteArray whole = QJsonDocument(reply.json.object()).toJson();
    QVERIFY2(send("PUT", u"/api/sites/p.test"_s, whole).status == 200, whole.constData());
    QCOMPARE(send("PUT", u"/api/sites/p.test"_s, R"({"aliases": ["www.p.test"]})").status, 200);
    // Changing the app, or the folder it runs in (the document root, its folder left empty), does not.
    for (const QByteArray &change : { R"({"proxy": {"app": {"env": ["PORT=1"]}}})"_ba,
             R"({"proxy": {"app": {"command": "sh -c id"}}})"_ba,
             QByteArray(R"({"document_root": ")" + makeRoot(u"elsewhere"_s).toUtf8() + R"("})") }) {
        const VirtualHost before = SiteEdits::find(m_folder->database(), u"p.test"_s).site;
        reply = send("PUT", u"/api/sites/p.test"_s, change);
        if (allowed) {
            QVERIFY2(reply.status == 200, reply.body.constData());
        } else {
            QVERIFY2(refusedAsForbidden(reply), reply.body.constData());
            QCOMPARE(SiteEdits::find(m_folder->database(), u"p.test"_s).site, before);
        }
    }
    // Removing it is allowed everywhere.
    reply = send("PUT", u"/api/sites/p.test"_s, R"({"proxy": {"app": null}})");
    QVERIFY2(reply.status == 200, reply.body.constData());
    QVERIFY(!m_folder->database().virtualHosts().constLast().proxy.app.isSet());
}

void TestControlSites::badRequestsChangeNothing_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body"); // %ROOT% is an existing folder
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field"); // the problem's "field"; empty: none

    const QByteArray json = "application/json";
    const auto post = [&](const char *name, const QByteArray &body, int status, const QString &field) {
        QTest::newRow(name) << "POST"_ba << u"/api/sites"_s << body << json << status << field;
    };
    post("malformed JSON", R"({"host": "b.test", "document_root": )", 400, {});
    post("not an object", R"(["b.test"])", 400, {});
    post("empty object", "{}", 422, u"host"_s);
    post("unknown member", R"({"host": "b.test", "document_root": "%ROOT%", "colour": "red"})", 400,
        u"colour"_s);
    post("host is a number", R"({"host": 5, "document_root": "%ROOT%"})", 400, u"host"_s);
    post("host is null", R"({"host": null, "document_root": "%ROOT%"})", 400, u"host"_s);
    post("aliases is a string", R"({"host": "b.test", "aliases": "www.b.test", "document_root": "%ROOT%"})",
        400, u"aliases"_s);
    post("alias is a number",
        R"({"host": "b.test", "aliases": ["www.b.test", 3], "document_root": "%ROOT%"})", 400,
        u"aliases[1]"_s);
    post("default is a string", R"({"host": "b.test", "document_root": "%ROOT%", "default": "yes"})", 400,
        u"default"_s);
    post("route status is a string",
        R"({"host": "b.test", "document_root": "%ROOT%", "routes": [{"path": "/x", "status": "200"}]})", 400,
        u"routes[0].status"_s);
    post("route status is a fraction",
        R"({"host": "b.test", "document_root": "%ROOT%", "routes": [{"path": "/x", "status": 200.5}]})", 400,
        u"routes[0].status"_s);
    post("route has an unknown member",
        R"({"host": "b.test", "document_root": "%ROOT%", "routes": [{"path": "/x", "colour": 1}]})", 400,
        u"routes[0].colour"_s);
    post("route without path",
        R"({"host": "b.test", "document_root": "%ROOT%", "routes": [{"status": 200}]})", 400,
        u"routes[0].path"_s);
    post("missing host", R"({"document_root": "%ROOT%"})", 422, u"host"_s);
    post("missing document root", R"({"host": "b.test"})", 422, u"document_root"_s);
    post("bad host name", R"({"host": "bad_host!", "document_root": "%ROOT%"})", 422, u"host"_s);
    post("host with a port", R"({"host": "b.test:8080", "document_root": "%ROOT%"})", 422, u"host"_s);
    post("empty host", R"({"host": "", "document_root": "%ROOT%"})", 422, u"host"_s);
    post("bad alias", R"({"host": "b.test", "aliases": ["-x.test"], "document_root": "%ROOT%"})", 422,
        u"aliases"_s);
    post("document root does not exist", R"({"host": "b.test", "document_root": "%ROOT%/missing"})", 422,
        u"document_root"_s);
    post("relative document root", R"({"host": "b.test", "document_root": "roots/a"})", 422,
        u"document_root"_s);
    // A root that would serve the system or Hostbench's own files (%DATA% is
    // the data folder, %DIR% the folder that holds it, %LINK% a link to "/").
    post("document root /", R"({"host": "b.test", "document_root": "/"})", 422, u"document_root"_s);
    post("document root /etc/", R"({"host": "b.test", "document_root": "/etc/"})", 422, u"document_root"_s);
    post("document root /etc/..//etc", R"({"host": "b.test", "document_root": "/etc/..//etc"})", 422,
        u"document_root"_s);
    post("document root /root", R"({"host": "b.test", "document_root": "/root"})", 422, u"document_root"_s);
    post("document root /var/lib", R"({"host": "b.test", "document_root": "/var/lib"})", 422,
        u"document_root"_s);
    post("document root: a link to /", R"({"host": "b.test", "document_root": "%LINK%"})", 422,
        u"document_root"_s);
    post("document root: the data folder", R"({"host": "b.test", "document_root": "%DATA%"})", 422,
        u"document_root"_s);
    post("document root: the data folder/", R"({"host": "b.test", "document_root": "%DATA%/"})", 422,
        u"document_root"_s);
    post("document root: holds the data folder", R"({"host": "b.test", "document_root": "%DIR%"})", 422,
        u"document_root"_s);
    post("document root: the data folder's logs", R"({"host": "b.test", "document_root": "%DATA%/logs"})",
        422, u"document_root"_s);
    post("bad route path", R"({"host": "b.test", "document_root": "%ROOT%", "routes": [{"path": "hello"}]})",
        422, u"routes"_s);
    post("proxy is a string", R"({"host": "b.test", "document_root": "%ROOT%", "proxy": "http://x"})", 400,
        u"proxy"_s);
    post("proxy: unknown member", R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"colour": 1}})",
        400, u"proxy.colour"_s);
    post("proxy: routes is an object",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": {"path": "/"}}})", 400,
        u"proxy.routes"_s);
    post("proxy: upstream is a number",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": [{"path": "/", "upstream": 9}]}})",
        400, u"proxy.routes[0].upstream"_s);
    post("proxy: route without upstream",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": [{"path": "/"}]}})", 400,
        u"proxy.routes[0].upstream"_s);
    post("proxy: route without path",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": [{"upstream": "http://x.test"}]}})",
        400, u"proxy.routes[0].path"_s);
    post("proxy: route member unknown",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": [{"path": "/", "upstream": "http://x.test", "to": 1}]}})",
        400, u"proxy.routes[0].to"_s);
    post("proxy: switch is a string",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"send_upstream_host": "yes"}})", 400,
        u"proxy.send_upstream_host"_s);
    post("proxy: timeout is a fraction",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"timeout_ms": 1.5}})", 400,
        u"proxy.timeout_ms"_s);
    post("proxy: bad upstream",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": [{"path": "/", "upstream": "ftp://x"}]}})",
        422, u"proxy.routes"_s);
    post("proxy: relative prefix",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"routes": [{"path": "api", "upstream": "http://x.test"}]}})",
        422, u"proxy.routes"_s);
    post("proxy: timeout 0", R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"timeout_ms": 0}})",
        422, u"proxy.timeout_ms"_s);
    post("proxy: app is a string",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": "npm run dev"}})", 400,
        u"proxy.app"_s);
    post("proxy: app has an unknown member",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"cmd": "npm run dev"}}})", 400,
        u"proxy.app.cmd"_s);
    post("proxy: app command is a number",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": 7}}})", 400,
        u"proxy.app.command"_s);
    post("proxy: app command is an array",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": ["npm", "run"]}}})",
        400, u"proxy.app.command"_s);
    post("proxy: app dir is null",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "dir": null}}})",
        400, u"proxy.app.dir"_s);
    post("proxy: app env is a string",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "env": "A=1"}}})",
        400, u"proxy.app.env"_s);
    post("proxy: app env entry is a number",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "env": ["A=1", 2]}}})",
        400, u"proxy.app.env"_s);
    post("proxy: app env is an object",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "env": {"A": "1"}}}})",
        400, u"proxy.app.env"_s);
    post("proxy: app grace is a string",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "stop_grace_ms": "5s"}}})",
        400, u"proxy.app.stop_grace_ms"_s);
    post("proxy: app grace is a fraction",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "stop_grace_ms": 1.5}}})",
        400, u"proxy.app.stop_grace_ms"_s);
    post("proxy: app grace beyond int",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "stop_grace_ms": 3e9}}})",
        400, u"proxy.app.stop_grace_ms"_s);
    post("proxy: app relative dir",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "dir": "app"}}})",
        422, u"proxy.app"_s);
    post("proxy: app env entry without =",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "env": ["PORT"]}}})",
        422, u"proxy.app"_s);
    post("proxy: app grace 0",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "x", "stop_grace_ms": 0}}})",
        422, u"proxy.app"_s);
    post("proxy: app env without a command",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"env": ["A=1"]}}})", 422,
        u"proxy.app"_s);
    post("proxy: app command of quotes only",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"app": {"command": "\"\""}}})", 422,
        u"proxy.app"_s);
    post("php is a string", R"({"host": "b.test", "document_root": "%ROOT%", "php": "auto"})", 400, u"php"_s);
    post("php: address is a number",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": 9000}})", 400, u"php.address"_s);
    post("php: prefix is null",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "prefix": null}})", 400,
        u"php.prefix"_s);
    post("php: front controller is a string",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "front_controller": "on"}})",
        400, u"php.front_controller"_s);
    post("php: timeout is a fraction",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "timeout_ms": 1.5}})",
        400, u"php.timeout_ms"_s);
    post("php: timeout beyond int",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "timeout_ms": 3e9}})",
        400, u"php.timeout_ms"_s);
    post("php: unknown member",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "socket": "/x"}})", 400,
        u"php.socket"_s);
    post("php: address with a scheme",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "http://127.0.0.1:9000"}})", 422,
        u"php.address"_s);
    post("php: address without a port",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "127.0.0.1"}})", 422,
        u"php.address"_s);
    post("php: relative socket",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "unix:php.sock"}})", 422,
        u"php.address"_s);
    post("php: relative prefix",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "prefix": "blog"}})", 422,
        u"php.prefix"_s);
    post("php: timeout too short",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "timeout_ms": 99}})", 422,
        u"php.timeout_ms"_s);
    post("php: timeout too long",
        R"({"host": "b.test", "document_root": "%ROOT%", "php": {"address": "auto", "timeout_ms": 3600001}})",
        422, u"php.timeout_ms"_s);
    post("proxy: log_upstream_times is a number",
        R"({"host": "b.test", "document_root": "%ROOT%", "proxy": {"log_upstream_times": 1}})", 400,
        u"proxy.log_upstream_times"_s);
    QTest::newRow("PUT: php address without a port")
        << "PUT"_ba << u"/api/sites/a.test"_s << R"({"php": {"address": "localhost"}})"_ba << json << 422
        << u"php.address"_s;
    QTest::newRow("PUT: php timeout 0")
        << "PUT"_ba << u"/api/sites/a.test"_s << R"({"php": {"address": "auto", "timeout_ms": 0}})"_ba << json
        << 422 << u"php.timeout_ms"_s;
    // Log paths the engine could not open: refused when stored, not at the next reload.
    post("access log in a missing folder",
        R"({"host": "b.test", "document_root": "%ROOT%", "access_log_path": "%ROOT%/missing/access.log"})",
        422, u"access_log_path"_s);
    post("error log in a missing folder",
        R"({"host": "b.test", "document_root": "%ROOT%", "error_log_path": "%ROOT%/missing/error.log"})", 422,
        u"error_log_path"_s);
    post("access log is a folder",
        R"({"host": "b.test", "document_root": "%ROOT%", "access_log_path": "%ROOT%"})", 422,
        u"access_log_path"_s);
    post("access log path ends in a slash",
        R"({"host": "b.test", "document_root": "%ROOT%", "access_log_path": "%ROOT%/logs/"})", 422,
        u"access_log_path"_s);
    post("relative error log",
        R"({"host": "b.test", "document_root": "%ROOT%", "error_log_path": "logs/error.log"})", 422,
        u"error_log_path"_s);
    QTest::newRow("PUT: access log in a missing folder")
        << "PUT"_ba << u"/api/sites/a.test"_s << R"({"access_log_path": "%ROOT%/missing/access.log"})"_ba
        << json << 422 << u"access_log_path"_s;
    post("host taken", R"({"host": "A.test", "document_root": "%ROOT%"})", 409, u"host"_s);
    post("host taken as an alias", R"({"host": "www.a.test", "document_root": "%ROOT%"})", 409, u"host"_s);
    post("alias taken", R"({"host": "b.test", "aliases": ["localhost"], "document_root": "%ROOT%"})", 409,
        u"aliases"_s);
    post("body over 1 MiB",
        R"({"host": "b.test", "document_root": "%ROOT%", "routes": [{"path": "/big", "body": ")"
            + QByteArray(ControlApi::kMaxBodyBytes, 'x') + R"("}]})",
        413, {});
    QTest::newRow("not JSON") << "POST"_ba << u"/api/sites"_s
                              << R"({"host": "b.test", "document_root": "%ROOT%"})"_ba
                              << "text/plain"_ba << 415 << QString();

    const auto put = [&](const char *name, const QString &host, const QByteArray &body, int status,
                         const QString &field) {
        QTest::newRow(name) << "PUT"_ba << u"/api/sites/"_s + host << body << json << status << field;
    };
    put("PUT: unknown host", u"nothing.test"_s, R"({"document_root": "%ROOT%"})", 404, u"host"_s);
    put("PUT: malformed JSON", u"a.test"_s, R"({"document_root": )", 400, {});
    put("PUT: wrong type", u"a.test"_s, R"({"document_root": ["%ROOT%"]})", 400, u"document_root"_s);
    put("PUT: unknown member", u"a.test"_s, R"({"id": 7})", 400, u"id"_s);
    put("PUT: missing document root", u"a.test"_s, R"({"document_root": "%ROOT%/missing"})", 422,
        u"document_root"_s);
    put("PUT: document root /", u"a.test"_s, R"({"document_root": "/"})", 422, u"document_root"_s);
    put("PUT: document root the data folder", u"a.test"_s, R"({"document_root": "%DATA%"})", 422,
        u"document_root"_s);
    put("PUT: document root holds the data folder", u"a.test"_s, R"({"document_root": "%DIR%"})", 422,
        u"document_root"_s);
    put("PUT: rename onto another site", u"a.test"_s, R"({"host": "localhost"})", 409, u"host"_s);
    put("PUT: unmake the default site", u"localhost"_s, R"({"default": false})", 409, u"default"_s);

    QTest::newRow("DELETE: unknown host")
        << "DELETE"_ba << u"/api/sites/nothing.test"_s << QByteArray() << json << 404 << u"host"_s;
    QTest::newRow("DELETE: the default site")
        << "DELETE"_ba << u"/api/sites/localhost"_s << QByteArray() << json << 409 << u"default"_s;
}

void TestControlSites::badRequestsChangeNothing()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, contentType);
    QFETCH(int, status);
    QFETCH(QString, field);
    body.replace("%ROOT%", makeRoot(u"b"_s).toUtf8());
    body.replace("%DATA%", m_folder->path().toUtf8());
    body.replace("%DIR%", m_dir->path().toUtf8());
    const QString link = m_dir->filePath(u"link-to-root"_s);
    QVERIFY(QFileInfo(link).isSymLink() || QFile::link(u"/"_s, link));
    body.replace("%LINK%", link.toUtf8());
    const QList<VirtualHost> before = m_folder->database().virtualHosts();

    const Reply reply = send(method, path, body, contentType);
    QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
    QVERIFY2(reply.status == status, reply.body.left(500).constData());
    QVERIFY2(reply.contentType.startsWith("application/problem+json"), reply.contentType.constData());
    const QJsonObject problem = reply.json.object();
    QCOMPARE(problem[u"status"_s].toInt(), status);
    QVERIFY(!problem[u"title"_s].toString().isEmpty());
    QVERIFY(!problem[u"detail"_s].toString().isEmpty());
    QCOMPARE(problem[u"field"_s].toString(), field);

    QCOMPARE(m_folder->database().virtualHosts(), before);
    QCOMPARE(m_reloads, 0);
    // Without the token, the same request is refused before anything is read.
    QCOMPARE(send(method, path, body, contentType, false).status, 401);
}

void TestControlSites::withoutStoredSitesIsAConflict()
{
    // serve --site: the sites are the command line's, not stored.
    ControlApi api([] { return MetricsSnapshot(); }, QString(), ControlApi::Access { kToken });
    QString error;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy);
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/api/sites"_s.arg(api.port())));
    request.setRawHeader("Authorization", "Bearer " + kToken);
    std::unique_ptr<QNetworkReply> reply(manager.get(request));
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
    loop.exec();
    QVERIFY(reply->isFinished());
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 409);
    QVERIFY(reply->readAll().contains("--site"));
}

void TestControlSites::twoClientsChangingOneSite_data()
{
    QTest::addColumn<QByteArray>("secondMethod");
    QTest::newRow("the second changes it") << "PUT"_ba;
    QTest::newRow("the second removes it") << "DELETE"_ba;
}

void TestControlSites::twoClientsChangingOneSite()
{
    // Both read a.test; the first changes it; the second, still holding the
    // old ETag, is refused with 412 and the first one's change stays.
    QFETCH(QByteArray, secondMethod);
    const Reply first = send("GET", u"/api/sites/a.test"_s);
    const Reply second = send("GET", u"/api/sites/a.test"_s);
    QVERIFY(!first.etag.isEmpty());
    QCOMPARE(second.etag, first.etag);

    const QString rootOfFirst = makeRoot(u"first"_s);
    const QByteArray change = QJsonDocument(QJsonObject { { u"document_root"_s, rootOfFirst } }).toJson();
    const Reply changed = send("PUT", u"/api/sites/a.test"_s, change, "application/json", true, first.etag);
    QCOMPARE(changed.status, 200);
    QVERIFY(!changed.etag.isEmpty());
    QVERIFY(changed.etag != first.etag);
    const QList<VirtualHost> after = m_folder->database().virtualHosts();

    const QByteArray other
        = QJsonDocument(QJsonObject { { u"document_root"_s, makeRoot(u"second"_s) } }).toJson();
    const Reply refused = send(secondMethod, u"/api/sites/a.test"_s,
        secondMethod == "PUT" ? other : QByteArray(), "application/json", true, second.etag);
    QCOMPARE(refused.status, 412);
    QVERIFY(refused.contentType.startsWith("application/problem+json"));
    QCOMPARE(m_folder->database().virtualHosts(), after);
    QCOMPARE(m_folder->database().virtualHosts().constLast().documentRoot, rootOfFirst);
    QCOMPARE(m_reloads, 1);

    // With the current tag (or none, or "*"), the change goes through.
    const Reply fresh = send("GET", u"/api/sites/a.test"_s);
    QCOMPARE(fresh.etag, changed.etag);
    const Reply done = send(secondMethod, u"/api/sites/a.test"_s,
        secondMethod == "PUT" ? other : QByteArray(), "application/json", true, fresh.etag);
    QCOMPARE(done.status, secondMethod == "PUT" ? 200 : 204);
    QCOMPARE(m_reloads, 2);
}

void TestControlSites::reloadRoute()
{
    QCOMPARE(send("POST", u"/api/engine/reload"_s).status, 409); // no reload wired yet
    int reloads = 0;
    bool succeed = true;
    m_api->setReload([&](QString *error) {
        ++reloads;
        if (!succeed)
            *error = u"the access log cannot be opened"_s;
        return succeed;
    });
    QCOMPARE(send("POST", u"/api/engine/reload"_s).status, 200);
    QCOMPARE(reloads, 1);
    succeed = false;
    const Reply refused = send("POST", u"/api/engine/reload"_s);
    QCOMPARE(refused.status, 409);
    QVERIFY(refused.json[u"detail"_s].toString().contains(u"access log"_s));
    QCOMPARE(send("POST", u"/api/engine/reload"_s, {}, {}, false).status, 401);
    QCOMPARE(reloads, 2);
}

void TestControlSites::storedButNotReloaded()
{
    // The engine refuses the stored sites (serve: a log cannot be opened):
    // the change stays stored, and the answer says it was not taken.
    QString error;
    ControlApi api([] { return MetricsSnapshot(); }, QString(), ControlApi::Access { kToken });
    hostbench::storage::Database &db = m_folder->database();
    const auto failing = [](SiteChange change) {
        if (change.result == SiteChange::Result::Done)
            change.reloadError = u"cannot open the access log /gone/access.log"_s;
        return change;
    };
    api.setSites({ [&db] { return db.virtualHosts(); },
        [&db](const QString &host) { return SiteEdits::find(db, host); },
        [&db, failing](const VirtualHost &site) { return failing(SiteEdits::create(db, site)); },
        [&db, failing](const QString &host, const VirtualHost &site) {
            return failing(SiteEdits::replace(db, host, site));
        },
        [&db, failing](const QString &host) { return failing(SiteEdits::remove(db, host)); } });
    m_api = nullptr;
    QVERIFY2(api.listen(QHostAddress::LocalHost, 0, &error), qPrintable(error));
    const quint16 port = api.port();
    const auto sendTo = [port](const QByteArray &method, const QString &path, const QByteArray &body) {
        QNetworkAccessManager manager;
        manager.setProxy(QNetworkProxy::NoProxy);
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(path)));
        request.setRawHeader("Authorization", "Bearer " + kToken);
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
        QBuffer buffer;
        buffer.setData(body);
        buffer.open(QIODevice::ReadOnly);
        std::unique_ptr<QNetworkReply> reply(manager.sendCustomRequest(request, method, &buffer));
        QEventLoop loop;
        QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(30'000, &loop, &QEventLoop::quit);
        loop.exec();
        return std::make_pair(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
            QJsonDocument::fromJson(reply->readAll()));
    };
    const QString root = makeRoot(u"b"_s);
    const auto [created, problem] = sendTo(
        "POST", u"/api/sites"_s, R"({"host": "b.test", "document_root": ")"_ba + root.toUtf8() + R"("})"_ba);
    QCOMPARE(created, 409);
    QCOMPARE(problem[u"stored"_s].toBool(), true);
    QCOMPARE(problem[u"reason"_s].toString(), u"cannot open the access log /gone/access.log"_s);
    QVERIFY2(problem[u"detail"_s].toString().contains(u"still serves the previous configuration"_s),
        qPrintable(problem[u"detail"_s].toString()));
    QCOMPARE(SiteEdits::find(db, u"b.test"_s).result, SiteChange::Result::Done); // stored all the same
    QCOMPARE(sendTo("PUT", u"/api/sites/b.test"_s, R"({"aliases": ["www.b.test"]})").first, 409);
    QCOMPARE(sendTo("DELETE", u"/api/sites/b.test"_s, {}).first, 409);
    QCOMPARE(SiteEdits::find(db, u"b.test"_s).result, SiteChange::Result::NotFound);
}

void TestControlSites::engineRoutesWithoutAnEngineAreAConflict()
{
    // The window does not hand its engine's start and stop to the API.
    for (const QString &path : { u"/api/engine/start"_s, u"/api/engine/stop"_s }) {
        const Reply reply = send("POST", path);
        QCOMPARE(reply.status, 409);
        QVERIFY(reply.json[u"detail"_s].toString().contains(u"Server page"_s));
        QCOMPARE(send("POST", path, {}, {}, false).status, 401);
    }
    for (const QByteArray &method : { "GET"_ba, "PUT"_ba }) {
        const Reply reply
            = send(method, u"/api/engine/settings"_s, method == "PUT" ? R"({"threads": 2})"_ba : "");
        QCOMPARE(reply.status, 409);
        QVERIFY(reply.json[u"detail"_s].toString().contains(u"Server page"_s));
        QCOMPARE(send(method, u"/api/engine/settings"_s, {}, {}, false).status, 401);
    }
}

void TestControlSites::runRoutesWithoutRunsAreAConflict()
{
    // The window runs benchmarks from its Benchmark page, not through the API.
    const QByteArray body = R"({"url": "http://127.0.0.1:9/", "requests": 1})";
    QCOMPARE(send("POST", u"/api/runs"_s, body).status, 409);
    QCOMPARE(send("GET", u"/api/runs"_s).status, 409);
    QCOMPARE(send("GET", u"/api/runs/1"_s).status, 409);
    QCOMPARE(send("DELETE", u"/api/runs/1"_s).status, 409);
    QCOMPARE(send("POST", u"/api/runs"_s, body, "application/json", false).status, 401);
}

QTEST_GUILESS_MAIN(TestControlSites)
#include "tst_controlsites.moc"
