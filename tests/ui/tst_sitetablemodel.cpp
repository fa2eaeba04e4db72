// ui::SiteTableModel without a widget (QGuiApplication only): the Sites
// page's rows, columns and roles, and the URL column's updates.
#include "ui/SiteTableModel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFont>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Model = ui::SiteTableModel;
using Versions = QHash<QString, QString>; // PHP-FPM address -> PHP version

namespace {

QList<model::VirtualHost> twoSites()
{
    model::VirtualHost main;
    main.id = 7;
    main.hostName = u"localhost"_s;
    main.documentRoot = u"/srv/www"_s;
    main.isDefault = true;
    model::VirtualHost blog;
    blog.id = 9;
    blog.hostName = u"blog.test"_s;
    blog.aliases = { u"www.blog.test"_s, u"b.test"_s };
    blog.documentRoot = u"/srv/blog"_s;
    blog.routes = { { u"/a"_s, 200, u"text/plain"_s, "a" }, { u"/b"_s, 204, {}, {} } };
    return { main, blog };
}

// A site proxied whole with an app, one with a path beside its files, one with an app only.
QList<model::VirtualHost> proxiedSites()
{
    model::VirtualHost whole;
    whole.id = 11;
    whole.hostName = u"app.test"_s;
    whole.documentRoot = u"/srv/app"_s;
    whole.proxy.routes = { { u"/api"_s, u"unix:/run/api.sock"_s }, { u"/"_s, u"http://127.0.0.1:3000"_s } };
    whole.proxy.sendUpstreamHost = true;
    whole.proxy.upstreamTimeoutMs = 1500;
    whole.proxy.app.command = u"npm run dev"_s;
    whole.proxy.app.environment = { u"PORT=3000"_s, u"NODE_ENV=development"_s };
    model::VirtualHost beside;
    beside.id = 12;
    beside.hostName = u"shop.test"_s;
    beside.documentRoot = u"/srv/shop"_s;
    beside.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:9000"_s } };
    model::VirtualHost appOnly;
    appOnly.id = 13;
    appOnly.hostName = u"later.test"_s;
    appOnly.documentRoot = u"/srv/later"_s;
    appOnly.proxy.app.command = u"python3 -m http.server 9000"_s;
    appOnly.proxy.app.workingDir = u"/srv/later/app"_s;
    return { whole, beside, appOnly };
}

// PHP sites (issue #25): Hostbench's own pool for the whole site with a
// front controller, a socket under a path, PHP beside a proxied path, and a
// site proxied whole that also names PHP-FPM.
QList<model::VirtualHost> phpSites()
{
    model::VirtualHost laravel;
    laravel.id = 21;
    laravel.hostName = u"laravel.test"_s;
    laravel.documentRoot = u"/srv/laravel/public"_s;
    laravel.php.address = u"auto"_s;
    laravel.php.frontController = true;
    model::VirtualHost blog;
    blog.id = 22;
    blog.hostName = u"blog.test"_s;
    blog.documentRoot = u"/srv/blog"_s;
    blog.php.address = u"unix:/run/php/php8.2-fpm.sock"_s;
    blog.php.pathPrefix = u"/wp"_s;
    blog.php.timeoutMs = 1500;
    model::VirtualHost mixed;
    mixed.id = 23;
    mixed.hostName = u"mixed.test"_s;
    mixed.documentRoot = u"/srv/mixed"_s;
    mixed.php.address = u"127.0.0.1:9000"_s;
    mixed.proxy.routes = { { u"/api"_s, u"http://127.0.0.1:3000"_s } };
    model::VirtualHost whole;
    whole.id = 24;
    whole.hostName = u"whole.test"_s;
    whole.documentRoot = u"/srv/whole"_s;
    whole.php.address = u"AUTO"_s;
    whole.proxy.routes = { { u"/"_s, u"http://127.0.0.1:3000"_s } };
    return { laravel, blog, mixed, whole };
}

} // namespace

class TestSiteTableModel final : public QObject
{
    Q_OBJECT

private slots:
    void noWidget();
    void rowsAndColumns();
    void cells_data();
    void cells();
    void defaultSiteIsMarked();
    void urlsChangeOnlyTheirColumn();
    void rowOf();
    void proxiedRoots_data();
    void proxiedRoots();
    void phpRoots_data();
    void phpRoots();
    void phpVersionsChangeOnlyTheRootColumn();
};

