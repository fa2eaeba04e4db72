#include "Screenshots.h"
#include "ui/SiteDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::VirtualHost;
using hostbench::ui::SiteDialog;

class TestSiteDialog final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusesFieldErrors_data();
    void refusesFieldErrors();
    void errorsFollowEdits();
    void fieldsStayPutAsErrorsComeAndGo();
    void acceptsValidSite();
    void routeErrors();
    void createsMissingFolder();
    void editingKeepsDefault();
    void advancedSettings();

private:
    QList<VirtualHost> others() const;
    static void type(SiteDialog &dialog, const QString &objectName, const QString &text);
    static void clickOk(SiteDialog &dialog);
    static QLabel *error(SiteDialog &dialog, const QString &objectName);
    // The data folder the dialog guards (data/, with sites/default and logs).
    QString dataFolder() const { return m_dir.filePath(u"data"_s); }

    QTemporaryDir m_dir;
};

void TestSiteDialog::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir(m_dir.path()).mkpath(u"www"_s));
    QVERIFY(QDir(m_dir.path()).mkpath(u"data/sites/default"_s));
    QVERIFY(QDir(m_dir.path()).mkpath(u"data/logs"_s));
    QVERIFY(QFile::link(u"/"_s, m_dir.filePath(u"link-to-root"_s)));
}

QList<VirtualHost> TestSiteDialog::others() const
{
    VirtualHost taken;
    taken.id = 1;
    taken.hostName = u"taken.test"_s;
    taken.aliases = { u"www.taken.test"_s };
    // Not m_dir itself, which holds the data folder (and is refused for it).
    taken.documentRoot = m_dir.filePath(u"www"_s);
    taken.isDefault = true;
    return { taken };
}

