// The Shootout page's two table models without a widget: the stored
// shootouts (ShootoutListModel) and a shootout's figures per workload and
// server (ShootoutResultModel), each under QAbstractItemModelTester, with
// the texts, alignment and ids the page's views show.
#include "ui/ShootoutListModel.h"
#include "ui/ShootoutResultModel.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

storage::StoredShootout stored(qint64 id, bool finished, const QStringList &servers, int runs)
{
    storage::StoredShootout s;
    s.id = id;
    s.startedAtMs = 1'700'000'000'000 + id;
    s.finished = finished;
    s.settings = QJsonObject { { u"servers"_s, QJsonArray::fromStringList(servers) },
        { u"workloads"_s, QJsonArray { u"W1"_s, u"W6"_s } }, { u"duration_s"_s, 2.5 }, { u"rounds"_s, 2 } };
    s.runCount = runs;
    return s;
}

shootout::ShootoutCell cell(const QString &server, double rps, double spread, quint64 errors)
{
    shootout::ShootoutCell c;
    c.server = server;
    c.rounds = 3;
    c.requestsPerSecond = rps;
    c.spreadPercent = spread;
    c.ratioToBest = rps / 52'000.0;
    c.p50Ms = 0.12;
    c.p99Ms = 0.9;
    c.cpuUsPerRequest = 11.54;
    c.errors = errors;
    return c;
}

int alignment(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data(Qt::TextAlignmentRole).toInt();
}

constexpr int kRight = Qt::AlignRight | Qt::AlignVCenter;

} // namespace

class TestShootoutModels final : public QObject
{
    Q_OBJECT

private slots:
    // The figures' thousands separator and decimal point, as in the rows below.
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void listRows_data();
    void listRows();
    void listIdsAndRows();
    void resultRows_data();
    void resultRows();
    void referenceCellIsNotRanked();
    void resultHeadersAndReset();
};

void TestShootoutModels::listRows_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("header");
    QTest::addColumn<QString>("first"); // row 0: shootout 7, finished
    QTest::addColumn<QString>("second"); // row 1: shootout 3, broken off
    QTest::addColumn<bool>("right");
    QTest::newRow("id") << int(ui::ShootoutListModel::Id) << u"Shootout"_s << u"7"_s << u"3"_s << true;
    QTest::newRow("servers") << int(ui::ShootoutListModel::Servers) << u"Servers"_s << u"hostbench, nginx"_s
                             << u"caddy (broken off)"_s << false;
    QTest::newRow("workloads") << int(ui::ShootoutListModel::Workloads) << u"Workloads"_s << u"W1, W6"_s
                               << u"W1, W6"_s << false;
    QTest::newRow("runs") << int(ui::ShootoutListModel::Runs) << u"Runs"_s << u"8"_s << u"1"_s << true;
}

void TestShootoutModels::listRows()
{
    QFETCH(int, column);
    QFETCH(QString, header);
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(bool, right);
    ui::ShootoutListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setShootouts(
        { stored(7, true, { u"hostbench"_s, u"nginx"_s }, 8), stored(3, false, { u"caddy"_s }, 1) });
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 5);
    QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), header);
    QCOMPARE(model.index(0, column).data().toString(), first);
    QCOMPARE(model.index(1, column).data().toString(), second);
    QCOMPARE(alignment(model, 0, column) == kRight, right);
    QVERIFY(!model.index(0, column).flags().testFlag(Qt::ItemIsEditable));
}

void TestShootoutModels::listIdsAndRows()
{
    ui::ShootoutListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.idAt(0), 0);
    model.setShootouts({ stored(9, true, { u"nginx"_s }, 2), stored(4, true, { u"h2o"_s }, 2) });
    QCOMPARE(model.idAt(0), 9);
    QCOMPARE(model.idAt(1), 4);
    QCOMPARE(model.idAt(2), 0);
    QCOMPARE(model.idAt(-1), 0);
    QCOMPARE(model.rowOf(4), 1);
    QCOMPARE(model.rowOf(5), -1);
    QCOMPARE(model.index(1, ui::ShootoutListModel::Id).data(Qt::UserRole).toLongLong(), 4);
    QVERIFY(!model.index(0, ui::ShootoutListModel::Started).data().toString().isEmpty());
    model.setShootouts({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.rowOf(9), -1);
}

