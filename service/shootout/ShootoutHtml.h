#pragma once

#include "storage/ShootoutTable.h"

#include <QString>

namespace hostbench::shootout {

/*
 * A stored shootout as one self-contained HTML page to share (`shootout
 * export ID --format html`, the Shootout page's Export), in the style of
 * bench::RunReport (bench::ReportPage's frame: no script, nothing loaded,
 * a Content-Security-Policy of default-src 'none'): its settings and
 * state, the servers' notes (missing, failed to start, left out), then per
 * workload a section id="workload-ID" with its table (ShootoutReport's
 * figures: requests/s or, with --capacity, the capacity at the SLOs, with
 * the spread, ratio to the best, p50, p99, CPU µs per request, errors) and
 * a bar chart of each server's median requests/s (or capacity) drawn as
 * inline SVG (bench::SvgBarChart, <svg id="chart-ID">, a <rect
 * class="bar SERVER"> per server; the upstream alone outlined, not ranked).
 * Every text that comes from the stored shootout is HTML-escaped.
 * Pure function; any thread. The texts are English, as the CLI's.
 */
class ShootoutHtml final
{
public:
    static QString page(const storage::StoredShootout &shootout);
};

} // namespace hostbench::shootout
