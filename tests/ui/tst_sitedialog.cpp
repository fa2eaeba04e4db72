#include "Screenshots.h"
#include "model/SiteValidator.h"
#include "ui/ProxyRouteTableModel.h"
#include "ui/SiteDialog.h"
#include "ui/SitePhpPage.h"
#include "ui/Translations.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::ProxyRoute;
using hostbench::model::VirtualHost;
using hostbench::ui::SiteDialog;

Q_DECLARE_METATYPE(VirtualHost)

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
    void proxyFieldErrors_data();
    void proxyFieldErrors();
    void proxyRoundTrip_data();
    void proxyRoundTrip();
    void proxyValuesFromTheFields();
    void switchingFilesAndProxy();
    void editedProxySiteBackToFiles();
    void proxyPageAtDefaultSize_data();
    void proxyPageAtDefaultSize();
    void phpFieldErrors_data();
    void phpFieldErrors();
    void phpRoundTrip_data();
    void phpRoundTrip();
    void phpValuesFromTheFields();
    void switchingToAndFromPhp();
    void phpFpmNotInstalled();
    void phpFpmFound();
    void httpsFieldErrorsAndRoundTrip();
    void phpPageAtDefaultSize_data();
    void phpPageAtDefaultSize();

private:
    QList<VirtualHost> others() const;
    static void type(SiteDialog &dialog, const QString &objectName, const QString &text);
    static void clickOk(SiteDialog &dialog);
    static QLabel *error(SiteDialog &dialog, const QString &objectName);
    // Picks "Files" or "Proxy to an app" in the Serves box, as the user does.
    static void pickServes(SiteDialog &dialog, SiteDialog::Serves serves);
    static QString table() { return u"proxyRoutesTable"_s; }
    static QTabWidget *tabs(SiteDialog &dialog) { return dialog.findChild<QTabWidget *>(u"siteTabs"_s); }
    // A new site with a valid name and root, shown, proxied.
    void openProxied(SiteDialog &dialog);
    // A new site with a valid name and root, shown, serving PHP, the PHP tab open.
    void openPhp(SiteDialog &dialog);
    // The PHP tab's fields set as a user does: the address typed (into the
    // editable list), the prefix typed, the box ticked or not, the timeout.
    static void setPhpFields(SiteDialog &dialog, const QString &address, const QString &prefix,
        bool frontController, int timeoutMs);
    // Replaces the proxied paths in the Proxy tab's table ("PREFIX URL" each).
    static void setProxyRoutes(SiteDialog &dialog, const QStringList &routes);
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
    if (!edit) { // an editable list: its line edit
        if (auto *box = dialog.findChild<QComboBox *>(objectName))
            edit = box->lineEdit();
    }
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
    tabs->setCurrentWidget(dialog.findChild<QWidget *>(u"siteAdvanced"_s));

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
    QCOMPARE(tabs->currentWidget()->objectName(), u"siteAdvanced"_s);
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

void TestSiteDialog::pickServes(SiteDialog &dialog, SiteDialog::Serves serves)
{
    auto *box = dialog.findChild<QComboBox *>(u"siteServes"_s);
    QVERIFY(box);
    const int index = box->findData(int(serves));
    QVERIFY(index >= 0);
    box->setFocus();
    box->setCurrentIndex(index); // as a pick in its list does: currentIndexChanged
    QCOMPARE(dialog.serves(), serves);
}

void TestSiteDialog::openProxied(SiteDialog &dialog)
{
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"app.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    pickServes(dialog, SiteDialog::Serves::Proxy);
}

void TestSiteDialog::setProxyRoutes(SiteDialog &dialog, const QStringList &routes)
{
    auto *table = dialog.findChild<QTableView *>(u"proxyRoutesTable"_s);
    QVERIFY(table);
    QAbstractItemModel *model = table->model();
    auto *remove = dialog.findChild<QPushButton *>(u"proxyRoutesRemove"_s);
    tabs(dialog)->setCurrentIndex(1);
    while (model->rowCount() > 0) {
        table->setCurrentIndex(model->index(0, 0));
        QTest::mouseClick(remove, Qt::LeftButton);
    }
    for (const QString &route : routes) {
        QTest::mouseClick(dialog.findChild<QPushButton *>(u"proxyRoutesAdd"_s), Qt::LeftButton);
        const int row = model->rowCount() - 1;
        const QStringList parts = route.split(u' ');
        QVERIFY(model->setData(model->index(row, 0), parts.value(0)));
        QVERIFY(model->setData(model->index(row, 1), parts.value(1)));
    }
    QCOMPARE(model->rowCount(), routes.size());
}

