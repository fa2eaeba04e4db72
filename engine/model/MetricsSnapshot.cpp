#include "model/MetricsSnapshot.h"

#include "model/LatencyHistogram.h"

#include <algorithm>
#include <cmath>

namespace hostbench::model {

QList<quint64> MetricsSnapshot::serviceTimePercentiles(
    const MetricsSnapshot &earlier, const MetricsSnapshot &later, const QList<double> &percentiles)
{
    QList<quint64> values(percentiles.size(), 0);
    const QList<quint64> &now = later.serviceTimeCounts;
    const QList<quint64> &before = earlier.serviceTimeCounts;
    // A restarted engine counts from zero again: then `earlier` says nothing.
    const bool since = before.size() == now.size() && later.requests >= earlier.requests;
    const auto countAt = [&](qsizetype i) {
        const quint64 b = since ? before.at(i) : 0;
        return now.at(i) >= b ? now.at(i) - b : 0;
    };
    quint64 total = 0;
    for (qsizetype i = 0; i < now.size(); ++i)
        total += countAt(i);
    if (total == 0)
        return values;
    quint64 seen = 0;
    qsizetype next = 0; // the next percentile to find
    for (qsizetype i = 0; i < now.size() && next < percentiles.size(); ++i) {
        seen += countAt(i);
        while (next < percentiles.size()) {
            const double percentile = std::clamp(percentiles.at(next), 0.0, 100.0);
            const auto wanted
                = std::max<quint64>(1, quint64(std::ceil(percentile / 100.0 * double(total) - 1e-6)));
            if (seen < wanted)
                break;
            values[next++] = LatencyHistogram::highestEquivalentValue(int(i));
        }
    }
    return values;
}

MetricsSnapshot::UpstreamShare MetricsSnapshot::upstreamShare(
    const MetricsSnapshot &earlier, const MetricsSnapshot &later)
{
    UpstreamShare share;
    for (const SiteCount &site : later.perSite) {
        SiteCount before;
        for (const SiteCount &candidate : earlier.perSite) {
            if (candidate.hostName == site.hostName && candidate.upstreamTime.sumUs <= site.upstreamTime.sumUs
                && candidate.proxiedServiceSumUs <= site.proxiedServiceSumUs
                && candidate.upstreamTime.count() <= site.upstreamTime.count())
                before = candidate;
        }
        share.responses += site.upstreamTime.count() - before.upstreamTime.count();
        share.upstreamUs += site.upstreamTime.sumUs - before.upstreamTime.sumUs;
        share.serviceUs += site.proxiedServiceSumUs - before.proxiedServiceSumUs;
    }
    return share;
}

} // namespace hostbench::model
