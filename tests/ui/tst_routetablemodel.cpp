// ui::RouteTableModel without a widget (QGuiApplication only): a site's
// routes edited through setData/flags, rows added and removed, one row
// marked wrong, and routes() as SiteValidator gets them.
#include "ui/RouteTableModel.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Model = ui::RouteTableModel;

namespace {

QList<model::Route> twoRoutes()
{
    return { { u"/ok"_s, 200, u"text/plain"_s, "OK" }, { u"/gone"_s, 410, u"text/html"_s, "<p>gone</p>" } };
}

} // namespace

class TestRouteTableModel final : public QObject
{
    Q_OBJECT

private slots:
    void rowsColumnsAndHeaders();
    void editsGoThroughSetData_data();
    void editsGoThroughSetData();
    void addAndRemove();
    void markedRowHasTheMarkColour();
};

void TestRouteTableModel::rowsColumnsAndHeaders()
{
    QVERIFY(!QCoreApplication::instance()->inherits("QApplication"));
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoutes(twoRoutes());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 4);
    const QStringList headers { u"Path"_s, u"Status"_s, u"Content Type"_s, u"Body"_s };
    for (int column = 0; column < Model::ColumnCount; ++column)
        QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), headers.at(column));
    QCOMPARE(model.index(1, Model::PathColumn).data().toString(), u"/gone"_s);
    // An int, so that a view edits it with a spin box.
    QCOMPARE(model.index(1, Model::StatusColumn).data(Qt::EditRole).typeId(), QMetaType::Int);
    QCOMPARE(model.index(1, Model::StatusColumn).data().toInt(), 410);
    QCOMPARE(model.index(1, Model::BodyColumn).data().toString(), u"<p>gone</p>"_s);
    QCOMPARE(model.routes(), twoRoutes());
    for (int column = 0; column < Model::ColumnCount; ++column)
        QVERIFY(model.flags(model.index(0, column)) & Qt::ItemIsEditable);
}

void TestRouteTableModel::editsGoThroughSetData_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("contentType");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("path, trimmed") << int(Model::PathColumn) << QVariant(u"  /new "_s) << u"/new"_s << 200
                                   << u"text/plain"_s << QByteArray("OK");
    QTest::newRow("path without slash, kept for the validator")
        << int(Model::PathColumn) << QVariant(u"hello"_s) << u"hello"_s << 200 << u"text/plain"_s
        << QByteArray("OK");
    QTest::newRow("status") << int(Model::StatusColumn) << QVariant(201) << u"/ok"_s << 201 << u"text/plain"_s
                            << QByteArray("OK");
    QTest::newRow("status out of range, kept for the validator")
        << int(Model::StatusColumn) << QVariant(700) << u"/ok"_s << 700 << u"text/plain"_s
        << QByteArray("OK");
    QTest::newRow("content type, trimmed")
        << int(Model::ContentTypeColumn) << QVariant(u" application/json"_s) << u"/ok"_s << 200
        << u"application/json"_s << QByteArray("OK");
    QTest::newRow("body, UTF-8, untrimmed") << int(Model::BodyColumn) << QVariant(u" grüß "_s) << u"/ok"_s
                                            << 200 << u"text/plain"_s << u" grüß "_s.toUtf8();
}

void TestRouteTableModel::editsGoThroughSetData()
{
    QFETCH(int, column);
    QFETCH(QVariant, value);
    QFETCH(QString, path);
    QFETCH(int, status);
    QFETCH(QString, contentType);
    QFETCH(QByteArray, body);
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoutes(twoRoutes());
    QSignalSpy edited(&model, &Model::edited);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(!model.setData(model.index(0, column), value, Qt::DisplayRole)); // edits only
    QVERIFY(model.setData(model.index(0, column), value));
    QCOMPARE(edited.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>(), model.index(0, column));
    const model::Route route = model.routes().first();
    QCOMPARE(route.path, path);
    QCOMPARE(route.status, status);
    QCOMPARE(route.contentType, contentType);
    QCOMPARE(route.body, body);
    QCOMPARE(model.routes().at(1), twoRoutes().at(1)); // the other row untouched
}

void TestRouteTableModel::addAndRemove()
{
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoutes(twoRoutes());
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy edited(&model, &Model::edited);
    const int row = model.appendRoute({ u"/hello"_s, 200, u"text/plain"_s, "hello" });
    QCOMPARE(row, 2);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(2, Model::PathColumn).data().toString(), u"/hello"_s);
    model.removeRoute(0);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.routes().first().path, u"/gone"_s);
    model.removeRoute(5); // none: nothing happens
    QCOMPARE(removed.count(), 1);
    QCOMPARE(edited.count(), 0); // only the user's edits
    model.setRoutes({});
    QCOMPARE(model.rowCount(), 0);
}

void TestRouteTableModel::markedRowHasTheMarkColour()
{
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRoutes(twoRoutes());
    const QColor red(0xff, 0xe0, 0xe0);
    model.setMarkColor(red);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.markRow(1);
    QCOMPARE(model.markedRow(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(2).value<QList<int>>(), QList<int> { Qt::BackgroundRole });
    for (int column = 0; column < Model::ColumnCount; ++column) {
        QCOMPARE(model.index(1, column).data(Qt::BackgroundRole).value<QBrush>().color(), red);
        QVERIFY(!model.index(0, column).data(Qt::BackgroundRole).isValid()); // the view's own
    }
    // A new palette: the marked row takes its colour.
    const QColor darkRed(0x50, 0x20, 0x20);
    model.setMarkColor(darkRed);
    QCOMPARE(model.index(1, 0).data(Qt::BackgroundRole).value<QBrush>().color(), darkRed);
    // Removing a row above moves the mark with its row; removing it clears it.
    model.removeRoute(0);
    QCOMPARE(model.markedRow(), 0);
    QCOMPARE(model.index(0, 0).data(Qt::BackgroundRole).value<QBrush>().color(), darkRed);
    model.removeRoute(0);
    QCOMPARE(model.markedRow(), -1);
    // -1 and a row that is not there clear it.
    model.setRoutes(twoRoutes());
    QCOMPARE(model.markedRow(), -1);
    model.markRow(0);
    model.markRow(9);
    QCOMPARE(model.markedRow(), -1);
    QVERIFY(!model.index(0, 0).data(Qt::BackgroundRole).isValid());
}

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv); // no widget: the model is the table's whole logic
    TestRouteTableModel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_routetablemodel.moc"
