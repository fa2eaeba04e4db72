#include "cli/CliParse.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::cli::CliParse;

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
    void proxiesLastWins();
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

void TestCliParse::proxiesLastWins()
{
    QString error;
    const auto list = CliParse::proxies(
        { u"/a=http://h.test:1"_s, u"/b=unix:/s"_s, u"/a=http://h.test:2"_s }, u"--proxy"_s, &error);
    QVERIFY2(list, qPrintable(error));
    QCOMPARE(list->size(), 2);
    QCOMPARE(list->at(1).upstream, u"http://h.test:2"_s);
    QVERIFY(CliParse::proxies({ u"off"_s }, u"--proxy"_s, &error)->isEmpty());
    QVERIFY(!CliParse::proxies({ u"/a=http://h.test:1"_s, u"/b=x"_s }, u"--proxy"_s, &error));
    QVERIFY2(error.startsWith(u"--proxy: bad proxy \"/b=x\""_s), qPrintable(error));
    // serve's --proxy goes to every site, as --route does.
    const auto flags = CliParse::siteFlags(
        { u"a.test="_s + QDir::tempPath() }, std::nullopt, {}, &error, { u"/=http://127.0.0.1:9000"_s });
    QVERIFY2(flags, qPrintable(error));
    hostbench::model::VirtualHost host = flags->sites.constFirst();
    flags->addRoutesTo(host);
    QCOMPARE(host.proxy.routes.size(), 1);
    QCOMPARE(host.proxy.routes.constFirst().upstream, u"http://127.0.0.1:9000"_s);
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
