#include "cli/AppFlags.h"
#include "cli/CliParse.h"
#include "cli/PhpFlags.h"

#include <QCommandLineParser>
#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::cli::AppFlags;
using hostbench::cli::CliParse;
using hostbench::cli::PhpFlags;
using hostbench::model::AppCommand;
using hostbench::model::PhpSettings;

class TestCliParse final : public QObject
{
    Q_OBJECT

private slots:
    void endpoint_data();
    void endpoint();
    void site_data();
    void site();
    void route_data();
    void route();
    void proxy_data();
    void proxy();
    void proxies_data();
    void proxies();
    void serveProxyGoesToEverySite();
    void appFlags_data();
    void appFlags();
    void appFlagsAsJson();
    void serveAppGoesToEverySite();
    void phpFlags_data();
    void phpFlags();
    void phpFlagsAsJson();
    void servePhpGoesToEverySite();
    void header_data();
    void header();
    void integer_data();
    void integer();
    void threads_data();
    void threads();
    void seconds_data();
    void seconds();

private:
    QTemporaryDir m_dir;
};

void TestCliParse::endpoint_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("address");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("shown");
    QTest::newRow("ipv4") << u"127.0.0.1:8080"_s << true << u"127.0.0.1"_s << 8080 << u"127.0.0.1:8080"_s;
    QTest::newRow("port 0") << u"127.0.0.1:0"_s << true << u"127.0.0.1"_s << 0 << u"127.0.0.1:0"_s;
    QTest::newRow("ipv6") << u"[::1]:9000"_s << true << u"::1"_s << 9000 << u"[::1]:9000"_s;
    QTest::newRow("localhost") << u"localhost:80"_s << true << u"127.0.0.1"_s << 80 << u"127.0.0.1:80"_s;
    QTest::newRow("any") << u"0.0.0.0:65535"_s << true << u"0.0.0.0"_s << 65535 << u"0.0.0.0:65535"_s;
    QTest::newRow("no port") << u"127.0.0.1"_s << false << QString() << 0 << QString();
    QTest::newRow("empty port") << u"127.0.0.1:"_s << false << QString() << 0 << QString();
    QTest::newRow("port too big") << u"127.0.0.1:65536"_s << false << QString() << 0 << QString();
    QTest::newRow("negative port") << u"127.0.0.1:-1"_s << false << QString() << 0 << QString();
    QTest::newRow("port text") << u"127.0.0.1:http"_s << false << QString() << 0 << QString();
    QTest::newRow("host name") << u"example.test:80"_s << false << QString() << 0 << QString();
    QTest::newRow("bare ipv6") << u"::1:80"_s << false << QString() << 0 << QString();
    QTest::newRow("only port") << u":8080"_s << false << QString() << 0 << QString();
}

void TestCliParse::endpoint()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QString, address);
    QFETCH(int, port);
    QFETCH(QString, shown);
    QString error;
    const auto endpoint = CliParse::endpoint(text, &error);
    QCOMPARE(endpoint.has_value(), valid);
    if (!valid) {
        QVERIFY2(error.contains(u'"' + text + u'"'), qPrintable(error));
        QVERIFY(error.contains(u"ADDR:PORT"_s));
        return;
    }
    QCOMPARE(endpoint->address, QHostAddress(address));
    QCOMPARE(endpoint->port, quint16(port));
    QCOMPARE(endpoint->toString(), shown);
}

void TestCliParse::site_data()
{
    QTest::addColumn<QString>("spec"); // DIR stands for an existing folder
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("hostName");
    QTest::addColumn<QStringList>("aliases");
    QTest::newRow("host") << u"example.test=DIR"_s << true << u"example.test"_s << QStringList();
    QTest::newRow("aliases") << u"a.test,www.a.test,A.TEST,alt.test=DIR"_s << true << u"a.test"_s
                             << QStringList { u"www.a.test"_s, u"alt.test"_s };
    QTest::newRow("upper case") << u"Example.TEST=DIR"_s << true << u"example.test"_s << QStringList();
    QTest::newRow("no dir") << u"example.test="_s << false << QString() << QStringList();
    QTest::newRow("no equals") << u"example.test"_s << false << QString() << QStringList();
    QTest::newRow("no host") << u"=DIR"_s << false << QString() << QStringList();
    QTest::newRow("only commas") << u",,=DIR"_s << false << QString() << QStringList();
    QTest::newRow("missing dir") << u"example.test=DIR/missing"_s << false << QString() << QStringList();
    QTest::newRow("space in name") << u"a b=DIR"_s << false << QString() << QStringList();
    // The window's rule (model::SiteValidator), which the CLI once let through.
    QTest::newRow("underscore") << u"my_site.test=DIR"_s << false << QString() << QStringList();
    QTest::newRow("leading hyphen") << u"-site.test=DIR"_s << false << QString() << QStringList();
    QTest::newRow("empty label") << u"site..test=DIR"_s << false << QString() << QStringList();
    QTest::newRow("with port") << u"example.test:8080=DIR"_s << false << QString() << QStringList();
    QTest::newRow("bad alias") << u"a.test,*.a.test=DIR"_s << false << QString() << QStringList();
    QTest::newRow("ipv6 brackets") << u"[::1]=DIR"_s << true << u"::1"_s << QStringList();
}

