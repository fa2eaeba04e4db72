// The Runs page on a real SQLite file: runs stored through a second
// connection (as hostbench-cli does from another process) appear when the
// page is shown again or Refresh is clicked, and the run list's cells;
// comparing runs (the figures table and the overlaid charts).
#include "storage/Database.h"
#include "ui/BenchCharts.h"
#include "ui/RunCompareDialog.h"
#include "ui/RunListModel.h"
#include "ui/RunsPage.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QDir>
#include <QLineSeries>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

class TestRunsPage final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void refreshButtonShowsOtherConnectionsRuns();
    void showingThePageRefreshes();
    void refreshKeepsSelection();
    void latencyCells_data();
    void latencyCells();
    void compareNeedsTwoRuns();
    void compareShowsFiguresAndSeries();

private:
    // Stores a run through its own connection, with `samples` samples of
    // 100 ms at `completed` / 10 requests each; returns its id.
    qint64 storeRun(const QString &url, quint64 completed, int samples = 0);
    // Selects the runs with these ids, in this order, as Ctrl-clicks do.
    void selectRuns(const QList<qint64> &ids);
    QTableView *table() const { return m_page->findChild<QTableView *>(u"runsTable"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::Database> m_database;
    std::unique_ptr<ui::RunsPage> m_page;
    qint64 m_clock = 0;
};

void TestRunsPage::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_database = std::make_unique<storage::Database>();
    QVERIFY2(m_database->open(m_dir->filePath(u"hostbench.sqlite"_s)), qPrintable(m_database->lastError()));
    m_page = std::make_unique<ui::RunsPage>(*m_database);
    m_page->resize(900, 600);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    m_clock = QDateTime::currentMSecsSinceEpoch();
}

void TestRunsPage::cleanup()
{
    m_page.reset();
    m_database.reset();
    m_dir.reset();
}

qint64 TestRunsPage::storeRun(const QString &url, quint64 completed, int samples)
{
    storage::Database other;
    if (!other.open(m_database->filePath()))
        return 0;
    model::BenchParameters parameters;
    parameters.url = url;
    parameters.concurrency = 2;
    parameters.requests = 100;
    model::RunSummary summary;
    summary.startedAtMs = (m_clock += 1000); // newest last
    summary.concurrency = 2;
    summary.timeTakenSec = 1;
    summary.completed = completed;
    summary.failed = 100 - completed;
    summary.failedConnect = summary.failed;
    summary.requestsPerSecond = double(completed);
    summary.latencyP50Ms = completed > 0 ? 1.5 : 0;
    summary.latencyP99Ms = completed > 0 ? 4.25 : 0;
    summary.latencyP90Ms = completed > 0 ? 3.0 : 0;
    QList<model::BenchSample> stored;
    for (int i = 0; i < samples; ++i) {
        model::BenchSample sample;
        sample.index = i;
        sample.elapsedMs = (i + 1) * sample.intervalMs;
        sample.completed = completed / 10;
        sample.p50Us = 1500;
        sample.p99Us = 4250 + quint64(i) * 10;
        stored.append(sample);
    }
    return other.saveRun(parameters, summary, stored);
}

