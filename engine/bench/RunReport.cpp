#include "RunReport.h"

#include "AbReport.h"
#include "JsonReport.h"
#include "ReportPage.h"
#include "SvgChart.h"
#include "model/Threshold.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

#include <cmath>
#include <utility>

namespace hostbench::bench {

using namespace Qt::StringLiterals;

namespace {

QString ms(double value)
{
    return QString::number(value, 'f', 3) + u" ms"_s;
}

QString integer(quint64 value)
{
    return QString::number(value);
}

QString startedText(qint64 startedAtMs)
{
    return QDateTime::fromMSecsSinceEpoch(startedAtMs, QTimeZone::utc()).toString(u"yyyy-MM-dd HH:mm:ss"_s)
        + u" UTC"_s;
}

QString stateText(const ReportRun &run)
{
    if (!run.finished)
        return u"broken off (its process ended before the run did; the samples stored so far are kept)"_s;
    if (!run.summary.abortedBy.isEmpty())
        return u"aborted at %1 s: the threshold %2 failed (--abort-on-fail)"_s.arg(
            QString::number(double(run.summary.abortedAtMs) / 1000.0, 'f', 1), run.summary.abortedBy);
    return run.summary.interrupted ? u"interrupted (stopped before its end)"_s : u"finished"_s;
}

QString protocolText(const ReportRun &run)
{
    QString text
        = run.summary.http2 || run.parameters.http2 ? AbReport::protocolText(run.summary) : u"HTTP/1.1"_s;
    if (!run.summary.tlsProtocol.isEmpty())
        text += u", %1 %2"_s.arg(run.summary.tlsProtocol, run.summary.tlsCipher);
    return text;
}

QString loadModel(const ReportRun &run)
{
    const model::BenchParameters &p = run.parameters;
    QString text = u"%1 connection%2"_s.arg(p.concurrency).arg(p.concurrency == 1 ? QString() : u"s"_s);
    text += p.keepAlive ? u", keep-alive"_s : u", a new connection per request"_s;
    text += u", %1 thread%2"_s.arg(p.threads).arg(p.threads == 1 ? QString() : u"s"_s);
    if (!p.stages.isEmpty())
        text += u"; open model in stages %1"_s.arg(model::LoadStages::format(p.stages));
    else if (p.rate > 0)
        text += u"; open model at %1 requests/s"_s.arg(QString::number(p.rate, 'g', 12));
    else
        text += u"; closed model"_s;
    return text;
}

// "Name: value" pairs shared by the HTML page and the Markdown table, so
// that both give the same figures.
QList<std::pair<QString, QString>> keyFigures(const ReportRun &run)
{
    const model::RunSummary &s = run.summary;
    const bool corrected = run.parameters.isOpenModel();
    QList<std::pair<QString, QString>> rows;
    rows.append({ u"Requests per second"_s, QString::number(s.requestsPerSecond, 'f', 2) });
    const QString latency = corrected ? u"Latency (corrected for coordinated omission) "_s : u"Latency "_s;
    rows.append({ latency + u"p50 / p90 / p99 / p99.9"_s,
        u"%1 / %2 / %3 / %4"_s.arg(
            ms(s.latencyP50Ms), ms(s.latencyP90Ms), ms(s.latencyP99Ms), ms(s.latencyP999Ms)) });
    rows.append({ latency + u"min / mean / max"_s,
        u"%1 / %2 / %3"_s.arg(ms(s.latencyMinMs), ms(s.latencyMeanMs), ms(s.latencyMaxMs)) });
    if (corrected) {
        rows.append({ u"Latency uncorrected (from the actual send) p50 / p90 / p99 / max"_s,
            u"%1 / %2 / %3 / %4"_s.arg(ms(s.uncorrectedP50Ms), ms(s.uncorrectedP90Ms), ms(s.uncorrectedP99Ms),
                ms(s.uncorrectedMaxMs)) });
    }
    rows.append({ u"Time to first byte median / mean"_s,
        u"%1 / %2"_s.arg(ms(s.waiting.medianMs), ms(s.waiting.meanMs)) });
    rows.append({ u"Complete requests"_s, integer(s.completed) });
    rows.append({ u"Failed requests"_s, integer(s.failed) });
    rows.append({ u"Non-2xx responses"_s, integer(s.non2xx) });
    if (s.unfinished > 0)
        rows.append({ u"Unfinished (sent, never answered)"_s, integer(s.unfinished) });
    if (s.notSent > 0)
        rows.append({ u"Not sent (due, the generator fell behind)"_s, integer(s.notSent) });
    rows.append({ u"Time taken"_s, QString::number(s.timeTakenSec, 'f', 3) + u" s"_s });
    rows.append({ u"Transfer rate"_s, QString::number(s.transferRateKBps, 'f', 2) + u" KB/s received"_s });
    rows.append({ u"Load"_s, loadModel(run) });
    rows.append({ u"Protocol"_s, protocolText(run) });
    return rows;
}

struct ThresholdRow
{
    QString threshold;
    QString measured; // "12.300 ms (< 50 ms)"
    bool passed = false;
};

// The verdict's lines ("p99<50ms: 12.300 ms (< 50 ms), pass") as rows.
QList<ThresholdRow> thresholdRows(const ReportRun &run, bool *allPassed)
{
    const model::ThresholdVerdict verdict
        = model::ThresholdVerdict::check(run.parameters.thresholds, run.summary, run.histogram);
    *allPassed = verdict.passed;
    QList<ThresholdRow> rows;
    for (qsizetype i = 0; i < verdict.results.size(); ++i) {
        const model::ThresholdVerdict::Result &result = verdict.results.at(i);
        QString line = verdict.lines.value(i);
        if (line.startsWith(result.threshold + u": "_s))
            line = line.mid(result.threshold.size() + 2);
        for (const QString &end : { u", pass"_s, u", FAIL"_s })
            if (line.endsWith(end))
                line.chop(end.size());
        rows.append({ result.threshold, line, result.passed });
    }
    return rows;
}

// bench --find-capacity's step table: a row of cells per step (the header first).
QList<QStringList> capacityRows(const model::CapacityResult &capacity)
{
    QList<QStringList> rows { { u"step"_s, u"rate asked"_s, u"achieved"_s, u"p50 ms"_s, u"p99 ms"_s,
        u"requests"_s, u"errors"_s, u"verdict"_s } };
    for (qsizetype i = 0; i < capacity.steps.size(); ++i) {
        const model::CapacityStep &step = capacity.steps[i];
        rows.append({ QString::number(i + 1), QString::number(step.rate, 'f', 1),
            QString::number(step.achieved, 'f', 1), ms(step.p50Ms), ms(step.p99Ms), integer(step.requests),
            integer(step.errors), step.passed ? u"pass"_s : u"FAIL: "_s + step.failedFigure });
    }
    return rows;
}

// "Capacity: 300.0 requests/s at p99<10ms", or why none was found.
QString capacityHeading(const model::CapacityResult &capacity)
{
    if (capacity.capacity > 0)
        return u"Capacity: %1 requests/s at %2"_s.arg(
            QString::number(capacity.capacity, 'f', 1), capacity.slo.join(u", "_s));
    return capacity.firstStepFailed() ? u"Capacity: none found (the first step already failed)"_s
                                      : u"Capacity: none found"_s;
}

QString tableRow(const QString &name, const QString &value)
{
    return u"<tr><th scope=\"row\">%1</th><td>%2</td></tr>\n"_s.arg(
        name.toHtmlEscaped(), value.toHtmlEscaped());
}

QString durationText(qint64 durationMs)
{
    return QString::number(double(durationMs) / 1000.0, 'g', 12) + u" s"_s;
}

QList<std::pair<QString, QString>> parameterRows(const ReportRun &run)
{
    const model::BenchParameters &p = run.parameters;
    QList<std::pair<QString, QString>> rows;
    rows.append({ u"URL"_s, p.url });
    rows.append({ u"Method"_s, QString::fromLatin1(p.method) });
    if (!p.hostOverride.isEmpty())
        rows.append({ u"Host header"_s, p.hostOverride });
    for (const auto &header : p.headers)
        rows.append(
            { u"Header"_s, QString::fromUtf8(header.first) + u": "_s + QString::fromUtf8(header.second) });
    if (!p.body.isEmpty()) {
        rows.append({ u"Body"_s,
            u"%1 bytes%2"_s.arg(p.body.size())
                .arg(p.contentType.isEmpty() ? QString() : u", "_s + QString::fromLatin1(p.contentType)) });
    }
    rows.append(
        { u"Length"_s, p.requests > 0 ? u"%1 requests"_s.arg(p.requests) : durationText(p.durationMs) });
    rows.append({ u"Concurrency"_s, u"%1 connections"_s.arg(p.concurrency) });
    rows.append({ u"Keep-alive"_s, p.keepAlive ? u"yes"_s : u"no"_s });
    rows.append({ u"Generator threads"_s, QString::number(p.threads) });
    rows.append({ u"Rate"_s,
        !p.stages.isEmpty()
            ? u"stages %1 from %2 requests/s (open model; latency corrected for coordinated omission)"_s.arg(
                model::LoadStages::format(p.stages), QString::number(p.rate, 'g', 12))
            : p.rate > 0 ? u"%1 requests/s (open model; latency corrected for coordinated omission)"_s.arg(
                  QString::number(p.rate, 'g', 12))
                         : u"none (closed model)"_s });
    rows.append({ u"Protocol"_s, protocolText(run) });
    if (p.warmupMs > 0)
        rows.append({ u"Warm-up"_s, durationText(p.warmupMs) + u" (not counted)"_s });
    rows.append({ u"Request timeout"_s, durationText(p.timeoutMs) });
    rows.append({ u"Sample interval"_s, u"%1 ms"_s.arg(p.sampleIntervalMs) });
    if (!p.thresholds.isEmpty())
        rows.append({ u"Thresholds"_s, p.thresholds.join(u", "_s) });
    rows.append({ u"Started"_s, startedText(run.summary.startedAtMs) });
    rows.append({ u"State"_s, stateText(run) });
    if (!run.summary.serverSoftware.isEmpty())
        rows.append({ u"Server software"_s, run.summary.serverSoftware });
    return rows;
}

// x of a percentile on HdrHistogram's axis: log10(1 / (1 - p)), 0 for 0%,
// 1 for 90%, 2 for 99%, 3 for 99.9%.
double spectrumX(double percentile)
{
    return std::log10(1.0 / (1.0 - percentile / 100.0));
}

SvgChart requestRateChart(const ReportRun &run)
{
    SvgChart chart;
    chart.id = u"chart-rps"_s;
    chart.title = u"Requests per second over time"_s;
    chart.xTitle = u"time since the start of the measured part (s)"_s;
    chart.yTitle = u"requests per second"_s;
    chart.emptyText = u"No samples stored"_s;
    SvgChart::Series completed { u"completed requests/s"_s, u"rps"_s, u"#1f77b4"_s, {}, false };
    SvgChart::Series failed { u"failed requests/s"_s, u"failed"_s, u"#d62728"_s, {}, true };
    bool anyFailed = false;
    for (const model::BenchSample &sample : run.samples) {
        const double t = double(sample.elapsedMs) / 1000.0;
        completed.points.append({ t, sample.requestsPerSecond() });
        const double failedRate = sample.intervalMs > 0 ? sample.failed * 1000.0 / sample.intervalMs : 0.0;
        failed.points.append({ t, failedRate });
        anyFailed = anyFailed || sample.failed > 0;
    }
    chart.series.append(completed);
    if (anyFailed)
        chart.series.append(failed);
    return chart;
}

SvgChart latencyChart(const ReportRun &run)
{
    SvgChart chart;
    chart.id = u"chart-latency"_s;
    chart.title = u"Latency percentiles over time (each 100 ms sample)"_s;
    chart.xTitle = u"time since the start of the measured part (s)"_s;
    chart.yTitle = u"latency (ms)"_s;
    chart.emptyText = u"No samples stored"_s;
    SvgChart::Series p50 { u"p50"_s, u"p50"_s, u"#2ca02c"_s, {}, false };
    SvgChart::Series p90 { u"p90"_s, u"p90"_s, u"#ff7f0e"_s, {}, false };
    SvgChart::Series p99 { u"p99"_s, u"p99"_s, u"#d62728"_s, {}, false };
    for (const model::BenchSample &sample : run.samples) {
        // An interval without an answer has no latency: no point, rather than a 0.
        if (sample.completed == 0)
            continue;
        const double t = double(sample.elapsedMs) / 1000.0;
        p50.points.append({ t, double(sample.p50Us) / 1000.0 });
        p90.points.append({ t, double(sample.p90Us) / 1000.0 });
        p99.points.append({ t, double(sample.p99Us) / 1000.0 });
    }
    chart.series = { p50, p90, p99 };
    return chart;
}

SvgChart spectrumChart(const ReportRun &run)
{
    SvgChart chart;
    chart.id = u"chart-spectrum"_s;
    chart.title = u"Latency by percentile (the percentile spectrum, from the HDR histogram)"_s;
    chart.xTitle = u"percentile (logarithmic: 1/(1-percentile))"_s;
    chart.yTitle = u"latency (ms)"_s;
    chart.emptyText = u"No latency histogram stored for this run"_s;
    SvgChart::Series line { run.parameters.isOpenModel() ? u"latency (corrected for coordinated omission)"_s
                                                         : u"latency"_s,
        u"spectrum"_s, u"#9467bd"_s, {}, false };
    const QJsonArray spectrum = JsonReport::percentileSpectrum(run.histogram);
    for (const QJsonValue &value : spectrum) {
        const double percentile = value[u"percentile"_s].toDouble();
        // 100% lies at infinity on this axis; the last tick before it is
        // where at most one value lies above, as HdrHistogram's plots end.
        if (percentile >= 100.0 && !line.points.isEmpty())
            continue;
        line.points.append(
            { percentile >= 100.0 ? 0.0 : spectrumX(percentile), value[u"latency_ms"_s].toDouble() });
    }
    if (!line.points.isEmpty()) {
        const int decades = std::max(1, int(std::ceil(line.points.constLast().x() - 1e-9)));
        for (int i = 0; i <= decades; ++i) {
            // 0%, 90%, 99%, 99.9%, ...
            const QString label = i == 0
                ? u"0%"_s
                : QString::number(100.0 - 100.0 / std::pow(10.0, i), 'f', std::max(0, i - 2)) + u'%';
            chart.xTicks.append({ double(i), label });
        }
    }
    chart.series.append(line);
    return chart;
}

QString mdEscape(QString text)
{
    QString out;
    text.replace(u'\n', u' ').replace(u'\r', u' ');
    for (const QChar c : std::as_const(text)) {
        if (c == u'&')
            out += u"&amp;"_s;
        else if (c == u'<')
            out += u"&lt;"_s;
        else if (c == u'>')
            out += u"&gt;"_s;
        else if (u"\\`*_[]|~#"_s.contains(c))
            out += u'\\' + c;
        else
            out += c;
    }
    return out;
}

} // namespace

QString RunReport::html(const ReportRun &run)
{
    const model::BenchParameters &p = run.parameters;
    const QString target = QString::fromLatin1(p.method) + u' ' + p.url;
    const QString heading = run.id > 0 ? u"Benchmark run %1"_s.arg(run.id) : u"Benchmark run"_s;
    QString html = ReportPage::head(heading + u": "_s + target);
    html += u"<h1>%1</h1>\n<p class=\"target\">%2</p>\n"_s.arg(
        heading.toHtmlEscaped(), target.toHtmlEscaped());
    html += u"<p class=\"started\">Started %1; %2.</p>\n"_s.arg(
        startedText(run.summary.startedAtMs).toHtmlEscaped(), stateText(run).toHtmlEscaped());
    if (!run.note.isEmpty())
        html += u"<p class=\"note\" id=\"note\">%1</p>\n"_s.arg(run.note.toHtmlEscaped());

    html += u"<section id=\"figures\">\n<h2>Key figures</h2>\n<table>\n"_s;
    for (const auto &row : keyFigures(run))
        html += tableRow(row.first, row.second);
    html += u"</table>\n</section>\n"_s;

    if (!p.thresholds.isEmpty()) {
        bool passed = true;
        const QList<ThresholdRow> rows = thresholdRows(run, &passed);
        html += u"<section id=\"thresholds\">\n<h2>Thresholds: <span class=\"%1\">%2</span></h2>\n<table>\n"
                "<tr><th>threshold</th><th>measured (limit)</th><th>result</th></tr>\n"_s.arg(
                    passed ? u"pass"_s : u"fail"_s, passed ? u"all pass"_s : u"FAIL"_s);
        for (const ThresholdRow &row : rows)
            html += u"<tr><td>%1</td><td>%2</td><td class=\"%3\">%4</td></tr>\n"_s.arg(
                row.threshold.toHtmlEscaped(), row.measured.toHtmlEscaped(),
                row.passed ? u"pass"_s : u"fail"_s, row.passed ? u"pass"_s : u"FAIL"_s);
        html += u"</table>\n</section>\n"_s;
    }

    if (!run.summary.capacity.isEmpty()) {
        html += u"<section id=\"capacity\">\n<h2>%1</h2>\n<table>\n"_s.arg(
            capacityHeading(run.summary.capacity).toHtmlEscaped());
        const QList<QStringList> rows = capacityRows(run.summary.capacity);
        for (qsizetype i = 0; i < rows.size(); ++i) {
            const QString cell = i == 0 ? u"th"_s : u"td"_s;
            html += u"<tr>"_s;
            for (const QString &text : rows[i])
                html += u"<%1>%2</%1>"_s.arg(cell, text.toHtmlEscaped());
            html += u"</tr>\n"_s;
        }
        html += u"</table>\n</section>\n"_s;
    }

    html += u"<section id=\"charts\">\n<h2>Charts</h2>\n"_s;
    const QString interval = u"%1 ms"_s.arg(p.sampleIntervalMs);
    html += u"<figure>\n"_s + requestRateChart(run).toSvg()
        + u"<figcaption>Requests per second in each %1 sample.</figcaption>\n</figure>\n"_s.arg(interval);
    html += u"<figure>\n"_s + latencyChart(run).toSvg()
        + u"<figcaption>The latency percentiles p50, p90 and p99 of each %1 sample%2.</figcaption>\n</figure>\n"_s
              .arg(interval,
                  p.isOpenModel()
                      ? u", corrected for coordinated omission (from each request's intended send time)"_s
                      : QString());
    html += u"<figure>\n"_s + spectrumChart(run).toSvg()
        + u"<figcaption>The latency percentile spectrum of the whole run (%1 requests in the HDR histogram): "
          "at 99% on the axis, 1 request in 100 took longer.</figcaption>\n</figure>\n"_s.arg(
              run.histogram.count());
    html += u"</section>\n"_s;

    html += u"<section id=\"parameters\">\n<h2>Parameters</h2>\n<table>\n"_s;
    for (const auto &row : parameterRows(run))
        html += tableRow(row.first, row.second);
    html += u"</table>\n</section>\n"_s;

    html += u"<section id=\"summary\">\n<h2>ApacheBench-style report</h2>\n<pre>%1</pre>\n</section>\n"_s.arg(
        AbReport::format(run.summary).toHtmlEscaped());
    html += ReportPage::footer(u"hostbench-cli runs export --html"_s);
    return html;
}

QString RunReport::markdown(const ReportRun &run)
{
    const model::BenchParameters &p = run.parameters;
    QString md;
    md += run.id > 0 ? u"### Hostbench run %1: "_s.arg(run.id) : u"### Hostbench run: "_s;
    md += mdEscape(QString::fromLatin1(p.method) + u' ' + p.url) + u"\n\n"_s;
    md += u"Started %1; %2.\n\n"_s.arg(startedText(run.summary.startedAtMs), mdEscape(stateText(run)));
    if (!run.note.isEmpty())
        md += u"> "_s + mdEscape(run.note) + u"\n\n"_s;
    md += u"| figure | value |\n|---|---|\n"_s;
    for (const auto &row : keyFigures(run))
        md += u"| %1 | %2 |\n"_s.arg(mdEscape(row.first), mdEscape(row.second));
    if (!p.thresholds.isEmpty()) {
        bool passed = true;
        const QList<ThresholdRow> rows = thresholdRows(run, &passed);
        md += u"\n**Thresholds: %1**\n\n| threshold | measured (limit) | result |\n|---|---|---|\n"_s.arg(
            passed ? u"all pass"_s : u"FAIL"_s);
        for (const ThresholdRow &row : rows)
            md += u"| %1 | %2 | %3 |\n"_s.arg(
                mdEscape(row.threshold), mdEscape(row.measured), row.passed ? u"pass"_s : u"**FAIL**"_s);
    }
    if (!run.summary.capacity.isEmpty()) {
        md += u"\n**%1**\n\n"_s.arg(mdEscape(capacityHeading(run.summary.capacity)));
        const QList<QStringList> rows = capacityRows(run.summary.capacity);
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QStringList cells;
            for (const QString &text : rows[i])
                cells.append(mdEscape(text));
            md += u"| "_s + cells.join(u" | "_s) + u" |\n"_s;
            if (i == 0)
                md += u"|---|---|---|---|---|---|---|---|\n"_s;
        }
    }
    md += u"\n<sub>Hostbench %1, `hostbench-cli runs export %2 --md`</sub>\n"_s.arg(
        QStringLiteral(HOSTBENCH_VERSION), QString::number(run.id));
    return md;
}

} // namespace hostbench::bench
