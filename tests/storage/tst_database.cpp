#include "DatabaseFixture.h"
#include "storage/Database.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::Route;
using hostbench::model::ServerConfig;
using hostbench::model::VirtualHost;
using hostbench::storage::Database;

namespace {

// The storage connections open now (Database names them hostbench-storage-N).
QStringList storageConnections()
{
    QStringList names;
    for (const QString &name : QSqlDatabase::connectionNames()) {
        if (name.startsWith(u"hostbench-storage-"_s))
            names.append(name);
    }
    return names;
}

// Runs one statement on the single open storage connection and returns the first column.
QVariant pragmaOnStorageConnection(const QString &sql)
{
    const QStringList names = storageConnections();
    if (names.size() != 1)
        return {};
    QSqlQuery query(QSqlDatabase::database(names.constFirst()));
    if (!query.exec(sql) || !query.next())
        return {};
    return query.value(0);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

VirtualHost makeHost(const QString &name, const QStringList &aliases = {}, bool isDefault = false)
{
    VirtualHost host;
    host.hostName = name;
    host.aliases = aliases;
    host.documentRoot = u"/srv/"_s + name;
    host.isDefault = isDefault;
    return host;
}

} // namespace
class TestDatabase final : public QObject, private DatabaseFixture
{
    Q_OBJECT

private slots:
    void init();
    void migratesNewAndEmptyFiles_data();
    void migratesNewAndEmptyFiles();
    void connectionIsNamedAndRemovedOnClose();
    void reopenKeepsData();
    void hostSaveUpdateRemove();
    void namesAreNormalised();
    void duplicateNamesRejected_data();
    void duplicateNamesRejected();
    void hostMayTakeItsOwnAliasAsName();
    void defaultFlagIsExclusive();
    void invalidHostsRejected();
    void serverConfigRoundTrip();
    void hostSettingsRoundTrip();
    void invalidHostSettingsRejected();
    void garbageFileLeftUntouched();
    void newerSchemaRefused();
    void foreignDatabaseRefused();
};

void TestDatabase::init()
{
    QVERIFY(makeFolder());
}

void TestDatabase::migratesNewAndEmptyFiles_data()
{
    QTest::addColumn<bool>("createEmptyFile");
    QTest::newRow("no file") << false;
    QTest::newRow("zero-byte file") << true;
}

void TestDatabase::migratesNewAndEmptyFiles()
{
    QFETCH(bool, createEmptyFile);
    if (createEmptyFile) {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly));
    }
    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    QVERIFY(db.isOpen());
    QCOMPARE(db.filePath(), path());
    QCOMPARE(db.schemaVersion(), Database::kSchemaVersion);
    QCOMPARE(pragmaOnStorageConnection(u"PRAGMA journal_mode"_s).toString(), u"wal"_s);
    QCOMPARE(pragmaOnStorageConnection(u"PRAGMA foreign_keys"_s).toInt(), 1);
    QVERIFY(db.virtualHosts().isEmpty());
    QVERIFY(db.runs().isEmpty());
    db.close();
    QCOMPARE(rawQuery(path(), u"PRAGMA user_version"_s).toInt(), Database::kSchemaVersion);
}

void TestDatabase::connectionIsNamedAndRemovedOnClose()
{
    const QStringList before = storageConnections();
    {
        Database a;
        Database b;
        QVERIFY(a.open(path()));
        QVERIFY(b.open(path()));
        const QStringList open = storageConnections();
        QCOMPARE(open.size(), before.size() + 2);
        a.close();
        QVERIFY(!a.isOpen());
        QCOMPARE(storageConnections().size(), before.size() + 1);
        QVERIFY(b.isOpen()); // its own connection survives the other's close
        QCOMPARE(b.schemaVersion(), Database::kSchemaVersion);
    }
    QCOMPARE(storageConnections(), before); // the destructor closes
}

