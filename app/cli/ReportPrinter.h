#pragma once

#include "model/BenchParameters.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QString>
#include <QUrl>

namespace hostbench::cli {

/*
 * What `hostbench-cli bench` prints: ab's preamble ("This is Hostbench-cli,
 * ... Benchmarking HOST (be patient)") or wrk's ("Running 10s test @ URL"),
 * and the report, through the load generator's report writers. Thread: any.
 */
class ReportPrinter final
{
public:
    static QString preamble(const QUrl &url, bool wrkFormat, const model::BenchParameters &parameters);
    static QString report(const model::RunSummary &summary, const model::LatencyHistogram &histogram, bool wrkFormat,
                          const model::BenchParameters &parameters);
    // Writes the JSON summary to `path` (atomically); false with *error.
    static bool writeJson(const QString &path, const model::BenchParameters &parameters,
                          const model::RunSummary &summary, QString *error);
};

} // namespace hostbench::cli
