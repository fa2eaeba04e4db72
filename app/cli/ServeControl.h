#pragma once

#include "cli/CliParse.h"

namespace hostbench::service {
class Instance;
}

namespace hostbench::cli {

/*
 * What serve says of its control API, which its service::Instance runs (the
 * wiring the window shares: token, control.endpoint, stored sites, runs, the
 * engine's reload, start and stop): on stdout where it listens and how it is
 * reached, on stderr why it does not.
 *
 * Thread: the main thread, which runs the event loop.
 */
class ServeControl final
{
public:
    // Opens the instance's control API on `endpoint` and writes
    // control.endpoint; false, with the reason (and who holds a taken port)
    // on stderr, when it cannot listen. `tokenRequired`: /metrics needs the
    // token too, which allows an address other than loopback.
    static bool open(service::Instance &instance, const Endpoint &endpoint, bool tokenRequired);
};

} // namespace hostbench::cli
