#pragma once

#include "model/LatencyHistogram.h"

#include <QByteArray>

#include <optional>

namespace hostbench::storage {

/*
 * A run's latency histogram as a compact BLOB for the runs table: only the
 * non-zero buckets, as (index, count) pairs.
 *
 * Layout: the 4 bytes "HBH1", then unsigned LEB128 varints: the number of
 * pairs, the minimum and the maximum value (µs), then each pair as the
 * index's distance from the previous pair's index (the first from -1) and
 * the count. A run of a few hundred distinct buckets takes a few hundred
 * bytes; the worst case (every bucket used) is about 140 KiB.
 *
 * Decoding restores every bucket's count, so every percentile, the count,
 * the minimum and the maximum are those of the histogram encoded; the mean
 * and the standard deviation are recomputed from the buckets (within the
 * histogram's 3 significant digits).
 *
 * Plain functions; any thread. decode() returns std::nullopt for anything
 * that is not a whole, valid encoding (wrong magic, truncated, an index out
 * of range, trailing bytes, counts that do not fit).
 */
class HistogramBlob final
{
public:
    static QByteArray encode(const model::LatencyHistogram &histogram);
    static std::optional<model::LatencyHistogram> decode(const QByteArray &blob);
};

} // namespace hostbench::storage
