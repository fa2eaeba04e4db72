#pragma once

#include "BenchTarget.h"
#include "WorkerStats.h"
#include "model/BenchParameters.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

namespace hostbench::bench {

/*
 * Turns the merged per-thread figures of a finished run into a RunSummary:
 * ab's totals and rates, its Connection Times rows and percentile table, and
 * the latency percentiles (from `latency`: the total time, or with a rate the
 * coordinated-omission corrected time). Units: ms in the summary, µs in the
 * histograms. Plain computation; any thread.
 */
class SummaryBuilder final
{
public:
    SummaryBuilder(const model::BenchParameters &parameters, const BenchTarget &target);

    model::RunSummary build(
        const WorkerStats &stats, const model::LatencyHistogram &latency, double timeTakenSec) const;

    // ab's Connection Times row (min, mean, sd, median, max in ms) of `histogram` (µs).
    static model::TimeStats timeStats(const model::LatencyHistogram &histogram);
    // Sets the latency figures of `summary` (min, mean, p50, p90, p99, p99.9,
    // max, in ms) and ab's percentile table (50% to 100%) from `latency` (µs).
    static void setLatency(model::RunSummary &summary, const model::LatencyHistogram &latency);

private:
    const model::BenchParameters &m_parameters;
    const BenchTarget &m_target;
};

} // namespace hostbench::bench
