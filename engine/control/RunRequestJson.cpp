#include "control/RunRequestJson.h"

#include "model/CapacitySearch.h"
#include "model/LoadStages.h"
#include "model/Threshold.h"

#include <QJsonArray>
#include <QStringList>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

struct Failure
{
    QString *field;
    QString *detail;
    int *status;

    bool operator()(int code, const QString &member, const QString &text) const
    {
        *status = code;
        *field = member;
        *detail = text;
        return false;
    }
};

// RFC 9110 section 5.6.2: a method and a field name are tokens.
bool isToken(const QByteArray &text)
{
    static const QByteArray extra = "!#$%&'*+-.^_`|~";
    if (text.isEmpty())
        return false;
    for (const char c : text) {
        const bool alnum = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!alnum && !extra.contains(c))
            return false;
    }
    return true;
}

// The members a run may have and the JSON type of each, with the sentence
// that refuses another type (400).
// "find_capacity"'s defaults, as bench --find-capacity's: each step's
// warm-up without "warmup_s", the connections without "concurrency".
constexpr qint64 kCapacityWarmupMs = 1000;
constexpr int kCapacityConnections = 50;

enum class Type { String, Number, Bool, Array, StringOrArray, Object };
struct Member
{
    const char16_t *name;
    Type type;
};
constexpr Member kMembers[] = {
    { u"url", Type::String },
    { u"requests", Type::Number },
    { u"duration_s", Type::Number },
    { u"concurrency", Type::Number },
    { u"keep_alive", Type::Bool },
    { u"threads", Type::Number },
    { u"rate", Type::Number },
    { u"warmup_s", Type::Number },
    { u"timeout_s", Type::Number },
    { u"method", Type::String },
    { u"headers", Type::Array },
    { u"body", Type::String },
    { u"content_type", Type::String },
    { u"host", Type::String },
    { u"thresholds", Type::Array },
    { u"http2", Type::Bool },
    { u"streams", Type::Number },
    { u"insecure", Type::Bool },
    { u"abort_on_fail", Type::Bool },
    { u"abortOnFail", Type::Bool }, // the spelling (#28), the same member
    { u"stages", Type::StringOrArray },
    { u"find_capacity", Type::Object },
    { u"compare_baseline", Type::Bool },
};

bool hasType(const QJsonValue &value, Type type)
{
    switch (type) {
    case Type::String:
        return value.isString();
    case Type::Number:
        return value.isDouble();
    case Type::Bool:
        return value.isBool();
    case Type::Array:
        return value.isArray();
    case Type::StringOrArray:
        return value.isString() || value.isArray();
    case Type::Object:
        return value.isObject();
    }
    return false;
}

QString wrongType(const QString &key, Type type)
{
    switch (type) {
    case Type::String:
        return u"\"%1\" must be a string"_s.arg(key);
    case Type::Number:
        return u"\"%1\" must be a number"_s.arg(key);
    case Type::Bool:
        return u"\"%1\" must be true or false"_s.arg(key);
    case Type::StringOrArray:
        return u"\"%1\" must be a string such as \"10s:1000,30s:5000,10s:0\" or an array of "
               "{\"duration\": \"10s\", \"rate\": 1000}"_s.arg(key);
    case Type::Object:
        return u"\"%1\" must be an object such as {\"slo\": [\"p99<10ms\"]}"_s.arg(key);
    case Type::Array:
        return key == u"thresholds"_s ? u"\"thresholds\" must be an array of strings such as \"p99<50ms\""_s
                                      : u"\"%1\" must be an array of \"Name: value\" strings"_s.arg(key);
    }
    return {};
}

// Structure (400): every member known, each of its type.
bool checkMembers(const QJsonObject &json, const Failure &fail)
{
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString &key = it.key();
        const auto member = std::find_if(std::begin(kMembers), std::end(kMembers),
            [&key](const Member &m) { return key == QStringView(m.name); });
        if (member == std::end(kMembers))
            return fail(400, key,
                u"Unknown member \"%1\" (a run has url, requests, duration_s, concurrency, "
                "keep_alive, threads, rate, warmup_s, timeout_s, method, headers, body, "
                "content_type, host, thresholds, abort_on_fail, compare_baseline, stages, find_capacity, "
                "http2, "
                "streams and insecure)"_s.arg(key));
        if (!hasType(it.value(), member->type))
            return fail(400, key, wrongType(key, member->type));
    }
    return true;
}

