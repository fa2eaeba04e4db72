// ProxyRoute, UpstreamAddress and ProxyCheck (issue #24): every form of
// upstream URL and proxied path, accepted and refused, with the field named
// by SiteValidator.
#include "model/ProxyRoute.h"
#include "model/SiteValidator.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::AppCommand;
using hostbench::model::ProxyCheck;
using hostbench::model::ProxyRoute;
using hostbench::model::ProxySettings;
using hostbench::model::SiteValidator;
using hostbench::model::UpstreamAddress;
using hostbench::model::VirtualHost;

Q_DECLARE_METATYPE(UpstreamAddress::Kind)
Q_DECLARE_METATYPE(hostbench::model::AppCommand)

class TestProxyRoute final : public QObject
{
    Q_OBJECT

private slots:
    void parseUpstream_data();
    void parseUpstream();
    void checkRoutes_data();
    void checkRoutes();
    void checkTimeout_data();
    void checkTimeout();
    void checkApp_data();
    void checkApp();
    void validatorNamesTheField_data();
    void validatorNamesTheField();
    void validatorNamesTheApp();
};

void TestProxyRoute::parseUpstream_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<UpstreamAddress::Kind>("kind");
    QTest::addColumn<QString>("display"); // accepted: the normal form; refused: part of the reason
    QTest::addColumn<QString>("authority");
    QTest::addColumn<QString>("basePath");
    using K = UpstreamAddress::Kind;

    QTest::newRow("ipv4 and port") << u"http://127.0.0.1:9000"_s << K::Tcp << u"http://127.0.0.1:9000"_s
                                   << u"127.0.0.1:9000"_s << QString();
    QTest::newRow("name, no port: 80")
        << u"http://App.Test"_s << K::Tcp << u"http://app.test:80"_s << u"app.test:80"_s << QString();
    QTest::newRow("trailing slash is no path")
        << u"http://localhost:3000/"_s << K::Tcp << u"http://localhost:3000"_s << u"localhost:3000"_s
        << QString();
    QTest::newRow("base path") << u"http://localhost:3000/v1"_s << K::Tcp << u"http://localhost:3000/v1"_s
                               << u"localhost:3000"_s << u"/v1"_s;
    QTest::newRow("base path with slash")
        << u"http://localhost:3000/v1/"_s << K::Tcp << u"http://localhost:3000/v1/"_s << u"localhost:3000"_s
        << u"/v1/"_s;
    QTest::newRow("ipv6 brackets") << u"http://[::1]:8081"_s << K::Tcp << u"http://[::1]:8081"_s
                                   << u"[::1]:8081"_s << QString();
    QTest::newRow("ipv6, no port") << u"http://[::1]"_s << K::Tcp << u"http://[::1]:80"_s << u"[::1]:80"_s
                                   << QString();
    QTest::newRow("upper-case scheme, blanks")
        << u"  HTTP://127.0.0.1:1 "_s << K::Tcp << u"http://127.0.0.1:1"_s << u"127.0.0.1:1"_s << QString();
    QTest::newRow("unix socket") << u"unix:/run/app.sock"_s << K::Unix << u"unix:/run/app.sock"_s
                                 << u"localhost"_s << QString();

    QTest::newRow("empty") << QString() << K::Invalid << u"empty"_s << QString() << QString();
    QTest::newRow("no scheme") << u"127.0.0.1:9000"_s << K::Invalid << u"http://"_s << QString() << QString();
    QTest::newRow("ftp") << u"ftp://h:21"_s << K::Invalid << u"http://"_s << QString() << QString();
    QTest::newRow("https") << u"https://h:443"_s << K::Invalid << u"https"_s << QString() << QString();
    QTest::newRow("no host") << u"http://:9000"_s << K::Invalid << u"needs a host"_s << QString()
                             << QString();
    QTest::newRow("bad host") << u"http://a_b:9000"_s << K::Invalid << u"host"_s << QString() << QString();
    QTest::newRow("port 0") << u"http://h.test:0"_s << K::Invalid << u"port"_s << QString() << QString();
    QTest::newRow("port too big") << u"http://h.test:65536"_s << K::Invalid << u"port"_s << QString()
                                  << QString();
    QTest::newRow("port not a number")
        << u"http://h.test:x1"_s << K::Invalid << u"port"_s << QString() << QString();
    QTest::newRow("empty port") << u"http://h.test:"_s << K::Invalid << u"port"_s << QString() << QString();
    QTest::newRow("user info") << u"http://u:p@h.test:1"_s << K::Invalid << u"user name"_s << QString()
                               << QString();
    QTest::newRow("query") << u"http://h.test:1/a?b"_s << K::Invalid << u"“?”"_s << QString() << QString();
    QTest::newRow("fragment") << u"http://h.test:1#x"_s << K::Invalid << u"“#”"_s << QString() << QString();
    QTest::newRow("blank in path") << u"http://h.test:1/a b"_s << K::Invalid << u"blanks"_s << QString()
                                   << QString();
    QTest::newRow("ipv6 unclosed") << u"http://[::1:80"_s << K::Invalid << u"]"_s << QString() << QString();
    QTest::newRow("ipv6 not ipv6") << u"http://[abc]:80"_s << K::Invalid << u"IPv6"_s << QString()
                                   << QString();
    QTest::newRow("ipv6 junk after") << u"http://[::1]x"_s << K::Invalid << u"followed"_s << QString()
                                     << QString();
    QTest::newRow("unix relative") << u"unix:run/app.sock"_s << K::Invalid << u"absolute"_s << QString()
                                   << QString();
    QTest::newRow("unix folder") << u"unix:/run/"_s << K::Invalid << u"folder"_s << QString() << QString();
    QTest::newRow("unix too long") << u"unix:/"_s + QString(107, u'a') << K::Invalid << u"107 bytes"_s
                                   << QString() << QString();
}

