#include "storage/HistogramBlob.h"

#include <algorithm>

namespace hostbench::storage {

namespace {

using Histogram = model::LatencyHistogram;

const QByteArray kMagic("HBH1");

void putVarint(QByteArray &out, quint64 value)
{
    while (value >= 0x80) {
        out.append(char(0x80 | (value & 0x7f)));
        value >>= 7;
    }
    out.append(char(value));
}

// Reads one varint at *pos; false when the bytes end first or it passes 64 bits.
bool getVarint(const QByteArray &in, qsizetype *pos, quint64 *value)
{
    quint64 result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (*pos >= in.size())
            return false;
        const auto byte = quint8(in.at((*pos)++));
        if (shift == 63 && byte > 1)
            return false;
        result |= quint64(byte & 0x7f) << shift;
        if (!(byte & 0x80)) {
            *value = result;
            return true;
        }
    }
    return false;
}

} // namespace

QByteArray HistogramBlob::encode(const Histogram &histogram)
{
    QByteArray out = kMagic;
    int pairs = 0;
    for (int i = 0; i < Histogram::kCountsLength; ++i)
        pairs += histogram.countAtIndex(i) != 0;
    putVarint(out, quint64(pairs));
    putVarint(out, histogram.minUs());
    putVarint(out, histogram.maxUs());
    int previous = -1;
    for (int i = 0; i < Histogram::kCountsLength; ++i) {
        const quint64 count = histogram.countAtIndex(i);
        if (count == 0)
            continue;
        putVarint(out, quint64(i - previous));
        putVarint(out, count);
        previous = i;
    }
    return out;
}

std::optional<Histogram> HistogramBlob::decode(const QByteArray &blob)
{
    if (!blob.startsWith(kMagic))
        return std::nullopt;
    qsizetype pos = kMagic.size();
    quint64 pairs = 0, minUs = 0, maxUs = 0;
    if (!getVarint(blob, &pos, &pairs) || !getVarint(blob, &pos, &minUs) || !getVarint(blob, &pos, &maxUs)
        || pairs > quint64(Histogram::kCountsLength) || minUs > maxUs
        || maxUs > Histogram::kHighestTrackableUs)
        return std::nullopt;
    if (pairs == 0)
        return pos == blob.size() ? std::optional<Histogram>(std::in_place) : std::nullopt;

    const int minIndex = Histogram::countsIndexFor(minUs);
    const int maxIndex = Histogram::countsIndexFor(maxUs);
    Histogram histogram;
    quint64 total = 0;
    qint64 index = -1;
    for (quint64 n = 0; n < pairs; ++n) {
        quint64 step = 0, count = 0;
        if (!getVarint(blob, &pos, &step) || !getVarint(blob, &pos, &count) || step == 0 || count == 0
            || step > quint64(Histogram::kCountsLength))
            return std::nullopt;
        index += qint64(step);
        if (index < minIndex || index > maxIndex || count > ~quint64(0) - total)
            return std::nullopt;
        total += count;
        const int i = int(index);
        // The bucket's middle stands for its values; the first and last
        // buckets also hold the exact minimum and maximum.
        const quint64 low = Histogram::lowestEquivalentValue(i);
        const quint64 middle
            = std::clamp(low + (Histogram::highestEquivalentValue(i) - low) / 2, minUs, maxUs);
        quint64 left = count;
        if (i == minIndex) {
            histogram.record(minUs);
            --left;
        }
        if (i == maxIndex && left > 0) {
            histogram.record(maxUs);
            --left;
        }
        histogram.record(middle, left);
    }
    // The extremes must be in the buckets the header names.
    if (pos != blob.size() || histogram.minUs() != minUs || histogram.maxUs() != maxUs)
        return std::nullopt;
    return histogram;
}

} // namespace hostbench::storage
