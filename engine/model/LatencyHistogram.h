#pragma once

#include <QtGlobal>

#include <cstdint>
#include <vector>

namespace hostbench::model {

/*
 * An HDR-style latency histogram: log-linear buckets with 3 significant
 * decimal digits over 1 µs .. 1 hour, in constant memory (23,552 counters,
 * about 184 KiB) whatever the number of values recorded. Values above one
 * hour are clamped to one hour. Follows the layout of Gil Tene's
 * HdrHistogram (unit magnitude 0, 2048 sub-buckets).
 *
 * Units: every value is microseconds (µs).
 * Thread: not synchronised; one thread writes it, others get copies. Merge
 * per-thread histograms with add().
 */
class LatencyHistogram final
{
public:
    static constexpr quint64 kHighestTrackableUs = 3'600'000'000ULL; // one hour
    static constexpr int kSubBucketHalfCountMagnitude = 10;
    static constexpr int kSubBucketHalfCount = 1 << kSubBucketHalfCountMagnitude; // 1024
    static constexpr int kSubBucketCount = 2 * kSubBucketHalfCount; // 2048
    static constexpr int kBucketCount = 22;
    static constexpr int kCountsLength = (kBucketCount + 1) * kSubBucketHalfCount; // 23,552

    LatencyHistogram();

    // Records one value (µs), or `count` of the same value.
    void record(quint64 valueUs, quint64 count = 1);
    // Adds every value of `other` to this one.
    void add(const LatencyHistogram &other);
    // Forgets every value; keeps the memory.
    void reset();

    quint64 count() const { return m_totalCount; }
    quint64 minUs() const { return m_totalCount ? m_min : 0; }
    quint64 maxUs() const { return m_max; }
    // Exact arithmetic mean and population standard deviation of the values recorded (µs).
    double meanUs() const;
    double stdDevUs() const;
    // The value (µs) at or below which `percentile` (0..100) of the values fall,
    // as the highest value equivalent to its bucket, never above maxUs(). 0 when empty.
    quint64 valueAtPercentile(double percentile) const;

    // Bucket layout, for lock-free variants that keep their own counters.
    static int countsIndexFor(quint64 valueUs);
    static quint64 lowestEquivalentValue(int countsIndex);
    static quint64 highestEquivalentValue(int countsIndex);
    // Adds `count` values equal to the bucket's median value (for variants that keep only counters).
    void addToBucket(int countsIndex, quint64 count);
    quint64 countAtIndex(int countsIndex) const { return m_counts[size_t(countsIndex)]; }

private:
    std::vector<quint64> m_counts;
    quint64 m_totalCount = 0;
    quint64 m_min = ~quint64(0);
    quint64 m_max = 0;
    double m_sum = 0;
    double m_sumOfSquares = 0;
};

} // namespace hostbench::model
