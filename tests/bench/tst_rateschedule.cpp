// bench::RateSchedule: the open model's intended send times, constant
// (wrk2's k / rate) and ramped stage by stage (k6's ramping-arrival-rate),
// and the count of the send times between two instants that the not-sent
// figure comes from. Each against the plan's closed form; and the schedules
// of a run paused, resumed or given a new rate (RateControl, issue #28).
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
    void pauseAndResume();
    void stagesResumeOnTheirClock();
    void newRateReplacesThePlan();
    void newRateWhilePaused();
    void countsAcrossAPause();
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

void TestRateSchedule::pauseAndResume()
{
    // 100/s, paused at 1 s and resumed at 3 s: the first 100 requests as
    // before, none intended in between, request 100 at 3 s, then 100/s again.
    BenchParameters p;
    p.rate = 100;
    const RateSchedule running(p);
    const RateSchedule paused = running.pausedAt(1.0);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    QCOMPARE(paused.epoch(), quint64(1));
    QVERIFY(paused.isPaused());
    QCOMPARE(paused.firstAfterPause(), quint64(100));
    QCOMPARE(paused.lastPauseBegin(), 1.0);
    for (quint64 k : { 0, 1, 50, 99 })
        QVERIFY(std::abs(seconds(paused.intended(k, start, &hint), start) - double(k) / 100) < 1e-9);
    QVERIFY(!paused.intended(100, start, &hint));
    QCOMPARE(paused.rateAt(2.0), 0.0);
    QCOMPARE(paused.requestsUpTo(2.5), 100.0);
    QCOMPARE(paused.pausedAt(1.5).epoch(), paused.epoch()); // paused already: the same schedule

    const RateSchedule resumed = paused.resumedAt(3.0);
    QCOMPARE(resumed.epoch(), quint64(2));
    QVERIFY(!resumed.isPaused());
    QCOMPARE(resumed.resumedAt(3.5).epoch(), resumed.epoch());
    for (quint64 k : { 0, 99 })
        QVERIFY(std::abs(seconds(resumed.intended(k, start, &hint), start) - double(k) / 100) < 1e-9);
    QVERIFY(std::abs(seconds(resumed.intended(100, start, &hint), start) - 3.0) < 1e-9);
    QVERIFY(std::abs(seconds(resumed.intended(150, start, &hint), start) - 3.5) < 1e-9);
    QCOMPARE(resumed.rateAt(2.0), 0.0);
    QCOMPARE(resumed.rateAt(3.25), 100.0);
    QVERIFY(std::abs(resumed.requestsUpTo(4.0) - 200) < 1e-9);
    QCOMPARE(resumed.pausedSeconds(0.5, 3.5), 2.0);
    QCOMPARE(resumed.pausedSeconds(2.0, 2.1), 2.1 - 2.0);
    QCOMPARE(resumed.pausedSeconds(3.0, 4.0), 0.0);
    QCOMPARE(resumed.firstAfterPause(), quint64(100)); // kept: a request due before the pause stays unsent

    // A second pause: N(3.7) = 170 requests intended before it.
    const RateSchedule again = resumed.pausedAt(3.7);
    QCOMPARE(again.firstAfterPause(), quint64(170));
    QCOMPARE(again.lastPauseBegin(), 3.7);
    QVERIFY(std::abs(again.pausedSeconds(0, 10) - 2.0 - 6.3) < 1e-9);
}

void TestRateSchedule::stagesResumeOnTheirClock()
{
    // 0 to 1000/s over 2 s (N = 250 t²), paused at 1 s (250 requests) and
    // resumed at 1.5 s: the ramp goes on at 750/s, what it planned for the
    // pause left out: N(t) = 250 + 250 (t² - 1.5²) after the resume.
    BenchParameters p;
    p.stages = { { 2000, 1000 } };
    const RateSchedule resumed = RateSchedule(p).pausedAt(1.0).resumedAt(1.5);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    QVERIFY(std::abs(seconds(resumed.intended(250, start, &hint), start) - 1.5) < 1e-9);
    QCOMPARE(resumed.rateAt(1.5), 750.0);
    QVERIFY(std::abs(resumed.requestsUpTo(2.0) - (250 + 250 * (4 - 2.25))) < 1e-9);
    const double t = 1.8;
    const quint64 k = 250 + quint64(std::floor(250 * (t * t - 2.25)));
    const double expected = std::sqrt(2.25 + double(k - 250) / 250);
    QVERIFY(std::abs(seconds(resumed.intended(k, start, &hint), start) - expected) < 1e-9);
    // The plan ends at 2 s, as it was to: 687.5 requests in all.
    QVERIFY(!resumed.intended(688, start, &hint));
    QCOMPARE(resumed.rateAt(2.5), 0.0);
}