void TestSiteDialog::proxyFieldErrors_data()
{
    QTest::addColumn<QStringList>("routes"); // "PREFIX URL"
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("folder"); // "~NAME": NAME in the temporary folder
    QTest::addColumn<QString>("environment");
    QTest::addColumn<int>("graceMs");
    QTest::addColumn<QString>("field"); // the field that must show the error
    QTest::addColumn<QString>("member"); // SiteValidator::Errors' member whose message it is
    QTest::addColumn<int>("markedRow"); // of the proxied paths; -1 none
    QTest::addColumn<QString>("mentions");

    const QStringList ok { u"/ http://127.0.0.1:3000"_s };
    const QString cmd = u"python3 -m http.server 9000"_s;
    const QString table = u"proxyRoutesTable"_s;
    const QString none;
    const auto path = [&](const char *name, const QStringList &routes, int row, const QString &mentions) {
        QTest::newRow(name) << routes << 60000 << none << none << none << 5000 << table << u"proxies"_s << row
                            << mentions;
    };
    path("prefix without /", { u"api http://127.0.0.1:9000"_s }, 0, u"Proxy 1"_s);
    path("prefix with a .. segment", { u"/a/../b http://127.0.0.1:9000"_s }, 0, u"Proxy 1"_s);
    path("prefix with a query", { u"/a?b http://127.0.0.1:9000"_s }, 0, u"Proxy 1"_s);
    path("upstream https", { u"/ https://127.0.0.1:9000"_s }, 0, u"Proxy 1"_s);
    path("upstream without host", { u"/ http://:9000"_s }, 0, u"Proxy 1"_s);
    path("upstream port 0", { u"/ http://127.0.0.1:0"_s }, 0, u"Proxy 1"_s);
    path("upstream relative socket", { u"/ unix:run/app.sock"_s }, 0, u"Proxy 1"_s);
    path("empty upstream", { u"/api "_s }, 0, u"Proxy 1"_s);
    path("second prefix repeated", { u"/api http://127.0.0.1:9000"_s, u"/api http://127.0.0.1:9001"_s }, 1,
        u"Proxy 2"_s);
    path("second of three bad", { u"/ http://127.0.0.1:3000"_s, u"/x ftp://h"_s, u"/y http://h"_s }, 1,
        u"Proxy 2"_s);

    const QString timeout = u"siteUpstreamTimeout"_s;
    QTest::newRow("timeout 0 ms") << ok << 0 << none << none << none << 5000 << timeout
                                  << u"upstreamTimeout"_s << -1 << u"100 ms"_s;
    QTest::newRow("timeout 99 ms") << ok << 99 << none << none << none << 5000 << timeout
                                   << u"upstreamTimeout"_s << -1 << u"100 ms"_s;
    QTest::newRow("timeout over an hour") << ok << 3600 * 1000 + 1 << none << none << none << 5000 << timeout
                                          << u"upstreamTimeout"_s << -1 << u"3600 s"_s;

    const auto app
        = [&](const char *name, const QString &command, const QString &folder, const QString &environment,
              int graceMs, const QString &field, const QString &mentions) {
              QTest::newRow(name) << ok << 60000 << command << folder << environment << graceMs << field
                                  << u"app"_s << -1 << mentions;
          };
    app("folder without command", none, u"~www"_s, none, 5000, u"siteAppCommand"_s, u"command"_s);
    app("environment without command", none, none, u"PORT=3000"_s, 5000, u"siteAppCommand"_s, u"command"_s);
    app("command of quotes only", u"\"\""_s, none, none, 5000, u"siteAppCommand"_s, u"program"_s);
    app("relative folder", cmd, u"app/dir"_s, none, 5000, u"siteAppFolder"_s, u"app/dir"_s);
    app("environment entry without =", cmd, none, u"PORT=3000\nDEBUG"_s, 5000, u"siteAppEnvironment"_s,
        u"DEBUG"_s);
    app("environment name with a digit first", cmd, none, u"1PORT=3000"_s, 5000, u"siteAppEnvironment"_s,
        u"1PORT"_s);
    app("environment name with a blank", cmd, none, u"MY PORT=3000"_s, 5000, u"siteAppEnvironment"_s,
        u"MY PORT"_s);
    app("stop grace 0 ms", cmd, none, none, 0, u"siteAppStopGrace"_s, u"100 ms"_s);
    app("stop grace over a minute", cmd, none, none, 60001, u"siteAppStopGrace"_s, u"60 s"_s);
    app("bad folder and grace: the folder first", cmd, u"rel"_s, none, 0, u"siteAppFolder"_s, u"rel"_s);
}

void TestSiteDialog::proxyFieldErrors()
{
    QFETCH(QStringList, routes);
    QFETCH(int, timeoutMs);
    QFETCH(QString, command);
    QFETCH(QString, folder);
    QFETCH(QString, environment);
    QFETCH(int, graceMs);
    QFETCH(QString, field);
    QFETCH(QString, member);
    QFETCH(int, markedRow);
    QFETCH(QString, mentions);

    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    openProxied(dialog);
    setProxyRoutes(dialog, routes);
    dialog.findChild<QSpinBox *>(u"siteUpstreamTimeout"_s)->setValue(timeoutMs);
    type(dialog, u"siteAppCommand"_s, command);
    type(dialog, u"siteAppFolder"_s, folder.startsWith(u'~') ? m_dir.filePath(folder.mid(1)) : folder);
    dialog.findChild<QPlainTextEdit *>(u"siteAppEnvironment"_s)->setPlainText(environment);
    dialog.findChild<QSpinBox *>(u"siteAppStopGrace"_s)->setValue(graceMs);
    tabs(dialog)->setCurrentIndex(0);
    clickOk(dialog);
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.result() != QDialog::Accepted);

    // SiteValidator's own message, under the field, the field marked and focused, on the Proxy tab.
    const hostbench::model::SiteValidator::Errors expected
        = hostbench::model::SiteValidator::validate(dialog.host(), others(), dataFolder());
    const QString message = member == u"proxies"_s ? expected.proxies
        : member == u"upstreamTimeout"_s           ? expected.upstreamTimeout
                                                   : expected.app;
    QVERIFY2(!message.isEmpty(), qPrintable(member));
    QVERIFY2(message.contains(mentions), qPrintable(message));
    const QString errorName = (field == table() ? u"siteProxyRoutes"_s : field) + u"Error"_s;
    QLabel *label = error(dialog, errorName);
    QVERIFY2(label, qPrintable(errorName));
    QTRY_VERIFY(label->isVisible());
    QCOMPARE(label->text(), message);
    auto *widget = dialog.findChild<QWidget *>(field);
    QVERIFY(widget);
    QCOMPARE(widget->property("fieldError").toString(), message);
    QCOMPARE(tabs(dialog)->currentWidget()->objectName(), u"siteProxyPage"_s);
    QCOMPARE(dialog.focusWidget(), widget);
    auto *routesTable = dialog.findChild<QTableView *>(table());
    QCOMPARE(
        qobject_cast<hostbench::ui::ProxyRouteTableModel *>(routesTable->model())->markedRow(), markedRow);

    // No other field speaks; only the Proxy tab has the warning mark.
    for (const QString &other : { u"siteProxyRoutesError"_s, u"siteUpstreamTimeoutError"_s,
             u"siteAppCommandError"_s, u"siteAppFolderError"_s, u"siteAppEnvironmentError"_s,
             u"siteAppStopGraceError"_s, u"siteHostNameError"_s, u"siteDocumentRootError"_s }) {
        if (other != errorName)
            QVERIFY2(error(dialog, other)->text().isEmpty(), qPrintable(other));
    }
    for (int tab = 0; tab < tabs(dialog)->count(); ++tab)
        QCOMPARE(!tabs(dialog)->tabIcon(tab).isNull(), tab == 1);

    // Back to Files: nothing proxied is checked, the message and the mark go, OK closes.
    pickServes(dialog, SiteDialog::Serves::Files);
    QTRY_VERIFY(!label->isVisible());
    QVERIFY(tabs(dialog)->tabIcon(1).isNull());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
}