void TestDatabase::reopenKeepsData()
{
    VirtualHost host = makeHost(u"example.test"_s, { u"www.example.test"_s }, true);
    host.routes = { Route { u"/hello"_s, 200, u"text/plain"_s, "hello" } };
    {
        Database db;
        QVERIFY(db.open(path()));
        QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
        QVERIFY(db.setSetting(u"answer"_s, u"42"_s));
        QVERIFY2(db.setSetting(u"empty"_s, QString()), qPrintable(db.lastError())); // a null QString
    }
    Database db;
    QVERIFY2(db.open(path()), qPrintable(db.lastError()));
    const QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst(), host);
    QCOMPARE(db.setting(u"answer"_s), u"42"_s);
    QCOMPARE(db.setting(u"absent"_s, u"fallback"_s), u"fallback"_s);
    QCOMPARE(db.setting(u"empty"_s, u"fallback"_s), QString());
}

void TestDatabase::hostSaveUpdateRemove()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost a = makeHost(u"a.test"_s, { u"www.a.test"_s, u"alt.a.test"_s }, true);
    a.routes = { Route { u"/hello"_s, 200, u"text/plain"_s, "hello" },
        Route { u"/gone"_s, 410, u"text/html"_s, QByteArray("\0binary\xff", 8) },
        Route { u"/empty"_s, 204, u"text/plain"_s, {} } };
    VirtualHost b = makeHost(u"b.test"_s);
    QVERIFY2(db.saveVirtualHost(a), qPrintable(db.lastError()));
    QVERIFY2(db.saveVirtualHost(b), qPrintable(db.lastError()));
    QVERIFY(a.id > 0);
    QVERIFY(b.id > 0);
    QVERIFY(a.id != b.id);

    QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 2);
    a.routes[2].body = QByteArray(""); // an empty body reads back as empty, not null
    QCOMPARE(hosts.at(0), a); // default first
    QCOMPARE(hosts.at(1), b);

    // Update: rename, new aliases, fewer routes; the id stays.
    a.hostName = u"a2.test"_s;
    a.aliases = { u"alt.a.test"_s, u"new.a.test"_s };
    a.routes = { Route { u"/ok"_s, 200, u"text/plain"_s, "OK" } };
    a.documentRoot = u"/srv/elsewhere"_s;
    const qint64 id = a.id;
    QVERIFY2(db.saveVirtualHost(a), qPrintable(db.lastError()));
    QCOMPARE(a.id, id);
    hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 2);
    QCOMPARE(hosts.at(0), a);

    // The old alias is free again.
    b.aliases = { u"www.a.test"_s };
    QVERIFY2(db.saveVirtualHost(b), qPrintable(db.lastError()));

    QVERIFY(db.removeVirtualHost(a.id));
    hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst(), b);
    QVERIFY(!db.removeVirtualHost(a.id));
    QVERIFY(db.lastError().contains(QString::number(a.id)));
    db.close();
    // Aliases and routes went with their host (ON DELETE CASCADE).
    QCOMPARE(rawQuery(path(), u"SELECT count(*) FROM routes"_s).toInt(), 0);
    QCOMPARE(rawQuery(path(), u"SELECT count(*) FROM host_aliases"_s).toInt(), 1);

    // Updating a host that is not stored fails.
    QVERIFY(db.open(path()));
    VirtualHost ghost = makeHost(u"ghost.test"_s);
    ghost.id = 9999;
    QVERIFY(!db.saveVirtualHost(ghost));
    QVERIFY(db.lastError().contains(u"9999"_s));
}

void TestDatabase::namesAreNormalised()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(
        u"  Example.TEST "_s, { u"WWW.example.test"_s, u"example.test"_s, u"www.example.test"_s, u" "_s });
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    QCOMPARE(host.hostName, u"example.test"_s);
    QCOMPARE(host.aliases, QStringList { u"www.example.test"_s });
    QCOMPARE(db.virtualHosts().constFirst(), host);
}