void TestCliParse::site()
{
    QFETCH(QString, spec);
    QFETCH(bool, valid);
    QFETCH(QString, hostName);
    QFETCH(QStringList, aliases);
    QVERIFY(m_dir.isValid());
    spec.replace(u"DIR"_s, m_dir.path());
    QString error;
    const auto host = CliParse::site(spec, &error);
    QCOMPARE(host.has_value(), valid);
    if (!valid) {
        QVERIFY(!error.isEmpty());
        return;
    }
    QCOMPARE(host->hostName, hostName);
    QCOMPARE(host->aliases, aliases);
    QCOMPARE(host->documentRoot, QDir::cleanPath(m_dir.path()));
    QVERIFY(!host->isDefault);
}

void TestCliParse::route_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("hello") << u"/hello=hello"_s << true << u"/hello"_s << QByteArray("hello");
    QTest::newRow("equals in text") << u"/eq=a=b"_s << true << u"/eq"_s << QByteArray("a=b");
    QTest::newRow("empty text") << u"/empty="_s << true << u"/empty"_s << QByteArray();
    QTest::newRow("utf-8") << u"/u=é"_s << true << u"/u"_s << QByteArray("\xc3\xa9");
    QTest::newRow("relative") << u"hello=hello"_s << false << QString() << QByteArray();
    QTest::newRow("no equals") << u"/hello"_s << false << QString() << QByteArray();
    QTest::newRow("query") << u"/a?b=c"_s << false << QString() << QByteArray();
}

void TestCliParse::route()
{
    QFETCH(QString, spec);
    QFETCH(bool, valid);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QString error;
    const auto route = CliParse::route(spec, &error);
    QCOMPARE(route.has_value(), valid);
    if (!valid) {
        QVERIFY(error.contains(u"PATH=TEXT"_s));
        return;
    }
    QCOMPARE(route->path, path);
    QCOMPARE(route->body, body);
    QCOMPARE(route->status, 200);
    QCOMPARE(route->contentType, u"text/plain"_s);
}

void TestCliParse::proxy_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("prefix"); // empty: refused
    QTest::addColumn<QString>("upstream");
    QTest::addColumn<QString>("reason"); // part of the error
    QTest::newRow("whole site") << u"/=http://127.0.0.1:9000"_s << u"/"_s << u"http://127.0.0.1:9000"_s
                                << QString();
    QTest::newRow("prefix, base path")
        << u"/api=http://localhost:3000/v1"_s << u"/api"_s << u"http://localhost:3000/v1"_s << QString();
    QTest::newRow("unix socket") << u"/app=unix:/run/app.sock"_s << u"/app"_s << u"unix:/run/app.sock"_s
                                 << QString();
    QTest::newRow("blanks trimmed") << u" /x = http://[::1]:81 "_s << u"/x"_s << u"http://[::1]:81"_s
                                    << QString();
    QTest::newRow("no equals") << u"/api"_s << QString() << QString() << u"no \"=\""_s;
    QTest::newRow("relative prefix") << u"api=http://h.test:1"_s << QString() << QString() << u"“/”"_s;
    QTest::newRow("no upstream") << u"/api="_s << QString() << QString() << u"empty"_s;
    QTest::newRow("bad port") << u"/=http://h.test:99999"_s << QString() << QString() << u"port"_s;
    QTest::newRow("https") << u"/=https://h.test"_s << QString() << QString() << u"https"_s;
    QTest::newRow("unix relative") << u"/=unix:app.sock"_s << QString() << QString() << u"absolute"_s;
}

void TestCliParse::proxy()
{
    QFETCH(QString, spec);
    QFETCH(QString, prefix);
    QFETCH(QString, upstream);
    QFETCH(QString, reason);
    QString error;
    const auto proxy = CliParse::proxy(spec, &error);
    QCOMPARE(proxy.has_value(), !prefix.isEmpty());
    if (!proxy) {
        QVERIFY2(error.contains(u"PATH=URL"_s) && error.contains(reason), qPrintable(error));
        return;
    }
    QCOMPARE(proxy->pathPrefix, prefix);
    QCOMPARE(proxy->upstream, upstream);
}

