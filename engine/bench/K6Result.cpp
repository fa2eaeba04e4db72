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

// The metrics read here with the limit of their values (a point beyond one is
// set aside: Notice::Kind::ValueOutOfRange).
struct MetricLimit
{
    const char16_t *metric;
    double limit;
};
constexpr MetricLimit kLimits[] = {
    { u"http_req_duration", kMaxDurationMs },
    { u"http_req_connecting", kMaxDurationMs },
    { u"http_req_waiting", kMaxDurationMs },
    { u"data_received", kMaxBytes },
    { u"vus", kMaxVus },
};

bool valueInRange(const QString &metric, double value)
{
    for (const MetricLimit &limit : kLimits)
        if (metric == QStringView(limit.metric))
            return inRange(value, limit.limit);
    return true;
}

// One read of k6's output, in phases: the lines into events (readLines),
// the events into intervals (buildSamples), then the summary (finishSummary).
class K6Reader
{
public:
    using Notice = K6Result::Notice;

    K6Reader()
    {
        for (int kind = 0; kind < kNoticeKinds; ++kind)
            notices[size_t(kind)].kind = Notice::Kind(kind);
    }

    // Every line; false on one that is not JSON or a Point without a value or time.
    bool readLines(const QByteArray &ndjson, QString *error);
    // The notices into run.notices; false without a request.
    bool checkRequests(QString *error);
    // The events sorted into 100 ms samples, with the totals and status counts.
    void buildSamples();
    // The parameters and the rest of the summary.
    void finishSummary();

    K6Result::Run run;

private:
    enum class Line { Next, End, Failed }; // read on, stop (a cut last line), fail (*error)
    Line readLine(const QByteArray &line, int lineNumber, bool last, QString *error);
    // A point dated and valued within range: into the events or the histograms.
    void addPoint(const QString &metric, qint64 timeUs, double value, const QJsonObject &tags);
    model::BenchSample sampleAt(qint64 index) const;
    void countEvent(const Event &event, model::BenchSample *sample, std::vector<quint64> *latencies);

    void note(Notice::Kind kind, int line)
    {
        Notice &notice = notices[size_t(kind)];
        if (notice.count++ == 0)
            notice.firstLine = line;
    }

    std::vector<Event> events;
    LatencyHistogram connect, waiting;
    std::array<Notice, kNoticeKinds> notices;
    std::optional<qint64> firstUs; // the first point dated within the years accepted
    qint64 latestUs = 0; // the latest point kept so far
    bool sawConnecting = false;
    quint64 keepAlive = 0;
    qint64 startUs = 0; // the first event's time, floored to the ms
    qint64 intervals = 0;
};

bool K6Reader::readLines(const QByteArray &ndjson, QString *error)
{
    const QList<QByteArray> lines = ndjson.split('\n');
    const bool lastLineOpen = !ndjson.endsWith('\n');
    int lineNumber = 0;
    for (const QByteArray &rawLine : lines) {
        ++lineNumber;
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty())
            continue;
        const Line read = readLine(line, lineNumber, lastLineOpen && lineNumber == lines.size(), error);
        if (read != Line::Next)
            return read == Line::End;
    }
    return true;
}

K6Reader::Line K6Reader::readLine(const QByteArray &line, int lineNumber, bool last, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (!document.isObject()) {
        if (last) {
            note(Notice::Kind::TruncatedLastLine, lineNumber);
            return Line::End;
        }
        *error = u"line %1 is not a JSON object (%2): not k6's --out json format"_s.arg(lineNumber)
                     .arg(parseError.errorString());
        return Line::Failed;
    }
    const QJsonObject object = document.object();
    if (object.value(u"type"_s).toString() != u"Point"_s)
        return Line::Next;
    ++run.points;
    const QString metric = object.value(u"metric"_s).toString();
    const QJsonObject data = object.value(u"data"_s).toObject();
    const QJsonValue value = data.value(u"value"_s);
    const std::optional<qint64> time = K6Result::parseTimeUs(data.value(u"time"_s).toString());
    if (!value.isDouble() || !time) {
        *error = u"line %1: a Point needs a numeric value and an RFC 3339 time"_s.arg(lineNumber);
        return Line::Failed;
    }
    if (*time < K6Result::kEarliestUs || *time >= K6Result::kLatestUs) {
        note(Notice::Kind::TimeOutsideYears, lineNumber);
        return Line::Next;
    }
    if (!firstUs)
        firstUs = *time;
    if (std::abs(*time - *firstUs) > K6Result::kMaxDistanceUs) {
        note(Notice::Kind::TimeFarFromRun, lineNumber);
        return Line::Next;
    }
    const double number = value.toDouble();
    if (!valueInRange(metric, number)) {
        note(Notice::Kind::ValueOutOfRange, lineNumber);
        return Line::Next;
    }
    if (*time < latestUs - K6Result::kReorderWindowUs)
        note(Notice::Kind::OutOfOrder, lineNumber);
    latestUs = std::max(latestUs, *time);
    addPoint(metric, *time, number, data.value(u"tags"_s).toObject());
    return Line::Next;
}