void TestSiteDialog::proxyRoundTrip_data()
{
    QTest::addColumn<VirtualHost>("stored");
    VirtualHost base;
    base.id = 5;
    base.hostName = u"app.test"_s;
    base.documentRoot = m_dir.filePath(u"www"_s);

    VirtualHost everything = base;
    everything.proxy.routes = { { u"/"_s, u"http://127.0.0.1:3000"_s }, { u"/ws"_s, u"unix:/run/app.sock"_s },
        { u"/api"_s, u"http://[::1]:9000/v1"_s } };
    everything.proxy.sendUpstreamHost = true;
    everything.proxy.upstreamTimeoutMs = 1500;
    everything.proxy.app.command = u"python3 -m http.server 9000"_s;
    everything.proxy.app.workingDir = m_dir.filePath(u"www"_s);
    everything.proxy.app.environment = { u"PORT=9000"_s, u"MODE=dev "_s, u"EMPTY="_s };
    everything.proxy.app.stopGraceMs = 250;
    QTest::newRow("paths, Host, timeout, app") << everything;

    VirtualHost routesOnly = base;
    routesOnly.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:9000"_s } };
    routesOnly.proxy.upstreamTimeoutMs = 3600 * 1000;
    QTest::newRow("a path beside the files") << routesOnly;

    VirtualHost appOnly = base;
    appOnly.proxy.app.command = u"npm run dev"_s;
    appOnly.proxy.app.stopGraceMs = 60000;
    appOnly.proxy.upstreamTimeoutMs = 100;
    QTest::newRow("an app, no path yet") << appOnly;
}

void TestSiteDialog::proxyRoundTrip()
{
    QFETCH(VirtualHost, stored);
    SiteDialog dialog(stored, others(), dataFolder());
    QCOMPARE(dialog.serves(), SiteDialog::Serves::Proxy);
    QVERIFY(tabs(dialog)->isTabEnabled(1));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // The fields show what is stored.
    QCOMPARE(dialog.findChild<QLineEdit *>(u"siteAppCommand"_s)->text(), stored.proxy.app.command);
    QCOMPARE(dialog.findChild<QSpinBox *>(u"siteUpstreamTimeout"_s)->value(), stored.proxy.upstreamTimeoutMs);
    QCOMPARE(dialog.findChild<QSpinBox *>(u"siteAppStopGrace"_s)->value(), stored.proxy.app.stopGraceMs);
    QCOMPARE(
        dialog.findChild<QCheckBox *>(u"siteSendUpstreamHost"_s)->isChecked(), stored.proxy.sendUpstreamHost);
    QAbstractItemModel *routes = dialog.findChild<QTableView *>(table())->model();
    QCOMPARE(routes->rowCount(), stored.proxy.routes.size());
    for (int row = 0; row < routes->rowCount(); ++row) {
        QCOMPARE(routes->index(row, 0).data().toString(), stored.proxy.routes.at(row).pathPrefix);
        QCOMPARE(routes->index(row, 1).data().toString(), stored.proxy.routes.at(row).upstream);
    }
    QCOMPARE(dialog.findChild<QLineEdit *>(u"siteAppFolder"_s)->text(),
        QDir::toNativeSeparators(stored.proxy.app.workingDir));
    QCOMPARE(dialog.findChild<QPlainTextEdit *>(u"siteAppEnvironment"_s)->toPlainText().split(u'\n'),
        stored.proxy.app.environment.isEmpty() ? QStringList { QString() } : stored.proxy.app.environment);
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const VirtualHost host = dialog.host();
    QCOMPARE(host.proxy.routes, stored.proxy.routes);
    QCOMPARE(host.proxy.app.environment, stored.proxy.app.environment);
    QCOMPARE(host.proxy.app.workingDir, stored.proxy.app.workingDir);
    QCOMPARE(host.proxy.app.stopGraceMs, stored.proxy.app.stopGraceMs);
    QCOMPARE(host.proxy.upstreamTimeoutMs, stored.proxy.upstreamTimeoutMs);
    QCOMPARE(host.proxy.sendUpstreamHost, stored.proxy.sendUpstreamHost);
    QVERIFY(host == stored);
}