void TestSiteTableModel::noWidget()
{
    QVERIFY(!QCoreApplication::instance()->inherits("QApplication"));
}

void TestSiteTableModel::rowsAndColumns()
{
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(Model::ColumnCount));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setSites(twoSites());
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.sites().at(1).hostName, u"blog.test"_s);
    QCOMPARE(model.rowCount(model.index(0, 0)), 0); // a table: no children
    const QStringList headers { u"Host Name"_s, u"Aliases"_s, u"Document Root"_s, u"Routes"_s, u"URL"_s };
    for (int column = 0; column < Model::ColumnCount; ++column)
        QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), headers.at(column));
    model.setSites({});
    QCOMPARE(model.rowCount(), 0);
}

void TestSiteTableModel::cells_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("display");
    QTest::addColumn<QString>("toolTip");
    QTest::addColumn<int>("alignment"); // 0: the view's own
    const QString root = QDir::toNativeSeparators(u"/srv/blog"_s);
    QTest::newRow("default host") << 0 << int(Model::HostColumn) << u"★ localhost"_s
                                  << u"The default site: it answers requests for unknown host names."_s << 0;
    QTest::newRow("host") << 1 << int(Model::HostColumn) << u"blog.test"_s << QString() << 0;
    QTest::newRow("no aliases") << 0 << int(Model::AliasesColumn) << QString() << QString() << 0;
    QTest::newRow("aliases") << 1 << int(Model::AliasesColumn) << u"www.blog.test, b.test"_s << QString()
                             << 0;
    QTest::newRow("root") << 1 << int(Model::RootColumn) << root << root << 0;
    QTest::newRow("no routes") << 0 << int(Model::RoutesColumn) << u"none"_s << QString()
                               << int(Qt::AlignCenter);
    QTest::newRow("routes") << 1 << int(Model::RoutesColumn) << u"2"_s << QString() << int(Qt::AlignCenter);
    QTest::newRow("url before setUrls") << 1 << int(Model::UrlColumn) << QString() << QString() << 0;
}

void TestSiteTableModel::cells()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, display);
    QFETCH(QString, toolTip);
    QFETCH(int, alignment);
    Model model;
    model.setSites(twoSites());
    const QModelIndex index = model.index(row, column);
    QCOMPARE(index.data().toString(), display);
    QCOMPARE(index.data(Qt::ToolTipRole).toString(), toolTip);
    QCOMPARE(index.data(Qt::TextAlignmentRole).toInt(), alignment);
    QCOMPARE(index.data(Model::kHostIdRole).toLongLong(), row == 0 ? 7 : 9);
    QCOMPARE(index.data(Model::kDefaultRole).toBool(), row == 0);
    QVERIFY(!(model.flags(index) & Qt::ItemIsEditable));
}

void TestSiteTableModel::defaultSiteIsMarked()
{
    Model model;
    model.setSites(twoSites());
    QVERIFY(model.index(0, Model::HostColumn).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!model.index(1, Model::HostColumn).data(Qt::FontRole).isValid());
    QVERIFY(!model.index(0, Model::RootColumn).data(Qt::FontRole).isValid());
}

void TestSiteTableModel::urlsChangeOnlyTheirColumn()
{
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSites(twoSites());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setUrls({ { u"http://localhost:8080/"_s, u"Served at http://localhost:8080/."_s },
        { u"http://blog.test:8080/"_s, u"Served by 127.0.0.1:8080"_s } });
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    const QModelIndex from = changed.at(0).at(0).value<QModelIndex>();
    const QModelIndex to = changed.at(0).at(1).value<QModelIndex>();
    QCOMPARE(from, model.index(0, Model::UrlColumn));
    QCOMPARE(to, model.index(1, Model::UrlColumn));
    QCOMPARE(model.index(1, Model::UrlColumn).data().toString(), u"http://blog.test:8080/"_s);
    QCOMPARE(
        model.index(1, Model::UrlColumn).data(Qt::ToolTipRole).toString(), u"Served by 127.0.0.1:8080"_s);
    // Fewer than the rows: the rest empty; the sites themselves unchanged.
    model.setUrls({ { u"–"_s, u"The engine is stopped"_s } });
    QCOMPARE(model.index(0, Model::UrlColumn).data().toString(), u"–"_s);
    QCOMPARE(model.index(1, Model::UrlColumn).data().toString(), QString());
    QCOMPARE(model.index(1, Model::HostColumn).data().toString(), u"blog.test"_s);
    // New sites start without URLs.
    model.setSites(twoSites());
    QCOMPARE(model.index(0, Model::UrlColumn).data().toString(), QString());
}

