#pragma once

#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli export nginx|caddy|lighttpd|apache|h2o`: writes the stored
 * sites of a data folder (or exactly those of --site / --default, with
 * --route added to each, as `serve` takes them) as that server's
 * configuration (exporter::ConfigWriter), to --out FILE or stdout. With
 * --out, the files the configuration refers to (fixed routes' bodies, the
 * benchmark flavour's MIME table) are written too, under --prefix (default
 * FILE.d/ beside it); on stdout a note on stderr names them instead.
 * The listen address and port: --listen, else the stored server settings;
 * the timeouts and connection cap: the stored ones. Returns 0, or 1 with the
 * reason on stderr (an unknown server names the ones known). Thread: the
 * main thread.
 */
class ExportCommand final
{
public:
    static int run(const QStringList &arguments);
};

} // namespace hostbench::cli
