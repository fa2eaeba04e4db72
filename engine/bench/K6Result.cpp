#include "K6Result.h"

#include "SummaryBuilder.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

using model::LatencyHistogram;

constexpr double kMaxDurationMs = 24.0 * 3600 * 1000;
constexpr double kMaxBytes = 1e15;
constexpr double kMaxVus = 1e7;
constexpr int kNoticeKinds = int(K6Result::Notice::Kind::TruncatedLastLine) + 1;

// A point that lands in an interval: a request (http_req_duration) or bytes (data_received).
struct Event
{
    qint64 timeUs = 0;
    bool request = false;
    quint64 latencyUs = 0; // clamped to the histogram's highest value, as it records it
    int status = 0;
    int errorCode = 0;
    quint64 bytes = 0;
};

bool inRange(double value, double limit)
{
    return std::isfinite(value) && value >= 0 && value <= limit;
}

quint64 microseconds(double ms)
{
    return quint64(std::llround(ms * 1000.0));
}

// What LatencyHistogram::valueAtPercentile gives for these values (sorted
// ascending, none above kHighestTrackableUs), without a histogram's memory.
quint64 percentileOf(const std::vector<quint64> &sorted, double percentile)
{
    if (sorted.empty())
        return 0;
    const auto wanted
        = std::max<quint64>(1, quint64(std::ceil(percentile / 100.0 * double(sorted.size()) - 1e-6)));
    const quint64 value = sorted[size_t(std::min<quint64>(wanted, sorted.size()) - 1)];
    return std::clamp(LatencyHistogram::highestEquivalentValue(LatencyHistogram::countsIndexFor(value)),
        sorted.front(), sorted.back());
}

QString points(qint64 count)
{
    return count == 1 ? u"1 point"_s : u"%1 points"_s.arg(count);
}

} // namespace

