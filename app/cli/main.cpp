// hostbench-cli: the headless executable. Builds with QtCore and QtNetwork
// only, which shows that the engine needs no GUI.
#include "cli/BenchCommand.h"
#include "cli/CaCommand.h"
#include "cli/Console.h"
#include "cli/ExportCommand.h"
#include "cli/ImportCommand.h"
#include "cli/RunsCommand.h"
#include "cli/ServeCommand.h"
#include "cli/ShootoutCommand.h"
#include "cli/SitesCommand.h"
#include "cli/StatusCommand.h"
#include "sys/PeerSignals.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;
using namespace hostbench::cli;

namespace {

const QString kUsage = uR"(Usage: hostbench-cli COMMAND [options]

Hostbench without a GUI: a web server with name-based virtual hosts and an
ab/wrk-like load generator.

Commands:
  serve    Serves sites until SIGINT/SIGTERM (the stored ones, or --site/--default)
  bench    Load-tests a URL, prints ab's report and stores the run
  status   Shows the state of a running serve or GUI (its control API)
  runs     Lists, shows, exports and deletes the stored benchmark runs
  shootout Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the same site
  sites    Lists and changes the stored sites (through the running instance, if any)
  reload   Makes the running instance serve the stored sites again
  export   Writes the sites as nginx, caddy, lighttpd, apache or h2o configuration
  import   Stores k6's JSON output (k6 run --out json=FILE) as a run
  ca       The local certificate authority of HTTPS sites: status, trust, untrust, export

Options:
  -h, --help     Shows this help; COMMAND --help shows a command's options
  -v, --version  Shows the version
)"_s;

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    // These name the data folder (QStandardPaths::AppDataLocation), shared with the GUI.
    QCoreApplication::setOrganizationName(u"Hostbench"_s);
    QCoreApplication::setApplicationName(u"hostbench"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOSTBENCH_VERSION));
    // A peer that closes early must not kill the server or the generator.
    hostbench::sys::PeerSignals::ignoreInProcess();

    QStringList arguments = QCoreApplication::arguments();
    const QString command = arguments.value(1);
    if (command == u"-h"_s || command == u"--help"_s || command == u"help"_s) {
        Console::outRaw(kUsage);
        return 0;
    }
    if (command == u"-v"_s || command == u"--version"_s || command == u"version"_s) {
        Console::out(u"hostbench-cli "_s + QCoreApplication::applicationVersion());
        return 0;
    }
    if (command.isEmpty()) {
        Console::err(kUsage);
        return 1;
    }
    arguments.removeAt(1);
    if (command == u"serve"_s)
        return ServeCommand::run(arguments);
    if (command == u"bench"_s)
        return BenchCommand::run(arguments);
    if (command == u"status"_s)
        return StatusCommand::run(arguments);
    if (command == u"runs"_s)
        return RunsCommand::run(arguments);
    if (command == u"shootout"_s)
        return ShootoutCommand::run(arguments);
    if (command == u"sites"_s)
        return SitesCommand::run(arguments);
    if (command == u"reload"_s)
        return SitesCommand::runReload(arguments);
    if (command == u"export"_s)
        return ExportCommand::run(arguments);
    if (command == u"import"_s)
        return ImportCommand::run(arguments);
    if (command == u"ca"_s)
        return CaCommand::run(arguments);
    return Console::fail(command,
        u"unknown command (commands: serve, bench, status, runs, shootout, sites, reload, export, import, "
        u"ca; "
        "see --help)"_s);
}
