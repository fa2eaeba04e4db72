#pragma once

#include "model/ShootoutEntry.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace hostbench::shootout {

/*
 * A shootout's figures per workload and server, over its rounds: the
 * median requests/s with its spread ((max - min) / median), the ratio to
 * the best server of the workload (by median), the medians of p50, p99
 * latency (ms) and server CPU µs per request, and the errors summed over
 * the rounds (failed requests + non-2xx answers). Written as the CLI's
 * text table, JSON, CSV and Markdown, and compared with a later shootout.
 * The upstream of a proxied workload (server Workload::upstreamId(),
 * measured alone) is a reference cell: listed last, with its own figures,
 * neither ranked nor the best (ratio 0, shown as "ref").
 * With --capacity each cell is a capacity search per round (ShootoutCell's
 * capacity fields): the tables, JSON ("capacity", "capacity_lower_bound",
 * "capacity_none", "round_capacity", "capacity_steps"), CSV (the columns
 * capacity, capacity_lower_bound) and compare() then rank and compare the
 * capacity; a lower bound is written ">=N", none found "none".
 * A PHP workload's cells (W5, W7p: Workload::php) add the median of the
 * PHP-FPM pool's own CPU µs per request over the rounds, measured apart
 * from the server's: a column "PHP-FPM us/req" in its text and Markdown
 * tables, with a line under them saying what it is.
 * Pure functions; any thread.
 */
struct ShootoutCell
{
    QString server;
    int rounds = 0;
    double requestsPerSecond = 0; // median of the rounds
    double requestsPerSecondMin = 0;
    double requestsPerSecondMax = 0;
    double spreadPercent = 0; // (max - min) / median * 100
    double ratioToBest = 0; // requestsPerSecond / the workload's best
    double p50Ms = 0;
    double p99Ms = 0;
    double cpuUsPerRequest = 0;
    double phpFpmCpuUsPerRequest = 0; // php: the PHP-FPM pool's, median of the rounds
    bool php = false; // a PHP workload's cell (Workload::php)
    quint64 errors = 0;
    QList<double> roundRequestsPerSecond; // by round
    bool reference = false; // the upstream alone: not ranked
    bool http2 = false; // every round's run was HTTP/2 (RunSummary::http2: W1h2, W2h2)
    bool h2OverTls = false; // http2, and over TLS (h2 by ALPN), not h2c
    // --capacity: every round's run was a capacity search. The cell is then
    // ranked by `capacity` (the median of the rounds' capacities, requests/s
    // meeting every SLO; the spread and ratio are of it); requestsPerSecond,
    // p50 and p99 are those of the step at the capacity. capacityLowerBound:
    // a round's search stopped early (CapacityResult::lowerBound);
    // capacityNone: no round found one (each first step already failed).
    bool capacityMode = false;
    double capacity = 0;
    bool capacityLowerBound = false;
    bool capacityNone = false;
    QList<double> roundCapacity; // by round
    int steps = 0; // the searches' steps, all rounds

    // What the cell is ranked by: the capacity, or the median requests/s.
    double rankValue() const { return capacityMode ? capacity : requestsPerSecond; }
};

struct ShootoutWorkloadResult
{
    QString workload; // "W1"
    QList<ShootoutCell> cells; // in the servers' order
    QStringList capacitySlo; // --capacity: the SLOs of its searches; empty otherwise
};

class ShootoutReport final
{
public:
    // Groups `entries` by workload (in `workloads` order, then any other)
    // and server (in `servers` order, then any other).
    static QList<ShootoutWorkloadResult> aggregate(const QList<model::ShootoutEntry> &entries,
        const QStringList &servers = {}, const QStringList &workloads = {});
    static double median(QList<double> values);

    // One table per workload: requests/s (spread), ratio, p50, p99, CPU µs/request, errors.
    static QString text(const QList<ShootoutWorkloadResult> &results);
    static QString markdown(const QList<ShootoutWorkloadResult> &results);
    // One line per workload and server, with a header line; its last column,
    // php_fpm_cpu_us_per_request, is empty but for PHP workloads.
    static QString csv(const QList<ShootoutWorkloadResult> &results);
    // {"W1": {"nginx": {"requests_per_second", "requests_per_second_min",
    // "requests_per_second_max", "spread_percent", "ratio_to_best", "p50_ms",
    // "p99_ms", "cpu_us_per_request", "errors", "rounds", "round_requests_per_second"}}},
    // "reference": true in the upstream's cell, "php_fpm_cpu_us_per_request" in a PHP workload's,
    // "protocol": "h2" (over TLS) or "h2c" in a cell whose every run was HTTP/2
    static QJsonObject workloadsJson(const QList<ShootoutWorkloadResult> &results);
    // "300.0", ">=300.0" (a lower bound) or "none": a cell's capacity as the tables write it.
    static QString capacityText(const ShootoutCell &cell);
    // requests/s (or, for capacity searches, the capacity) and p99 of each
    // workload and server in both, with after / before.
    static QString compare(const QList<ShootoutWorkloadResult> &before,
        const QList<ShootoutWorkloadResult> &after, qint64 beforeId, qint64 afterId);

private:
    // ShootoutReportCapacity.cpp: the capacity figures of a cell, and the tables of a --capacity workload.
    static void fillCapacity(ShootoutCell &cell, const QList<model::ShootoutEntry> &runs);
    static QString capacityTable(const ShootoutWorkloadResult &result);
    static QString capacityMarkdown(const ShootoutWorkloadResult &result);
    static void addCapacityJson(QJsonObject &object, const ShootoutCell &cell);
};

} // namespace hostbench::shootout
