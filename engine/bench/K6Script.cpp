#include "K6Script.h"

#include "K6Thresholds.h"

#include <algorithm>
#include <cmath>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

QString seconds(qint64 ms)
{
    return ms % 1000 == 0 ? QString(QString::number(ms / 1000) + u"s"_s)
                          : QString(QString::number(ms) + u"ms"_s);
}

// The scenario of the measured load, or of the warm-up (`lengthMs` long).
QJsonObject scenario(const model::BenchParameters &p, qint64 lengthMs, bool measured)
{
    QJsonObject s;
    const int vus = std::max(1, p.concurrency);
    if (measured && !p.stages.isEmpty()) {
        // bench --stages is k6's own ramping-arrival-rate. k6 takes whole
        // numbers per time unit: with a fractional rate anywhere, every
        // rate is per 1000 s (0.5 requests/s is 500 per 1000 s), as for --rate.
        bool whole = p.rate == std::floor(p.rate);
        for (const model::LoadStage &stage : p.stages)
            whole = whole && stage.rate == std::floor(stage.rate);
        const double scale = whole ? 1.0 : 1000.0;
        s.insert(u"executor"_s, u"ramping-arrival-rate"_s);
        s.insert(u"startRate"_s, qint64(std::llround(p.rate * scale)));
        s.insert(u"timeUnit"_s, whole ? u"1s"_s : u"1000s"_s);
        s.insert(u"preAllocatedVUs"_s, vus);
        s.insert(u"maxVUs"_s, vus);
        QJsonArray stages;
        for (const model::LoadStage &stage : p.stages)
            stages.append(QJsonObject { { u"duration"_s, seconds(stage.durationMs) },
                { u"target"_s, qint64(std::llround(stage.rate * scale)) } });
        s.insert(u"stages"_s, stages);
    } else if (p.rate > 0) {
        s.insert(u"executor"_s, u"constant-arrival-rate"_s);
        // k6 wants a whole number per time unit: per millisecond-scaled unit when fractional.
        if (p.rate == std::floor(p.rate)) {
            s.insert(u"rate"_s, qint64(p.rate));
            s.insert(u"timeUnit"_s, u"1s"_s);
        } else {
            s.insert(u"rate"_s, qint64(std::llround(p.rate * 1000)));
            s.insert(u"timeUnit"_s, u"1000s"_s);
        }
        s.insert(u"duration"_s, seconds(lengthMs));
        s.insert(u"preAllocatedVUs"_s, vus);
        s.insert(u"maxVUs"_s, vus);
    } else if (measured && p.requests > 0) {
        s.insert(u"executor"_s, u"shared-iterations"_s);
        s.insert(u"vus"_s, vus);
        s.insert(u"iterations"_s, p.requests);
        s.insert(u"maxDuration"_s, u"24h"_s);
    } else {
        s.insert(u"executor"_s, u"constant-vus"_s);
        s.insert(u"vus"_s, vus);
        s.insert(u"duration"_s, seconds(lengthMs));
    }
    return s;
}

// A text in a // comment: a line terminator of JavaScript's would end the comment.
QString commentText(QString text)
{
    for (const QChar end : { QChar(u'\n'), QChar(u'\r'), QChar(u'\u2028'), QChar(u'\u2029') })
        text.replace(end, u' ');
    return text;
}

// One shell word: as it is when it holds nothing the shell reads, else
// quoted; with a control character or a JavaScript line terminator, bash's
// $'...' with escapes (the line stays one line).
QString shellWord(const QString &word)
{
    static const QString plain
        = u"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-"_s;
    if (!word.isEmpty() && std::all_of(word.cbegin(), word.cend(), [](QChar c) { return plain.contains(c); }))
        return word;
    const bool escapes = std::any_of(word.cbegin(), word.cend(), [](QChar c) {
        return c.unicode() < 0x20 || c.unicode() == 0x7f || c == u'\u2028' || c == u'\u2029';
    });
    if (!escapes) {
        QString quoted = word;
        return u"'"_s + quoted.replace(u"'"_s, u"'\\''"_s) + u"'"_s;
    }
    QString out = u"$'"_s;
    for (const QChar c : word) {
        if (c == u'\\' || c == u'\'')
            out += u'\\' + QString(c);
        else if (c == u'\n')
            out += u"\\n"_s;
        else if (c == u'\r')
            out += u"\\r"_s;
        else if (c == u'\t')
            out += u"\\t"_s;
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f || c == u'\u2028' || c == u'\u2029')
            out += u"\\u%1"_s.arg(c.unicode(), 4, 16, QChar(u'0'));
        else
            out += c;
    }
    return out + u"'"_s;
}

