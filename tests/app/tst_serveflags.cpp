#include "cli/ServeFlags.h"

#include <QDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::cli::ServeFlags;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;

namespace {

// A flag left out of the command line, in the tables' text columns.
const QString kAbsent = u"(absent)"_s;

std::optional<QString> given(const QString &text)
{
    return text == kAbsent ? std::nullopt : std::optional<QString>(text);
}

const QString kExpected = u" (expected ADDR:PORT, e.g. 127.0.0.1:8080 or [::1]:8080)"_s;

} // namespace

class TestServeFlags final : public QObject
{
    Q_OBJECT

private slots:
    void listen_data();
    void listen();
    void pidFile_data();
    void pidFile();
    void siteLogs_data();
    void siteLogs();
    void siteLogsApplyTo();
    void control_data();
    void control();
};

void TestServeFlags::listen_data()
{
    QTest::addColumn<QString>("listen");
    QTest::addColumn<QString>("threads");
    QTest::addColumn<QString>("address");
    QTest::addColumn<int>("port");
    QTest::addColumn<bool>("fallback");
    QTest::addColumn<int>("workers");
    QTest::addColumn<QString>("error");
    const int defaultPort = ServerConfig::kDefaultPort;
    QTest::newRow("defaults") << kAbsent << kAbsent << u"127.0.0.1"_s << defaultPort << true << 0
                              << QString();
    QTest::newRow("ipv4") << u"127.0.0.1:9000"_s << kAbsent << u"127.0.0.1"_s << 9000 << false << 0
                          << QString();
    QTest::newRow("ipv6 port 0") << u"[::1]:0"_s << kAbsent << u"::1"_s << 0 << false << 0 << QString();
    QTest::newRow("localhost") << u"localhost:80"_s << kAbsent << u"127.0.0.1"_s << 80 << false << 0
                               << QString();
    QTest::newRow("any") << u"0.0.0.0:65535"_s << kAbsent << u"0.0.0.0"_s << 65535 << false << 0 << QString();
    QTest::newRow("threads 1") << kAbsent << u"1"_s << u"127.0.0.1"_s << defaultPort << true << 1
                               << QString();
    QTest::newRow("threads max") << kAbsent << u"1024"_s << u"127.0.0.1"_s << defaultPort << true << 1024
                                 << QString();
    QTest::newRow("threads spaces") << kAbsent << u" 8 "_s << u"127.0.0.1"_s << defaultPort << true << 8
                                    << QString();

    const auto bad
        = [](const char *name, const QString &listen, const QString &threads, const QString &error) {
              QTest::newRow(name) << listen << threads << QString() << 0 << false << 0 << error;
          };
    bad("listen no port", u"nowhere"_s, kAbsent, u"--listen: bad address \"nowhere\": no port"_s + kExpected);
    bad("listen empty", u""_s, kAbsent, u"--listen: bad address \"\": no port"_s + kExpected);
    bad("listen empty port", u"127.0.0.1:"_s, kAbsent,
        u"--listen: bad address \"127.0.0.1:\": no port"_s + kExpected);
    bad("listen port huge", u"127.0.0.1:70000"_s, kAbsent,
        u"--listen: bad address \"127.0.0.1:70000\": the port must be a number from 0 to 65535"_s
            + kExpected);
    bad("listen port negative", u"127.0.0.1:-1"_s, kAbsent,
        u"--listen: bad address \"127.0.0.1:-1\": the port must be a number from 0 to 65535"_s + kExpected);
    bad("listen port text", u"127.0.0.1:http"_s, kAbsent,
        u"--listen: bad address \"127.0.0.1:http\": the port must be a number from 0 to 65535"_s + kExpected);
    bad("listen host name", u"example.test:80"_s, kAbsent,
        u"--listen: bad address \"example.test:80\": \"example.test\" is not an IP address"_s + kExpected);
    bad("listen bare ipv6", u"::1:80"_s, kAbsent,
        u"--listen: bad address \"::1:80\": write an IPv6 address in brackets"_s + kExpected);
    const QString threadsRange = u"--threads must be a whole number from 1 to 1024, not \"%1\""_s;
    bad("threads 0", kAbsent, u"0"_s, threadsRange.arg(u"0"_s));
    bad("threads negative", kAbsent, u"-3"_s, threadsRange.arg(u"-3"_s));
    bad("threads over", kAbsent, u"1025"_s, threadsRange.arg(u"1025"_s));
    bad("threads huge", kAbsent, u"99999999999999999999"_s, threadsRange.arg(u"99999999999999999999"_s));
    bad("threads text", kAbsent, u"abc"_s, threadsRange.arg(u"abc"_s));
    bad("threads fraction", kAbsent, u"1.5"_s, threadsRange.arg(u"1.5"_s));
    bad("threads empty", kAbsent, u""_s, threadsRange.arg(QString()));
    // Both bad: --listen is said first.
    bad("both bad", u"x"_s, u"0"_s, u"--listen: bad address \"x\": no port"_s + kExpected);
}