void TestSiteDialog::proxyValuesFromTheFields()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    openProxied(dialog);
    setProxyRoutes(dialog, { u"/ http://127.0.0.1:3000"_s, u"/api http://localhost:9000/v1"_s });
    auto *sendHost = dialog.findChild<QCheckBox *>(u"siteSendUpstreamHost"_s);
    QTest::mouseClick(sendHost, Qt::LeftButton, {}, QPoint(5, sendHost->height() / 2));
    QVERIFY(sendHost->isChecked());
    dialog.findChild<QSpinBox *>(u"siteUpstreamTimeout"_s)->setValue(2500);
    type(dialog, u"siteAppCommand"_s, u"  npm run dev  "_s);
    type(dialog, u"siteAppFolder"_s, m_dir.filePath(u"www"_s));
    // Blank lines are no entries; a value keeps its blanks.
    dialog.findChild<QPlainTextEdit *>(u"siteAppEnvironment"_s)
        ->setPlainText(u"PORT=3000\n\n  \nNAME=a b \n"_s);
    dialog.findChild<QSpinBox *>(u"siteAppStopGrace"_s)->setValue(1200);
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const VirtualHost host = dialog.host();
    QCOMPARE(host.proxy.routes,
        QList<ProxyRoute>(
            { { u"/"_s, u"http://127.0.0.1:3000"_s }, { u"/api"_s, u"http://localhost:9000/v1"_s } }));
    QVERIFY(host.proxy.sendUpstreamHost);
    QCOMPARE(host.proxy.upstreamTimeoutMs, 2500);
    QCOMPARE(host.proxy.app.command, u"npm run dev"_s);
    QCOMPARE(host.proxy.app.workingDir, m_dir.filePath(u"www"_s));
    QCOMPARE(host.proxy.app.environment, QStringList({ u"PORT=3000"_s, u"NAME=a b "_s }));
    QCOMPARE(host.proxy.app.stopGraceMs, 1200);
}

void TestSiteDialog::switchingFilesAndProxy()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"app.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    // A new site serves files: the Proxy tab is off, nothing proxied.
    QCOMPARE(dialog.serves(), SiteDialog::Serves::Files);
    QVERIFY(!tabs(dialog)->isTabEnabled(1));
    auto *note = dialog.findChild<QLabel *>(u"siteDocumentRootNote"_s);
    QVERIFY(note);
    const QString filesNote = note->text();
    QVERIFY(dialog.host().proxy.routes.isEmpty());

    // Picked: the tab opens with "/" -> http://127.0.0.1:3000; the root's note says it still serves.
    pickServes(dialog, SiteDialog::Serves::Proxy);
    QVERIFY(tabs(dialog)->isTabEnabled(1));
    QVERIFY(note->text() != filesNote);
    QVERIFY2(note->text().contains(u"not proxied"_s), qPrintable(note->text()));
    QCOMPARE(dialog.host().proxy.routes, QList<ProxyRoute>({ { u"/"_s, u"http://127.0.0.1:3000"_s } }));
    setProxyRoutes(dialog, { u"/api http://127.0.0.1:9000"_s });
    type(dialog, u"siteAppCommand"_s, u"npm run dev"_s);
    QCOMPARE(dialog.host().proxy.app.command, u"npm run dev"_s);

    // Files again: no path or app goes out; the fields keep them for a change of mind.
    pickServes(dialog, SiteDialog::Serves::Files);
    QVERIFY(!tabs(dialog)->isTabEnabled(1));
    QCOMPARE(note->text(), filesNote);
    QVERIFY(dialog.host().proxy.routes.isEmpty());
    QVERIFY(!dialog.host().proxy.app.isSet());
    pickServes(dialog, SiteDialog::Serves::Proxy);
    QCOMPARE(dialog.host().proxy.routes, QList<ProxyRoute>({ { u"/api"_s, u"http://127.0.0.1:9000"_s } }));
    QCOMPARE(dialog.host().proxy.app.command, u"npm run dev"_s);
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
}

void TestSiteDialog::editedProxySiteBackToFiles()
{
    VirtualHost stored;
    stored.id = 3;
    stored.hostName = u"was-app.test"_s;
    stored.documentRoot = m_dir.filePath(u"www"_s);
    stored.proxy.routes = { { u"/"_s, u"http://127.0.0.1:3000"_s } };
    stored.proxy.app.command = u"npm start"_s;
    stored.proxy.upstreamTimeoutMs = 7000;
    SiteDialog dialog(stored, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    pickServes(dialog, SiteDialog::Serves::Files);
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    VirtualHost expected = stored;
    expected.proxy.routes.clear();
    expected.proxy.app = {};
    QVERIFY(dialog.host() == expected);
}

void TestSiteDialog::proxyPageAtDefaultSize_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("de") << u"de"_s;
}

void TestSiteDialog::proxyPageAtDefaultSize()
{
    QFETCH(QString, language);
    hostbench::ui::Translations::install(*qApp, language);
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    openProxied(dialog);
    const QSize defaultSize = dialog.size();
    // Two errors at once: a path and the environment.
    setProxyRoutes(dialog, { u"/ http://127.0.0.1:3000"_s, u"/api https://127.0.0.1:9000"_s });
    type(dialog, u"siteAppCommand"_s, u"npm run dev"_s);
    dialog.findChild<QPlainTextEdit *>(u"siteAppEnvironment"_s)->setPlainText(u"PORT=3000\nDEBUG"_s);
    clickOk(dialog);
    QLabel *routesError = error(dialog, u"siteProxyRoutesError"_s);
    QTRY_VERIFY(routesError->isVisible());
    // The first error's field has the focus; the second shows too once the first is fixed.
    QAbstractItemModel *routes = dialog.findChild<QTableView *>(table())->model();
    QVERIFY(routes->setData(routes->index(1, 1), u"http://127.0.0.1:9000"_s));
    QLabel *environmentError = error(dialog, u"siteAppEnvironmentError"_s);
    QTRY_VERIFY(environmentError->isVisible());
    QVERIFY(routes->setData(routes->index(1, 1), u"https://127.0.0.1:9000"_s));
    QTRY_VERIFY(routesError->isVisible());
    QVERIFY(environmentError->isVisible()); // both at once
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    QCOMPARE(dialog.size(), defaultSize);

    // Every field of the page is shown whole inside it, none overlapping; each message has its room.
    QWidget *page = tabs(dialog)->currentWidget();
    QCOMPARE(page->objectName(), u"siteProxyPage"_s);
    const QStringList names { table(), u"proxyRoutesAdd"_s, u"proxyRoutesRemove"_s, u"siteProxyRoutesError"_s,
        u"siteSendUpstreamHost"_s, u"siteUpstreamTimeout"_s, u"siteAppCommand"_s, u"siteAppFolder"_s,
        u"siteAppFolderBrowse"_s, u"siteAppEnvironment"_s, u"siteAppEnvironmentError"_s,
        u"siteAppStopGrace"_s };
    QList<QRect> rects;
    for (const QString &name : names) {
        auto *widget = page->findChild<QWidget *>(name);
        QVERIFY2(widget && widget->isVisible(), qPrintable(name));
        const QRect rect(widget->mapTo(page, QPoint(0, 0)), widget->size());
        QVERIFY2(page->rect().contains(rect), qPrintable(name));
        // A table or text box shows two lines at least; any other field its whole height.
        if (auto *area = qobject_cast<QAbstractScrollArea *>(widget))
            QVERIFY2(area->viewport()->height() >= 2 * area->fontMetrics().lineSpacing(), qPrintable(name));
        else
            QVERIFY2(widget->height() >= widget->minimumSizeHint().height(), qPrintable(name));
        QVERIFY2(widget->width() >= widget->minimumSizeHint().width(), qPrintable(name));
        for (int other = 0; other < rects.size(); ++other)
            QVERIFY2(!rects.at(other).intersects(rect), qPrintable(name + u" overlaps "_s + names.at(other)));
        rects.append(rect);
    }
    for (QLabel *label : { routesError, environmentError })
        QVERIFY2(label->heightForWidth(label->width()) <= label->height(), qPrintable(label->text()));
    QVERIFY(hostbench::test::Screenshots::save(&dialog, u"site-dialog-proxy-errors-"_s + language));
    hostbench::ui::Translations::install(*qApp, u"en"_s);
}

