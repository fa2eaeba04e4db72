#include "RateSchedule.h"

#include <cmath>
#include <limits>

namespace hostbench::bench {

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();
} // namespace

RateSchedule::RateSchedule(const model::BenchParameters &p)
{
    if (p.stages.isEmpty()) {
        if (p.rate > 0)
            add(kInfinity, p.rate, p.rate);
        m_plan = m_segments;
        return;
    }
    if (p.warmupMs > 0)
        add(double(p.warmupMs) / 1000.0, p.rate, p.rate);
    double from = p.rate;
    for (const model::LoadStage &stage : p.stages) {
        add(double(stage.durationMs) / 1000.0, from, stage.rate);
        from = stage.rate;
    }
    m_plan = m_segments;
}

void RateSchedule::add(std::vector<Segment> *segments, double *total, double length, double from, double to)
{
    Segment s;
    s.start = segments->empty() ? 0.0 : segments->back().end();
    s.length = length;
    s.from = from;
    s.to = to;
    s.before = *total;
    // A pause is a segment at rate 0 for ever: nothing in it.
    s.count = std::isinf(length) ? (from > 0 || to > 0 ? kInfinity : 0.0) : (from + to) / 2.0 * length;
    *total += s.count;
    segments->push_back(s);
}

double RateSchedule::secondsOf(double k, size_t *hint) const
{
    if (!(k < m_total))
        return kInfinity;
    size_t i = *hint < m_segments.size() ? *hint : 0;
    if (m_segments[i].before > k)
        i = 0;
    while (i + 1 < m_segments.size() && !(k < m_segments[i].before + m_segments[i].count))
        ++i;
    *hint = i;
    const Segment &s = m_segments[i];
    const double x = k - s.before;
    if (x <= 0)
        return s.start;
    // Solve from*t + slope*t²/2 = x for t: the root 2x / (from + sqrt(from² +
    // 2 slope x)), which holds for any sign of the slope (and for none).
    const double slope = std::isinf(s.length) ? 0.0 : (s.to - s.from) / s.length;
    const double root = std::sqrt(std::max(0.0, s.from * s.from + 2.0 * slope * x));
    const double denominator = s.from + root;
    if (!(denominator > 0))
        return s.start; // a segment at rate 0 has no request in it
    return s.start + std::min(2.0 * x / denominator, s.length);
}

double RateSchedule::rateAt(double seconds) const
{
    for (const Segment &s : m_segments) {
        if (seconds < s.end())
            return seconds < s.start ? 0.0 : s.rateAt(seconds);
    }
    return 0; // the plan has ended
}

double RateSchedule::pausedSeconds(double from, double to) const
{
    double paused = 0;
    for (const auto &[begin, end] : m_pauses)
        paused += std::max(0.0, std::min(to, end) - std::max(from, begin));
    return paused;
}

std::optional<Clock::time_point> RateSchedule::intended(
    quint64 k, Clock::time_point startAt, size_t *hint) const
{
    const double seconds = secondsOf(double(k), hint);
    if (std::isinf(seconds))
        return std::nullopt;
    return startAt + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

double RateSchedule::requestsUpTo(double seconds) const
{
    if (m_segments.empty() || seconds <= 0)
        return 0;
    for (const Segment &s : m_segments) {
        if (seconds < s.start + s.length) {
            const double t = seconds - s.start;
            const double slope = std::isinf(s.length) ? 0.0 : (s.to - s.from) / s.length;
            return s.before + s.from * t + slope * t * t / 2.0;
        }
    }
    return m_total;
}

quint64 RateSchedule::countBetween(quint64 first, quint64 step, double from, double to) const
{
    if (m_segments.empty() || step == 0 || to < from)
        return 0;
    // Global indices intended in [from, to]: from ceil(N(from)) to the last k
    // below N(to) (and below the total), nudged where rounding put them on
    // the wrong side.
    size_t hint = 0;
    auto lo = quint64(std::max(0.0, std::ceil(requestsUpTo(from))));
    while (lo > 0 && secondsOf(double(lo - 1), &hint) >= from)
        --lo;
    while (secondsOf(double(lo), &hint) < from)
        ++lo;
    const double below = std::min(requestsUpTo(to), m_total);
    if (!(below >= 0) || std::isinf(below))
        return 0;
    auto hi = quint64(std::floor(below)) + 1; // one past the last
    while (hi > lo && !(secondsOf(double(hi - 1), &hint) <= to))
        --hi;
    while (secondsOf(double(hi), &hint) <= to)
        ++hi;
    if (first < lo)
        first += (lo - first + step - 1) / step * step;
    if (first >= hi)
        return 0;
    return (hi - 1 - first) / step + 1;
}

RateSchedule RateSchedule::cutAt(double at) const
{
    RateSchedule cut;
    cut.m_epoch = m_epoch + 1;
    cut.m_pauses = m_pauses;
    cut.m_firstAfterPause = m_firstAfterPause;
    cut.m_plan = m_plan;
    // Rebuilt with add(), as the segments were: every send time before `at` stays the same.
    for (const Segment &s : m_segments) {
        if (!(s.start < at))
            break;
        const bool whole = s.end() <= at;
        cut.add(whole ? s.length : at - s.start, s.from, whole ? s.to : s.rateAt(at));
    }
    const double end = cut.m_segments.empty() ? 0.0 : cut.m_segments.back().end();
    if (end < at)
        cut.add(at - end, 0, 0); // the plan had ended: nothing from its end to `at`
    return cut;
}

void RateSchedule::append(const std::vector<Segment> &source, double from)
{
    for (const Segment &s : source) {
        if (!(s.end() > from))
            continue;
        const double start = std::max(s.start, from);
        add(s.end() - start, s.rateAt(start), s.to);
    }
}

RateSchedule RateSchedule::pausedAt(double at) const
{
    if (isPaused())
        return *this;
    RateSchedule paused = cutAt(at);
    paused.add(kInfinity, 0, 0);
    paused.m_pauses.emplace_back(at, kInfinity);
    // Requests k below N(at) were intended before the pause.
    paused.m_firstAfterPause = quint64(std::max(0.0, std::ceil(paused.m_total)));
    return paused;
}

RateSchedule RateSchedule::resumedAt(double at) const
{
    if (!isPaused())
        return *this;
    RateSchedule resumed = cutAt(at); // the pause's segment ends at `at`
    resumed.m_pauses.back().second = at;
    resumed.append(m_plan, at); // the plan on its own clock: what the pause covered is left out
    return resumed;
}

RateSchedule RateSchedule::withRate(double at, double rate) const
{
    RateSchedule changed = isPaused() ? *this : cutAt(at);
    if (isPaused())
        changed.m_epoch = m_epoch + 1;
    else
        changed.add(kInfinity, rate, rate);
    // The plan from `at` on: the new rate for ever, in place of what was left of it.
    RateSchedule plan;
    plan.m_segments = m_plan;
    plan = plan.cutAt(at);
    plan.add(kInfinity, rate, rate);
    changed.m_plan = std::move(plan.m_segments);
    return changed;
}

} // namespace hostbench::bench
