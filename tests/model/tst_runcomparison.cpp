// model::RunComparison on constructed runs with known answers: identical
// runs, twice the rate, a slower p99, autocorrelated samples, too few
// samples; and the FACTOR*baseline thresholds of model::Threshold.
#include "model/RunComparison.h"
#include "model/Threshold.h"

#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using namespace hostbench::model;
using Verdict = RatioEstimate::Verdict;

namespace {

// `count` samples of 100 ms around `rate` requests/s with a deterministic
// jitter of ±`jitter` (a share), and latencies around `p99Us`.
RunComparison::Figures run(int count, double rate, double jitter, quint64 p99Us, quint64 seed = 1)
{
    RunComparison::Figures f;
    quint64 state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return double(state >> 11) * 0x1.0p-53; // [0, 1)
    };
    for (int i = 0; i < count; ++i) {
        BenchSample s;
        s.index = i;
        s.elapsedMs = (i + 1) * 100;
        s.completed = quint64(std::llround(rate / 10.0 * (1.0 + jitter * (2.0 * next() - 1.0))));
        s.p99Us = p99Us;
        f.samples.append(s);
        // Each interval's latencies: 98% near p99/4, 2% near p99 (so the p99 lies among them).
        const quint64 slow = std::max<quint64>(1, s.completed / 50);
        for (quint64 k = 0; k < s.completed - slow; ++k)
            f.histogram.record(p99Us / 4 + quint64(next() * double(p99Us) / 8));
        for (quint64 k = 0; k < slow; ++k)
            f.histogram.record(p99Us + quint64(next() * double(p99Us) / 10));
    }
    return f;
}

} // namespace

class TestRunComparison final : public QObject
{
    Q_OBJECT

private slots:
    void identicalRunsNoChange();
    void twiceTheRateIsFaster();
    void halfTheRateIsSlower();
    void slowerP99();
    void noisyEqualRunsNoChange();
    void reproducible();
    void tooFewSamples();
    void autocorrelationWidensTheInterval();
    void blockLength_data();
    void blockLength();
    void targetAndDifferences();
    void baselineThresholdsParse_data();
    void baselineThresholdsParse();
    void baselineThresholdsCheck();
};

