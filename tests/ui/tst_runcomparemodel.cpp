// ui::RunCompareModel without a widget (QGuiApplication only): runs side
// by side, one column per run, one row per figure, with values and ratios.
#include "ui/Format.h"
#include "ui/RunCompareModel.h"
#include "ui/RunListModel.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Model = ui::RunCompareModel;

namespace {

storage::StoredRun run(qint64 id, double rate, quint64 failed, int threads)
{
    storage::StoredRun run;
    run.id = id;
    run.startedAtMs = 1'700'000'000'000 + id * 60'000;
    run.parameters.url = u"http://127.0.0.1:8080/run%1"_s.arg(id);
    run.parameters.threads = threads;
    run.parameters.concurrency = 8;
    run.parameters.durationMs = 10'000;
    run.parameters.keepAlive = id == 4; // the first run only
    run.summary.requestsPerSecond = rate;
    run.summary.failed = failed;
    run.summary.latencyP99Ms = 4.5;
    return run;
}

} // namespace

class TestRunCompareModel final : public QObject
{
    Q_OBJECT

private slots:
    void rowsColumnsAndHeaders();
    void textCells_data();
    void textCells();
    void numbersAndRatios_data();
    void numbersAndRatios();
    void noRuns();
};

void TestRunCompareModel::rowsColumnsAndHeaders()
{
    QVERIFY(!QCoreApplication::instance()->inherits("QApplication"));
    const QList<storage::StoredRun> runs { run(4, 1000, 0, 1), run(12, 2500, 10, 2) };
    Model model(runs);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), int(Model::RowCount));
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.headerData(0, Qt::Horizontal).toString(),
        u"#4 · %1"_s.arg(ui::Format::dateTime(runs[0].startedAtMs)));
    QVERIFY(model.headerData(1, Qt::Horizontal).toString().startsWith(u"#12 · "_s));
    QCOMPARE(model.headerData(Model::UrlRow, Qt::Vertical).toString(), u"URL"_s);
    QCOMPARE(model.headerData(Model::P99Row, Qt::Vertical).toString(), u"p99"_s);
    QCOMPARE(model.headerData(Model::FailedRow, Qt::Vertical).toString(), u"Failed"_s);
}

void TestRunCompareModel::textCells_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("display");
    const storage::StoredRun second = run(12, 2500, 10, 2);
    QTest::newRow("url") << int(Model::UrlRow) << 1 << ui::RunListModel::displayUrl(second);
    QTest::newRow("model") << int(Model::ModelRow) << 1 << ui::RunListModel::modelText(second.parameters);
    QTest::newRow("length") << int(Model::LengthRow) << 1 << ui::RunListModel::lengthText(second);
    QTest::newRow("keep-alive yes") << int(Model::KeepAliveRow) << 0 << u"Yes"_s;
    QTest::newRow("keep-alive no") << int(Model::KeepAliveRow) << 1 << u"No"_s;
}

void TestRunCompareModel::textCells()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, display);
    Model model({ run(4, 1000, 0, 1), run(12, 2500, 10, 2) });
    const QModelIndex index = model.index(row, column);
    QCOMPARE(index.data().toString(), display);
    QCOMPARE(index.data(Qt::ToolTipRole).toString(), display); // elided in the view: whole here
    QVERIFY(!index.data(Model::kValueRole).isValid());
    QVERIFY(!index.data(Model::kRatioRole).isValid());
    QVERIFY(!index.data(Qt::TextAlignmentRole).isValid());
}

void TestRunCompareModel::numbersAndRatios_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<double>("value");
    QTest::addColumn<QVariant>("ratio");
    QTest::addColumn<QString>("display");
    const QString ratio25 = QLocale().toString(2.5, 'f', 2);
    QTest::newRow("first run: no ratio")
        << int(Model::RateRow) << 0 << 1000.0 << QVariant() << ui::Format::rate(1000);
    QTest::newRow("rate ratio") << int(Model::RateRow) << 1 << 2500.0 << QVariant(2.5)
                                << u"%1 (×%2)"_s.arg(ui::Format::rate(2500), ratio25);
    QTest::newRow("threads ratio") << int(Model::ThreadsRow) << 1 << 2.0 << QVariant(2.0)
                                   << u"2 (×%1)"_s.arg(QLocale().toString(2.0, 'f', 2));
    QTest::newRow("same p99: ratio 1")
        << int(Model::P99Row) << 1 << 4.5 << QVariant(1.0)
        << u"%1 (×%2)"_s.arg(ui::Format::milliseconds(4.5), QLocale().toString(1.0, 'f', 2));
    QTest::newRow("no ratio against 0") << int(Model::FailedRow) << 1 << 10.0 << QVariant() << u"10"_s;
}

void TestRunCompareModel::numbersAndRatios()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(double, value);
    QFETCH(QVariant, ratio);
    QFETCH(QString, display);
    Model model({ run(4, 1000, 0, 1), run(12, 2500, 10, 2) });
    const QModelIndex index = model.index(row, column);
    QCOMPARE(index.data(Model::kValueRole).toDouble(), value);
    QCOMPARE(index.data(Model::kRatioRole).isValid(), ratio.isValid());
    if (ratio.isValid())
        QCOMPARE(index.data(Model::kRatioRole).toDouble(), ratio.toDouble());
    QCOMPARE(index.data().toString(), display);
    QCOMPARE(index.data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
    QVERIFY(!(model.flags(index) & Qt::ItemIsEditable));
}

void TestRunCompareModel::noRuns()
{
    Model model({});
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.columnCount(), 0);
    QCOMPARE(model.rowCount(), int(Model::RowCount));
    QVERIFY(!model.index(0, 0).isValid());
}

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv); // no widget: the model is the table's whole logic
    TestRunCompareModel test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_runcomparemodel.moc"
