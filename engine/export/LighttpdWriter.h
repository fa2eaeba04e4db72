#pragma once

#include "export/ExportOptions.h"

#include <QString>

namespace hostbench::exporter {

struct ExportPlan;

/*
 * lighttpd 1.4.69 (Debian 12's lighttpd): the default site in the global scope,
 * every other one in a `$HTTP["host"]` condition that sets each of its
 * settings again. Adds the files and folders it refers to to `result` and
 * returns the configuration text. Any thread.
 */
class LighttpdWriter final
{
public:
    static QString write(const ExportPlan &plan, ExportResult &result);
};

} // namespace hostbench::exporter