void TestDatabase::duplicateNamesRejected_data()
{
    // An existing host "first.test" with alias "alias.test"; then a second host.
    QTest::addColumn<QString>("hostName");
    QTest::addColumn<QStringList>("aliases");
    QTest::addColumn<QString>("clash");
    QTest::addColumn<QString>("otherHost");
    QTest::newRow("same host name") << u"first.test"_s << QStringList() << u"first.test"_s << QString();
    QTest::newRow("same host name, other case")
        << u"FIRST.test"_s << QStringList() << u"first.test"_s << QString();
    QTest::newRow("host name is another's alias")
        << u"alias.test"_s << QStringList() << u"alias.test"_s << u"first.test"_s;
    QTest::newRow("alias is another's host name")
        << u"second.test"_s << QStringList { u"first.test"_s } << u"first.test"_s << QString();
    QTest::newRow("alias is another's alias")
        << u"second.test"_s << QStringList { u"ok.test"_s, u"Alias.Test"_s } << u"alias.test"_s
        << u"first.test"_s;
}

void TestDatabase::duplicateNamesRejected()
{
    QFETCH(QString, hostName);
    QFETCH(QStringList, aliases);
    QFETCH(QString, clash);
    QFETCH(QString, otherHost);
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost first = makeHost(u"first.test"_s, { u"alias.test"_s });
    QVERIFY(db.saveVirtualHost(first));

    VirtualHost second = makeHost(hostName, aliases);
    QVERIFY(!db.saveVirtualHost(second));
    QCOMPARE(second.id, 0);
    QVERIFY2(db.lastError().contains(u'"' + clash + u'"'), qPrintable(db.lastError()));
    if (!otherHost.isEmpty())
        QVERIFY2(db.lastError().contains(u'"' + otherHost + u'"'), qPrintable(db.lastError()));
    const QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst(), first);
}

void TestDatabase::hostMayTakeItsOwnAliasAsName()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"example.test"_s, { u"www.example.test"_s });
    QVERIFY(db.saveVirtualHost(host));
    host.hostName = u"www.example.test"_s;
    host.aliases = { u"example.test"_s };
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    QCOMPARE(db.virtualHosts().constFirst(), host);
}

void TestDatabase::defaultFlagIsExclusive()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost a = makeHost(u"a.test"_s, {}, true);
    VirtualHost b = makeHost(u"b.test"_s, {}, false);
    VirtualHost c = makeHost(u"c.test"_s, {}, true);
    QVERIFY(db.saveVirtualHost(a));
    QVERIFY(db.saveVirtualHost(b));
    QVERIFY(db.saveVirtualHost(c));
    QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 3);
    QCOMPARE(hosts.at(0).hostName, u"c.test"_s);
    QVERIFY(hosts.at(0).isDefault);
    QVERIFY(!hosts.at(1).isDefault);
    QVERIFY(!hosts.at(2).isDefault);

    b.isDefault = true;
    QVERIFY(db.saveVirtualHost(b));
    hosts = db.virtualHosts();
    QCOMPARE(hosts.at(0).hostName, u"b.test"_s);
    int defaults = 0;
    for (const VirtualHost &host : hosts)
        defaults += host.isDefault ? 1 : 0;
    QCOMPARE(defaults, 1);
}

void TestDatabase::invalidHostsRejected()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost noName = makeHost(u"  "_s);
    QVERIFY(!db.saveVirtualHost(noName));
    QVERIFY(db.lastError().contains(u"host name"_s));
    VirtualHost noRoot = makeHost(u"x.test"_s);
    noRoot.documentRoot.clear();
    QVERIFY(!db.saveVirtualHost(noRoot));
    QVERIFY(db.lastError().contains(u"document root"_s));
    VirtualHost badRoute = makeHost(u"x.test"_s);
    badRoute.routes = { Route { u"hello"_s, 200, u"text/plain"_s, "x" } };
    QVERIFY(!db.saveVirtualHost(badRoute));
    QVERIFY(db.lastError().contains(u"start with /"_s));
    VirtualHost twoRoutes = makeHost(u"x.test"_s);
    twoRoutes.routes
        = { Route { u"/a"_s, 200, u"text/plain"_s, "x" }, Route { u"/a"_s, 404, u"text/plain"_s, "y" } };
    QVERIFY(!db.saveVirtualHost(twoRoutes));
    QVERIFY(db.lastError().contains(u"two routes"_s));
    QVERIFY(db.virtualHosts().isEmpty());
}

