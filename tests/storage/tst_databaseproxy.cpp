// A site's proxy settings in SQLite (storage::ProxyTable, schema steps 9
// and 10; issue #24): stored and read back in order, replaced on save,
// removed with the site, refused when invalid (nothing stored), a version-8
// file upgraded with its sites keeping the defaults; the site's app command
// (step 10) likewise, a version-9 file upgraded with its proxy settings kept,
// and a damaged stored app reported, never replaced by a default.
#include "DatabaseFixture.h"
#include "model/SiteValidator.h"
#include "storage/Database.h"
#include "storage/Schema.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::AppCommand;
using hostbench::model::ProxyRoute;
using hostbench::model::ProxySettings;
using hostbench::model::VirtualHost;
using hostbench::storage::Database;
using hostbench::storage::Schema;

class TestDatabaseProxy final : public QObject, private DatabaseFixture
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(makeFolder()); }
    void roundTrip();
    void invalidRefused_data();
    void invalidRefused();
    void version8UpgradesToVersion9();
    void appRoundTrip();
    void invalidAppRefused_data();
    void invalidAppRefused();
    void version9UpgradesToVersion10();
    void damagedAppRowReported_data();
    void damagedAppRowReported();
    void refusedStoredAppKeptAsStored();

private:
    VirtualHost makeHost(const QString &name) const
    {
        VirtualHost host;
        host.hostName = name;
        host.documentRoot = m_dir->path();
        return host;
    }
};

void TestDatabaseProxy::roundTrip()
{
    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    VirtualHost plain = makeHost(u"plain.test"_s);
    QVERIFY2(db.saveVirtualHost(plain), qPrintable(db.lastError()));
    VirtualHost app = makeHost(u"app.test"_s);
    app.proxy.routes
        = { { u" /api "_s, u"http://127.0.0.1:9000/v1"_s }, { u"/"_s, u"unix:/run/app.sock"_s } };
    app.proxy.sendUpstreamHost = true;
    app.proxy.upstreamTimeoutMs = 2500;
    QVERIFY2(db.saveVirtualHost(app), qPrintable(db.lastError()));
    QCOMPARE(app.proxy.routes.at(0).pathPrefix, u"/api"_s); // trimmed
    db.close();

    QVERIFY(db.open(path()));
    QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 2);
    const auto byName = [&](const QString &name) {
        return *std::find_if(
            hosts.begin(), hosts.end(), [&](const VirtualHost &h) { return h.hostName == name; });
    };
    QCOMPARE(byName(u"app.test"_s).proxy, app.proxy);
    QCOMPARE(byName(u"plain.test"_s).proxy, ProxySettings());

    // Saving again replaces the routes; removing the site removes them.
    app.proxy.routes.removeFirst();
    app.proxy.sendUpstreamHost = false;
    QVERIFY(db.saveVirtualHost(app));
    hosts = db.virtualHosts();
    QCOMPARE(byName(u"app.test"_s).proxy, app.proxy);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_routes"_s).toInt(), 1);
    QVERIFY(db.removeVirtualHost(app.id));
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_routes"_s).toInt(), 0);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_settings"_s).toInt(), 1); // plain.test's
}

void TestDatabaseProxy::invalidRefused_data()
{
    QTest::addColumn<QList<ProxyRoute>>("routes");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<QString>("reason");
    const QList<ProxyRoute> good { { u"/"_s, u"http://127.0.0.1:9000"_s } };
    QTest::newRow("bad upstream") << QList<ProxyRoute> { { u"/"_s, u"ftp://x"_s } } << 1000 << u"http://"_s;
    QTest::newRow("relative prefix") << QList<ProxyRoute> { { u"api"_s, u"http://x.test"_s } } << 1000
                                     << u"start with"_s;
    QTest::newRow("prefix twice") << (good + good) << 1000 << u"twice"_s;
    QTest::newRow("timeout") << good << 0 << u"timeout"_s;
}

