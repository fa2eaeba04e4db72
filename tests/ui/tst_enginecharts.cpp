// The engine's traffic in a real window (offscreen, the engine on 127.0.0.1
// port 0, two sites): the Server page's charts and per-site table after real
// requests over raw sockets, the span chooser, hidden charts left alone;
// the Benchmark page's engine side during a run of the window's own engine;
// the tray notification of a run that ends out of sight. The window has the
// smallest supported size, 1024x700. With HOSTBENCH_SCREENSHOTS=DIR it saves
// the Server and Benchmark pages after a run (Screenshots.h).
#include "../http/RawClient.h"
#include "Contrast.h"
#include "Screenshots.h"
#include "WindowTest.h"
#include "model/LatencyHistogram.h"
#include "storage/DataFolder.h"
#include "storage/SiteEdits.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/BenchmarkPage.h"
#include "ui/ChartLegend.h"
#include "ui/EngineCharts.h"
#include "ui/EngineController.h"
#include "ui/Format.h"
#include "ui/MainWindow.h"
#include "ui/TrayIcon.h"

#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QValueAxis>

#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;
using Span = ui::EngineHistory::Span;

namespace {
constexpr int kTimeoutMs = 30000; // generous: the suite runs on two busy cores
constexpr double kMiB = 1024.0 * 1024.0;
const QSize kSmallestWindow(1024, 700);

QByteArray get(const QByteArray &path, const QByteArray &host, const QByteArray &extra = {})
{
    return "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\n" + extra + "\r\n";
}
quint64 size(const RawClient::Reply &reply)
{
    return quint64(reply.head.size() + 4 + reply.body.size());
}
} // namespace

class TestEngineCharts final : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void chartsFollowRealRequests();
    void statusClassesHaveTheirOwnColours_data();
    void statusClassesHaveTheirOwnColours();
    void timeAxesShareTicks();
    void siteTableShowsEachSite();
    void countersKeepEachFigureWhole();
    void spanChooserSetsTimeAxis_data();
    void spanChooserSetsTimeAxis();
    void hiddenChartsAreNotRedrawn();
    void benchmarkShowsEngineSide();
    void runEndedOutOfSightIsNotified();

private:
    ui::EngineCharts *charts() const { return widget<ui::EngineCharts>(u"engineCharts"_s); }
    // The sum over the Minute span's points of a series' value times its step (s): what it counted.
    double counted(const QLineSeries *series, double scale = 1) const;
    int rowOf(const QString &site) const;
};

void TestEngineCharts::initTestCase()
{
    openFolder();
    // A second site, b.test, beside the default one (localhost).
    QVERIFY(QDir().mkpath(m_dir->filePath(u"b"_s)));
    QFile index(m_dir->filePath(u"b/index.html"_s));
    QVERIFY(index.open(QIODevice::WriteOnly));
    index.write("<p>b.test</p>\n");
    index.close();
    model::VirtualHost site;
    site.hostName = u"b.test"_s;
    site.documentRoot = m_dir->filePath(u"b"_s);
    QCOMPARE(storage::SiteEdits::create(m_folder->database(), site).result, model::SiteChange::Result::Done);

    openWindow(kSmallestWindow);
    m_window->startEngineAtLaunch();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);
    showTab(u"serverPage"_s);
}

void TestEngineCharts::cleanupTestCase()
{
    closeAll();
}

double TestEngineCharts::counted(const QLineSeries *series, double scale) const
{
    const QList<ui::EngineHistory::Point> &points = m_window->engine().history().points(Span::Minute);
    if (series->count() != points.size())
        return -1;
    double sum = 0;
    for (qsizetype i = 0; i < points.size(); ++i)
        sum += series->at(i).y() * scale * double(points.at(i).durationMs) / 1000.0;
    return sum;
}

int TestEngineCharts::rowOf(const QString &site) const
{
    auto *table = widget<QTableView>(u"metricsSites"_s);
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        if (table->model()->index(row, 0).data().toString() == site)
            return row;
    }
    return -1;
}

