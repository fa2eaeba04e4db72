#include "cli/ReportPrinter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

QString ReportPrinter::preamble(const QUrl &url, bool wrkFormat, const model::BenchParameters &p)
{
    if (wrkFormat) {
        const QString length = p.requests > 0 ? u"%1-request"_s.arg(p.requests)
                                              : u"%1s"_s.arg(double(p.durationMs) / 1000.0);
        return u"Running %1 test @ %2\n  %3 threads and %4 connections"_s.arg(length, p.url)
            .arg(p.threads)
            .arg(p.concurrency);
    }
    return u"This is Hostbench-cli, Version %1\n"
           "A load generator after ApacheBench (ab) and wrk, part of Hostbench\n"
           "\n"
           "Benchmarking %2 (be patient)"_s.arg(QStringLiteral(HOSTBENCH_VERSION), url.host());
}

// Provisional until the load generator's report writers land.
QString ReportPrinter::report(const model::RunSummary &s, const model::LatencyHistogram &, bool,
                              const model::BenchParameters &)
{
    return u"\nComplete requests:      %1\nFailed requests:        %2\nRequests per second:    %3 [#/sec] (mean)\n"_s
        .arg(s.completed)
        .arg(s.failed)
        .arg(s.requestsPerSecond, 0, 'f', 2);
}

bool ReportPrinter::writeJson(const QString &path, const model::BenchParameters &, const model::RunSummary &s,
                              QString *error)
{
    QSaveFile file(path);
    const QJsonObject object{{u"completed"_s, qint64(s.completed)}, {u"failed"_s, qint64(s.failed)}};
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(object).toJson()) < 0 || !file.commit()) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace hostbench::cli