void TestSiteDialog::openPhp(SiteDialog &dialog)
{
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"php.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    pickServes(dialog, SiteDialog::Serves::Php);
    tabs(dialog)->setCurrentWidget(dialog.findChild<QWidget *>(u"sitePhpPage"_s));
    QTRY_VERIFY(dialog.findChild<QWidget *>(u"sitePhpAddress"_s)->isVisible());
}

void TestSiteDialog::setPhpFields(
    SiteDialog &dialog, const QString &address, const QString &prefix, bool frontController, int timeoutMs)
{
    type(dialog, u"sitePhpAddress"_s, address);
    type(dialog, u"sitePhpPrefix"_s, prefix);
    auto *front = dialog.findChild<QCheckBox *>(u"sitePhpFrontController"_s);
    QVERIFY(front);
    if (front->isChecked() != frontController)
        QTest::mouseClick(front, Qt::LeftButton, {}, QPoint(5, front->height() / 2));
    QCOMPARE(front->isChecked(), frontController);
    dialog.findChild<QSpinBox *>(u"sitePhpTimeout"_s)->setValue(timeoutMs);
}

void TestSiteDialog::phpFieldErrors_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<QString>("field"); // the field that must show the error
    QTest::addColumn<QString>("mentions"); // a word of the message

    const QString address = u"sitePhpAddress"_s;
    const QString prefix = u"sitePhpPrefix"_s;
    const QString timeout = u"sitePhpTimeout"_s;
    const auto row
        = [](const char *name, const QString &a, const QString &p, int t, const QString &field,
              const QString &mentions) { QTest::newRow(name) << a << p << t << field << mentions; };
    row("address empty", QString(), u"/"_s, 60000, address, u"empty"_s);
    row("address blanks only", u"   "_s, u"/"_s, 60000, address, u"empty"_s);
    row("address with a scheme", u"http://127.0.0.1:9000"_s, u"/"_s, 60000, address, u"scheme"_s);
    row("address fcgi scheme", u"fcgi://127.0.0.1:9000"_s, u"/"_s, 60000, address, u"scheme"_s);
    row("address without port", u"127.0.0.1"_s, u"/"_s, 60000, address, u"port"_s);
    row("address host with a path", u"localhost/php:9000"_s, u"/"_s, 60000, address, u"/"_s);
    row("address port 0", u"127.0.0.1:0"_s, u"/"_s, 60000, address, u"0"_s);
    row("address port 65536", u"127.0.0.1:65536"_s, u"/"_s, 60000, address, u"65536"_s);
    row("address relative socket", u"unix:run/php.sock"_s, u"/"_s, 60000, address, u"absolute"_s);
    row("address socket path too long", u"unix:/"_s + QString(120, u'a'), u"/"_s, 60000, address, u"107"_s);
    row("prefix empty", u"auto"_s, QString(), 60000, prefix, u"PHP path"_s);
    row("prefix without /", u"auto"_s, u"blog"_s, 60000, prefix, u"PHP path"_s);
    row("prefix with a .. segment", u"auto"_s, u"/a/../b"_s, 60000, prefix, u"PHP path"_s);
    row("prefix with a query", u"auto"_s, u"/a?b"_s, 60000, prefix, u"PHP path"_s);
    row("prefix with a blank", u"unix:/run/php.sock"_s, u"/my blog"_s, 60000, prefix, u"PHP path"_s);
    row("timeout 0 ms", u"auto"_s, u"/"_s, 0, timeout, u"100 ms"_s);
    row("timeout 99 ms", u"127.0.0.1:9000"_s, u"/"_s, 99, timeout, u"100 ms"_s);
    row("timeout over an hour", u"auto"_s, u"/"_s, 3600 * 1000 + 1, timeout, u"3600 s"_s);
    row("bad address and timeout: the address first", u"127.0.0.1"_s, u"/"_s, 0, address, u"port"_s);
    row("bad prefix and timeout: the prefix first", u"auto"_s, u"x"_s, 0, prefix, u"PHP path"_s);
}

