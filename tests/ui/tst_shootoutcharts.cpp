// The Shootout page's charts drawn again for another shootout: only the
// new value axis's tick labels are on the chart, not those of the one
// before (the 0..1 axis of "nothing shown" stayed drawn under a shootout's
// 0..100,000 one: "1.00" over "100,000" in the page's screenshots).
#include "ui/ShootoutCharts.h"

#include "Screenshots.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {

shootout::ShootoutWorkloadResult result(const QString &workload, double nginx, double lighttpd)
{
    shootout::ShootoutWorkloadResult r;
    r.workload = workload;
    for (const auto &[server, rps] :
        { std::pair { u"nginx"_s, nginx }, std::pair { u"lighttpd"_s, lighttpd } }) {
        shootout::ShootoutCell cell;
        cell.server = server;
        cell.requestsPerSecond = rps;
        cell.p99Ms = 2.4;
        r.cells.append(cell);
    }
    return r;
}

// The texts drawn in `view`'s scene that are visible.
QStringList visibleTexts(QChartView *view)
{
    QStringList texts;
    for (QGraphicsItem *item : view->scene()->items()) {
        if (!item->isVisible())
            continue;
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item))
            texts.append(text->toPlainText());
        else if (auto *simple = dynamic_cast<QGraphicsSimpleTextItem *>(item))
            texts.append(simple->text());
    }
    return texts;
}

} // namespace

class TestShootoutCharts final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void oneValueAxisAfterAnother_data();
    void oneValueAxisAfterAnother();
};

void TestShootoutCharts::oneValueAxisAfterAnother_data()
{
    QTest::addColumn<int>("fills"); // how often the shootout is shown after "nothing"
    QTest::newRow("once") << 1;
    QTest::newRow("three times") << 3;
}

void TestShootoutCharts::oneValueAxisAfterAnother()
{
    QFETCH(int, fills);
    ui::ShootoutCharts charts;
    charts.resize(900, 300);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.setResults({}); // nothing shown, as the page starts
    QApplication::processEvents();
    for (int i = 0; i < fills; ++i) {
        charts.setResults({ result(u"W1"_s, 82'400, 67'600), result(u"W6"_s, 82'400, 67'600) });
        QApplication::processEvents();
    }
    auto *view = charts.findChild<QChartView *>(u"shootoutRequestsChart"_s);
    QVERIFY(view);
    QCOMPARE(charts.barSetCount(), 2);
    QCOMPARE(view->chart()->axes(Qt::Vertical).size(), 1);
    QCOMPARE(view->chart()->axes(Qt::Horizontal).size(), 1);
    const QStringList texts = visibleTexts(view);
    QVERIFY2(texts.contains(u"80,000"_s), qPrintable(texts.join(u" | "_s)));
    // None of the empty chart's 0.00 .. 1.00 labels is left.
    for (const QString &stale : { u"0.20"_s, u"0.80"_s, u"1.00"_s })
        QVERIFY2(!texts.contains(stale), qPrintable(texts.join(u" | "_s)));
    QVERIFY(test::Screenshots::save(&charts, u"shootout-charts-after-empty-%1"_s.arg(fills)));
}

QTEST_MAIN(TestShootoutCharts)
#include "tst_shootoutcharts.moc"
