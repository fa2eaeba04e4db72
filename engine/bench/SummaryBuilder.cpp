#include "SummaryBuilder.h"

namespace hostbench::bench {

namespace {

double ms(quint64 us)
{
    return double(us) / 1000.0;
}

} // namespace

SummaryBuilder::SummaryBuilder(const model::BenchParameters &parameters, const BenchTarget &target)
    : m_parameters(parameters)
    , m_target(target)
{ }

model::TimeStats SummaryBuilder::timeStats(const model::LatencyHistogram &histogram)
{
    model::TimeStats stats;
    stats.minMs = ms(histogram.minUs());
    stats.meanMs = histogram.meanUs() / 1000.0;
    stats.sdMs = histogram.stdDevUs() / 1000.0;
    stats.medianMs = ms(histogram.valueAtPercentile(50));
    stats.maxMs = ms(histogram.maxUs());
    return stats;
}

void SummaryBuilder::setLatency(model::RunSummary &s, const model::LatencyHistogram &latency)
{
    s.latencyMinMs = ms(latency.minUs());
    s.latencyMeanMs = latency.meanUs() / 1000.0;
    s.latencyP50Ms = ms(latency.valueAtPercentile(50));
    s.latencyP90Ms = ms(latency.valueAtPercentile(90));
    s.latencyP99Ms = ms(latency.valueAtPercentile(99));
    s.latencyP999Ms = ms(latency.valueAtPercentile(99.9));
    s.latencyMaxMs = ms(latency.maxUs());
    for (const int percent : { 50, 66, 75, 80, 90, 95, 98, 99, 100 })
        s.percentiles.append({ percent, ms(latency.valueAtPercentile(percent)) });
}

model::RunSummary SummaryBuilder::build(
    const WorkerStats &stats, const model::LatencyHistogram &latency, double timeTakenSec) const
{
    model::RunSummary s;
    s.serverHostname = BenchTarget::displayHost(m_target.host());
    s.serverPort = m_target.port();
    s.documentPath = m_target.path();
    s.concurrency = m_parameters.concurrency;
    s.keepAlive = m_parameters.keepAlive;
    s.rate = m_parameters.stages.isEmpty()
        ? m_parameters.rate
        : model::LoadStages::plannedRequests(m_parameters.stages, m_parameters.rate) * 1000.0
            / double(std::max<qint64>(1, model::LoadStages::totalMs(m_parameters.stages)));
    s.http2 = m_parameters.http2;
    s.streams = m_parameters.http2 ? m_parameters.streams : 1;

    s.timeTakenSec = timeTakenSec;
    s.completed = stats.completed;
    s.failedConnect = stats.failures[size_t(FailureKind::Connect)];
    s.failedRead = stats.failures[size_t(FailureKind::Read)];
    s.failedLength = stats.failures[size_t(FailureKind::Length)];
    s.failedTimeout = stats.failures[size_t(FailureKind::Timeout)];
    s.failedParse = stats.failures[size_t(FailureKind::Parse)];
    s.failedWrite = stats.failures[size_t(FailureKind::Write)];
    s.failedTls = stats.failures[size_t(FailureKind::Tls)];
    s.tlsHandshakes = stats.tlsHandshakes;
    s.tlsResumed = stats.tlsResumed;
    s.handshake = timeStats(stats.handshake);
    s.handshakeP99Ms = ms(stats.handshake.valueAtPercentile(99));
    s.failed = stats.failed();
    s.unfinished = stats.unfinished;
    s.notSent = stats.notSent;
    s.non2xx = stats.non2xx;
    s.keepAliveRequests = stats.keepAliveRequests;
    s.totalBytes = stats.totalBytes;
    s.htmlBytes = stats.htmlBytes;
    if (timeTakenSec > 0) {
        s.requestsPerSecond = double(stats.completed) / timeTakenSec;
        s.transferRateKBps = double(stats.totalBytes) / 1024.0 / timeTakenSec;
    }
    for (int code = 0; code < WorkerStats::kStatusSlots; ++code) {
        if (stats.statusCounts[size_t(code)])
            s.statusCounts.insert(code, stats.statusCounts[size_t(code)]);
    }

    setLatency(s, latency);
    if (m_parameters.isOpenModel()) {
        s.uncorrectedP50Ms = ms(stats.total.valueAtPercentile(50));
        s.uncorrectedP90Ms = ms(stats.total.valueAtPercentile(90));
        s.uncorrectedP99Ms = ms(stats.total.valueAtPercentile(99));
        s.uncorrectedMaxMs = ms(stats.total.maxUs());
    }

    s.connect = timeStats(stats.connect);
    s.processing = timeStats(stats.processing);
    s.waiting = timeStats(stats.waiting);
    s.total = timeStats(stats.total);
    return s;
}

} // namespace hostbench::bench
