#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace hostbench::bench {

/*
 * bench's --threshold list (model::Threshold's grammar) as k6's
 * options.thresholds, on the measured scenario "bench" only (the warm-up
 * scenario is left out of every one):
 *   pN, mean, min, max  http_req_duration{scenario:bench}: p(N), avg, min,
 *                       max OP VALUE, in ms (k6's unit for the metric)
 *   rps                 http_reqs{scenario:bench}: rate OP VALUE
 *   errors with %       http_req_failed{scenario:bench}: rate OP SHARE (k6
 *                       fails a response outside 200-399 or a network error,
 *                       as Hostbench's errors count them)
 *   errors==0 (<1, <=0) http_req_failed{scenario:bench}: rate==0
 *   non2xx==0 (<1, <=0) checks{check:status is 2xx}: rate==1, from a check
 *                       of every response of the measured scenario
 *                       (needsStatusCheck: the script runs that check)
 * Those that k6 cannot express are left out and listed with the reason
 * (`unmapped`, "threshold: why" each): FACTOR*baseline (k6 compares no
 * runs), unfinished (k6 counts no request left under way), a count of
 * errors or non2xx other than none (k6's rates are shares). `abortOnFail`
 * (bench --abort-on-fail) writes each as {threshold, abortOnFail: true,
 * delayAbortEval: "1s"}, k6's form of the same rule. `p99Ms` > 0 adds
 * p(99)<p99Ms (--k6-p99-ms). Operators are k6's own (<, <=, >, >=, ==, !=).
 * Pure function; any thread.
 */
struct K6Thresholds
{
    static constexpr char16_t kStatusCheck[] = u"status is 2xx";

    QJsonObject thresholds; // options.thresholds
    QStringList unmapped; // "rps>=0.95*baseline: k6 compares no runs"
    bool needsStatusCheck = false;

    static K6Thresholds map(const QStringList &texts, bool abortOnFail, double p99Ms);
};

} // namespace hostbench::bench