QString jsString(const QString &text)
{
    // A JSON string is a JavaScript string literal.
    const QByteArray array = QJsonDocument(QJsonArray { text }).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

// options: the scenarios (the warm-up's, then the measured one's), the
// thresholds and the connection settings.
QJsonObject scriptOptions(const model::BenchParameters &p, const QJsonObject &thresholds)
{
    qint64 lengthMs = p.durationMs;
    if (p.rate > 0 && p.requests > 0)
        lengthMs = qint64(std::ceil(double(p.requests) / p.rate * 1000.0));
    QJsonObject scenarios;
    // With stages the warm-up is sent at --rate: none without one.
    const bool warmupSends = p.stages.isEmpty() || p.rate > 0;
    if (p.warmupMs > 0 && warmupSends) {
        QJsonObject warmup = scenario(p, p.warmupMs, false);
        warmup.insert(u"exec"_s, u"send"_s);
        scenarios.insert(u"warmup"_s, warmup);
    }
    QJsonObject bench = scenario(p, lengthMs, true);
    bench.insert(u"exec"_s, u"send"_s);
    if (p.warmupMs > 0)
        bench.insert(u"startTime"_s, seconds(p.warmupMs));
    scenarios.insert(u"bench"_s, bench);

    QJsonObject options;
    options.insert(u"scenarios"_s, scenarios);
    if (!thresholds.isEmpty())
        options.insert(u"thresholds"_s, thresholds);
    options.insert(u"summaryTrendStats"_s,
        QJsonArray { u"min"_s, u"avg"_s, u"med"_s, u"p(90)"_s, u"p(99)"_s, u"max"_s });
    options.insert(u"discardResponseBodies"_s, true);
    // ab without -k: a new connection for every request.
    options.insert(u"noConnectionReuse"_s, !p.keepAlive);
    options.insert(u"noVUConnectionReuse"_s, !p.keepAlive);
    if (p.url.startsWith(u"https://"_s, Qt::CaseInsensitive) && !p.tlsVerify)
        options.insert(u"insecureSkipTLSVerify"_s, true); // --insecure
    return options;
}

// The script's head: what it is for, and what it cannot say as bench does.
QString headComment(const model::BenchParameters &p, const K6Thresholds &thresholds, const QString &command)
{
    const bool https = p.url.startsWith(u"https://"_s, Qt::CaseInsensitive);
    QString out;
    out += u"// k6 script written by Hostbench %1 for the same run as\n//   %2\n"_s.arg(
        QStringLiteral(HOSTBENCH_VERSION), commentText(command));
    out += u"// Run it with `k6 run FILE`; spread it over machines with k6's distributed execution\n"
           "// (k6-operator, or `k6 run --execution-segment` on each).\n"_s;
    if (p.threads > 1)
        out += u"// Hostbench's --threads %1 has no k6 equivalent: k6 uses every core.\n"_s.arg(p.threads);
    if (https)
        out += u"// A site of Hostbench's local CA: run with SSL_CERT_FILE=DATA/ca/rootCA.pem (k6 reads\n"
               "// the system's roots; Go takes that file instead), or trust the CA in the system store.\n"_s;
    if (p.http2 && https)
        out += u"// --h2: k6 speaks HTTP/2 over TLS by itself (h2 by ALPN), checked below. Each VU has\n"
               "// its own connection, one request in flight on it: --streams %1 has no k6 equivalent\n"
               "// (k6 multiplexes no VUs over one connection).\n"_s.arg(p.streams);
    else if (p.http2)
        out += u"// --h2 over http:// is h2c with prior knowledge, which k6 cannot speak: this script\n"
               "// runs over HTTP/1.1. Use https:// for HTTP/2 in k6.\n"_s;
    if (p.warmupMs > 0 && thresholds.thresholds.contains(u"http_reqs{scenario:bench}"_s))
        out += u"// rps: k6's rate of http_reqs divides the measured scenario's requests by the whole\n"
               "// test's time, the warm-up included, where bench divides by the measured part's.\n"_s;
    for (const QString &line : thresholds.unmapped)
        out += u"// Not a k6 threshold here: %1.\n"_s.arg(commentText(line));
    return out;
}

// The request: each VU sends it as its iteration.
QString sendFunction(const model::BenchParameters &p, bool statusCheck)
{
    const bool h2Check = p.http2 && p.url.startsWith(u"https://"_s, Qt::CaseInsensitive);
    QString checks;
    if (h2Check)
        checks += u"    check(res, { 'HTTP/2': (r) => r.proto === 'HTTP/2.0' });\n"_s;
    if (statusCheck)
        checks += u"    if (exec.scenario.name === 'bench') // non2xx: the measured scenario's only\n"
                  "        check(res, { '%1': (r) => r.status >= 200 && r.status < 300 });\n"_s.arg(
                      QString::fromUtf16(K6Thresholds::kStatusCheck));
    const QString method = jsString(QString::fromLatin1(p.method));
    if (checks.isEmpty())
        return u"\nexport function send() {\n    http.request(%1, url, body, params);\n}\n"_s.arg(method);
    return u"\nexport function send() {\n    const res = http.request(%1, url, body, params);\n%2}\n"_s.arg(
        method, checks);
}

} // namespace

