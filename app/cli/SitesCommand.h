#pragma once

#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli sites list|add|edit|remove` and `hostbench-cli reload`:
 * the stored sites of a data folder (--data-dir, $HOSTBENCH_DATA_DIR, else
 * the user's), changed under the site dialog's rules.
 *
 * When an instance runs on the folder (the window or `serve`, named by its
 * control.endpoint, answering with the folder's control.token), the command
 * goes through its control API, so that the instance reloads and shows the
 * change. When none answers, it works on the SQLite file directly
 * (storage::SiteEdits, one transaction per change); `reload` then fails.
 *
 *   sites list [--json]
 *   sites add HOST[,ALIAS...]=DIR [--proxy PATH=URL]... [--app CMD [--app-dir DIR]
 *             [--app-env NAME=value]... [--app-grace MS]]
 *   sites edit HOST [--host NAME] [--aliases A,B|""] [--root DIR] [--default]
 *              [--proxy PATH=URL|off]... [--app CMD|off] [--app-dir DIR] ...
 *   sites remove HOST
 *   reload
 *
 * The flags are read by SitesFlags. Output is a table for people (host,
 * aliases, document root, proxied paths and app command, "-" for none), or
 * --json (the API's site objects). Returns
 * 0, or 1 with the reason on stderr (the field at fault for a refused site).
 * Thread: the main thread.
 */
class SitesCommand final
{
public:
    static int run(const QStringList &arguments);
    static int runReload(const QStringList &arguments);
};

} // namespace hostbench::cli
