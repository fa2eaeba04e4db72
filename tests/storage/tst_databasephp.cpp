// A site's PHP settings in SQLite (storage::PhpTable, schema step 11; issue
// #25) and the proxy's logUpstreamTimes (issue #24's leftover, the same
// step): stored and read back, replaced on save, no row for a site with the
// defaults, removed with the site, refused when invalid (nothing stored), a
// real version-10 file (made by the step-10 schema) upgraded with its sites,
// proxy settings and apps kept, and a damaged stored row reported naming the
// site and the value, never replaced by a default.
#include "DatabaseFixture.h"
#include "storage/Database.h"
#include "storage/Schema.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::PhpSettings;
using hostbench::model::ProxySettings;
using hostbench::model::VirtualHost;
using hostbench::storage::Database;
using hostbench::storage::Schema;

Q_DECLARE_METATYPE(hostbench::model::PhpSettings)

class TestDatabasePhp final : public QObject, private DatabaseFixture
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(makeFolder()); }
    void roundTrip_data();
    void roundTrip();
    void replacedAndRemoved();
    void logUpstreamTimesStored();
    void invalidRefused_data();
    void invalidRefused();
    void version10UpgradesToVersion11();
    void damagedRowReported_data();
    void damagedRowReported();

private:
    VirtualHost makeHost(const QString &name) const
    {
        VirtualHost host;
        host.hostName = name;
        host.documentRoot = m_dir->path();
        return host;
    }
    // The stored site named `name`; a default VirtualHost when there is none.
    static VirtualHost stored(Database &db, const QString &name)
    {
        const QList<VirtualHost> hosts = db.virtualHosts();
        const auto found = std::find_if(
            hosts.begin(), hosts.end(), [&](const VirtualHost &h) { return h.hostName == name; });
        return found == hosts.end() ? VirtualHost() : *found;
    }
};

void TestDatabasePhp::roundTrip_data()
{
    QTest::addColumn<PhpSettings>("php");
    QTest::addColumn<QString>("storedAddress"); // as read back (trimmed)
    const auto row = [](const char *name, const QString &address, const QString &prefix, bool front, int ms,
                         const QString &storedAddress) {
        PhpSettings php;
        php.address = address;
        php.pathPrefix = prefix;
        php.frontController = front;
        php.timeoutMs = ms;
        QTest::newRow(name) << php << storedAddress;
    };
    row("auto", u"auto"_s, u"/"_s, false, 60000, u"auto"_s);
    row("unix socket, front controller", u" unix:/run/php/php8.2-fpm.sock "_s, u"/"_s, true, 30000,
        u"unix:/run/php/php8.2-fpm.sock"_s);
    row("TCP with a prefix", u"127.0.0.1:9000"_s, u"/blog"_s, false, 100, u"127.0.0.1:9000"_s);
    row("IPv6, longest timeout", u"[::1]:9000"_s, u"/app/v2"_s, true, PhpSettings::kMaxTimeoutMs,
        u"[::1]:9000"_s);
    // No address: no PHP; settings other than the defaults are kept for when it is set again.
    row("off, with a prefix kept", QString(), u"/old"_s, true, 5000, QString());
}

void TestDatabasePhp::roundTrip()
{
    QFETCH(PhpSettings, php);
    QFETCH(QString, storedAddress);
    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    VirtualHost site = makeHost(u"php.test"_s);
    site.php = php;
    QVERIFY2(db.saveVirtualHost(site), qPrintable(db.lastError()));
    QCOMPARE(site.php.address, storedAddress);
    VirtualHost plain = makeHost(u"plain.test"_s);
    QVERIFY2(db.saveVirtualHost(plain), qPrintable(db.lastError()));
    db.close();

    QVERIFY(db.open(path()));
    PhpSettings expected = php;
    expected.address = storedAddress;
    QCOMPARE(stored(db, u"php.test"_s).php, expected);
    QCOMPARE(stored(db, u"plain.test"_s).php, PhpSettings());
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings"_s).toInt(), 1); // none for the defaults
}

