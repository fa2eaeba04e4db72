#include "cli/CapacityBench.h"

#include "cli/BenchReport.h"
#include "cli/Console.h"
#include "cli/ReportPrinter.h"
#include "runs/CapacityRun.h"

#include <QEventLoop>
#include <QTimer>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"bench"_s;
constexpr int kPollMs = 25;

} // namespace

int CapacityBench::run(
    runs::CapacityRun &run, const BenchCommand::Options &options, const QString &databasePath)
{
    QString error;
    switch (run.start(options.parameters, &error)) {
    case runs::RecordedRun::Start::Started:
        break;
    case runs::RecordedRun::Start::NotStored:
        return Console::fail(kCommand, error + u" (--no-store runs without storing)"_s);
    case runs::RecordedRun::Start::NotStarted:
        return Console::fail(kCommand, error);
    }
    const model::BenchParameters &p = options.parameters;
    Console::err(
        u"Searching for the capacity at %1 from %2 requests/s (each step %3 s warm-up, %4 s judged)"_s.arg(
            p.findCapacity.slo.join(u", "_s), QString::number(p.rate, 'f', 1),
            QString::number(double(p.warmupMs) / 1000.0, 'f', 1),
            QString::number(double(p.findCapacity.stepMs) / 1000.0, 'f', 1)));
    int number = 0;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        run.poll();
        for (const model::CapacityStep &step : run.takeSteps())
            Console::err(u"Step "_s + ReportPrinter::capacityStep(++number, step).trimmed());
        if (run.isFinished())
            loop.quit();
    });
    poll.start(kPollMs);
    loop.exec();
    const runs::RecordedRun::Result result = run.finish();
    if (!result.error.isEmpty())
        return Console::fail(kCommand, result.error);

    const model::CapacityResult &capacity = result.summary.capacity;
    Console::outRaw(ReportPrinter::capacity(result.summary, p));
    bool stored = true;
    if (options.store) {
        stored = result.runId != 0;
        if (stored)
            Console::err(u"Stored as run %1 in %2 (its samples cover every step)"_s.arg(result.runId)
                             .arg(databasePath));
        else
            Console::err(u"hostbench-cli bench: the run was not stored: "_s + result.storeError);
    }
    if (!BenchReport::writeFiles(result, options, runs::BaselineCheck(), &error))
        return Console::fail(kCommand, error);
    if (!stored)
        return 1;
    if (capacity.steps.isEmpty()) {
        Console::err(u"hostbench-cli bench: the search was stopped before its first step ended (exit 1)"_s);
        return 1;
    }
    if (capacity.firstStepFailed()) {
        const model::CapacityStep &first = capacity.steps.first();
        Console::err(
            u"hostbench-cli bench: the first step, at %1 requests/s, already failed: %2 (achieved %3 "
            u"requests/s, p50 %4 ms, p99 %5 ms, %6 errors of %7); try a lower --rate (exit %8)"_s
                .arg(QString::number(first.rate, 'f', 1), first.failedFigure,
                    QString::number(first.achieved, 'f', 1), QString::number(first.p50Ms, 'f', 3),
                    QString::number(first.p99Ms, 'f', 3))
                .arg(first.errors)
                .arg(first.requests)
                .arg(kExitFirstStepFailed));
        return kExitFirstStepFailed;
    }
    return 0;
}

} // namespace hostbench::cli
