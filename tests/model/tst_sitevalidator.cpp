#include "model/SiteValidator.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;
using hostbench::model::Route;
using hostbench::model::SiteValidator;
using hostbench::model::VirtualHost;

class TestSiteValidator final : public QObject
{
    Q_OBJECT

private slots:
    void normalizeHostName_data();
    void normalizeHostName();
    void splitAliases();
    void checkDocumentRoot();
    void refusesExposedRoots_data();
    void refusesExposedRoots();
    void exposureOfStoredSites();
    void checkRoute_data();
    void checkRoute();
    void duplicates_data();
    void duplicates();
    void editingKeepsOwnNames();
    void checkLogPath_data();
    void checkLogPath();
    void validateNamesTheLog_data();
    void validateNamesTheLog();

private:
    QTemporaryDir m_dir;
};

void TestSiteValidator::normalizeHostName_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected"); // empty: rejected

    QTest::newRow("simple") << u"example.test"_s << u"example.test"_s;
    QTest::newRow("upper case") << u"WWW.Example.TEST"_s << u"www.example.test"_s;
    QTest::newRow("blanks around") << u"  localhost \t"_s << u"localhost"_s;
    QTest::newRow("digits first (RFC 1123)") << u"3com.example"_s << u"3com.example"_s;
    QTest::newRow("inner hyphens") << u"my-site--x.example"_s << u"my-site--x.example"_s;
    QTest::newRow("63-char label") << QString(63, u'a') + u".test"_s << QString(63, u'a') + u".test"_s;
    QTest::newRow("ipv4") << u"127.0.0.2"_s << u"127.0.0.2"_s;
    QTest::newRow("ipv6") << u"::1"_s << u"::1"_s;
    QTest::newRow("ipv6 brackets, upper") << u"[FE80::1]"_s << u"fe80::1"_s;
    QTest::newRow("ipv6 long form") << u"0:0:0:0:0:0:0:1"_s << u"::1"_s;

    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("blank") << u"   "_s << QString();
    QTest::newRow("underscore") << u"my_site.test"_s << QString();
    QTest::newRow("space inside") << u"my site.test"_s << QString();
    QTest::newRow("leading hyphen") << u"-site.test"_s << QString();
    QTest::newRow("trailing hyphen") << u"site-.test"_s << QString();
    QTest::newRow("empty label") << u"site..test"_s << QString();
    QTest::newRow("trailing dot") << u"site.test."_s << QString();
    QTest::newRow("64-char label") << QString(64, u'a') + u".test"_s << QString();
    QTest::newRow("254 chars") << QString(QString(62, u'a') + u'.').repeated(4) + u"ab"_s << QString();
    QTest::newRow("ipv4 out of range") << u"256.1.1.1"_s << QString();
    QTest::newRow("ipv4 short form") << u"127.1"_s << QString();
    QTest::newRow("all-digit name") << u"1234"_s << QString();
    QTest::newRow("bad ipv6") << u"fe80::1::2"_s << QString();
    QTest::newRow("with port") << u"example.test:8080"_s << QString();
    QTest::newRow("url") << u"http://example.test/"_s << QString();
    QTest::newRow("wildcard") << u"*.example.test"_s << QString();
    QTest::newRow("non-ascii") << u"bücher.test"_s << QString();
}

void TestSiteValidator::normalizeHostName()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QString error;
    const QString result = SiteValidator::normalizeHostName(input, &error);
    QCOMPARE(result, expected);
    // A rejection always says why; an acceptance says nothing.
    QCOMPARE(error.isEmpty(), !expected.isEmpty());
}

void TestSiteValidator::splitAliases()
{
    QCOMPARE(SiteValidator::splitAliases(u" a.test, b.test  c.test;d.test ,"_s),
        QStringList({ u"a.test"_s, u"b.test"_s, u"c.test"_s, u"d.test"_s }));
    QVERIFY(SiteValidator::splitAliases(u" , "_s).isEmpty());
}