void TestDatabasePhp::replacedAndRemoved()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost site = makeHost(u"php.test"_s);
    site.php.address = u"auto"_s;
    site.php.frontController = true;
    QVERIFY2(db.saveVirtualHost(site), qPrintable(db.lastError()));
    site.php.address = u"127.0.0.1:9001"_s;
    site.php.timeoutMs = 250;
    QVERIFY2(db.saveVirtualHost(site), qPrintable(db.lastError()));
    QCOMPARE(stored(db, u"php.test"_s).php, site.php);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings"_s).toInt(), 1);
    // Back to the defaults: no row; the site's removal takes a row along.
    site.php = PhpSettings();
    QVERIFY(db.saveVirtualHost(site));
    QCOMPARE(stored(db, u"php.test"_s).php, PhpSettings());
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings"_s).toInt(), 0);
    site.php.address = u"auto"_s;
    QVERIFY(db.saveVirtualHost(site));
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings"_s).toInt(), 1);
    QVERIFY(db.removeVirtualHost(site.id));
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings"_s).toInt(), 0);
}

void TestDatabasePhp::logUpstreamTimesStored()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost site = makeHost(u"app.test"_s);
    site.proxy.routes = { { u"/"_s, u"http://127.0.0.1:9000"_s } };
    site.proxy.logUpstreamTimes = true;
    QVERIFY2(db.saveVirtualHost(site), qPrintable(db.lastError()));
    db.close();
    QVERIFY(db.open(path()));
    QCOMPARE(stored(db, u"app.test"_s).proxy, site.proxy);
    QVERIFY(stored(db, u"app.test"_s).proxy.logUpstreamTimes);
    site.proxy.logUpstreamTimes = false;
    QVERIFY(db.saveVirtualHost(site));
    QVERIFY(!stored(db, u"app.test"_s).proxy.logUpstreamTimes);
    QCOMPARE(rawQuery(u"SELECT log_upstream_times FROM proxy_settings"_s).toInt(), 0);
}

void TestDatabasePhp::invalidRefused_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<QString>("reason");
    QTest::newRow("scheme") << u"http://127.0.0.1:9000"_s << u"/"_s << 1000 << u"no scheme"_s;
    QTest::newRow("no port") << u"127.0.0.1"_s << u"/"_s << 1000 << u"port"_s;
    QTest::newRow("relative socket") << u"unix:php.sock"_s << u"/"_s << 1000 << u"absolute path"_s;
    QTest::newRow("relative prefix") << u"auto"_s << u"blog"_s << 1000 << u"PHP path"_s;
    QTest::newRow("timeout too short") << u"auto"_s << u"/"_s << 99 << u"timeout"_s;
    QTest::newRow("timeout too long")
        << u"auto"_s << u"/"_s << PhpSettings::kMaxTimeoutMs + 1 << u"timeout"_s;
}

void TestDatabasePhp::invalidRefused()
{
    QFETCH(QString, address);
    QFETCH(QString, prefix);
    QFETCH(int, timeoutMs);
    QFETCH(QString, reason);
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"bad.test"_s);
    host.php.address = address;
    host.php.pathPrefix = prefix;
    host.php.timeoutMs = timeoutMs;
    QVERIFY(!db.saveVirtualHost(host));
    QVERIFY2(db.lastError().contains(u"bad.test"_s) && db.lastError().contains(reason),
        qPrintable(db.lastError()));
    QCOMPARE(host.id, 0);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM virtual_hosts WHERE host_name = 'bad.test'"_s).toInt(), 0);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings"_s).toInt(), 0);
}

