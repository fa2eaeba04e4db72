#include "storage/DataFolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::VirtualHost;
using hostbench::storage::DataFolder;

namespace {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(data) == data.size();
}

} // namespace

class TestDataFolder final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void welcomePageResourceIsLinked();
    void resolveOrder();
    void firstOpenSeedsDefaultSite();
    void reopenDoesNotSeedAgain();
    void existingIndexHtmlIsKept();
    void removedDefaultHostStaysRemoved();
    void editedDefaultHostIsKept();
    void missingDefaultFolderIsRestored();
    void brokenDatabaseIsReported();
    void copyAsideKeepsTheFile();
    void defaultLogPaths();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestDataFolder::initTestCase()
{
    // Never touch the real user's data folder.
    QStandardPaths::setTestModeEnabled(true);
}

void TestDataFolder::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    qputenv("HOSTBENCH_DATA_DIR", m_dir->path().toLocal8Bit());
}

void TestDataFolder::cleanup()
{
    qunsetenv("HOSTBENCH_DATA_DIR");
}

void TestDataFolder::welcomePageResourceIsLinked()
{
    // The resource object reaches executables through hostbench_storage.
    QFile page(u":/hostbench/site/index.html"_s);
    QVERIFY(page.open(QIODevice::ReadOnly));
    QVERIFY(page.readAll().contains("Hostbench"));
}

