#pragma once

#include <QList>
#include <QString>

#include <array>

namespace hostbench::model {

/*
 * The engine's counters at one moment, summed over its worker threads.
 * Counters grow from the engine's start; rates are derived by the reader
 * from two snapshots. Plain value; any thread.
 */
struct MetricsSnapshot
{
    struct SiteCount
    {
        QString hostName;
        quint64 requests = 0;
    };

    qint64 uptimeMs = 0; // ms since the engine started; 0 when stopped
    quint64 requests = 0; // responses completed
    quint64 bytesSent = 0; // bytes written to sockets, headers included
    std::array<quint64, 5> statusClasses {}; // [0] = 1xx .. [4] = 5xx
    quint64 connectionsAccepted = 0;
    qint64 openConnections = 0;
    QList<SiteCount> perSite; // one entry per virtual host, in configuration order
    // Service-time percentiles (µs): request parsed -> response written, over the whole uptime.
    quint64 latencyP50Us = 0;
    quint64 latencyP99Us = 0;
};

} // namespace hostbench::model
