// Issue #23: "The Runs page loads up to 500 runs synchronously" on the GUI
// thread. This executable defines sqlite3_prepare16_v2 (PrepareHook.h; the one Qt's SQLite
// driver calls) and passes each call to SQLite's own, noting which thread
// prepared the run list's query (runs joined with shootout_runs, with a
// LIMIT): the target exports it, so that the driver's calls land here (see
// CMakeLists.txt). A Runs page made, shown and refreshed on a real SQLite file
// with stored runs must list them without that query running on the GUI
// thread, and say "Loading…" until they come. Real widgets offscreen.
#include "PrepareHook.h"
#include "storage/Database.h"
#include "ui/RunsPage.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

std::atomic<Qt::HANDLE> g_guiThread { nullptr };
std::atomic<int> g_guiListReads { 0 };
std::atomic<int> g_otherListReads { 0 };

} // namespace

void preparing(const QString &text)
{
    if (!text.contains(u"LEFT JOIN shootout_runs"_s) || !text.contains(u"LIMIT"_s))
        return;
    if (QThread::currentThreadId() == g_guiThread.load())
        ++g_guiListReads;
    else
        ++g_otherListReads;
}

class TestRunsLoading final : public QObject
{
    Q_OBJECT

private slots:
    void runListIsReadOffTheGuiThread();
};

void TestRunsLoading::runListIsReadOffTheGuiThread()
{
    g_guiThread = QThread::currentThreadId();
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    storage::Database database;
    QVERIFY2(database.open(dir.filePath(u"hostbench.sqlite"_s)), qPrintable(database.lastError()));
    for (int i = 0; i < 3; ++i) {
        model::BenchParameters parameters;
        parameters.url = u"http://127.0.0.1:1/run%1"_s.arg(i);
        model::RunSummary summary;
        summary.startedAtMs = 1'000 * (i + 1);
        summary.completed = 10;
        QVERIFY2(database.saveRun(parameters, summary, {}) != 0, qPrintable(database.lastError()));
    }

    // The hook sees the query: read on this thread, it is counted here.
    QCOMPARE(database.runs(ui::RunsPage::kRunLimit).size(), 3);
    QVERIFY2(
        g_guiListReads.load() == 1, "the hook saw no run-list query: the driver's calls do not reach it");
    g_guiListReads = 0;

    ui::RunsPage page(database);
    page.resize(900, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto *table = page.findChild<QTableView *>(u"runsTable"_s);
    QVERIFY(table);
    QTRY_COMPARE(table->model()->rowCount(), 3);
    QCOMPARE(g_guiListReads.load(), 0);

    // Refresh: the page says so until the list comes, and the list comes.
    const int before = g_otherListReads.load();
    QTest::mouseClick(page.findChild<QPushButton *>(u"runsRefresh"_s), Qt::LeftButton);
    QCOMPARE(page.findChild<QLabel *>(u"runsCount"_s)->text(), u"Loading…"_s);
    QTRY_VERIFY(g_otherListReads.load() > before);
    QTRY_VERIFY(page.findChild<QLabel *>(u"runsCount"_s)->text() != u"Loading…"_s);
    QCOMPARE(table->model()->rowCount(), 3);

    qInfo(
        "run-list queries: %d on the GUI thread, %d off it", g_guiListReads.load(), g_otherListReads.load());
    QCOMPARE(g_guiListReads.load(), 0);
    QVERIFY(g_otherListReads.load() >= 2); // made, then refreshed
}

QTEST_MAIN(TestRunsLoading)
#include "tst_runsloading.moc"
