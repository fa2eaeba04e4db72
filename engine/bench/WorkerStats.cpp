#include "WorkerStats.h"

namespace hostbench::bench {

quint64 WorkerStats::failed() const
{
    quint64 sum = 0;
    for (const quint64 n : failures)
        sum += n;
    return sum;
}

void WorkerStats::add(const WorkerStats &other)
{
    completed += other.completed;
    keepAliveRequests += other.keepAliveRequests;
    non2xx += other.non2xx;
    totalBytes += other.totalBytes;
    htmlBytes += other.htmlBytes;
    unfinished += other.unfinished;
    notSent += other.notSent;
    for (size_t i = 0; i < failures.size(); ++i)
        failures[i] += other.failures[i];
    for (size_t i = 0; i < statusCounts.size(); ++i)
        statusCounts[i] += other.statusCounts[i];
    total.add(other.total);
    connect.add(other.connect);
    waiting.add(other.waiting);
    processing.add(other.processing);
    corrected.add(other.corrected);
    tlsHandshakes += other.tlsHandshakes;
    tlsResumed += other.tlsResumed;
    handshake.add(other.handshake);
}

} // namespace hostbench::bench
