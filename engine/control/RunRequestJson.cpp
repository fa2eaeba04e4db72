#include "control/RunRequestJson.h"

#include <QJsonArray>
#include <QUrl>

#include <cmath>

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
    return json;
}

bool RunRequestJson::read(
    const QJsonObject &json, model::BenchParameters *parameters, QString *field, QString *detail, int *status)
{
    const Failure fail { field, detail, status };
    model::BenchParameters p;
    const QStringList strings { u"url"_s, u"method"_s, u"body"_s, u"content_type"_s, u"host"_s };
    const QStringList numbers { u"requests"_s, u"duration_s"_s, u"concurrency"_s, u"threads"_s, u"rate"_s,
        u"warmup_s"_s, u"timeout_s"_s };
    for (auto it = json.begin(); it != json.end(); ++it) {
        const QString &key = it.key();
        const QJsonValue &value = it.value();
        if (strings.contains(key)) {
            if (!value.isString())
                return fail(400, key, u"\"%1\" must be a string"_s.arg(key));
        } else if (numbers.contains(key)) {
            if (!value.isDouble())
                return fail(400, key, u"\"%1\" must be a number"_s.arg(key));
        } else if (key == u"keep_alive"_s) {
            if (!value.isBool())
                return fail(400, key, u"\"keep_alive\" must be true or false"_s);
        } else if (key == u"headers"_s) {
            if (!value.isArray())
                return fail(400, key, u"\"headers\" must be an array of \"Name: value\" strings"_s);
        } else {
            return fail(400, key,
                u"Unknown member \"%1\" (a run has url, requests, duration_s, concurrency, "
                "keep_alive, threads, rate, warmup_s, timeout_s, method, headers, body, "
                "content_type and host)"_s.arg(key));
        }
    }

    const QUrl url(json[u"url"_s].toString(), QUrl::StrictMode);
    if (!json.contains(u"url"_s))
        return fail(422, u"url"_s, u"A run needs a \"url\""_s);
    if (!url.isValid() || url.scheme() != u"http"_s || url.host().isEmpty())
        return fail(422, u"url"_s, u"\"url\" must be an http:// URL with a host"_s);
    p.url = json[u"url"_s].toString();

    // Whole numbers within bench's ranges.
    const auto whole = [&](const QString &key, qint64 minimum, qint64 maximum, qint64 *out) {
        if (!json.contains(key))
            return true;
        const double number = json[key].toDouble();
        if (number != std::floor(number) || number < double(minimum) || number > double(maximum))
            return fail(422, key,
                u"\"%1\" must be a whole number from %2 to %3"_s.arg(key).arg(minimum).arg(maximum));
        *out = qint64(number);
        return true;
    };
    // Seconds, fractions allowed, as ms.
    const auto seconds = [&](const QString &key, double maximum, qint64 *outMs) {
        if (!json.contains(key))
            return true;
        const double number = json[key].toDouble();
        if (!(number >= 0) || number > maximum)
            return fail(422, key, u"\"%1\" must be a number of seconds from 0 to %2"_s.arg(key).arg(maximum));
        *outMs = qint64(std::llround(number * 1000.0));
        return true;
    };
    qint64 concurrency = p.concurrency;
    qint64 threads = p.threads;
    qint64 timeoutMs = p.timeoutMs;
    if (!whole(u"requests"_s, 1, 1'000'000'000'000, &p.requests)
        || !seconds(u"duration_s"_s, 86'400, &p.durationMs)
        || !whole(u"concurrency"_s, 1, 100'000, &concurrency) || !whole(u"threads"_s, 1, 1024, &threads)
        || !seconds(u"warmup_s"_s, 3600, &p.warmupMs) || !seconds(u"timeout_s"_s, 3600, &timeoutMs))
        return false;
    p.concurrency = int(concurrency);
    p.threads = int(threads);
    p.timeoutMs = int(timeoutMs);
    if (json.contains(u"requests"_s) == json.contains(u"duration_s"_s))
        return fail(422, u"requests"_s, u"Give either \"requests\" or \"duration_s\""_s);
    if (json.contains(u"duration_s"_s) && p.durationMs <= 0)
        return fail(422, u"duration_s"_s, u"\"duration_s\" must be above 0"_s);
    if (json.contains(u"timeout_s"_s) && p.timeoutMs <= 0)
        return fail(422, u"timeout_s"_s, u"\"timeout_s\" must be above 0"_s);
    if (json.contains(u"rate"_s)) {
        p.rate = json[u"rate"_s].toDouble();
        if (!(p.rate > 0) || p.rate > 1e8)
            return fail(
                422, u"rate"_s, u"\"rate\" must be above 0 and at most 100000000 requests per second"_s);
    }
    p.keepAlive = json[u"keep_alive"_s].toBool(false);

    const QJsonArray headers = json[u"headers"_s].toArray();
    for (qsizetype i = 0; i < headers.size(); ++i) {
        const QString member = u"headers[%1]"_s.arg(i);
        if (!headers.at(i).isString())
            return fail(400, member, u"\"%1\" must be a string \"Name: value\""_s.arg(member));
        const QByteArray text = headers.at(i).toString().toUtf8();
        const qsizetype colon = text.indexOf(':');
        if (colon <= 0 || !isToken(text.left(colon)) || text.contains('\r') || text.contains('\n'))
            return fail(422, member, u"\"%1\" must be \"Name: value\""_s.arg(member));
        p.headers.append({ text.left(colon), text.mid(colon + 1).trimmed() });
    }
    if (json.contains(u"body"_s)) {
        p.body = json[u"body"_s].toString().toUtf8();
        p.method = "POST";
        p.contentType = "text/plain";
    }
    if (json.contains(u"method"_s)) {
        p.method = json[u"method"_s].toString().toLatin1();
        if (!isToken(p.method))
            return fail(422, u"method"_s, u"\"method\" must be an HTTP method such as GET"_s);
    }
    if (json.contains(u"content_type"_s))
        p.contentType = json[u"content_type"_s].toString().toLatin1();
    p.hostOverride = json[u"host"_s].toString();
    *parameters = p;
    return true;
}

} // namespace hostbench::control
