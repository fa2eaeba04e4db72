#pragma once

#include "export/ExportOptions.h"

#include <QString>

namespace hostbench::exporter {

struct ExportPlan;

/*
 * Apache httpd 2.4 (Debian 12's apache2), mpm_event: one
 * `<VirtualHost>` per site, the default site first, the modules it needs
 * loaded by the file itself. Adds the files and folders it refers to to `result` and
 * returns the configuration text. Any thread.
 */
class ApacheWriter final
{
public:
    static QString write(const ExportPlan &plan, ExportResult &result);
};

} // namespace hostbench::exporter
