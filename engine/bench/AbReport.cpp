#include "AbReport.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace hostbench::bench {

namespace {

// ab's ap_round_ms(): whole milliseconds, halves up.
qint64 roundMs(double ms)
{
    return ms > 0 ? qint64(std::floor(ms + 0.5)) : 0;
}

// A time in ms as a table cell: whole ms as ab rounds them, or whole us.
qint64 cell(double ms, AbReport::TimeUnit unit)
{
    return unit == AbReport::TimeUnit::Microseconds ? roundMs(ms * 1000) : roundMs(ms);
}

double scale(AbReport::TimeUnit unit)
{
    return unit == AbReport::TimeUnit::Microseconds ? 1000 : 1;
}

QString cformat(const char *format, ...) __attribute__((format(printf, 1, 2)));

QString cformat(const char *format, ...)
{
    char line[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(line, sizeof line, format, args);
    va_end(args);
    return QString::fromLatin1(line);
}

QString timesRow(const char *label, const model::TimeStats &t, AbReport::TimeUnit unit)
{
    // ab: "%5" " %4" " %5.1f" " %6" " %7" after a 12-character label.
    return cformat("%-12s%5lld %4lld %5.1f %6lld %7lld\n", label, cell(t.minMs, unit), cell(t.meanMs, unit),
        t.sdMs * scale(unit), cell(t.medianMs, unit), cell(t.maxMs, unit));
}

QString sanity(const char *what, const model::TimeStats &t, AbReport::TimeUnit unit)
{
    double d = double(cell(t.meanMs, unit) - cell(t.medianMs, unit));
    if (d < 0)
        d = -d;
    const double sd = t.sdMs * scale(unit);
    if (d > 2 * sd)
        return cformat("ERROR: The median and mean for %s are more than twice the standard\n"
                       "       deviation apart. These results are NOT reliable.\n",
            what);
    if (d > sd)
        return cformat("WARNING: The median and mean for %s are not within a normal deviation\n"
                       "        These results are probably not that reliable.\n",
            what);
    return {};
}

const char *unitName(AbReport::TimeUnit unit)
{
    // \xb5 is the micro sign in Latin-1, which cformat() decodes.
    return unit == AbReport::TimeUnit::Microseconds ? "\xb5s" : "ms";
}

unsigned long long ull(quint64 v)
{
    return static_cast<unsigned long long>(v);
}

} // namespace

QString AbReport::protocolText(const model::RunSummary &s)
{
    return QStringLiteral("HTTP/2 (%1), %2 stream%3 per connection")
        // Over TLS also when no handshake succeeded (failedTls): it was https://, not h2c.
        .arg(s.tlsProtocol.isEmpty() && s.failedTls == 0 ? QStringLiteral("h2c, prior knowledge")
                                                         : QStringLiteral("h2 by ALPN"))
        .arg(s.streams)
        .arg(s.streams == 1 ? QString() : QStringLiteral("s"));
}

namespace {

// The server and the document.
QString serverSection(const model::RunSummary &s)
{
    QString out;
    out += QLatin1String("Server Software:        ") + s.serverSoftware + u'\n';
    out += QLatin1String("Server Hostname:        ") + s.serverHostname + u'\n';
    out += cformat("Server Port:            %u\n", unsigned(s.serverPort));
    if (!s.tlsProtocol.isEmpty()) {
        // As ab prints them for an https:// URL.
        out += QLatin1String("SSL/TLS Protocol:       ") + s.tlsProtocol + u',' + s.tlsCipher + u'\n';
        out += QLatin1String("TLS Server Name:        ") + s.serverHostname + u'\n';
    }
    // Not in ab, which speaks HTTP/1.x only: shown for an HTTP/2 run alone.
    if (s.http2)
        out += QLatin1String("Protocol:               ") + AbReport::protocolText(s) + u'\n';
    out += u'\n';
    out += QLatin1String("Document Path:          ") + s.documentPath + u'\n';
    out += cformat("Document Length:        %lld bytes\n", static_cast<long long>(s.documentLength));
    out += u'\n';
    return out;
}

// Concurrency, time taken, the counts of requests and bytes.
QString countsSection(const model::RunSummary &s)
{
    QString out;
    out += cformat("Concurrency Level:      %d\n", s.concurrency);
    out += cformat("Time taken for tests:   %.3f seconds\n", s.timeTakenSec);
    out += cformat("Complete requests:      %llu\n", ull(s.completed));
    out += cformat("Failed requests:        %llu\n", ull(s.failed));
    if (s.failed)
        out += cformat("   (Connect: %llu, Receive: %llu, Length: %llu, Exceptions: %llu)\n",
            ull(s.failedConnect), ull(s.failedRead + s.failedTimeout), ull(s.failedLength),
            ull(s.failedParse));
    // Not in ab: an HTTP/2 server's RST_STREAM instead of an answer, named (HTTP_1_1_REQUIRED...).
    if (!s.streamReset.isEmpty())
        out += QLatin1String("Stream resets:          ") + s.streamReset + u'\n';
    // ab's own line for requests it could not send, outside the breakdown above.
    if (s.failedWrite)
        out += cformat("Write errors:           %llu\n", ull(s.failedWrite));
    // Not in ab: https:// figures (as h2load's and oha's), only for an https:// run.
    if (s.failedTls)
        out += cformat("TLS handshake errors:   %llu (", ull(s.failedTls)) + s.tlsFailure + u")\n";
    if (s.tlsHandshakes)
        out += cformat("TLS handshakes:         %llu (%llu resumed), %.3f ms mean, %.3f ms p99\n",
            ull(s.tlsHandshakes), ull(s.tlsResumed), s.handshake.meanMs, s.handshakeP99Ms);
    // Not in ab, which loses them; shown only when there are any, so that a
    // normal run keeps ab's layout line for line.
    if (s.unfinished)
        out += cformat(
            "Unfinished requests:    %llu (sent, no answer when the run stopped)\n", ull(s.unfinished));
    if (s.notSent)
        out += cformat("Requests not sent:      %llu (due by the rate, not sent when the run stopped)\n",
            ull(s.notSent));
    if (s.non2xx)
        out += cformat("Non-2xx responses:      %llu\n", ull(s.non2xx));
    if (s.keepAlive)
        out += cformat("Keep-Alive requests:    %llu\n", ull(s.keepAliveRequests));
    out += cformat("Total transferred:      %llu bytes\n", ull(s.totalBytes));
    out += cformat("HTML transferred:       %llu bytes\n", ull(s.htmlBytes));
    return out;
}

// The rates, when a request completed in a measured time.
QString ratesSection(const model::RunSummary &s)
{
    QString out;
    if (s.timeTakenSec > 0 && s.completed) {
        const double done = double(s.completed);
        out += cformat("Requests per second:    %.2f [#/sec] (mean)\n", done / s.timeTakenSec);
        out += cformat(
            "Time per request:       %.3f [ms] (mean)\n", s.concurrency * s.timeTakenSec * 1000 / done);
        out += cformat("Time per request:       %.3f [ms] (mean, across all concurrent requests)\n",
            s.timeTakenSec * 1000 / done);
        out += cformat("Transfer rate:          %.2f [Kbytes/sec] received\n",
            double(s.totalBytes) / 1024 / s.timeTakenSec);
    }
    return out;
}

// Connection Times, with ab's warnings when a spread is too large.
QString connectionTimesSection(const model::RunSummary &s, AbReport::TimeUnit unit)
{
    QString out;
    if (s.completed > 0) {
        out += cformat("\nConnection Times (%s)\n", unitName(unit));
        out += QLatin1String("              min  mean[+/-sd] median   max\n");
        out += timesRow("Connect:", s.connect, unit);
        out += timesRow("Processing:", s.processing, unit);
        out += timesRow("Waiting:", s.waiting, unit);
        out += timesRow("Total:", s.total, unit);
        out += sanity("the initial connection time", s.connect, unit);
        out += sanity("the processing time", s.processing, unit);
        out += sanity("the waiting time", s.waiting, unit);
        out += sanity("the total time", s.total, unit);
    }
    return out;
}

// Percentage of the requests served within a certain time.
QString percentilesSection(const model::RunSummary &s, AbReport::TimeUnit unit)
{
    QString out;
    if (s.completed > 1 && !s.percentiles.isEmpty()) {
        out += cformat("\nPercentage of the requests served within a certain time (%s)\n", unitName(unit));
        for (const auto &[percent, ms] : s.percentiles) {
            if (percent >= 100)
                out += cformat(" 100%%  %5lld (longest request)\n", cell(ms, unit));
            else
                out += cformat("  %d%%  %5lld\n", percent, cell(ms, unit));
        }
    }
    return out;
}

// The open model's corrected and uncorrected latency (not in ab).
QString openModelSection(const model::RunSummary &s)
{
    QString out;
    if (s.rate > 0 && s.completed > 0) {
        out += cformat("\nOpen model at %.2f [#/sec]: latency (ms)\n", s.rate);
        out += QLatin1String("                   p50       p90       p99       max\n");
        out += cformat("Corrected:   %9.3f %9.3f %9.3f %9.3f  (from the intended send time)\n",
            s.latencyP50Ms, s.latencyP90Ms, s.latencyP99Ms, s.latencyMaxMs);
        out += cformat("Uncorrected: %9.3f %9.3f %9.3f %9.3f  (from the actual send time)\n",
            s.uncorrectedP50Ms, s.uncorrectedP90Ms, s.uncorrectedP99Ms, s.uncorrectedMaxMs);
    }
    return out;
}

} // namespace

QString AbReport::preamble(const QString &hostname)
{
    return QStringLiteral("This is Hostbench, Version " HOSTBENCH_VERSION "\n"
                          "An ApacheBench-compatible load generator\n\n"
                          "Benchmarking %1 (be patient)\n")
        .arg(hostname);
}

AbReport::TimeUnit AbReport::fittingUnit(const model::RunSummary &summary)
{
    return summary.completed > 0 && summary.total.medianMs < 10 ? TimeUnit::Microseconds
                                                                : TimeUnit::Milliseconds;
}

QString AbReport::format(const model::RunSummary &s, TimeUnit unit)
{
    return QStringLiteral("\n\n") + serverSection(s) + countsSection(s) + ratesSection(s)
        + connectionTimesSection(s, unit) + percentilesSection(s, unit) + openModelSection(s);
}

} // namespace hostbench::bench
