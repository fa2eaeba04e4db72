#pragma once

#include "model/RunSummary.h"

#include <QString>

namespace hostbench::model {

/*
 * One measured run of a shootout: which server served which workload in
 * which round, the load generator's summary of the run and the server's CPU
 * time per request (µs, user + system time of every process of the server's
 * session, from /proc). Stored as a benchmark run plus this link (storage's
 * table shootout_runs); reports take medians over the rounds.
 * Plain value; any thread.
 */
struct ShootoutEntry
{
    qint64 runId = 0; // the benchmark run (storage's runs.id); 0 before it is stored
    QString server; // "hostbench", "nginx", "lighttpd", "h2o", "apache", "caddy"
    QString workload; // "W1" .. "W6"
    int round = 1; // 1-based
    RunSummary summary;
    double cpuUsPerRequest = 0; // server CPU µs / completed requests; 0 when none completed
    // PHP workloads (W5, W7p): the shootout's PHP-FPM pool's CPU µs / completed requests, apart
    // from the server's; 0 otherwise. Not stored with the run (the shootout's notes keep it).
    double phpFpmCpuUsPerRequest = 0;
};

} // namespace hostbench::model
