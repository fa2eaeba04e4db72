// The Sites page with proxied sites (issue #24), in the main window at its
// smallest size, 1024x700, the engine running on port 0: the document root
// column names the proxied paths ("/ → http://127.0.0.1:3000" for a site
// proxied whole, "ROOT; /api → …" beside the files), its tool tip lists them
// and the app; the table keeps its columns and their room. A site added
// from the dialog as "Proxy to an app" is stored, handed to the engine and
// proxied to a real upstream on 127.0.0.1. With
// HOSTBENCH_SCREENSHOTS=DIR it saves sites-page-proxied.png.
// PHP sites (issue #25): the column names the PHP-FPM ("ROOT; PHP: / →
// auto", with the PHP version once the page is told it), and a site added
// from the dialog as "PHP" is stored with its PHP settings and shown
// (sites-page-php.png). These need the storage of PHP settings (schema
// step 11) and skip, saying so, where the database does not keep them.
#include "Screenshots.h"
#include "model/ServerConfig.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"
#include "ui/SiteDialog.h"
#include "ui/SiteTableModel.h"
#include "ui/SitesPage.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Column = ui::SiteTableModel::Column;

class TestSitesPage final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void proxiedPathsInTheRootColumn();
    void proxiedSiteAddedFromTheDialog();
    void phpSiteInTheRootColumn();
    void phpSiteAddedFromTheDialog();

private:
    // Opens the window at 1024x700 on its Sites page, the engine started.
    void openWindow();
    int rowOf(const QString &hostName) const;

    QTemporaryDir m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::MainWindow> m_window;
    QTableView *m_table = nullptr;
};

void TestSitesPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir.filePath(u"data"_s), &error), qPrintable(error));
    storage::Database &database = m_folder->database();
    model::ServerConfig config = database.serverConfig();
    config.port = 0;
    config.threads = 1;
    QVERIFY(database.saveServerConfig(config));
    ui::AppSettings(database).setControlApiPort(0);
    for (const char *folder : { "blog", "app", "shop" })
        QVERIFY(QDir(m_dir.path()).mkpath(QString::fromLatin1(folder)));

    model::VirtualHost blog; // files only
    blog.hostName = u"blog.test"_s;
    blog.aliases = { u"www.blog.test"_s };
    blog.documentRoot = m_dir.filePath(u"blog"_s);
    QVERIFY(database.saveVirtualHost(blog));
    model::VirtualHost app; // proxied whole
    app.hostName = u"app.test"_s;
    app.aliases = { u"www.app.test"_s };
    app.documentRoot = m_dir.filePath(u"app"_s);
    app.proxy.routes = { { u"/"_s, u"http://127.0.0.1:3000"_s }, { u"/ws"_s, u"http://127.0.0.1:3001"_s } };
    QVERIFY(database.saveVirtualHost(app));
    model::VirtualHost shop; // a path beside the files
    shop.hostName = u"shop.test"_s;
    shop.documentRoot = m_dir.filePath(u"shop"_s);
    shop.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:9000"_s } };
    QVERIFY(database.saveVirtualHost(shop));
    openWindow();
}

void TestSitesPage::cleanupTestCase()
{
    m_window.reset();
    m_folder.reset();
}

void TestSitesPage::openWindow()
{
    m_window = std::make_unique<ui::MainWindow>(*m_folder);
    m_window->resize(1024, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->startEngineAtLaunch();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), 20'000);
    auto *tabs = m_window->findChild<QTabWidget *>(u"mainTabs"_s);
    QVERIFY(tabs);
    tabs->setCurrentWidget(m_window->findChild<ui::SitesPage *>());
    m_table = m_window->findChild<QTableView *>(u"sitesTable"_s);
    QVERIFY(m_table);
    QTRY_VERIFY(m_table->isVisible());
}

int TestSitesPage::rowOf(const QString &hostName) const
{
    for (int row = 0; row < m_table->model()->rowCount(); ++row) {
        if (m_table->model()->index(row, Column::HostColumn).data().toString().endsWith(hostName))
            return row;
    }
    return -1;
}