void TestEngineCharts::chartsFollowRealRequests()
{
    ui::EngineCharts *engineCharts = charts();
    QVERIFY(engineCharts);
    QVERIFY(engineCharts->isVisible());
    QCOMPARE(engineCharts->span(), Span::Minute);
    const quint16 port = m_window->engine().port();

    // 6 answers of localhost on one kept-alive connection, 3 of b.test each
    // on its own, 4 times 404 from b.test; one connection left open, idle.
    quint64 bytes = 0;
    {
        RawClient client(port);
        for (int i = 0; i < 6; ++i) {
            const RawClient::Reply reply = client.request(get("/", "localhost"));
            QCOMPARE(reply.status, 200);
            bytes += size(reply);
        }
        for (int i = 0; i < 4; ++i) {
            const RawClient::Reply reply = client.request(get("/missing", "b.test"));
            QCOMPARE(reply.status, 404);
            bytes += size(reply);
        }
    }
    for (int i = 0; i < 3; ++i) {
        RawClient client(port);
        const RawClient::Reply reply = client.request(get("/", "b.test", "Connection: close\r\n"));
        QCOMPARE(reply.status, 200);
        bytes += size(reply);
        QVERIFY(client.waitForClose());
    }
    RawClient idle(port);

    // The charts have counted every request, by status class, and every byte sent.
    QTRY_COMPARE_WITH_TIMEOUT(qRound(counted(engineCharts->requestsSeries())), 13, kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(
        qRound64(counted(engineCharts->bytesSeries(), kMiB)), qint64(bytes), kTimeoutMs);
    QCOMPARE(qRound(counted(engineCharts->statusSeries(0))), 9); // 2xx
    QCOMPARE(qRound(counted(engineCharts->statusSeries(1))), 9); // + 3xx: none
    QCOMPARE(qRound(counted(engineCharts->statusSeries(2))), 13); // + 4xx
    QCOMPARE(qRound(counted(engineCharts->statusSeries(3))), 13); // + 5xx: none
    // The service time of those requests, p50 at or under p99, both above zero somewhere.
    const QLineSeries *p50 = engineCharts->p50Series();
    const QLineSeries *p99 = engineCharts->p99Series();
    QCOMPARE(p50->count(), engineCharts->requestsSeries()->count());
    double highestP99 = 0;
    for (qsizetype i = 0; i < p99->count(); ++i) {
        QVERIFY(p50->at(i).y() <= p99->at(i).y());
        highestP99 = qMax(highestP99, p99->at(i).y());
    }
    QVERIFY(highestP99 > 0);
    QVERIFY(highestP99 < 1000 * 60); // ms: below a minute
    // Seconds before the newest point, which is at 0.
    QCOMPARE(engineCharts->requestsSeries()->at(engineCharts->requestsSeries()->count() - 1).x(), 0.0);
    // The idle connection alone stays open.
    QTRY_COMPARE_WITH_TIMEOUT(engineCharts->openSeries()->count() > 0
            ? engineCharts->openSeries()->at(engineCharts->openSeries()->count() - 1).y()
            : -1.0,
        1.0, kTimeoutMs);
}

void TestEngineCharts::statusClassesHaveTheirOwnColours_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestEngineCharts::statusClassesHaveTheirOwnColours()
{
    // "Requests/s by status" after the 200s and 404s above: each class a
    // band of a colour of its own, as seen on the chart's background (3:1,
    // WCAG 2.1's floor for graphics, in a light and a dark palette), and no
    // line over the stack in another colour (it hid the classes' edges).
    QFETCH(bool, dark);
    const QPalette light = QApplication::palette();
    if (dark)
        QApplication::setPalette(test::darkPalette());
    auto *view = widget<QChartView>(u"engineRateChart"_s);
    QVERIFY(view && view->isVisible());
    // The palette reaches the view as an event.
    QTRY_COMPARE(view->chart()->backgroundBrush().color(), QApplication::palette().color(QPalette::Base));
    const QColor back = view->chart()->backgroundBrush().color();
    QList<QColor> seen;
    QStringList names;
    for (QAbstractSeries *series : view->chart()->series()) {
        if (!series->isVisible())
            continue;
        auto *area = qobject_cast<QAreaSeries *>(series);
        QVERIFY2(area, qPrintable(u"a line over the stack: "_s + series->name()));
        // What a viewer sees: the fill over the background.
        const QColor fill = area->brush().color();
        const double a = fill.alphaF();
        const QColor shown = QColor::fromRgbF(float(fill.redF() * a + back.redF() * (1 - a)),
            float(fill.greenF() * a + back.greenF() * (1 - a)),
            float(fill.blueF() * a + back.blueF() * (1 - a)));
        QVERIFY2(test::contrast(shown, back) >= 3.0,
            qPrintable(u"%1: %2 on %3, %4:1"_s.arg(area->name(), shown.name(), back.name())
                           .arg(test::contrast(shown, back), 0, 'f', 2)));
        for (qsizetype i = 0; i < seen.size(); ++i) {
            // Told apart at a glance: distinct hues, not two shades of one.
            const double hueGap = std::abs(seen[i].hslHueF() - shown.hslHueF()) * 360;
            QVERIFY2(qMin(hueGap, 360 - hueGap) >= 25,
                qPrintable(u"%1 %2 and %3 %4"_s.arg(names[i], seen[i].name(), area->name(), shown.name())));
        }
        seen.append(shown);
        names.append(area->name());
    }
    QCOMPARE(names, QStringList({ u"2xx"_s, u"3xx"_s, u"4xx"_s, u"5xx"_s }));
    QApplication::setPalette(light);
}

void TestEngineCharts::timeAxesShareTicks()
{
    // The two rows of charts have one time axis: the same ticks on all
    // four at every width of the window (their plots differ by their value
    // labels: "50,000" requests/s beside "5.0" connections).
    for (int width = 1024; width <= 1600; width += 24) {
        m_window->resize(width, kSmallestWindow.height());
        QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QApplication::processEvents();
        for (int chart = 1; chart < 4; ++chart) {
            QVERIFY2(charts()->timeAxis(chart)->tickCount() == charts()->timeAxis(0)->tickCount(),
                qPrintable(u"%1 px: chart %2 has %3 ticks, chart 0 %4"_s.arg(width)
                               .arg(chart)
                               .arg(charts()->timeAxis(chart)->tickCount())
                               .arg(charts()->timeAxis(0)->tickCount())));
        }
    }
    m_window->resize(kSmallestWindow);
    QApplication::processEvents();
}

void TestEngineCharts::siteTableShowsEachSite()
{
    auto *table = widget<QTableView>(u"metricsSites"_s);
    QVERIFY(table && table->isVisible());
    QCOMPARE(table->model()->columnCount(), 5);
    QTRY_VERIFY(rowOf(u"localhost"_s) >= 0 && rowOf(u"b.test"_s) >= 0);
    // What the previous test sent, and only that.
    QTRY_COMPARE(table->model()->index(rowOf(u"localhost"_s), 1).data().toString(), ui::Format::count(6));
    QTRY_COMPARE(table->model()->index(rowOf(u"b.test"_s), 1).data().toString(), ui::Format::count(7));

    const auto row = [&](const QString &site, int column) {
        return table->model()->index(rowOf(site), column).data().toString();
    };
    // Errors: the 4xx and 5xx since the engine started, a count. Quiet now (no
    // request/s), b.test still shows its four 404s, not a dash (issue #20).
    QTRY_COMPARE_WITH_TIMEOUT(row(u"b.test"_s, 2), ui::Format::rate(0), kTimeoutMs);
    QCOMPARE(row(u"b.test"_s, 3), ui::Format::count(4));
    QCOMPARE(row(u"localhost"_s, 3), ui::Format::count(0));
    QVERIFY2(table->model()
                 ->headerData(3, Qt::Horizontal, Qt::ToolTipRole)
                 .toString()
                 .contains(u"since the engine started"_s),
        qPrintable(table->model()->headerData(3, Qt::Horizontal, Qt::ToolTipRole).toString()));

    // Three more 404s from b.test and 200s from localhost, until both rates show.
    const quint16 port = m_window->engine().port();
    RawClient client(port);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(client.request(get("/missing", "b.test")).status, 404);
    QElapsedTimer clock;
    clock.start();
    int more200 = 0;
    while (clock.elapsed() < kTimeoutMs
        && (row(u"b.test"_s, 2) == ui::Format::rate(0) || row(u"localhost"_s, 2) == ui::Format::rate(0))) {
        QCOMPARE(client.request(get("/", "b.test")).status, 200);
        QCOMPARE(client.request(get("/", "localhost")).status, 200);
        ++more200;
        QTest::qWait(20);
    }
    QTRY_COMPARE(row(u"b.test"_s, 1), ui::Format::count(7 + 3 + more200));
    QCOMPARE(row(u"b.test"_s, 3), ui::Format::count(7)); // seven 404s
    QCOMPARE(row(u"localhost"_s, 3), ui::Format::count(0));
    QVERIFY2(table->model()
                 ->index(rowOf(u"b.test"_s), 3)
                 .data(Qt::ToolTipRole)
                 .toString()
                 .contains(ui::Format::count(7)),
        qPrintable(table->model()->index(rowOf(u"b.test"_s), 3).data(Qt::ToolTipRole).toString()));
    for (const QString &site : { u"b.test"_s, u"localhost"_s }) {
        QVERIFY2(row(site, 2) != ui::Format::rate(0), qPrintable(row(site, 2))); // requests/s
        QVERIFY2(!row(site, 4).startsWith(ui::Format::bytes(0)), qPrintable(row(site, 4))); // bytes/s
    }

    // At the smallest window every column is whole, its header and its
    // values, without scrolling sideways.
    QCOMPARE(m_window->size(), kSmallestWindow);
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QHeaderView *header = table->horizontalHeader();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int column = 0; column < table->model()->columnCount(); ++column) {
        const QString title = table->model()->headerData(column, Qt::Horizontal).toString();
        const int needs = qMax(header->fontMetrics().horizontalAdvance(title) + 2 * margin,
            static_cast<QAbstractItemView *>(table)->sizeHintForColumn(column));
        QVERIFY2(header->sectionSize(column) >= needs,
            qPrintable(u"%1: %2 px, needs %3"_s.arg(title).arg(header->sectionSize(column)).arg(needs)));
    }
    QVERIFY2(header->length() <= table->viewport()->width(),
        qPrintable(u"columns %1 px in %2"_s.arg(header->length()).arg(table->viewport()->width())));
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    // The Errors column with b.test's seven 404s, for review (Screenshots.h).
    if (test::Screenshots::wanted())
        QVERIFY(test::Screenshots::save(m_window.get(), u"server-page-site-errors"_s));
}