QString K6Script::commandLine(const QStringList &words)
{
    QStringList quoted;
    for (const QString &word : words)
        quoted.append(shellWord(word));
    return quoted.join(u' ');
}

QByteArray K6Script::write(const model::BenchParameters &p, double p99ThresholdMs, const QStringList &command)
{
    const K6Thresholds thresholds = K6Thresholds::map(p.thresholds, p.abortOnFail, p99ThresholdMs);
    const bool https = p.url.startsWith(u"https://"_s, Qt::CaseInsensitive);
    QJsonObject headers;
    // Header values are UTF-8 (RFC 9110 allows obs-text; bench sends the bytes as given).
    for (const auto &[name, value] : p.headers)
        headers.insert(QString::fromLatin1(name), QString::fromUtf8(value));
    if (!p.hostOverride.isEmpty())
        headers.insert(u"Host"_s, p.hostOverride);
    if (!p.contentType.isEmpty())
        headers.insert(u"Content-Type"_s, QString::fromUtf8(p.contentType));
    QJsonObject params { { u"headers"_s, headers }, { u"timeout"_s, seconds(p.timeoutMs) } };

    QString out = headComment(p, thresholds, commandLine(command));
    out += u"import http from 'k6/http';\n"_s;
    if ((p.http2 && https) || thresholds.needsStatusCheck)
        out += u"import { check } from 'k6';\n"_s;
    if (thresholds.needsStatusCheck)
        out += u"import exec from 'k6/execution';\n"_s;
    if (!p.body.isEmpty())
        out += u"import encoding from 'k6/encoding';\n"_s;
    out += u"\nexport const options =\n"_s;
    out += QString::fromUtf8(
        QJsonDocument(scriptOptions(p, thresholds.thresholds)).toJson(QJsonDocument::Indented))
               .trimmed();
    out += u";\n\n"_s;
    out += u"const url = %1;\nconst params = %2;\n"_s.arg(
        jsString(p.url), QString::fromUtf8(QJsonDocument(params).toJson(QJsonDocument::Compact)));
    if (!p.body.isEmpty())
        out += u"// The request body (-p), %1 bytes, base64.\nconst body = encoding.b64decode(%2, 'std');\n"_s
                   .arg(QString::number(p.body.size()), jsString(QString::fromLatin1(p.body.toBase64())));
    else
        out += u"const body = null;\n"_s;
    out += sendFunction(p, thresholds.needsStatusCheck);
    return out.toUtf8();
}

} // namespace hostbench::bench
