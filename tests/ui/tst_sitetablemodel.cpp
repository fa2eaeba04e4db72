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

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv); // no widget: the model is the table's whole logic
    TestSiteTableModel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sitetablemodel.moc"
