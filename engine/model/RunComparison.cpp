#include "model/RunComparison.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace hostbench::model {

using namespace Qt::StringLiterals;

namespace {

constexpr double kPercentile = 99.0;

// Random numbers whose sequence is the same everywhere: mt19937_64's is
// fixed by the standard, the distributions below are ours (the standard
// library's are not specified bit for bit).
class Random final
{
public:
    explicit Random(quint64 seed)
        : m_engine(seed)
    { }

    // Uniform in [0, n), n > 0, without modulo bias.
    quint64 below(quint64 n)
    {
        const quint64 limit = std::numeric_limits<quint64>::max() - std::numeric_limits<quint64>::max() % n;
        quint64 x = m_engine();
        while (x >= limit)
            x = m_engine();
        return x % n;
    }
    // Uniform in (0, 1).
    double uniform() { return (double(m_engine() >> 11) + 0.5) * 0x1.0p-53; }
    double normal()
    {
        // Box-Muller, one of the pair.
        return std::sqrt(-2.0 * std::log(uniform())) * std::cos(2.0 * std::numbers::pi * uniform());
    }
    // Gamma(shape, 1): Marsaglia and Tsang (2000); shape < 1 by boosting.
    double gamma(double shape)
    {
        if (shape < 1.0)
            return gamma(shape + 1.0) * std::pow(uniform(), 1.0 / shape);
        const double d = shape - 1.0 / 3.0;
        const double c = 1.0 / std::sqrt(9.0 * d);
        for (;;) {
            double x = 0;
            double v = 0;
            do {
                x = normal();
                v = 1.0 + c * x;
            } while (v <= 0);
            v = v * v * v;
            const double u = uniform();
            if (u < 1.0 - 0.0331 * x * x * x * x || std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v)))
                return d * v;
        }
    }
    double beta(double a, double b)
    {
        const double x = gamma(a);
        return x / (x + gamma(b));
    }

private:
    std::mt19937_64 m_engine;
};

double mean(const QList<double> &series)
{
    double sum = 0;
    for (const double x : series)
        sum += x;
    return series.isEmpty() ? 0 : sum / double(series.size());
}

// Autocorrelations at lags 1..maxLag (0 for a constant series).
std::vector<double> autocorrelations(const QList<double> &series, int maxLag)
{
    const qsizetype n = series.size();
    const double m = mean(series);
    double variance = 0;
    for (const double x : series)
        variance += (x - m) * (x - m);
    std::vector<double> rho(size_t(std::max(0, maxLag)) + 1, 0.0);
    if (variance <= 0)
        return rho;
    for (int k = 1; k <= maxLag && k < n; ++k) {
        double sum = 0;
        for (qsizetype t = 0; t + k < n; ++t)
            sum += (series[t] - m) * (series[t + k] - m);
        rho[size_t(k)] = sum / variance;
    }
    return rho;
}

// The percentile (0..1) of sorted values, interpolated (Hyndman and Fan's type 7).
double quantileOfSorted(const std::vector<double> &sorted, double p)
{
    const double h = double(sorted.size() - 1) * p;
    const auto below = size_t(std::floor(h));
    const size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (h - double(below)) * (sorted[above] - sorted[below]);
}

// A run's requests per second over its samples: Σ completed / Σ time.
struct RateSeries
{
    std::vector<double> completed;
    std::vector<double> intervalMs;
    QList<double> rates;

    explicit RateSeries(const QList<BenchSample> &samples)
    {
        for (const BenchSample &s : samples) {
            completed.push_back(double(s.completed));
            intervalMs.push_back(double(std::max<qint64>(1, s.intervalMs)));
            rates.append(s.requestsPerSecond());
        }
    }
    double rate() const
    {
        double c = 0, t = 0;
        for (size_t i = 0; i < completed.size(); ++i) {
            c += completed[i];
            t += intervalMs[i];
        }
        return t > 0 ? c * 1000.0 / t : 0;
    }
    // One moving-block bootstrap replicate of rate().
    double resample(Random &random, int block) const
    {
        const size_t n = completed.size();
        const auto b = size_t(block);
        double c = 0, t = 0;
        size_t taken = 0;
        while (taken < n) {
            const auto start = size_t(random.below(n - b + 1));
            for (size_t i = start; i < start + b && taken < n; ++i, ++taken) {
                c += completed[i];
                t += intervalMs[i];
            }
        }
        return t > 0 ? c * 1000.0 / t : 0;
    }
};

// A histogram's non-empty buckets, cumulated, for quick quantiles.
struct Cumulative
{
    std::vector<quint64> counts; // cumulative
    std::vector<quint64> values; // µs, as valueAtPercentile gives them
    quint64 total = 0;