void TestSiteValidator::checkDocumentRoot()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(SiteValidator::checkDocumentRoot(m_dir.path(), {}).isEmpty());
    QVERIFY(!SiteValidator::checkDocumentRoot(QString(), {}).isEmpty());
    QVERIFY(!SiteValidator::checkDocumentRoot(u"relative/path"_s, {}).isEmpty());
    QVERIFY(!SiteValidator::checkDocumentRoot(m_dir.filePath(u"missing"_s), {}).isEmpty());
    QFile file(m_dir.filePath(u"file.txt"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(!SiteValidator::checkDocumentRoot(file.fileName(), {}).isEmpty());
}

// The folders of refusesExposedRoots, under the temporary folder (%DIR%):
// data/ is the data folder, with sites/default, logs and ca in it; www/ and
// etc/ are folders of a site's own; links lead to "/", "/etc" and data/.
void TestSiteValidator::refusesExposedRoots_data()
{
    QTest::addColumn<QString>("root"); // %DIR% is the temporary folder
    QTest::addColumn<QString>("reason"); // a part of the refusal; empty: accepted

    const QString system = u"the system folder %1"_s;
    for (const QString &folder : SiteValidator::systemFolders()) {
        QTest::addRow("%s", qPrintable(folder)) << folder << system.arg(folder);
        if (folder != u"/"_s) {
            QTest::addRow("%s/ (trailing slash)", qPrintable(folder)) << folder + u'/' << system.arg(folder);
            const QString name = QFileInfo(folder).fileName();
            QTest::addRow("%s/..//%s", qPrintable(folder), qPrintable(name))
                << folder + u"/..//"_s + name << system.arg(folder);
        }
    }
    QTest::newRow("/var (holds /var/lib)") << u"/var"_s << system.arg(u"/var/lib"_s);
    QTest::newRow("/etc/. ") << u"/etc/."_s << system.arg(u"/etc"_s);
    QTest::newRow("//") << u"//"_s << system.arg(u"/"_s);
    QTest::newRow("/./") << u"/./"_s << system.arg(u"/"_s);
    QTest::newRow("/tmp/.. (is /)") << u"/tmp/.."_s << system.arg(u"/"_s);
    QTest::newRow("link to /") << u"%DIR%/link-to-root"_s << system.arg(u"/"_s);
    QTest::newRow("link to /, trailing slash") << u"%DIR%/link-to-root/"_s << system.arg(u"/"_s);
    QTest::newRow("link to /etc") << u"%DIR%/link-to-etc"_s << system.arg(u"/etc"_s);
    QTest::newRow("/proc/self/root (a link to /)") << u"/proc/self/root"_s << system.arg(u"/"_s);

    const QString dataFolder = u"Hostbench's data folder"_s;
    QTest::newRow("the data folder") << u"%DIR%/data"_s << dataFolder;
    QTest::newRow("the data folder, trailing slash") << u"%DIR%/data/"_s << dataFolder;
    QTest::newRow("the data folder, by ..") << u"%DIR%/data/sites/.."_s << dataFolder;
    QTest::newRow("a folder holding the data folder") << u"%DIR%"_s << dataFolder;
    QTest::newRow("a link to the data folder") << u"%DIR%/link-to-data"_s << dataFolder;
    QTest::newRow("the CA folder") << u"%DIR%/data/ca"_s << u"inside Hostbench's data folder"_s;
    QTest::newRow("a subfolder of the CA folder")
        << u"%DIR%/data/ca/private"_s << u"inside Hostbench's data folder"_s;
    QTest::newRow("the logs folder") << u"%DIR%/data/logs"_s << u"inside Hostbench's data folder"_s;
    QTest::newRow("the logs folder through a link")
        << u"%DIR%/link-to-data/logs"_s << u"inside Hostbench's data folder"_s;

    QTest::newRow("the default site's folder") << u"%DIR%/data/sites/default"_s << QString();
    QTest::newRow("the sites folder") << u"%DIR%/data/sites"_s << QString();
    QTest::newRow("the default site through a link") << u"%DIR%/link-to-data/sites/default"_s << QString();
    QTest::newRow("a folder of its own") << u"%DIR%/www"_s << QString();
    QTest::newRow("a folder of its own, by ..") << u"%DIR%/data/../www/"_s << QString();
    QTest::newRow("a folder named etc") << u"%DIR%/etc"_s << QString();
    QTest::newRow("/usr/share") << u"/usr/share"_s << QString();
}

void TestSiteValidator::refusesExposedRoots()
{
    QFETCH(QString, root);
    QFETCH(QString, reason);
    QVERIFY(m_dir.isValid());
    const QString dir = m_dir.path();
    for (const QString &folder :
        { u"data/sites/default"_s, u"data/logs"_s, u"data/ca/private"_s, u"www"_s, u"etc"_s })
        QVERIFY(QDir(dir).mkpath(folder));
    for (const auto &[link, target] :
        { std::pair { u"link-to-root"_s, u"/"_s }, std::pair { u"link-to-etc"_s, u"/etc"_s },
            std::pair { u"link-to-data"_s, QString(dir + u"/data"_s) } }) {
        if (!QFileInfo(dir + u'/' + link).isSymLink())
            QVERIFY(QFile::link(target, dir + u'/' + link));
    }
    root.replace(u"%DIR%"_s, dir);
    if (!QFileInfo::exists(root))
        QSKIP("this machine has no such folder");
    const QString refusal = SiteValidator::checkDocumentRoot(root, dir + u"/data"_s);
    if (reason.isEmpty())
        QVERIFY2(refusal.isEmpty(), qPrintable(refusal));
    else
        QVERIFY2(refusal.contains(reason), qPrintable(refusal));
    // validate() reports it on the document root's field, and checkExposure alone says the same.
    VirtualHost host;
    host.hostName = u"a.test"_s;
    host.documentRoot = root;
    QCOMPARE(SiteValidator::validate(host, {}, dir + u"/data"_s).documentRoot, refusal);
    QCOMPARE(SiteValidator::checkExposure(root, dir + u"/data"_s), refusal);
    // Without a data folder known, the system folders are refused all the same.
    if (reason.startsWith(u"the system folder"_s))
        QVERIFY(SiteValidator::checkDocumentRoot(root, {}).contains(reason));
}

void TestSiteValidator::exposureOfStoredSites()
{
    VirtualHost good;
    good.hostName = u"good.test"_s;
    good.documentRoot = m_dir.path();
    VirtualHost bad;
    bad.hostName = u"bad.test"_s;
    bad.documentRoot = u"/"_s;
    QVERIFY(SiteValidator::checkExposure(QList<VirtualHost> { good }, {}).isEmpty());
    const QString refusal = SiteValidator::checkExposure(QList<VirtualHost> { good, bad }, {});
    QVERIFY2(
        refusal.contains(u"bad.test"_s) && refusal.contains(u"the system folder /"_s), qPrintable(refusal));
    // A missing folder is not an exposure: that site answers 404.
    bad.documentRoot = m_dir.filePath(u"missing"_s);
    QVERIFY(SiteValidator::checkExposure(QList<VirtualHost> { bad }, {}).isEmpty());
}

void TestSiteValidator::checkRoute_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("contentType");
    QTest::addColumn<bool>("valid");

    QTest::newRow("hello") << u"/hello"_s << 200 << u"text/plain"_s << true;
    QTest::newRow("root") << u"/"_s << 204 << u"text/plain"_s << true;
    QTest::newRow("charset") << u"/x"_s << 200 << u"text/html; charset=utf-8"_s << true;
    QTest::newRow("lowest status") << u"/x"_s << 100 << u"text/plain"_s << true;
    QTest::newRow("highest status") << u"/x"_s << 599 << u"text/plain"_s << true;
    QTest::newRow("no slash") << u"hello"_s << 200 << u"text/plain"_s << false;
    QTest::newRow("empty path") << QString() << 200 << u"text/plain"_s << false;
    QTest::newRow("query") << u"/a?b=1"_s << 200 << u"text/plain"_s << false;
    QTest::newRow("blank in path") << u"/a b"_s << 200 << u"text/plain"_s << false;
    QTest::newRow("status 99") << u"/x"_s << 99 << u"text/plain"_s << false;
    QTest::newRow("status 600") << u"/x"_s << 600 << u"text/plain"_s << false;
    QTest::newRow("no subtype") << u"/x"_s << 200 << u"text"_s << false;
    QTest::newRow("empty type") << u"/x"_s << 200 << QString() << false;
}

