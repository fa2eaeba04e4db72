// The window in a dark palette and back in a light one, switched while it
// is open, as a desktop's theme switch does: every text of the Server,
// Benchmark and Runs pages reads on what is behind it (WCAG 2's 4.5:1), no
// label carries a style sheet, the notes (error, warnings) are tinted from
// the palette, and every chart (the engine's on the Server page with real
// traffic, a run's, an overlay of runs, a shootout's) takes the palette's
// base as its background and draws its title, axis labels and legend in
// text that reads on it, and its lines and bars so that they stand out
// (3:1, WCAG 2.1's floor for graphics).
// Real widgets on the offscreen platform, a real SQLite file, the real
// engine on 127.0.0.1 port 0. Set HOSTBENCH_SCREENSHOTS to a folder to look
// at the pages in both palettes (Screenshots.h).
#include "../http/RawClient.h"
#include "Contrast.h"
#include "Screenshots.h"
#include "WindowTest.h"
#include "storage/DataFolder.h"
#include "storage/Database.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineCharts.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/MainWindow.h"
#include "ui/RoutesEditor.h"
#include "ui/RunListModel.h"
#include "ui/ShootoutCharts.h"
#include "ui/SiteDialog.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QAreaSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QLineSeries>
#include <QPalette>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;
using hostbench::test::contrast;
using hostbench::test::darkPalette;

namespace {

constexpr int kTimeoutMs = 30000; // generous: the suite runs on two busy cores
constexpr double kText = 4.5; // WCAG 2, level AA, normal text
constexpr double kGraphic = 3.0; // WCAG 2.1, non-text contrast

QColor opaque(QColor color)
{
    color.setAlpha(255);
    return color;
}

// What `label` is drawn on: its own background (a tinted note), else the
// nearest ancestor that fills its own, else its window's.
QColor backgroundOf(const QLabel *label)
{
    if (label->palette().isBrushSet(QPalette::Active, label->backgroundRole()))
        return label->palette().color(label->backgroundRole());
    for (const QWidget *widget = label->parentWidget(); widget; widget = widget->parentWidget()) {
        if (widget->autoFillBackground() && widget->backgroundRole() != QPalette::NoRole)
            return widget->palette().color(widget->backgroundRole());
        if (widget->isWindow())
            return widget->palette().color(QPalette::Window);
    }
    return label->palette().color(QPalette::Window);
}

// Every shown, enabled label under `root` against what is behind it, and
// its links; empty when all read. (WCAG exempts disabled controls.)
QStringList labelProblems(const QWidget *root)
{
    QStringList problems;
    for (const QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->isVisible() || !label->isEnabled() || label->text().isEmpty())
            continue;
        if (!label->styleSheet().isEmpty())
            problems << u"%1 has a style sheet: %2"_s.arg(label->objectName(), label->styleSheet());
        const QColor back = backgroundOf(label);
        QList<std::pair<QString, QColor>> colours
            = { { u"text"_s, label->palette().color(label->foregroundRole()) } };
        // A rich text's own colours, as the label's document holds them (a
        // link's is fixed when the text is parsed).
        for (const QTextDocument *document : label->findChildren<QTextDocument *>()) {
            for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
                for (auto it = block.begin(); !it.atEnd(); ++it) {
                    const QTextCharFormat format = it.fragment().charFormat();
                    if (format.foreground().style() != Qt::NoBrush) {
                        colours.append(
                            { u"\"%1\""_s.arg(it.fragment().text().left(30)), format.foreground().color() });
                    }
                }
            }
        }
        for (const auto &[what, colour] : colours) {
            const double ratio = contrast(colour, back);
            if (ratio < kText) {
                problems << u"%1 (\"%2\") %3: %4 on %5, contrast %6"_s.arg(label->objectName(),
                    label->text().left(40), what, colour.name(QColor::HexArgb), back.name(),
                    QString::number(ratio, 'f', 2));
            }
        }
    }
    return problems;
}

