// The Runs page on a real SQLite file: runs stored through a second
// connection (as hostbench-cli does from another process) appear when the
// page is shown again or Refresh is clicked, and the run list's cells.
#include "storage/Database.h"
#include "ui/RunListModel.h"
#include "ui/RunsPage.h"

#include <QAbstractItemModel>
#include <QDateTime>
#include <QPushButton>
#include <QTableView>
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

private:
    // Stores a run through its own connection; returns its id.
    qint64 storeRun(const QString &url, quint64 completed);
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

qint64 TestRunsPage::storeRun(const QString &url, quint64 completed)
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
    return other.saveRun(parameters, summary, {});
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
    for (const int column : {int(ui::RunListModel::P50Column), int(ui::RunListModel::P99Column)}) {
        const QString cell = model->index(0, column).data().toString();
        if (dash)
            QCOMPARE(cell, u"–"_s);
        else
            QVERIFY2(cell.contains(u"ms"_s), qPrintable(cell));
    }
}

QTEST_MAIN(TestRunsPage)
#include "tst_runspage.moc"
