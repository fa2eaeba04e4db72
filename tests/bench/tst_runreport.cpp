#include "bench/JsonReport.h"
#include "bench/RunReport.h"

#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

using hostbench::bench::JsonReport;
using hostbench::bench::ReportRun;
using hostbench::bench::RunReport;
using hostbench::model::BenchSample;
using namespace Qt::StringLiterals;

// bench::RunReport: the HTML page and the Markdown summary of a run, read
// back as a parser reads them (QXmlStreamReader: the page is well-formed,
// so that a text that escaped its escaping breaks the parse or shows as an
// element).
class TestRunReport final : public QObject
{
    Q_OBJECT

private slots:
    void htmlIsInertWhateverTheRunSays();
    void htmlFiguresAndThresholdsAreTheRun();
    void chartsCarryTheSamplesAndTheSpectrum();
    void openModelSaysCoordinatedOmission();
    void emptyRunSaysSo();
    void markdownTables();
    void capacitySearchHasItsStepTable();

private:
    static ReportRun hostileRun();

    // One element of the page: its name, attributes and text (its own and its children's).
    struct Element
    {
        QString name;
        QMap<QString, QString> attributes;
        QString text;
    };
    static QList<Element> parse(const QString &html, QString *error);
    static QList<QPointF> pathPoints(const QString &d);
};

const QString kHostileUrl = u"http://127.0.0.1:8080/a?q=\"><script>alert(1)</script>&x='y'"_s;
const QString kHostileNote
    = u"before </p><script>alert('note')</script> & after\nline 2 | pipe *bold* [a](javascript:x)"_s;

ReportRun TestRunReport::hostileRun()
{
    ReportRun run;
    run.id = 42;
    run.note = kHostileNote;
    run.parameters.url = kHostileUrl;
    run.parameters.method = "GET";
    run.parameters.headers = { { "X-Evil", "<script>x</script>" } };
    run.parameters.concurrency = 4;
    run.parameters.keepAlive = true;
    run.parameters.durationMs = 2000;
    run.parameters.thresholds = { u"p99<50ms"_s, u"rps>=1000000"_s };
    for (int i = 0; i < 1000; ++i)
        run.histogram.record(100 + quint64(i) * 10); // 100 µs .. 10.09 ms
    auto &s = run.summary;
    s.serverSoftware = u"<img src=x onerror=alert(1)>"_s;
    s.serverHostname = u"127.0.0.1"_s;
    s.serverPort = 8080;
    s.documentPath = u"/a?q=\"><script>alert(1)</script>"_s;
    s.concurrency = 4;
    s.keepAlive = true;
    s.startedAtMs = 1'700'000'000'000;
    s.timeTakenSec = 2.0;
    s.completed = 2469;
    s.statusCounts = { { 200, 2469 } };
    s.requestsPerSecond = 1234.5; // as the generator has it: completed / timeTakenSec
    s.latencyMinMs = double(run.histogram.minUs()) / 1000.0;
    s.latencyMeanMs = run.histogram.meanUs() / 1000.0;
    s.latencyP50Ms = double(run.histogram.valueAtPercentile(50)) / 1000.0;
    s.latencyP90Ms = double(run.histogram.valueAtPercentile(90)) / 1000.0;
    s.latencyP99Ms = double(run.histogram.valueAtPercentile(99)) / 1000.0;
    s.latencyP999Ms = double(run.histogram.valueAtPercentile(99.9)) / 1000.0;
    s.latencyMaxMs = double(run.histogram.maxUs()) / 1000.0;
    s.waiting = { 0.05, 0.9, 0.1, 0.8, 9.0 };
    for (int i = 0; i < 20; ++i) {
        BenchSample sample;
        sample.index = i;
        sample.elapsedMs = (i + 1) * 100;
        sample.completed = i == 7 ? 90 : 50; // the 8th sample is the busiest
        sample.p50Us = 1000 + quint64(i) * 10;
        sample.p90Us = 4000 + quint64(i) * 10;
        sample.p99Us = 9000 + quint64(i) * 10;
        sample.maxUs = 10000;
        run.samples.append(sample);
    }
    return run;
}

QList<TestRunReport::Element> TestRunReport::parse(const QString &html, QString *error)
{
    QList<Element> elements;
    QList<qsizetype> open;
    QXmlStreamReader xml(html);
    while (!xml.atEnd()) {
        switch (xml.readNext()) {
        case QXmlStreamReader::StartElement: {
            Element element;
            element.name = xml.name().toString();
            for (const QXmlStreamAttribute &attribute : xml.attributes())
                element.attributes.insert(attribute.qualifiedName().toString(), attribute.value().toString());
            open.append(elements.size());
            elements.append(element);
            break;
        }
        case QXmlStreamReader::EndElement:
            open.removeLast();
            break;
        case QXmlStreamReader::Characters:
            for (const qsizetype index : std::as_const(open))
                elements[index].text += xml.text();
            break;
        default:
            break;
        }
    }
    if (xml.hasError())
        *error = u"line %1: %2"_s.arg(xml.lineNumber()).arg(xml.errorString());
    return elements;
}