// A chart's background against its view's palette, and its texts and
// series against that background; empty when all follow and read.
QStringList chartProblems(const QChartView *view)
{
    QStringList problems;
    const QChart *chart = view->chart();
    const QString name = view->objectName();
    const QColor back = chart->backgroundBrush().color();
    if (back != view->palette().color(QPalette::Base)) {
        problems << u"%1: background %2, not the palette's base %3"_s.arg(
            name, back.name(), view->palette().color(QPalette::Base).name());
    }
    const auto check = [&](const QString &what, const QColor &colour, double minimum) {
        const double ratio = contrast(colour, back);
        if (ratio < minimum) {
            problems << u"%1 %2: %3 on %4, contrast %5"_s.arg(
                name, what, colour.name(QColor::HexArgb), back.name(), QString::number(ratio, 'f', 2));
        }
    };
    if (!chart->title().isEmpty())
        check(u"title"_s, chart->titleBrush().color(), kText);
    if (chart->legend()->isVisible())
        check(u"legend"_s, chart->legend()->labelColor(), kText);
    for (const QAbstractAxis *axis : chart->axes()) {
        if (!axis->isVisible())
            continue;
        check(u"axis labels"_s, axis->labelsBrush().color(), kText);
        if (!axis->titleText().isEmpty())
            check(u"axis title \"%1\""_s.arg(axis->titleText()), axis->titleBrush().color(), kText);
        check(u"axis line"_s, axis->linePenColor(), kGraphic);
    }
    for (const QAbstractSeries *series : chart->series()) {
        if (!series->isVisible())
            continue;
        if (const auto *line = qobject_cast<const QLineSeries *>(series)) {
            check(u"series \"%1\""_s.arg(line->name()), line->pen().color(), kGraphic);
        } else if (const auto *area = qobject_cast<const QAreaSeries *>(series)) {
            // A translucent fill under a line or stacked: its hue stands out,
            // the fill as faint as chosen.
            check(u"area \"%1\""_s.arg(area->name()), opaque(area->brush().color()), kGraphic);
        } else if (const auto *bars = qobject_cast<const QBarSeries *>(series)) {
            for (QBarSet *set : bars->barSets())
                check(u"bars \"%1\""_s.arg(set->label()), set->color(), kGraphic);
        }
    }
    return problems;
}

QStringList chartProblemsUnder(const QWidget *root)
{
    QStringList problems;
    for (const QChartView *view : root->findChildren<QChartView *>()) {
        if (view->isVisible())
            problems += chartProblems(view);
    }
    return problems;
}

QByteArray get(const QByteArray &path)
{
    return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n";
}

} // namespace

class TestDarkPalette final : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void serverPageWithTraffic();
    void benchmarkPageAfterRun();
    void runsPageWithFailedRun();
    void overlaidRuns();
    void shootoutBars();
    void routeMarkedWrong();
    void everyPage();
    void siteDialogErrors();

private:
    void startEngine();
    // Sets `palette` on the application, as a theme switch does, and lets the widgets take it.
    static void switchTo(const QPalette &palette);
    // The page, or `root`, saved as <name>-<dark|light>.png under HOSTBENCH_SCREENSHOTS, if set.
    static void screenshot(QWidget *root, const QString &name, bool dark);

    QPalette m_light;
};

void TestDarkPalette::init()
{
    m_light = QApplication::palette();
    openFolder();
    openWindow(QSize(1280, 860));
}

void TestDarkPalette::cleanup()
{
    closeAll();
    QApplication::setPalette(m_light);
}

void TestDarkPalette::startEngine()
{
    m_window->startEngineAtLaunch();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);
}

