#pragma once

#include "model/MetricsSnapshot.h"

#include <QList>
#include <QString>

#include <array>

namespace hostbench::service {

/*
 * The engine's recent traffic, derived from the MetricsSnapshots that
 * EngineController samples: one point per step over the last 60 s (0.5 s
 * steps), 10 min (5 s) and 1 h (30 s), each point the rates and the
 * service-time percentiles of its own step (from the difference of the
 * histogram's counts), and the rates of each site over the last seconds.
 * Bounded memory whatever the uptime: kPoints points per span, and one
 * snapshot per span (the start of its current step, about 184 KiB with its
 * histogram).
 *
 * Units: time in ms on the caller's monotonic clock; rates per second;
 * service time in ms. Thread: GUI thread (a plain value, not shared).
 */
class EngineHistory final
{
public:
    enum class Span { Minute, TenMinutes, Hour };
    static constexpr int kSpanCount = 3;
    static constexpr int kPoints = 120; // per span: its length over its step

    struct Point
    {
        qint64 atMs = 0; // the end of its step
        qint64 durationMs = 0; // the step's length as sampled (about stepMs())
        double requestsPerSecond = 0;
        std::array<double, 4> statusPerSecond {}; // 2xx, 3xx, 4xx, 5xx
        double p50Ms = 0; // service time of the step's responses; 0 with none
        double p99Ms = 0;
        double openConnections = 0; // at atMs
        double bytesPerSecond = 0; // sent
        // Proxied responses of the step, all sites (issue #24): how many per second, and
        // where their time went on average, ms per response: the upstream's (to its last
        // byte) and the engine's own (its service time less the upstream's); 0 with none.
        double proxiedPerSecond = 0;
        double upstreamMs = 0;
        double engineOwnMs = 0;
    };
    struct SiteRate
    {
        QString hostName;
        quint64 requests = 0; // since the engine's start
        double requestsPerSecond = 0;
        quint64 clientErrors = 0; // 4xx responses since the engine's start
        quint64 serverErrors = 0; // 5xx responses since the engine's start
        double bytesPerSecond = 0;
    };

    static qint64 lengthMs(Span span); // 60,000, 600,000, 3,600,000
    static qint64 stepMs(Span span); // 500, 5,000, 30,000

    // Takes a sample taken at `atMs`. A snapshot whose counters went back
    // (the engine restarted) starts new steps; the points stay.
    void add(const model::MetricsSnapshot &now, qint64 atMs);
    void clear();

    // Oldest first, at most kPoints.
    const QList<Point> &points(Span span) const { return m_spans[size_t(span)].points; }
    // Grows by one with each point added to `span`: a chart redraws only then.
    quint64 revision(Span span) const { return m_spans[size_t(span)].revision; }
    // In the engine's order; empty before the second sample.
    const QList<SiteRate> &sites() const { return m_sites; }
    qint64 latestMs() const { return m_latestMs; }

private:
    struct Stepped
    {
        model::MetricsSnapshot start; // the counters at the start of the current step
        qint64 startMs = -1; // -1: no step started
        QList<Point> points;
        quint64 revision = 0;
    };
    struct SiteSample
    {
        qint64 atMs = 0;
        QList<model::MetricsSnapshot::SiteCount> sites;
    };
    static Point pointBetween(
        const model::MetricsSnapshot &from, qint64 fromMs, const model::MetricsSnapshot &to, qint64 toMs);
    // The proxied figures of `point` from the sites' upstream times (sites matched by name).
    static void addUpstreamShare(
        Point &point, const model::MetricsSnapshot &from, const model::MetricsSnapshot &to);
    void updateSites(const model::MetricsSnapshot &now, qint64 atMs);

    std::array<Stepped, kSpanCount> m_spans;
    QList<SiteSample> m_recentSites; // the last few seconds, for per-site rates
    QList<SiteRate> m_sites;
    qint64 m_latestMs = 0;
};

} // namespace hostbench::service

// The window's code names it as it did while it lived in ui/.
namespace hostbench::ui {
using service::EngineHistory;
}
