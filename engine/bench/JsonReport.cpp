#include "JsonReport.h"

#include "model/CapacitySearch.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace hostbench::bench {

namespace {

double ms(quint64 us)
{
    return double(us) / 1000.0;
}

QJsonObject timeStats(const model::TimeStats &t)
{
    return { { u"min"_s, t.minMs }, { u"mean"_s, t.meanMs }, { u"sd"_s, t.sdMs }, { u"median"_s, t.medianMs },
        { u"max"_s, t.maxMs } };
}

quint64 countAtOrBelow(const model::LatencyHistogram &histogram, quint64 valueUs)
{
    const int last = model::LatencyHistogram::countsIndexFor(valueUs);
    quint64 sum = 0;
    for (int i = 0; i <= last; ++i)
        sum += histogram.countAtIndex(i);
    return sum;
}

double count(quint64 v)
{
    return double(v); // JSON numbers are doubles: exact up to 2^53
}

// The summary's counters, each a JSON number of the same name.
struct CountMember
{
    const char16_t *name;
    quint64 model::RunSummary::*value;
};
constexpr CountMember kCounts[] = {
    { u"completed", &model::RunSummary::completed },
    { u"failed", &model::RunSummary::failed },
    { u"unfinished", &model::RunSummary::unfinished },
    { u"not_sent", &model::RunSummary::notSent },
    { u"non_2xx", &model::RunSummary::non2xx },
    { u"keep_alive_requests", &model::RunSummary::keepAliveRequests },
    { u"total_bytes", &model::RunSummary::totalBytes },
    { u"html_bytes", &model::RunSummary::htmlBytes },
};
// The failures by kind ("failures": {...}).
constexpr CountMember kFailures[] = {
    { u"connect", &model::RunSummary::failedConnect },
    { u"read", &model::RunSummary::failedRead },
    { u"length", &model::RunSummary::failedLength },
    { u"timeout", &model::RunSummary::failedTimeout },
    { u"parse", &model::RunSummary::failedParse },
    { u"write", &model::RunSummary::failedWrite },
    { u"tls", &model::RunSummary::failedTls },
};

// latency_ms, uncorrected_latency_ms (with a rate), connection_times_ms,
// ttfb_ms and percentiles_ms.
void addLatency(QJsonObject &o, const model::RunSummary &s)
{
    // Without one answered request there is no latency to give: null, not 0.
    if (s.completed == 0)
        o[u"latency_ms"_s] = QJsonValue::Null;
    else
        o[u"latency_ms"_s] = QJsonObject { { u"min"_s, s.latencyMinMs }, { u"mean"_s, s.latencyMeanMs },
            { u"p50"_s, s.latencyP50Ms }, { u"p90"_s, s.latencyP90Ms }, { u"p99"_s, s.latencyP99Ms },
            { u"p999"_s, s.latencyP999Ms }, { u"max"_s, s.latencyMaxMs } };
    if (s.rate > 0 && s.completed == 0)
        o[u"uncorrected_latency_ms"_s] = QJsonValue::Null;
    else if (s.rate > 0)
        o[u"uncorrected_latency_ms"_s]
            = QJsonObject { { u"p50"_s, s.uncorrectedP50Ms }, { u"p90"_s, s.uncorrectedP90Ms },
                  { u"p99"_s, s.uncorrectedP99Ms }, { u"max"_s, s.uncorrectedMaxMs } };
    o[u"connection_times_ms"_s]
        = QJsonObject { { u"connect"_s, timeStats(s.connect) }, { u"processing"_s, timeStats(s.processing) },
              { u"waiting"_s, timeStats(s.waiting) }, { u"total"_s, timeStats(s.total) } };
    // Time to first byte, per request: request written to the first byte of the answer.
    o[u"ttfb_ms"_s] = timeStats(s.waiting);
    QJsonArray percentiles;
    for (const auto &[percent, value] : s.percentiles)
        percentiles.append(QJsonObject { { u"percent"_s, percent }, { u"ms"_s, value } });
    o[u"percentiles_ms"_s] = percentiles;
}

// "parameters": the summary's, and those of the run when given.
QJsonObject parametersToJson(const model::RunSummary &s, const model::BenchParameters *parameters)
{
    QJsonObject p { { u"concurrency"_s, s.concurrency }, { u"keep_alive"_s, s.keepAlive },
        { u"threads"_s, s.threads }, { u"rate"_s, s.rate } };
    if (s.http2) {
        // Only for HTTP/2, so that an HTTP/1.1 run's JSON stays as it was.
        p[u"http2"_s] = true;
        p[u"streams"_s] = s.streams;
    }
    if (!parameters)
        return p;
    p[u"url"_s] = parameters->url;
    p[u"method"_s] = QString::fromLatin1(parameters->method);
    p[u"requests"_s] = double(parameters->requests);
    p[u"duration_ms"_s] = double(parameters->durationMs);
    p[u"warmup_ms"_s] = double(parameters->warmupMs);
    p[u"timeout_ms"_s] = parameters->timeoutMs;
    p[u"sample_interval_ms"_s] = parameters->sampleIntervalMs;
    if (!parameters->stages.isEmpty()) {
        // bench --stages: [{"duration_ms", "rate"}], ramping from "start_rate".
        QJsonArray stages;
        for (const model::LoadStage &stage : parameters->stages)
            stages.append(
                QJsonObject { { u"duration_ms"_s, double(stage.durationMs) }, { u"rate"_s, stage.rate } });
        p[u"stages"_s] = stages;
        p[u"start_rate"_s] = parameters->rate;
    }
    if (parameters->abortOnFail)
        p[u"abort_on_fail"_s] = true;
    if (parameters->isCapacitySearch()) {
        // bench --find-capacity: from "start_rate", each step warmup_ms then step_ms.
        p[u"find_capacity"_s] = QJsonObject { { u"slo"_s,
                                                  QJsonArray::fromStringList(parameters->findCapacity.slo) },
            { u"step_ms"_s, double(parameters->findCapacity.stepMs) },
            { u"precision"_s, parameters->findCapacity.precision }, { u"start_rate"_s, parameters->rate } };
    }
    // What the requests were, so that a replay reaches the same site with the same request.
    if (!parameters->hostOverride.isEmpty())
        p[u"host"_s] = parameters->hostOverride;
    QJsonArray headers;
    for (const auto &[name, value] : parameters->headers)
        headers.append(QJsonObject {
            { u"name"_s, QString::fromLatin1(name) }, { u"value"_s, QString::fromLatin1(value) } });
    if (!headers.isEmpty())
        p[u"headers"_s] = headers;
    if (!parameters->contentType.isEmpty())
        p[u"content_type"_s] = QString::fromLatin1(parameters->contentType);
    if (!parameters->body.isEmpty()) {
        p[u"body_bytes"_s] = double(parameters->body.size());
        p[u"body_base64"_s] = QString::fromLatin1(parameters->body.toBase64());
    }
    return p;
}

} // namespace

