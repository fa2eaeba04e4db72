#pragma once

#include "model/BenchParameters.h"

#include <QByteArray>

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
 * own before, left out of the threshold. The threshold is on the 99th
 * latency percentile of http_req_duration, below `p99ThresholdMs`. For
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
    static QByteArray write(
        const model::BenchParameters &parameters, double p99ThresholdMs, const QString &commandLine);
};

} // namespace hostbench::bench