void TestServeFlags::listen()
{
    QFETCH(QString, listen);
    QFETCH(QString, threads);
    QFETCH(QString, address);
    QFETCH(int, port);
    QFETCH(bool, fallback);
    QFETCH(int, workers);
    QFETCH(QString, error);
    QString why;
    const std::optional<ServerConfig> config = ServeFlags::listen(given(listen), given(threads), &why);
    QCOMPARE(why, error);
    QCOMPARE(config.has_value(), error.isEmpty());
    if (!config)
        return;
    QCOMPARE(config->listenAddress, address);
    QCOMPARE(config->port, quint16(port));
    QCOMPARE(config->portFallback, fallback);
    QCOMPARE(config->threads, workers);
    // Everything else keeps ServerConfig's defaults.
    ServerConfig rest = *config;
    rest.listenAddress = ServerConfig().listenAddress;
    rest.port = ServerConfig().port;
    rest.portFallback = ServerConfig().portFallback;
    rest.threads = ServerConfig().threads;
    QCOMPARE(rest, ServerConfig());
}

void TestServeFlags::pidFile_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("error");
    QTest::newRow("absent") << kAbsent << QString() << QString();
    QTest::newRow("absolute") << u"/run/hostbench.pid"_s << u"/run/hostbench.pid"_s << QString();
    QTest::newRow("relative") << u"serve.pid"_s << QDir::current().absoluteFilePath(u"serve.pid"_s)
                              << QString();
    QTest::newRow("dots") << u"/run/x/../serve.pid"_s << u"/run/serve.pid"_s << QString();
    QTest::newRow("empty") << u""_s << QString() << u"--pid-file needs a file"_s;
    QTest::newRow("spaces") << u"  "_s << QString() << u"--pid-file needs a file"_s;
}

void TestServeFlags::pidFile()
{
    QFETCH(QString, text);
    QFETCH(QString, path);
    QFETCH(QString, error);
    QString why;
    const std::optional<QString> file = ServeFlags::pidFile(given(text), &why);
    QCOMPARE(why, error);
    QCOMPARE(file.has_value(), error.isEmpty());
    if (file)
        QCOMPARE(*file, path);
}

