#pragma once

#include "export/ExportOptions.h"

#include <QString>

namespace hostbench::exporter {

struct ExportPlan;

/*
 * nginx 1.22 (Debian 12's nginx and nginx-light): one `server` block per
 * site, the default site's `listen ... default_server`. Adds the files and
 * folders it refers to (benchmark MIME table, temporary folders) to
 * `result` and returns the configuration text. Any thread.
 */
class NginxWriter final
{
public:
    static QString write(const ExportPlan &plan, ExportResult &result);
};

} // namespace hostbench::exporter
