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
 *            [--port FIRST] [--json FILE] [--data-dir DIR] [--no-store]
 *            [--progress text|json]
 *   shootout list | show ID | export ID --format json|csv|md [--out FILE]
 *            | compare ID LATER_ID | delete ID
 *
 * The flags are ShootoutFlags' and make a shootout::ShootoutOptions (whose
 * arguments() is the command line the Shootout page gives). Progress goes
 * to stderr: by default as text lines ("[DONE/TOTAL] round R of N: SERVER
 * WORKLOAD", the end as "Stored as shootout ID in FILE"); with --progress
 * json as one JSON object per line, each a shootout::ShootoutEvent
 * (started, message, server_starting, server_ready, server_failed,
 * run_starting, result, done, error: ShootoutEvent.h lists their fields),
 * which the Shootout page reads; a failure is then an "error" event. The
 * tables go to stdout either way. Exit codes: 0 once at least one server was measured (missing or
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