void TestDataFolder::resolveOrder()
{
    QTemporaryDir other;
    QCOMPARE(DataFolder::resolve(other.path()), QDir::cleanPath(other.path()));
    QCOMPARE(DataFolder::resolve(), QDir::cleanPath(m_dir->path()));
    // A relative explicit folder is made absolute.
    QCOMPARE(
        DataFolder::resolve(u"rel/dir"_s), QDir::cleanPath(QDir::current().absoluteFilePath(u"rel/dir"_s)));

    qunsetenv("HOSTBENCH_DATA_DIR");
    const QString organization = QCoreApplication::organizationName();
    const QString application = QCoreApplication::applicationName();
    QCoreApplication::setOrganizationName(u"Hostbench"_s);
    QCoreApplication::setApplicationName(u"hostbench"_s);
    const QString standard = DataFolder::resolve();
    QCOMPARE(standard, QDir::cleanPath(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
    QVERIFY(standard.endsWith(u"/Hostbench/hostbench"_s));
    // Without the names the folder is the same, not the bare data folder.
    QCoreApplication::setOrganizationName(QString());
    QCOMPARE(DataFolder::resolve(), standard);
    QCoreApplication::setOrganizationName(organization);
    QCoreApplication::setApplicationName(application);
}

void TestDataFolder::firstOpenSeedsDefaultSite()
{
    const QString data = m_dir->filePath(u"new/data"_s); // not there yet
    qputenv("HOSTBENCH_DATA_DIR", data.toLocal8Bit());
    DataFolder folder;
    QString error;
    QVERIFY2(folder.open({}, &error), qPrintable(error));
    QCOMPARE(folder.path(), data);
    QCOMPARE(folder.databasePath(), data + u"/hostbench.sqlite"_s);
    QCOMPARE(folder.defaultDocumentRoot(), data + u"/sites/default"_s);
    QVERIFY(QFile::exists(folder.databasePath()));
    QVERIFY(folder.database().isOpen());

    QFile resource(u":/hostbench/site/index.html"_s);
    QVERIFY(resource.open(QIODevice::ReadOnly));
    const QString index = folder.defaultDocumentRoot() + u"/index.html"_s;
    QCOMPARE(readFile(index), resource.readAll());
    QVERIFY(QFileInfo(index).isWritable()); // not the resource's read-only mode

    const QList<VirtualHost> hosts = folder.database().virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst().hostName, u"localhost"_s);
    QVERIFY(hosts.constFirst().isDefault);
    QCOMPARE(hosts.constFirst().documentRoot, folder.defaultDocumentRoot());
}

void TestDataFolder::reopenDoesNotSeedAgain()
{
    QString error;
    {
        DataFolder folder;
        QVERIFY2(folder.open({}, &error), qPrintable(error));
    }
    DataFolder folder;
    QVERIFY2(folder.open({}, &error), qPrintable(error));
    QCOMPARE(folder.database().virtualHosts().size(), 1);
}

void TestDataFolder::existingIndexHtmlIsKept()
{
    const QString index = m_dir->filePath(u"sites/default/index.html"_s);
    QVERIFY(writeFile(index, "mine"));
    DataFolder folder;
    QString error;
    QVERIFY2(folder.open({}, &error), qPrintable(error));
    QCOMPARE(readFile(index), QByteArray("mine"));
    QCOMPARE(folder.database().virtualHosts().size(), 1);
}

void TestDataFolder::removedDefaultHostStaysRemoved()
{
    QString error;
    {
        DataFolder folder;
        QVERIFY2(folder.open({}, &error), qPrintable(error));
        const QList<VirtualHost> hosts = folder.database().virtualHosts();
        QCOMPARE(hosts.size(), 1);
        QVERIFY(folder.database().removeVirtualHost(hosts.constFirst().id));
    }
    DataFolder folder;
    QVERIFY2(folder.open({}, &error), qPrintable(error));
    QVERIFY(folder.database().virtualHosts().isEmpty());
}

void TestDataFolder::editedDefaultHostIsKept()
{
    QString error;
    VirtualHost edited;
    {
        DataFolder folder;
        QVERIFY2(folder.open({}, &error), qPrintable(error));
        edited = folder.database().virtualHosts().constFirst();
        edited.hostName = u"example.test"_s;
        edited.aliases = { u"www.example.test"_s };
        QVERIFY(folder.database().saveVirtualHost(edited));
    }
    DataFolder folder;
    QVERIFY2(folder.open({}, &error), qPrintable(error));
    const QList<VirtualHost> hosts = folder.database().virtualHosts();
    QCOMPARE(hosts.size(), 1);
    QCOMPARE(hosts.constFirst(), edited);
}

void TestDataFolder::missingDefaultFolderIsRestored()
{
    QString error;
    QString root;
    {
        DataFolder folder;
        QVERIFY2(folder.open({}, &error), qPrintable(error));
        root = folder.defaultDocumentRoot();
    }
    QVERIFY(QDir(root).removeRecursively());
    DataFolder folder;
    QVERIFY2(folder.open({}, &error), qPrintable(error));
    QVERIFY(QFile::exists(root + u"/index.html"_s));
    QCOMPARE(folder.database().virtualHosts().size(), 1);
}

void TestDataFolder::brokenDatabaseIsReported()
{
    const QByteArray garbage = QByteArray("not a database, just text\n").repeated(50);
    const QString file = m_dir->filePath(u"hostbench.sqlite"_s);
    QVERIFY(writeFile(file, garbage));
    DataFolder folder;
    QString error;
    QVERIFY(!folder.open({}, &error));
    QVERIFY2(error.contains(u"not a SQLite database"_s), qPrintable(error));
    QCOMPARE(readFile(file), garbage);
    QVERIFY(!QFile::exists(m_dir->filePath(u"sites/default/index.html"_s)));
}

void TestDataFolder::copyAsideKeepsTheFile()
{
    const QByteArray garbage = QByteArray("not a database\n").repeated(20);
    const QString file = m_dir->filePath(u"hostbench.sqlite"_s);
    QVERIFY(writeFile(file, garbage));
    QVERIFY(writeFile(file + u"-wal"_s, "wal bytes"));
    DataFolder folder;
    QString error;
    QVERIFY(!folder.open({}, &error));
    QCOMPARE(folder.databasePath(), file); // also after a failed open

    const QString copy = DataFolder::copyAside(folder.databasePath(), &error);
    QVERIFY2(!copy.isEmpty(), qPrintable(error));
    QVERIFY2(copy.startsWith(file + u".copy-"_s), qPrintable(copy));
    QCOMPARE(readFile(copy), garbage);
    QCOMPARE(readFile(copy + u"-wal"_s), QByteArray("wal bytes"));
    QVERIFY(!QFile::exists(copy + u"-shm"_s)); // there was none
    QCOMPARE(readFile(file), garbage);
    QCOMPARE(readFile(file + u"-wal"_s), QByteArray("wal bytes"));

    // A second copy within the same second would overwrite the first: refused.
    const QString again = DataFolder::copyAside(file, &error);
    QVERIFY(again.isEmpty() || again != copy);
    QVERIFY(DataFolder::copyAside(m_dir->filePath(u"missing.sqlite"_s), &error).isEmpty());
    QVERIFY2(error.contains(u"is not a file"_s), qPrintable(error));
}

void TestDataFolder::defaultLogPaths()
{
    DataFolder folder;
    QString error;
    QVERIFY2(folder.open(m_dir->filePath(u"logs-data"_s), &error), qPrintable(error));
    QCOMPARE(folder.logsPath(), folder.path() + u"/logs"_s);
    QVERIFY(QFileInfo(folder.logsPath()).isDir());

    QList<VirtualHost> hosts = folder.database().virtualHosts();
    QCOMPARE(hosts.size(), 1);
    // Stored empty: "the default", resolved when the hosts go to the engine.
    QVERIFY(hosts.at(0).accessLogPath.isEmpty());
    VirtualHost own;
    own.hostName = u"own.test"_s;
    own.accessLogPath = u"/elsewhere/own.log"_s;
    own.errorLogEnabled = false;
    hosts.append(own);
    folder.applyDefaultLogPaths(hosts);
    QCOMPARE(hosts.at(0).accessLogPath, folder.logsPath() + u"/localhost.access.log"_s);
    QCOMPARE(hosts.at(0).errorLogPath, folder.logsPath() + u"/localhost.error.log"_s);
    QCOMPARE(hosts.at(1).accessLogPath, u"/elsewhere/own.log"_s); // a path of its own is kept
    QVERIFY(hosts.at(1).errorLogPath.isEmpty()); // a disabled log gets none
}

QTEST_GUILESS_MAIN(TestDataFolder)
#include "tst_datafolder.moc"
