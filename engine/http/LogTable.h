#pragma once

#include "model/VirtualHost.h"

#include <QList>

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace hostbench::http {

class LogFile;
class SiteTable;
struct SiteCounters;

/*
 * What the logs of one configuration are: the files, and for each site of
 * a SiteTable (by index) its access and error file, its host name (for the
 * error lines) and whether it logs the load generator's traffic. Sites
 * sharing a path share one file.
 *
 * Immutable once built. Thread: built by LogWriter's owner thread, then
 * read through a shared_ptr by the workers and the log thread.
 */
struct LogTable
{
    struct SiteLogs
    {
        int access = -1; // index in files; -1: no access log
        int error = -1;
        std::string server; // host name, for the error log
        bool logLoadGenerator = false; // VirtualHost::logLoadGenerator
        bool upstreamTimes = false; // ProxySettings::logUpstreamTimes: access lines carry them
    };

    std::vector<std::shared_ptr<LogFile>> files;
    std::vector<SiteLogs> sites; // by site index; never empty
    std::unordered_map<const SiteCounters *, int> siteByCounters;
    // Holding the counters keeps their addresses from being reused while this table lives.
    std::vector<std::shared_ptr<SiteCounters>> counters;
    int defaultSite = 0;
    bool anyLog = false; // a site has an access or an error log
    bool anyLogsLoadGenerator = false; // a site has VirtualHost::logLoadGenerator

    // `hosts` in the order SiteTable::build was given them. A file of
    // `current` (the table in use, or null) whose path and rotation stay
    // the same stays open; another is opened anew (LogFile).
    static std::shared_ptr<LogTable> build(
        const QList<model::VirtualHost> &hosts, const SiteTable &sites, const LogTable *current);
};

} // namespace hostbench::http