    explicit Cumulative(const LatencyHistogram &h)
    {
        for (int i = 0; i < LatencyHistogram::kCountsLength; ++i) {
            const quint64 c = h.countAtIndex(i);
            if (c == 0)
                continue;
            total += c;
            counts.push_back(total);
            values.push_back(std::clamp(LatencyHistogram::highestEquivalentValue(i), h.minUs(), h.maxUs()));
        }
    }
    // The value at fraction v (0..1) of the latencies.
    double at(double v) const
    {
        const auto rank = std::clamp<quint64>(quint64(std::ceil(v * double(total))), 1, total);
        const auto it = std::lower_bound(counts.begin(), counts.end(), rank);
        return double(values[size_t(it - counts.begin())]);
    }
};

void decide(RatioEstimate *e, bool higherIsFaster)
{
    if (e->low > 1.0)
        e->verdict = higherIsFaster ? RatioEstimate::Verdict::Faster : RatioEstimate::Verdict::Slower;
    else if (e->high < 1.0)
        e->verdict = higherIsFaster ? RatioEstimate::Verdict::Slower : RatioEstimate::Verdict::Faster;
    else
        e->verdict = RatioEstimate::Verdict::NoChange;
}

void interval(RatioEstimate *e, std::vector<double> &ratios, double confidence)
{
    std::sort(ratios.begin(), ratios.end());
    const double alpha = 1.0 - confidence;
    e->low = quantileOfSorted(ratios, alpha / 2.0);
    e->high = quantileOfSorted(ratios, 1.0 - alpha / 2.0);
}

RatioEstimate compareRates(const RunComparison::Figures &baseline, const RunComparison::Figures &run,
    const RunComparison::Options &options, Random &random)
{
    RatioEstimate e;
    const RateSeries base(baseline.samples);
    const RateSeries next(run.samples);
    e.baselineValue = base.rate();
    e.value = next.rate();
    const qsizetype fewest = std::min(baseline.samples.size(), run.samples.size());
    if (fewest < RunComparison::kMinimumSamples) {
        e.reason
            = u"too few 100 ms samples (%1; at least %2)"_s.arg(fewest).arg(RunComparison::kMinimumSamples);
        return e;
    }
    if (e.baselineValue <= 0) {
        e.reason = u"the baseline completed no request"_s;
        return e;
    }
    e.ratio = e.value / e.baselineValue;
    const int baseBlock = RunComparison::blockLength(base.rates);
    const int nextBlock = RunComparison::blockLength(next.rates);
    std::vector<double> ratios;
    ratios.reserve(size_t(options.replicates));
    for (int r = 0; r < options.replicates; ++r) {
        const double b = base.resample(random, baseBlock);
        const double n = next.resample(random, nextBlock);
        // A replicate of the baseline with no request: the ratio is unbounded.
        ratios.push_back(b > 0 ? n / b : std::numeric_limits<double>::infinity());
    }
    interval(&e, ratios, options.confidence);
    decide(&e, true);
    return e;
}

// The latencies a run's p99 rests on, counted as if independent: its count
// over the design effect of its per-interval p99 series.
double effectiveCount(const RunComparison::Figures &f)
{
    QList<double> p99s;
    for (const BenchSample &s : f.samples)
        if (s.completed > 0)
            p99s.append(double(s.p99Us));
    const double d = p99s.size() >= RunComparison::kMinimumSamples
        ? RunComparison::designEffect(p99s, RunComparison::blockLength(p99s))
        : 1.0;
    return std::max(1.0, double(f.histogram.count()) / d);
}

// One bootstrap p99 of m latencies drawn from the histogram.
double resampleP99(const Cumulative &c, double m, Random &random)
{
    const double j = std::max(1.0, std::ceil(kPercentile / 100.0 * m - 1e-9));
    return c.at(random.beta(j, std::max(1.0, m - j + 1.0)));
}

RatioEstimate compareP99(const RunComparison::Figures &baseline, const RunComparison::Figures &run,
    const RunComparison::Options &options, Random &random)
{
    RatioEstimate e;
    e.baselineValue = double(baseline.histogram.valueAtPercentile(kPercentile)) / 1000.0;
    e.value = double(run.histogram.valueAtPercentile(kPercentile)) / 1000.0;
    const quint64 fewest = std::min(baseline.histogram.count(), run.histogram.count());
    if (fewest < RunComparison::kMinimumLatencies) {
        e.reason = u"too few latencies recorded (%1; at least %2)"_s.arg(fewest).arg(
            RunComparison::kMinimumLatencies);
        return e;
    }
    if (e.baselineValue <= 0) {
        e.reason = u"the baseline's p99 is 0"_s;
        return e;
    }
    e.ratio = e.value / e.baselineValue;
    const Cumulative base(baseline.histogram);
    const Cumulative next(run.histogram);
    const double baseM = effectiveCount(baseline);
    const double nextM = effectiveCount(run);
    std::vector<double> ratios;
    ratios.reserve(size_t(options.replicates));
    for (int r = 0; r < options.replicates; ++r) {
        const double b = resampleP99(base, baseM, random);
        const double n = resampleP99(next, nextM, random);
        ratios.push_back(b > 0 ? n / b : std::numeric_limits<double>::infinity());
    }
    interval(&e, ratios, options.confidence);
    decide(&e, false);
    return e;
}