void TestCliParse::proxies_data()
{
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<int>("count"); // -1: refused
    QTest::addColumn<QString>("reason"); // part of the error
    const QString a = u"/a=http://h.test:1"_s;
    QTest::newRow("two paths, in order") << QStringList { a, u"/b=unix:/s"_s } << 2 << QString();
    QTest::newRow("off alone: none") << QStringList { u"off"_s } << 0 << QString();
    QTest::newRow("off with blanks") << QStringList { u" off "_s } << 0 << QString();
    // Tester's report: the last one won, where the API refuses a path proxied twice.
    QTest::newRow("same path twice") << QStringList { a, u"/b=unix:/s"_s, u"/a=http://h.test:2"_s } << -1
                                     << u"--proxy: Proxy 3: The path “/a” is proxied twice."_s;
    QTest::newRow("same path with a slash")
        << QStringList { a, u"/a/=http://h.test:2"_s } << -1 << u"“/a/” is proxied twice"_s;
    // Tester's report: "off" beside a route read as a bad route.
    QTest::newRow("off, then a route") << QStringList { u"off"_s,
        a } << -1 << u"--proxy off (no proxied path) cannot be combined with PATH=URL routes"_s;
    QTest::newRow("a route, then off") << QStringList { a, u"off"_s } << -1 << u"cannot be combined"_s;
    QTest::newRow("a bad one") << QStringList { a, u"/b=x"_s } << -1 << u"--proxy: bad proxy \"/b=x\""_s;
}

void TestCliParse::proxies()
{
    QFETCH(QStringList, texts);
    QFETCH(int, count);
    QFETCH(QString, reason);
    QString error;
    const auto list = CliParse::proxies(texts, u"--proxy"_s, &error);
    QCOMPARE(list.has_value(), count >= 0);
    if (!list) {
        QVERIFY2(error.contains(reason), qPrintable(error));
        QVERIFY(!error.contains(u'\n'));
        return;
    }
    QCOMPARE(list->size(), count);
    if (count == 2)
        QCOMPARE(list->at(1).upstream, u"unix:/s"_s);
}

void TestCliParse::serveProxyGoesToEverySite()
{
    // serve's --proxy goes to every site, as --route does.
    QString error;
    const auto flags = CliParse::siteFlags(
        { u"a.test="_s + QDir::tempPath() }, std::nullopt, {}, &error, { u"/=http://127.0.0.1:9000"_s });
    QVERIFY2(flags, qPrintable(error));
    hostbench::model::VirtualHost host = flags->sites.constFirst();
    flags->addRoutesTo(host);
    QCOMPARE(host.proxy.routes.size(), 1);
    QCOMPARE(host.proxy.routes.constFirst().upstream, u"http://127.0.0.1:9000"_s);
    QVERIFY(!host.proxy.app.isSet()); // no --app: none
    QVERIFY(
        !CliParse::siteFlags({}, std::nullopt, {}, &error, { u"/x=http://a.test"_s, u"/x=http://b.test"_s }));
    QVERIFY2(error.contains(u"proxied twice"_s), qPrintable(error));
}

