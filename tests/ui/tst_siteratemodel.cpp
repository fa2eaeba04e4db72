// ui::SiteRateModel without a widget (QGuiApplication only): the Server
// page's per-site figures, their roles, and updates that touch only the rows
// whose texts changed.
#include "ui/Format.h"
#include "ui/SiteRateModel.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Model = ui::SiteRateModel;
using Rate = ui::EngineHistory::SiteRate;

namespace {

QList<Rate> twoSites()
{
    Rate main { u"localhost"_s, 12'345, 150.5, 3, 1, 2048 };
    Rate blog { u"b.test"_s, 7, 0, 4, 0, 0 };
    return { main, blog };
}

} // namespace

class TestSiteRateModel final : public QObject
{
    Q_OBJECT

private slots:
    void rowsAndColumns();
    void cells_data();
    void cells();
    void updatesTouchChangedRowsOnly();
};

void TestSiteRateModel::rowsAndColumns()
{
    QVERIFY(!QCoreApplication::instance()->inherits("QApplication"));
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 5);
    model.setRates(twoSites());
    QCOMPARE(model.rowCount(), 2);
    const QStringList headers { u"Site"_s, u"Requests"_s, u"Requests/s"_s, u"Errors"_s, u"Sent/s"_s };
    for (int column = 0; column < Model::ColumnCount; ++column) {
        QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), headers.at(column));
        QCOMPARE(model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).isValid(),
            column == Model::ErrorsColumn);
    }
    QVERIFY(model.headerData(Model::ErrorsColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(u"since the engine started"_s));
    model.setRates({}); // the engine stopped
    QCOMPARE(model.rowCount(), 0);
}

void TestSiteRateModel::cells_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("display");
    QTest::addColumn<int>("alignment");
    const int left = int(Qt::AlignLeft | Qt::AlignVCenter);
    const int right = int(Qt::AlignRight | Qt::AlignVCenter);
    QTest::newRow("site") << 0 << int(Model::SiteColumn) << u"localhost"_s << left;
    QTest::newRow("requests") << 0 << int(Model::RequestsColumn) << ui::Format::count(12'345) << right;
    QTest::newRow("rate") << 0 << int(Model::RateColumn) << ui::Format::rate(150.5) << right;
    QTest::newRow("errors: 4xx and 5xx") << 0 << int(Model::ErrorsColumn) << ui::Format::count(4) << right;
    QTest::newRow("sent") << 0 << int(Model::SentColumn) << ui::Format::bytes(2048) + u"/s"_s << right;
    QTest::newRow("quiet site keeps its errors")
        << 1 << int(Model::ErrorsColumn) << ui::Format::count(4) << right;
    QTest::newRow("quiet site's rate") << 1 << int(Model::RateColumn) << ui::Format::rate(0) << right;
}

void TestSiteRateModel::cells()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, display);
    QFETCH(int, alignment);
    Model model;
    model.setRates(twoSites());
    const QModelIndex index = model.index(row, column);
    QCOMPARE(index.data().toString(), display);
    QCOMPARE(index.data(Qt::TextAlignmentRole).toInt(), alignment);
    QVERIFY(!(model.flags(index) & Qt::ItemIsEditable));
    const QString tip = index.data(Qt::ToolTipRole).toString();
    if (column != Model::ErrorsColumn) {
        QVERIFY2(tip.isEmpty(), qPrintable(tip));
        return;
    }
    // The errors cell splits them.
    const QString expected = row == 0
        ? u"4 of %1 responses since the engine started: 3 with 4xx, 1 with 5xx"_s.arg(
            ui::Format::count(12'345))
        : u"4 of 7 responses since the engine started: 4 with 4xx, 0 with 5xx"_s;
    QCOMPARE(tip, expected);
}

void TestSiteRateModel::updatesTouchChangedRowsOnly()
{
    Model model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRates(twoSites());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setRates(twoSites()); // the same figures: nothing to repaint
    QCOMPARE(changed.count(), 0);
    QCOMPARE(reset.count(), 0);

    QList<Rate> later = twoSites();
    later[1].requests = 8;
    later[1].serverErrors = 1;
    model.setRates(later);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 1);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 1);
    QCOMPARE(model.index(1, Model::RequestsColumn).data().toString(), ui::Format::count(8));
    QCOMPARE(model.index(1, Model::ErrorsColumn).data().toString(), ui::Format::count(5));

    // A site more (a reload): the table starts again with it.
    later.append(Rate { u"new.test"_s, 1, 1, 0, 0, 10 });
    model.setRates(later);
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(2, Model::SiteColumn).data().toString(), u"new.test"_s);
}

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv); // no widget: the model is the table's whole logic
    TestSiteRateModel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_siteratemodel.moc"