void TestDarkPalette::switchTo(const QPalette &palette)
{
    QApplication::setPalette(palette);
    QApplication::processEvents();
    // The items of an axis removed from a chart go with the event loop's next turn.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

void TestDarkPalette::screenshot(QWidget *root, const QString &name, bool dark)
{
    test::Screenshots::save(root, name + (dark ? u"-dark"_s : u"-light"_s));
}

void TestDarkPalette::serverPageWithTraffic()
{
    startEngine();
    showTab(u"serverPage"_s);
    // Real requests, so that the engine's charts draw lines.
    const quint16 port = m_window->engine().port();
    for (int round = 0; round < 6; ++round) {
        RawClient client(port);
        for (int i = 0; i < 10 + round * 4; ++i)
            QCOMPARE(client.request(get(i % 4 == 0 ? "/missing" : "/")).status, i % 4 == 0 ? 404 : 200);
        QTest::qWait(500);
    }
    auto *charts = widget<ui::EngineCharts>(u"engineCharts"_s);
    QVERIFY(charts);
    QTRY_VERIFY_WITH_TIMEOUT(charts->requestsSeries()->count() > 2, kTimeoutMs);
    // The notes hidden until something goes wrong or moves, shown as they would be.
    const std::pair<QString, QString> notes[] = {
        { u"serverError"_s,
            u"Port 8080 is in use by nginx (PID 4242). Start again to choose another port."_s },
        { u"serverPortNote"_s,
            u"Port 8080 is in use by nginx (PID 4242), so the engine serves on port 8081."_s },
        { u"serverControlWarning"_s, u"The engine runs without its control API: the port is taken"_s },
    };
    for (const auto &[name, text] : notes) {
        auto *note = widget<ui::ErrorNote>(name);
        QVERIFY(note);
        note->setMessage(text);
    }
    auto *page = widget<QWidget>(u"serverPage"_s);
    QCOMPARE(page->findChildren<QChartView *>().size(), 4);
    // Dark after the page was made, then light again: both taken at run time.
    for (const bool dark : { true, false }) {
        switchTo(dark ? darkPalette() : m_light);
        QCOMPARE(page->palette().color(QPalette::Window), QApplication::palette().color(QPalette::Window));
        screenshot(page, u"server-page"_s, dark);
        // The window's status line too: the engine's URL.
        const QStringList problems = labelProblems(m_window.get()) + chartProblemsUnder(page);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        // The notes are tinted: an error's text is not the page's text.
        for (const auto &[name, text] : notes) {
            const QLabel *note = widget<QLabel>(name);
            QVERIFY2(
                note->palette().color(QPalette::WindowText) != page->palette().color(QPalette::WindowText),
                qPrintable(name));
        }
    }
}

void TestDarkPalette::benchmarkPageAfterRun()
{
    startEngine();
    showTab(u"benchmarkPage"_s);
    // A short run of the window's own engine: client lines and the engine's side.
    startRun(2);
    auto *page = widget<ui::BenchmarkPage>(u"benchmarkPage"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), kTimeoutMs);
    auto *charts = widget<ui::BenchCharts>(u"benchCharts"_s);
    QVERIFY(charts->pointCount() > 0);
    QVERIFY(charts->engineShown());
    for (const bool dark : { true, false }) {
        switchTo(dark ? darkPalette() : m_light);
        screenshot(page, u"benchmark-page"_s, dark);
        const QStringList problems = labelProblems(page) + chartProblemsUnder(page);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
}

void TestDarkPalette::runsPageWithFailedRun()
{
    // Two stored runs, one with failures, as a run of the window stores them.
    storage::Database &database = m_folder->database();
    qint64 failedRun = 0;
    for (const quint64 failed : { quint64(0), quint64(37) }) {
        model::BenchParameters parameters;
        parameters.url = u"http://127.0.0.1:8080/"_s;
        parameters.concurrency = 4;
        parameters.requests = 1000;
        model::RunSummary summary;
        summary.startedAtMs = QDateTime::currentMSecsSinceEpoch() - 60000 + qint64(failed);
        summary.concurrency = parameters.concurrency;
        summary.timeTakenSec = 2;
        summary.completed = 1000 - failed;
        summary.failed = failed;
        summary.failedConnect = failed;
        summary.requestsPerSecond = 500;
        summary.latencyP50Ms = 1.5;
        summary.latencyP90Ms = 3;
        summary.latencyP99Ms = 4.25;
        QList<model::BenchSample> samples;
        for (int i = 0; i < 20; ++i) {
            model::BenchSample sample;
            sample.index = i;
            sample.elapsedMs = (i + 1) * sample.intervalMs;
            sample.completed = 40 + quint64(i % 5) * 3;
            sample.p50Us = 1500 + quint64(i) * 20;
            sample.p99Us = 4250 + quint64(i) * 60;
            samples.append(sample);
        }
        const qint64 id = database.saveRun(parameters, summary, samples);
        QVERIFY(id > 0);
        if (failed > 0)
            failedRun = id;
    }
    showTab(u"runsPage"_s);
    auto *table = widget<QTableView>(u"runsTable"_s);
    QTRY_COMPARE(table->model()->rowCount(), 2);
    int failedRow = -1;
    for (int row = 0; row < 2; ++row) {
        if (table->model()->index(row, 0).data(ui::RunListModel::kRunIdRole).toLongLong() == failedRun)
            failedRow = row;
    }
    QVERIFY(failedRow >= 0);
    // The other run selected: the failures' cell drawn in its own colour, not the selection's.
    table->selectRow(failedRow == 0 ? 1 : 0);
    auto *page = widget<QWidget>(u"runsPage"_s);
    QTRY_VERIFY(page->findChild<QChartView *>(u"runThroughputChart"_s)->isVisible());
    const QModelIndex failedCell = table->model()->index(failedRow, ui::RunListModel::FailedColumn);
    for (const bool dark : { true, false }) {
        switchTo(dark ? darkPalette() : m_light);
        screenshot(page, u"runs-page"_s, dark);
        const QStringList problems = labelProblems(page) + chartProblemsUnder(page);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        // Failures in a red that reads on the rows of the palette of the moment.
        const QColor failures = failedCell.data(Qt::ForegroundRole).value<QColor>();
        QVERIFY(failures.isValid());
        QVERIFY2(failures.red() > failures.green() + 40, qPrintable(failures.name()));
        for (const QPalette::ColorRole row : { QPalette::Base, QPalette::AlternateBase }) {
            const double ratio = contrast(failures, table->palette().color(row));
            QVERIFY2(ratio >= kText,
                qPrintable(
                    u"%1 on %2: %3"_s.arg(failures.name(), table->palette().color(row).name()).arg(ratio)));
        }
    }
}

void TestDarkPalette::overlaidRuns()
{
    // The Runs page's comparison: eight runs, each in its own colour.
    ui::BenchCharts charts(u"compare"_s, Qt::Horizontal);
    charts.resize(1000, 360);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    QList<ui::BenchCharts::Overlay> runs;
    for (int run = 0; run < 8; ++run) {
        ui::BenchCharts::Overlay overlay;
        overlay.name = u"run %1"_s.arg(run + 1);
        for (int i = 0; i < 10; ++i) {
            model::BenchSample sample;
            sample.index = i;
            sample.elapsedMs = (i + 1) * sample.intervalMs;
            sample.completed = quint64(40 + run * 5 + i);
            sample.p99Us = quint64(3000 + run * 400 + i * 30);
            overlay.samples.append(sample);
        }
        runs.append(overlay);
    }
    charts.compare(runs);
    QCOMPARE(charts.overlayThroughputSeries().size(), 8);
    for (const bool dark : { true, false }) {
        switchTo(dark ? darkPalette() : m_light);
        screenshot(&charts, u"overlaid-runs"_s, dark);
        const QStringList problems = chartProblemsUnder(&charts);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
}

void TestDarkPalette::shootoutBars()
{
    ui::ShootoutCharts charts;
    charts.resize(900, 320);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    // Made in the dark palette, then results: the new bars and axes take it.
    switchTo(darkPalette());
    QList<shootout::ShootoutWorkloadResult> results;
    for (const QString &workload : { u"W1"_s, u"W2"_s }) {
        shootout::ShootoutWorkloadResult result;
        result.workload = workload;
        int i = 0;
        for (const QString &server :
            { u"hostbench"_s, u"nginx"_s, u"lighttpd"_s, u"h2o"_s, u"apache2"_s, u"caddy"_s }) {
            shootout::ShootoutCell cell;
            cell.server = server;
            cell.requestsPerSecond = 10000 + 1500 * ++i;
            cell.p99Ms = 1 + 0.3 * i;
            result.cells.append(cell);
        }
        results.append(result);
    }
    charts.setResults(results);
    QCOMPARE(charts.barSetCount(), 6);
    for (const bool dark : { true, false, true }) {
        switchTo(dark ? darkPalette() : m_light);
        screenshot(&charts, u"shootout-charts"_s, dark);
        const QStringList problems = chartProblemsUnder(&charts);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
}

void TestDarkPalette::routeMarkedWrong()
{
    ui::RoutesEditor editor;
    editor.setRoutes({ { u"/ok"_s, 200, u"text/plain"_s, "OK" }, { u"bad"_s, 200, u"text/plain"_s, "x" } });
    editor.resize(600, 200);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.markRow(1);
    QTableView *table = editor.table();
    for (const bool dark : { true, false }) {
        switchTo(dark ? darkPalette() : m_light);
        const QColor marked = table->model()->index(1, 0).data(Qt::BackgroundRole).value<QBrush>().color();
        const QColor base = table->palette().color(QPalette::Base);
        const QColor text = table->palette().color(QPalette::Text);
        // Tinted, a shade of the palette's base: the row's text reads on it.
        QVERIFY2(marked != base, qPrintable(marked.name()));
        QVERIFY2(contrast(marked, base) < 1.5, qPrintable(marked.name() + u" on "_s + base.name()));
        const double ratio = contrast(text, marked);
        QVERIFY2(ratio >= kText, qPrintable(u"%1 on %2: %3"_s.arg(text.name(), marked.name()).arg(ratio)));
        // The row left unmarked keeps the view's own colours.
        QCOMPARE(table->model()->index(0, 0).data(Qt::BackgroundRole).value<QBrush>().style(), Qt::NoBrush);
    }
}

void TestDarkPalette::everyPage()
{
    // Each tab of the window as it first shows, engine running, in both palettes.
    startEngine();
    auto *tabs = widget<QTabWidget>(u"mainTabs"_s);
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QWidget *page = tabs->widget(i);
        QTRY_VERIFY(page->isVisible());
        for (const bool dark : { true, false }) {
            switchTo(dark ? darkPalette() : m_light);
            const QStringList problems = labelProblems(m_window.get()) + chartProblemsUnder(page);
            QVERIFY2(problems.isEmpty(), qPrintable(page->objectName() + u":\n"_s + problems.join(u'\n')));
        }
    }
}

void TestDarkPalette::siteDialogErrors()
{
    // A site with errors in every general field, one a link ("Create it").
    ui::SiteDialog dialog(
        model::VirtualHost {}, m_folder->database().virtualHosts(), m_folder->path(), m_window.get());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.findChild<QLineEdit *>(u"siteHostName"_s)->setText(u"bad_name"_s);
    dialog.findChild<QLineEdit *>(u"siteAliases"_s)->setText(u"shop.test, also_bad"_s);
    dialog.findChild<QLineEdit *>(u"siteDocumentRoot"_s)->setText(m_dir->filePath(u"missing"_s));
    QVERIFY(!dialog.validate());
    QVERIFY(dialog.findChild<QLabel *>(u"siteDocumentRootError"_s)->text().contains(u"<a "_s));
    for (const bool dark : { true, false }) {
        switchTo(dark ? darkPalette() : m_light);
        screenshot(&dialog, u"site-dialog"_s, dark);
        const QStringList problems = labelProblems(&dialog);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }
}

QTEST_MAIN(TestDarkPalette)
#include "tst_darkpalette.moc"
