#include "K6Result.h"

#include "SummaryBuilder.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kIntervalUs = 100'000;

struct Request
{
    qint64 timeUs = 0;
    quint64 latencyUs = 0;
    int status = 0;
    int errorCode = 0;
};

} // namespace

std::optional<qint64> K6Result::parseTimeUs(const QString &text)
{
    static const QRegularExpression pattern(
        u"^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d)(?:\\.(\\d+))?(Z|[+-]\\d\\d:\\d\\d)$"_s);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const QDateTime base = QDateTime::fromString(match.captured(1) + match.captured(3), Qt::ISODate);
    if (!base.isValid())
        return std::nullopt;
    const QString fraction = QString(match.captured(2) + u"000000"_s).left(6);
    return base.toMSecsSinceEpoch() * 1000 + fraction.toLongLong();
}

std::optional<K6Result::Run> K6Result::read(const QByteArray &ndjson, QString *error)
{
    Run run;
    QList<Request> requests;
    model::LatencyHistogram connect, waiting;
    int lineNumber = 0;
    for (const QByteArray &rawLine : ndjson.split('\n')) {
        ++lineNumber;
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (!document.isObject()) {
            *error = u"line %1 is not a JSON object (%2): not k6's --out json format"_s.arg(lineNumber)
                         .arg(parseError.errorString());
            return std::nullopt;
        }
        const QJsonObject object = document.object();
        if (object.value(u"type"_s).toString() != u"Point"_s)
            continue;
        const QString metric = object.value(u"metric"_s).toString();
        const QJsonObject data = object.value(u"data"_s).toObject();
        const QJsonValue value = data.value(u"value"_s);
        const std::optional<qint64> time = parseTimeUs(data.value(u"time"_s).toString());
        if (!value.isDouble() || !time) {
            *error = u"line %1: a Point needs a numeric value and an RFC 3339 time"_s.arg(lineNumber);
            return std::nullopt;
        }
        const double number = value.toDouble();
        const QJsonObject tags = data.value(u"tags"_s).toObject();
        if (metric == u"http_req_duration"_s) {
            Request request;
            request.timeUs = *time;
            request.latencyUs = quint64(std::llround(std::clamp(number, 0.0, 1e12) * 1000.0));
            request.status = tags.value(u"status"_s).toString().toInt();
            request.errorCode = tags.value(u"error_code"_s).toString().toInt();
            requests.append(request);
            if (run.parameters.url.isEmpty()) {
                run.parameters.url = tags.value(u"url"_s).toString();
                run.parameters.method = tags.value(u"method"_s).toString(u"GET"_s).toLatin1();
            }
        } else if (metric == u"http_req_connecting"_s) {
            connect.record(quint64(std::llround(std::clamp(number, 0.0, 1e12) * 1000.0)));
        } else if (metric == u"http_req_waiting"_s) {
            waiting.record(quint64(std::llround(std::clamp(number, 0.0, 1e12) * 1000.0)));
        } else if (metric == u"data_received"_s) {
            // Clamped: a double beyond the integer's range does not convert.
            run.summary.totalBytes += quint64(std::clamp(number, 0.0, 1e18));
        } else if (metric == u"vus"_s) {
            run.parameters.concurrency
                = std::max(run.parameters.concurrency, int(std::clamp(number, 0.0, 1e9)));
        }
    }
    if (requests.isEmpty()) {
        *error
            = u"no http_req_duration points: not the output of `k6 run --out json=FILE`, or no request was sent"_s;
        return std::nullopt;
    }
    std::stable_sort(requests.begin(), requests.end(),
        [](const Request &a, const Request &b) { return a.timeUs < b.timeUs; });

    const qint64 startUs = requests.first().timeUs / 1000 * 1000;
    const int intervals = int((requests.last().timeUs - startUs) / kIntervalUs) + 1;
    QList<model::LatencyHistogram> perInterval(intervals);
    run.samples.resize(intervals);
    model::RunSummary &s = run.summary;
    for (const Request &request : std::as_const(requests)) {
        const int index = int((request.timeUs - startUs) / kIntervalUs);
        model::BenchSample &sample = run.samples[index];
        if (request.status == 0) {
            ++sample.failed;
            ++s.failed;
            if (request.errorCode == 1050)
                ++s.failedTimeout;
            else if (request.errorCode >= 1200 && request.errorCode < 1300)
                ++s.failedConnect;
            else
                ++s.failedRead;
            continue;
        }
        ++sample.completed;
        ++s.completed;
        ++s.statusCounts[request.status];
        if (request.status < 200 || request.status > 299)
            ++s.non2xx;
        perInterval[index].record(request.latencyUs);
        run.histogram.record(request.latencyUs);
    }
    for (int i = 0; i < intervals; ++i) {
        model::BenchSample &sample = run.samples[i];
        sample.index = i;
        sample.intervalMs = kIntervalUs / 1000;
        sample.elapsedMs = (i + 1) * sample.intervalMs;
        const model::LatencyHistogram &h = perInterval.at(i);
        sample.p50Us = h.valueAtPercentile(50);
        sample.p90Us = h.valueAtPercentile(90);
        sample.p99Us = h.valueAtPercentile(99);
        sample.maxUs = h.maxUs();
        sample.openConnections = run.parameters.concurrency;
    }

    model::BenchParameters &p = run.parameters;
    p.concurrency = std::max(1, p.concurrency);
    p.durationMs = qint64(intervals) * (kIntervalUs / 1000);
    p.keepAlive = true;
    const QUrl url(p.url);
    s.serverSoftware = u"k6 import"_s;
    s.serverHostname = url.host();
    s.serverPort = quint16(url.port(80));
    s.documentPath = url.path(QUrl::FullyEncoded)
        + (url.hasQuery() ? u"?"_s + url.query(QUrl::FullyEncoded) : QString());
    s.concurrency = p.concurrency;
    s.keepAlive = true;
    s.startedAtMs = startUs / 1000;
    s.timeTakenSec = double(intervals) * double(kIntervalUs) / 1e6;
    s.requestsPerSecond = double(s.completed) / s.timeTakenSec;
    s.transferRateKBps = double(s.totalBytes) / 1024.0 / s.timeTakenSec;
    const model::LatencyHistogram &latency = run.histogram;
    SummaryBuilder::setLatency(s, latency);
    s.connect = SummaryBuilder::timeStats(connect);
    s.waiting = SummaryBuilder::timeStats(waiting);
    s.total = SummaryBuilder::timeStats(latency);
    s.processing = s.total;
    return run;
}

} // namespace hostbench::bench
