// Fuzz target: `hostbench-cli import k6 FILE`, the one import path
// (K6Result: k6's `--out json` NDJSON into a run).
// Properties, for any input:
//  - it reads into a run or fails with a reason, never crashes;
//  - memory follows the points, not their time span: samples <= 3 × Point
//    lines, whatever the dates (no per-interval histograms at all);
//  - samples are sorted by time, with increasing index, each ending at
//    (index + 1) × 100 ms, the last at the run's duration, which is at most
//    48 h (every kept point within 24 h of the first);
//  - the samples add up to the summary (completed, failed, bytes), the
//    histogram holds every completed request, failures add up by kind, the
//    keep-alive count is at most the completed requests, and each sample's
//    p50 <= p90 <= p99 <= max <= 1 h;
//  - the start is dated from 2000 to 2099;
//  - notices come once per kind, in order, each with a count and a first
//    line within the input, and they name no more points than were read.
#include "FuzzCheck.h"

#include "bench/K6Result.h"

#include <QByteArray>
#include <QString>

#include <cmath>
#include <cstdint>

using hostbench::bench::K6Result;
using hostbench::model::LatencyHistogram;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 65536)
        return 0;
    const QByteArray input = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const std::optional<K6Result::Run> run = K6Result::read(input, &error);
    if (!run) {
        FUZZ_CHECK(!error.isEmpty());
        return 0;
    }
    const qint64 lines = input.count('\n') + 1;
    FUZZ_CHECK(run->points >= 1 && run->points <= lines);
    FUZZ_CHECK(!run->samples.isEmpty());
    FUZZ_CHECK(run->samples.size() <= 3 * run->points);

    const hostbench::model::RunSummary &s = run->summary;
    quint64 completed = 0, failed = 0, bytes = 0;
    int previous = -1;
    for (const hostbench::model::BenchSample &sample : run->samples) {
        FUZZ_CHECK(sample.index > previous);
        previous = sample.index;
        FUZZ_CHECK(sample.intervalMs == 100);
        FUZZ_CHECK(sample.elapsedMs == (qint64(sample.index) + 1) * 100);
        FUZZ_CHECK(
            sample.p50Us <= sample.p90Us && sample.p90Us <= sample.p99Us && sample.p99Us <= sample.maxUs);
        FUZZ_CHECK(sample.maxUs <= LatencyHistogram::kHighestTrackableUs);
        FUZZ_CHECK(sample.completed > 0 || sample.maxUs == 0);
        completed += sample.completed;
        failed += sample.failed;
        bytes += sample.bytes;
    }
    FUZZ_CHECK(run->samples.last().elapsedMs == run->parameters.durationMs);
    FUZZ_CHECK(run->parameters.durationMs <= 2 * K6Result::kMaxDistanceUs / 1000 + 100);
    FUZZ_CHECK(completed == s.completed && failed == s.failed && bytes == s.totalBytes);
    FUZZ_CHECK(s.completed + s.failed >= 1);
    FUZZ_CHECK(s.failed == s.failedTimeout + s.failedConnect + s.failedRead);
    FUZZ_CHECK(run->histogram.count() == s.completed);
    FUZZ_CHECK(s.keepAliveRequests <= s.completed);
    FUZZ_CHECK(std::isfinite(s.requestsPerSecond) && std::isfinite(s.transferRateKBps));
    FUZZ_CHECK(std::abs(s.timeTakenSec * 1000 - double(run->parameters.durationMs)) < 1e-3);
    FUZZ_CHECK(s.startedAtMs >= K6Result::kEarliestUs / 1000 && s.startedAtMs < K6Result::kLatestUs / 1000);

    int previousKind = -1;
    qint64 noted = 0; // points, each in one notice at most
    for (const K6Result::Notice &notice : run->notices) {
        FUZZ_CHECK(int(notice.kind) > previousKind);
        previousKind = int(notice.kind);
        FUZZ_CHECK(notice.count >= 1 && notice.firstLine >= 1 && notice.firstLine <= lines);
        FUZZ_CHECK(!notice.text().isEmpty());
        if (notice.kind != K6Result::Notice::Kind::TruncatedLastLine)
            noted += notice.count;
    }
    FUZZ_CHECK(noted <= run->points);
    return 0;
}