void TestSiteDialog::phpFieldErrors()
{
    QFETCH(QString, address);
    QFETCH(QString, prefix);
    QFETCH(int, timeoutMs);
    QFETCH(QString, field);
    QFETCH(QString, mentions);

    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    openPhp(dialog);
    setPhpFields(dialog, address, prefix, false, timeoutMs);
    tabs(dialog)->setCurrentIndex(0);
    clickOk(dialog);
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.result() != QDialog::Accepted);

    // SiteValidator's own message (an empty address: FastCgiAddress's), under the field,
    // the field marked and focused, on the PHP tab.
    const VirtualHost entered = dialog.host();
    QCOMPARE(entered.php.address, address.trimmed());
    QString message = hostbench::model::SiteValidator::validate(entered, others(), dataFolder()).php;
    if (address.trimmed().isEmpty()) {
        QVERIFY(message.isEmpty()); // no address: no PHP, to the validator
        hostbench::model::FastCgiAddress::parse(address, &message);
    }
    QVERIFY(!message.isEmpty());
    QVERIFY2(message.contains(mentions), qPrintable(message));
    QLabel *label = error(dialog, field + u"Error"_s);
    QVERIFY2(label, qPrintable(field));
    QTRY_VERIFY(label->isVisible());
    QCOMPARE(label->text(), message);
    auto *widget = dialog.findChild<QWidget *>(field);
    QVERIFY(widget);
    QCOMPARE(widget->property("fieldError").toString(), message);
    QCOMPARE(tabs(dialog)->currentWidget()->objectName(), u"sitePhpPage"_s);
    QWidget *focused = dialog.focusWidget();
    QVERIFY2(focused == widget || widget->isAncestorOf(focused),
        qPrintable(focused ? focused->objectName() : u"none"_s));

    // No other field speaks; only the PHP tab has the warning mark.
    for (const QString &other : { u"sitePhpAddressError"_s, u"sitePhpPrefixError"_s, u"sitePhpTimeoutError"_s,
             u"siteProxyRoutesError"_s, u"siteHostNameError"_s, u"siteDocumentRootError"_s }) {
        if (other != field + u"Error"_s)
            QVERIFY2(error(dialog, other)->text().isEmpty(), qPrintable(other));
    }
    for (int tab = 0; tab < tabs(dialog)->count(); ++tab)
        QCOMPARE(!tabs(dialog)->tabIcon(tab).isNull(), tab == 2);

    // Put right: the message and the mark go as the user types, OK closes.
    setPhpFields(dialog, u"127.0.0.1:9000"_s, u"/"_s, false, 30000);
    QTRY_VERIFY(!label->isVisible());
    QVERIFY(tabs(dialog)->tabIcon(2).isNull());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.host().php.address, u"127.0.0.1:9000"_s);
}

void TestSiteDialog::phpRoundTrip_data()
{
    QTest::addColumn<VirtualHost>("stored");
    VirtualHost base;
    base.id = 6;
    base.hostName = u"php.test"_s;
    base.documentRoot = m_dir.filePath(u"www"_s);

    VirtualHost automatic = base;
    automatic.php.address = u"auto"_s;
    QTest::newRow("auto, the whole site") << automatic;

    VirtualHost laravel = base;
    laravel.php.address = u"unix:/run/php/php8.2-fpm.sock"_s;
    laravel.php.frontController = true;
    laravel.php.timeoutMs = 100;
    QTest::newRow("a socket, front controller, shortest timeout") << laravel;

    VirtualHost blog = base;
    blog.php.address = u"127.0.0.1:9000"_s;
    blog.php.pathPrefix = u"/blog"_s;
    blog.php.timeoutMs = 3600 * 1000;
    QTest::newRow("TCP, a path prefix, longest timeout") << blog;

    VirtualHost withProxy = base; // a proxied path wins over PHP: both kept
    withProxy.php.address = u"[::1]:9000"_s;
    withProxy.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:3000"_s } };
    QTest::newRow("PHP and a proxied path") << withProxy;
}

void TestSiteDialog::phpRoundTrip()
{
    QFETCH(VirtualHost, stored);
    SiteDialog dialog(stored, others(), dataFolder());
    QCOMPARE(dialog.serves(), SiteDialog::Serves::Php);
    QVERIFY(tabs(dialog)->isTabEnabled(2));
    QVERIFY(tabs(dialog)->isTabEnabled(1)); // a PHP site may proxy paths too
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.findChild<QComboBox *>(u"sitePhpAddress"_s)->currentText(), stored.php.address);
    QCOMPARE(dialog.findChild<QLineEdit *>(u"sitePhpPrefix"_s)->text(), stored.php.pathPrefix);
    QCOMPARE(
        dialog.findChild<QCheckBox *>(u"sitePhpFrontController"_s)->isChecked(), stored.php.frontController);
    QCOMPARE(dialog.findChild<QSpinBox *>(u"sitePhpTimeout"_s)->value(), stored.php.timeoutMs);
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const VirtualHost host = dialog.host();
    QCOMPARE(host.php.address, stored.php.address);
    QCOMPARE(host.php.pathPrefix, stored.php.pathPrefix);
    QCOMPARE(host.php.frontController, stored.php.frontController);
    QCOMPARE(host.php.timeoutMs, stored.php.timeoutMs);
    QCOMPARE(host.proxy.routes, stored.proxy.routes);
    QVERIFY(host == stored);
}

