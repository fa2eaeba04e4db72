#include "shootout/ShootoutRunner.h"

#include "model/CapacitySearch.h"
#include "runs/CapacityRun.h"
#include "shootout/ServerProcess.h"

#include <QEventLoop>
#include <QTimer>

#include <algorithm>

// ShootoutRunner with --capacity: a capacity search for each workload and
// server, in place of one run (ShootoutRunner.h).

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

constexpr int kPollMs = 100;

} // namespace

std::optional<model::ShootoutEntry> ShootoutRunner::measureCapacity(
    const Server &server, ServerProcess &, const Workload &workload, int round, storage::Database *database)
{
    model::BenchParameters p = parametersFor(server, workload);
    p.findCapacity.slo = m_options.capacitySlo;
    p.findCapacity.stepMs = m_options.stepMs;
    p.requests = 0;
    p.durationMs = m_options.stepMs;
    p.rate = m_options.rate > 0 ? m_options.rate : model::CapacitySearch::kDefaultStartRate;
    p.warmupMs = Options::kCapacityWarmupMs;
    if (m_options.concurrency <= 0)
        p.concurrency = std::max(p.concurrency, Options::kCapacityConnections);

    runs::CapacityRun search(database);
    QString error;
    if (search.start(p, &error) != runs::RecordedRun::Start::Started) {
        say(u"%1 %2: %3"_s.arg(server.kind.id, workload.id, error), server.kind.id);
        return std::nullopt;
    }
    int number = 0;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (m_stop) // stop() may come from another thread: the search is stopped from its own
            search.stop();
        search.poll();
        for (const model::CapacityStep &step : search.takeSteps()) {
            ShootoutEvent event;
            event.kind = ShootoutEvent::Kind::CapacityStep;
            event.server = server.kind.id;
            event.workload = workload.id;
            event.round = round;
            event.step = ++number;
            event.capacityStep = step;
            emitEvent(event);
        }
        if (search.isFinished())
            loop.quit();
    });
    poll.start(kPollMs);
    loop.exec();
    const runs::RecordedRun::Result result = search.finish();
    if (!result.error.isEmpty()) {
        say(u"%1 %2: %3"_s.arg(server.kind.id, workload.id, result.error), server.kind.id);
        return std::nullopt;
    }
    model::ShootoutEntry entry;
    entry.summary = result.summary;
    return keepEntry(entry, server, workload, round, result, database);
}

} // namespace hostbench::shootout
