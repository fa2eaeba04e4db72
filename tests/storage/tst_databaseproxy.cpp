// A site's proxy settings in SQLite (storage::ProxyTable, schema step 9;
// issue #24): stored and read back in order, replaced on save, removed with
// the site, refused when invalid (nothing stored), and a version-8 file
// upgraded with its sites keeping the defaults.
#include "DatabaseFixture.h"
#include "storage/Database.h"
#include "storage/Schema.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
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
    QCOMPARE(db.schemaVersion(), 9);
    QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst().proxy, ProxySettings());
    hosts.first().proxy.routes = { { u"/"_s, u"http://[::1]:3000"_s } };
    QVERIFY2(db.saveVirtualHost(hosts.first()), qPrintable(db.lastError()));
    QCOMPARE(db.virtualHosts().constFirst().proxy.routes, hosts.constFirst().proxy.routes);
}

QTEST_GUILESS_MAIN(TestDatabaseProxy)
#include "tst_databaseproxy.moc"