void TestDatabase::serverConfigRoundTrip()
{
    Database db;
    QVERIFY(db.open(path()));
    QCOMPARE(db.serverConfig(), ServerConfig()); // defaults when nothing is stored
    ServerConfig config;
    config.listenAddress = u"::1"_s;
    config.port = 18081;
    config.threads = 3;
    config.portFallback = false;
    config.headerTimeoutMs = 2500;
    config.keepAliveTimeoutMs = 750;
    config.sendTimeoutMs = 30'000;
    config.maxConnectionsPerWorker = 64;
    QVERIFY(config != ServerConfig());
    QVERIFY(db.saveServerConfig(config));
    db.close();
    QVERIFY(db.open(path()));
    QCOMPARE(db.serverConfig(), config);

    // A stored value that does not read as its type gives that setting's
    // default, and leaves the others as stored.
    QVERIFY(db.setSetting(u"server.port"_s, u"99999"_s)); // not a port
    QVERIFY(db.setSetting(u"server.port_fallback"_s, u"yes"_s)); // not 1 or 0
    QVERIFY(db.setSetting(u"server.header_timeout_ms"_s, u"-5"_s)); // not positive
    QVERIFY(db.setSetting(u"server.threads"_s, u"two"_s));
    ServerConfig expected = config;
    expected.port = ServerConfig().port;
    expected.portFallback = ServerConfig().portFallback;
    expected.headerTimeoutMs = ServerConfig().headerTimeoutMs;
    expected.threads = ServerConfig().threads;
    QCOMPARE(db.serverConfig(), expected);
}

void TestDatabase::hostSettingsRoundTrip()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost plain = makeHost(u"plain.test"_s);
    QVERIFY2(db.saveVirtualHost(plain), qPrintable(db.lastError()));
    VirtualHost host = makeHost(u"tuned.test"_s, { u"www.tuned.test"_s }, true);
    host.indexFiles = { u"index.htm"_s, u"  default.html "_s };
    host.directoryListing = true;
    host.followSymlinks = true;
    host.serveHiddenFiles = true;
    host.errorPages = { { 404, u"/errors/404.html"_s }, { 503, u"/busy.html"_s } };
    host.limits.maxRequestLineBytes = 4096;
    host.limits.maxHeaderBytes = 8192;
    host.limits.maxHeaderFields = 50;
    host.limits.maxBodyBytes = 5'000'000'000; // past 32 bits
    host.accessLogEnabled = false;
    host.accessLogPath = u"/var/log/tuned.access.log"_s;
    host.errorLogPath = u"/var/log/tuned.error.log"_s;
    host.logRotateBytes = 1024;
    host.logRotateKeep = 0;
    QVERIFY2(db.saveVirtualHost(host), qPrintable(db.lastError()));
    QCOMPARE(host.indexFiles, (QStringList { u"index.htm"_s, u"default.html"_s })); // trimmed
    db.close();

    QVERIFY(db.open(path()));
    const QList<VirtualHost> hosts = db.virtualHosts();
    QCOMPARE(hosts.size(), 2);
    QCOMPARE(hosts.at(0), host);
    QCOMPARE(hosts.at(1), plain);
    QCOMPARE(hosts.at(1).indexFiles, VirtualHost().indexFiles); // the defaults

    // Saving again replaces the settings and the error pages.
    host.errorPages.remove(503);
    host.directoryListing = false;
    host.serveHiddenFiles = false;
    host.indexFiles.clear();
    QVERIFY(db.saveVirtualHost(host));
    QCOMPARE(db.virtualHosts().at(0), host);
    QCOMPARE(rawQuery(path(), u"SELECT count(*) FROM error_pages"_s).toInt(), 1);
    // Removing the host removes its settings.
    QVERIFY(db.removeVirtualHost(host.id));
    QCOMPARE(rawQuery(path(), u"SELECT count(*) FROM error_pages"_s).toInt(), 0);
    QCOMPARE(rawQuery(path(), u"SELECT count(*) FROM host_settings"_s).toInt(), 1);
}