void TestCliParse::appFlags_data()
{
    // --app, --app-dir, --app-env, --app-grace as given (every occurrence),
    // for serve/sites add ("add") or sites edit ("edit").
    QTest::addColumn<QStringList>("commands");
    QTest::addColumn<QStringList>("dirs"); // %TMP% is an existing folder
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<QStringList>("graces");
    QTest::addColumn<bool>("edit");
    QTest::addColumn<QString>("reason"); // empty: accepted; else part of the error
    QTest::addColumn<QString>("command"); // the AppCommand made (applyTo a default one)
    QTest::addColumn<QStringList>("env");
    QTest::addColumn<int>("graceMs");
    const QString cmd = u"python3 -m http.server 9000"_s;
    const QStringList none;
    const auto ok = [&](const char *name, const QStringList &commands, const QStringList &dirs,
                        const QStringList &environment, const QStringList &graces, bool edit,
                        const QString &command, const QStringList &env, int graceMs) {
        QTest::newRow(name) << commands << dirs << environment << graces << edit << QString() << command
                            << env << graceMs;
    };
    const auto bad
        = [&](const char *name, const QStringList &commands, const QStringList &dirs,
              const QStringList &environment, const QStringList &graces, bool edit, const QString &reason) {
              QTest::newRow(name) << commands << dirs << environment << graces << edit << reason << QString()
                                  << none << 0;
          };
    ok("nothing", none, none, none, none, false, QString(), none, 5000);
    ok("command", { cmd }, none, none, none, false, cmd, none, 5000);
    ok("command trimmed", { u"  npm run dev "_s }, none, none, none, false, u"npm run dev"_s, none, 5000);
    ok("quoted arguments", { u"sh -c \"exec node app.js\""_s }, none, none, none, false,
        u"sh -c \"exec node app.js\""_s, none, 5000);
    ok("every flag", { cmd }, { u"%TMP%"_s }, { u"PORT=9000"_s, u"MODE=a b=c"_s, u"EMPTY="_s }, { u"250"_s },
        false, cmd, { u"PORT=9000"_s, u"MODE=a b=c"_s, u"EMPTY="_s }, 250);
    ok("grace at its least", { cmd }, none, none, { u"100"_s }, false, cmd, none, 100);
    ok("grace at its most", { cmd }, none, none, { u"60000"_s }, false, cmd, none, 60000);
    ok("env off: none", { cmd }, none, { u"off"_s }, none, false, cmd, none, 5000);
    ok("edit: the grace alone", none, none, none, { u"300"_s }, true, QString(), none, 300);
    ok("edit: the environment alone", none, none, { u"A=1"_s }, none, true, QString(), { u"A=1"_s }, 5000);
    ok("edit: off", { u"off"_s }, none, none, none, true, QString(), none, 5000);
    bad("empty command", { u""_s }, none, none, none, false, u"--app needs a command"_s);
    bad("blank command", { u"   "_s }, none, none, none, false, u"--app needs a command"_s);
    bad("quotes only", { u"\"\""_s }, none, none, none, false,
        u"--app \"\"\"\": The app's command names no program"_s);
    bad("command twice", { cmd, u"npm start"_s }, none, none, none, false, u"--app is given 2 times"_s);
    bad("off on add", { u"off"_s }, none, none, none, false,
        u"--app off removes a stored site's app: it belongs to sites edit"_s);
    bad("off with a folder", { u"off"_s }, { u"%TMP%"_s }, none, none, true,
        u"--app off removes the app: it cannot be combined with --app-dir"_s);
    bad("off with a grace", { u"off"_s }, none, none, { u"200"_s }, true, u"cannot be combined"_s);
    bad("folder without command", none, { u"%TMP%"_s }, none, none, false, u"need --app \"CMD\""_s);
    bad("env without command", none, none, { u"A=1"_s }, none, false, u"need --app \"CMD\""_s);
    bad("grace without command", none, none, none, { u"200"_s }, false, u"need --app \"CMD\""_s);
    bad("missing folder", { cmd }, { u"/nonexistent/hostbench"_s }, none, none, false,
        u"--app-dir: the folder \"/nonexistent/hostbench\" does not exist"_s);
    bad("folder twice", { cmd }, { u"%TMP%"_s, u"/tmp"_s }, none, none, false,
        u"--app-dir is given 2 times"_s);
    bad("env without =", { cmd }, none, { u"PORT"_s }, none, false,
        u"--app-env: \"PORT\" is not NAME=value"_s);
    bad("env name with a blank", { cmd }, none, { u"MY PORT=1"_s }, none, false,
        u"--app-env: \"MY PORT=1\""_s);
    bad("env name starting with a digit", { cmd }, none, { u"1A=x"_s }, none, false, u"is not NAME=value"_s);
    bad("env off with entries", { cmd }, none, { u"off"_s, u"A=1"_s }, none, false,
        u"--app-env off (no environment) cannot be combined"_s);
    bad("grace too short", { cmd }, none, none, { u"99"_s }, false,
        u"--app-grace must be a whole number from 100 to 60000"_s);
    bad("grace too long", { cmd }, none, none, { u"60001"_s }, false, u"--app-grace"_s);
    bad("grace with a unit", { cmd }, none, none, { u"5s"_s }, false, u"not \"5s\""_s);
    bad("grace negative", { cmd }, none, none, { u"-1"_s }, false, u"--app-grace"_s);
    bad("grace twice", { cmd }, none, none, { u"200"_s, u"300"_s }, false, u"--app-grace is given 2 times"_s);
}