void JsonReport::addStoredRun(QJsonObject &report, qint64 runId, const QString &note)
{
    report[u"run_id"_s] = double(runId);
    report[u"note"_s] = note;
}

QJsonObject JsonReport::thresholdsToJson(const model::ThresholdVerdict &verdict)
{
    QJsonArray results;
    for (const model::ThresholdVerdict::Result &result : verdict.results) {
        QJsonObject one { { u"threshold"_s, result.threshold }, { u"measured"_s, result.measured },
            { u"passed"_s, result.passed } };
        // A FACTOR*baseline threshold read again without its baseline.
        if (!result.checked)
            one[u"checked"_s] = false;
        results.append(one);
    }
    return { { u"passed"_s, verdict.passed }, { u"results"_s, results } };
}

QJsonObject JsonReport::sampleToJson(const model::BenchSample &s)
{
    QJsonObject sample { { u"index"_s, s.index }, { u"elapsed_ms"_s, double(s.elapsedMs) },
        { u"interval_ms"_s, double(s.intervalMs) }, { u"completed"_s, count(s.completed) },
        { u"failed"_s, count(s.failed) }, { u"bytes"_s, count(s.bytes) },
        { u"requests_per_second"_s, s.requestsPerSecond() }, { u"p50_us"_s, count(s.p50Us) },
        { u"p90_us"_s, count(s.p90Us) }, { u"p99_us"_s, count(s.p99Us) }, { u"max_us"_s, count(s.maxUs) },
        { u"open_connections"_s, s.openConnections } };
    if (s.plannedRate >= 0) {
        sample.insert(u"planned_rate"_s, s.plannedRate);
        sample.insert(u"paused_ms"_s, double(s.pausedMs));
    }
    return sample;
}