void TestDatabasePhp::version10UpgradesToVersion11()
{
    // A version-10 file with a proxied site and its app: step 11 keeps them; the site has no PHP
    // and does not log upstream times.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v10"_s);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QString error;
        QVERIFY2(Schema::upgrade(db, 0, 10, &error), qPrintable(error));
        QSqlQuery query(db);
        for (const QString &sql :
            { u"INSERT INTO virtual_hosts (host_name, document_root, is_default) VALUES "
              "('old.test', '%1', 1)"_s.arg(m_dir->path()),
                u"INSERT INTO proxy_settings VALUES ((SELECT id FROM virtual_hosts), 1, 2500)"_s,
                u"INSERT INTO proxy_routes VALUES ((SELECT id FROM virtual_hosts), 0, '/api', "
                "'http://127.0.0.1:9000/v1')"_s,
                u"INSERT INTO proxy_apps VALUES ((SELECT id FROM virtual_hosts), 'npm run dev', '', "
                "'[\"PORT=9000\"]', 1500)"_s })
            QVERIFY2(query.exec(sql), qPrintable(query.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v10"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 10);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM sqlite_master WHERE name = 'php_settings'"_s).toInt(), 0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM sqlite_master WHERE name = 'php_settings'"_s).toInt(), 1);
    QList<VirtualHost> hosts = db.virtualHosts();
    QVERIFY2(hosts.size() == 1, qPrintable(db.lastError()));
    ProxySettings expected;
    expected.routes = { { u"/api"_s, u"http://127.0.0.1:9000/v1"_s } };
    expected.sendUpstreamHost = true;
    expected.upstreamTimeoutMs = 2500;
    expected.app.command = u"npm run dev"_s;
    expected.app.environment = { u"PORT=9000"_s };
    expected.app.stopGraceMs = 1500;
    QCOMPARE(hosts.constFirst().proxy, expected);
    QCOMPARE(hosts.constFirst().php, PhpSettings());
    hosts.first().php.address = u"auto"_s;
    hosts.first().proxy.logUpstreamTimes = true;
    QVERIFY2(db.saveVirtualHost(hosts.first()), qPrintable(db.lastError()));
    QCOMPARE(db.virtualHosts().constFirst().php, hosts.constFirst().php);
    QCOMPARE(db.virtualHosts().constFirst().proxy, hosts.constFirst().proxy);
}

void TestDatabasePhp::damagedRowReported_data()
{
    // A row written by hand (or damaged) that the engine cannot use. SQL literals.
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("timeoutMs");
    QTest::addColumn<QString>("value"); // the value the message quotes
    QTest::newRow("address with a scheme")
        << u"'http://x:9000'"_s << u"'/'"_s << u"5000"_s << u"http://x:9000"_s;
    QTest::newRow("address without a port") << u"'php-fpm'"_s << u"'/'"_s << u"5000"_s << u"php-fpm"_s;
    QTest::newRow("address a number") << u"9000"_s << u"'/'"_s << u"5000"_s << u"9000"_s;
    QTest::newRow("relative prefix") << u"'auto'"_s << u"'blog'"_s << u"5000"_s << u"blog"_s;
    QTest::newRow("timeout 0") << u"'auto'"_s << u"'/'"_s << u"0"_s << u"\"0\""_s;
    QTest::newRow("timeout too long") << u"'auto'"_s << u"'/'"_s << u"3600001"_s << u"3600001"_s;
    QTest::newRow("timeout is text") << u"'auto'"_s << u"'/'"_s << u"'soon'"_s << u"soon"_s;
    QTest::newRow("timeout is a fraction") << u"'auto'"_s << u"'/'"_s << u"2.5"_s << u"2.5"_s;
    QTest::newRow("timeout beyond int") << u"'auto'"_s << u"'/'"_s << u"4294967296"_s << u"4294967296"_s;
}

void TestDatabasePhp::damagedRowReported()
{
    QFETCH(QString, address);
    QFETCH(QString, prefix);
    QFETCH(QString, timeoutMs);
    QFETCH(QString, value);
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"php.test"_s);
    host.php.address = u"auto"_s;
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    db.close();
    const QString set = u"address = %1, path_prefix = %2, timeout_ms = %3"_s.arg(address, prefix, timeoutMs);
    rawQuery(u"UPDATE php_settings SET "_s + set);
    const QString same
        = u"address = %1 AND path_prefix = %2 AND timeout_ms = %3"_s.arg(address, prefix, timeoutMs);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings WHERE "_s + same).toInt(), 1);
    QVERIFY(db.open(path()));
    QVERIFY(db.virtualHosts().isEmpty()); // nothing served on a guess
    QVERIFY2(
        db.lastError().contains(u"php.test"_s) && db.lastError().contains(value), qPrintable(db.lastError()));
    // The row is still as it was: reported, not replaced.
    QCOMPARE(rawQuery(u"SELECT count(*) FROM php_settings WHERE "_s + same).toInt(), 1);
}

QTEST_GUILESS_MAIN(TestDatabasePhp)
#include "tst_databasephp.moc"