void TestCliParse::appFlags()
{
    QFETCH(QStringList, commands);
    QFETCH(QStringList, dirs);
    QFETCH(QStringList, environment);
    QFETCH(QStringList, graces);
    QFETCH(bool, edit);
    QFETCH(QString, reason);
    QFETCH(QString, command);
    QFETCH(QStringList, env);
    QFETCH(int, graceMs);
    dirs.replaceInStrings(u"%TMP%"_s, m_dir.path());
    QString error;
    const auto flags = AppFlags::parse(
        commands, dirs, environment, graces, edit ? AppFlags::Use::Edit : AppFlags::Use::Add, &error);
    QVERIFY2(flags.has_value() == reason.isEmpty(), qPrintable(error));
    if (!flags) {
        QVERIFY2(error.contains(reason), qPrintable(error));
        QVERIFY(!error.contains(u'\n'));
        return;
    }
    const AppCommand app = flags->applyTo({});
    QCOMPARE(app.command, command);
    QCOMPARE(app.workingDir, dirs.isEmpty() ? QString() : QDir::cleanPath(m_dir.path()));
    QCOMPARE(app.environment, env);
    QCOMPARE(app.stopGraceMs, graceMs);
    QCOMPARE(flags->given(), !(commands + dirs + environment + graces).isEmpty());
}

void TestCliParse::appFlagsAsJson()
{
    // sites edit sends only what is given; off is null (the API removes the app).
    QString error;
    auto flags = AppFlags::parse({}, {}, {}, { u"300"_s }, AppFlags::Use::Edit, &error);
    QVERIFY2(flags, qPrintable(error));
    QCOMPARE(flags->json().toObject(), (QJsonObject { { u"stop_grace_ms"_s, 300 } }));
    AppCommand stored { u"npm run dev"_s, u"/srv/a"_s, { u"A=1"_s }, 5000 };
    QCOMPARE(flags->applyTo(stored), (AppCommand { u"npm run dev"_s, u"/srv/a"_s, { u"A=1"_s }, 300 }));
    flags = AppFlags::parse({ u"npm start"_s }, {}, { u"B=2"_s }, {}, AppFlags::Use::Edit, &error);
    QCOMPARE(flags->json().toObject(),
        (QJsonObject { { u"command"_s, u"npm start"_s }, { u"env"_s, QJsonArray { u"B=2"_s } } }));
    flags = AppFlags::parse({ u"off"_s }, {}, {}, {}, AppFlags::Use::Edit, &error);
    QVERIFY(flags->json().isNull());
    QCOMPARE(flags->applyTo(stored), AppCommand());
}

void TestCliParse::serveAppGoesToEverySite()
{
    // serve --app applies to each site, as --proxy does.
    const hostbench::cli::SiteOptions options(u"Serves"_s, true);
    QCommandLineParser parser;
    parser.addOptions(options.options());
    QVERIFY(parser.parse(
        { u"serve"_s, u"--site"_s, u"a.test="_s + m_dir.path(), u"--site"_s, u"b.test="_s + m_dir.path(),
            u"--app"_s, u"npm run dev"_s, u"--app-env"_s, u"PORT=3000"_s, u"--app-grace"_s, u"1000"_s }));
    QString error;
    const auto flags = options.parse(parser, &error);
    QVERIFY2(flags, qPrintable(error));
    QCOMPARE(flags->sites.size(), 2);
    for (hostbench::model::VirtualHost host : flags->sites) {
        flags->addRoutesTo(host);
        QCOMPARE(host.proxy.app, (AppCommand { u"npm run dev"_s, {}, { u"PORT=3000"_s }, 1000 }));
    }
    QVERIFY(parser.parse({ u"serve"_s, u"--app-dir"_s, m_dir.path() }));
    QVERIFY(!options.parse(parser, &error));
    QVERIFY2(error.contains(u"need --app"_s), qPrintable(error));
    // export's options have no --app.
    for (const QCommandLineOption &option : hostbench::cli::SiteOptions(u"Exports"_s).options())
        QVERIFY(!option.names().contains(u"app"_s));
}

