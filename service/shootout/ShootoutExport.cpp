#include "shootout/ShootoutExport.h"

#include "shootout/ServerNote.h"
#include "shootout/ShootoutHtml.h"
#include "shootout/ShootoutOptions.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace hostbench::shootout {

std::optional<ShootoutExport::Format> ShootoutExport::format(const QString &name)
{
    if (name == u"json"_s)
        return Format::Json;
    if (name == u"csv"_s)
        return Format::Csv;
    if (name == u"md"_s)
        return Format::Markdown;
    if (name == u"html"_s)
        return Format::Html;
    return std::nullopt;
}

QString ShootoutExport::formatName(Format format)
{
    switch (format) {
    case Format::Json:
        return u"json"_s;
    case Format::Csv:
        return u"csv"_s;
    case Format::Markdown:
        return u"md"_s;
    case Format::Html:
        break;
    }
    return u"html"_s;
}

QList<ShootoutWorkloadResult> ShootoutExport::results(const storage::StoredShootout &shootout)
{
    const ShootoutOptions settings = ShootoutOptions::fromSettings(shootout.settings);
    QList<model::ShootoutEntry> entries = shootout.entries;
    ServerNote::restorePhpFpmCpu(shootout.notes, &entries);
    return ShootoutReport::aggregate(entries, settings.servers, settings.workloads);
}

QJsonObject ShootoutExport::json(qint64 id, qint64 startedAtMs, const QJsonObject &settings,
    const QJsonObject &servers, const QList<ShootoutWorkloadResult> &results)
{
    return QJsonObject { { u"shootout_id"_s, id },
        { u"started_at"_s, QDateTime::fromMSecsSinceEpoch(startedAtMs).toUTC().toString(Qt::ISODate) },
        { u"settings"_s, settings }, { u"servers"_s, servers },
        { u"workloads"_s, ShootoutReport::workloadsJson(results) } };
}

QString ShootoutExport::text(const storage::StoredShootout &shootout, Format format)
{
    const QList<ShootoutWorkloadResult> figures = results(shootout);
    switch (format) {
    case Format::Json:
        return QString::fromUtf8(QJsonDocument(json(shootout.id, shootout.startedAtMs, shootout.settings,
                                                   ServerNote::serversJson(shootout.notes), figures))
                                     .toJson());
    case Format::Csv:
        return ShootoutReport::csv(figures);
    case Format::Html:
        return ShootoutHtml::page(shootout);
    case Format::Markdown:
        break;
    }
    const QString machine = shootout.settings.value(u"machine"_s).toString();
    return u"## Shootout %1\n"_s.arg(shootout.id)
        + (machine.isEmpty() ? QString() : u"\nMachine: %1.\n"_s.arg(machine))
        + ShootoutReport::markdown(figures);
}

} // namespace hostbench::shootout
