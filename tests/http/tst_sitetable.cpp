#include "http/SiteTable.h"

#include <QTemporaryDir>
#include <QTest>

using hostbench::http::SiteTable;
using hostbench::model::Route;
using hostbench::model::VirtualHost;

class TestSiteTable final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hostWithoutPort_data();
    void hostWithoutPort();
    void indexForHost_data();
    void indexForHost();
    void firstHostIsDefaultWithoutIsDefault();
    void noHostsIsAnError();
    void missingRootIsAnErrorOnlyWhenRequired();
    void routesAreKeyedByNormalisedPath();
    void reloadKeepsCountersOfSameHost();
    void phpSiteSendsNoPhpErrorPage();

private:
    QList<VirtualHost> hosts() const;
    QTemporaryDir m_root;
};

void TestSiteTable::initTestCase()
{
    QVERIFY(m_root.isValid());
}

QList<VirtualHost> TestSiteTable::hosts() const
{
    VirtualHost alpha;
    alpha.hostName = QStringLiteral("alpha.test");
    alpha.aliases = { QStringLiteral("www.alpha.test"), QStringLiteral("::1") };
    alpha.documentRoot = m_root.path();
    VirtualHost beta;
    beta.hostName = QStringLiteral("Beta.Test");
    beta.documentRoot = m_root.path();
    beta.isDefault = true;
    VirtualHost gamma;
    gamma.hostName = QStringLiteral("[fe80::1]");
    gamma.aliases = { QStringLiteral("gamma.test.") };
    gamma.documentRoot = m_root.path();
    VirtualHost delta; // named under .localhost itself
    delta.hostName = QStringLiteral("delta.localhost");
    delta.documentRoot = m_root.path();
    return { alpha, beta, gamma, delta };
}

void TestSiteTable::hostWithoutPort_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << "example.com"
                           << "example.com";
    QTest::newRow("port") << "example.com:8080"
                          << "example.com";
    QTest::newRow("case kept") << "Example.COM:80"
                               << "Example.COM";
    QTest::newRow("ipv4 port") << "127.0.0.1:8080"
                               << "127.0.0.1";
    QTest::newRow("ipv6 port") << "[::1]:8080"
                               << "::1";
    QTest::newRow("ipv6 bare brackets") << "[::1]"
                                        << "::1";
    QTest::newRow("ipv6 unbracketed") << "fe80::1"
                                      << "fe80::1";
    QTest::newRow("trailing dot") << "example.com."
                                  << "example.com";
    QTest::newRow("trailing dot port") << "example.com.:80"
                                       << "example.com";
    QTest::newRow("spaces") << "  example.com  "
                            << "example.com";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("port only") << ":80"
                               << "";
    QTest::newRow("unclosed bracket") << "[::1"
                                      << "[::1";
}

void TestSiteTable::hostWithoutPort()
{
    QFETCH(QString, host);
    QFETCH(QString, expected);
    const std::string utf8 = host.toStdString();
    QCOMPARE(QString::fromStdString(std::string(SiteTable::hostWithoutPort(utf8))), expected);
}

void TestSiteTable::indexForHost_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("expected");
    QTest::newRow("exact") << "alpha.test" << 0;
    QTest::newRow("upper case") << "ALPHA.Test" << 0;
    QTest::newRow("with port") << "alpha.test:8080" << 0;
    QTest::newRow("alias") << "www.alpha.test" << 0;
    QTest::newRow("alias upper with port") << "WWW.ALPHA.TEST:1" << 0;
    QTest::newRow("ipv6 alias") << "[::1]:8080" << 0;
    QTest::newRow("configured upper case") << "beta.test" << 1;
    QTest::newRow("configured bracketed ipv6") << "[FE80::1]" << 2;
    QTest::newRow("configured trailing dot") << "gamma.test" << 2;
    QTest::newRow("request trailing dot") << "alpha.test." << 0;
    QTest::newRow("unknown -> default") << "nobody.test" << 1;
    QTest::newRow("missing -> default") << "" << 1;
    QTest::newRow("suffix is not a match") << "xalpha.test" << 1;
    // RFC 6761 §6.3: HOST.localhost reaches site HOST.
    QTest::newRow("under .localhost") << "alpha.test.localhost" << 0;
    QTest::newRow("under .localhost with port") << "alpha.test.localhost:8080" << 0;
    QTest::newRow("alias under .localhost") << "www.alpha.test.localhost" << 0;
    QTest::newRow("under .localhost upper, trailing dot") << "BETA.TEST.LOCALHOST." << 1;
    QTest::newRow("configured trailing dot under .localhost") << "gamma.test.localhost" << 2;
    QTest::newRow("site named under .localhost") << "delta.localhost" << 3;
    QTest::newRow("that site under .localhost") << "delta.localhost.localhost" << 3;
    QTest::newRow("unknown under .localhost -> default") << "nobody.localhost" << 1;
    QTest::newRow("localhost -> default") << "localhost" << 1;
    QTest::newRow("bare suffix -> default") << ".localhost" << 1;
    QTest::newRow("not a label boundary") << "alpha.testlocalhost" << 1;
    QTest::newRow("too long -> default") << QString(300, QLatin1Char('a')) << 1;
}

