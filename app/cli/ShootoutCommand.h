#pragma once

#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli shootout`: Hostbench beside nginx, lighttpd, h2o, Apache
 * and Caddy on the reference workloads (shootout::ShootoutRunner says how),
 * printed as a table per workload, written as JSON with --json FILE and
 * stored in the data folder as one comparison that holds its runs:
 *
 *   shootout [--servers LIST] [--workloads LIST] [-t SECONDS] [--rounds N]
 *            [-c CONCURRENCY] [--rate R] [--no-keep-alive] [--workers N]
 *            [--port FIRST] [--json FILE] [--data-dir DIR]
 *   shootout list | show ID | export ID --format json|csv|md [--out FILE]
 *            | compare ID LATER_ID | delete ID
 *
 * Progress goes to stderr as "[DONE/TOTAL] round R of N: SERVER WORKLOAD"
 * and the end as "Stored as shootout ID in FILE" (the Shootout page reads
 * both). Exit codes: 0 once at least one server was measured (missing or
 * failing servers are listed, not fatal), 1 for bad flags, no server to
 * measure, or a file that cannot be written. SIGINT/SIGTERM stop the run
 * under way; the servers are stopped and the temporary folder removed.
 * Thread: the main thread.
 */
class ShootoutCommand final
{
public:
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