void TestDatabaseProxy::invalidRefused()
{
    QFETCH(QList<ProxyRoute>, routes);
    QFETCH(int, timeoutMs);
    QFETCH(QString, reason);
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"bad.test"_s);
    host.proxy.routes = routes;
    host.proxy.upstreamTimeoutMs = timeoutMs;
    QVERIFY(!db.saveVirtualHost(host));
    QVERIFY2(db.lastError().contains(u"bad.test"_s) && db.lastError().contains(reason),
        qPrintable(db.lastError()));
    QCOMPARE(host.id, 0);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM virtual_hosts WHERE host_name = 'bad.test'"_s).toInt(), 0);
}

void TestDatabaseProxy::version8UpgradesToVersion9()
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v8"_s);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QString error;
        QVERIFY2(Schema::upgrade(db, 0, 8, &error), qPrintable(error));
        QSqlQuery query(db);
        QVERIFY2(query.exec(u"INSERT INTO virtual_hosts (host_name, document_root, is_default) VALUES "
                            "('old.test', '%1', 1)"_s.arg(m_dir->path())),
            qPrintable(query.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v8"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 8);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM sqlite_master WHERE name = 'proxy_routes'"_s).toInt(), 0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst().proxy, ProxySettings());
    hosts.first().proxy.routes = { { u"/"_s, u"http://[::1]:3000"_s } };
    QVERIFY2(db.saveVirtualHost(hosts.first()), qPrintable(db.lastError()));
    QCOMPARE(db.virtualHosts().constFirst().proxy.routes, hosts.constFirst().proxy.routes);
}

void TestDatabaseProxy::appRoundTrip()
{
    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    VirtualHost app = makeHost(u"app.test"_s);
    app.proxy.routes = { { u"/"_s, u"http://127.0.0.1:9000"_s } };
    app.proxy.app.command = u" python3 -m http.server 9000 "_s;
    app.proxy.app.workingDir = m_dir->path();
    app.proxy.app.environment = { u"PORT=9000"_s, u"GREETING=a b=c"_s, u"EMPTY="_s };
    app.proxy.app.stopGraceMs = 1500;
    QVERIFY2(db.saveVirtualHost(app), qPrintable(db.lastError()));
    QCOMPARE(app.proxy.app.command, u"python3 -m http.server 9000"_s); // trimmed
    VirtualHost plain = makeHost(u"plain.test"_s);
    QVERIFY2(db.saveVirtualHost(plain), qPrintable(db.lastError()));
    db.close();

    QVERIFY(db.open(path()));
    const auto stored = [&](const QString &name) {
        const QList<VirtualHost> hosts = db.virtualHosts();
        const auto found = std::find_if(
            hosts.begin(), hosts.end(), [&](const VirtualHost &h) { return h.hostName == name; });
        return found == hosts.end() ? VirtualHost() : *found;
    };
    QCOMPARE(stored(u"app.test"_s).proxy.app, app.proxy.app);
    QCOMPARE(stored(u"app.test"_s).proxy, app.proxy);
    QCOMPARE(stored(u"plain.test"_s).proxy.app, AppCommand());
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_apps"_s).toInt(), 1); // none for a site without an app

    // Saving again replaces it; an app removed leaves no row; the site's removal takes it along.
    app.proxy.app.environment.clear();
    app.proxy.app.workingDir.clear();
    app.proxy.app.stopGraceMs = AppCommand::kMaxGraceMs;
    QVERIFY2(db.saveVirtualHost(app), qPrintable(db.lastError()));
    QCOMPARE(stored(u"app.test"_s).proxy.app, app.proxy.app);
    app.proxy.app = AppCommand();
    QVERIFY(db.saveVirtualHost(app));
    QCOMPARE(stored(u"app.test"_s).proxy.app, AppCommand());
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_apps"_s).toInt(), 0);
    app.proxy.app.command = u"npm run dev"_s;
    QVERIFY(db.saveVirtualHost(app));
    QVERIFY(db.removeVirtualHost(app.id));
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_apps"_s).toInt(), 0);
}