void TestProxyRoute::parseUpstream()
{
    QFETCH(QString, text);
    QFETCH(UpstreamAddress::Kind, kind);
    QFETCH(QString, display);
    QFETCH(QString, authority);
    QFETCH(QString, basePath);
    QString error;
    const UpstreamAddress address = UpstreamAddress::parse(text, &error);
    QCOMPARE(address.kind, kind);
    if (kind == UpstreamAddress::Kind::Invalid) {
        QVERIFY2(error.contains(display), qPrintable(error));
        return;
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(address.display(), display);
    QCOMPARE(address.authority(), authority);
    QCOMPARE(address.basePath, basePath);
}

void TestProxyRoute::checkRoutes_data()
{
    QTest::addColumn<QList<ProxyRoute>>("routes");
    QTest::addColumn<int>("row"); // -1: accepted
    QTest::addColumn<QString>("reason");
    const QString up = u"http://127.0.0.1:9000"_s;

    QTest::newRow("whole site") << QList<ProxyRoute> { { u"/"_s, up } } << -1 << QString();
    QTest::newRow("two prefixes") << QList<ProxyRoute> { { u"/api"_s, up }, { u"/ws/"_s, u"unix:/s"_s } }
                                  << -1 << QString();
    QTest::newRow("none") << QList<ProxyRoute> {} << -1 << QString();
    QTest::newRow("relative prefix") << QList<ProxyRoute> { { u"api"_s, up } } << 0 << u"Proxy 1: "_s;
    QTest::newRow("empty prefix") << QList<ProxyRoute> { { QString(), up } } << 0 << u"start with"_s;
    QTest::newRow("query in prefix") << QList<ProxyRoute> { { u"/a?x"_s, up } } << 0 << u"“?”"_s;
    QTest::newRow("blank in prefix") << QList<ProxyRoute> { { u"/a b"_s, up } } << 0 << u"blanks"_s;
    QTest::newRow("dot-dot segment") << QList<ProxyRoute> { { u"/a/../b"_s, up } } << 0 << u"“..”"_s;
    QTest::newRow("dot-dot alone") << QList<ProxyRoute> { { u"/.."_s, up } } << 0 << u"“..”"_s;
    QTest::newRow("dot segment") << QList<ProxyRoute> { { u"/./api"_s, up } } << 0 << u"“.”"_s;
    QTest::newRow("dots in a name are fine")
        << QList<ProxyRoute> { { u"/v1..2/.well"_s, up } } << -1 << QString();
    QTest::newRow("bad upstream, second")
        << QList<ProxyRoute> { { u"/a"_s, up }, { u"/b"_s, u"ftp://x"_s } } << 1 << u"Proxy 2: "_s;
    QTest::newRow("twice") << QList<ProxyRoute> { { u"/a"_s, up }, { u"/a"_s, up } } << 1 << u"twice"_s;
    QTest::newRow("twice, trailing slash")
        << QList<ProxyRoute> { { u"/a"_s, up }, { u"/a/"_s, up } } << 1 << u"twice"_s;
}

void TestProxyRoute::checkRoutes()
{
    QFETCH(QList<ProxyRoute>, routes);
    QFETCH(int, row);
    QFETCH(QString, reason);
    int badRow = -2;
    const QString error = ProxyCheck::checkRoutes(routes, &badRow);
    QCOMPARE(badRow, row);
    if (row < 0)
        QVERIFY2(error.isEmpty(), qPrintable(error));
    else
        QVERIFY2(error.contains(reason), qPrintable(error));
}

void TestProxyRoute::checkApp_data()
{
    QTest::addColumn<AppCommand>("app");
    QTest::addColumn<QString>("error"); // a part of the message, empty: valid
    const QString cmd = u"python3 -m http.server 9000"_s;
    const int grace = AppCommand().stopGraceMs;
    QTest::newRow("none") << AppCommand {} << QString();
    QTest::newRow("command only") << AppCommand { cmd, {}, {}, grace } << QString();
    QTest::newRow("quoted argument") << AppCommand { u"node \"my app.js\""_s, {}, {}, grace } << QString();
    QTest::newRow("folder and environment")
        << AppCommand { cmd, u"/srv/app"_s, { u"PORT=9000"_s, u"EMPTY="_s, u"_X=a=b"_s }, grace }
        << QString();
    QTest::newRow("blank command") << AppCommand { u"   "_s, {}, {}, grace } << QString();
    QTest::newRow("folder without command")
        << AppCommand { {}, u"/srv/app"_s, {}, grace } << u"need a command"_s;
    QTest::newRow("environment without command")
        << AppCommand { {}, {}, { u"A=1"_s }, grace } << u"need a command"_s;
    QTest::newRow("only quotes") << AppCommand { u"\"\""_s, {}, {}, grace } << u"no program"_s;
    QTest::newRow("relative folder") << AppCommand { cmd, u"srv/app"_s, {}, grace } << u"absolute"_s;
    QTest::newRow("entry without =") << AppCommand { cmd, {}, { u"PORT"_s }, grace } << u"“PORT”"_s;
    QTest::newRow("entry with bad name") << AppCommand { cmd, {}, { u"1X=2"_s }, grace } << u"NAME=value"_s;
    QTest::newRow("entry with newline")
        << AppCommand { cmd, {}, { u"A=1\nB=2"_s }, grace } << u"NAME=value"_s;
    QTest::newRow("grace minimum") << AppCommand { cmd, {}, {}, AppCommand::kMinGraceMs } << QString();
    QTest::newRow("grace maximum") << AppCommand { cmd, {}, {}, AppCommand::kMaxGraceMs } << QString();
    QTest::newRow("grace too short") << AppCommand { cmd, {}, {}, AppCommand::kMinGraceMs - 1 } << u"grace"_s;
    QTest::newRow("grace too long") << AppCommand { cmd, {}, {}, AppCommand::kMaxGraceMs + 1 } << u"grace"_s;
}

void TestProxyRoute::checkApp()
{
    QFETCH(AppCommand, app);
    QFETCH(QString, error);
    const QString reason = ProxyCheck::checkApp(app);
    if (error.isEmpty())
        QVERIFY2(reason.isEmpty(), qPrintable(reason));
    else
        QVERIFY2(reason.contains(error), qPrintable(reason));
}

void TestProxyRoute::checkTimeout_data()
{
    QTest::addColumn<int>("ms");
    QTest::addColumn<bool>("valid");
    QTest::newRow("default") << ProxySettings().upstreamTimeoutMs << true;
    QTest::newRow("minimum") << ProxySettings::kMinTimeoutMs << true;
    QTest::newRow("maximum") << ProxySettings::kMaxTimeoutMs << true;
    QTest::newRow("below") << ProxySettings::kMinTimeoutMs - 1 << false;
    QTest::newRow("zero") << 0 << false;
    QTest::newRow("negative") << -5 << false;
    QTest::newRow("above") << ProxySettings::kMaxTimeoutMs + 1 << false;
}

void TestProxyRoute::checkTimeout()
{
    QFETCH(int, ms);
    QFETCH(bool, valid);
    QCOMPARE(ProxyCheck::checkTimeout(ms).isEmpty(), valid);
}

void TestProxyRoute::validatorNamesTheField_data()
{
    QTest::addColumn<QList<ProxyRoute>>("routes");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<bool>("proxiesBad");
    QTest::addColumn<bool>("timeoutBad");
    QTest::addColumn<int>("proxyRow");
    const QList<ProxyRoute> good { { u"/"_s, u"http://127.0.0.1:9000"_s } };
    QTest::newRow("fine") << good << 5000 << false << false << -1;
    QTest::newRow("bad route") << QList<ProxyRoute> { { u"/"_s, u"http://x:0"_s } } << 5000 << true << false
                               << 0;
    QTest::newRow("bad timeout") << good << 0 << false << true << -1;
}

// The app's command is checked with the site: SiteValidator names it.
void TestProxyRoute::validatorNamesTheApp()
{
    QTemporaryDir root;
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.documentRoot = root.path();
    host.proxy.app.command = u"python3 -m http.server 9000"_s;
    QVERIFY(SiteValidator::validate(host, {}, {}).isEmpty());
    host.proxy.app.workingDir = u"relative"_s;
    const SiteValidator::Errors errors = SiteValidator::validate(host, {}, {});
    QVERIFY2(errors.app.contains(u"absolute"_s), qPrintable(errors.app));
    QVERIFY(!errors.isEmpty());
}

void TestProxyRoute::validatorNamesTheField()
{
    QFETCH(QList<ProxyRoute>, routes);
    QFETCH(int, timeoutMs);
    QFETCH(bool, proxiesBad);
    QFETCH(bool, timeoutBad);
    QFETCH(int, proxyRow);
    QTemporaryDir root;
    VirtualHost host;
    host.hostName = u"app.test"_s;
    host.documentRoot = root.path();
    host.proxy.routes = routes;
    host.proxy.upstreamTimeoutMs = timeoutMs;
    const SiteValidator::Errors errors = SiteValidator::validate(host, {}, {});
    QCOMPARE(!errors.proxies.isEmpty(), proxiesBad);
    QCOMPARE(!errors.upstreamTimeout.isEmpty(), timeoutBad);
    QCOMPARE(errors.proxyRow, proxyRow);
    QCOMPARE(errors.isEmpty(), !proxiesBad && !timeoutBad);
}

QTEST_GUILESS_MAIN(TestProxyRoute)
#include "tst_proxyroute.moc"
