#pragma once

#include "model/BenchParameters.h"

#include <QByteArray>
#include <QStringList>

namespace hostbench::bench {

/*
 * A k6 script (https://grafana.com/docs/k6/) for the same run as a
 * BenchParameters: the same method, URL, headers (Host and Content-Type
 * too) and body, keep-alive or a new connection per request, the request
 * timeout, and the load model as a k6 scenario: the closed model with -t is
 * `constant-vus` (vus = -c, for the duration), with -n `shared-iterations`
 * (-c VUs share -n iterations, as ab -n -c); the open model (--rate) is
 * `constant-arrival-rate` (rate per second, for the duration, or -n / rate
 * seconds), with -c VUs preallocated. A warm-up runs as a scenario of its
 * own before, left out of the thresholds. The thresholds are bench's
 * (parameters.thresholds, with --abort-on-fail's abortOnFail; K6Thresholds
 * maps them, and those k6 cannot express are listed in the head comment
 * with the reason), plus the 99th latency percentile of http_req_duration
 * below `p99ThresholdMs` when it is above 0. Header values are UTF-8. For
 * https://, --insecure is `insecureSkipTLSVerify`; --h2 over TLS is k6's own
 * HTTP/2 (ALPN), each response checked to be HTTP/2.0 (--streams has no k6
 * equivalent, the script says so); --h2 over http:// (h2c) k6 cannot speak:
 * the script says it runs over HTTP/1.1.
 *
 * The options object is written as JSON (valid JavaScript), between the
 * lines "export const options =" and ";", so that tools can read it back.
 * Pure function; any thread.
 */
class K6Script final
{
public:
    // `command`: the words of the command line that asked for the script
    // (argv), written in the head comment as one line to paste into a
    // shell (commandLine()).
    static QByteArray write(
        const model::BenchParameters &parameters, double p99ThresholdMs, const QStringList &command);
    // `words` as one POSIX shell line: a word of only [A-Za-z0-9_@%+=:,./-]
    // as it is, any other in single quotes ('\'' for a quote), one with a
    // control character or U+2028/U+2029 as bash's $'...' with escapes, so
    // that the line is one line (and one JavaScript comment line).
    static QString commandLine(const QStringList &words);
};

} // namespace hostbench::bench