void TestSiteDialog::type(SiteDialog &dialog, const QString &objectName, const QString &text)
{
    auto *edit = dialog.findChild<QLineEdit *>(objectName);
    QVERIFY2(edit, qPrintable(objectName));
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

void TestSiteDialog::clickOk(SiteDialog &dialog)
{
    auto *buttons = dialog.findChild<QDialogButtonBox *>(u"siteButtons"_s);
    QVERIFY(buttons);
    QTest::mouseClick(buttons->button(QDialogButtonBox::Ok), Qt::LeftButton);
}

QLabel *TestSiteDialog::error(SiteDialog &dialog, const QString &objectName)
{
    return dialog.findChild<QLabel *>(objectName);
}

void TestSiteDialog::refusesFieldErrors_data()
{
    QTest::addColumn<QString>("hostName");
    QTest::addColumn<QString>("aliases");
    QTest::addColumn<QString>("documentRoot"); // relative to the temporary folder, or absolute
    QTest::addColumn<QString>("field"); // the field that must show an error
    QTest::addColumn<QString>("mentions"); // a word the message must contain

    QTest::newRow("bad host name") << u"bad_name!"_s << QString() << u"www"_s << u"siteHostName"_s
                                   << QString();
    QTest::newRow("empty host name") << QString() << QString() << u"www"_s << u"siteHostName"_s << QString();
    QTest::newRow("duplicate host name")
        << u"taken.test"_s << QString() << u"www"_s << u"siteHostName"_s << u"taken.test"_s;
    QTest::newRow("host name is another's alias")
        << u"WWW.Taken.Test"_s << QString() << u"www"_s << u"siteHostName"_s << u"taken.test"_s;
    QTest::newRow("duplicate alias") << u"new.test"_s << u"other.test, taken.test"_s << u"www"_s
                                     << u"siteAliases"_s << u"taken.test"_s;
    QTest::newRow("bad alias") << u"new.test"_s << u"ok.test bad..alias"_s << u"www"_s << u"siteAliases"_s
                               << u"bad..alias"_s;
    QTest::newRow("missing document root")
        << u"new.test"_s << QString() << u"missing/folder"_s << u"siteDocumentRoot"_s << QString();
    QTest::newRow("relative document root")
        << u"new.test"_s << QString() << u"/relative"_s << u"siteDocumentRoot"_s << QString();
    // Roots that would serve the system or Hostbench's own files.
    const QString system = u"the system folder %1"_s;
    QTest::newRow("document root /") << u"new.test"_s << QString() << u"/"_s << u"siteDocumentRoot"_s
                                     << system.arg(u"/"_s);
    QTest::newRow("document root /etc/")
        << u"new.test"_s << QString() << u"/etc/"_s << u"siteDocumentRoot"_s << system.arg(u"/etc"_s);
    QTest::newRow("document root /etc/..//etc")
        << u"new.test"_s << QString() << u"/etc/..//etc"_s << u"siteDocumentRoot"_s << system.arg(u"/etc"_s);
    QTest::newRow("document root /proc")
        << u"new.test"_s << QString() << u"/proc"_s << u"siteDocumentRoot"_s << system.arg(u"/proc"_s);
    QTest::newRow("document root: a link to /")
        << u"new.test"_s << QString() << u"link-to-root"_s << u"siteDocumentRoot"_s << system.arg(u"/"_s);
    QTest::newRow("document root: the data folder")
        << u"new.test"_s << QString() << u"data"_s << u"siteDocumentRoot"_s << u"Hostbench's data folder"_s;
    QTest::newRow("document root: the data folder/")
        << u"new.test"_s << QString() << u"data/"_s << u"siteDocumentRoot"_s << u"Hostbench's data folder"_s;
    QTest::newRow("document root: holds the data folder")
        << u"new.test"_s << QString() << u"."_s << u"siteDocumentRoot"_s << u"Hostbench's data folder"_s;
    QTest::newRow("document root: the data folder's logs")
        << u"new.test"_s << QString() << u"data/logs"_s << u"siteDocumentRoot"_s
        << u"inside Hostbench's data folder"_s;
}

void TestSiteDialog::refusesFieldErrors()
{
    QFETCH(QString, hostName);
    QFETCH(QString, aliases);
    QFETCH(QString, documentRoot);
    QFETCH(QString, field);
    QFETCH(QString, mentions);

    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, hostName);
    type(dialog, u"siteAliases"_s, aliases);
    // "/relative" stands for a path that is not absolute.
    const QString root = documentRoot == u"/relative"_s ? u"relative/path"_s
        : documentRoot.startsWith(u'/')                 ? documentRoot
                                                        : m_dir.filePath(documentRoot);
    type(dialog, u"siteDocumentRoot"_s, root);
    clickOk(dialog);

    // Refused: still open, not accepted.
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.result() != QDialog::Accepted);

    // The error is under its field, and the field is marked.
    QLabel *label = error(dialog, field + u"Error"_s);
    QVERIFY(label);
    QTRY_VERIFY(label->isVisible());
    QVERIFY(!label->text().isEmpty());
    if (!mentions.isEmpty())
        QVERIFY2(label->text().contains(mentions), qPrintable(label->text()));
    auto *edit = dialog.findChild<QLineEdit *>(field);
    QVERIFY(!edit->property("fieldError").toString().isEmpty());
    QCOMPARE(dialog.focusWidget(), edit);

    // The other fields show no error.
    for (const QString &other : { u"siteHostName"_s, u"siteAliases"_s, u"siteDocumentRoot"_s }) {
        if (other != field)
            QVERIFY2(!error(dialog, other + u"Error"_s)->isVisible(), qPrintable(other));
    }
}

void TestSiteDialog::errorsFollowEdits()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"taken.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    clickOk(dialog);
    QLabel *hostError = error(dialog, u"siteHostNameError"_s);
    QTRY_VERIFY(hostError->isVisible());

    // Fixing the name clears its error without another click on OK.
    type(dialog, u"siteHostName"_s, u"fixed.test"_s);
    QTRY_VERIFY(!hostError->isVisible());
    QVERIFY(!dialog.findChild<QLineEdit *>(u"siteHostName"_s)->property("fieldError").isValid());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
}