void TestSiteDialog::httpsFieldErrorsAndRoundTrip()
{
    // The HTTPS tab (model::SiteTls): a missing file and a lone certificate are named under
    // their fields, the tab is marked and shown; a real pair, the redirect and HSTS are kept.
    if (QStandardPaths::findExecutable(u"openssl"_s).isEmpty())
        QSKIP("openssl is not installed (apt-get install openssl)");
    const QString cert = m_dir.filePath(u"own.pem"_s);
    const QString key = m_dir.filePath(u"own-key.pem"_s);
    QProcess openssl;
    openssl.start(u"openssl"_s,
        { u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:P-256"_s,
            u"-nodes"_s, u"-keyout"_s, key, u"-out"_s, cert, u"-subj"_s, u"/CN=own.test"_s, u"-days"_s,
            u"3"_s });
    QVERIFY(openssl.waitForFinished(30000) && openssl.exitCode() == 0);

    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"own.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    QWidget *page = dialog.findChild<QWidget *>(u"siteHttpsPage"_s);
    QVERIFY(page);
    tabs(dialog)->setCurrentWidget(page);
    const QString missing = m_dir.filePath(u"missing.pem"_s);
    type(dialog, u"siteTlsCertificate"_s, missing);
    tabs(dialog)->setCurrentIndex(0);
    clickOk(dialog);
    QVERIFY(dialog.isVisible());
    QCOMPARE(tabs(dialog)->currentWidget(), page);
    QTRY_VERIFY(error(dialog, u"siteTlsCertificateError"_s)->isVisible());
    QVERIFY2(error(dialog, u"siteTlsCertificateError"_s)->text().contains(missing),
        qPrintable(error(dialog, u"siteTlsCertificateError"_s)->text()));
    QVERIFY(error(dialog, u"siteTlsKeyError"_s)->text().contains(u"or neither"_s));
    QVERIFY(!tabs(dialog)->tabIcon(tabs(dialog)->indexOf(page)).isNull());

    // The key where the certificate belongs.
    type(dialog, u"siteTlsCertificate"_s, key);
    type(dialog, u"siteTlsKey"_s, key);
    QTRY_VERIFY(error(dialog, u"siteTlsCertificateError"_s)->text().contains(u"not a PEM certificate"_s));
    QVERIFY(!error(dialog, u"siteTlsKeyError"_s)->isVisible());

    type(dialog, u"siteTlsCertificate"_s, cert);
    QTRY_VERIFY(!error(dialog, u"siteTlsCertificateError"_s)->isVisible());
    QVERIFY(tabs(dialog)->tabIcon(tabs(dialog)->indexOf(page)).isNull());
    auto *redirect = dialog.findChild<QCheckBox *>(u"siteTlsRedirect"_s);
    auto *hsts = dialog.findChild<QSpinBox *>(u"siteTlsHsts"_s);
    QVERIFY(redirect && hsts);
    QCOMPARE(hsts->text(), u"Off"_s);
    QTest::mouseClick(redirect, Qt::LeftButton, {}, QPoint(5, redirect->height() / 2));
    hsts->setValue(int(hostbench::model::SiteTls::kMaxHstsSeconds) + 1);
    QTRY_VERIFY(error(dialog, u"siteTlsHstsError"_s)->isVisible());
    hsts->setValue(31536000);
    QTRY_VERIFY(!error(dialog, u"siteTlsHstsError"_s)->isVisible());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    hostbench::model::SiteTls expected;
    expected.certificatePath = cert;
    expected.keyPath = key;
    expected.redirectToHttps = true;
    expected.hstsMaxAgeSeconds = 31536000;
    const VirtualHost host = dialog.host();
    QCOMPARE(host.tls, expected);

    // Opened again, the stored settings are shown and kept as they are.
    SiteDialog again(host, others(), dataFolder());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.findChild<QLineEdit *>(u"siteTlsCertificate"_s)->text(), QDir::toNativeSeparators(cert));
    QCOMPARE(again.findChild<QSpinBox *>(u"siteTlsHsts"_s)->value(), 31536000);
    clickOk(again);
    QTRY_VERIFY(!again.isVisible());
    QVERIFY(again.host() == host);
}

void TestSiteDialog::phpValuesFromTheFields()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    openPhp(dialog);
    // Picked: "auto" at first, the whole site, no front controller, 60 s.
    QCOMPARE(dialog.host().php, hostbench::model::PhpSettings({ u"auto"_s, u"/"_s, false, 60000 }));
    QCOMPARE(dialog.findChild<QComboBox *>(u"sitePhpAddress"_s)->lineEdit()->placeholderText(),
        u"unix:/path.sock or HOST:PORT"_s);
    setPhpFields(dialog, u"  unix:/run/php/custom.sock "_s, u" /app "_s, true, 2500);
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const VirtualHost host = dialog.host();
    QCOMPARE(host.php.address, u"unix:/run/php/custom.sock"_s);
    QCOMPARE(host.php.pathPrefix, u"/app"_s);
    QVERIFY(host.php.frontController);
    QCOMPARE(host.php.timeoutMs, 2500);
    QVERIFY(host.proxy.routes.isEmpty()); // nothing proposed on the Proxy tab for PHP
}

void TestSiteDialog::switchingToAndFromPhp()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    type(dialog, u"siteHostName"_s, u"php.test"_s);
    type(dialog, u"siteDocumentRoot"_s, m_dir.filePath(u"www"_s));
    QVERIFY(!tabs(dialog)->isTabEnabled(2));
    auto *note = dialog.findChild<QLabel *>(u"siteDocumentRootNote"_s);
    const QString filesNote = note->text();

    pickServes(dialog, SiteDialog::Serves::Php);
    QVERIFY(tabs(dialog)->isTabEnabled(2));
    QVERIFY(tabs(dialog)->isTabEnabled(1));
    QVERIFY2(note->text().contains(u"PHP-FPM"_s), qPrintable(note->text()));
    tabs(dialog)->setCurrentIndex(2);
    setPhpFields(dialog, u"127.0.0.1:9000"_s, u"/"_s, true, 5000);
    QCOMPARE(dialog.host().php.address, u"127.0.0.1:9000"_s);

    // Files, then a proxy: no PHP-FPM address goes out; the fields keep theirs for a change of mind.
    pickServes(dialog, SiteDialog::Serves::Files);
    QVERIFY(!tabs(dialog)->isTabEnabled(2));
    QCOMPARE(note->text(), filesNote);
    QVERIFY(!dialog.host().php.isSet());
    pickServes(dialog, SiteDialog::Serves::Proxy);
    QVERIFY(!tabs(dialog)->isTabEnabled(2));
    QVERIFY(!dialog.host().php.isSet());
    QVERIFY(!dialog.host().proxy.routes.isEmpty());
    pickServes(dialog, SiteDialog::Serves::Php);
    QCOMPARE(dialog.host().php, hostbench::model::PhpSettings({ u"127.0.0.1:9000"_s, u"/"_s, true, 5000 }));

    // A bad PHP field does not hold a site that no longer serves PHP.
    type(dialog, u"sitePhpAddress"_s, u"nonsense"_s);
    clickOk(dialog);
    QVERIFY(dialog.isVisible());
    QLabel *addressError = error(dialog, u"sitePhpAddressError"_s);
    QTRY_VERIFY(addressError->isVisible());
    pickServes(dialog, SiteDialog::Serves::Files);
    QTRY_VERIFY(addressError->text().isEmpty());
    QVERIFY(tabs(dialog)->tabIcon(2).isNull());
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(!dialog.host().php.isSet());
}