QString K6Result::Notice::text() const
{
    switch (kind) {
    case Kind::TimeOutsideYears:
        return u"%1 skipped (first at line %2): dated before 2000-01-01 or after 2099-12-31 (UTC)"_s.arg(
            points(count), QString::number(firstLine));
    case Kind::TimeFarFromRun:
        return u"%1 skipped (first at line %2): dated more than 24 h before or after the first point"_s.arg(
            points(count), QString::number(firstLine));
    case Kind::ValueOutOfRange:
        return u"%1 skipped (first at line %2): value out of range (negative, infinite, a duration above "
               "24 h, above 1e15 bytes or 1e7 VUs)"_s.arg(points(count), QString::number(firstLine));
    case Kind::OutOfOrder:
        return u"%1 dated more than 10 s before a point of an earlier line (first at line %2): sorted into "
               "place"_s.arg(points(count), QString::number(firstLine));
    case Kind::TruncatedLastLine:
        return u"the last line (%1) is cut short (no newline, not JSON): skipped"_s.arg(firstLine);
    }
    return {};
}

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
    std::vector<Event> events;
    LatencyHistogram connect, waiting;
    std::array<Notice, kNoticeKinds> notices;
    for (int kind = 0; kind < kNoticeKinds; ++kind)
        notices[size_t(kind)].kind = Notice::Kind(kind);
    const auto note = [&notices](Notice::Kind kind, int line) {
        Notice &notice = notices[size_t(kind)];
        if (notice.count++ == 0)
            notice.firstLine = line;
    };
    std::optional<qint64> firstUs; // the first point dated within the years accepted
    qint64 latestUs = 0; // the latest point kept so far
    bool sawConnecting = false;
    quint64 keepAlive = 0;

    const QList<QByteArray> lines = ndjson.split('\n');
    const bool lastLineOpen = !ndjson.endsWith('\n');
    int lineNumber = 0;
    for (const QByteArray &rawLine : lines) {
        ++lineNumber;
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (!document.isObject()) {
            if (lastLineOpen && lineNumber == lines.size()) {
                note(Notice::Kind::TruncatedLastLine, lineNumber);
                break;
            }
            *error = u"line %1 is not a JSON object (%2): not k6's --out json format"_s.arg(lineNumber)
                         .arg(parseError.errorString());
            return std::nullopt;
        }
        const QJsonObject object = document.object();
        if (object.value(u"type"_s).toString() != u"Point"_s)
            continue;
        ++run.points;
        const QString metric = object.value(u"metric"_s).toString();
        const QJsonObject data = object.value(u"data"_s).toObject();
        const QJsonValue value = data.value(u"value"_s);
        const std::optional<qint64> time = parseTimeUs(data.value(u"time"_s).toString());
        if (!value.isDouble() || !time) {
            *error = u"line %1: a Point needs a numeric value and an RFC 3339 time"_s.arg(lineNumber);
            return std::nullopt;
        }
        if (*time < kEarliestUs || *time >= kLatestUs) {
            note(Notice::Kind::TimeOutsideYears, lineNumber);
            continue;
        }
        if (!firstUs)
            firstUs = *time;
        if (std::abs(*time - *firstUs) > kMaxDistanceUs) {
            note(Notice::Kind::TimeFarFromRun, lineNumber);
            continue;
        }
        const double number = value.toDouble();
        const QJsonObject tags = data.value(u"tags"_s).toObject();
        const bool duration = metric == u"http_req_duration"_s || metric == u"http_req_connecting"_s
            || metric == u"http_req_waiting"_s;
        const bool bytes = metric == u"data_received"_s;
        const bool vus = metric == u"vus"_s;
        if ((duration && !inRange(number, kMaxDurationMs)) || (bytes && !inRange(number, kMaxBytes))
            || (vus && !inRange(number, kMaxVus))) {
            note(Notice::Kind::ValueOutOfRange, lineNumber);
            continue;
        }
        if (*time < latestUs - kReorderWindowUs)
            note(Notice::Kind::OutOfOrder, lineNumber);
        latestUs = std::max(latestUs, *time);

        if (metric == u"http_req_duration"_s) {
            Event request;
            request.timeUs = *time;
            request.request = true;
            request.latencyUs = std::min(microseconds(number), LatencyHistogram::kHighestTrackableUs);
            request.status = tags.value(u"status"_s).toString().toInt();
            request.errorCode = tags.value(u"error_code"_s).toString().toInt();
            events.push_back(request);
            if (run.parameters.url.isEmpty()) {
                run.parameters.url = tags.value(u"url"_s).toString();
                run.parameters.method = tags.value(u"method"_s).toString(u"GET"_s).toLatin1();
            }
        } else if (metric == u"http_req_connecting"_s) {
            connect.record(microseconds(number));
            sawConnecting = true;
            // No time spent connecting: the request went on a reused connection.
            if (number == 0 && tags.value(u"status"_s).toString() != u"0"_s)
                ++keepAlive;
        } else if (metric == u"http_req_waiting"_s) {
            waiting.record(microseconds(number));
        } else if (bytes) {
            Event received;
            received.timeUs = *time;
            received.bytes = quint64(number);
            events.push_back(received);
        } else if (vus) {
            run.parameters.concurrency = std::max(run.parameters.concurrency, int(number));
        }
    }
    for (const Notice &notice : notices)
        if (notice.count > 0)
            run.notices.append(notice);
    const bool anyRequest
        = std::any_of(events.begin(), events.end(), [](const Event &event) { return event.request; });
    if (!anyRequest) {
        *error
            = u"no http_req_duration points: not the output of `k6 run --out json=FILE`, or no request was sent"_s;
        for (const Notice &notice : std::as_const(run.notices))
            *error += u"; "_s + notice.text();
        return std::nullopt;
    }
    std::stable_sort(
        events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeUs < b.timeUs; });

    model::RunSummary &s = run.summary;
    const qint64 startUs = events.front().timeUs / 1000 * 1000;
    const auto sampleAt = [&run](qint64 index) {
        model::BenchSample sample;
        sample.index = int(index);
        sample.intervalMs = kIntervalUs / 1000;
        sample.elapsedMs = (index + 1) * sample.intervalMs;
        sample.openConnections = run.parameters.concurrency;
        return sample;
    };
    std::vector<quint64> latencies;
    qint64 previous = -1; // the last interval with a point
    for (size_t i = 0; i < events.size();) {
        const qint64 index = (events[i].timeUs - startUs) / kIntervalUs;
        // A zero on each side of a gap, so that a chart draws 0 across it.
        if (previous >= 0 && index - 1 >= previous + 1) {
            run.samples.append(sampleAt(previous + 1));
            if (index - 1 > previous + 1)
                run.samples.append(sampleAt(index - 1));
        }
        model::BenchSample sample = sampleAt(index);
        latencies.clear();
        for (; i < events.size() && (events[i].timeUs - startUs) / kIntervalUs == index; ++i) {
            const Event &event = events[i];
            if (!event.request) {
                sample.bytes += event.bytes;
                s.totalBytes += event.bytes;
                continue;
            }
            if (event.status == 0) {
                ++sample.failed;
                ++s.failed;
                if (event.errorCode == 1050)
                    ++s.failedTimeout;
                else if (event.errorCode >= 1200 && event.errorCode < 1300)
                    ++s.failedConnect;
                else
                    ++s.failedRead;
                continue;
            }
            ++sample.completed;
            ++s.completed;
            ++s.statusCounts[event.status];
            if (event.status < 200 || event.status > 299)
                ++s.non2xx;
            latencies.push_back(event.latencyUs);
            run.histogram.record(event.latencyUs);
        }
        std::sort(latencies.begin(), latencies.end());
        sample.p50Us = percentileOf(latencies, 50);
        sample.p90Us = percentileOf(latencies, 90);
        sample.p99Us = percentileOf(latencies, 99);
        sample.maxUs = latencies.empty() ? 0 : latencies.back();
        run.samples.append(sample);
        previous = index;
    }
    const qint64 intervals = previous + 1;

    model::BenchParameters &p = run.parameters;
    p.concurrency = std::max(1, p.concurrency);
    p.durationMs = intervals * (kIntervalUs / 1000);
    p.keepAlive = sawConnecting ? keepAlive > 0 : true;
    const QUrl url(p.url);
    s.serverSoftware = u"k6 import"_s;
    s.serverHostname = url.host();
    s.serverPort = quint16(url.port(80));
    s.documentPath = url.path(QUrl::FullyEncoded)
        + (url.hasQuery() ? u"?"_s + url.query(QUrl::FullyEncoded) : QString());
    s.concurrency = p.concurrency;
    s.keepAlive = p.keepAlive;
    s.keepAliveRequests = std::min<quint64>(keepAlive, s.completed);
    s.startedAtMs = startUs / 1000;
    s.timeTakenSec = double(intervals) * double(kIntervalUs) / 1e6;
    s.requestsPerSecond = double(s.completed) / s.timeTakenSec;
    s.transferRateKBps = double(s.totalBytes) / 1024.0 / s.timeTakenSec;
    const LatencyHistogram &latency = run.histogram;
    SummaryBuilder::setLatency(s, latency);
    s.connect = SummaryBuilder::timeStats(connect);
    s.waiting = SummaryBuilder::timeStats(waiting);
    s.total = SummaryBuilder::timeStats(latency);
    s.processing = s.total;
    return run;
}

} // namespace hostbench::bench