void TestEngineCharts::countersKeepEachFigureWhole()
{
    // Issue #20, at 1024x700 in German: "Counters wrap over two or three
    // lines ('1 min / 40 s', '208.8 / MB')", and the site table shows 2 rows.
    // A line of figures may break between its figures (" / "), never inside
    // one: a number keeps its unit.
    showTab(u"serverPage"_s);
    for (const QString &name :
        { u"metricsUptime"_s, u"metricsRate"_s, u"metricsLatency"_s, u"metricsBytes"_s }) {
        auto *value = widget<QLabel>(name);
        QVERIFY(value);
        QTRY_VERIFY(value->text() != u"–"_s);
        for (const QString &figure : value->text().split(u" / "_s))
            QVERIFY2(!figure.contains(u' '), qPrintable(name + u": a break inside «"_s + figure + u'»'));
    }
    auto *table = widget<QTableView>(u"metricsSites"_s);
    const int rowHeight = table->verticalHeader()->defaultSectionSize();
    QVERIFY2(table->viewport()->height() >= 3 * rowHeight,
        qPrintable(u"%1 px for rows of %2 px at %3x%4"_s.arg(table->viewport()->height())
                       .arg(rowHeight)
                       .arg(m_window->width())
                       .arg(m_window->height())));
}

void TestEngineCharts::spanChooserSetsTimeAxis_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<Span>("span");
    QTest::addColumn<double>("min");
    QTest::addColumn<QString>("title");
    QTest::newRow("10 min") << 1 << Span::TenMinutes << -10.0 << u"Time (min)"_s;
    QTest::newRow("1 h") << 2 << Span::Hour << -60.0 << u"Time (min)"_s;
    QTest::newRow("60 s") << 0 << Span::Minute << -60.0 << u"Time (s)"_s;
}

