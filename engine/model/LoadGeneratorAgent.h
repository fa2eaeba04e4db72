#pragma once

#include <string_view>

namespace hostbench::model {

/*
 * How the engine knows the built-in load generator's requests: it sends
 * "User-Agent: Hostbench/VERSION" unless the run names another User-Agent
 * (BenchTarget), and the engine leaves requests whose User-Agent starts with
 * this prefix out of a site's logs unless the site asks for them
 * (VirtualHost::logLoadGenerator): a 10 s benchmark would otherwise write
 * millions of lines and rotate away the log of the site's real traffic.
 *
 * A header rather than the connection's source: it works for every run of
 * the generator (the window's, hostbench-cli bench, the control API's,
 * from another machine), costs one prefix compare per logged response, and
 * an outside ab or wrk (User-Agent "ApacheBench/2.3", or none) is still
 * logged. A client that sends this User-Agent on purpose only leaves its
 * own lines out; it is counted as every request is.
 */
inline constexpr std::string_view kLoadGeneratorAgentPrefix = "Hostbench/";

} // namespace hostbench::model
