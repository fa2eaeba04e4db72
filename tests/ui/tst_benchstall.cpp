// Issue #23's figure "the longest GUI-thread stall during a 10 s run": the
// main window at 1024x700 on its Benchmark page runs 10 s of keep-alive
// load against its own engine (real sockets on 127.0.0.1, the run stored in
// a real SQLite file as it goes, both charts drawn with the engine's side)
// while a 5 ms timer on the GUI thread notes the time between its ticks
// (QElapsedTimer). Prints the longest gap, the 99th percentile and how
// many gaps passed 50 ms, from Start to the run's end (its report shown).
// A measurement, not a pass/fail timing test: it runs only with
// HOSTBENCH_STALL_RUN=1 (else it skips), and fails only when the run itself
// does not happen. HOSTBENCH_STALL_SECONDS changes the run's length (10),
// HOSTBENCH_STALL_CONNECTIONS the concurrency (20).
//   HOSTBENCH_STALL_RUN=1 QT_QPA_PLATFORM=offscreen build/tests/ui/tst_benchstall
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QRadioButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

constexpr int kTickMs = 5;
constexpr int kTimeoutMs = 60000;

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value > 0 ? value : fallback;
}

// The gaps between a timer's ticks on the thread it lives on, in ms.
class TickGaps final : public QObject
{
public:
    TickGaps()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(kTickMs);
        QObject::connect(&m_timer, &QTimer::timeout, this, [this] {
            m_gapsMs.append(double(m_clock.nsecsElapsed()) / 1e6);
            m_clock.restart();
        });
    }
    void start()
    {
        m_gapsMs.clear();
        m_clock.start();
        m_timer.start();
    }
    QList<double> stop()
    {
        m_timer.stop();
        m_gapsMs.append(double(m_clock.nsecsElapsed()) / 1e6);
        return m_gapsMs;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    QList<double> m_gapsMs;
};

} // namespace

class TestBenchStall final : public QObject
{
    Q_OBJECT

private slots:
    void tenSecondRun();
};

void TestBenchStall::tenSecondRun()
{
    if (qEnvironmentVariable("HOSTBENCH_STALL_RUN") != u"1"_s)
        QSKIP("a measurement: set HOSTBENCH_STALL_RUN=1 to run it");
    const int seconds = envInt("HOSTBENCH_STALL_SECONDS", 10);
    const int connections = envInt("HOSTBENCH_STALL_CONNECTIONS", 20);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    storage::DataFolder folder;
    QString error;
    QVERIFY2(folder.open(dir.filePath(u"data"_s), &error), qPrintable(error));
    model::ServerConfig config = folder.database().serverConfig();
    config.port = 0;
    config.threads = 1;
    QVERIFY(folder.database().saveServerConfig(config));
    ui::AppSettings(folder.database()).setControlApiPort(0);

    ui::MainWindow window(folder);
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.startEngineAtLaunch();
    QTRY_VERIFY_WITH_TIMEOUT(window.engine().isRunning(), kTimeoutMs);
    auto *tabs = window.findChild<QTabWidget *>(u"mainTabs"_s);
    auto *page = window.findChild<ui::BenchmarkPage *>();
    QVERIFY(tabs && page);
    tabs->setCurrentWidget(page);
    page->findChild<QComboBox *>(u"benchUrl"_s)->setCurrentText(window.engine().url());
    page->findChild<QSpinBox *>(u"benchConcurrency"_s)->setValue(connections);
    page->findChild<QRadioButton *>(u"benchByDuration"_s)->setChecked(true);
    page->findChild<QSpinBox *>(u"benchDuration"_s)->setValue(seconds);
    page->findChild<QSpinBox *>(u"benchThreads"_s)->setValue(1);
    QTest::qWait(200);

    TickGaps gaps;
    gaps.start();
    QVERIFY(page->startRun());
    QTRY_VERIFY_WITH_TIMEOUT(page->isRunning(), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), seconds * 1000 + kTimeoutMs);
    QTest::qWait(100); // the end drawn and the report shown
    QList<double> sorted = gaps.stop();
    QVERIFY(page->lastSummary().completed > 0);
    QVERIFY(sorted.size() > 10);
    std::sort(sorted.begin(), sorted.end());
    const double longest = sorted.constLast();
    const double p99 = sorted.at(qsizetype(double(sorted.size() - 1) * 0.99));
    const auto over50 = std::count_if(sorted.cbegin(), sorted.cend(), [](double ms) { return ms > 50; });
    qInfo("GUI-thread stall during a %d s run (%d connections, %llu requests, %.0f/s): longest %.1f ms, "
          "p99 %.1f ms, %d gaps over 50 ms, %d ticks of %d ms",
        seconds, connections, static_cast<unsigned long long>(page->lastSummary().completed),
        page->lastSummary().requestsPerSecond, longest, p99, int(over50), int(sorted.size()), kTickMs);
}

QTEST_MAIN(TestBenchStall)
#include "tst_benchstall.moc"
