// The window's engine (EngineController) and the stored sites (issue #21): a
// stored site whose document root exposes the system or the data folder
// (stored before the rule, or written into the file by hand) stops a start
// and a reload, naming the site; and the engine it starts guards the data
// folder, so a followed link into it answers 404.
#include "model/ServerConfig.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"

#include <QDir>
#include <QFile>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestStoredSiteGuard final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void exposedStoredSiteStopsTheStart_data();
    void exposedStoredSiteStopsTheStart();
    void exposedStoredSiteStopsTheReload();
    void engineGuardsTheDataFolder();

private:
    static QByteArray get(quint16 port, const QByteArray &host, const QByteArray &path);
    model::VirtualHost storeSite(const QString &name, const QString &root, bool followSymlinks = false);
    static model::ServerConfig config();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::AppSettings> m_settings;
    std::unique_ptr<ui::EngineController> m_engine;
};

void TestStoredSiteGuard::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir->filePath(u"data"_s), &error), qPrintable(error));
    m_settings = std::make_unique<ui::AppSettings>(m_folder->database());
    m_settings->setControlApiEnabled(false);
    m_engine = std::make_unique<ui::EngineController>(m_folder->database(), *m_settings);
}

void TestStoredSiteGuard::cleanup()
{
    m_engine.reset();
    m_settings.reset();
    m_folder.reset();
    m_dir.reset();
}

QByteArray TestStoredSiteGuard::get(quint16 port, const QByteArray &host, const QByteArray &path)
{
    QTcpSocket socket;
    socket.connectToHost(u"127.0.0.1"_s, port);
    if (!socket.waitForConnected(10'000))
        return {};
    socket.write("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    QByteArray data;
    while (socket.waitForReadyRead(10'000))
        data += socket.readAll();
    return data;
}

// Stored as a file edited by hand would hold it: past SiteEdits' rules.
model::VirtualHost TestStoredSiteGuard::storeSite(
    const QString &name, const QString &root, bool followSymlinks)
{
    model::VirtualHost site;
    site.hostName = name;
    site.documentRoot = root;
    site.followSymlinks = followSymlinks;
    site.accessLogEnabled = site.errorLogEnabled = false;
    if (!m_folder->database().saveVirtualHost(site))
        qWarning() << m_folder->database().lastError();
    return site;
}

model::ServerConfig TestStoredSiteGuard::config()
{
    model::ServerConfig config;
    config.port = 0;
    config.threads = 1;
    return config;
}

void TestStoredSiteGuard::exposedStoredSiteStopsTheStart_data()
{
    QTest::addColumn<QString>("root"); // %DATA%: the data folder; %DIR%: the folder above it
    QTest::addColumn<QString>("reason");

    QTest::newRow("/") << u"/"_s << u"the system folder /"_s;
    QTest::newRow("/etc/..//etc") << u"/etc/..//etc"_s << u"the system folder /etc"_s;
    QTest::newRow("the data folder") << u"%DATA%"_s << u"Hostbench's data folder"_s;
    QTest::newRow("a folder holding it") << u"%DIR%"_s << u"Hostbench's data folder"_s;
    QTest::newRow("its logs") << u"%DATA%/logs"_s << u"inside Hostbench's data folder"_s;
}

void TestStoredSiteGuard::exposedStoredSiteStopsTheStart()
{
    QFETCH(QString, root);
    QFETCH(QString, reason);
    root.replace(u"%DATA%"_s, m_folder->path()).replace(u"%DIR%"_s, m_dir->path());
    storeSite(u"bad.test"_s, root);
    QString error;
    QVERIFY(!m_engine->start(config(), &error));
    QVERIFY(!m_engine->isRunning());
    QVERIFY2(error.contains(u"bad.test"_s) && error.contains(reason), qPrintable(error));
}

void TestStoredSiteGuard::exposedStoredSiteStopsTheReload()
{
    QString error;
    QVERIFY2(m_engine->start(config(), &error), qPrintable(error));
    const quint16 port = m_engine->port();
    QVERIFY(get(port, "localhost", "/").startsWith("HTTP/1.1 200"));
    storeSite(u"bad.test"_s, u"/"_s);
    QVERIFY(!m_engine->reloadSites(&error));
    QVERIFY2(error.contains(u"bad.test"_s), qPrintable(error));
    // The engine keeps the sites it had: bad.test is served by the default site, not from "/".
    QVERIFY(m_engine->isRunning());
    const QByteArray reply = get(port, "bad.test", "/etc/passwd");
    QVERIFY2(reply.startsWith("HTTP/1.1 404"), reply.left(200).constData());
}

void TestStoredSiteGuard::engineGuardsTheDataFolder()
{
    const QString root = m_dir->filePath(u"www"_s);
    QVERIFY(QDir().mkpath(root));
    QVERIFY(QFile::link(m_folder->databasePath(), root + u"/db-link"_s));
    QFile own(root + u"/own.txt"_s);
    QVERIFY(own.open(QIODevice::WriteOnly) && own.write("own") == 3);
    own.close();
    storeSite(u"links.test"_s, root, true);
    QString error;
    QVERIFY2(m_engine->start(config(), &error), qPrintable(error));
    QVERIFY(get(m_engine->port(), "links.test", "/own.txt").startsWith("HTTP/1.1 200"));
    const QByteArray reply = get(m_engine->port(), "links.test", "/db-link");
    QVERIFY2(
        reply.startsWith("HTTP/1.1 404") && !reply.contains("SQLite format"), reply.left(200).constData());
}

QTEST_MAIN(TestStoredSiteGuard)
#include "tst_storedsiteguard.moc"
