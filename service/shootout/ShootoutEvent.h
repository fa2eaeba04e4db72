#pragma once

#include "model/CapacityResult.h"
#include "model/ShootoutEntry.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace hostbench::shootout {

/*
 * One thing a shootout says as it goes (ShootoutRunner::onEvent), printed
 * by `hostbench-cli shootout` on stderr as the text line textLine() (the
 * default) or, with --progress json, as one JSON object per line
 * (toJson(), compact, UTF-8), which the Shootout page reads back with
 * fromJson(). Every object has "event" (its kind, below) and the fields of
 * that kind; a field that does not apply is left out:
 *
 *   started          "settings" (ShootoutOptions::settings())
 *   message          "text" and, where one is concerned, "server"
 *   server_starting  "server", "port", "program", "round" (0: the check
 *                    before any load, else the round it serves)
 *   server_ready     the same (round 0: it answered every workload URL
 *                    with the file's bytes)
 *   server_failed    "server", "status" ("missing", "failed", "wrong
 *                    bytes"), "message", "package", "log" (its own output
 *                    and logs), "round"
 *   run_starting     "done", "total" (runs measured so far of all),
 *                    "round", "rounds", "server", "workload"
 *   result           "done", "total", "round", "server", "workload",
 *                    "run_id", "completed", "requests_per_second",
 *                    "p50_ms", "p99_ms" (ms), "cpu_us_per_request",
 *                    "errors" (failed + non-2xx), and for a PHP workload
 *                    "php_fpm_cpu_us_per_request" (the PHP-FPM pool's);
 *                    with --capacity "capacity" (CapacitySearch::toJson:
 *                    "capacity" requests/s, "slo", "steps") and
 *                    "capacity_lower_bound" (CapacityResult::lowerBound)
 *   capacity_step    --capacity: a step of a search ended: "server",
 *                    "workload", "round", "step" (1-based), "rate" (asked),
 *                    "achieved", "p50_ms", "p99_ms", "requests", "errors",
 *                    "passed", "failed_slo" (a failed step's figure)
 *   done             "done", "total", "stopped" (bool), "shootout_id"
 *                    (0: not stored), "database" (the file it is stored in)
 *   error            "message": the shootout failed (exit code 1)
 *
 * e.g. {"event":"run_starting","done":0,"total":4,"round":1,"rounds":1,
 * "server":"nginx","workload":"W1"}. With a proxied workload (W6p), the
 * upstream measured alone has runs and results as the server "upstream"
 * (Workload::upstreamId()), and a server_failed of its own when it cannot
 * start. A value type; any thread.
 */
struct ShootoutEvent
{
    enum class Kind {
        Started,
        Message,
        ServerStarting,
        ServerReady,
        ServerFailed,
        RunStarting,
        Result,
        CapacityStep,
        Done,
        Error,
    };

    Kind kind = Kind::Message;
    QString text; // Message's text; ServerFailed's and Error's message
    QString server;
    QString workload;
    QString program;
    QString status; // ServerFailed: "missing", "failed", "wrong bytes"
    QString package;
    QString log;
    QString database;
    quint16 port = 0;
    bool tls = false; // ServerReady: the port is the TLS listener's, checked over HTTPS
    int round = 0;
    int rounds = 0;
    int done = 0;
    int total = 0;
    bool stopped = false;
    qint64 shootoutId = 0;
    QJsonObject settings; // Started's
    model::ShootoutEntry entry; // Result's: its run id, summary and CPU time
    int step = 0; // CapacityStep's number, 1-based
    model::CapacityStep capacityStep; // CapacityStep's figures

    // The text progress line (without a newline), empty when the kind says
    // nothing in text mode (a server starting, a result, ready in a round).
    QString textLine() const;
    QJsonObject toJson() const;
    // One line of --progress json; nullopt when it is not such an object
    // (then the reader shows the line as it is).
    static std::optional<ShootoutEvent> fromJson(const QByteArray &line);

    static QString kindName(Kind kind);
};

} // namespace hostbench::shootout