void TestSiteDialog::fieldsStayPutAsErrorsComeAndGo()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QStringList fields
        = { u"siteHostName"_s, u"siteAliases"_s, u"siteDocumentRoot"_s, u"siteDefault"_s };
    auto positions = [&] {
        QList<QPoint> result;
        for (const QString &name : fields)
            result.append(dialog.findChild<QWidget *>(name)->mapTo(&dialog, QPoint(0, 0)));
        return result;
    };
    // The dialog in each state, for review (Screenshots.h).
    auto grab = [&](const QString &name) { QVERIFY(hostbench::test::Screenshots::save(&dialog, name)); };
    type(dialog, u"siteHostName"_s, u"ok.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    QTest::qWait(50);
    const QList<QPoint> clean = positions();
    const QSize size = dialog.size();
    grab(u"site-dialog"_s);

    // Errors under the host name and the aliases, then none again.
    type(dialog, u"siteHostName"_s, u"taken.test"_s);
    type(dialog, u"siteAliases"_s, u"bad..alias"_s);
    clickOk(dialog);
    QTRY_VERIFY(error(dialog, u"siteHostNameError"_s)->isVisible());
    QTRY_VERIFY(error(dialog, u"siteAliasesError"_s)->isVisible());
    QTest::qWait(50);
    grab(u"site-dialog-errors"_s);
    QCOMPARE(positions(), clean);
    QCOMPARE(dialog.size(), size);

    type(dialog, u"siteHostName"_s, u"ok.test"_s);
    type(dialog, u"siteAliases"_s, QString());
    QTRY_VERIFY(!error(dialog, u"siteHostNameError"_s)->isVisible());
    QTRY_VERIFY(!error(dialog, u"siteAliasesError"_s)->isVisible());
    QTest::qWait(50);
    grab(u"site-dialog-errors-cleared"_s);
    QCOMPARE(positions(), clean);
    QCOMPARE(dialog.size(), size);
}

void TestSiteDialog::acceptsValidSite()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"  Example.TEST "_s);
    type(dialog, u"siteAliases"_s, u"WWW.example.test,  127.0.0.9"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www/"_s));
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));

    const VirtualHost host = dialog.host();
    QCOMPARE(host.id, 0);
    QCOMPARE(host.hostName, u"example.test"_s);
    QCOMPARE(host.aliases, QStringList({ u"www.example.test"_s, u"127.0.0.9"_s }));
    QCOMPARE(host.documentRoot, m_dir.filePath(u"www"_s));
    QVERIFY(!host.isDefault);
    QVERIFY(host.routes.isEmpty());
}

void TestSiteDialog::routeErrors()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"routes.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));

    auto *table = dialog.findChild<QTableView *>(u"routesTable"_s);
    QVERIFY(table);
    QAbstractItemModel *routes = table->model();
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"routesAdd"_s), Qt::LeftButton);
    QCOMPARE(routes->rowCount(), 1);
    // The new row is valid as proposed (/hello -> 200 text/plain "hello"); break its path.
    QVERIFY(routes->setData(routes->index(0, 0), u"hello"_s));
    clickOk(dialog);
    QVERIFY(dialog.isVisible());
    QLabel *routesError = error(dialog, u"siteRoutesError"_s);
    QTRY_VERIFY(routesError->isVisible());
    QVERIFY2(routesError->text().contains(u"/"_s), qPrintable(routesError->text()));

    QVERIFY(routes->setData(routes->index(0, 0), u"/hello"_s));
    QVERIFY(routes->setData(routes->index(0, 1), 700));
    QTRY_VERIFY(routesError->text().contains(u"599"_s));
    QVERIFY(routes->setData(routes->index(0, 1), 201));
    QTRY_VERIFY(!routesError->isVisible());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    const VirtualHost host = dialog.host();
    QCOMPARE(host.routes.size(), 1);
    QCOMPARE(host.routes.first().path, u"/hello"_s);
    QCOMPARE(host.routes.first().status, 201);
    QCOMPARE(host.routes.first().body, QByteArray("hello"));
}

void TestSiteDialog::createsMissingFolder()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString missing = m_dir.filePath(u"made/here"_s);
    type(dialog, u"siteHostName"_s, u"made.test"_s);
    type(dialog, u"siteDocumentRoot"_s, missing);
    clickOk(dialog);
    QLabel *rootError = error(dialog, u"siteDocumentRootError"_s);
    QTRY_VERIFY(rootError->isVisible());
    QVERIFY(rootError->text().contains(u"href=\"create\""_s));
    emit rootError->linkActivated(u"create"_s);
    QVERIFY(QFileInfo(missing).isDir());
    QTRY_VERIFY(!rootError->isVisible());
}

