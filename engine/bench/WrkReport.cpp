#include "WrkReport.h"

#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace hostbench::bench {

namespace {

struct Units
{
    double scale;
    const char *base;
    std::vector<const char *> units;
};

const Units kTimeUs { 1000, "us", { "ms", "s" } };
const Units kTimeS { 60, "s", { "m", "h" } };
const Units kBinary { 1024, "", { "K", "M", "G", "T", "P" } };
const Units kMetric { 1000, "", { "k", "M", "G", "T", "P" } };

QString formatUnits(double n, const Units &m, int precision)
{
    // As wrk: divide while at least 85% of the next unit, never into the last one.
    const char *unit = m.base;
    for (size_t i = 0; i + 1 < m.units.size() && n >= m.scale * 0.85; ++i) {
        n /= m.scale;
        unit = m.units[i];
    }
    return QString::number(n, 'f', precision) + QLatin1String(unit);
}

// print_units(): right-aligned in `width`, padded so that the numbers line up
// whether the unit has zero, one or two letters.
QString units(const QString &text, int width)
{
    int pad = 2;
    const qsizetype len = text.size();
    if (len > 0 && text.at(len - 1).isLetter())
        --pad;
    if (len > 1 && text.at(len - 2).isLetter())
        --pad;
    width -= pad;
    return text.left(width).rightJustified(width) + QString(pad, u' ');
}

struct Stats
{
    double mean = 0, stdev = 0, max = 0, withinStdev = 0;
};

Stats rateStats(const QList<model::BenchSample> &samples, int threads)
{
    Stats s;
    std::vector<double> rates;
    for (const auto &sample : samples) {
        if (sample.intervalMs > 0)
            rates.push_back(sample.requestsPerSecond() / std::max(1, threads));
    }
    if (rates.empty())
        return s;
    for (const double r : rates) {
        s.mean += r;
        s.max = std::max(s.max, r);
    }
    s.mean /= double(rates.size());
    for (const double r : rates)
        s.stdev += (r - s.mean) * (r - s.mean);
    s.stdev = rates.size() > 1 ? std::sqrt(s.stdev / double(rates.size() - 1)) : 0;
    int within = 0;
    for (const double r : rates)
        within += (r >= s.mean - s.stdev && r <= s.mean + s.stdev);
    s.withinStdev = 100.0 * within / double(rates.size());
    return s;
}

Stats latencyStats(const model::LatencyHistogram &h)
{
    Stats s;
    if (h.count() == 0)
        return s;
    s.mean = h.meanUs();
    s.stdev = h.stdDevUs();
    s.max = double(h.maxUs());
    quint64 within = 0;
    for (int i = 0; i < model::LatencyHistogram::kCountsLength; ++i) {
        const quint64 n = h.countAtIndex(i);
        if (n == 0)
            continue;
        const double value = double(model::LatencyHistogram::lowestEquivalentValue(i));
        within += (value >= s.mean - s.stdev && value <= s.mean + s.stdev) ? n : 0;
    }
    s.withinStdev = 100.0 * double(within) / double(h.count());
    return s;
}

QString statsLine(const char *name, const Stats &s, QString (*format)(double))
{
    char pct[32];
    std::snprintf(pct, sizeof pct, "%8.2f%%", s.withinStdev);
    return u"    "_s + QString::fromLatin1(name).leftJustified(10) + units(format(s.mean), 8)
        + units(format(s.stdev), 10) + units(format(s.max), 9) + QLatin1String(pct) + u'\n';
}

} // namespace

QString WrkReport::formatTimeUs(double us)
{
    if (us >= 1000000.0)
        return formatUnits(us / 1000000.0, kTimeS, 2);
    return formatUnits(us, kTimeUs, 2);
}

QString WrkReport::formatMetric(double n)
{
    return formatUnits(n, kMetric, 2);
}

QString WrkReport::formatBinary(double n)
{
    return formatUnits(n, kBinary, 2);
}

QString WrkReport::preamble(const QString &url, double durationSec, int threads, int connections)
{
    return u"Running "_s + formatUnits(durationSec, kTimeS, 0) + u" test @ "_s + url + u'\n'
        + u"  %1 threads and %2 connections\n"_s.arg(threads).arg(connections);
}

QString WrkReport::format(const model::RunSummary &s, const model::LatencyHistogram &histogram,
    const QList<model::BenchSample> &samples, bool latencyDistribution)
{
    QString out = u"  Thread Stats   Avg      Stdev     Max   +/- Stdev\n"_s;
    out += statsLine("Latency", latencyStats(histogram), &WrkReport::formatTimeUs);
    out += statsLine("Req/Sec", rateStats(samples, s.threads), &WrkReport::formatMetric);
    if (latencyDistribution) {
        out += u"  Latency Distribution\n"_s;
        for (const double p : { 50.0, 75.0, 90.0, 99.0 }) {
            char head[16];
            std::snprintf(head, sizeof head, "%7.0f%%", p);
            out += QLatin1String(head) + units(formatTimeUs(double(histogram.valueAtPercentile(p))), 10)
                + u'\n';
        }
    }
    if (s.rate > 0) {
        // wrk2's -U block, from the summary's figures (no p75 there).
        out += u"  Uncorrected Latency (measured without taking delayed starts into account)\n"_s;
        const std::pair<const char *, double> rows[] = { { "50%", s.uncorrectedP50Ms },
            { "90%", s.uncorrectedP90Ms }, { "99%", s.uncorrectedP99Ms }, { "100%", s.uncorrectedMaxMs } };
        for (const auto &[label, ms] : rows) {
            char head[16];
            std::snprintf(head, sizeof head, "%8s", label);
            out += QLatin1String(head) + units(formatTimeUs(ms * 1000.0), 10) + u'\n';
        }
    }
    out += u"  %1 requests in %2, %3B read\n"_s.arg(s.completed)
               .arg(formatTimeUs(s.timeTakenSec * 1e6), formatBinary(double(s.totalBytes)));
    if (s.failedConnect || s.failedRead || s.failedParse || s.failedWrite || s.failedTimeout || s.failedTls)
        out += u"  Socket errors: connect %1, read %2, write %3, timeout %4\n"_s
                   .arg(s.failedConnect + s.failedTls)
                   .arg(s.failedRead + s.failedParse)
                   .arg(s.failedWrite)
                   .arg(s.failedTimeout);
    quint64 errorStatus = 0;
    for (auto it = s.statusCounts.cbegin(); it != s.statusCounts.cend(); ++it)
        errorStatus += it.key() > 399 ? it.value() : 0;
    if (errorStatus)
        out += u"  Non-2xx or 3xx responses: %1\n"_s.arg(errorStatus);
    char line[64];
    std::snprintf(line, sizeof line, "Requests/sec: %9.2f\n", s.requestsPerSecond);
    out += QLatin1String(line);
    const double bytesPerSec = s.timeTakenSec > 0 ? double(s.totalBytes) / s.timeTakenSec : 0;
    std::snprintf(
        line, sizeof line, "Transfer/sec: %10sB\n", formatBinary(bytesPerSec).toLatin1().constData());
    out += QLatin1String(line);
    return out;
}

} // namespace hostbench::bench