QList<QPointF> TestRunReport::pathPoints(const QString &d)
{
    QList<QPointF> points;
    static const QRegularExpression point(u"[ML](-?[0-9.]+),(-?[0-9.]+)"_s);
    for (const QRegularExpressionMatch &m : point.globalMatch(d))
        points.append({ m.captured(1).toDouble(), m.captured(2).toDouble() });
    return points;
}

void TestRunReport::htmlIsInertWhateverTheRunSays()
{
    const ReportRun run = hostileRun();
    const QString html = RunReport::html(run);
    QString error;
    const QList<Element> elements = parse(html, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(elements.size() > 50);

    // No element that runs or loads anything, no attribute that does.
    const QStringList banned { u"script"_s, u"iframe"_s, u"object"_s, u"embed"_s, u"link"_s, u"img"_s,
        u"image"_s, u"base"_s, u"form"_s, u"use"_s, u"foreignObject"_s };
    for (const Element &e : elements) {
        QVERIFY2(!banned.contains(e.name, Qt::CaseInsensitive), qPrintable(e.name));
        for (auto it = e.attributes.cbegin(); it != e.attributes.cend(); ++it) {
            QVERIFY2(!it.key().startsWith(u"on"_s, Qt::CaseInsensitive), qPrintable(it.key()));
            QVERIFY2(!QStringList({ u"href"_s, u"xlink:href"_s, u"src"_s, u"action"_s, u"style"_s })
                          .contains(it.key()),
                qPrintable(it.key()));
        }
    }
    // The policy, first in the head: nothing but inline styles and data: images.
    const auto meta = std::find_if(elements.cbegin(), elements.cend(),
        [](const Element &e) { return e.name == u"meta"_s && e.attributes.contains(u"http-equiv"_s); });
    QVERIFY(meta != elements.cend());
    QCOMPARE(meta->attributes.value(u"http-equiv"_s), u"Content-Security-Policy"_s);
    QCOMPARE(meta->attributes.value(u"content"_s),
        u"default-src 'none'; style-src 'unsafe-inline'; img-src data:"_s);
    // The hostile texts came through as text, whole.
    const auto withClass = [&](const QString &cls) {
        for (const Element &e : elements)
            if (e.attributes.value(u"class"_s) == cls)
                return e.text;
        return QString();
    };
    QCOMPARE(withClass(u"target"_s), u"GET "_s + kHostileUrl);
    QCOMPARE(withClass(u"note"_s), kHostileNote);
    QVERIFY(html.contains(u"X-Evil: &lt;script&gt;x&lt;/script&gt;"_s));
    QVERIFY(html.contains(u"&lt;img src=x onerror=alert(1)&gt;"_s));
    // No URL but the target's, which shows as text.
    QString rest = html;
    rest.remove(kHostileUrl.toHtmlEscaped());
    QVERIFY2(!rest.contains(u"http:"_s) && !rest.contains(u"https:"_s) && !rest.contains(u"url("_s)
            && !rest.contains(u"@import"_s),
        qPrintable(rest));
}

void TestRunReport::htmlFiguresAndThresholdsAreTheRun()
{
    const ReportRun run = hostileRun();
    QString error;
    const QList<Element> elements = parse(RunReport::html(run), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // Each row of a table as "name=value".
    QStringList rows;
    for (const Element &e : elements)
        if (e.name == u"tr"_s)
            rows.append(e.text);
    const auto ms = [](double v) -> QString { return QString::number(v, 'f', 3) + u" ms"_s; };
    const QStringList expected { u"Requests per second1234.50"_s,
        u"Latency p50 / p90 / p99 / p99.9%1 / %2 / %3 / %4"_s.arg(ms(run.summary.latencyP50Ms),
            ms(run.summary.latencyP90Ms), ms(run.summary.latencyP99Ms), ms(run.summary.latencyP999Ms)),
        u"Time to first byte median / mean0.800 ms / 0.900 ms"_s, u"Complete requests2469"_s,
        u"Failed requests0"_s, u"Time taken2.000 s"_s, u"Length2 s"_s, u"Concurrency4 connections"_s,
        u"Keep-aliveyes"_s, u"Started2023-11-14 22:13:20 UTC"_s,
        // The verdict: p99 ~9.99 ms holds, a million requests/s does not.
        u"p99<50ms%1 (< 50 ms)pass"_s.arg(ms(run.histogram.valueAtPercentile(99) / 1000.0)),
        u"rps>=10000001234.50 requests/s (>= 1000000)FAIL"_s };
    for (const QString &row : expected)
        QVERIFY2(rows.contains(row), qPrintable(row + u"\n\nnot in:\n"_s + rows.join(u'\n')));
    bool heading = false;
    for (const Element &e : elements)
        heading = heading || (e.name == u"h2"_s && e.text == u"Thresholds: FAIL"_s);
    QVERIFY(heading);
    // ab's report as bench printed it, escaped.
    QVERIFY(RunReport::html(run).contains(u"Requests per second:    1234.50 [#/sec] (mean)"_s));
}

void TestRunReport::chartsCarryTheSamplesAndTheSpectrum()
{
    const ReportRun run = hostileRun();
    QString error;
    const QList<Element> elements = parse(RunReport::html(run), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QMap<QString, QList<QPointF>> series; // "chart-rps/rps" -> points in the SVG's units
    QStringList charts;
    QString chart;
    QStringList spectrumTicks;
    for (const Element &e : elements) {
        if (e.name == u"svg"_s) {
            chart = e.attributes.value(u"id"_s);
            charts.append(chart);
            QCOMPARE(e.attributes.value(u"viewBox"_s), u"0 0 760.0 320.0"_s);
        } else if (e.name == u"path"_s) {
            QVERIFY2(!e.attributes.value(u"d"_s).isEmpty(), qPrintable(chart));
            const QString cls = e.attributes.value(u"class"_s);
            QVERIFY2(cls.startsWith(u"series "_s), qPrintable(cls));
            series.insert(chart + u'/' + cls.mid(7), pathPoints(e.attributes.value(u"d"_s)));
        } else if (e.name == u"text"_s && chart == u"chart-spectrum"_s) {
            spectrumTicks.append(e.text);
        }
    }
    QCOMPARE(charts, QStringList({ u"chart-rps"_s, u"chart-latency"_s, u"chart-spectrum"_s }));
    QCOMPARE(series.keys(),
        QStringList({ u"chart-latency/p50"_s, u"chart-latency/p90"_s, u"chart-latency/p99"_s,
            u"chart-rps/rps"_s, u"chart-spectrum/spectrum"_s }));
    // A point per sample; the busiest sample highest (smallest y), time increasing.
    const QList<QPointF> rps = series.value(u"chart-rps/rps"_s);
    QCOMPARE(rps.size(), run.samples.size());
    const auto highest
        = std::min_element(rps.cbegin(), rps.cend(), [](QPointF a, QPointF b) { return a.y() < b.y(); });
    QCOMPARE(highest - rps.cbegin(), 7);
    for (qsizetype i = 1; i < rps.size(); ++i)
        QVERIFY(rps.at(i).x() > rps.at(i - 1).x());
    // Latency: p99 above p90 above p50 in every sample.
    const QList<QPointF> p50 = series.value(u"chart-latency/p50"_s),
                         p90 = series.value(u"chart-latency/p90"_s),
                         p99 = series.value(u"chart-latency/p99"_s);
    QCOMPARE(p99.size(), run.samples.size());
    for (qsizetype i = 0; i < p99.size(); ++i)
        QVERIFY(p99.at(i).y() < p90.at(i).y() && p90.at(i).y() < p50.at(i).y());
    // The spectrum: a point per tick of JsonReport's spectrum but 100%, the
    // latency rising with the percentile, on the 1/(1-p) axis up to 99.9%.
    const QList<QPointF> spectrum = series.value(u"chart-spectrum/spectrum"_s);
    QCOMPARE(spectrum.size(), JsonReport::percentileSpectrum(run.histogram).size() - 1);
    for (qsizetype i = 1; i < spectrum.size(); ++i)
        QVERIFY(spectrum.at(i).x() > spectrum.at(i - 1).x() && spectrum.at(i).y() <= spectrum.at(i - 1).y());
    for (const QString &tick : { u"0%"_s, u"90%"_s, u"99%"_s, u"99.9%"_s })
        QVERIFY2(spectrumTicks.contains(tick), qPrintable(spectrumTicks.join(u' ')));
}

void TestRunReport::openModelSaysCoordinatedOmission()
{
    ReportRun run = hostileRun();
    QVERIFY(!RunReport::html(run).contains(u"coordinated omission"_s));
    run.parameters.rate = 500;
    run.summary.rate = 500;
    run.summary.uncorrectedP99Ms = 1.25;
    const QString html = RunReport::html(run);
    QVERIFY(html.contains(u"Latency (corrected for coordinated omission) p50 / p90 / p99 / p99.9"_s));
    QVERIFY(html.contains(u"1.250 ms"_s));
    QVERIFY(html.contains(u"500 requests/s (open model; latency corrected for coordinated omission)"_s));
    QVERIFY(RunReport::markdown(run).contains(
        u"| Latency uncorrected (from the actual send) p50 / p90 / p99 / max | "_s));
}

void TestRunReport::emptyRunSaysSo()
{
    ReportRun run;
    run.parameters.url = u"http://127.0.0.1:1/"_s;
    run.finished = false;
    const QString html = RunReport::html(run);
    QString error;
    const QList<Element> elements = parse(html, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    int svgs = 0;
    for (const Element &e : elements) {
        svgs += e.name == u"svg"_s ? 1 : 0;
        QVERIFY2(e.name != u"path"_s, "a line without points");
    }
    QCOMPARE(svgs, 3);
    QCOMPARE(html.count(u"No samples stored"_s), 2);
    QVERIFY(html.contains(u"No latency histogram stored for this run"_s));
    QVERIFY(html.contains(u"broken off"_s));
    QVERIFY(!html.contains(u"id=\"thresholds\""_s)); // none asked for
}

void TestRunReport::markdownTables()
{
    const ReportRun run = hostileRun();
    const QString md = RunReport::markdown(run);
    QVERIFY2(md.startsWith(u"### Hostbench run 42: GET http://127.0.0.1:8080/a?q=\"&gt;&lt;script&gt;"_s),
        qPrintable(md));
    static const QRegularExpression link(u"(?<!\\\\)\\]\\("_s); // a link's "](", not escaped
    QVERIFY2(!md.contains(u"<script"_s) && !md.contains(u"<img"_s) && !md.contains(link), qPrintable(md));
    QVERIFY2(md.contains(
                 u"> before &lt;/p&gt;&lt;script&gt;alert('note')&lt;/script&gt; &amp; after line 2 \\| pipe "
                 "\\*bold\\* \\[a\\]"_s),
        qPrintable(md));
    QVERIFY2(md.contains(u"| Requests per second | 1234.50 |\n"_s), qPrintable(md));
    QVERIFY2(md.contains(u"| Complete requests | 2469 |\n"_s), qPrintable(md));
    QVERIFY2(md.contains(u"\n**Thresholds: FAIL**\n"_s), qPrintable(md));
    QVERIFY2(md.contains(u"| p99&lt;50ms | "_s), qPrintable(md));
    QVERIFY2(md.contains(u"| rps&gt;=1000000 | 1234.50 requests/s (&gt;= 1000000) | **FAIL** |\n"_s),
        qPrintable(md));
    // Every row of a table has its table's columns: no text split a cell.
    static const QRegularExpression unescapedPipe(u"(?<!\\\\)\\|"_s);
    int columns = 0;
    for (const QString &line : md.split(u'\n')) {
        if (!line.startsWith(u'|')) {
            columns = 0;
            continue;
        }
        const int pipes = int(line.count(unescapedPipe));
        if (columns == 0)
            columns = pipes;
        QVERIFY2(pipes == columns, qPrintable(line));
    }
}

void TestRunReport::capacitySearchHasItsStepTable()
{
    // bench --find-capacity's run: its step table in both reports, one row per step.
    ReportRun run = hostileRun();
    QVERIFY(!RunReport::html(run).contains(u"id=\"capacity\""_s)); // no search, no section
    run.summary.capacity.slo = QStringList { u"p99<10ms"_s };
    run.summary.capacity.capacity = 300;
    run.summary.capacity.steps = { { 200, 199.5, 3.3, 4.1, 399, 0, true, {}, {} },
        { 400, 290.1, 120.5, 190.2, 580, 0, false, u"p99<10ms"_s, u"p99<10ms: 190.200 ms (< 10 ms)"_s },
        { 300, 299.0, 3.4, 9.6, 598, 0, true, {}, {} } };
    const QString html = RunReport::html(run);
    QString error;
    const QList<Element> elements = parse(html, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList rows;
    for (const Element &e : elements)
        if (e.name == u"tr"_s)
            rows.append(e.text);
    QVERIFY2(rows.contains(u"steprate askedachievedp50 msp99 msrequestserrorsverdict"_s),
        qPrintable(rows.join(u'\n')));
    QVERIFY2(rows.contains(u"2400.0290.1120.500 ms190.200 ms5800FAIL: p99<10ms: 190.200 ms (< 10 ms)"_s),
        qPrintable(rows.join(u'\n')));
    QVERIFY(html.contains(u"<h2>Capacity: 300.0 requests/s at p99&lt;10ms</h2>"_s));
    const QString md = RunReport::markdown(run);
    QVERIFY2(md.contains(u"**Capacity: 300.0 requests/s at p99&lt;10ms**"_s), qPrintable(md));
    QVERIFY2(
        md.contains(u"| 3 | 300.0 | 299.0 | 3.400 ms | 9.600 ms | 598 | 0 | pass |\n"_s), qPrintable(md));
}

QTEST_GUILESS_MAIN(TestRunReport)
#include "tst_runreport.moc"