void TestSiteDialog::editingKeepsDefault()
{
    // The default site stays default: its box cannot be unticked; its own names are no duplicates.
    const VirtualHost existing = others().first();
    SiteDialog dialog(existing, others(), dataFolder());
    QCOMPARE(dialog.windowTitle().contains(u"taken.test"_s), true);
    auto *isDefault = dialog.findChild<QCheckBox *>(u"siteDefault"_s);
    QVERIFY(isDefault->isChecked());
    QVERIFY(!isDefault->isEnabled());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.host(), existing);
}

void TestSiteDialog::advancedSettings()
{
    VirtualHost stored;
    stored.id = 7;
    stored.hostName = u"logs.test"_s;
    stored.documentRoot = m_dir.filePath(u"www"_s);
    stored.logRotateBytes = 1000; // not a whole number of KiB: kept unless changed
    SiteDialog dialog(stored, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *tabs = dialog.findChild<QTabWidget *>(u"siteTabs"_s);
    QVERIFY(tabs);
    tabs->setCurrentIndex(1);

    auto *listing = dialog.findChild<QCheckBox *>(u"siteDirectoryListing"_s);
    auto *errorLog = dialog.findChild<QCheckBox *>(u"siteErrorLogEnabled"_s);
    auto *errorLogPath = dialog.findChild<QLineEdit *>(u"siteErrorLogPath"_s);
    QVERIFY(listing && errorLog && errorLogPath);
    QTRY_VERIFY(listing->isVisible());
    QVERIFY(!listing->isChecked());
    QTest::mouseClick(listing, Qt::LeftButton, {}, QPoint(5, listing->height() / 2));
    QVERIFY(listing->isChecked());
    QVERIFY(errorLogPath->isEnabled());
    QTest::mouseClick(errorLog, Qt::LeftButton, {}, QPoint(5, errorLog->height() / 2));
    QVERIFY(!errorLog->isChecked());
    QVERIFY(!errorLogPath->isEnabled()); // no path for a log that is off

    // A relative log path and an index file with a folder are refused, on the Advanced tab.
    type(dialog, u"siteAccessLogPath"_s, u"logs/access.log"_s);
    type(dialog, u"siteIndexFiles"_s, u"index.html, sub/index.htm"_s);
    tabs->setCurrentIndex(0);
    clickOk(dialog);
    QVERIFY(dialog.isVisible());
    QCOMPARE(tabs->currentIndex(), 1);
    QVERIFY(!error(dialog, u"siteAccessLogPathError"_s)->text().isEmpty());
    QVERIFY(!error(dialog, u"siteIndexFilesError"_s)->text().isEmpty());
    QVERIFY(dialog.findChild<QLineEdit *>(u"siteIndexFiles"_s)->hasFocus());

    // A log in a folder that does not exist: the engine could not open it.
    const QString logPath = m_dir.filePath(u"logs/logs.access.log"_s);
    type(dialog, u"siteAccessLogPath"_s, logPath);
    QVERIFY(error(dialog, u"siteAccessLogPathError"_s)->text().contains(u"does not exist"_s));

    // Fixed: the errors go as the user types, and OK closes.
    QVERIFY(QDir().mkpath(m_dir.filePath(u"logs"_s)));
    type(dialog, u"siteIndexFiles"_s, u"index.htm, index.html"_s);
    QVERIFY(error(dialog, u"siteIndexFilesError"_s)->text().isEmpty());
    type(dialog, u"siteAccessLogPath"_s, logPath);
    QVERIFY(error(dialog, u"siteAccessLogPathError"_s)->text().isEmpty());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));

    const VirtualHost host = dialog.host();
    QCOMPARE(host.id, 7);
    QVERIFY(host.directoryListing);
    QVERIFY(!host.followSymlinks);
    QVERIFY(host.accessLogEnabled);
    QCOMPARE(host.accessLogPath, logPath);
    QVERIFY(!host.errorLogEnabled);
    QCOMPARE(host.indexFiles, QStringList({ u"index.htm"_s, u"index.html"_s }));
    QCOMPARE(host.logRotateBytes, qint64(1000));
    QCOMPARE(host.limits, stored.limits);
}

QTEST_MAIN(TestSiteDialog)
#include "tst_sitedialog.moc"