void TestSiteValidator::checkRoute()
{
    QFETCH(QString, path);
    QFETCH(int, status);
    QFETCH(QString, contentType);
    QFETCH(bool, valid);
    Route route;
    route.path = path;
    route.status = status;
    route.contentType = contentType;
    QCOMPARE(SiteValidator::checkRoute(route).isEmpty(), valid);
}

void TestSiteValidator::duplicates_data()
{
    QTest::addColumn<QString>("hostName");
    QTest::addColumn<QStringList>("aliases");
    QTest::addColumn<QString>("field"); // which error is expected; empty: none

    QTest::newRow("free") << u"new.test"_s << QStringList { u"www.new.test"_s } << QString();
    QTest::newRow("name taken by a name") << u"taken.test"_s << QStringList {} << u"hostName"_s;
    QTest::newRow("name taken by an alias") << u"www.taken.test"_s << QStringList {} << u"hostName"_s;
    QTest::newRow("alias taken by a name")
        << u"new.test"_s << QStringList { u"taken.test"_s } << u"aliases"_s;
    QTest::newRow("alias taken by an alias")
        << u"new.test"_s << QStringList { u"www.taken.test"_s } << u"aliases"_s;
    QTest::newRow("alias equals own name") << u"new.test"_s << QStringList { u"new.test"_s } << u"aliases"_s;
    QTest::newRow("alias twice") << u"new.test"_s << QStringList { u"a.test"_s, u"a.test"_s } << u"aliases"_s;
    QTest::newRow("bad alias") << u"new.test"_s << QStringList { u"bad_alias"_s } << u"aliases"_s;
}