void TestCliParse::phpFlags_data()
{
    // --php, --php-prefix, --php-front-controller, --php-timeout as given
    // (every occurrence), for serve/sites add ("add") or sites edit ("edit").
    QTest::addColumn<QStringList>("addresses");
    QTest::addColumn<QStringList>("prefixes");
    QTest::addColumn<QStringList>("fronts");
    QTest::addColumn<QStringList>("timeouts");
    QTest::addColumn<bool>("edit");
    QTest::addColumn<QString>("reason"); // empty: accepted; else part of the error
    QTest::addColumn<QString>("address"); // the PhpSettings made (applyTo the defaults)
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<bool>("front");
    QTest::addColumn<int>("timeoutMs");
    const QStringList none;
    const auto ok = [&](const char *name, const QStringList &addresses, const QStringList &prefixes,
                        const QStringList &fronts, const QStringList &timeouts, bool edit,
                        const QString &address, const QString &prefix, bool front, int timeoutMs) {
        QTest::newRow(name) << addresses << prefixes << fronts << timeouts << edit << QString() << address
                            << prefix << front << timeoutMs;
    };
    const auto bad
        = [&](const char *name, const QStringList &addresses, const QStringList &prefixes,
              const QStringList &fronts, const QStringList &timeouts, bool edit, const QString &reason) {
              QTest::newRow(name) << addresses << prefixes << fronts << timeouts << edit << reason
                                  << QString() << QString() << false << 0;
          };
    const QString sock = u"unix:/run/php/php8.2-fpm.sock"_s;
    ok("nothing", none, none, none, none, false, QString(), u"/"_s, false, 60000);
    ok("auto", { u"auto"_s }, none, none, none, false, u"auto"_s, u"/"_s, false, 60000);
    ok("unix socket", { sock }, none, none, none, false, sock, u"/"_s, false, 60000);
    ok("TCP, trimmed", { u" 127.0.0.1:9000 "_s }, none, none, none, false, u"127.0.0.1:9000"_s, u"/"_s, false,
        60000);
    ok("IPv6", { u"[::1]:9000"_s }, none, none, none, false, u"[::1]:9000"_s, u"/"_s, false, 60000);
    ok("every flag", { u"auto"_s }, { u"/blog"_s }, { u"on"_s }, { u"1500"_s }, false, u"auto"_s, u"/blog"_s,
        true, 1500);
    ok("front controller off", { u"auto"_s }, none, { u"off"_s }, none, false, u"auto"_s, u"/"_s, false,
        60000);
    ok("timeout at its least", { u"auto"_s }, none, none, { u"100"_s }, false, u"auto"_s, u"/"_s, false, 100);
    ok("timeout at its most", { u"auto"_s }, none, none, { u"3600000"_s }, false, u"auto"_s, u"/"_s, false,
        3600000);
    ok("edit: the prefix alone", none, { u"/app"_s }, none, none, true, QString(), u"/app"_s, false, 60000);
    ok("edit: the timeout alone", none, none, none, { u"200"_s }, true, QString(), u"/"_s, false, 200);
    ok("edit: off", { u"off"_s }, none, none, none, true, QString(), u"/"_s, false, 60000);
    bad("empty address", { u""_s }, none, none, none, false, u"--php needs an address"_s);
    bad("address with a scheme", { u"http://127.0.0.1:9000"_s }, none, none, none, false,
        u"--php \"http://127.0.0.1:9000\": The PHP-FPM address has no scheme"_s);
    bad("address without a port", { u"127.0.0.1"_s }, none, none, none, false,
        u"--php \"127.0.0.1\": The PHP-FPM address needs its port"_s);
    bad("relative socket", { u"unix:php.sock"_s }, none, none, none, false, u"--php \"unix:php.sock\": "_s);
    bad("port out of range", { u"127.0.0.1:70000"_s }, none, none, none, false,
        u"--php \"127.0.0.1:70000\""_s);
    bad("address twice", { u"auto"_s, sock }, none, none, none, false, u"--php is given 2 times"_s);
    bad("off on add", { u"off"_s }, none, none, none, false,
        u"--php off turns a stored site's PHP off: it belongs to sites edit"_s);
    bad("off with a prefix", { u"off"_s }, { u"/a"_s }, none, none, true, u"cannot be combined"_s);
    bad("prefix without address", none, { u"/a"_s }, none, none, false, u"need --php ADDR"_s);
    bad("front controller without address", none, none, { u"on"_s }, none, false, u"need --php ADDR"_s);
    bad("timeout without address", none, none, none, { u"200"_s }, false, u"need --php ADDR"_s);
    bad("relative prefix", { u"auto"_s }, { u"blog"_s }, none, none, false,
        u"--php-prefix \"blog\": The PHP path:"_s);
    bad("prefix with a blank", { u"auto"_s }, { u"/my blog"_s }, none, none, false, u"--php-prefix"_s);
    bad("prefix twice", { u"auto"_s }, { u"/a"_s, u"/b"_s }, none, none, false,
        u"--php-prefix is given 2 times"_s);
    bad("front controller yes", { u"auto"_s }, none, { u"yes"_s }, none, false,
        u"--php-front-controller takes on or off, not \"yes\""_s);
    bad("timeout too short", { u"auto"_s }, none, none, { u"99"_s }, false,
        u"--php-timeout 99: The PHP timeout must be from 100 ms to 3600 s"_s);
    bad("timeout too long", { u"auto"_s }, none, none, { u"3600001"_s }, false, u"--php-timeout 3600001: "_s);
    bad("timeout beyond int", { u"auto"_s }, none, none, { u"99999999999"_s }, false, u"--php-timeout"_s);
    bad("timeout negative", { u"auto"_s }, none, none, { u"-5"_s }, false, u"--php-timeout -5"_s);
    bad("timeout with a unit", { u"auto"_s }, none, none, { u"5s"_s }, false,
        u"--php-timeout must be a whole number of milliseconds, not \"5s\""_s);
}

