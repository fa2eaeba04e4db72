#pragma once

#include "shootout/ShootoutReport.h"
#include "storage/ShootoutTable.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace hostbench::shootout {

/*
 * A stored shootout written out as `hostbench-cli shootout export ID
 * --format json|csv|md|html` writes it, and as the Shootout page's Export saves
 * it: one place for the three formats.
 *   - json: {"shootout_id", "started_at" (ISO 8601, UTC), "settings" (as
 *     asked), "servers" (the runner's notes per server), "workloads"
 *     (ShootoutReport::workloadsJson)}; the --json file of a shootout has
 *     the same shape.
 *   - csv: ShootoutReport::csv, one line per workload and server.
 *   - md: "## Shootout ID" and ShootoutReport::markdown.
 *   - html: ShootoutHtml::page, a self-contained page with a bar chart per workload.
 * Pure functions; any thread.
 */
class ShootoutExport final
{
public:
    enum class Format { Json, Csv, Markdown, Html };

    // "json", "csv", "md", "html" (as --format names them); nullopt for any other.
    static std::optional<Format> format(const QString &name);
    static QString formatName(Format format);
    // The stored shootout's figures, in its servers' and workloads' order.
    static QList<ShootoutWorkloadResult> results(const storage::StoredShootout &shootout);
    static QJsonObject json(qint64 id, qint64 startedAtMs, const QJsonObject &settings,
        const QJsonObject &servers, const QList<ShootoutWorkloadResult> &results);
    // The whole text of `shootout` in `format`.
    static QString text(const storage::StoredShootout &shootout, Format format);
};

} // namespace hostbench::shootout
