#pragma once

#include "export/ExportOptions.h"

#include <QString>

namespace hostbench::exporter {

struct ExportPlan;

/*
 * Caddy 2.6 (Debian 12's caddy), a Caddyfile: one site block
 * per site, the default site's address the bare port so that it answers
 * every host name the others do not. Adds the files and folders it refers to to `result` and
 * returns the configuration text. Any thread.
 */
class CaddyWriter final
{
public:
    static QString write(const ExportPlan &plan, ExportResult &result);
};

} // namespace hostbench::exporter