void TestSitesPage::proxiedPathsInTheRootColumn()
{
    QVERIFY(m_table);
    QAbstractItemModel *model = m_table->model();
    const int app = rowOf(u"app.test"_s);
    const int shop = rowOf(u"shop.test"_s);
    const int blog = rowOf(u"blog.test"_s);
    QVERIFY(app >= 0 && shop >= 0 && blog >= 0);
    QCOMPARE(model->index(app, Column::RootColumn).data().toString(),
        u"/ → http://127.0.0.1:3000; /ws → http://127.0.0.1:3001"_s);
    QCOMPARE(model->index(shop, Column::RootColumn).data().toString(),
        QDir::toNativeSeparators(m_dir.filePath(u"shop"_s)) + u"; /api → http://127.0.0.1:9000"_s);
    QCOMPARE(model->index(blog, Column::RootColumn).data().toString(),
        QDir::toNativeSeparators(m_dir.filePath(u"blog"_s)));
    const QString tip = model->index(app, Column::RootColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"/ws → http://127.0.0.1:3001"_s), qPrintable(tip));

    // The columns keep their room: every one there, the host names and URLs
    // whole (as wide as their contents), the root column the widest left.
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    QHeaderView *header = m_table->horizontalHeader();
    QCOMPARE(header->count(), int(Column::ColumnCount));
    int total = 0;
    for (int column = 0; column < header->count(); ++column) {
        QVERIFY2(!header->isSectionHidden(column), qPrintable(QString::number(column)));
        QVERIFY2(header->sectionSize(column) > 0, qPrintable(QString::number(column)));
        total += header->sectionSize(column);
    }
    QVERIFY2(total <= m_table->viewport()->width(), qPrintable(QString::number(total))); // no scrolling
    // Host names, routes and URLs whole (their columns fit their contents).
    for (const Column column : { Column::HostColumn, Column::RoutesColumn, Column::UrlColumn }) {
        for (int row = 0; row < model->rowCount(); ++row) {
            const QString text = model->index(row, column).data().toString();
            QVERIFY2(m_table->fontMetrics().horizontalAdvance(text) < header->sectionSize(column),
                qPrintable(text));
        }
    }
    QCOMPARE(header->sectionSize(Column::AliasesColumn), 220);
    QVERIFY2(header->sectionSize(Column::RootColumn) >= 200,
        qPrintable(QString::number(header->sectionSize(Column::RootColumn))));
    QVERIFY2(!model->index(app, Column::UrlColumn).data().toString().isEmpty(), "no URL while serving");

    m_table->selectRow(app);
    QVERIFY(test::Screenshots::save(m_window.get(), u"sites-page-proxied"_s));
}

