// The run charts' legends and axes in a real window at its smallest size
// (1024x700, offscreen), in English and in German, after a real run of the
// window's own engine (127.0.0.1, port 0) from the Benchmark page: every
// legend entry whole (none cut to "…", none over the plot), the time axis
// as it was while the run went on, tick labels in the window's number
// format, and the latency log scale remembered (AppSettings) for the
// Benchmark and Runs pages alike. With HOSTBENCH_SCREENSHOTS=DIR it saves
// the Benchmark and Server pages in each language (Screenshots.h).
// The German row checks the German legend texts of translations/hostbench_de.ts.
#include "Screenshots.h"
#include "WindowTest.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/BenchmarkPage.h"
#include "ui/ChartLegend.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"
#include "ui/Translations.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFontMetrics>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QValueAxis>

#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {
constexpr int kTimeoutMs = 30000; // generous: the suite runs on two busy cores
const QSize kSmallestWindow(1024, 700);
} // namespace

class TestChartLegends final : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void cleanup();
    void legendsWholeAfterARun_data();
    void legendsWholeAfterARun();

private:
};

void TestChartLegends::cleanup()
{
    closeAll();
    ui::Translations::install(*qApp, u"en"_s);
    QLocale::setDefault(QLocale::c());
}

void TestChartLegends::legendsWholeAfterARun_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("engineRate"); // the engine's requests/s, as the legend names it
    QTest::newRow("en") << u"en"_s << QLocale(QLocale::English, QLocale::UnitedStates)
                        << u"Engine requests/s"_s;
    QTest::newRow("de") << u"de"_s << QLocale(QLocale::German, QLocale::Germany) << u"Engine: Anfragen/s"_s;
}

void TestChartLegends::legendsWholeAfterARun()
{
    QFETCH(QString, language);
    QFETCH(QLocale, locale);
    QFETCH(QString, engineRate);
    ui::Translations::install(*qApp, language);
    QLocale::setDefault(locale);
    openFolder();
    openWindow(kSmallestWindow);
    m_window->startEngineAtLaunch();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);

    // A 2 s run of the window's own engine: the charts show both sides.
    showTab(u"benchmarkPage"_s);
    auto *page = widget<ui::BenchmarkPage>(u"benchmarkPage"_s);
    auto *charts = widget<ui::BenchCharts>(u"benchCharts"_s);
    QVERIFY(page && charts);
    startRun(2);
    QVERIFY(charts->engineShown());
    // The time axis while it runs...
    auto *throughputView = widget<QChartView>(u"benchThroughputChart"_s);
    auto *latencyView = widget<QChartView>(u"benchLatencyChart"_s);
    QVERIFY(throughputView && latencyView);
    const auto timeAxis = [](QChartView *view) {
        return qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Horizontal).constFirst());
    };
    QTRY_VERIFY_WITH_TIMEOUT(charts->pointCount() >= 5, kTimeoutMs);
    const double liveMax = timeAxis(throughputView)->max();
    const int liveTicks = timeAxis(throughputView)->tickCount();
    QCOMPARE(liveMax, 2.0);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), kTimeoutMs);
    QApplication::processEvents();
    // ...is the one after it ended, on both charts.
    for (QChartView *view : { throughputView, latencyView }) {
        QCOMPARE(timeAxis(view)->max(), liveMax);
        QCOMPARE(timeAxis(view)->tickCount(), liveTicks);
    }

    // Each chart's legend: every entry whole, in the legend, under the plot.
    QCOMPARE(m_window->size(), kSmallestWindow);
    QStringList labels;
    for (QChartView *view : { throughputView, latencyView }) {
        auto *legend = view->findChild<ui::ChartLegend *>();
        QVERIFY(legend && legend->isVisible());
        const QFontMetrics metrics(view->chart()->legend()->font());
        const QList<ui::ChartLegend::Entry> entries = legend->entries();
        QVERIFY(entries.size() >= 2);
        for (int i = 0; i < int(entries.size()); ++i) {
            labels << entries[i].label;
            const QRect entry = legend->entryRect(i);
            QVERIFY2(legend->rect().contains(entry),
                qPrintable(u"%1: \"%2\" at %3,%4 %5 px wide, legend %6 px"_s
                               .arg(view->objectName(), entries[i].label)
                               .arg(entry.x())
                               .arg(entry.y())
                               .arg(entry.width())
                               .arg(legend->width())));
            QVERIFY(entry.width() >= metrics.horizontalAdvance(entries[i].label));
        }
        QVERIFY(view->viewport()->rect().contains(legend->geometry()));
        const QRectF plot = view->chart()->plotArea();
        QVERIFY2(legend->geometry().top() >= plot.bottom(),
            qPrintable(u"%1: legend at %2, plot to %3"_s.arg(view->objectName())
                           .arg(legend->geometry().top())
                           .arg(plot.bottom())));
    }
    QVERIFY2(labels.contains(engineRate), qPrintable(labels.join(u", "_s)));
    // No text of the charts cut to "…", their tick labels in the window's number format.
    const QRegularExpression otherDecimal(
        locale.decimalPoint() == u","_s ? u"^-?\\d+\\.\\d{1,2}$"_s : u"^-?\\d+,\\d{1,2}$"_s);
    for (QChartView *view : charts->findChildren<QChartView *>()) {
        view->grab();
        for (const QGraphicsItem *item : view->scene()->items()) {
            const QString text = chartText(item);
            if (!item->isVisible())
                continue;
            QVERIFY2(!(text.contains(u"..."_s) || text.contains(u'…')),
                qPrintable(view->objectName() + u": "_s + text));
            QVERIFY2(!otherDecimal.match(text).hasMatch(), qPrintable(view->objectName() + u": "_s + text));
        }
    }
    QVERIFY(test::Screenshots::save(m_window.get(), u"charts-benchmark-page-"_s + language));
    auto *logBox = charts->findChild<QCheckBox *>(u"benchLatencyLogScale"_s);
    QVERIFY(logBox && logBox->isVisible());

    // The log scale, ticked on the Benchmark page: remembered, and the Runs page's too.
    QVERIFY(!ui::AppSettings(m_folder->database()).latencyLogScale());
    logBox->click();
    QVERIFY(charts->logScale());
    QVERIFY(ui::AppSettings(m_folder->database()).latencyLogScale());
    auto *runCharts = widget<ui::BenchCharts>(u"runCharts"_s);
    QVERIFY(runCharts);
    QVERIFY(runCharts->logScale());
    QVERIFY(test::Screenshots::save(m_window.get(), u"charts-benchmark-page-log-"_s + language));
    showTab(u"serverPage"_s);
    QVERIFY(test::Screenshots::save(m_window.get(), u"charts-server-page-"_s + language));
    // A window opened on the same folder starts with it.
    m_window.reset();
    m_window = std::make_unique<ui::MainWindow>(*m_folder);
    QVERIFY(widget<ui::BenchCharts>(u"benchCharts"_s)->logScale());
    QVERIFY(widget<ui::BenchCharts>(u"runCharts"_s)->logScale());
}

QTEST_MAIN(TestChartLegends)
#include "tst_chartlegends.moc"