QString ratioText(double ratio)
{
    return u"×"_s + QString::number(ratio, 'f', 3);
}

QString figureText(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString line(
    const QString &name, const RatioEstimate &e, double confidence, const QString &unit, int decimals)
{
    const QString figures = u"%1 against the baseline's %2%3"_s.arg(
        figureText(e.value, decimals), figureText(e.baselineValue, decimals), unit);
    if (e.verdict == RatioEstimate::Verdict::Unknown)
        return u"%1: cannot tell, %2 (%3)"_s.arg(name, e.reason, figures);
    return u"%1: %2, %3 (%4% interval %5 to %6; %7)"_s.arg(name, RatioEstimate::verdictText(e.verdict),
        ratioText(e.ratio), QString::number(confidence * 100.0, 'g', 3), ratioText(e.low), ratioText(e.high),
        figures);
}

} // namespace

QString RatioEstimate::verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Faster:
        return u"faster"_s;
    case Verdict::Slower:
        return u"slower"_s;
    case Verdict::NoChange:
        return u"no significant change"_s;
    case Verdict::Unknown:
        break;
    }
    return u"cannot tell"_s;
}

RunComparison RunComparison::compare(const Figures &baseline, const Figures &run, const Options &options)
{
    RunComparison c;
    c.confidence = options.confidence;
    Random random(options.seed);
    c.rps = compareRates(baseline, run, options, random);
    c.p99 = compareP99(baseline, run, options, random);
    return c;
}

int RunComparison::blockLength(const QList<double> &series)
{
    const qsizetype n = series.size();
    if (n < 3)
        return 1;
    const double logN = std::log10(double(n));
    const int window = std::max(5, int(std::ceil(std::sqrt(logN))));
    const double bound = 2.0 * std::sqrt(logN / double(n));
    const int maxLag = int(n / 3);
    const std::vector<double> rho = autocorrelations(series, maxLag);
    // The smallest m after which `window` autocorrelations in a row are insignificant.
    int m = 0;
    for (; m + window <= maxLag; ++m) {
        bool quiet = true;
        for (int k = 1; k <= window && quiet; ++k)
            quiet = std::abs(rho[size_t(m + k)]) < bound;
        if (quiet)
            break;
    }
    const int cubeRoot = int(std::ceil(std::cbrt(double(n))));
    return std::clamp(std::max(cubeRoot, 2 * m), 1, std::max(1, maxLag));
}

double RunComparison::designEffect(const QList<double> &series, int lags)
{
    const std::vector<double> rho = autocorrelations(series, lags);
    double d = 1.0;
    for (int k = 1; k <= lags && k < int(rho.size()); ++k)
        d += 2.0 * (1.0 - double(k) / double(lags + 1)) * rho[size_t(k)];
    return std::max(1.0, d);
}

QStringList RunComparison::lines() const
{
    return { line(u"requests/s"_s, rps, confidence, QString(), 1),
        line(u"p99"_s, p99, confidence, u" ms"_s, 3) };
}

QString runTarget(const QByteArray &method, const QString &url)
{
    return QString::fromLatin1(method) + u' ' + url;
}

QString runTarget(const BenchParameters &parameters)
{
    return runTarget(parameters.method, parameters.url);
}

QStringList runDifferences(const BenchParameters &baseline, const BenchParameters &run)
{
    QStringList out;
    const auto differ = [&](const QString &name, const auto &a, const auto &b) {
        if (a != b)
            out.append(u"%1: baseline %2, this run %3"_s.arg(name).arg(a).arg(b));
    };
    differ(u"-c"_s, baseline.concurrency, run.concurrency);
    differ(u"--threads"_s, baseline.threads, run.threads);
    differ(u"--rate"_s, baseline.rate, run.rate);
    differ(u"-k"_s, baseline.keepAlive ? u"on"_s : u"off"_s, run.keepAlive ? u"on"_s : u"off"_s);
    differ(u"--h2"_s, baseline.http2 ? u"on"_s : u"off"_s, run.http2 ? u"on"_s : u"off"_s);
    differ(u"--streams"_s, baseline.streams, run.streams);
    differ(u"--host"_s, baseline.hostOverride, run.hostOverride);
    if (baseline.body != run.body)
        out.append(u"the request body differs"_s);
    if (baseline.headers != run.headers)
        out.append(u"the request headers differ"_s);
    return out;
}

} // namespace hostbench::model
