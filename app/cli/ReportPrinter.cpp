#include "cli/ReportPrinter.h"

#include "bench/AbReport.h"
#include "bench/BenchTarget.h"
#include "bench/JsonReport.h"
#include "bench/ReportFile.h"
#include "bench/WrkReport.h"

#include <QJsonDocument>

#include <algorithm>

namespace hostbench::cli {

using namespace Qt::StringLiterals;

namespace {

bool writeBytes(const QString &path, const QString &flag, const QByteArray &bytes, QString *error)
{
    if (bench::ReportFile::write(path, bytes, error))
        return true;
    *error = flag + u": "_s + *error;
    return false;
}

} // namespace

QString ReportPrinter::preamble(const QUrl &url, bool wrkFormat, const model::BenchParameters &p)
{
    if (wrkFormat) {
        // Not in wrk, which speaks HTTP/1.1 only.
        const QString http2 = p.http2 ? u"  HTTP/2, %1 streams per connection\n"_s.arg(p.streams) : QString();
        if (p.durationMs > 0)
            return bench::WrkReport::preamble(p.url, double(p.durationMs) / 1000.0, p.threads, p.concurrency)
                + http2;
        // wrk has no -n; say what the run is instead of a duration.
        return u"Running %1-request test @ %2\n  %3 threads and %4 connections\n"_s.arg(
                   QString::number(p.requests), p.url, QString::number(p.threads),
                   QString::number(p.concurrency))
            + http2;
    }
    // ab's opening lines, naming this program as ab names itself.
    return u"This is Hostbench-cli, Version %1\n"
           "An ApacheBench-compatible load generator, part of Hostbench\n"
           "\n"
           "Benchmarking %2 (be patient)\n"_s.arg(
               QStringLiteral(HOSTBENCH_VERSION), bench::BenchTarget::displayHost(url.host()));
}

QString ReportPrinter::report(const model::RunSummary &summary, const model::LatencyHistogram &histogram,
    const QList<model::BenchSample> &samples, bool wrkFormat)
{
    return wrkFormat ? bench::WrkReport::format(summary, histogram, samples, true)
                     : bench::AbReport::format(summary);
}

bool ReportPrinter::writeJson(const QString &path, const model::BenchParameters &parameters,
    const model::RunSummary &summary, const model::LatencyHistogram &histogram,
    const QList<model::BenchSample> &samples, QString *error, qint64 runId, const QString &note,
    const QJsonObject &extra)
{
    QJsonObject report = bench::JsonReport::toJson(summary, histogram, samples, &parameters);
    if (runId > 0)
        bench::JsonReport::addStoredRun(report, runId, note);
    for (auto it = extra.begin(); it != extra.end(); ++it)
        report.insert(it.key(), it.value());
    const QJsonDocument document(report);
    return writeBytes(path, u"--json"_s, document.toJson(QJsonDocument::Indented), error);
}

QString ReportPrinter::thresholds(const model::ThresholdVerdict &verdict)
{
    if (verdict.lines.isEmpty())
        return {};
    QString text = u"\nThresholds:\n"_s;
    for (const QString &line : verdict.lines)
        text += u"  "_s + line + u'\n';
    return text;
}

QString ReportPrinter::capacityStep(int number, const model::CapacityStep &step)
{
    return u"%1  %2  %3  %4  %5  %6  %7  %8"_s.arg(number, 4)
        .arg(QString::number(step.rate, 'f', 1), 10)
        .arg(QString::number(step.achieved, 'f', 1), 10)
        .arg(QString::number(step.p50Ms, 'f', 3), 10)
        .arg(QString::number(step.p99Ms, 'f', 3), 10)
        .arg(step.requests, 8)
        .arg(step.errors, 7)
        .arg(step.passed ? u"pass"_s : u"FAIL: "_s + step.failedFigure);
}

QString ReportPrinter::capacity(const model::RunSummary &summary, const model::BenchParameters &p)
{
    const model::CapacityResult &result = summary.capacity;
    if (result.isEmpty())
        return {};
    const auto seconds = [](qint64 ms) { return QString::number(double(ms) / 1000.0, 'f', 1); };
    QString text = u"\nCapacity search (SLO: %1; each step %2 s warm-up, then %3 s judged):\n"_s.arg(
        result.slo.join(u", "_s), seconds(p.warmupMs), seconds(p.findCapacity.stepMs));
    text += u"  step  rate asked    achieved      p50 ms      p99 ms  requests   errors  verdict\n"_s;
    for (qsizetype i = 0; i < result.steps.size(); ++i)
        text += u"  "_s + capacityStep(int(i) + 1, result.steps[i]) + u'\n';
    const QString precision = QString::number(p.findCapacity.precision * 100, 'g', 3);
    if (result.firstStepFailed()) {
        text += u"Capacity: none found: the first step, at %1 requests/s, already failed (%2)\n"_s.arg(
            QString::number(result.steps.first().rate, 'f', 1), result.steps.first().failedFigure);
    } else if (result.capacity > 0) {
        const bool bisected = std::any_of(result.steps.cbegin(), result.steps.cend(),
            [](const model::CapacityStep &s) { return !s.passed; });
        text += u"Capacity: %1 requests/s, the highest rate that met every SLO (%2)\n"_s.arg(
            QString::number(result.capacity, 'f', 1),
            summary.interrupted ? u"the search was stopped: a lower bound"_s
                : bisected      ? u"within %1% of the lowest that failed"_s.arg(precision)
                                : u"no step failed: a lower bound"_s);
    } else {
        text += u"Capacity: none found: the search stopped before a step ended\n"_s;
    }
    return text;
}

bool ReportPrinter::writeText(const QString &path, const QString &flag, const QString &text, QString *error)
{
    return writeBytes(path, flag, text.toUtf8(), error);
}

} // namespace hostbench::cli