void TestDatabaseProxy::invalidAppRefused_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QStringList>("environment");
    QTest::addColumn<int>("graceMs");
    QTest::addColumn<QString>("reason");
    const QString cmd = u"npm run dev"_s;
    QTest::newRow("only quotes") << u"\"\""_s << QString() << QStringList() << 5000 << u"names no program"_s;
    QTest::newRow("relative folder") << cmd << u"app"_s << QStringList() << 5000 << u"absolute"_s;
    QTest::newRow("folder without command")
        << QString() << u"/srv/a"_s << QStringList() << 5000 << u"need a command"_s;
    QTest::newRow("environment without command")
        << u"  "_s << QString() << QStringList { u"A=1"_s } << 5000 << u"need a command"_s;
    QTest::newRow("environment entry without =")
        << cmd << QString() << QStringList { u"PORT"_s } << 5000 << u"NAME=value"_s;
    QTest::newRow("environment name with a blank")
        << cmd << QString() << QStringList { u"MY PORT=1"_s } << 5000 << u"NAME=value"_s;
    QTest::newRow("grace too short") << cmd << QString() << QStringList() << 99 << u"grace"_s;
    QTest::newRow("grace too long") << cmd << QString() << QStringList() << AppCommand::kMaxGraceMs + 1
                                    << u"grace"_s;
}

void TestDatabaseProxy::invalidAppRefused()
{
    QFETCH(QString, command);
    QFETCH(QString, dir);
    QFETCH(QStringList, environment);
    QFETCH(int, graceMs);
    QFETCH(QString, reason);
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"bad.test"_s);
    host.proxy.app = { command, dir, environment, graceMs };
    QVERIFY(!db.saveVirtualHost(host));
    QVERIFY2(db.lastError().contains(u"bad.test"_s) && db.lastError().contains(reason),
        qPrintable(db.lastError()));
    QCOMPARE(host.id, 0);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM virtual_hosts WHERE host_name = 'bad.test'"_s).toInt(), 0);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_apps"_s).toInt(), 0);
}

