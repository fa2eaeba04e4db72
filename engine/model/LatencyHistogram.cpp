#include "LatencyHistogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace hostbench::model {

namespace {
constexpr quint64 kSubBucketMask = quint64(LatencyHistogram::kSubBucketCount - 1);

int bucketIndexFor(quint64 value)
{
    const int pow2Ceiling = 64 - std::countl_zero(value | kSubBucketMask);
    return pow2Ceiling - (LatencyHistogram::kSubBucketHalfCountMagnitude + 1);
}

void bucketOf(int countsIndex, int &bucketIndex, int &subBucketIndex)
{
    bucketIndex = (countsIndex >> LatencyHistogram::kSubBucketHalfCountMagnitude) - 1;
    subBucketIndex
        = (countsIndex & (LatencyHistogram::kSubBucketHalfCount - 1)) + LatencyHistogram::kSubBucketHalfCount;
    if (bucketIndex < 0) {
        subBucketIndex -= LatencyHistogram::kSubBucketHalfCount;
        bucketIndex = 0;
    }
}
} // namespace

LatencyHistogram::LatencyHistogram()
    : m_counts(size_t(kCountsLength), 0)
{ }

int LatencyHistogram::countsIndexFor(quint64 valueUs)
{
    valueUs = std::min(valueUs, kHighestTrackableUs);
    const int bucketIndex = bucketIndexFor(valueUs);
    const int subBucketIndex = int(valueUs >> bucketIndex);
    return ((bucketIndex + 1) << kSubBucketHalfCountMagnitude) + (subBucketIndex - kSubBucketHalfCount);
}

quint64 LatencyHistogram::lowestEquivalentValue(int countsIndex)
{
    int bucketIndex, subBucketIndex;
    bucketOf(countsIndex, bucketIndex, subBucketIndex);
    return quint64(subBucketIndex) << bucketIndex;
}

quint64 LatencyHistogram::highestEquivalentValue(int countsIndex)
{
    int bucketIndex, subBucketIndex;
    bucketOf(countsIndex, bucketIndex, subBucketIndex);
    return (quint64(subBucketIndex) << bucketIndex) + (quint64(1) << bucketIndex) - 1;
}

void LatencyHistogram::record(quint64 valueUs, quint64 count)
{
    if (count == 0)
        return;
    valueUs = std::min(valueUs, kHighestTrackableUs);
    m_counts[size_t(countsIndexFor(valueUs))] += count;
    m_totalCount += count;
    m_min = std::min(m_min, valueUs);
    m_max = std::max(m_max, valueUs);
    const double v = double(valueUs);
    m_sum += v * double(count);
    m_sumOfSquares += v * v * double(count);
}

void LatencyHistogram::addToBucket(int countsIndex, quint64 count)
{
    if (count == 0)
        return;
    const quint64 low = lowestEquivalentValue(countsIndex);
    const quint64 high = highestEquivalentValue(countsIndex);
    m_counts[size_t(countsIndex)] += count;
    m_totalCount += count;
    m_min = std::min(m_min, low);
    m_max = std::max(m_max, high);
    const double v = double(low + (high - low) / 2);
    m_sum += v * double(count);
    m_sumOfSquares += v * v * double(count);
}

void LatencyHistogram::add(const LatencyHistogram &other)
{
    if (other.m_totalCount == 0)
        return;
    for (size_t i = 0; i < m_counts.size(); ++i)
        m_counts[i] += other.m_counts[i];
    m_totalCount += other.m_totalCount;
    m_min = std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
    m_sum += other.m_sum;
    m_sumOfSquares += other.m_sumOfSquares;
}

void LatencyHistogram::reset()
{
    std::fill(m_counts.begin(), m_counts.end(), 0);
    m_totalCount = 0;
    m_min = ~quint64(0);
    m_max = 0;
    m_sum = 0;
    m_sumOfSquares = 0;
}

double LatencyHistogram::meanUs() const
{
    return m_totalCount ? m_sum / double(m_totalCount) : 0.0;
}

double LatencyHistogram::stdDevUs() const
{
    if (m_totalCount == 0)
        return 0.0;
    const double mean = meanUs();
    const double variance = m_sumOfSquares / double(m_totalCount) - mean * mean;
    return variance > 0 ? std::sqrt(variance) : 0.0;
}

quint64 LatencyHistogram::valueAtPercentile(double percentile) const
{
    if (m_totalCount == 0)
        return 0;
    percentile = std::clamp(percentile, 0.0, 100.0);
    const auto wanted
        = std::max<quint64>(1, quint64(std::ceil(percentile / 100.0 * double(m_totalCount) - 1e-6)));
    quint64 seen = 0;
    for (size_t i = 0; i < m_counts.size(); ++i) {
        seen += m_counts[i];
        if (seen >= wanted)
            return std::clamp(highestEquivalentValue(int(i)), minUs(), m_max);
    }
    return m_max;
}

} // namespace hostbench::model
