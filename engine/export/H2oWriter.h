#pragma once

#include "export/ExportOptions.h"

#include <QString>

namespace hostbench::exporter {

struct ExportPlan;

/*
 * h2o 2.2 (Debian 12's h2o), YAML: one `hosts` entry per host
 * name (aliases share the site's mapping through a YAML anchor), the
 * default site first, which h2o uses for unknown host names. Adds the files and folders it refers to to
 * `result` and returns the configuration text. Any thread.
 */
class H2oWriter final
{
public:
    static QString write(const ExportPlan &plan, ExportResult &result);
};

} // namespace hostbench::exporter