void TestRunComparison::identicalRunsNoChange()
{
    const RunComparison::Figures a = run(100, 10'000, 0.05, 4000);
    const RunComparison c = RunComparison::compare(a, a);
    QCOMPARE(c.rps.verdict, Verdict::NoChange);
    QCOMPARE(c.rps.ratio, 1.0);
    QVERIFY(c.rps.low < 1.0 && c.rps.high > 1.0);
    QVERIFY2(c.rps.high - c.rps.low < 0.05, qPrintable(c.lines().join(u'\n')));
    QCOMPARE(c.p99.verdict, Verdict::NoChange);
    QCOMPARE(c.p99.ratio, 1.0);
    QVERIFY(c.p99.low <= 1.0 && c.p99.high >= 1.0);
    QVERIFY2(c.lines().at(0).startsWith(u"requests/s: no significant change, ×1.000 (95% interval ×0."_s),
        qPrintable(c.lines().at(0)));
}

void TestRunComparison::twiceTheRateIsFaster()
{
    const RunComparison c
        = RunComparison::compare(run(100, 10'000, 0.05, 4000, 1), run(100, 20'000, 0.05, 4000, 2));
    QCOMPARE(c.rps.verdict, Verdict::Faster);
    QVERIFY2(std::abs(c.rps.ratio - 2.0) < 0.02, qPrintable(QString::number(c.rps.ratio)));
    QVERIFY2(c.rps.low > 1.0 && c.rps.low < 2.0 && c.rps.high > 2.0, qPrintable(c.lines().join(u'\n')));
    QVERIFY(c.rps.low > 1.9 && c.rps.high < 2.1);
    QCOMPARE(c.p99.verdict, Verdict::NoChange);
    QVERIFY2(c.lines().at(0).startsWith(u"requests/s: faster, ×"_s), qPrintable(c.lines().at(0)));
}

void TestRunComparison::halfTheRateIsSlower()
{
    const RunComparison c
        = RunComparison::compare(run(100, 20'000, 0.05, 4000, 1), run(100, 10'000, 0.05, 4000, 2));
    QCOMPARE(c.rps.verdict, Verdict::Slower);
    QVERIFY(c.rps.high < 1.0);
}

void TestRunComparison::slowerP99()
{
    // A p99 1.5 times the baseline's is slower; lower is faster.
    RunComparison c
        = RunComparison::compare(run(100, 10'000, 0.05, 4000, 1), run(100, 10'000, 0.05, 6000, 2));
    QCOMPARE(c.p99.verdict, Verdict::Slower);
    QVERIFY2(c.p99.low > 1.0 && c.p99.ratio > 1.4 && c.p99.ratio < 1.6, qPrintable(c.lines().join(u'\n')));
    QCOMPARE(c.rps.verdict, Verdict::NoChange);
    c = RunComparison::compare(run(100, 10'000, 0.05, 6000, 1), run(100, 10'000, 0.05, 4000, 2));
    QCOMPARE(c.p99.verdict, Verdict::Faster);
    QVERIFY(c.p99.high < 1.0);
}

void TestRunComparison::noisyEqualRunsNoChange()
{
    // Two runs of the same server, different noise: the interval holds 1.
    const RunComparison c
        = RunComparison::compare(run(200, 10'000, 0.3, 4000, 3), run(200, 10'000, 0.3, 4000, 4));
    QCOMPARE(c.rps.verdict, Verdict::NoChange);
    QVERIFY(c.rps.low < 1.0 && c.rps.high > 1.0);
}

void TestRunComparison::reproducible()
{
    const RunComparison::Figures a = run(80, 10'000, 0.2, 4000, 5);
    const RunComparison::Figures b = run(80, 10'500, 0.2, 4100, 6);
    const RunComparison first = RunComparison::compare(a, b);
    const RunComparison second = RunComparison::compare(a, b);
    QCOMPARE(first.rps.low, second.rps.low);
    QCOMPARE(first.rps.high, second.rps.high);
    QCOMPARE(first.p99.low, second.p99.low);
    QCOMPARE(first.lines(), second.lines());
    // Another seed gives another interval: the seed is what fixes it.
    RunComparison::Options options;
    options.seed = 29;
    const RunComparison other = RunComparison::compare(a, b, options);
    QVERIFY(other.rps.low != first.rps.low);
}

void TestRunComparison::tooFewSamples()
{
    const RunComparison c = RunComparison::compare(run(100, 10'000, 0.05, 4000), run(5, 10'000, 0.05, 4000));
    QCOMPARE(c.rps.verdict, Verdict::Unknown);
    QVERIFY2(c.rps.reason.contains(u"too few 100 ms samples (5; at least 10)"_s), qPrintable(c.rps.reason));
    QVERIFY2(c.lines().at(0).startsWith(u"requests/s: cannot tell, too few"_s), qPrintable(c.lines().at(0)));
    // An empty histogram (a run stored without one): no p99 verdict.
    RunComparison::Figures bare = run(100, 10'000, 0.05, 4000);
    bare.histogram.reset();
    QCOMPARE(RunComparison::compare(bare, run(100, 10'000, 0.05, 4000)).p99.verdict, Verdict::Unknown);
}

void TestRunComparison::autocorrelationWidensTheInterval()
{
    // The same rates, once shuffled (independent) and once as slow waves:
    // blocks keep the waves, so the interval is wider for them.
    RunComparison::Figures waves = run(300, 10'000, 0, 4000);
    for (int i = 0; i < waves.samples.size(); ++i)
        waves.samples[i].completed = quint64(1000 + 400 * std::sin(double(i) / 8.0));
    RunComparison::Figures shuffled = waves;
    // A fixed permutation: i -> 7i mod 300 (7 and 300 are coprime).
    for (int i = 0; i < shuffled.samples.size(); ++i)
        shuffled.samples[i].completed = waves.samples[(7 * i) % 300].completed;
    QVERIFY(RunComparison::blockLength([&] {
        QList<double> rates;
        for (const BenchSample &s : waves.samples)
            rates.append(s.requestsPerSecond());
        return rates;
    }()) > 7);
    const RunComparison wide = RunComparison::compare(waves, waves);
    const RunComparison narrow = RunComparison::compare(shuffled, shuffled);
    QVERIFY2(wide.rps.high - wide.rps.low > 1.5 * (narrow.rps.high - narrow.rps.low),
        qPrintable(wide.lines().at(0) + u'\n' + narrow.lines().at(0)));
    QCOMPARE(wide.rps.verdict, Verdict::NoChange);
}

void TestRunComparison::blockLength_data()
{
    QTest::addColumn<QList<double>>("series");
    QTest::addColumn<int>("least");
    QTest::addColumn<int>("most");
    QTest::newRow("short") << QList<double> { 1, 2 } << 1 << 1;
    QList<double> constant(1000, 5.0);
    QTest::newRow("constant: n^(1/3)") << constant << 10 << 10;
    QList<double> trend;
    for (int i = 0; i < 90; ++i)
        trend.append(double(i));
    QTest::newRow("trend: at most n/3") << trend << 30 << 30;
}

void TestRunComparison::blockLength()
{
    QFETCH(QList<double>, series);
    QFETCH(int, least);
    QFETCH(int, most);
    const int b = RunComparison::blockLength(series);
    QVERIFY2(b >= least && b <= most, qPrintable(QString::number(b)));
}

void TestRunComparison::targetAndDifferences()
{
    BenchParameters a;
    a.url = u"http://127.0.0.1:8080/"_s;
    a.concurrency = 10;
    QCOMPARE(runTarget(a), u"GET http://127.0.0.1:8080/"_s);
    BenchParameters b = a;
    b.method = "POST";
    QCOMPARE(runTarget(b), u"POST http://127.0.0.1:8080/"_s);
    QVERIFY(runDifferences(a, a).isEmpty());
    b = a;
    b.concurrency = 20;
    b.keepAlive = true;
    QCOMPARE(runDifferences(a, b),
        (QStringList { u"-c: baseline 10, this run 20"_s, u"-k: baseline off, this run on"_s }));
}

void TestRunComparison::baselineThresholdsParse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("factor");
    QTest::addColumn<QString>("error");
    QTest::newRow("rps") << u"rps>=0.95*baseline"_s << true << 0.95 << QString();
    QTest::newRow("blanks") << u"p99 <= 1.1 * Baseline"_s << true << 1.1 << QString();
    QTest::newRow("alone") << u"mean<baseline"_s << true << 1.0 << QString();
    QTest::newRow("a unit") << u"p99<=1.1ms*baseline"_s << false << 0.0
                            << u"a baseline's factor is a plain number, not \"1.1ms\" at character 9"_s;
    QTest::newRow("not baseline") << u"rps>=0.9*base"_s << false << 0.0
                                  << u"baseline is expected after * at character 10"_s;
    QTest::newRow("errors") << u"errors<2*baseline"_s << false << 0.0
                            << u"errors cannot be compared with a baseline; rps and the latencies"_s;
}

void TestRunComparison::baselineThresholdsParse()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(double, factor);
    QFETCH(QString, error);
    QString why;
    const std::optional<Threshold> t = Threshold::parse(text, &why);
    QCOMPARE(t.has_value(), valid);
    if (valid) {
        QVERIFY(t->baseline);
        QCOMPARE(t->value, factor);
    } else {
        QVERIFY2(why.contains(error), qPrintable(why));
        QVERIFY2(
            why.contains(u"rps>=0.95*baseline"_s) || why.contains(u"p99<=1.1*baseline"_s), qPrintable(why));
    }
    // The plain form is no baseline one.
    QVERIFY(!Threshold::parse(u"rps>=1000"_s, &why)->baseline);
}

void TestRunComparison::baselineThresholdsCheck()
{
    RunSummary base;
    base.requestsPerSecond = 10'000;
    LatencyHistogram baseHistogram;
    baseHistogram.record(1000, 100);
    ThresholdBaseline baseline { 7, base, baseHistogram };
    RunSummary now = base;
    now.requestsPerSecond = 9'000; // 0.9 of the baseline
    LatencyHistogram nowHistogram;
    nowHistogram.record(1050, 100); // p99 1.05 of the baseline's
    const auto parsed = [](const QString &text) {
        QString error;
        return *Threshold::parse(text, &error);
    };
    ThresholdVerdict v = ThresholdVerdict::check(
        { parsed(u"rps>=0.95*baseline"_s), parsed(u"p99<=1.1*baseline"_s) }, now, nowHistogram, &baseline);
    QVERIFY(!v.passed);
    QCOMPARE(v.results.at(0).passed, false);
    QVERIFY(std::abs(v.results.at(0).measured - 0.9) < 1e-9);
    QCOMPARE(v.lines.at(0), u"rps>=0.95*baseline: 0.900 × baseline (>= 0.95 × baseline), FAIL"_s);
    QCOMPARE(v.results.at(1).passed, true);
    QVERIFY(v.lines.at(1).endsWith(u", pass"_s));
    // Without a baseline (a stored run read again): not checked, not failed.
    v = ThresholdVerdict::check(QStringList { u"rps>=0.95*baseline"_s, u"rps>0"_s }, now, nowHistogram);
    QVERIFY(v.passed);
    QCOMPARE(v.results.at(0).checked, false);
    QVERIFY2(v.lines.at(0).contains(u"not checked"_s), qPrintable(v.lines.at(0)));
    // A baseline whose figure is 0: fails, saying so.
    baseline.summary.requestsPerSecond = 0;
    v = ThresholdVerdict::check({ parsed(u"rps>=0.95*baseline"_s) }, now, nowHistogram, &baseline);
    QVERIFY(!v.passed);
    QVERIFY2(v.lines.at(0).contains(u"no baseline figure"_s), qPrintable(v.lines.at(0)));
}

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
