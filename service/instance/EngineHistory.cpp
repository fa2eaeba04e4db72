#include "instance/EngineHistory.h"

namespace hostbench::service {

namespace {
// Per-site rates are taken over this much time: long enough not to jump with each sample.
constexpr qint64 kSiteWindowMs = 2000;
} // namespace

qint64 EngineHistory::lengthMs(Span span)
{
    return stepMs(span) * kPoints;
}

qint64 EngineHistory::stepMs(Span span)
{
    switch (span) {
    case Span::Minute:
        return 500;
    case Span::TenMinutes:
        return 5000;
    case Span::Hour:
        break;
    }
    return 30000;
}

void EngineHistory::clear()
{
    for (Stepped &stepped : m_spans) {
        stepped = Stepped { {}, -1, {}, stepped.revision + 1 };
    }
    m_recentSites.clear();
    m_sites.clear();
    m_latestMs = 0;
}

void EngineHistory::add(const model::MetricsSnapshot &now, qint64 atMs)
{
    m_latestMs = atMs;
    for (int i = 0; i < kSpanCount; ++i) {
        Stepped &stepped = m_spans[size_t(i)];
        const bool restarted = now.requests < stepped.start.requests
            || now.connectionsAccepted < stepped.start.connectionsAccepted;
        if (stepped.startMs < 0 || restarted) {
            stepped.start = now;
            stepped.startMs = atMs;
            continue;
        }
        // Samples come on a timer that may run a little early: a step ends
        // within a quarter of a sample interval of its length.
        const qint64 step = stepMs(Span(i));
        if (atMs - stepped.startMs < step - 125)
            continue;
        stepped.points.append(pointBetween(stepped.start, stepped.startMs, now, atMs));
        if (stepped.points.size() > kPoints)
            stepped.points.removeFirst();
        ++stepped.revision;
        stepped.start = now;
        stepped.startMs = atMs;
    }
    updateSites(now, atMs);
}

EngineHistory::Point EngineHistory::pointBetween(
    const model::MetricsSnapshot &from, qint64 fromMs, const model::MetricsSnapshot &to, qint64 toMs)
{
    Point point;
    point.atMs = toMs;
    point.durationMs = toMs - fromMs;
    const double seconds = double(qMax<qint64>(1, toMs - fromMs)) / 1000.0;
    const auto rate = [seconds](quint64 later, quint64 earlier) {
        return later >= earlier ? double(later - earlier) / seconds : 0.0;
    };
    point.requestsPerSecond = rate(to.requests, from.requests);
    for (size_t i = 0; i < point.statusPerSecond.size(); ++i)
        point.statusPerSecond[i] = rate(to.statusClasses[i + 1], from.statusClasses[i + 1]);
    point.bytesPerSecond = rate(to.bytesSent, from.bytesSent);
    point.openConnections = double(qMax<qint64>(0, to.openConnections));
    const QList<quint64> percentiles = model::MetricsSnapshot::serviceTimePercentiles(from, to, { 50, 99 });
    point.p50Ms = double(percentiles.at(0)) / 1000.0;
    point.p99Ms = double(percentiles.at(1)) / 1000.0;
    addUpstreamShare(point, from, to);
    return point;
}

void EngineHistory::addUpstreamShare(
    Point &point, const model::MetricsSnapshot &from, const model::MetricsSnapshot &to)
{
    const model::MetricsSnapshot::UpstreamShare share = model::MetricsSnapshot::upstreamShare(from, to);
    if (share.responses == 0)
        return;
    point.proxiedPerSecond = double(share.responses) * 1000.0 / double(qMax<qint64>(1, point.durationMs));
    point.upstreamMs = share.upstreamMs();
    point.engineOwnMs = share.engineOwnMs();
}

void EngineHistory::updateSites(const model::MetricsSnapshot &now, qint64 atMs)
{
    m_recentSites.append({ atMs, now.perSite });
    // The oldest sample kept is the newest one at least kSiteWindowMs before this one.
    while (m_recentSites.size() > 2 && atMs - m_recentSites.at(1).atMs >= kSiteWindowMs)
        m_recentSites.removeFirst();
    const SiteSample &from = m_recentSites.constFirst();
    const double seconds = double(qMax<qint64>(1, atMs - from.atMs)) / 1000.0;
    m_sites.clear();
    for (const model::MetricsSnapshot::SiteCount &site : now.perSite) {
        SiteRate rate;
        rate.hostName = site.hostName;
        rate.requests = site.requests;
        rate.clientErrors = site.clientErrors;
        rate.serverErrors = site.serverErrors;
        // A site renamed, added or restarted in between has no earlier count: no rate yet.
        const model::MetricsSnapshot::SiteCount *earlier = nullptr;
        for (const model::MetricsSnapshot::SiteCount &candidate : from.sites) {
            if (candidate.hostName == site.hostName)
                earlier = &candidate;
        }
        if (m_recentSites.size() > 1 && earlier && earlier->requests <= site.requests
            && earlier->bytesSent <= site.bytesSent) {
            rate.requestsPerSecond = double(site.requests - earlier->requests) / seconds;
            rate.bytesPerSecond = double(site.bytesSent - earlier->bytesSent) / seconds;
        }
        m_sites.append(rate);
    }
}

} // namespace hostbench::service