void TestSiteTable::indexForHost()
{
    QFETCH(QString, host);
    QFETCH(int, expected);
    QString error;
    const auto table = SiteTable::build(hosts(), 1, nullptr, true, &error);
    QVERIFY2(table, qPrintable(error));
    QCOMPARE(int(table->indexForHost(host.toStdString())), expected);
}

void TestSiteTable::firstHostIsDefaultWithoutIsDefault()
{
    auto list = hosts();
    list[1].isDefault = false;
    const auto table = SiteTable::build(list, 1, nullptr, true, nullptr);
    QVERIFY(table);
    QCOMPARE(table->defaultIndex(), size_t(0));
    QCOMPARE(table->indexForHost("unknown"), size_t(0));
}

void TestSiteTable::noHostsIsAnError()
{
    QString error;
    QVERIFY(!SiteTable::build({}, 1, nullptr, true, &error));
    QVERIFY(!error.isEmpty());
}

void TestSiteTable::missingRootIsAnErrorOnlyWhenRequired()
{
    auto list = hosts();
    list[2].documentRoot = m_root.filePath(QStringLiteral("missing"));
    QString error;
    QVERIFY(!SiteTable::build(list, 1, nullptr, true, &error));
    QVERIFY2(error.contains(QStringLiteral("missing")), qPrintable(error));
    const auto lenient = SiteTable::build(list, 1, nullptr, false, nullptr);
    QVERIFY(lenient);
    QVERIFY(!lenient->site(2).rootFd.isValid());
    QVERIFY(lenient->site(0).rootFd.isValid());
}

void TestSiteTable::routesAreKeyedByNormalisedPath()
{
    auto list = hosts();
    list[0].routes = { Route { QStringLiteral("/ok"), 200, QStringLiteral("text/plain"), "OK" },
        Route { QStringLiteral("/a/./b?x=1"), 201, QStringLiteral("text/plain"), "B" },
        Route { QStringLiteral("/../bad"), 200, QStringLiteral("text/plain"), "never" } };
    const auto table = SiteTable::build(list, 1, nullptr, true, nullptr);
    QVERIFY(table);
    const auto &site = table->site(0);
    QVERIFY(site.findRoute("/ok"));
    QCOMPARE(site.findRoute("/ok")->body, std::string("OK"));
    QVERIFY(site.findRoute("/a/b"));
    QCOMPARE(site.findRoute("/a/b")->status, 201);
    QCOMPARE(site.routes.size(), size_t(2));
    QVERIFY(!table->site(1).findRoute("/ok"));
}

// An error page is sent as a static file: on a PHP site, one that is PHP
// source would show its code, so the built-in page answers (issue #25).
void TestSiteTable::phpSiteSendsNoPhpErrorPage()
{
    auto list = hosts();
    for (VirtualHost &host : list)
        host.errorPages = { { 404, QStringLiteral("/404.php") }, { 403, QStringLiteral("/e/403.PHP.") },
            { 500, QStringLiteral("/500.html") } };
    list[0].php.address = QStringLiteral("auto");
    const auto table = SiteTable::build(list, 1, nullptr, true, nullptr);
    QVERIFY(table);
    QVERIFY(!table->site(0).errorPage(404));
    QVERIFY(!table->site(0).errorPage(403));
    QVERIFY(table->site(0).errorPage(500));
    // A site without PHP serves its pages as files, as before.
    QVERIFY(table->site(1).errorPage(404));
    QVERIFY(table->site(1).errorPage(403));
}

void TestSiteTable::reloadKeepsCountersOfSameHost()
{
    const auto first = SiteTable::build(hosts(), 2, nullptr, true, nullptr);
    QVERIFY(first);
    auto list = hosts().mid(0, 3); // alpha, beta, gamma
    list.removeAt(0);
    VirtualHost delta;
    delta.hostName = QStringLiteral("delta.test");
    delta.documentRoot = m_root.path();
    list.append(delta);
    const auto second = SiteTable::build(list, 2, first.get(), true, nullptr);
    QVERIFY(second);
    QCOMPARE(second->site(0).counters, first->site(1).counters); // beta kept
    QCOMPARE(second->site(1).counters, first->site(2).counters); // gamma kept
    for (size_t i = 0; i < first->size(); ++i)
        QVERIFY(second->site(2).counters != first->site(i).counters); // delta is new
}

QTEST_GUILESS_MAIN(TestSiteTable)
#include "tst_sitetable.moc"
