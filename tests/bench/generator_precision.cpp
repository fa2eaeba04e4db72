// How precise the load generator's latency figures are, on a quiet machine:
// not a CTest test (the project asserts no timing in CTest), but run by
// tests/perf/generator_precision.sh, which pins it to one core. Prints each
// figure beside what it should be and exits 1 when one is off:
//  - against a server that takes 20 ms per request, the median latency is
//    the service time (or the server's own measured median) plus the round
//    trip of an immediate answer, within 2%;
//  - 200 requests/s asked for 1 s are met (at least 190 answered);
//  - with a 1 s stall (wrk2's case: 200 requests/s on 2 connections for 3 s),
//    the uncorrected p90 and p99 stay under 100 ms while the corrected p90
//    is 300 ms or more: only the corrected figures show the stall.
#include "TestHttpServer.h"
#include "bench/LoadGenerator.h"

#include <QCoreApplication>
#include <QString>

#include <algorithm>
#include <cstdio>

using hostbench::bench::LoadGenerator;
using hostbench::model::BenchParameters;
using hostbench::model::RunSummary;

namespace {

int failures = 0;

void check(bool ok, const char *what, const QString &figures)
{
    std::printf("%-6s %s: %s\n", ok ? "ok" : "FAILED", what, qPrintable(figures));
    if (!ok)
        ++failures;
}

RunSummary run(const BenchParameters &parameters)
{
    LoadGenerator generator;
    QString error;
    if (!generator.start(parameters, &error)) {
        std::printf("FAILED start: %s\n", qPrintable(error));
        ++failures;
        return {};
    }
    generator.wait();
    return generator.summary();
}

BenchParameters parameters(const TestHttpServer &server, const char *path)
{
    BenchParameters p;
    p.url = QStringLiteral("http://127.0.0.1:%1%2").arg(server.port()).arg(QLatin1String(path));
    p.keepAlive = true;
    return p;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    {
        TestHttpServer server;
        BenchParameters immediate = parameters(server, "/ok");
        immediate.durationMs = 500;
        immediate.concurrency = 10;
        const double roundTripMs = run(immediate).latencyP50Ms;
        BenchParameters p = parameters(server, "/delay/20");
        p.durationMs = 2500;
        p.concurrency = 10;
        const RunSummary s = run(p);
        const double serverMs = double(server.medianServiceTimeUs()) / 1000.0;
        const double referenceMs = std::max(20.0, serverMs) + roundTripMs;
        const QString figures = QStringLiteral("p50 %1 ms, total median %2 ms; reference %3 ms (service %4 + "
                                               "round trip %5)")
                                    .arg(s.latencyP50Ms)
                                    .arg(s.total.medianMs)
                                    .arg(referenceMs)
                                    .arg(serverMs)
                                    .arg(roundTripMs);
        check(qAbs(s.latencyP50Ms - referenceMs) <= 0.02 * referenceMs
                && qAbs(s.total.medianMs - referenceMs) <= 0.02 * referenceMs,
            "median of a 20 ms service time within 2%", figures);
    }
    {
        TestHttpServer server;
        BenchParameters q = parameters(server, "/ok");
        q.durationMs = 1000;
        q.concurrency = 4;
        q.rate = 200;
        const RunSummary t = run(q);
        check(t.completed >= 190 && t.completed <= 210, "200 requests/s for 1 s met",
            QStringLiteral("%1 answered").arg(t.completed));
    }
    {
        TestHttpServer server;
        BenchParameters p = parameters(server, "/stall/200/1000");
        p.durationMs = 3000;
        p.concurrency = 2;
        p.rate = 200;
        const RunSummary s = run(p);
        check(s.completed >= 300 && s.latencyP90Ms >= 300 && s.uncorrectedP90Ms < 100
                && s.uncorrectedP99Ms < 100,
            "a 1 s stall shows corrected, not uncorrected",
            QStringLiteral("%1 answered; corrected p90 %2 p99 %3; uncorrected p90 %4 p99 %5 (ms)")
                .arg(s.completed)
                .arg(s.latencyP90Ms)
                .arg(s.latencyP99Ms)
                .arg(s.uncorrectedP90Ms)
                .arg(s.uncorrectedP99Ms));
    }
    std::printf("generator_precision: %d of 3 failed\n", failures);
    return failures == 0 ? 0 : 1;
}