void TestEngineCharts::spanChooserSetsTimeAxis()
{
    QFETCH(int, index);
    QFETCH(Span, span);
    QFETCH(double, min);
    QFETCH(QString, title);
    auto *chooser = widget<QComboBox>(u"engineChartsSpan"_s);
    QVERIFY(chooser);
    chooser->setCurrentIndex(index);
    QCOMPARE(charts()->span(), span);
    for (int chart = 0; chart < 4; ++chart) {
        QValueAxis *axis = charts()->timeAxis(chart);
        QCOMPARE(axis->min(), min);
        QCOMPARE(axis->max(), 0.0);
        QCOMPARE(axis->titleText(), title);
    }
    // The span's own points.
    QCOMPARE(charts()->requestsSeries()->count(), m_window->engine().history().points(span).size());
}

void TestEngineCharts::hiddenChartsAreNotRedrawn()
{
    ui::EngineCharts *engineCharts = charts();
    const ui::EngineHistory &history = m_window->engine().history();
    showTab(u"sitesPage"_s);
    QVERIFY(!engineCharts->isVisible());
    const int refreshes = engineCharts->refreshCount();
    const quint64 revision = history.revision(Span::Minute);
    QTRY_VERIFY_WITH_TIMEOUT(history.revision(Span::Minute) >= revision + 2, kTimeoutMs);
    QCOMPARE(engineCharts->refreshCount(), refreshes);
    // Shown again: one redraw catches up.
    showTab(u"serverPage"_s);
    QTRY_VERIFY(engineCharts->refreshCount() > refreshes);
    QCOMPARE(engineCharts->requestsSeries()->count(), history.points(Span::Minute).size());
}