void TestSiteTableModel::rowOf()
{
    Model model;
    model.setSites(twoSites());
    QCOMPARE(model.rowOf(7), 0);
    QCOMPARE(model.rowOf(9), 1);
    QCOMPARE(model.rowOf(0), -1);
    QCOMPARE(model.rowOf(8), -1);
}

void TestSiteTableModel::proxiedRoots_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("display");
    QTest::addColumn<QString>("toolTip");
    const auto native = [](const char *path) { return QDir::toNativeSeparators(QString::fromUtf8(path)); };
    QTest::newRow("whole site, an app")
        << 0 << u"/ → http://127.0.0.1:3000; /api → unix:/run/api.sock"_s
        << (u"Document root: "_s + native("/srv/app")
               + u"\nProxied paths (upstream timeout 1500 ms, Host: the upstream's own):"_s
                 u"\n  /api → unix:/run/api.sock\n  / → http://127.0.0.1:3000"_s
                 u"\nApp: npm run dev\n  in the document root\n  with PORT=3000 NODE_ENV=development"_s);
    QTest::newRow("a path beside the files")
        << 1 << native("/srv/shop") + u"; /api → http://127.0.0.1:9000"_s
        << (u"Document root: "_s + native("/srv/shop")
               + u"\nProxied paths (upstream timeout 60000 ms, Host: the client's):"_s
                 u"\n  /api → http://127.0.0.1:9000"_s);
    QTest::newRow("an app, no path") << 2 << native("/srv/later")
                                     << (u"Document root: "_s + native("/srv/later")
                                            + u"\nApp: python3 -m http.server 9000\n  in "_s
                                            + native("/srv/later/app"));
}

void TestSiteTableModel::proxiedRoots()
{
    QFETCH(int, row);
    QFETCH(QString, display);
    QFETCH(QString, toolTip);
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSites(proxiedSites());
    const QModelIndex index = model.index(row, Model::RootColumn);
    QCOMPARE(index.data().toString(), display);
    QCOMPARE(index.data(Qt::ToolTipRole).toString(), toolTip);
    // The other columns as for a site of files.
    QCOMPARE(model.columnCount(), int(Model::ColumnCount));
    QCOMPARE(model.index(row, Model::RoutesColumn).data().toString(), u"none"_s);
    QCOMPARE(model.index(row, Model::HostColumn).data().toString(), proxiedSites().at(row).hostName);
}