void TestRateSchedule::newRateReplacesThePlan()
{
    // A ramp 0 to 1000/s over 10 s (N = 50 t²), 50/s from 2 s on (200 requests by then), for ever.
    BenchParameters p;
    p.stages = { { 10000, 1000 } };
    const RateSchedule plan(p);
    const RateSchedule changed = plan.withRate(2.0, 50);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    QCOMPARE(changed.epoch(), quint64(1));
    QVERIFY(std::abs(seconds(changed.intended(100, start, &hint), start) - std::sqrt(2.0)) < 1e-9);
    QVERIFY(std::abs(seconds(changed.intended(200, start, &hint), start) - 2.0) < 1e-9);
    QVERIFY(std::abs(seconds(changed.intended(201, start, &hint), start) - 2.02) < 1e-9);
    QCOMPARE(changed.rateAt(9.0), 50.0);
    QCOMPARE(changed.rateAt(100.0), 50.0); // past the stages' end: the rate holds
    QVERIFY(changed.intended(1'000'000, start, &hint).has_value());
    // Paused and resumed after: the new rate, not the ramp, comes back.
    const RateSchedule resumed = changed.pausedAt(3.0).resumedAt(4.0);
    QCOMPARE(resumed.rateAt(5.0), 50.0);
    QVERIFY(std::abs(seconds(resumed.intended(250, start, &hint), start) - 4.0) < 1e-9);
}

void TestRateSchedule::newRateWhilePaused()
{
    // A rate given while paused sends nothing until the resume, then that rate.
    BenchParameters p;
    p.rate = 100;
    const RateSchedule paused = RateSchedule(p).pausedAt(1.0);
    const RateSchedule changed = paused.withRate(1.5, 400);
    QVERIFY(changed.isPaused());
    QCOMPARE(changed.epoch(), paused.epoch() + 1);
    const Clock::time_point start = Clock::now();
    size_t hint = 0;
    QVERIFY(!changed.intended(100, start, &hint));
    QCOMPARE(changed.rateAt(1.7), 0.0);
    const RateSchedule resumed = changed.resumedAt(2.0);
    QCOMPARE(resumed.rateAt(2.5), 400.0);
    QVERIFY(std::abs(seconds(resumed.intended(140, start, &hint), start) - 2.1) < 1e-9);
}

void TestRateSchedule::countsAcrossAPause()
{
    // countBetween() over a schedule with a pause, against brute force.
    BenchParameters p;
    p.stages = { { 2000, 1000 }, { 2000, 200 } };
    const RateSchedule schedule = RateSchedule(p).pausedAt(1.2).resumedAt(2.1).withRate(3.0, 300);
    const Clock::time_point start = Clock::now();
    for (const auto &[first, step, from, to] : { std::tuple { 0ULL, 1ULL, 0.0, 5.0 },
             { 3ULL, 8ULL, 0.5, 2.7 }, { 1ULL, 3ULL, 1.3, 2.0 }, { 5ULL, 4ULL, 1.0, 4.5 } }) {
        quint64 expected = 0;
        size_t hint = 0;
        for (quint64 k = first;; k += step) {
            const auto t = schedule.intended(k, start, &hint);
            if (!t || seconds(t, start) > to + 1)
                break;
            const double s = seconds(t, start);
            expected += s >= from && s <= to;
        }
        QCOMPARE(schedule.countBetween(first, step, from, to), expected);
    }
}

QTEST_GUILESS_MAIN(TestRateSchedule)
#include "tst_rateschedule.moc"