void TestEngineCharts::benchmarkShowsEngineSide()
{
    showTab(u"benchmarkPage"_s);
    auto *page = widget<ui::BenchmarkPage>(u"benchmarkPage"_s);
    auto *benchCharts = widget<ui::BenchCharts>(u"benchCharts"_s);
    QVERIFY(page && benchCharts);
    QVERIFY(!benchCharts->engineShown());
    startRun(3);
    QVERIFY(page->watchesEngine());
    QVERIFY(benchCharts->engineShown());
    QVERIFY(benchCharts->engineThroughputSeries()->isVisible());
    // Live: the engine's first point comes in while the run goes on (the
    // first poll, 2.5 s before the run's end: a second point, asked for
    // before, came after the end of a 2 s run when CI's two cores were busy).
    QTRY_VERIFY_WITH_TIMEOUT(benchCharts->engineThroughputSeries()->count() >= 1, kTimeoutMs);
    QVERIFY(page->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), kTimeoutMs);

    // Both sides on one time axis, from 0 to the run's end.
    QLineSeries *engineRate = benchCharts->engineThroughputSeries();
    QLineSeries *serviceP50 = benchCharts->serviceP50Series();
    QLineSeries *gap = benchCharts->gapSeries();
    QCOMPARE(serviceP50->count(), engineRate->count());
    QCOMPARE(benchCharts->serviceP99Series()->count(), engineRate->count());
    QCOMPARE(gap->count(), engineRate->count());
    QVERIFY(engineRate->at(0).x() > 0);
    QVERIFY(engineRate->at(engineRate->count() - 1).x() <= 3.0 + 5.0);
    // The engine served what the client completed (requests the client
    // dropped unanswered at its end, up to one per connection, aside).
    const model::RunSummary &summary = page->lastSummary();
    QVERIFY(summary.completed > 0);
    double served = 0;
    double before = 0;
    for (qsizetype i = 0; i < engineRate->count(); ++i) {
        served += engineRate->at(i).y() * (engineRate->at(i).x() - before);
        before = engineRate->at(i).x();
    }
    // A last remainder under half the interval before it is drawn at the rate
    // over both (BenchCharts::drawnRate, no false spike): counted over both.
    if (const qsizetype n = engineRate->count(); n >= 3) {
        const QPointF last = engineRate->at(n - 1);
        const QPointF previous = engineRate->at(n - 2);
        const QPointF earlier = engineRate->at(n - 3);
        if ((last.x() - previous.x()) * 2 < previous.x() - earlier.x()) {
            served -= last.y() * (last.x() - previous.x()) + previous.y() * (previous.x() - earlier.x());
            served += last.y() * (last.x() - earlier.x());
        }
    }
    QVERIFY2(qRound64(served) + 4 >= qint64(summary.completed)
            && qRound64(served) <= qint64(summary.completed) + 4,
        qPrintable(u"engine %1, client %2"_s.arg(served).arg(summary.completed)));
    // The gap is the client's p50 of the same moment less the engine's.
    QLineSeries *clientP50 = benchCharts->p50Series();
    for (qsizetype i = 0; i < gap->count(); ++i) {
        const double client = gap->at(i).y() + serviceP50->at(i).y();
        bool found = client == 0; // before the client's first interval
        for (qsizetype j = 0; j < clientP50->count() && !found; ++j)
            found = std::abs(clientP50->at(j).y() - client) < 1e-9;
        QVERIFY2(found, qPrintable(u"point %1: %2 ms"_s.arg(i).arg(client)));
    }
    // And as figures: the whole run's service time and gap.
    QVERIFY(widget<QLabel>(u"benchLiveService"_s)->text() != u"–"_s);
    QVERIFY(widget<QLabel>(u"benchLiveGap"_s)->text().contains(u"ms"_s));

    // The throughput legend names the two lines, not the area under the client's.
    auto *rateLegend
        = benchCharts->findChild<QChartView *>(u"benchThroughputChart"_s)->findChild<ui::ChartLegend *>();
    QVERIFY(rateLegend && rateLegend->isVisible());
    QStringList named;
    for (const ui::ChartLegend::Entry &entry : rateLegend->entries())
        named.append(entry.label);
    QCOMPARE(named, QStringList({ u"Requests/s"_s, u"Engine requests/s"_s }));

    // At the smallest window no chart text is cut to "..." (the five
    // latency lines' names were, under the chart).
    QCOMPARE(m_window->size(), kSmallestWindow);
    for (QChartView *view : benchCharts->findChildren<QChartView *>()) {
        view->grab(); // lays out the legend and the axes
        for (const QGraphicsItem *item : view->scene()->items()) {
            const QString text = chartText(item);
            QVERIFY2(!item->isVisible() || !(text.contains(u"..."_s) || text.contains(u'…')),
                qPrintable(view->objectName() + u": "_s + text));
        }
    }

    // The run on both pages: the client's and the engine's charts side by
    // side, then the engine's own charts and sites.
    QVERIFY(test::Screenshots::save(m_window.get(), u"benchmark-page"_s));
    showTab(u"serverPage"_s);
    QVERIFY(test::Screenshots::save(m_window.get(), u"server-page"_s));
}

