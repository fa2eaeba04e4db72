#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::model {

/*
 * A run compared with a baseline run (issue #28): is it faster, slower, or
 * not significantly different, at a given confidence (95% by default), for
 * requests per second and for the 99th latency percentile. Each figure is a
 * ratio, this run's over the baseline's, with a bootstrap confidence
 * interval:
 *
 *  - requests/s: the mean rate of a run is its completed requests over its
 *    measured time, summed over its 100 ms samples. The samples are
 *    autocorrelated (a stall spans several), so each run is resampled in
 *    blocks of consecutive samples (the moving-block bootstrap, Künsch
 *    1989): blocks of length b drawn with replacement, starting anywhere,
 *    until as many samples as the run has; b is the larger of n^(1/3) and
 *    twice the lag beyond which the samples' autocorrelation stays
 *    insignificant (Politis 2003's rule, c = 2), at most n/3.
 *  - p99: from each run's whole latency histogram. The bootstrap p99 of a
 *    resample of m latencies from a histogram is exactly F^-1(V) with V ~
 *    Beta(j, m - j + 1), j = ceil(0.99 m) (an order statistic of uniforms),
 *    so a replicate costs one Beta draw rather than m. Latencies are not
 *    independent either: m is the run's count divided by the design effect
 *    of its per-interval p99 series (the long-run variance over the
 *    variance, Bartlett weights up to the block length above, at least 1).
 *
 * The two runs are resampled independently; the interval is the percentile
 * interval of `replicates` ratios. The verdict: the interval wholly above
 * 1 is faster (requests/s) or slower (p99), wholly below the other way,
 * else no significant change. The random numbers are mt19937_64 (whose
 * sequence the C++ standard fixes) from a fixed seed, with the
 * distributions written here, so that one pair of runs always gives the
 * same interval on every platform.
 *
 * Assumptions: each run's samples are stationary after the warm-up (a
 * trend within a run widens the interval rather than being removed), the
 * dependence between samples dies out within the block length, and the
 * two runs are independent. The runs should have the same parameters:
 * differences() names those that differ, it does not refuse them.
 *
 * Plain values and functions; any thread.
 */
struct RatioEstimate
{
    enum class Verdict { Faster, Slower, NoChange, Unknown };

    double ratio = 0; // this run's figure / the baseline's
    double low = 0; // the confidence interval of the ratio
    double high = 0;
    double baselineValue = 0; // requests/s, or ms for p99
    double value = 0; // this run's, in the same unit
    Verdict verdict = Verdict::Unknown;
    QString reason; // why Unknown ("too few samples: 4, at least 10")

    // "faster", "slower", "no significant change", "cannot tell".
    static QString verdictText(Verdict verdict);
};

struct RunComparison
{
    struct Options
    {
        int replicates = 2000;
        double confidence = 0.95;
        quint64 seed = 28; // issue #28
    };
    // One run's figures: its 100 ms samples (in order) and its histogram (µs).
    struct Figures
    {
        QList<BenchSample> samples;
        LatencyHistogram histogram;
    };

    static constexpr int kMinimumSamples = 10; // 1 s of 100 ms samples
    static constexpr quint64 kMinimumLatencies = 100; // for a p99 at all

    RatioEstimate rps;
    RatioEstimate p99;
    double confidence = 0.95;

    static RunComparison compare(const Figures &baseline, const Figures &run, const Options &options);
    static RunComparison compare(const Figures &baseline, const Figures &run)
    {
        return compare(baseline, run, {});
    }

    // The moving-block bootstrap's block length for a series (see above).
    static int blockLength(const QList<double> &series);
    // The series' long-run variance over its variance (Bartlett weights up
    // to `lags`), at least 1: how much dependence widens an interval.
    static double designEffect(const QList<double> &series, int lags);

    // "requests/s: faster, ×1.98 (95% interval ×1.95 to ×2.01; 20,000.0 against 10,100.0)"
    // and the same for p99 (ms): the lines bench and runs print.
    QStringList lines() const;
};

// What a baseline is kept for: the method and the URL, as stored,
// "GET http://127.0.0.1:8080/" (the Host override, headers, body and the
// load's shape are not part of it).
QString runTarget(const BenchParameters &parameters);
QString runTarget(const QByteArray &method, const QString &url);

// The parameters that differ between a baseline and a run, each "-c: baseline 10, this run 20",
// which make a comparison one of unlike runs.
QStringList runDifferences(const BenchParameters &baseline, const BenchParameters &run);

} // namespace hostbench::model
