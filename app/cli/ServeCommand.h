#pragma once

#include "cli/CliParse.h"
#include "cli/Privileges.h"
#include "model/ServerConfig.h"
#include "model/VirtualHost.h"

#include <QList>
#include <QStringList>

#include <optional>

namespace hostbench::cli {

/*
 * `hostbench-cli serve`: runs the engine on the sites given with --site /
 * --default (or those stored in the data folder, with their own logs and
 * listing settings, empty log paths resolved under <data>/logs/, and the
 * stored timeouts and connection cap), with the control API
 * beside it, until SIGINT or SIGTERM; then stops cleanly and returns 0.
 * SIGHUP reloads the sites. With --pid-file it writes its process id once
 * serving (a failure to write stops it with 1) and removes the file at exit.
 * Errors (bad flags, a taken --listen or --control port, named with the
 * process that holds it, no sites, a log file that
 * cannot be opened for append or whose folder is missing) return 1 before
 * serving. Thread: the main thread, which runs the event loop.
 */
class ServeCommand final
{
public:
    struct Options
    {
        // Listen address, port, threads, fallback; run() adds the stored
        // timeouts and cap when serving the stored sites.
        model::ServerConfig config;
        bool explicitSites = false; // --site / --default given
        // --site / --default sites (when explicitSites), with the logs and
        // listing of --access-log, --error-log and --listing
        // (ServeFlags::SiteLogs); --route, added to every site.
        SiteFlags flags;
        QString dataDir; // --data-dir
        std::optional<Endpoint> control; // nullopt: --control off
        bool controlGiven = false; // --control ADDR:PORT: that port or nothing (exit 1 when taken)
        // --control-token-required: /metrics needs the token too, which
        // allows a --control address other than loopback.
        bool controlTokenRequired = false;
        QString pidFile; // --pid-file: written once serving, removed at exit
        // --user (Privileges::plan): whom to serve as once the ports are bound.
        Privileges::Plan user;
    };

    // Parses `arguments` (arguments[0] is the program). Returns nullopt with
    // *exitCode set when done already (--help: 0, bad flags: 1, message printed).
    static std::optional<Options> parse(const QStringList &arguments, int *exitCode);
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