void K6Reader::addPoint(const QString &metric, qint64 timeUs, double value, const QJsonObject &tags)
{
    if (metric == u"http_req_duration"_s) {
        Event request;
        request.timeUs = timeUs;
        request.request = true;
        request.latencyUs = std::min(microseconds(value), LatencyHistogram::kHighestTrackableUs);
        request.status = tags.value(u"status"_s).toString().toInt();
        request.errorCode = tags.value(u"error_code"_s).toString().toInt();
        events.push_back(request);
        if (run.parameters.url.isEmpty()) {
            run.parameters.url = tags.value(u"url"_s).toString();
            run.parameters.method = tags.value(u"method"_s).toString(u"GET"_s).toLatin1();
        }
    } else if (metric == u"http_req_connecting"_s) {
        connect.record(microseconds(value));
        sawConnecting = true;
        // No time spent connecting: the request went on a reused connection.
        if (value == 0 && tags.value(u"status"_s).toString() != u"0"_s)
            ++keepAlive;
    } else if (metric == u"http_req_waiting"_s) {
        waiting.record(microseconds(value));
    } else if (metric == u"data_received"_s) {
        Event received;
        received.timeUs = timeUs;
        received.bytes = quint64(value);
        events.push_back(received);
    } else if (metric == u"vus"_s) {
        run.parameters.concurrency = std::max(run.parameters.concurrency, int(value));
    }
}

bool K6Reader::checkRequests(QString *error)
{
    for (const Notice &notice : notices)
        if (notice.count > 0)
            run.notices.append(notice);
    const bool anyRequest
        = std::any_of(events.begin(), events.end(), [](const Event &event) { return event.request; });
    if (anyRequest)
        return true;
    *error
        = u"no http_req_duration points: not the output of `k6 run --out json=FILE`, or no request was sent"_s;
    for (const Notice &notice : std::as_const(run.notices))
        *error += u"; "_s + notice.text();
    return false;
}

model::BenchSample K6Reader::sampleAt(qint64 index) const
{
    model::BenchSample sample;
    sample.index = int(index);
    sample.intervalMs = K6Result::kIntervalUs / 1000;
    sample.elapsedMs = (index + 1) * sample.intervalMs;
    sample.openConnections = run.parameters.concurrency;
    return sample;
}

void K6Reader::countEvent(const Event &event, model::BenchSample *sample, std::vector<quint64> *latencies)
{
    model::RunSummary &s = run.summary;
    if (!event.request) {
        sample->bytes += event.bytes;
        s.totalBytes += event.bytes;
        return;
    }
    if (event.status == 0) {
        ++sample->failed;
        ++s.failed;
        if (event.errorCode == 1050)
            ++s.failedTimeout;
        else if (event.errorCode >= 1200 && event.errorCode < 1300)
            ++s.failedConnect;
        else
            ++s.failedRead;
        return;
    }
    ++sample->completed;
    ++s.completed;
    ++s.statusCounts[event.status];
    if (event.status < 200 || event.status > 299)
        ++s.non2xx;
    latencies->push_back(event.latencyUs);
    run.histogram.record(event.latencyUs);
}

void K6Reader::buildSamples()
{
    std::stable_sort(
        events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeUs < b.timeUs; });
    startUs = events.front().timeUs / 1000 * 1000;
    const auto intervalOf
        = [this](const Event &event) { return (event.timeUs - startUs) / K6Result::kIntervalUs; };
    std::vector<quint64> latencies;
    qint64 previous = -1; // the last interval with a point
    for (size_t i = 0; i < events.size();) {
        const qint64 index = intervalOf(events[i]);
        // A zero on each side of a gap, so that a chart draws 0 across it.
        if (previous >= 0 && index - 1 >= previous + 1) {
            run.samples.append(sampleAt(previous + 1));
            if (index - 1 > previous + 1)
                run.samples.append(sampleAt(index - 1));
        }
        model::BenchSample sample = sampleAt(index);
        latencies.clear();
        for (; i < events.size() && intervalOf(events[i]) == index; ++i)
            countEvent(events[i], &sample, &latencies);
        std::sort(latencies.begin(), latencies.end());
        sample.p50Us = percentileOf(latencies, 50);
        sample.p90Us = percentileOf(latencies, 90);
        sample.p99Us = percentileOf(latencies, 99);
        sample.maxUs = latencies.empty() ? 0 : latencies.back();
        run.samples.append(sample);
        previous = index;
    }
    intervals = previous + 1;
}

void K6Reader::finishSummary()
{
    model::RunSummary &s = run.summary;
    model::BenchParameters &p = run.parameters;
    p.concurrency = std::max(1, p.concurrency);
    p.durationMs = intervals * (K6Result::kIntervalUs / 1000);
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
    s.timeTakenSec = double(intervals) * double(K6Result::kIntervalUs) / 1e6;
    s.requestsPerSecond = double(s.completed) / s.timeTakenSec;
    s.transferRateKBps = double(s.totalBytes) / 1024.0 / s.timeTakenSec;
    const LatencyHistogram &latency = run.histogram;
    SummaryBuilder::setLatency(s, latency);
    s.connect = SummaryBuilder::timeStats(connect);
    s.waiting = SummaryBuilder::timeStats(waiting);
    s.total = SummaryBuilder::timeStats(latency);
    s.processing = s.total;
}

} // namespace

std::optional<K6Result::Run> K6Result::read(const QByteArray &ndjson, QString *error)
{
    K6Reader reader;
    if (!reader.readLines(ndjson, error) || !reader.checkRequests(error))
        return std::nullopt;
    reader.buildSamples();
    reader.finishSummary();
    return std::move(reader.run);
}

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

} // namespace hostbench::bench
