#include "storage/RunJson.h"

#include "model/CapacitySearch.h"

#include <QJsonArray>

#include <cmath>
#include <limits>

namespace hostbench::storage {

namespace {

using namespace Qt::StringLiterals;

QJsonValue bytes(const QByteArray &value)
{
    return QString::fromLatin1(value.toBase64());
}

QByteArray bytesFrom(const QJsonValue &value)
{
    return QByteArray::fromBase64(value.toString().toLatin1());
}

// JSON numbers are doubles: counters above 2^53 would lose precision, so
// 64-bit integers travel as decimal strings.
QJsonValue integer(quint64 value)
{
    return QString::number(value);
}

QJsonValue integer(qint64 value)
{
    return QString::number(value);
}

// A number, or a decimal string as written above; anything else is 0. A
// double outside the type's range saturates (converting it would be undefined).
quint64 unsignedFrom(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().toULongLong();
    const double number = value.toDouble();
    if (!(number > 0))
        return 0; // NaN too
    if (number >= 18446744073709551616.0) // 2^64
        return std::numeric_limits<quint64>::max();
    return quint64(number);
}

qint64 signedFrom(const QJsonValue &value)
{
    if (value.isString())
        return value.toString().toLongLong();
    const double number = value.toDouble();
    if (std::isnan(number))
        return 0;
    if (number >= 9223372036854775808.0) // 2^63
        return std::numeric_limits<qint64>::max();
    if (number < -9223372036854775808.0)
        return std::numeric_limits<qint64>::min();
    return qint64(number);
}

QJsonObject timeStats(const model::TimeStats &stats)
{
    return { { u"min_ms"_s, stats.minMs }, { u"mean_ms"_s, stats.meanMs }, { u"sd_ms"_s, stats.sdMs },
        { u"median_ms"_s, stats.medianMs }, { u"max_ms"_s, stats.maxMs } };
}

model::TimeStats timeStatsFrom(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    model::TimeStats stats;
    stats.minMs = o[u"min_ms"_s].toDouble();
    stats.meanMs = o[u"mean_ms"_s].toDouble();
    stats.sdMs = o[u"sd_ms"_s].toDouble();
    stats.medianMs = o[u"median_ms"_s].toDouble();
    stats.maxMs = o[u"max_ms"_s].toDouble();
    return stats;
}

} // namespace

QJsonObject RunJson::toJson(const model::BenchParameters &p)
{
    QJsonArray headers;
    for (const auto &[name, value] : p.headers)
        headers.append(QJsonArray { bytes(name), bytes(value) });
    QJsonObject o { { u"url"_s, p.url }, { u"method"_s, QString::fromLatin1(p.method) },
        { u"headers_b64"_s, headers }, { u"body_b64"_s, bytes(p.body) },
        { u"content_type"_s, QString::fromLatin1(p.contentType) }, { u"host_override"_s, p.hostOverride },
        { u"concurrency"_s, p.concurrency }, { u"requests"_s, integer(qint64(p.requests)) },
        { u"duration_ms"_s, integer(qint64(p.durationMs)) }, { u"keep_alive"_s, p.keepAlive },
        { u"threads"_s, p.threads }, { u"rate"_s, p.rate }, { u"warmup_ms"_s, integer(qint64(p.warmupMs)) },
        { u"sample_interval_ms"_s, p.sampleIntervalMs }, { u"timeout_ms"_s, p.timeoutMs },
        { u"tls_verify"_s, p.tlsVerify }, { u"tls_resume"_s, p.tlsResume } };
    if (!p.thresholds.isEmpty())
        o[u"thresholds"_s] = QJsonArray::fromStringList(p.thresholds);
    if (p.abortOnFail)
        o[u"abort_on_fail"_s] = true;
    if (p.compareBaseline)
        o[u"compare_baseline"_s] = true;
    if (p.baselineRunId != 0)
        o[u"baseline_run"_s] = integer(qint64(p.baselineRunId));
    if (!p.stages.isEmpty()) {
        // Only for staged runs: [{"duration_ms", "rate"}, ...].
        QJsonArray stages;
        for (const model::LoadStage &stage : p.stages)
            stages.append(QJsonObject {
                { u"duration_ms"_s, integer(qint64(stage.durationMs)) }, { u"rate"_s, stage.rate } });
        o[u"stages"_s] = stages;
    }
    if (p.isCapacitySearch()) {
        // Only for bench --find-capacity: {"slo": [...], "step_ms", "precision"}.
        o[u"find_capacity"_s] = QJsonObject { { u"slo"_s, QJsonArray::fromStringList(p.findCapacity.slo) },
            { u"step_ms"_s, integer(qint64(p.findCapacity.stepMs)) },
            { u"precision"_s, p.findCapacity.precision } };
    }
    if (p.http2) {
        // Only for HTTP/2 runs: an HTTP/1.1 run's JSON stays as it was.
        o[u"http2"_s] = true;
        o[u"streams"_s] = p.streams;
    }
    return o;
}

model::BenchParameters RunJson::parametersFromJson(const QJsonObject &o)
{
    model::BenchParameters p;
    p.url = o[u"url"_s].toString(p.url);
    if (o.contains(u"method"_s))
        p.method = o[u"method"_s].toString().toLatin1();
    for (const QJsonValue &header : o[u"headers_b64"_s].toArray()) {
        const QJsonArray pair = header.toArray();
        p.headers.append({ bytesFrom(pair.at(0)), bytesFrom(pair.at(1)) });
    }
    p.body = bytesFrom(o[u"body_b64"_s]);
    p.contentType = o[u"content_type"_s].toString().toLatin1();
    p.hostOverride = o[u"host_override"_s].toString();
    p.concurrency = o[u"concurrency"_s].toInt(p.concurrency);
    p.requests = signedFrom(o[u"requests"_s]);
    p.durationMs = signedFrom(o[u"duration_ms"_s]);
    p.keepAlive = o[u"keep_alive"_s].toBool(p.keepAlive);
    p.threads = o[u"threads"_s].toInt(p.threads);
    p.rate = o[u"rate"_s].toDouble(p.rate);
    p.warmupMs = signedFrom(o[u"warmup_ms"_s]);
    p.sampleIntervalMs = o[u"sample_interval_ms"_s].toInt(p.sampleIntervalMs);
    p.timeoutMs = o[u"timeout_ms"_s].toInt(p.timeoutMs);
    p.tlsVerify = o[u"tls_verify"_s].toBool(p.tlsVerify);
    p.tlsResume = o[u"tls_resume"_s].toBool(p.tlsResume);
    for (const QJsonValue &threshold : o[u"thresholds"_s].toArray())
        p.thresholds.append(threshold.toString());
    p.abortOnFail = o[u"abort_on_fail"_s].toBool(false);
    p.compareBaseline = o[u"compare_baseline"_s].toBool(false);
    p.baselineRunId = signedFrom(o[u"baseline_run"_s]);
    for (const QJsonValue &entry : o[u"stages"_s].toArray()) {
        const QJsonObject stage = entry.toObject();
        p.stages.append({ signedFrom(stage[u"duration_ms"_s]), stage[u"rate"_s].toDouble() });
    }
    p.http2 = o[u"http2"_s].toBool(false); // absent: an HTTP/1.1 run
    p.streams = p.http2 ? o[u"streams"_s].toInt(1) : 1;
    const QJsonObject capacity = o[u"find_capacity"_s].toObject(); // absent: no capacity search
    for (const QJsonValue &slo : capacity[u"slo"_s].toArray())
        p.findCapacity.slo.append(slo.toString());
    if (capacity.contains(u"step_ms"_s))
        p.findCapacity.stepMs = signedFrom(capacity[u"step_ms"_s]);
    p.findCapacity.precision = capacity[u"precision"_s].toDouble(p.findCapacity.precision);
    return p;
}

QJsonObject RunJson::toJson(const model::RunSummary &s)
{
    QJsonObject statusCounts;
    for (auto it = s.statusCounts.cbegin(); it != s.statusCounts.cend(); ++it)
        statusCounts.insert(QString::number(it.key()), integer(it.value()));
    QJsonArray percentiles;
    for (const auto &[percent, ms] : s.percentiles)
        percentiles.append(QJsonArray { percent, ms });

    QJsonObject o = { { u"server_software"_s, s.serverSoftware }, { u"server_hostname"_s, s.serverHostname },
        { u"server_port"_s, s.serverPort }, { u"document_path"_s, s.documentPath },
        { u"document_length"_s, integer(qint64(s.documentLength)) }, { u"concurrency"_s, s.concurrency },
        { u"keep_alive"_s, s.keepAlive }, { u"threads"_s, s.threads }, { u"rate"_s, s.rate },
        { u"started_at_ms"_s, integer(qint64(s.startedAtMs)) }, { u"time_taken_sec"_s, s.timeTakenSec },
        { u"completed"_s, integer(s.completed) }, { u"failed"_s, integer(s.failed) },
        { u"failed_connect"_s, integer(s.failedConnect) }, { u"failed_read"_s, integer(s.failedRead) },
        { u"failed_length"_s, integer(s.failedLength) }, { u"failed_timeout"_s, integer(s.failedTimeout) },
        { u"failed_parse"_s, integer(s.failedParse) }, { u"failed_write"_s, integer(s.failedWrite) },
        { u"unfinished"_s, integer(s.unfinished) }, { u"not_sent"_s, integer(s.notSent) },
        { u"non_2xx"_s, integer(s.non2xx) }, { u"keep_alive_requests"_s, integer(s.keepAliveRequests) },
        { u"total_bytes"_s, integer(s.totalBytes) }, { u"html_bytes"_s, integer(s.htmlBytes) },
        { u"requests_per_second"_s, s.requestsPerSecond }, { u"transfer_rate_kbps"_s, s.transferRateKBps },
        { u"interrupted"_s, s.interrupted }, { u"status_counts"_s, statusCounts },
        { u"latency_min_ms"_s, s.latencyMinMs }, { u"latency_mean_ms"_s, s.latencyMeanMs },
        { u"latency_p50_ms"_s, s.latencyP50Ms }, { u"latency_p90_ms"_s, s.latencyP90Ms },
        { u"latency_p99_ms"_s, s.latencyP99Ms }, { u"latency_p999_ms"_s, s.latencyP999Ms },
        { u"latency_max_ms"_s, s.latencyMaxMs }, { u"uncorrected_p50_ms"_s, s.uncorrectedP50Ms },
        { u"uncorrected_p90_ms"_s, s.uncorrectedP90Ms }, { u"uncorrected_p99_ms"_s, s.uncorrectedP99Ms },
        { u"uncorrected_max_ms"_s, s.uncorrectedMaxMs }, { u"connect"_s, timeStats(s.connect) },
        { u"processing"_s, timeStats(s.processing) }, { u"waiting"_s, timeStats(s.waiting) },
        { u"total"_s, timeStats(s.total) }, { u"percentiles"_s, percentiles } };
    if (!s.tlsProtocol.isEmpty() || s.failedTls) {
        o[u"failed_tls"_s] = integer(s.failedTls);
        o[u"tls_protocol"_s] = s.tlsProtocol;
        o[u"tls_cipher"_s] = s.tlsCipher;
        o[u"tls_handshakes"_s] = integer(s.tlsHandshakes);
        o[u"tls_resumed"_s] = integer(s.tlsResumed);
        o[u"handshake"_s] = timeStats(s.handshake);
        o[u"handshake_p99_ms"_s] = s.handshakeP99Ms;
        o[u"tls_failure"_s] = s.tlsFailure;
    }
    if (s.http2) {
        o[u"http2"_s] = true;
        o[u"streams"_s] = s.streams;
        if (!s.streamReset.isEmpty())
            o[u"stream_reset"_s] = s.streamReset;
    }
    if (!s.abortedBy.isEmpty()) {
        o[u"aborted_by"_s] = s.abortedBy;
        o[u"aborted_at_ms"_s] = integer(qint64(s.abortedAtMs));
        o[u"aborted_figure"_s] = s.abortedFigure;
    }
    if (!s.capacity.isEmpty())
        o[u"capacity"_s] = model::CapacitySearch::toJson(s.capacity);
    return o;
}

model::RunSummary RunJson::summaryFromJson(const QJsonObject &o)
{
    model::RunSummary s;
    s.serverSoftware = o[u"server_software"_s].toString();
    s.serverHostname = o[u"server_hostname"_s].toString();
    s.serverPort = quint16(o[u"server_port"_s].toInt());
    s.documentPath = o[u"document_path"_s].toString();
    s.documentLength = signedFrom(o[u"document_length"_s]);
    s.concurrency = o[u"concurrency"_s].toInt();
    s.keepAlive = o[u"keep_alive"_s].toBool();
    s.threads = o[u"threads"_s].toInt(s.threads);
    s.rate = o[u"rate"_s].toDouble();
    s.startedAtMs = signedFrom(o[u"started_at_ms"_s]);
    s.timeTakenSec = o[u"time_taken_sec"_s].toDouble();
    s.completed = unsignedFrom(o[u"completed"_s]);
    s.failed = unsignedFrom(o[u"failed"_s]);
    s.failedConnect = unsignedFrom(o[u"failed_connect"_s]);
    s.failedRead = unsignedFrom(o[u"failed_read"_s]);
    s.failedLength = unsignedFrom(o[u"failed_length"_s]);
    s.failedTimeout = unsignedFrom(o[u"failed_timeout"_s]);
    s.failedParse = unsignedFrom(o[u"failed_parse"_s]);
    s.failedWrite = unsignedFrom(o[u"failed_write"_s]); // absent in runs stored before: 0
    s.unfinished = unsignedFrom(o[u"unfinished"_s]); // absent in runs stored before: 0
    s.notSent = unsignedFrom(o[u"not_sent"_s]);
    s.non2xx = unsignedFrom(o[u"non_2xx"_s]);
    s.keepAliveRequests = unsignedFrom(o[u"keep_alive_requests"_s]);
    s.totalBytes = unsignedFrom(o[u"total_bytes"_s]);
    s.htmlBytes = unsignedFrom(o[u"html_bytes"_s]);
    s.requestsPerSecond = o[u"requests_per_second"_s].toDouble();
    s.transferRateKBps = o[u"transfer_rate_kbps"_s].toDouble();
    s.interrupted = o[u"interrupted"_s].toBool();
    s.http2 = o[u"http2"_s].toBool(false); // absent: an HTTP/1.1 run
    s.streams = s.http2 ? o[u"streams"_s].toInt(1) : 1;
    s.streamReset = o[u"stream_reset"_s].toString(); // absent: none
    s.abortedBy = o[u"aborted_by"_s].toString(); // absent: not aborted
    s.abortedAtMs = signedFrom(o[u"aborted_at_ms"_s]);
    s.abortedFigure = o[u"aborted_figure"_s].toString();
    s.capacity = model::CapacitySearch::fromJson(o[u"capacity"_s].toObject()); // absent: no capacity search
    const QJsonObject statusCounts = o[u"status_counts"_s].toObject();
    for (auto it = statusCounts.begin(); it != statusCounts.end(); ++it)
        s.statusCounts.insert(it.key().toInt(), unsignedFrom(it.value()));
    s.latencyMinMs = o[u"latency_min_ms"_s].toDouble();
    s.latencyMeanMs = o[u"latency_mean_ms"_s].toDouble();
    s.latencyP50Ms = o[u"latency_p50_ms"_s].toDouble();
    s.latencyP90Ms = o[u"latency_p90_ms"_s].toDouble();
    s.latencyP99Ms = o[u"latency_p99_ms"_s].toDouble();
    s.latencyP999Ms = o[u"latency_p999_ms"_s].toDouble();
    s.latencyMaxMs = o[u"latency_max_ms"_s].toDouble();
    s.uncorrectedP50Ms = o[u"uncorrected_p50_ms"_s].toDouble();
    s.uncorrectedP90Ms = o[u"uncorrected_p90_ms"_s].toDouble();
    s.uncorrectedP99Ms = o[u"uncorrected_p99_ms"_s].toDouble();
    s.uncorrectedMaxMs = o[u"uncorrected_max_ms"_s].toDouble();
    s.connect = timeStatsFrom(o[u"connect"_s]);
    s.processing = timeStatsFrom(o[u"processing"_s]);
    s.waiting = timeStatsFrom(o[u"waiting"_s]);
    s.total = timeStatsFrom(o[u"total"_s]);
    // https:// runs only; absent in the others and in runs stored before.
    s.failedTls = unsignedFrom(o[u"failed_tls"_s]);
    s.tlsProtocol = o[u"tls_protocol"_s].toString();
    s.tlsCipher = o[u"tls_cipher"_s].toString();
    s.tlsHandshakes = unsignedFrom(o[u"tls_handshakes"_s]);
    s.tlsResumed = unsignedFrom(o[u"tls_resumed"_s]);
    s.handshake = timeStatsFrom(o[u"handshake"_s]);
    s.handshakeP99Ms = o[u"handshake_p99_ms"_s].toDouble();
    s.tlsFailure = o[u"tls_failure"_s].toString();
    for (const QJsonValue &entry : o[u"percentiles"_s].toArray()) {
        const QJsonArray pair = entry.toArray();
        s.percentiles.append({ pair.at(0).toInt(), pair.at(1).toDouble() });
    }
    return s;
}

} // namespace hostbench::storage
