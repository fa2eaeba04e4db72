#include "LogTable.h"

#include "http/LogFile.h"
#include "http/SiteTable.h"

#include <QFileInfo>

#include <algorithm>

namespace hostbench::http {

std::shared_ptr<LogTable> LogTable::build(
    const QList<model::VirtualHost> &hosts, const SiteTable &sites, const LogTable *current)
{
    auto table = std::make_shared<LogTable>();
    auto fileFor = [&](const QString &path, qint64 rotateBytes, int keep) -> int {
        if (path.trimmed().isEmpty())
            return -1;
        const std::string absolute = QFileInfo(path.trimmed()).absoluteFilePath().toStdString();
        for (size_t i = 0; i < table->files.size(); ++i) {
            if (table->files[i]->path() == absolute)
                return int(i); // the first site naming a file sets its rotation
        }
        std::shared_ptr<LogFile> file;
        if (current) {
            for (const auto &open : current->files) {
                if (open->hasSettings(absolute, rotateBytes, keep))
                    file = open;
            }
        }
        if (!file)
            file = std::make_shared<LogFile>(absolute, rotateBytes, keep);
        table->files.push_back(std::move(file));
        return int(table->files.size() - 1);
    };
    const size_t count = std::min(size_t(hosts.size()), sites.size());
    for (size_t i = 0; i < count; ++i) {
        const model::VirtualHost &host = hosts[qsizetype(i)];
        SiteLogs logs;
        if (host.accessLogEnabled)
            logs.access = fileFor(host.accessLogPath, host.logRotateBytes, host.logRotateKeep);
        if (host.errorLogEnabled)
            logs.error = fileFor(host.errorLogPath, host.logRotateBytes, host.logRotateKeep);
        logs.server = host.hostName.toStdString();
        logs.logLoadGenerator = host.logLoadGenerator;
        logs.upstreamTimes = host.proxy.logUpstreamTimes;
        table->anyLog = table->anyLog || logs.access >= 0 || logs.error >= 0;
        table->anyLogsLoadGenerator = table->anyLogsLoadGenerator || logs.logLoadGenerator;
        table->sites.push_back(std::move(logs));
        table->siteByCounters.emplace(sites.site(i).counters.get(), int(i));
        table->counters.push_back(sites.site(i).counters);
    }
    table->defaultSite = sites.defaultIndex() < count ? int(sites.defaultIndex()) : 0;
    if (table->sites.empty())
        table->sites.emplace_back();
    return table;
}

} // namespace hostbench::http
