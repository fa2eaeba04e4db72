// model::CapacitySearch: bench --find-capacity's decisions (the rates it
// tries against a pass/fail rule, where it stops, the capacity it gives),
// a step's verdict from its figures, the SLOs refused, the stored JSON.
#include "model/CapacitySearch.h"

#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::CapacityResult;
using hostbench::model::CapacitySearch;
using hostbench::model::CapacityStep;
using hostbench::model::LatencyHistogram;
using hostbench::model::RunSummary;
using hostbench::model::Threshold;

namespace {

// The rates the search tries against a server that passes every rate up to `capacity`.
QList<double> search(CapacitySearch &s, double capacity)
{
    QList<double> rates;
    while (const std::optional<double> rate = s.nextRate()) {
        rates.append(*rate);
        s.record(*rate <= capacity);
        if (rates.size() > 100)
            break;
    }
    return rates;
}

// A judged part: `requests` answered 200 in `seconds`, each taking `latencyUs`.
RunSummary summaryOf(quint64 requests, double seconds, quint64 non2xx = 0)
{
    RunSummary s;
    s.completed = requests;
    s.timeTakenSec = seconds;
    s.requestsPerSecond = double(requests) / seconds;
    s.statusCounts[200] = requests - non2xx;
    if (non2xx)
        s.statusCounts[503] = non2xx;
    s.non2xx = non2xx;
    return s;
}

LatencyHistogram histogramOf(quint64 requests, quint64 latencyUs)
{
    LatencyHistogram h;
    for (quint64 i = 0; i < requests; ++i)
        h.record(latencyUs);
    return h;
}

QList<Threshold> slos(const QStringList &texts)
{
    QList<Threshold> list;
    for (const QString &text : texts) {
        QString error;
        const std::optional<Threshold> slo = CapacitySearch::parseSlo(text, &error);
        if (slo)
            list.append(*slo);
    }
    return list;
}

} // namespace

class TestCapacitySearch final : public QObject
{
    Q_OBJECT

private slots:
    void sequence()
    {
        // Doubling from 100 until 400 fails, then the midpoints until the
        // failing rate is within 5% of the passing one.
        CapacitySearch s(100, 0.05, 1e8);
        QCOMPARE(search(s, 300), (QList<double> { 100, 200, 400, 300, 350, 325, 312.5 }));
        QCOMPARE(s.capacity(), 300.0);
        QVERIFY(!s.firstStepFailed());
        QVERIFY(!s.reachedMaxRate());
        QCOMPARE(s.steps(), 7);
    }

