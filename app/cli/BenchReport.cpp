#include "cli/BenchReport.h"

#include "bench/CsvReport.h"
#include "bench/JsonReport.h"
#include "cli/Console.h"
#include "cli/ReportPrinter.h"

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

const QString kCommand = u"bench"_s;
constexpr int kExitNoSuccess = 2; // the run ran, and no request succeeded (BenchCommand.h)
constexpr int kExitThresholdFailed = 99; // a --threshold failed (k6's code)

// --json's members that need the baseline: the thresholds checked against
// it and, with --compare-baseline, "baseline_comparison".
QJsonObject baselineJson(const runs::RecordedRun::Result &result, const BenchCommand::Options &options,
    const runs::BaselineCheck &baseline)
{
    if (!baseline.isLoaded())
        return {};
    QJsonObject extra;
    if (!options.thresholds.isEmpty())
        extra.insert(u"thresholds"_s,
            bench::JsonReport::thresholdsToJson(model::ThresholdVerdict::check(
                options.thresholds, result.summary, result.histogram, baseline.thresholdBaseline())));
    if (options.compareBaseline)
        extra.insert(u"baseline_comparison"_s,
            baseline.toJson(options.parameters, { result.samples, result.histogram }));
    return extra;
}

// The thresholds' lines and verdict; the exit status they give (0: all held).
int checkThresholds(const runs::RecordedRun::Result &result, const BenchCommand::Options &options,
    const runs::BaselineCheck &baseline)
{
    const model::RunSummary &summary = result.summary;
    const model::ThresholdVerdict verdict = model::ThresholdVerdict::check(
        options.thresholds, summary, result.histogram, baseline.thresholdBaseline());
    Console::outRaw(ReportPrinter::thresholds(verdict));
    if (!summary.abortedBy.isEmpty()) {
        Console::err(
            u"hostbench-cli bench: aborted after %1 s: the threshold %2 failed (exit %3)"_s
                .arg(QString::number(double(summary.abortedAtMs) / 1000.0, 'f', 1), summary.abortedBy)
                .arg(kExitThresholdFailed));
        return kExitThresholdFailed;
    }
    if (!verdict.passed) {
        Console::err(u"hostbench-cli bench: a threshold failed (exit %1)"_s.arg(kExitThresholdFailed));
        return kExitThresholdFailed;
    }
    return 0;
}

} // namespace

// The output files (--json, --csv, -e); false with *error.
bool BenchReport::writeFiles(const runs::RecordedRun::Result &result, const BenchCommand::Options &options,
    const runs::BaselineCheck &baseline, QString *error)
{
    if (!options.jsonFile.isEmpty()
        && !ReportPrinter::writeJson(options.jsonFile, options.parameters, result.summary, result.histogram,
            result.samples, error, options.store ? result.runId : 0, {},
            baselineJson(result, options, baseline)))
        return false;
    if (!options.csvFile.isEmpty()
        && !ReportPrinter::writeText(
            options.csvFile, u"--csv"_s, bench::CsvReport::format(result.samples), error))
        return false;
    return options.percentFile.isEmpty()
        || ReportPrinter::writeText(
            options.percentFile, u"-e"_s, bench::CsvReport::abPercentiles(result.histogram), error);
}

// The report on stdout, the store's outcome, the output files; the exit status (BenchCommand.h).
int BenchReport::report(const runs::RecordedRun::Result &result, const BenchCommand::Options &options,
    const QString &databasePath, const runs::BaselineCheck &baseline)
{
    const model::RunSummary &summary = result.summary;
    if (!options.wrkFormat)
        Console::err(
            u"Finished %1 requests"_s.arg(summary.completed + summary.failed - summary.failedLength));
    Console::outRaw(ReportPrinter::report(summary, result.histogram, result.samples, options.wrkFormat));

    bool stored = true;
    if (options.store) {
        stored = result.runId != 0;
        if (stored)
            Console::err(u"Stored as run %1 in %2"_s.arg(result.runId).arg(databasePath));
        else
            Console::err(u"hostbench-cli bench: the run was not stored: "_s + result.storeError);
    }
    QString error;
    if (!writeFiles(result, options, baseline, &error))
        return Console::fail(kCommand, error);
    if (!stored)
        return 1;
    if (options.compareBaseline)
        Console::outRaw(u"\n"_s
            + baseline.lines(options.parameters, { result.samples, result.histogram }).join(u'\n') + u'\n');
    if (!options.thresholds.isEmpty()) {
        if (const int status = checkThresholds(result, options, baseline); status != 0)
            return status;
    }
    if (summary.succeeded() == 0) {
        Console::err(u"hostbench-cli bench: no request succeeded (no complete 2xx or 3xx response; exit "_s
            + QString::number(kExitNoSuccess) + u')');
        return kExitNoSuccess;
    }
    return 0;
}

} // namespace hostbench::cli