void TestSiteValidator::duplicates()
{
    QFETCH(QString, hostName);
    QFETCH(QStringList, aliases);
    QFETCH(QString, field);

    VirtualHost other;
    other.id = 1;
    other.hostName = u"taken.test"_s;
    other.aliases = { u"www.taken.test"_s };
    other.documentRoot = m_dir.path();

    VirtualHost host;
    host.hostName = hostName;
    host.aliases = aliases;
    host.documentRoot = m_dir.path();
    const SiteValidator::Errors errors = SiteValidator::validate(host, { other }, {});
    QCOMPARE(errors.hostName.isEmpty(), field != u"hostName"_s);
    QCOMPARE(errors.aliases.isEmpty(), field != u"aliases"_s);
    QVERIFY(errors.documentRoot.isEmpty());
    QCOMPARE(errors.isEmpty(), field.isEmpty());
    // A duplicate names the site that holds the name.
    if (field == u"hostName"_s)
        QVERIFY2(errors.hostName.contains(u"taken.test"_s), qPrintable(errors.hostName));
}

void TestSiteValidator::editingKeepsOwnNames()
{
    // Saving a site unchanged is no duplicate of itself; routes are checked in order.
    VirtualHost self;
    self.id = 7;
    self.hostName = u"self.test"_s;
    self.aliases = { u"www.self.test"_s };
    self.documentRoot = m_dir.path();
    QVERIFY(SiteValidator::validate(self, { self }, {}).isEmpty());

    Route good;
    good.path = u"/ok"_s;
    Route repeated = good;
    self.routes = { good, repeated };
    const SiteValidator::Errors errors = SiteValidator::validate(self, { self }, {});
    QCOMPARE(errors.routeRow, 1);
    QVERIFY(!errors.routes.isEmpty());
}