void TestSitesPage::proxiedSiteAddedFromTheDialog()
{
    // The app: answers each request head with "from-app", and keeps what it was sent.
    QTcpServer upstream;
    QVERIFY(upstream.listen(QHostAddress::LocalHost));
    QByteArray sent;
    connect(&upstream, &QTcpServer::newConnection, this, [&] {
        QTcpSocket *socket = upstream.nextPendingConnection();
        connect(socket, &QTcpSocket::readyRead, socket, [&sent, socket] {
            sent += socket->readAll();
            if (sent.contains("\r\n\r\n"))
                socket->write(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 8\r\n\r\nfrom-app");
        });
    });
    const QString upstreamUrl = u"http://127.0.0.1:"_s + QString::number(upstream.serverPort());

    // Add Site: a name, a root, "Proxy to an app", the first path's upstream, OK.
    auto *page = m_window->findChild<ui::SitesPage *>();
    ui::SiteDialog *dialog = page->addSite();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    dialog->findChild<QLineEdit *>(u"siteHostName"_s)->setText(u"proxied.test"_s);
    dialog->findChild<QLineEdit *>(u"siteDocumentRoot"_s)->setText(m_dir.filePath(u"app"_s));
    auto *serves = dialog->findChild<QComboBox *>(u"siteServes"_s);
    serves->setCurrentIndex(serves->findData(int(ui::SiteDialog::Serves::Proxy)));
    QAbstractItemModel *routes = dialog->findChild<QTableView *>(u"proxyRoutesTable"_s)->model();
    QCOMPARE(routes->rowCount(), 1);
    QCOMPARE(routes->index(0, 0).data().toString(), u"/"_s);
    QVERIFY(routes->setData(routes->index(0, 1), upstreamUrl));
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"siteButtons"_s)->button(QDialogButtonBox::Ok),
        Qt::LeftButton);

    // Stored and shown.
    QTRY_VERIFY(rowOf(u"proxied.test"_s) >= 0);
    QCOMPARE(m_table->model()->index(rowOf(u"proxied.test"_s), Column::RootColumn).data().toString(),
        u"/ → "_s + upstreamUrl);
    bool stored = false;
    for (const model::VirtualHost &site : m_folder->database().virtualHosts()) {
        if (site.hostName == u"proxied.test"_s)
            stored = site.proxy.routes == QList<model::ProxyRoute> { { u"/"_s, upstreamUrl } };
    }
    QVERIFY(stored);

    // The engine, reloaded, sends the site's requests to the app.
    QTcpSocket client;
    client.connectToHost(QHostAddress::LocalHost, m_window->engine().port());
    QVERIFY(client.waitForConnected(10'000));
    client.write("GET /hello?x=1 HTTP/1.1\r\nHost: proxied.test\r\nConnection: close\r\n\r\n");
    QByteArray answer;
    connect(&client, &QTcpSocket::readyRead, this, [&] { answer += client.readAll(); });
    QTRY_VERIFY_WITH_TIMEOUT(answer.contains("from-app"), 10'000);
    QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.constData());
    QVERIFY2(sent.startsWith("GET /hello?x=1 HTTP/1.1\r\n"), sent.constData());
}

void TestSitesPage::phpSiteInTheRootColumn()
{
    QVERIFY(QDir(m_dir.path()).mkpath(u"laravel/public"_s));
    model::VirtualHost laravel;
    laravel.hostName = u"laravel.test"_s;
    laravel.documentRoot = m_dir.filePath(u"laravel/public"_s);
    laravel.php.address = u"auto"_s;
    laravel.php.frontController = true;
    storage::Database &database = m_folder->database();
    QVERIFY(database.saveVirtualHost(laravel));
    auto *page = m_window->findChild<ui::SitesPage *>();
    page->refresh();
    const int row = rowOf(u"laravel.test"_s);
    QVERIFY(row >= 0);
    if (!page->sites().at(row).php.isSet())
        QSKIP("the database keeps no PHP settings yet (schema step 11)");
    QAbstractItemModel *model = m_table->model();
    const QString root = QDir::toNativeSeparators(laravel.documentRoot);
    QCOMPARE(model->index(row, Column::RootColumn).data().toString(), root + u"; PHP: / → auto"_s);
    // The pool's version, once known.
    page->setPhpVersions({ { u"auto"_s, u"8.2.7"_s } });
    QCOMPARE(model->index(row, Column::RootColumn).data().toString(), root + u"; PHP 8.2.7: / → auto"_s);
    const QString tip = model->index(row, Column::RootColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"front controller"_s) && tip.contains(u"8.2.7"_s), qPrintable(tip));
    // Still no scrolling: the root column takes the longer text.
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    int total = 0;
    for (int column = 0; column < m_table->horizontalHeader()->count(); ++column)
        total += m_table->horizontalHeader()->sectionSize(column);
    QVERIFY2(total <= m_table->viewport()->width(), qPrintable(QString::number(total)));
    m_table->selectRow(row);
    QVERIFY(test::Screenshots::save(m_window.get(), u"sites-page-php"_s));
}

void TestSitesPage::phpSiteAddedFromTheDialog()
{
    QVERIFY(QDir(m_dir.path()).mkpath(u"wordpress"_s));
    auto *page = m_window->findChild<ui::SitesPage *>();
    ui::SiteDialog *dialog = page->addSite();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    dialog->findChild<QLineEdit *>(u"siteHostName"_s)->setText(u"wordpress.test"_s);
    dialog->findChild<QLineEdit *>(u"siteDocumentRoot"_s)->setText(m_dir.filePath(u"wordpress"_s));
    auto *serves = dialog->findChild<QComboBox *>(u"siteServes"_s);
    serves->setCurrentIndex(serves->findData(int(ui::SiteDialog::Serves::Php)));
    dialog->findChild<QComboBox *>(u"sitePhpAddress"_s)->setCurrentText(u"unix:/run/php/php8.2-fpm.sock"_s);
    dialog->findChild<QLineEdit *>(u"sitePhpPrefix"_s)->setText(u"/blog"_s);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>(u"siteButtons"_s)->button(QDialogButtonBox::Ok),
        Qt::LeftButton);
    QTRY_VERIFY(rowOf(u"wordpress.test"_s) >= 0);
    model::VirtualHost stored;
    for (const model::VirtualHost &site : m_folder->database().virtualHosts()) {
        if (site.hostName == u"wordpress.test"_s)
            stored = site;
    }
    if (!stored.php.isSet())
        QSKIP("the database keeps no PHP settings yet (schema step 11)");
    QCOMPARE(stored.php.address, u"unix:/run/php/php8.2-fpm.sock"_s);
    QCOMPARE(stored.php.pathPrefix, u"/blog"_s);
    QCOMPARE(m_table->model()->index(rowOf(u"wordpress.test"_s), Column::RootColumn).data().toString(),
        QDir::toNativeSeparators(m_dir.filePath(u"wordpress"_s))
            + u"; PHP: /blog → unix:/run/php/php8.2-fpm.sock"_s);
}

QTEST_MAIN(TestSitesPage)
#include "tst_sitespage.moc"
