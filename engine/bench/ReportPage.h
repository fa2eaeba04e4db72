#pragma once

#include <QString>

namespace hostbench::bench {

/*
 * The frame of the self-contained HTML reports (RunReport, the shootout's
 * report): head() opens an HTML5 page up to its <body> with a
 * Content-Security-Policy of default-src 'none' (inline styles only: the
 * page loads nothing and runs no script), the reports' one style sheet and
 * `title` (HTML-escaped here); footer() closes it with a line naming the
 * command that wrote it. Pure functions; any thread.
 */
struct ReportPage
{
    static QString head(const QString &title);
    static QString footer(const QString &command);
};

} // namespace hostbench::bench