void TestDatabase::invalidHostSettingsRejected()
{
    Database db;
    QVERIFY(db.open(path()));
    VirtualHost host = makeHost(u"bad.test"_s);
    host.indexFiles = { u"sub/index.html"_s };
    QVERIFY(!db.saveVirtualHost(host));
    QVERIFY2(db.lastError().contains(u"sub/index.html"_s), qPrintable(db.lastError()));
    host.indexFiles = { u"index.html"_s };
    host.errorPages = { { 404, u"404.html"_s } };
    QVERIFY(!db.saveVirtualHost(host));
    host.errorPages = { { 200, u"/ok.html"_s } };
    QVERIFY(!db.saveVirtualHost(host));
    host.errorPages.clear();
    host.limits.maxHeaderFields = 0;
    QVERIFY(!db.saveVirtualHost(host));
    host.limits = {};
    host.logRotateKeep = -1;
    QVERIFY(!db.saveVirtualHost(host));
    QVERIFY(db.virtualHosts().isEmpty());
}

void TestDatabase::garbageFileLeftUntouched()
{
    QByteArray garbage(8192, Qt::Uninitialized);
    QRandomGenerator generator(12345);
    generator.fillRange(reinterpret_cast<quint32 *>(garbage.data()), garbage.size() / 4);
    {
        QFile file(path());
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(garbage), garbage.size());
    }
    Database db;
    QVERIFY(!db.open(path()));
    QVERIFY(!db.isOpen());
    QVERIFY2(db.lastError().contains(u"not a SQLite database"_s), qPrintable(db.lastError()));
    QVERIFY(db.lastError().contains(path()));
    QCOMPARE(readFile(path()), garbage);
    QVERIFY(!QFile::exists(path() + u"-wal"_s));
    QVERIFY(!QFile::exists(path() + u"-journal"_s));
    QVERIFY(storageConnections().isEmpty());
}

void TestDatabase::newerSchemaRefused()
{
    QCOMPARE(rawQuery(path(), u"PRAGMA user_version = %1"_s.arg(Database::kSchemaVersion + 1)), QVariant());
    QCOMPARE(rawQuery(path(), u"PRAGMA user_version"_s).toInt(), Database::kSchemaVersion + 1);
    const QByteArray before = readFile(path());
    QVERIFY(!before.isEmpty());

    Database db;
    QVERIFY(!db.open(path()));
    QVERIFY2(db.lastError().contains(u"newer"_s), qPrintable(db.lastError()));
    QVERIFY(db.lastError().contains(QString::number(Database::kSchemaVersion + 1)));
    QCOMPARE(readFile(path()), before);
    QCOMPARE(rawQuery(path(), u"PRAGMA journal_mode"_s).toString(), u"delete"_s);
    QVERIFY(storageConnections().isEmpty());
}

void TestDatabase::foreignDatabaseRefused()
{
    rawQuery(path(), u"CREATE TABLE other (x INTEGER)"_s);
    const QByteArray before = readFile(path());
    QVERIFY(!before.isEmpty());
    Database db;
    QVERIFY(!db.open(path()));
    QVERIFY2(db.lastError().contains(u"another application"_s), qPrintable(db.lastError()));
    QCOMPARE(readFile(path()), before);
}

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