bool readUrl(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    const QUrl url(json[u"url"_s].toString(), QUrl::StrictMode);
    if (!json.contains(u"url"_s))
        return fail(422, u"url"_s, u"A run needs a \"url\""_s);
    if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s) || url.host().isEmpty())
        return fail(422, u"url"_s, u"\"url\" must be an http:// or https:// URL with a host"_s);
    p->url = json[u"url"_s].toString();
    if (json[u"insecure"_s].toBool(false)) {
        if (url.scheme() != u"https"_s)
            return fail(422, u"insecure"_s, u"\"insecure\" is for an https:// \"url\" only"_s);
        p->tlsVerify = false;
    }
    return true;
}

// The numeric members, within bench's ranges, checked in this order: whole
// numbers from minimum to maximum, or seconds (fractions allowed) from 0 to
// maximum, stored as ms.
struct NumberMember
{
    const char16_t *name;
    bool seconds;
    qint64 minimum;
    qint64 maximum;
    void (*store)(model::BenchParameters &, qint64);
};
constexpr NumberMember kNumbers[] = {
    { u"requests", false, 1, 1'000'000'000'000, [](model::BenchParameters &p, qint64 v) { p.requests = v; } },
    { u"duration_s", true, 0, 86'400, [](model::BenchParameters &p, qint64 v) { p.durationMs = v; } },
    { u"concurrency", false, 1, 100'000,
        [](model::BenchParameters &p, qint64 v) { p.concurrency = int(v); } },
    { u"threads", false, 1, 1024, [](model::BenchParameters &p, qint64 v) { p.threads = int(v); } },
    { u"warmup_s", true, 0, 3600, [](model::BenchParameters &p, qint64 v) { p.warmupMs = v; } },
    { u"timeout_s", true, 0, 3600, [](model::BenchParameters &p, qint64 v) { p.timeoutMs = int(v); } },
    { u"streams", false, 1, 1000, [](model::BenchParameters &p, qint64 v) { p.streams = int(v); } },
};

bool readNumber(
    const QJsonObject &json, const Failure &fail, const NumberMember &member, model::BenchParameters *p)
{
    const QString key = QString::fromUtf16(member.name);
    if (!json.contains(key))
        return true;
    const double number = json[key].toDouble();
    if (member.seconds) {
        if (!(number >= 0) || number > double(member.maximum))
            return fail(
                422, key, u"\"%1\" must be a number of seconds from 0 to %2"_s.arg(key).arg(member.maximum));
        member.store(*p, qint64(std::llround(number * 1000.0)));
        return true;
    }
    if (number != std::floor(number) || number < double(member.minimum) || number > double(member.maximum))
        return fail(422, key,
            u"\"%1\" must be a whole number from %2 to %3"_s.arg(key)
                .arg(member.minimum)
                .arg(member.maximum));
    member.store(*p, qint64(number));
    return true;
}

bool readNumbers(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    for (const NumberMember &member : kNumbers)
        if (!readNumber(json, fail, member, p))
            return false;
    if (json.contains(u"stages"_s)) {
        if (json.contains(u"requests"_s) || json.contains(u"duration_s"_s))
            return fail(422, json.contains(u"requests"_s) ? u"requests"_s : u"duration_s"_s,
                u"With \"stages\" the run lasts their sum: give no \"requests\" or \"duration_s\""_s);
    } else if (json.contains(u"find_capacity"_s)) {
        // Its steps' length is its own: readCapacity() refuses "requests" and "duration_s".
    } else if (json.contains(u"requests"_s) == json.contains(u"duration_s"_s)) {
        return fail(422, u"requests"_s, u"Give either \"requests\" or \"duration_s\""_s);
    }
    if (json.contains(u"duration_s"_s) && p->durationMs <= 0)
        return fail(422, u"duration_s"_s, u"\"duration_s\" must be above 0"_s);
    if (json.contains(u"timeout_s"_s) && p->timeoutMs <= 0)
        return fail(422, u"timeout_s"_s, u"\"timeout_s\" must be above 0"_s);
    if (json.contains(u"rate"_s)) {
        p->rate = json[u"rate"_s].toDouble();
        if (!(p->rate > 0) || p->rate > 1e8)
            return fail(
                422, u"rate"_s, u"\"rate\" must be above 0 and at most 100000000 requests per second"_s);
    }
    p->keepAlive = json[u"keep_alive"_s].toBool(false);
    // bench --h2 and --streams: HTTP/2, h2 by ALPN for https://, h2c with prior knowledge for http://.
    p->http2 = json[u"http2"_s].toBool(false);
    if (json.contains(u"streams"_s) && !p->http2)
        return fail(422, u"streams"_s,
            u"\"streams\" needs \"http2\": true (streams are HTTP/2's; HTTP/1.1 sends one request at a time)"_s);
    return true;
}

bool readHeaders(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    const QJsonArray headers = json[u"headers"_s].toArray();
    for (qsizetype i = 0; i < headers.size(); ++i) {
        const QString member = u"headers[%1]"_s.arg(i);
        if (!headers.at(i).isString())
            return fail(400, member, u"\"%1\" must be a string \"Name: value\""_s.arg(member));
        const QByteArray text = headers.at(i).toString().toUtf8();
        const qsizetype colon = text.indexOf(':');
        if (colon <= 0 || !isToken(text.left(colon)) || text.contains('\r') || text.contains('\n'))
            return fail(422, member, u"\"%1\" must be \"Name: value\""_s.arg(member));
        p->headers.append({ text.left(colon), text.mid(colon + 1).trimmed() });
    }
    return true;
}

// "thresholds": bench --threshold's texts (model::Threshold), each parsed;
// one that does not parse is refused (422) naming its index, the position and
// the expected form.
bool readThresholds(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    const QJsonArray thresholds = json[u"thresholds"_s].toArray();
    for (qsizetype i = 0; i < thresholds.size(); ++i) {
        const QString member = u"thresholds[%1]"_s.arg(i);
        if (!thresholds.at(i).isString())
            return fail(400, member, u"\"%1\" must be a string such as \"p99<50ms\""_s.arg(member));
        QString error;
        const std::optional<model::Threshold> threshold
            = model::Threshold::parse(thresholds.at(i).toString(), &error);
        if (!threshold)
            return fail(422, member, u"\"%1\": %2"_s.arg(member, error));
        p->thresholds.append(threshold->text);
    }
    return true;
}

// "stages": bench --stages' text ("10s:1000,30s:5000,10s:0"), or an array
// of {"duration": "10s", "rate": 1000}; parsed by model::LoadStages, from
// "rate" (read before). A bad one is refused (422) naming "stages" or
// "stages[i]". The run's length becomes their sum.
bool readStages(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    if (!json.contains(u"stages"_s))
        return true;
    const QJsonValue value = json[u"stages"_s];
    QString text = value.toString();
    if (value.isArray()) {
        QStringList parts;
        const QJsonArray stages = value.toArray();
        for (qsizetype i = 0; i < stages.size(); ++i) {
            const QString member = u"stages[%1]"_s.arg(i);
            const QJsonObject stage = stages.at(i).toObject();
            if (!stages.at(i).isObject() || stage.size() != 2 || !stage[u"duration"_s].isString()
                || !stage[u"rate"_s].isDouble())
                return fail(400, member,
                    u"\"%1\" must be {\"duration\": \"10s\", \"rate\": 1000}: a duration with a unit (ms, s, "
                    "m or h) and requests/s"_s.arg(member));
            const QString duration = stage[u"duration"_s].toString();
            if (duration.contains(u':') || duration.contains(u','))
                return fail(422, member,
                    u"\"%1\": the duration \"%2\" is not a number with a unit"_s.arg(member, duration));
            parts.append(duration + u':' + QString::number(stage[u"rate"_s].toDouble(), 'g', 17));
        }
        text = parts.join(u',');
    }
    QString error;
    int atFault = -1;
    const std::optional<QList<model::LoadStage>> stages
        = model::LoadStages::parse(text, p->rate, &error, &atFault);
    if (!stages)
        return fail(422, value.isArray() && atFault >= 0 ? u"stages[%1]"_s.arg(atFault) : u"stages"_s,
            u"\"stages\": "_s + error);
    p->stages = *stages;
    p->requests = 0;
    p->durationMs = model::LoadStages::totalMs(*stages);
    return true;
}

// "find_capacity": bench --find-capacity, {"slo": ["p99<10ms", ...],
// "step_duration_s": 3, "precision_percent": 5}; each SLO parsed
// (CapacitySearch::parseSlo; a bad one named "find_capacity.slo[i]"). The
// members that make no sense beside it are refused; "rate" (the start),
// "warmup_s" (each step's) and "concurrency" default as bench's.
bool readCapacity(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    if (!json.contains(u"find_capacity"_s))
        return true;
    const QJsonObject plan = json[u"find_capacity"_s].toObject();
    for (auto it = plan.begin(); it != plan.end(); ++it) {
        if (it.key() != u"slo"_s && it.key() != u"step_duration_s"_s && it.key() != u"precision_percent"_s)
            return fail(400, u"find_capacity."_s + it.key(),
                u"Unknown member \"%1\" of \"find_capacity\" (it has slo, step_duration_s and "
                "precision_percent)"_s.arg(it.key()));
    }
    for (const char16_t *member : { u"requests", u"duration_s", u"stages", u"thresholds", u"abort_on_fail",
             u"abortOnFail", u"compare_baseline" }) {
        const QString key = QString::fromUtf16(member);
        if (json.contains(key))
            return fail(422, key,
                u"\"find_capacity\" sets each step's length, rate and verdict: give no \"%1\""_s.arg(key));
    }
    const QJsonValue slos = plan[u"slo"_s];
    if (!slos.isArray() || slos.toArray().isEmpty())
        return fail(422, u"find_capacity.slo"_s,
            u"\"find_capacity\" needs \"slo\": an array of at least one SLO such as \"p99<10ms\""_s);
    for (qsizetype i = 0; i < slos.toArray().size(); ++i) {
        const QString member = u"find_capacity.slo[%1]"_s.arg(i);
        const QJsonValue value = slos.toArray().at(i);
        QString error;
        const std::optional<model::Threshold> slo
            = value.isString() ? model::CapacitySearch::parseSlo(value.toString(), &error) : std::nullopt;
        if (!slo)
            return fail(422, member,
                u"\"%1\": %2"_s.arg(
                    member, value.isString() ? error : u"must be a string such as \"p99<10ms\""_s));
        p->findCapacity.slo.append(slo->text);
    }
    if (plan.contains(u"step_duration_s"_s)) {
        const double seconds = plan[u"step_duration_s"_s].toDouble(-1);
        if (!(seconds >= 0.5 && seconds <= 3600))
            return fail(422, u"find_capacity.step_duration_s"_s,
                u"\"step_duration_s\" must be a number of seconds from 0.5 to 3600"_s);
        p->findCapacity.stepMs = qint64(std::llround(seconds * 1000.0));
    }
    if (plan.contains(u"precision_percent"_s)) {
        const double percent = plan[u"precision_percent"_s].toDouble(-1);
        if (!(percent >= 0.1 && percent <= 50))
            return fail(422, u"find_capacity.precision_percent"_s,
                u"\"precision_percent\" must be a number from 0.1 to 50"_s);
        p->findCapacity.precision = percent / 100.0;
    }
    p->requests = 0;
    p->durationMs = p->findCapacity.stepMs;
    if (!json.contains(u"rate"_s))
        p->rate = model::CapacitySearch::kDefaultStartRate;
    if (!json.contains(u"warmup_s"_s))
        p->warmupMs = kCapacityWarmupMs;
    if (!json.contains(u"concurrency"_s))
        p->concurrency = kCapacityConnections;
    return true;
}

// The body, method, content type and host: a body makes a POST of
// text/plain unless "method" and "content_type" say otherwise.
bool readRequestLine(const QJsonObject &json, const Failure &fail, model::BenchParameters *p)
{
    if (json.contains(u"body"_s)) {
        p->body = json[u"body"_s].toString().toUtf8();
        p->method = "POST";
        p->contentType = "text/plain";
    }
    if (json.contains(u"method"_s)) {
        p->method = json[u"method"_s].toString().toLatin1();
        if (!isToken(p->method))
            return fail(422, u"method"_s, u"\"method\" must be an HTTP method such as GET"_s);
    }
    if (json.contains(u"content_type"_s))
        p->contentType = json[u"content_type"_s].toString().toLatin1();
    p->hostOverride = json[u"host"_s].toString();
    return true;
}

} // namespace