void TestDatabaseProxy::version9UpgradesToVersion10()
{
    // A version-9 file with a proxied site: step 10 keeps its routes and settings, the site has no app.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"v9"_s);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QString error;
        QVERIFY2(Schema::upgrade(db, 0, 9, &error), qPrintable(error));
        QSqlQuery query(db);
        for (const QString &sql :
            { u"INSERT INTO virtual_hosts (host_name, document_root, is_default) VALUES "
              "('old.test', '%1', 1)"_s.arg(m_dir->path()),
                u"INSERT INTO proxy_settings VALUES ((SELECT id FROM virtual_hosts), 1, 2500)"_s,
                u"INSERT INTO proxy_routes VALUES ((SELECT id FROM virtual_hosts), 0, '/api', "
                "'http://127.0.0.1:9000/v1')"_s })
            QVERIFY2(query.exec(sql), qPrintable(query.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"v9"_s);
    QCOMPARE(rawQuery(u"PRAGMA user_version"_s).toInt(), 9);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM sqlite_master WHERE name = 'proxy_apps'"_s).toInt(), 0);

    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QCOMPARE(rawQuery(u"SELECT count(*) FROM sqlite_master WHERE name = 'proxy_apps'"_s).toInt(), 1);
    QList<VirtualHost> hosts = db.virtualHosts();
    QVERIFY2(hosts.size() == 1, qPrintable(db.lastError()));
    ProxySettings expected;
    expected.routes = { { u"/api"_s, u"http://127.0.0.1:9000/v1"_s } };
    expected.sendUpstreamHost = true;
    expected.upstreamTimeoutMs = 2500;
    QCOMPARE(hosts.constFirst().proxy, expected);
    hosts.first().proxy.app.command = u"python3 -m http.server 9000"_s;
    QVERIFY2(db.saveVirtualHost(hosts.first()), qPrintable(db.lastError()));
    QCOMPARE(db.virtualHosts().constFirst().proxy.app, hosts.constFirst().proxy.app);
    QCOMPARE(db.virtualHosts().constFirst().proxy.routes, expected.routes);
}

void TestDatabaseProxy::damagedAppRowReported_data()
{
    // A row written by hand (or damaged) whose value is not of its column's type.
    QTest::addColumn<QString>("environment"); // SQL literals
    QTest::addColumn<QString>("graceMs");
    QTest::addColumn<QString>("reason");
    QTest::newRow("grace is text") << u"'[]'"_s << u"'soon'"_s << u"stop grace period is not a number"_s;
    QTest::newRow("grace is a fraction") << u"'[]'"_s << u"2.5"_s << u"stop grace period is not a number"_s;
    QTest::newRow("grace beyond int")
        << u"'[]'"_s << u"4294967296"_s << u"stop grace period is not a number"_s;
    QTest::newRow("environment not JSON")
        << u"'PORT=1'"_s << u"5000"_s << u"environment is not a JSON array"_s;
    QTest::newRow("environment an object")
        << u"'{\"PORT\": \"1\"}'"_s << u"5000"_s << u"environment is not a JSON array"_s;
    QTest::newRow("environment entry a number")
        << u"'[\"A=1\", 2]'"_s << u"5000"_s << u"environment is not a JSON array"_s;
}

void TestDatabaseProxy::damagedAppRowReported()
{
    QFETCH(QString, environment);
    QFETCH(QString, graceMs);
    QFETCH(QString, reason);
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"app.test"_s);
    host.proxy.app.command = u"npm run dev"_s;
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    db.close();
    rawQuery(u"UPDATE proxy_apps SET environment = %1, stop_grace_ms = %2"_s.arg(environment, graceMs));
    QCOMPARE(rawQuery(u"SELECT environment = %1 AND stop_grace_ms = %2 FROM proxy_apps"_s.arg(
                          environment, graceMs))
                 .toInt(),
        1);
    QVERIFY(db.open(path()));
    QVERIFY(db.virtualHosts().isEmpty()); // nothing served on a guess
    QVERIFY2(db.lastError().contains(u"app.test"_s) && db.lastError().contains(reason),
        qPrintable(db.lastError()));
    // The row is still as it was: reported, not replaced.
    QCOMPARE(rawQuery(u"SELECT count(*) FROM proxy_apps WHERE command = 'npm run dev'"_s).toInt(), 1);
}

void TestDatabaseProxy::refusedStoredAppKeptAsStored()
{
    // A value of the right type that the rules refuse (a grace of 50 ms, an
    // entry without "="; stored by hand) is read as stored, not replaced by a
    // default, so that SiteValidator names it, as it does a bad timeout.
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"app.test"_s);
    host.proxy.app.command = u"npm run dev"_s;
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    db.close();
    rawQuery(u"UPDATE proxy_apps SET environment = '[\"PORT\"]', stop_grace_ms = 50"_s);
    QVERIFY(db.open(path()));
    const QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst().proxy.app.stopGraceMs, 50);
    QCOMPARE(hosts.constFirst().proxy.app.environment, QStringList { u"PORT"_s });
    const auto errors = hostbench::model::SiteValidator::validate(hosts.constFirst(), hosts, QString());
    QVERIFY2(errors.app.contains(u"NAME=value"_s), qPrintable(errors.app));
    // Saving it as it is is refused, naming the site.
    VirtualHost same = hosts.constFirst();
    QVERIFY(!db.saveVirtualHost(same));
    QVERIFY2(db.lastError().contains(u"app.test"_s), qPrintable(db.lastError()));
}

QTEST_GUILESS_MAIN(TestDatabaseProxy)
#include "tst_databaseproxy.moc"