void TestSiteValidator::checkLogPath_data()
{
    QTest::addColumn<QString>("path"); // %DIR% is an existing, writable folder
    QTest::addColumn<bool>("valid");
    QTest::newRow("empty: the default") << QString() << true;
    QTest::newRow("a new file in an existing folder") << u"%DIR%/access.log"_s << true;
    QTest::newRow("an existing file") << u"%DIR%/existing.log"_s << true;
    QTest::newRow("relative") << u"logs/access.log"_s << false;
    QTest::newRow("the folder itself") << u"%DIR%"_s << false;
    QTest::newRow("ends in a slash") << u"%DIR%/logs/"_s << false;
    QTest::newRow("in a missing folder") << u"%DIR%/missing/access.log"_s << false;
    QTest::newRow("under a file") << u"%DIR%/existing.log/access.log"_s << false;
    if (::geteuid() != 0) { // root writes anywhere
        QTest::newRow("in a folder that cannot be written") << u"%DIR%/readonly/access.log"_s << false;
        QTest::newRow("a file that cannot be written") << u"%DIR%/readonly.log"_s << false;
    }
}

void TestSiteValidator::checkLogPath()
{
    QFETCH(QString, path);
    QFETCH(bool, valid);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile existing(dir.filePath(u"existing.log"_s));
    QVERIFY(existing.open(QIODevice::WriteOnly));
    existing.close();
    QVERIFY(QDir(dir.path()).mkdir(u"readonly"_s));
    QVERIFY(QFile::setPermissions(dir.filePath(u"readonly"_s), QFile::ReadOwner | QFile::ExeOwner));
    QFile readonly(dir.filePath(u"readonly.log"_s));
    QVERIFY(readonly.open(QIODevice::WriteOnly));
    readonly.close();
    QVERIFY(readonly.setPermissions(QFile::ReadOwner));
    path.replace(u"%DIR%"_s, dir.path());
    const QString reason = SiteValidator::checkLogPath(path);
    QVERIFY2(reason.isEmpty() == valid, qPrintable(reason));
    QFile::setPermissions(
        dir.filePath(u"readonly"_s), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

void TestSiteValidator::validateNamesTheLog_data()
{
    QTest::addColumn<bool>("accessOn");
    QTest::addColumn<QString>("access");
    QTest::addColumn<bool>("errorOn");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("field"); // "access", "error" or empty
    const QString missing = u"%DIR%/missing/x.log"_s;
    const QString good = u"%DIR%/x.log"_s;
    QTest::newRow("both good") << true << good << true << good << QString();
    QTest::newRow("defaults") << true << QString() << true << QString() << QString();
    QTest::newRow("access log in a missing folder") << true << missing << true << good << u"access"_s;
    QTest::newRow("error log in a missing folder") << true << good << true << missing << u"error"_s;
    QTest::newRow("a bad path of a log that is off") << false << missing << false << missing << QString();
}

void TestSiteValidator::validateNamesTheLog()
{
    QFETCH(bool, accessOn);
    QFETCH(QString, access);
    QFETCH(bool, errorOn);
    QFETCH(QString, error);
    QFETCH(QString, field);
    QVERIFY(m_dir.isValid());
    VirtualHost host;
    host.hostName = u"a.test"_s;
    host.documentRoot = m_dir.path();
    host.accessLogEnabled = accessOn;
    host.accessLogPath = access.replace(u"%DIR%"_s, m_dir.path());
    host.errorLogEnabled = errorOn;
    host.errorLogPath = error.replace(u"%DIR%"_s, m_dir.path());
    const SiteValidator::Errors errors = SiteValidator::validate(host, {}, {});
    QCOMPARE(!errors.accessLogPath.isEmpty(), field == u"access"_s);
    QCOMPARE(!errors.errorLogPath.isEmpty(), field == u"error"_s);
    QCOMPARE(errors.isEmpty(), field.isEmpty());
}

QTEST_GUILESS_MAIN(TestSiteValidator)
#include "tst_sitevalidator.moc"