void TestEngineCharts::runEndedOutOfSightIsNotified()
{
    ui::TrayIcon *tray = m_window->trayIcon();
    tray->systemTrayIcon()->show(); // as on a desktop with a tray
    QSignalSpy notified(tray, &ui::TrayIcon::notified);
    auto *page = widget<ui::BenchmarkPage>(u"benchmarkPage"_s);

    // Seen on its page: no notification.
    showTab(u"benchmarkPage"_s);
    startRun(1);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), kTimeoutMs);
    QTest::qWait(300); // the writer's answer, had it been told
    QCOMPARE(notified.count(), 0);

    // Another page showing: told, with its requests/s and p99.
    startRun(1);
    showTab(u"sitesPage"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), kTimeoutMs);
    // Told once the run is stored: the writer's thread answers a moment later.
    QTRY_COMPARE(notified.count(), 1);
    QCOMPARE(notified.at(0).at(0).toString(), u"Benchmark finished"_s);
    const QString message = notified.at(0).at(1).toString();
    QVERIFY2(message.contains(ui::Format::rate(page->lastSummary().requestsPerSecond)), qPrintable(message));
    QVERIFY2(
        message.contains(ui::Format::milliseconds(page->lastSummary().latencyP99Ms)), qPrintable(message));
    QVERIFY2(message.contains(u"p99"_s), qPrintable(message));

    // The window hidden (in the tray), the Benchmark page current: told.
    showTab(u"benchmarkPage"_s);
    startRun(1);
    m_window->hide();
    QTRY_VERIFY_WITH_TIMEOUT(!page->isRunning(), kTimeoutMs);
    QTRY_COMPARE(notified.count(), 2);
    QVERIFY(
        notified.at(1).at(1).toString().contains(ui::Format::rate(page->lastSummary().requestsPerSecond)));
    m_window->show();
}

QTEST_MAIN(TestEngineCharts)
#include "tst_enginecharts.moc"
