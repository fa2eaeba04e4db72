// bench::RateSchedule: the open model's intended send times, constant
// (wrk2's k / rate) and ramped stage by stage (k6's ramping-arrival-rate),
// and the count of the send times between two instants that the not-sent
// figure comes from. Each against the plan's closed form.
#include "bench/RateSchedule.h"

#include <QTest>

#include <cmath>

using namespace Qt::StringLiterals;
using hostbench::bench::Clock;
using hostbench::bench::RateSchedule;
using hostbench::model::BenchParameters;

namespace {

double seconds(const std::optional<Clock::time_point> &t, Clock::time_point start)
{
    return t ? std::chrono::duration<double>(*t - start).count() : -1;
}

} // namespace

class TestRateSchedule final : public QObject
{
    Q_OBJECT

private slots:
    void closedModelHasNone();
    void constantRate();
    void rampFollowsThePlan();
    void warmupAtTheStartRate();
    void countsSendTimesBetween();
};

void TestRateSchedule::closedModelHasNone()
{
    QVERIFY(RateSchedule(BenchParameters()).isEmpty());
}

void TestRateSchedule::constantRate()
{
    BenchParameters p;
    p.rate = 400;
    const RateSchedule schedule(p);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    for (quint64 k : { 0, 1, 7, 400, 123'457 })
        QVERIFY(std::abs(seconds(schedule.intended(k, start, &hint), start) - double(k) / 400) < 1e-6);
    QCOMPARE(schedule.requestsUpTo(2.5), 1000.0);
}

void TestRateSchedule::rampFollowsThePlan()
{
    // 0 to 1000/s over 2 s, held for 1 s, down to 0 over 1 s: N(t) = 250 t² for
    // the first 2 s (1000 requests), then 1000 more, then 500.
    BenchParameters p;
    p.stages = { { 2000, 1000 }, { 1000, 1000 }, { 1000, 0 } };
    const RateSchedule schedule(p);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    double last = -1;
    for (quint64 k = 0; k < 2500; ++k) {
        const double t = seconds(schedule.intended(k, start, &hint), start);
        QVERIFY2(t >= last, qPrintable(u"k=%1: %2 before %3"_s.arg(k).arg(t).arg(last)));
        double expected = 0;
        if (k <= 1000)
            expected = std::sqrt(double(k) / 250);
        else if (k <= 2000)
            expected = 2 + double(k - 1000) / 1000;
        else // 2000 + 1000 u - 500 u² = k on the way down
            expected = 3 + (1000 - std::sqrt(1000.0 * 1000 - 2000.0 * double(k - 2000))) / 1000;
        QVERIFY2(std::abs(t - expected) < 1e-6,
            qPrintable(u"k=%1: %2 s, planned %3 s"_s.arg(k).arg(t, 0, 'f', 9).arg(expected, 0, 'f', 9)));
        last = t;
    }
    // The plan has 2500 requests: none after them.
    QVERIFY(!schedule.intended(2500, start, &hint));
    QVERIFY(!schedule.intended(100'000, start, &hint));
    QCOMPARE(schedule.requestsUpTo(1), 250.0);
    QCOMPARE(schedule.requestsUpTo(2.5), 1500.0);
    QCOMPARE(schedule.requestsUpTo(10), 2500.0);
    // A hint from later in the run is no harm.
    hint = 2;
    QVERIFY(std::abs(seconds(schedule.intended(250, start, &hint), start) - 1.0) < 1e-6);
}

void TestRateSchedule::warmupAtTheStartRate()
{
    // A warm-up of 1 s at --rate 100 comes before the stages (100 requests), then a ramp 100 -> 300 over 1 s.
    BenchParameters p;
    p.rate = 100;
    p.warmupMs = 1000;
    p.stages = { { 1000, 300 } };
    const RateSchedule schedule(p);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    QVERIFY(std::abs(seconds(schedule.intended(50, start, &hint), start) - 0.5) < 1e-9);
    // N(1 + u) = 100 + 100 u + 100 u²: u = 0.5 at k = 175.
    QVERIFY(std::abs(seconds(schedule.intended(175, start, &hint), start) - 1.5) < 1e-9);
    QVERIFY(!schedule.intended(300, start, &hint)); // 100 + 200 in all
}

void TestRateSchedule::countsSendTimesBetween()
{
    BenchParameters p;
    p.stages = { { 2000, 1000 }, { 1000, 1000 }, { 1000, 0 } };
    const RateSchedule schedule(p);
    const Clock::time_point start = Clock::now();
    // Brute force: connection `first` of `step` sends first, first + step, ...
    for (const auto &[first, step, from, to] :
        { std::tuple { 0ULL, 1ULL, 0.0, 4.0 }, { 3ULL, 8ULL, 0.5, 2.7 }, { 1ULL, 3ULL, 2.0, 2.0 },
            { 5ULL, 4ULL, 3.9, 10.0 }, { 2ULL, 7ULL, 2.5, 1.0 } }) {
        quint64 expected = 0;
        size_t hint = 0;
        for (quint64 k = first;; k += step) {
            const auto t = schedule.intended(k, start, &hint);
            if (!t)
                break;
            const double s = std::chrono::duration<double>(*t - start).count();
            expected += s >= from && s <= to;
        }
        QCOMPARE(schedule.countBetween(first, step, from, to), expected);
    }
    BenchParameters constant;
    constant.rate = 1000;
    // 1 to 2 s at 1000/s: k = 1000 .. 2000, each fourth from 2: 1002, 1006, ... 1998.
    QCOMPARE(RateSchedule(constant).countBetween(2, 4, 1.0, 2.0), quint64(250));
}

QTEST_GUILESS_MAIN(TestRateSchedule)
#include "tst_rateschedule.moc"
