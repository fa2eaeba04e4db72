#pragma once

#include "model/BenchParameters.h"

#include <QJsonObject>
#include <QString>

namespace hostbench::control {

/*
 * The body of POST /api/runs: the parameters of `hostbench-cli bench`, in JSON:
 *   {"url": "http://127.0.0.1:8080/", "requests": 1000 | "duration_s": 10,
 *    "concurrency": 10, "keep_alive": true, "threads": 2, "rate": 500,
 *    "warmup_s": 1, "timeout_s": 30, "method": "GET",
 *    "headers": ["Name: value"], "body": "text", "content_type": "text/plain",
 *    "host": "a.test", "thresholds": ["p99<50ms", "errors<0.1%"],
 *    "abort_on_fail": true,
 *    "stages": [{"duration": "10s", "rate": 1000}, {"duration": "30s", "rate": 5000}],
 *    "http2": true, "streams": 10, "insecure": false}
 * "url" (http:// or https://) and one of "requests" and "duration_s" are
 * required. "http2" is bench --h2 (h2 by ALPN for https://, h2c with prior
 * knowledge for http://, RFC 9113), "streams" its --streams (1 to 1000,
 * with "http2" only), "insecure" its --insecure (https:// only: the
 * certificate is not checked; else the system store and the data folder's
 * local CA are trusted). An unknown
 * member or one of the wrong JSON type is refused by name, as are values
 * out of range (the same ranges as bench's flags); the load generator checks
 * the rest (an unresolvable host, a failed handshake) when the run starts. "thresholds"
 * (bench --threshold's grammar, model::Threshold) are checked on the
 * finished run; GET /api/runs/{id} then has {"thresholds": {"passed",
 * "results": [{"threshold", "measured", "passed"}]}}. "abort_on_fail"
 * ("abortOnFail" is taken too) needs "thresholds": bench --abort-on-fail.
 * "compare_baseline": true is bench --compare-baseline: the run is compared
 * with the baseline of its target (the runs' service refuses a run whose
 * target has none, as it refuses a FACTOR*baseline threshold then, 422).
 * "stages" are bench --stages, as that string ("10s:1000,30s:5000") or as
 * an array of {"duration", "rate"} (a bad one named "stages[i]"); the run
 * then lasts their sum (no "requests" or "duration_s"), ramping from "rate"
 * or 0. "find_capacity": {"slo": ["p99<10ms", "errors<0.1%"],
 * "step_duration_s": 3, "precision_percent": 5} is bench --find-capacity
 * (model::CapacitySearch; a bad SLO named "find_capacity.slo[i]"): no
 * "requests", "duration_s", "stages", "thresholds", "abort_on_fail" or
 * "compare_baseline" beside it; "rate" (default 100) is the start, "warmup_s" (default 1)
 * each step's warm-up, "concurrency" defaults to 50. The run's summary
 * then has the step table ("capacity").
 * Thread: any.
 */
class RunRequestJson final
{
public:
    // False with the member at fault in *field, a sentence in *detail, and
    // *status 400 (structure) or 422 (a value).
    static bool read(const QJsonObject &json, model::BenchParameters *parameters, QString *field,
        QString *detail, int *status);
    // The parameters in the same form (what GET /api/runs/{id} shows).
    static QJsonObject toJson(const model::BenchParameters &parameters);
};

} // namespace hostbench::control