QJsonObject RunRequestJson::toJson(const model::BenchParameters &p)
{
    QJsonObject json { { u"url"_s, p.url }, { u"method"_s, QString::fromLatin1(p.method) },
        { u"concurrency"_s, p.concurrency }, { u"keep_alive"_s, p.keepAlive }, { u"threads"_s, p.threads },
        { u"warmup_s"_s, double(p.warmupMs) / 1000.0 }, { u"timeout_s"_s, double(p.timeoutMs) / 1000.0 } };
    if (p.requests > 0)
        json.insert(u"requests"_s, p.requests);
    else
        json.insert(u"duration_s"_s, double(p.durationMs) / 1000.0);
    if (p.rate > 0)
        json.insert(u"rate"_s, p.rate);
    QJsonArray headers;
    for (const auto &[name, value] : p.headers)
        headers.append(QString::fromUtf8(name + ": " + value));
    if (!headers.isEmpty())
        json.insert(u"headers"_s, headers);
    if (!p.body.isEmpty())
        json.insert(u"body"_s, QString::fromUtf8(p.body));
    // With a body, also an empty type (no Content-Type sent): read() would
    // otherwise give the body its default, text/plain.
    if (!p.body.isEmpty() || !p.contentType.isEmpty())
        json.insert(u"content_type"_s, QString::fromLatin1(p.contentType));
    if (!p.hostOverride.isEmpty())
        json.insert(u"host"_s, p.hostOverride);
    if (!p.thresholds.isEmpty())
        json.insert(u"thresholds"_s, QJsonArray::fromStringList(p.thresholds));
    if (p.http2) {
        json.insert(u"http2"_s, true);
        json.insert(u"streams"_s, p.streams);
    }
    if (!p.tlsVerify)
        json.insert(u"insecure"_s, true);
    if (p.abortOnFail)
        json.insert(u"abort_on_fail"_s, true);
    if (p.compareBaseline)
        json.insert(u"compare_baseline"_s, true);
    if (!p.stages.isEmpty()) {
        QJsonArray stages;
        for (const model::LoadStage &stage : p.stages)
            stages.append(
                QJsonObject { { u"duration"_s, model::LoadStages::format({ stage }).section(u':', 0, 0) },
                    { u"rate"_s, stage.rate } });
        json.insert(u"stages"_s, stages);
        json.remove(u"duration_s"_s);
    }
    if (p.isCapacitySearch()) {
        json.insert(u"find_capacity"_s,
            QJsonObject { { u"slo"_s, QJsonArray::fromStringList(p.findCapacity.slo) },
                { u"step_duration_s"_s, double(p.findCapacity.stepMs) / 1000.0 },
                { u"precision_percent"_s, p.findCapacity.precision * 100.0 } });
        json.remove(u"duration_s"_s);
    }
    return json;
}

bool RunRequestJson::read(
    const QJsonObject &json, model::BenchParameters *parameters, QString *field, QString *detail, int *status)
{
    const Failure fail { field, detail, status };
    model::BenchParameters p;
    if (!checkMembers(json, fail) || !readUrl(json, fail, &p) || !readNumbers(json, fail, &p)
        || !readHeaders(json, fail, &p) || !readRequestLine(json, fail, &p) || !readThresholds(json, fail, &p)
        || !readStages(json, fail, &p) || !readCapacity(json, fail, &p))
        return false;
    p.abortOnFail = json[u"abort_on_fail"_s].toBool(false) || json[u"abortOnFail"_s].toBool(false);
    if (p.abortOnFail && p.thresholds.isEmpty())
        return fail(422, json.contains(u"abort_on_fail"_s) ? u"abort_on_fail"_s : u"abortOnFail"_s,
            u"\"abort_on_fail\" needs \"thresholds\" to watch"_s);
    p.compareBaseline = json[u"compare_baseline"_s].toBool(false);
    *parameters = p;
    return true;
}

} // namespace hostbench::control