QJsonArray JsonReport::percentileSpectrum(const model::LatencyHistogram &histogram, int ticksPerHalfDistance)
{
    QJsonArray out;
    const quint64 total = histogram.count();
    if (total == 0)
        return out;
    ticksPerHalfDistance = std::max(1, ticksPerHalfDistance);
    // HdrHistogram's percentile iterator: the step halves each time the
    // distance to 100% halves, until one value is left above the percentile.
    double percentile = 0;
    for (;;) {
        const quint64 valueUs = histogram.valueAtPercentile(percentile);
        out.append(QJsonObject { { u"percentile"_s, percentile }, { u"latency_ms"_s, ms(valueUs) },
            { u"count"_s, count(countAtOrBelow(histogram, valueUs)) } });
        if (percentile >= 100.0 || double(total) * (100.0 - percentile) / 100.0 <= 1.0)
            break;
        const double halvings = std::floor(std::log2(100.0 / (100.0 - percentile))) + 1;
        const double ticks = ticksPerHalfDistance * std::pow(2.0, halvings);
        percentile += 100.0 / ticks;
    }
    if (out.last().toObject().value(u"percentile"_s).toDouble() < 100.0)
        out.append(QJsonObject { { u"percentile"_s, 100.0 }, { u"latency_ms"_s, ms(histogram.maxUs()) },
            { u"count"_s, count(total) } });
    return out;
}

QJsonObject JsonReport::toJson(const model::RunSummary &s, const model::LatencyHistogram &histogram,
    const QList<model::BenchSample> &samples, const model::BenchParameters *parameters)
{
    QJsonObject o;
    for (const CountMember &member : kCounts)
        o[QString::fromUtf16(member.name)] = count(s.*member.value);
    o[u"requests_per_second"_s] = s.requestsPerSecond;
    o[u"time_taken_sec"_s] = s.timeTakenSec;
    o[u"transfer_rate_kbps"_s] = s.transferRateKBps;
    o[u"interrupted"_s] = s.interrupted;
    if (!s.abortedBy.isEmpty())
        o[u"aborted"_s] = QJsonObject { { u"threshold"_s, s.abortedBy },
            { u"at_ms"_s, double(s.abortedAtMs) }, { u"figure"_s, s.abortedFigure } };
    o[u"started_at_ms"_s] = double(s.startedAtMs);
    QJsonObject failures;
    for (const CountMember &member : kFailures)
        failures[QString::fromUtf16(member.name)] = count(s.*member.value);
    o[u"failures"_s] = failures;
    if (!s.streamReset.isEmpty())
        o[u"stream_reset"_s] = s.streamReset; // HTTP/2: why the server reset streams (the first)
    QJsonObject statuses;
    for (auto it = s.statusCounts.cbegin(); it != s.statusCounts.cend(); ++it)
        statuses[QString::number(it.key())] = count(it.value());
    o[u"status_counts"_s] = statuses;
    addLatency(o, s);
    o[u"server"_s] = QJsonObject { { u"software"_s, s.serverSoftware }, { u"hostname"_s, s.serverHostname },
        { u"port"_s, int(s.serverPort) }, { u"path"_s, s.documentPath },
        { u"document_length"_s, double(s.documentLength) } };
    if (!s.tlsProtocol.isEmpty() || s.failedTls) {
        // h2load's and oha's TLS figures: null outside https:// runs is left out.
        o[u"tls"_s] = QJsonObject { { u"protocol"_s, s.tlsProtocol }, { u"cipher"_s, s.tlsCipher },
            { u"handshakes"_s, count(s.tlsHandshakes) }, { u"resumed"_s, count(s.tlsResumed) },
            { u"handshake_ms"_s,
                QJsonObject { { u"min"_s, s.handshake.minMs }, { u"mean"_s, s.handshake.meanMs },
                    { u"median"_s, s.handshake.medianMs }, { u"p99"_s, s.handshakeP99Ms },
                    { u"max"_s, s.handshake.maxMs } } },
            { u"failure"_s, s.tlsFailure } };
    }
    o[u"parameters"_s] = parametersToJson(s, parameters);
    if (parameters && !parameters->thresholds.isEmpty())
        o[u"thresholds"_s]
            = thresholdsToJson(model::ThresholdVerdict::check(parameters->thresholds, s, histogram));
    if (!s.capacity.isEmpty())
        o[u"capacity"_s] = model::CapacitySearch::toJson(s.capacity);
    QJsonArray sampleArray;
    for (const model::BenchSample &sample : samples)
        sampleArray.append(sampleToJson(sample));
    o[u"samples"_s] = sampleArray;
    o[u"percentile_spectrum"_s] = percentileSpectrum(histogram);
    return o;
}

} // namespace hostbench::bench