void TestServeFlags::siteLogs_data()
{
    QTest::addColumn<QString>("accessLog");
    QTest::addColumn<QString>("errorLog");
    QTest::addColumn<bool>("listing");
    QTest::addColumn<bool>("explicitSites");
    QTest::addColumn<QString>("accessPath"); // kAbsent: no log; empty: off
    QTest::addColumn<QString>("errorPath");
    QTest::addColumn<QString>("error");
    const QString cwd = QDir::currentPath();
    QTest::newRow("none, stored sites")
        << kAbsent << kAbsent << false << false << kAbsent << kAbsent << QString();
    QTest::newRow("none, flag sites")
        << kAbsent << kAbsent << false << true << kAbsent << kAbsent << QString();
    QTest::newRow("access file") << u"/var/log/a.log"_s << kAbsent << false << true << u"/var/log/a.log"_s
                                 << kAbsent << QString();
    QTest::newRow("access off") << u"off"_s << kAbsent << false << true << u""_s << kAbsent << QString();
    QTest::newRow("access off spaced")
        << u" off "_s << kAbsent << false << true << u""_s << kAbsent << QString();
    QTest::newRow("access relative") << u"a.log"_s << kAbsent << false << true << cwd + u"/a.log"_s << kAbsent
                                     << QString();
    QTest::newRow("error spaced") << kAbsent << u" /var/log/e.log "_s << false << true << kAbsent
                                  << u"/var/log/e.log"_s << QString();
    QTest::newRow("both and listing")
        << u"/l/a.log"_s << u"off"_s << true << true << u"/l/a.log"_s << u""_s << QString();
    QTest::newRow("listing") << kAbsent << kAbsent << true << true << kAbsent << kAbsent << QString();
    QTest::newRow("OFF is a file") << u"OFF"_s << kAbsent << false << true << cwd + u"/OFF"_s << kAbsent
                                   << QString();

    const auto bad = [](const char *name, const QString &access, const QString &error, bool listing,
                         bool explicitSites, const QString &sentence) {
        QTest::newRow(name) << access << error << listing << explicitSites << QString() << QString()
                            << sentence;
    };
    const QString stored = u"--%1 applies to the sites of --site / --default; stored sites use their own "
                           "settings"_s;
    bad("access, stored sites", u"/tmp/x.log"_s, kAbsent, false, false, stored.arg(u"access-log"_s));
    bad("error, stored sites", kAbsent, u"/tmp/x.log"_s, false, false, stored.arg(u"error-log"_s));
    bad("listing, stored sites", kAbsent, kAbsent, true, false, stored.arg(u"listing"_s));
    bad("off, stored sites", u"off"_s, kAbsent, false, false, stored.arg(u"access-log"_s));
    bad("access empty", u""_s, kAbsent, false, true, u"--access-log needs a file or \"off\""_s);
    bad("error spaces", kAbsent, u"  "_s, false, true, u"--error-log needs a file or \"off\""_s);
    bad("error empty after access", u"/tmp/a.log"_s, u""_s, false, true,
        u"--error-log needs a file or \"off\""_s);
    // Stored sites are said before an empty value.
    bad("empty, stored sites", u""_s, kAbsent, true, false, stored.arg(u"access-log"_s));
}

void TestServeFlags::siteLogs()
{
    QFETCH(QString, accessLog);
    QFETCH(QString, errorLog);
    QFETCH(bool, listing);
    QFETCH(bool, explicitSites);
    QFETCH(QString, accessPath);
    QFETCH(QString, errorPath);
    QFETCH(QString, error);
    QString why;
    const std::optional<ServeFlags::SiteLogs> logs
        = ServeFlags::siteLogs(given(accessLog), given(errorLog), listing, explicitSites, &why);
    QCOMPARE(why, error);
    QCOMPARE(logs.has_value(), error.isEmpty());
    if (!logs)
        return;
    QCOMPARE(logs->accessLog, given(accessPath));
    QCOMPARE(logs->errorLog, given(errorPath));
    QCOMPARE(logs->listing, listing);
}

void TestServeFlags::siteLogsApplyTo()
{
    QList<VirtualHost> hosts(2);
    hosts[1].accessLogEnabled = true;
    hosts[1].accessLogPath = u"/old/a.log"_s;
    hosts[1].errorLogEnabled = true;
    hosts[1].errorLogPath = u"/old/e.log"_s;
    ServeFlags::SiteLogs logs;
    logs.accessLog = u"/l/a.log"_s;
    logs.errorLog = u""_s; // off
    logs.listing = true;
    logs.applyTo(hosts);
    for (const VirtualHost &host : std::as_const(hosts)) {
        QVERIFY(host.accessLogEnabled);
        QCOMPARE(host.accessLogPath, u"/l/a.log"_s);
        QVERIFY(!host.errorLogEnabled);
        QCOMPARE(host.errorLogPath, QString());
        QVERIFY(host.directoryListing);
    }
    // Unset: no log and no listing, whatever the host had.
    ServeFlags::SiteLogs().applyTo(hosts);
    QVERIFY(!hosts[1].accessLogEnabled);
    QCOMPARE(hosts[1].accessLogPath, QString());
    QVERIFY(!hosts[1].directoryListing);
}