void TestRunsPage::selectRuns(const QList<qint64> &ids)
{
    QItemSelectionModel *selection = table()->selectionModel();
    selection->clearSelection();
    for (const qint64 id : ids) {
        QModelIndex found;
        for (int row = 0; row < table()->model()->rowCount() && !found.isValid(); ++row) {
            const QModelIndex index = table()->model()->index(row, 0);
            if (index.data(ui::RunListModel::kRunIdRole).toLongLong() == id)
                found = index;
        }
        QVERIFY2(found.isValid(), qPrintable(QString::number(id)));
        selection->select(found, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

void TestRunsPage::refreshButtonShowsOtherConnectionsRuns()
{
    QCOMPARE(table()->model()->rowCount(), 0);
    QVERIFY(storeRun(u"http://127.0.0.1:1/a"_s, 100) > 0);
    QCOMPARE(table()->model()->rowCount(), 0); // not read yet

    auto *refresh = m_page->findChild<QPushButton *>(u"runsRefresh"_s);
    QVERIFY(refresh);
    QTest::mouseClick(refresh, Qt::LeftButton);
    QTRY_COMPARE(table()->model()->rowCount(), 1);
    QVERIFY(table()->model()->index(0, ui::RunListModel::UrlColumn).data().toString().contains(u"/a"_s));
}

void TestRunsPage::showingThePageRefreshes()
{
    m_page->hide();
    QVERIFY(storeRun(u"http://127.0.0.1:1/b"_s, 100) > 0);
    QCOMPARE(table()->model()->rowCount(), 0);
    m_page->show();
    QTRY_COMPARE(table()->model()->rowCount(), 1);
}

void TestRunsPage::refreshKeepsSelection()
{
    const qint64 older = storeRun(u"http://127.0.0.1:1/older"_s, 100);
    QVERIFY(storeRun(u"http://127.0.0.1:1/newer"_s, 100) > 0);
    m_page->refresh();
    QCOMPARE(table()->model()->rowCount(), 2);
    m_page->refresh(older);
    QCOMPARE(m_page->selectedRunId(), older);

    QVERIFY(storeRun(u"http://127.0.0.1:1/newest"_s, 100) > 0);
    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runsRefresh"_s), Qt::LeftButton);
    QTRY_COMPARE(table()->model()->rowCount(), 3);
    QCOMPARE(m_page->selectedRunId(), older);
}

void TestRunsPage::latencyCells_data()
{
    QTest::addColumn<quint64>("completed");
    QTest::addColumn<bool>("dash");
    QTest::newRow("no request answered") << quint64(0) << true;
    QTest::newRow("one answered") << quint64(1) << false;
    QTest::newRow("all answered") << quint64(100) << false;
}

void TestRunsPage::latencyCells()
{
    QFETCH(quint64, completed);
    QFETCH(bool, dash);
    QVERIFY(storeRun(u"http://127.0.0.1:1/"_s, completed) > 0);
    m_page->refresh();
    QAbstractItemModel *model = table()->model();
    QCOMPARE(model->rowCount(), 1);
    for (const int column : { int(ui::RunListModel::P50Column), int(ui::RunListModel::P99Column) }) {
        const QString cell = model->index(0, column).data().toString();
        if (dash)
            QCOMPARE(cell, u"–"_s);
        else
            QVERIFY2(cell.contains(u"ms"_s), qPrintable(cell));
    }
}

void TestRunsPage::compareNeedsTwoRuns()
{
    const qint64 first = storeRun(u"http://127.0.0.1:1/one"_s, 100, 3);
    const qint64 second = storeRun(u"http://127.0.0.1:1/two"_s, 50, 3);
    m_page->refresh(first);
    auto *compare = m_page->findChild<QPushButton *>(u"runsCompare"_s);
    QVERIFY(compare);
    QVERIFY(!compare->isEnabled());
    selectRuns({ first, second });
    QVERIFY(compare->isEnabled());
    QCOMPARE(m_page->selectedRunIds(), (QList<qint64> { first, second }));
    selectRuns({ second });
    QVERIFY(!compare->isEnabled());
    QTest::mouseClick(compare, Qt::LeftButton);
    QVERIFY(!m_page->findChild<ui::RunCompareDialog *>());
}

void TestRunsPage::compareShowsFiguresAndSeries()
{
    // Reference first, then one twice as fast and one at a quarter, each
    // with its own number of samples.
    const QList<quint64> completed { 40, 80, 10 };
    const QList<int> sampleCounts { 5, 8, 3 };
    QList<qint64> ids;
    for (int i = 0; i < completed.size(); ++i)
        ids.append(storeRun(u"http://127.0.0.1:1/run%1"_s.arg(i), completed[i], sampleCounts[i]));
    QVERIFY(!ids.contains(0));
    m_page->refresh();
    selectRuns(ids);

    QTest::mouseClick(m_page->findChild<QPushButton *>(u"runsCompare"_s), Qt::LeftButton);
    auto *dialog = m_page->findChild<ui::RunCompareDialog *>(u"runsCompareDialog"_s);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *figures = dialog->findChild<QTableWidget *>(u"compareTable"_s);
    QVERIFY(figures);
    QCOMPARE(figures->columnCount(), int(ids.size()));

    using Dialog = ui::RunCompareDialog;
    for (int column = 0; column < ids.size(); ++column) {
        QVERIFY(figures->horizontalHeaderItem(column)->text().contains(QString::number(ids[column])));
        QVERIFY(figures->item(Dialog::UrlRow, column)->text().contains(u"/run%1"_s.arg(column)));
        const QTableWidgetItem *rate = figures->item(Dialog::RateRow, column);
        QCOMPARE(rate->data(Dialog::kValueRole).toDouble(), double(completed[column]));
        QVERIFY2(rate->text().startsWith(QString::number(completed[column])), qPrintable(rate->text()));
        const QTableWidgetItem *failed = figures->item(Dialog::FailedRow, column);
        QCOMPARE(failed->data(Dialog::kValueRole).toDouble(), double(100 - completed[column]));
        if (column == 0) {
            QVERIFY(!rate->data(Dialog::kRatioRole).isValid());
            continue;
        }
        const double ratio = double(completed[column]) / double(completed[0]);
        QCOMPARE(rate->data(Dialog::kRatioRole).toDouble(), ratio);
        const QString shown = QLocale().toString(ratio, 'f', 2);
        QVERIFY2(rate->text().contains(u"×"_s + shown), qPrintable(rate->text()));
        // Same latency in every run: the ratio is 1.
        QCOMPARE(figures->item(Dialog::P99Row, column)->data(Dialog::kRatioRole).toDouble(), 1.0);
        QCOMPARE(failed->data(Dialog::kRatioRole).toDouble(),
            double(100 - completed[column]) / (100 - completed[0]));
    }

    auto *charts = dialog->findChild<ui::BenchCharts *>(u"compareCharts"_s);
    QVERIFY(charts);
    const QList<QLineSeries *> rates = charts->overlayThroughputSeries();
    const QList<QLineSeries *> p99s = charts->overlayP99Series();
    QCOMPARE(rates.size(), ids.size());
    QCOMPARE(p99s.size(), ids.size());
    for (int i = 0; i < ids.size(); ++i) {
        QCOMPARE(rates[i]->count(), sampleCounts[i]);
        QCOMPARE(p99s[i]->count(), sampleCounts[i]);
        QVERIFY(rates[i]->isVisible());
        QVERIFY(rates[i]->name().contains(QString::number(ids[i])));
        // 100 ms samples of completed / 10 requests: completed requests/s.
        QCOMPARE(rates[i]->at(0).y(), double(completed[i]));
        QCOMPARE(p99s[i]->at(sampleCounts[i] - 1).y(), (4250 + (sampleCounts[i] - 1) * 10) / 1000.0);
    }
    QVERIFY(!charts->throughputSeries()->isVisible());

    // For review of the look, not checked: HOSTBENCH_SCREENSHOTS=DIR saves it.
    const QString screens = qEnvironmentVariable("HOSTBENCH_SCREENSHOTS");
    if (!screens.isEmpty())
        QVERIFY(dialog->grab().save(QDir(screens).filePath(u"compare.png"_s)));
}

QTEST_MAIN(TestRunsPage)
#include "tst_runspage.moc"
