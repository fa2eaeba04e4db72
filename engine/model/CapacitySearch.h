#pragma once

#include "model/CapacityResult.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"
#include "model/Threshold.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::model {

/*
 * The capacity finder's decisions: which open-model rate to try next, from
 * the pass or fail of the steps so far. First a doubling phase from
 * `startRate` (r, 2r, 4r, ...) until a step fails; then a bisection
 * between the highest passing rate P and the lowest failing rate F (the
 * midpoint next), until F - P <= precision * P. The capacity is P. A
 * first step that fails ends the search at once (capacity 0: the start
 * rate is already too high). Doubling stops at `maxRate` (a step there
 * that passes ends the search, its rate the capacity, said to be a lower
 * bound), and the search stops after kMaxSteps steps whatever it found.
 * Pure logic, no clock; any thread.
 */
class CapacitySearch final
{
public:
    static constexpr double kDefaultStartRate = 100; // requests/s, without --rate
    static constexpr double kDefaultPrecision = 0.05; // 5% of the rate
    static constexpr int kMaxSteps = 40;
    // The implicit SLO of every step: it completes at least this share of
    // the rate asked (a server, or a generator, that cannot keep up fails).
    static constexpr double kMinAchievedShare = 0.95;

    CapacitySearch(double startRate, double precision, double maxRate);

    // The rate to try next, or nullopt when the search is over.
    std::optional<double> nextRate() const;
    // The step at nextRate() passed or failed.
    void record(bool passed);
    // The highest passing rate so far (0 when none passed).
    double capacity() const { return m_pass; }
    bool firstStepFailed() const { return m_steps == 1 && m_fail > 0 && m_pass == 0; }
    // The search ended at maxRate without a failure: capacity() is a lower bound.
    bool reachedMaxRate() const;
    int steps() const { return m_steps; }

    // What a step's SLOs say about its judged part. `slos` parsed by
    // parseSlo(); `summary` and `histogram` the judged part's. Requests
    // still under way when the step ended (summary.unfinished) are no
    // errors here: every step of the open model ends with some in flight.
    static CapacityStep judge(double rate, const QList<Threshold> &slos, const RunSummary &summary,
        const LatencyHistogram &histogram);
    // An SLO in Threshold's grammar, refused (nullopt, *error) when it is no
    // per-step figure: a FACTOR*baseline, or `unfinished`.
    static std::optional<Threshold> parseSlo(const QString &text, QString *error);
    // The result as stored in the run's summary_json and given by --json and
    // GET /api/runs/{id}: {"slo": [...], "capacity": requests/s, "steps":
    // [{"rate", "achieved", "p50_ms", "p99_ms", "requests", "errors",
    // "passed", "failed_slo", "failed_figure"}]} (the last two for a failed
    // step only); fromJson() reads it back (missing keys: defaults).
    static QJsonObject toJson(const CapacityResult &result);
    static CapacityResult fromJson(const QJsonObject &object);

private:
    double m_start, m_precision, m_max;
    double m_pass = 0; // highest passing rate, 0 = none
    double m_fail = 0; // lowest failing rate, 0 = none
    double m_next = 0;
    int m_steps = 0;
    bool m_done = false;
};

} // namespace hostbench::model