void TestCliParse::phpFlags()
{
    QFETCH(QStringList, addresses);
    QFETCH(QStringList, prefixes);
    QFETCH(QStringList, fronts);
    QFETCH(QStringList, timeouts);
    QFETCH(bool, edit);
    QFETCH(QString, reason);
    QFETCH(QString, address);
    QFETCH(QString, prefix);
    QFETCH(bool, front);
    QFETCH(int, timeoutMs);
    QString error;
    const auto flags = PhpFlags::parse(
        addresses, prefixes, fronts, timeouts, edit ? PhpFlags::Use::Edit : PhpFlags::Use::Add, &error);
    QVERIFY2(flags.has_value() == reason.isEmpty(), qPrintable(error));
    if (!flags) {
        QVERIFY2(error.contains(reason), qPrintable(error));
        QVERIFY(!error.contains(u'\n'));
        return;
    }
    const PhpSettings php = flags->applyTo({});
    QCOMPARE(php.address, address);
    QCOMPARE(php.pathPrefix, prefix);
    QCOMPARE(php.frontController, front);
    QCOMPARE(php.timeoutMs, timeoutMs);
    QCOMPARE(flags->given(), !(addresses + prefixes + fronts + timeouts).isEmpty());
}

void TestCliParse::phpFlagsAsJson()
{
    // sites edit sends only what is given; off is null (the API turns PHP off).
    QString error;
    auto flags = PhpFlags::parse({}, {}, { u"on"_s }, { u"300"_s }, PhpFlags::Use::Edit, &error);
    QVERIFY2(flags, qPrintable(error));
    QCOMPARE(flags->json().toObject(),
        (QJsonObject { { u"front_controller"_s, true }, { u"timeout_ms"_s, 300 } }));
    PhpSettings stored;
    stored.address = u"127.0.0.1:9000"_s;
    stored.pathPrefix = u"/blog"_s;
    PhpSettings expected = stored;
    expected.frontController = true;
    expected.timeoutMs = 300;
    QCOMPARE(flags->applyTo(stored), expected);
    flags = PhpFlags::parse({ u"auto"_s }, { u"/app"_s }, {}, {}, PhpFlags::Use::Edit, &error);
    QVERIFY2(flags, qPrintable(error));
    QCOMPARE(
        flags->json().toObject(), (QJsonObject { { u"address"_s, u"auto"_s }, { u"prefix"_s, u"/app"_s } }));
    flags = PhpFlags::parse({ u"off"_s }, {}, {}, {}, PhpFlags::Use::Edit, &error);
    QVERIFY2(flags, qPrintable(error));
    QVERIFY(flags->json().isNull());
    QCOMPARE(flags->applyTo(stored), PhpSettings());
}

void TestCliParse::servePhpGoesToEverySite()
{
    // serve --php applies to each site, as --proxy and --app do.
    const hostbench::cli::SiteOptions options(u"Serves"_s, true);
    QCommandLineParser parser;
    parser.addOptions(options.options());
    QVERIFY(parser.parse({ u"serve"_s, u"--site"_s, u"a.test="_s + m_dir.path(), u"--site"_s,
        u"b.test="_s + m_dir.path(), u"--php"_s, u"unix:/run/php.sock"_s, u"--php-prefix"_s, u"/app"_s,
        u"--php-front-controller"_s, u"on"_s, u"--php-timeout"_s, u"2000"_s }));
    QString error;
    auto flags = options.parse(parser, &error);
    QVERIFY2(flags, qPrintable(error));
    QCOMPARE(flags->sites.size(), 2);
    PhpSettings expected;
    expected.address = u"unix:/run/php.sock"_s;
    expected.pathPrefix = u"/app"_s;
    expected.frontController = true;
    expected.timeoutMs = 2000;
    for (hostbench::model::VirtualHost host : flags->sites) {
        flags->addRoutesTo(host);
        QCOMPARE(host.php, expected);
    }
    // Without --php the sites keep their own (stored) settings.
    QVERIFY(parser.parse({ u"serve"_s, u"--site"_s, u"a.test="_s + m_dir.path() }));
    flags = options.parse(parser, &error);
    QVERIFY2(flags, qPrintable(error));
    hostbench::model::VirtualHost host = flags->sites.constFirst();
    host.php.address = u"auto"_s;
    flags->addRoutesTo(host);
    QCOMPARE(host.php.address, u"auto"_s);
    QVERIFY(parser.parse({ u"serve"_s, u"--php-timeout"_s, u"500"_s }));
    QVERIFY(!options.parse(parser, &error));
    QVERIFY2(error.contains(u"need --php ADDR"_s), qPrintable(error));
    QVERIFY(parser.parse({ u"serve"_s, u"--php"_s, u"off"_s }));
    QVERIFY(!options.parse(parser, &error));
    QVERIFY2(error.contains(u"belongs to sites edit"_s), qPrintable(error));
}

