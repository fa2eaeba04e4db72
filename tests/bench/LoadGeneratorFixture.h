#pragma once

#include "TestHttpServer.h"
#include "bench/LoadGenerator.h"

#include <QDebug>
#include <QString>

#include <memory>

/*
 * What the load generator's tests share (tst_loadgenerator,
 * tst_loadgeneratortiming): a TestHttpServer made fresh by the test's init(),
 * parameters aimed at one of its paths, and a run to its end. A base next to
 * QObject, not a QObject itself. Thread: the test's.
 */
class LoadGeneratorFixture
{
protected:
    // GET http://127.0.0.1:PORT/path with the other parameters at their defaults.
    hostbench::model::BenchParameters parameters(const char *path) const
    {
        hostbench::model::BenchParameters p;
        p.url = QStringLiteral("http://127.0.0.1:%1%2").arg(m_server->port()).arg(QLatin1String(path));
        return p;
    }

    // Runs on `generator` (a fresh one when null) until it ends; an empty
    // summary, with a warning, when start() refuses the parameters.
    static hostbench::model::RunSummary run(const hostbench::model::BenchParameters &parameters,
        hostbench::bench::LoadGenerator *generator = nullptr)
    {
        hostbench::bench::LoadGenerator local;
        hostbench::bench::LoadGenerator &g = generator ? *generator : local;
        QString error;
        if (!g.start(parameters, &error)) {
            qWarning() << "start failed:" << error;
            return {};
        }
        g.wait();
        return g.summary();
    }

    std::unique_ptr<TestHttpServer> m_server;
};