void TestShootoutModels::resultRows_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("header");
    QTest::addColumn<QString>("nginx"); // row 1: W1, nginx
    QTest::addColumn<bool>("right");
    using M = ui::ShootoutResultModel;
    QTest::newRow("workload") << int(M::Workload) << u"Workload"_s << u"W1"_s << false;
    QTest::newRow("server") << int(M::Server) << u"Server"_s << u"nginx"_s << false;
    QTest::newRow("requests/s") << int(M::RequestsPerSecond) << u"Requests/s"_s << u"41,000"_s << true;
    QTest::newRow("spread") << int(M::Spread) << u"Spread"_s << u"±4%"_s << true;
    QTest::newRow("ratio") << int(M::RatioToBest) << u"Ratio to best"_s << u"0.79"_s << true;
    QTest::newRow("p50") << int(M::P50) << u"p50"_s << u"0.12 ms"_s << true;
    QTest::newRow("p99") << int(M::P99) << u"p99"_s << u"0.90 ms"_s << true;
    QTest::newRow("cpu") << int(M::CpuPerRequest) << u"CPU µs/request"_s << u"11.5"_s << true;
    QTest::newRow("errors") << int(M::Errors) << u"Errors"_s << u"1,200"_s << true;
}

void TestShootoutModels::resultRows()
{
    QFETCH(int, column);
    QFETCH(QString, header);
    QFETCH(QString, nginx);
    QFETCH(bool, right);
    ui::ShootoutResultModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    shootout::ShootoutWorkloadResult w1 { u"W1"_s,
        { cell(u"hostbench"_s, 52'000, 2, 0), cell(u"nginx"_s, 41'000, 4.4, 1200) }, {} };
    shootout::ShootoutWorkloadResult w6 { u"W6"_s, { cell(u"hostbench"_s, 30'000, 1, 0) }, {} };
    model.setResults({ w1, w6 });
    QCOMPARE(model.rowCount(), 3); // a row per workload and server
    QCOMPARE(model.columnCount(), 9);
    QCOMPARE(model.headerData(column, Qt::Horizontal).toString(), header);
    QCOMPARE(model.index(1, column).data().toString(), nginx);
    QCOMPARE(alignment(model, 1, column) == kRight, right);
    QCOMPARE(model.index(2, ui::ShootoutResultModel::Workload).data().toString(), u"W6"_s);
}

// The upstream measured alone (W6p) is a reference: "ref", not a ratio of 0.00.
void TestShootoutModels::referenceCellIsNotRanked()
{
    ui::ShootoutResultModel model;
    shootout::ShootoutCell upstream = cell(u"upstream"_s, 90'000, 1, 0);
    upstream.reference = true;
    model.setResults({ { u"W6p"_s, { cell(u"nginx"_s, 30'000, 1, 0), upstream }, {} } });
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(1, ui::ShootoutResultModel::Server).data().toString(), u"upstream"_s);
    QCOMPARE(model.index(1, ui::ShootoutResultModel::RatioToBest).data().toString(), u"ref"_s);
    QCOMPARE(model.index(0, ui::ShootoutResultModel::RatioToBest).data().toString(), u"0.58"_s);
}

void TestShootoutModels::resultHeadersAndReset()
{
    ui::ShootoutResultModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setResults({ { u"W1"_s, { cell(u"nginx"_s, 1, 0, 0) }, {} } });
    QCOMPARE(model.rowCount(), 1);
    model.setResults({});
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.index(0, 0).isValid());
}

QTEST_GUILESS_MAIN(TestShootoutModels)
#include "tst_shootoutmodels.moc"