void TestCliParse::header_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("value");
    QTest::newRow("plain") << u"Accept: text/html"_s << true << QByteArray("Accept")
                           << QByteArray("text/html");
    QTest::newRow("no space") << u"X-A:1"_s << true << QByteArray("X-A") << QByteArray("1");
    QTest::newRow("colon in value") << u"X-Time: 12:30"_s << true << QByteArray("X-Time")
                                    << QByteArray("12:30");
    QTest::newRow("empty value") << u"X-Empty:"_s << true << QByteArray("X-Empty") << QByteArray();
    QTest::newRow("no colon") << u"Accept text/html"_s << false << QByteArray() << QByteArray();
    QTest::newRow("space in name") << u"Bad Name: x"_s << false << QByteArray() << QByteArray();
    QTest::newRow("no name") << u": x"_s << false << QByteArray() << QByteArray();
    QTest::newRow("line break") << u"X-A: 1\r\nX-B: 2"_s << false << QByteArray() << QByteArray();
}

void TestCliParse::header()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, value);
    QString error;
    const auto header = CliParse::header(text, &error);
    QCOMPARE(header.has_value(), valid);
    if (!valid) {
        QVERIFY(!error.isEmpty());
        return;
    }
    QCOMPARE(header->first, name);
    QCOMPARE(header->second, value);
}

void TestCliParse::integer_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("value");
    QTest::newRow("one") << u"1"_s << true << qint64(1);
    QTest::newRow("max") << u"100"_s << true << qint64(100);
    QTest::newRow("zero") << u"0"_s << false << qint64(0);
    QTest::newRow("over") << u"101"_s << false << qint64(0);
    QTest::newRow("text") << u"four"_s << false << qint64(0);
    QTest::newRow("fraction") << u"1.5"_s << false << qint64(0);
}

void TestCliParse::integer()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(qint64, value);
    QString error;
    const auto result = CliParse::integer(text, u"--threads"_s, 1, 100, &error);
    QCOMPARE(result.has_value(), valid);
    if (valid)
        QCOMPARE(*result, value);
    else
        QVERIFY(error.contains(u"--threads"_s) && error.contains(text));
}

void TestCliParse::threads_data()
{
    // --threads of serve, bench and export, one rule.
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("value"); // 0: refused
    QTest::newRow("one") << u"1"_s << 1;
    QTest::newRow("max") << u"1024"_s << 1024;
    QTest::newRow("zero") << u"0"_s << 0;
    QTest::newRow("over") << u"1025"_s << 0;
    QTest::newRow("negative") << u"-4"_s << 0;
    QTest::newRow("text") << u"many"_s << 0;
    QTest::newRow("empty") << u""_s << 0;
}

void TestCliParse::threads()
{
    QFETCH(QString, text);
    QFETCH(int, value);
    QString error;
    const std::optional<int> result = CliParse::threads(text, &error);
    QCOMPARE(result.value_or(0), value);
    if (value == 0)
        QVERIFY2(error.startsWith(u"--threads"_s), qPrintable(error));
}

void TestCliParse::seconds_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("whole") << u"10"_s << true << qint64(10'000);
    QTest::newRow("fraction") << u"0.25"_s << true << qint64(250);
    QTest::newRow("zero") << u"0"_s << true << qint64(0);
    QTest::newRow("negative") << u"-1"_s << false << qint64(0);
    QTest::newRow("text") << u"ten"_s << false << qint64(0);
    QTest::newRow("nan") << u"nan"_s << false << qint64(0);
}

void TestCliParse::seconds()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(qint64, ms);
    QString error;
    const auto result = CliParse::seconds(text, u"-t"_s, &error);
    QCOMPARE(result.has_value(), valid);
    if (valid)
        QCOMPARE(*result, ms);
    else
        QVERIFY(error.contains(u"-t"_s));
}

QTEST_GUILESS_MAIN(TestCliParse)
#include "tst_cliparse.moc"