void TestSiteTableModel::phpRoots_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<Versions>("versions"); // setPhpVersions()
    QTest::addColumn<QString>("display");
    QTest::addColumn<QString>("toolTip");
    const auto native = [](const char *path) { return QDir::toNativeSeparators(QString::fromUtf8(path)); };
    const QHash<QString, QString> none;
    const QHash<QString, QString> pool { { u"auto"_s, u"8.2.7"_s } };
    const QString laravelTip = u"Document root: "_s + native("/srv/laravel/public")
        + u"\nPHP files under / run in PHP-FPM at auto (timeout 60000 ms)"_s
          u"\n  auto: the pool Hostbench runs for its data folder"_s
          u"\n  front controller: missing files go to /index.php"_s;
    QTest::newRow("auto, version not known")
        << 0 << none << native("/srv/laravel/public") + u"; PHP: / → auto"_s
        << laravelTip + u"\n  PHP version: not known yet"_s;
    QTest::newRow("auto, the pool's version")
        << 0 << pool << native("/srv/laravel/public") + u"; PHP 8.2.7: / → auto"_s
        << laravelTip + u"\n  PHP version: 8.2.7"_s;
    QTest::newRow("auto, the version as php-fpm -v says it")
        << 0 << Versions { { u"auto"_s, u"PHP 8.2.7 (fpm-fcgi)"_s } }
        << native("/srv/laravel/public") + u"; PHP 8.2.7: / → auto"_s
        << laravelTip + u"\n  PHP version: 8.2.7"_s;
    QTest::newRow("a socket under a path: not the pool's version")
        << 1 << pool << native("/srv/blog") + u"; PHP: /wp → unix:/run/php/php8.2-fpm.sock"_s
        << (u"Document root: "_s + native("/srv/blog")
               + u"\nPHP files under /wp run in PHP-FPM at unix:/run/php/php8.2-fpm.sock (timeout 1500 ms)"_s
                 u"\n  PHP version: not known yet"_s);
    QTest::newRow("a socket's own version")
        << 1 << QHash<QString, QString> { { u"unix:/run/php/php8.2-fpm.sock"_s, u"8.2.20"_s } }
        << native("/srv/blog") + u"; PHP 8.2.20: /wp → unix:/run/php/php8.2-fpm.sock"_s
        << (u"Document root: "_s + native("/srv/blog")
               + u"\nPHP files under /wp run in PHP-FPM at unix:/run/php/php8.2-fpm.sock (timeout 1500 ms)"_s
                 u"\n  PHP version: 8.2.20"_s);
    QTest::newRow("PHP beside a proxied path")
        << 2 << none << native("/srv/mixed") + u"; /api → http://127.0.0.1:3000; PHP: / → 127.0.0.1:9000"_s
        << (u"Document root: "_s + native("/srv/mixed")
               + u"\nProxied paths (upstream timeout 60000 ms, Host: the client's):"_s
                 u"\n  /api → http://127.0.0.1:3000"_s
                 u"\nPHP files under / run in PHP-FPM at 127.0.0.1:9000 (timeout 60000 ms)"_s
                 u"\n  PHP version: not known yet"_s);
    QTest::newRow("proxied whole, AUTO in capitals")
        << 3 << pool << u"/ → http://127.0.0.1:3000; PHP 8.2.7: / → AUTO"_s
        << (u"Document root: "_s + native("/srv/whole")
               + u"\nProxied paths (upstream timeout 60000 ms, Host: the client's):"_s
                 u"\n  / → http://127.0.0.1:3000"_s
                 u"\nPHP files under / run in PHP-FPM at AUTO (timeout 60000 ms)"_s
                 u"\n  auto: the pool Hostbench runs for its data folder"_s
                 u"\n  PHP version: 8.2.7"_s);
}

void TestSiteTableModel::phpRoots()
{
    QFETCH(int, row);
    QFETCH(Versions, versions);
    QFETCH(QString, display);
    QFETCH(QString, toolTip);
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSites(phpSites());
    model.setPhpVersions(versions);
    const QModelIndex index = model.index(row, Model::RootColumn);
    QCOMPARE(index.data().toString(), display);
    QCOMPARE(index.data(Qt::ToolTipRole).toString(), toolTip);
    QCOMPARE(model.index(row, Model::HostColumn).data().toString(), phpSites().at(row).hostName);
    // A site without PHP shows none, whatever versions are known.
    model.setSites(twoSites());
    QCOMPARE(model.index(1, Model::RootColumn).data().toString(), QDir::toNativeSeparators(u"/srv/blog"_s));
}

void TestSiteTableModel::phpVersionsChangeOnlyTheRootColumn()
{
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSites(phpSites());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setPhpVersions({ { u"auto"_s, u"8.2.7"_s } });
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>(), model.index(0, Model::RootColumn));
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>(), model.index(3, Model::RootColumn));
    QVERIFY(model.index(0, Model::RootColumn).data().toString().contains(u"PHP 8.2.7"_s));
    // Kept across new sites (the pool's version outlives an edit).
    model.setSites(phpSites());
    QVERIFY(model.index(0, Model::RootColumn).data().toString().contains(u"PHP 8.2.7"_s));
    model.setPhpVersions({});
    QVERIFY(!model.index(0, Model::RootColumn).data().toString().contains(u"8.2.7"_s));
}

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv); // no widget: the model is the table's whole logic
    TestSiteTableModel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sitetablemodel.moc"
