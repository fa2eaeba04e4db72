// Not a test: the window that tests/perf/chart_cost.sh measures. Opens a
// fresh data folder, starts the window's engine (port 0, WORKERS worker
// threads), fills the Benchmark page (the engine's own URL, keep-alive,
// CONCURRENCY connections, SECONDS long, one generator thread) and shows
// PAGE: "bench" (the Benchmark page with its charts), "bench-hidden" (the
// Benchmark page, its charts hidden), "server" (the Server page with the
// engine's charts), "server-hidden" (the Server page, its charts hidden) or
// "none" (the Sites page: no chart on screen). Then it talks to the script on stdin and stdout, so that the
// script reads the GUI thread's CPU time (/proc/PID/task/PID/stat) exactly
// around the run:
//   prints "ready PID", waits for a line; runs the benchmark from the
//   page's Start button; prints "done REQUESTS_PER_SECOND P99_MS", waits for
//   a line, exits.
//
//   hostbench_chart_cost_window PAGE [SECONDS] [CONCURRENCY] [WORKERS] [WIDTHxHEIGHT]
// The window is 1280x900 unless WIDTHxHEIGHT says otherwise.
#include "model/RunSummary.h"
#include "model/ServerConfig.h"
#include "storage/DataFolder.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QEventLoop>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

template <typename T> T *child(QWidget &window, const QString &name)
{
    T *found = window.findChild<T *>(name);
    if (!found) {
        std::fprintf(stderr, "chart_cost_window: no widget %s\n", qPrintable(name));
        std::exit(2);
    }
    return found;
}

void waitForLine()
{
    char line[64];
    if (!std::fgets(line, sizeof line, stdin))
        std::exit(0);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString page = args.value(1, u"bench"_s);
    const int seconds = args.value(2, u"10"_s).toInt();
    const int concurrency = args.value(3, u"50"_s).toInt();
    const int workers = args.value(4, u"1"_s).toInt();
    const QStringList size = args.value(5, u"1280x900"_s).split(u'x');

    QTemporaryDir dir;
    storage::DataFolder folder;
    QString error;
    if (!dir.isValid() || !folder.open(dir.filePath(u"data"_s), &error)) {
        std::fprintf(stderr, "chart_cost_window: %s\n", qPrintable(error));
        return 2;
    }
    model::ServerConfig config = folder.database().serverConfig();
    config.port = 0;
    config.threads = workers;
    folder.database().saveServerConfig(config);

    ui::MainWindow window(folder);
    window.resize(size.value(0).toInt(), size.value(1).toInt());
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 2;
    window.startEngineAtLaunch();
    if (!QTest::qWaitFor([&] { return window.engine().isRunning(); }, 10000)) {
        std::fprintf(stderr, "chart_cost_window: the engine did not start\n");
        return 2;
    }

    auto *benchmark = child<ui::BenchmarkPage>(window, u"benchmarkPage"_s);
    child<QComboBox>(window, u"benchUrl"_s)->setCurrentText(window.engine().url());
    child<QSpinBox>(window, u"benchConcurrency"_s)->setValue(concurrency);
    child<QRadioButton>(window, u"benchByDuration"_s)->setChecked(true);
    child<QSpinBox>(window, u"benchDuration"_s)->setValue(seconds);
    child<QSpinBox>(window, u"benchThreads"_s)->setValue(1);
    child<QCheckBox>(window, u"benchKeepAlive"_s)->setChecked(true);
    const QString shown = page.startsWith(u"bench"_s) ? u"benchmarkPage"_s
        : page.startsWith(u"server"_s)                ? u"serverPage"_s
                                                      : u"sitesPage"_s;
    child<QTabWidget>(window, u"mainTabs"_s)->setCurrentWidget(child<QWidget>(window, shown));
    // The page without its charts: what they cost is the difference.
    if (page == u"bench-hidden"_s)
        child<QWidget>(window, u"benchCharts"_s)->hide();
    if (page == u"server-hidden"_s)
        child<QWidget>(window, u"engineCharts"_s)->hide();
    QTest::qWait(1000); // laid out and painted, the engine sampled

    std::printf("ready %d\n", int(::getpid()));
    std::fflush(stdout);
    waitForLine();

    QEventLoop loop;
    QObject::connect(benchmark, &ui::BenchmarkPage::runFinished, &loop, &QEventLoop::quit);
    child<QPushButton>(window, u"benchStart"_s)->click();
    loop.exec();

    const model::RunSummary &summary = benchmark->lastSummary();
    std::printf("done %.0f %.3f\n", summary.requestsPerSecond, summary.latencyP99Ms);
    std::fflush(stdout);
    waitForLine();
    return 0;
}