    void landsWithinPrecision_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("precision");
        QTest::addColumn<double>("capacity");
        QTest::newRow("100 to 250, 5%") << 100.0 << 0.05 << 250.0;
        QTest::newRow("100 to 1234, 5%") << 100.0 << 0.05 << 1234.0;
        QTest::newRow("50 to 77777, 1%") << 50.0 << 0.01 << 77777.0;
        QTest::newRow("start at the capacity") << 300.0 << 0.05 << 300.0;
        QTest::newRow("100 to 101, 20%") << 100.0 << 0.2 << 101.0;
    }
    void landsWithinPrecision()
    {
        QFETCH(double, start);
        QFETCH(double, precision);
        QFETCH(double, capacity);
        CapacitySearch s(start, precision, 1e8);
        const QList<double> rates = search(s, capacity);
        QVERIFY(s.capacity() <= capacity);
        // The lowest failing rate tried is within the precision of the capacity found.
        double lowestFail = 1e300;
        for (double rate : rates) {
            if (rate > capacity)
                lowestFail = std::min(lowestFail, rate);
        }
        QVERIFY2(lowestFail - s.capacity() <= precision * s.capacity() + 1e-9,
            qPrintable(u"%1 .. %2"_s.arg(s.capacity()).arg(lowestFail)));
        QVERIFY(capacity - s.capacity() <= precision * s.capacity() + 1e-9);
        QVERIFY(s.steps() < CapacitySearch::kMaxSteps);
    }

    void firstStepFails()
    {
        CapacitySearch s(500, 0.05, 1e8);
        QCOMPARE(search(s, 300), QList<double> { 500 });
        QVERIFY(s.firstStepFailed());
        QCOMPARE(s.capacity(), 0.0);
        QVERIFY(!s.nextRate());
    }

    void stopsAtTheMaximumRate()
    {
        CapacitySearch s(100, 0.05, 350);
        QCOMPARE(search(s, 1e9), (QList<double> { 100, 200, 350 }));
        QCOMPARE(s.capacity(), 350.0);
        QVERIFY(s.reachedMaxRate());
    }

    void stopsAfterMaxSteps()
    {
        // A precision no bisection reaches: the step count bounds the search.
        CapacitySearch s(1, 1e-300, 1e300);
        QCOMPARE(search(s, 1000.5).size(), CapacitySearch::kMaxSteps);
        QVERIFY(!s.nextRate());
    }

    void judgePasses()
    {
        const CapacityStep step = CapacitySearch::judge(
            300, slos({ u"p99<10ms"_s, u"errors<1%"_s }), summaryOf(900, 3.0), histogramOf(900, 2000));
        QVERIFY(step.passed);
        QCOMPARE(step.rate, 300.0);
        QCOMPARE(step.achieved, 300.0);
        QCOMPARE(step.requests, quint64(900));
        QCOMPARE(step.errors, quint64(0));
        QVERIFY(qAbs(step.p99Ms - 2.0) < 0.05);
        QVERIFY(step.failedSlo.isEmpty());
    }

    void judgeNamesTheFirstFailingSlo()
    {
        const CapacityStep step
            = CapacitySearch::judge(300, slos({ u"errors<1%"_s, u"p99<10ms"_s, u"non2xx==0"_s }),
                summaryOf(900, 3.0, 30), histogramOf(900, 20000));
        QVERIFY(!step.passed);
        QCOMPARE(step.failedSlo, u"errors<1%"_s);
        QCOMPARE(step.errors, quint64(30));
        QVERIFY2(step.failedFigure.startsWith(u"errors<1%: "_s), qPrintable(step.failedFigure));
        QVERIFY(!step.failedFigure.endsWith(u"FAIL"_s));
    }

    void judgeLeavesUnfinishedOut()
    {
        // Requests under way when the step ends are no errors (every open-model step has some).
        RunSummary s = summaryOf(900, 3.0);
        s.unfinished = 5;
        QVERIFY(CapacitySearch::judge(300, slos({ u"errors==0"_s }), s, histogramOf(900, 2000)).passed);
    }

    void judgeNeedsTheRateAsked()
    {
        // The implicit SLO: a step that completes less than 95% of its rate fails.
        const CapacityStep step = CapacitySearch::judge(
            300, slos({ u"p99<10ms"_s }), summaryOf(840, 3.0), histogramOf(840, 2000));
        QVERIFY(!step.passed);
        QCOMPARE(step.failedSlo, u"rps>=285.0"_s);
        QVERIFY2(step.failedFigure.contains(u"280.0 requests/s"_s), qPrintable(step.failedFigure));
        QVERIFY(
            CapacitySearch::judge(300, slos({ u"p99<10ms"_s }), summaryOf(860, 3.0), histogramOf(860, 2000))
                .passed);
    }

    void judgeNeedsARequest()
    {
        // No request ended in the judged part: an empty histogram would pass any latency SLO.
        const CapacityStep step = CapacitySearch::judge(300, slos({ u"p99<10ms"_s }), summaryOf(0, 3.0), {});
        QVERIFY(!step.passed);
        QCOMPARE(step.failedFigure, u"rps>=285.0: no request of the judged part ended"_s);
    }

    void refusedSlos_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("baseline") << u"p99<=1.1*baseline"_s << u"baseline"_s;
        QTest::newRow("unfinished") << u"unfinished==0"_s << u"unfinished is no per-step figure"_s;
        QTest::newRow("unknown metric") << u"p99x<1ms"_s << u"p50, p90"_s;
        QTest::newRow("no operator") << u"p99"_s << u"the form is"_s;
    }
    void refusedSlos()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!CapacitySearch::parseSlo(text, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void jsonRoundTrip()
    {
        CapacityResult result;
        result.slo = QStringList { u"p99<10ms"_s, u"errors<0.1%"_s };
        result.capacity = 312.5;
        result.steps = { { 312.5, 311.9, 3.3, 4.1, 936, 0, true, {}, {} },
            { 325, 318.2, 40.5, 88.1, 975, 2, false, u"p99<10ms"_s, u"p99<10ms: 88.100 ms (< 10 ms)"_s } };
        QCOMPARE(CapacitySearch::fromJson(CapacitySearch::toJson(result)), result);
        QVERIFY(CapacitySearch::fromJson({}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCapacitySearch)
#include "tst_capacitysearch.moc"