void TestServeFlags::control_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("tokenRequired");
    QTest::addColumn<QString>("endpoint"); // as Endpoint::toString(); "off": none
    QTest::addColumn<bool>("controlGiven");
    QTest::addColumn<QString>("error");
    const QString defaultControl = u"127.0.0.1:%1"_s.arg(ServerConfig::kDefaultControlPort);
    QTest::newRow("default") << kAbsent << false << defaultControl << false << QString();
    QTest::newRow("default, token") << kAbsent << true << defaultControl << false << QString();
    QTest::newRow("off") << u"off"_s << false << u"off"_s << false << QString();
    QTest::newRow("ipv4") << u"127.0.0.1:9000"_s << false << u"127.0.0.1:9000"_s << true << QString();
    QTest::newRow("ipv6 port 0") << u"[::1]:0"_s << false << u"[::1]:0"_s << true << QString();
    QTest::newRow("localhost") << u"localhost:8079"_s << false << u"127.0.0.1:8079"_s << true << QString();
    QTest::newRow("any, token") << u"0.0.0.0:8079"_s << true << u"0.0.0.0:8079"_s << true << QString();
    QTest::newRow("ipv6 any, token") << u"[::]:0"_s << true << u"[::]:0"_s << true << QString();

    const auto bad = [](const char *name, const QString &text, bool tokenRequired, const QString &error) {
        QTest::newRow(name) << text << tokenRequired << QString() << false << error;
    };
    const QString loopback = u"--control: the control API listens on loopback only (127.0.0.1 or [::1]), not "
                             "%1, unless --control-token-required is given"_s;
    bad("any", u"0.0.0.0:8079"_s, false, loopback.arg(u"0.0.0.0"_s));
    bad("ipv6 any", u"[::]:8079"_s, false, loopback.arg(u"::"_s));
    bad("lan address", u"192.168.1.2:8079"_s, false, loopback.arg(u"192.168.1.2"_s));
    bad("no port", u"bad"_s, false, u"--control: bad address \"bad\": no port"_s + kExpected);
    bad("empty", u""_s, false, u"--control: bad address \"\": no port"_s + kExpected);
    bad("OFF", u"OFF"_s, true, u"--control: bad address \"OFF\": no port"_s + kExpected);
    bad("port huge", u"127.0.0.1:99999"_s, false,
        u"--control: bad address \"127.0.0.1:99999\": the port must be a number from 0 to 65535"_s
            + kExpected);
    bad("port text", u"127.0.0.1:x"_s, true,
        u"--control: bad address \"127.0.0.1:x\": the port must be a number from 0 to 65535"_s + kExpected);
}

void TestServeFlags::control()
{
    QFETCH(QString, text);
    QFETCH(bool, tokenRequired);
    QFETCH(QString, endpoint);
    QFETCH(bool, controlGiven);
    QFETCH(QString, error);
    QString why;
    const std::optional<ServeFlags::Control> control = ServeFlags::control(given(text), tokenRequired, &why);
    QCOMPARE(why, error);
    QCOMPARE(control.has_value(), error.isEmpty());
    if (!control)
        return;
    QCOMPARE(control->endpoint ? control->endpoint->toString() : u"off"_s, endpoint);
    QCOMPARE(control->given, controlGiven);
}

QTEST_GUILESS_MAIN(TestServeFlags)
#include "tst_serveflags.moc"
