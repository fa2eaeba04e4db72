#include "control/ControlFormat.h"

#include <QHash>
#include <QJsonArray>

#include <algorithm>

namespace hostbench::control {

using namespace Qt::StringLiterals;

namespace {

void family(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += "# HELP "_ba + name + ' ' + help + "\n# TYPE "_ba + name + ' ' + type + '\n';
}

void sample(QByteArray &out, const char *name, const QByteArray &labels, const QByteArray &value)
{
    out += name;
    if (!labels.isEmpty())
        out += '{' + labels + '}';
    out += ' ' + value + '\n';
}

// Seconds with µs precision, as Prometheus wants its base unit.
QByteArray seconds(quint64 us)
{
    return QByteArray::number(double(us) / 1e6, 'f', 6);
}

// One histogram family, a series per site (label host): cumulative _bucket
// samples (le in seconds, then "+Inf"), _sum in seconds and _count.
void siteHistogram(QByteArray &out, const char *name, const char *help, const model::MetricsSnapshot &now,
    model::TimeBuckets model::MetricsSnapshot::SiteCount::*times)
{
    family(out, name, "histogram", help);
    const QByteArray bucket = QByteArray(name) + "_bucket";
    const QByteArray sum = QByteArray(name) + "_sum";
    const QByteArray count = QByteArray(name) + "_count";
    for (const model::MetricsSnapshot::SiteCount &site : now.perSite) {
        const model::TimeBuckets &buckets = site.*times;
        const QByteArray host = "host=\""_ba + ControlFormat::escapeLabelValue(site.hostName) + '"';
        quint64 cumulative = 0;
        for (int i = 0; i < model::TimeBuckets::kBucketCount; ++i) {
            cumulative += buckets.counts[size_t(i)];
            const bool last = i == model::TimeBuckets::kBucketCount - 1;
            const QByteArray le = last
                ? "+Inf"_ba
                : QByteArray::number(double(model::TimeBuckets::kBoundsUs[size_t(i)]) / 1e6, 'g', 10);
            sample(out, bucket.constData(), host + ",le=\""_ba + le + '"', QByteArray::number(cumulative));
        }
        sample(out, sum.constData(), host, seconds(buckets.sumUs));
        sample(out, count.constData(), host, QByteArray::number(cumulative));
    }
}

} // namespace

double ControlFormat::requestsPerSecond(
    const model::MetricsSnapshot &earlier, const model::MetricsSnapshot &later, qint64 wallIntervalMs)
{
    if (later.requests < earlier.requests)
        return 0;
    const bool engineClock = earlier.uptimeMs > 0 && later.uptimeMs > earlier.uptimeMs;
    const qint64 intervalMs = engineClock ? later.uptimeMs - earlier.uptimeMs : wallIntervalMs;
    if (intervalMs <= 0)
        return 0;
    return double(later.requests - earlier.requests) * 1000.0 / double(intervalMs);
}

QJsonObject ControlFormat::statusJson(
    const model::MetricsSnapshot &now, double requestsPerSecond, const QString &engineUrl)
{
    QJsonArray sites;
    for (const model::MetricsSnapshot::SiteCount &site : now.perSite)
        sites.append(QJsonObject { { u"host"_s, site.hostName }, { u"requests"_s, qint64(site.requests) } });
    return { { u"running"_s, now.uptimeMs > 0 }, { u"url"_s, engineUrl }, { u"uptime_ms"_s, now.uptimeMs },
        { u"requests"_s, qint64(now.requests) }, { u"requests_per_second"_s, requestsPerSecond },
        { u"open_connections"_s, now.openConnections }, { u"sites"_s, sites } };
}

QByteArray ControlFormat::escapeLabelValue(const QString &value)
{
    QByteArray escaped;
    const QByteArray utf8 = value.toUtf8();
    escaped.reserve(utf8.size());
    for (const char c : utf8) {
        if (c == '\\')
            escaped += "\\\\";
        else if (c == '"')
            escaped += "\\\"";
        else if (c == '\n')
            escaped += "\\n";
        else
            escaped += c;
    }
    return escaped;
}

QString ControlFormat::reasonPhrase(int status)
{
    // RFC 9110 section 15's reason phrases of the statuses the API answers.
    static const QHash<int, QString> titles { { 400, u"Bad Request"_s }, { 401, u"Unauthorized"_s },
        { 403, u"Forbidden"_s }, { 404, u"Not Found"_s }, { 405, u"Method Not Allowed"_s },
        { 408, u"Request Timeout"_s }, { 409, u"Conflict"_s }, { 412, u"Precondition Failed"_s },
        { 413, u"Content Too Large"_s }, { 415, u"Unsupported Media Type"_s },
        { 421, u"Misdirected Request"_s }, { 422, u"Unprocessable Content"_s },
        { 431, u"Request Header Fields Too Large"_s }, { 500, u"Internal Server Error"_s },
        { 501, u"Not Implemented"_s }, { 503, u"Service Unavailable"_s },
        { 505, u"HTTP Version Not Supported"_s } };
    return titles.value(status, u"Error"_s);
}

QJsonObject ControlFormat::problem(int status, const QString &detail, const QString &field)
{
    QJsonObject object { { u"type"_s, u"about:blank"_s }, { u"title"_s, reasonPhrase(status) },
        { u"status"_s, status }, { u"detail"_s, detail } };
    if (!field.isEmpty())
        object.insert(u"field"_s, field);
    return object;
}

QByteArray ControlFormat::prometheusText(const model::MetricsSnapshot &now)
{
    QByteArray out;
    family(out, "hostbench_requests_total", "counter", "Responses completed since the engine started.");
    sample(out, "hostbench_requests_total", {}, QByteArray::number(now.requests));

    family(out, "hostbench_bytes_sent_total", "counter", "Bytes written to sockets, headers included.");
    sample(out, "hostbench_bytes_sent_total", {}, QByteArray::number(now.bytesSent));

    family(out, "hostbench_responses_total", "counter", "Responses by status class.");
    for (size_t i = 0; i < now.statusClasses.size(); ++i)
        sample(out, "hostbench_responses_total", "class=\""_ba + QByteArray::number(i + 1) + "xx\"",
            QByteArray::number(now.statusClasses[i]));

    family(out, "hostbench_connections_accepted_total", "counter",
        "Connections accepted since the engine started.");
    sample(out, "hostbench_connections_accepted_total", {}, QByteArray::number(now.connectionsAccepted));

    family(out, "hostbench_proxy_errors_total", "counter",
        "Proxied requests that failed, by cause; retried: sent again after an early close.");
    for (size_t i = 0; i < now.proxyErrors.size(); ++i)
        sample(out, "hostbench_proxy_errors_total",
            "cause=\""_ba + model::MetricsSnapshot::kProxyErrorNames[i] + '"',
            QByteArray::number(now.proxyErrors[i]));

    family(out, "hostbench_fastcgi_errors_total", "counter",
        "PHP requests through FastCGI that failed, by cause (PHP-FPM unavailable, timed out, bad output).");
    for (size_t i = 0; i < now.phpErrors.size(); ++i)
        sample(out, "hostbench_fastcgi_errors_total",
            "cause=\""_ba + model::MetricsSnapshot::kPhpErrorNames[i] + '"',
            QByteArray::number(now.phpErrors[i]));

    family(out, "hostbench_fastcgi_queued_total", "counter",
        "PHP requests that waited for a connection to PHP-FPM (the per-worker limit reached).");
    sample(out, "hostbench_fastcgi_queued_total", {}, QByteArray::number(now.phpQueued));

    family(out, "hostbench_proxy_queued_total", "counter",
        "Proxied requests that waited for a connection to their upstream (the per-worker limit reached).");
    sample(out, "hostbench_proxy_queued_total", {}, QByteArray::number(now.proxyQueued));

    family(out, "hostbench_tls_handshakes_total", "counter",
        "TLS handshakes completed on the TLS listener; resumed: of them, sessions resumed from a ticket.");
    sample(out, "hostbench_tls_handshakes_total", "kind=\"full\"",
        QByteArray::number(now.tlsHandshakes - std::min(now.tlsResumed, now.tlsHandshakes)));
    sample(out, "hostbench_tls_handshakes_total", "kind=\"resumed\"", QByteArray::number(now.tlsResumed));
    family(out, "hostbench_tls_errors_total", "counter",
        "Connections to the TLS listener closed for a TLS error (a failed handshake, plain HTTP sent to "
        "it).");
    sample(out, "hostbench_tls_errors_total", {}, QByteArray::number(now.tlsErrors));

    family(out, "hostbench_http2_connections_total", "counter",
        "Connections that spoke HTTP/2 (h2 by ALPN on the TLS listener, h2c with prior knowledge).");
    sample(out, "hostbench_http2_connections_total", {}, QByteArray::number(now.http2Connections));
    family(
        out, "hostbench_http2_streams_total", "counter", "Streams (requests) opened on HTTP/2 connections.");
    sample(out, "hostbench_http2_streams_total", {}, QByteArray::number(now.http2Streams));
    family(out, "hostbench_http2_resets_total", "counter",
        "RST_STREAM frames HTTP/2 clients sent (a flood of them ends the connection).");
    sample(out, "hostbench_http2_resets_total", {}, QByteArray::number(now.http2Resets));

    family(out, "hostbench_open_connections", "gauge", "Connections open now.");
    sample(out, "hostbench_open_connections", {}, QByteArray::number(now.openConnections));

    family(out, "hostbench_site_requests_total", "counter", "Requests answered per virtual host.");
    for (const model::MetricsSnapshot::SiteCount &site : now.perSite)
        sample(out, "hostbench_site_requests_total", "host=\""_ba + escapeLabelValue(site.hostName) + '"',
            QByteArray::number(site.requests));

    siteHistogram(out, "hostbench_site_service_seconds",
        "Engine service time per virtual host: request parsed to response written.", now,
        &model::MetricsSnapshot::SiteCount::serviceTime);
    siteHistogram(out, "hostbench_upstream_response_seconds",
        "Proxied requests per virtual host: the upstream's time to its last byte "
        "(nginx's $upstream_response_time).",
        now, &model::MetricsSnapshot::SiteCount::upstreamTime);
    siteHistogram(out, "hostbench_upstream_header_seconds",
        "Proxied requests per virtual host: the upstream's time to its response head "
        "(nginx's $upstream_header_time).",
        now, &model::MetricsSnapshot::SiteCount::upstreamHeaderTime);

    family(out, "hostbench_uptime_seconds", "gauge", "Seconds since the engine started; 0 when stopped.");
    sample(out, "hostbench_uptime_seconds", {}, QByteArray::number(double(now.uptimeMs) / 1000.0, 'f', 3));
    return out;
}

} // namespace hostbench::control