void TestSiteDialog::phpFpmNotInstalled()
{
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.setPhpFpmProgram(QString()); // as on a machine without PHP-FPM
    openPhp(dialog);
    auto *missing = dialog.findChild<QLabel *>(u"sitePhpFpmMissing"_s);
    QVERIFY(missing);
    QTRY_VERIFY(missing->isVisible());
    QVERIFY2(missing->text().contains(u"php8.2-fpm"_s), qPrintable(missing->text()));
    QVERIFY2(missing->text().contains(u"apt-get install php8.2-fpm"_s), qPrintable(missing->text()));
    QVERIFY(hostbench::test::Screenshots::save(&dialog, u"site-dialog-php-no-fpm"_s));

    // An address of a PHP-FPM that runs elsewhere needs none installed here.
    type(dialog, u"sitePhpAddress"_s, u"127.0.0.1:9000"_s);
    QTRY_VERIFY(!missing->isVisible());
    auto *note = dialog.findChild<QLabel *>(u"sitePhpNote"_s);
    QVERIFY2(note->isVisible() && note->text().contains(u"127.0.0.1:9000"_s), qPrintable(note->text()));
    type(dialog, u"sitePhpAddress"_s, u"AUTO"_s);
    QTRY_VERIFY(missing->isVisible());

    // Said, not refused: the site can be stored now and served once PHP-FPM is installed.
    clickOk(dialog);
    QTRY_VERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.host().php.address, u"auto"_s); // the list completes it to its own spelling
}

void TestSiteDialog::phpFpmFound()
{
    // This machine's own PHP-FPM (hostbench.sh installs php8.2-fpm).
    const QString installed = u"/usr/sbin/php-fpm8.2"_s;
    if (!QFileInfo(installed).isExecutable())
        QSKIP("php8.2-fpm is not installed here");
    const QString found = hostbench::ui::SitePhpPage::findPhpFpm();
    QVERIFY2(QFileInfo(found).isExecutable(), qPrintable(found));
    QVERIFY2(QFileInfo(found).fileName().startsWith(u"php-fpm"_s), qPrintable(found));

    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    openPhp(dialog);
    auto *note = dialog.findChild<QLabel *>(u"sitePhpNote"_s);
    QTRY_VERIFY(note->isVisible());
    QVERIFY2(note->text().contains(found), qPrintable(note->text()));
    QVERIFY(!dialog.findChild<QLabel *>(u"sitePhpFpmMissing"_s)->isVisible());
}

void TestSiteDialog::phpPageAtDefaultSize_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("de") << u"de"_s;
}

void TestSiteDialog::phpPageAtDefaultSize()
{
    QFETCH(QString, language);
    hostbench::ui::Translations::install(*qApp, language);
    SiteDialog dialog(VirtualHost {}, others(), dataFolder());
    dialog.setPhpFpmProgram(QString()); // the longest note: what to install
    openPhp(dialog);
    const QSize defaultSize = dialog.size();
    setPhpFields(dialog, u"auto"_s, u"/a/../b"_s, true, 60000);
    clickOk(dialog);
    QLabel *prefixError = error(dialog, u"sitePhpPrefixError"_s);
    QTRY_VERIFY(prefixError->isVisible());
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    QCOMPARE(dialog.size(), defaultSize);

    // Every field of the page is shown whole inside it, none overlapping.
    QWidget *page = tabs(dialog)->currentWidget();
    QCOMPARE(page->objectName(), u"sitePhpPage"_s);
    const QStringList names { u"sitePhpAddress"_s, u"sitePhpFpmMissing"_s, u"sitePhpPrefix"_s,
        u"sitePhpPrefixError"_s, u"sitePhpFrontController"_s, u"sitePhpTimeout"_s };
    QList<QRect> rects;
    for (const QString &name : names) {
        auto *widget = page->findChild<QWidget *>(name);
        QVERIFY2(widget && widget->isVisible(), qPrintable(name));
        const QRect rect(widget->mapTo(page, QPoint(0, 0)), widget->size());
        QVERIFY2(page->rect().contains(rect), qPrintable(name));
        QVERIFY2(widget->height() >= widget->minimumSizeHint().height(), qPrintable(name));
        for (int other = 0; other < rects.size(); ++other)
            QVERIFY2(!rects.at(other).intersects(rect), qPrintable(name + u" overlaps "_s + names.at(other)));
        rects.append(rect);
    }
    for (QLabel *label : { prefixError, page->findChild<QLabel *>(u"sitePhpFpmMissing"_s) })
        QVERIFY2(label->heightForWidth(label->width()) <= label->height(), qPrintable(label->text()));
    QVERIFY(hostbench::test::Screenshots::save(&dialog, u"site-dialog-php-errors-"_s + language));

    // And as most will see it: "auto" with PHP-FPM installed, no error.
    dialog.setPhpFpmProgram(u"/usr/sbin/php-fpm8.2"_s);
    setPhpFields(dialog, u"auto"_s, u"/"_s, true, 60000);
    QTRY_VERIFY(!prefixError->isVisible());
    QVERIFY(hostbench::test::Screenshots::save(&dialog, u"site-dialog-php-"_s + language));
    hostbench::ui::Translations::install(*qApp, u"en"_s);
}

QTEST_MAIN(TestSiteDialog)
#include "tst_sitedialog.moc"
