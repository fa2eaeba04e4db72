// A stored shootout as a page to share (ShootoutHtml, `shootout export
// --format html`, issue #28) and the capacity figures of a --capacity
// shootout (ShootoutReport, ShootoutEvent): the page's frame (no script,
// nothing loaded), its escaping, a table and a bar chart per workload whose
// bars follow the figures; capacities ranked, a lower bound and "none"
// marked, in every format.
#include "shootout/ServerNote.h"
#include "shootout/ShootoutEvent.h"
#include "shootout/ShootoutExport.h"
#include "shootout/ShootoutHtml.h"
#include "shootout/ShootoutOptions.h"
#include "shootout/ShootoutReport.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::model::CapacityStep;
using hostbench::model::ShootoutEntry;
using hostbench::shootout::ServerNote;
using hostbench::shootout::ShootoutEvent;
using hostbench::shootout::ShootoutExport;
using hostbench::shootout::ShootoutHtml;
using hostbench::shootout::ShootoutOptions;
using hostbench::shootout::ShootoutReport;
using hostbench::storage::StoredShootout;

namespace {

ShootoutEntry entry(const QString &server, const QString &workload, int round, double rps)
{
    ShootoutEntry e;
    e.server = server;
    e.workload = workload;
    e.round = round;
    e.summary.requestsPerSecond = rps;
    e.summary.completed = quint64(rps);
    e.summary.latencyP50Ms = 1.0;
    e.summary.latencyP99Ms = 2.0;
    e.cpuUsPerRequest = 10;
    return e;
}

// A capacity search's entry: steps that pass up to `capacity`, then one that
// fails above it (none when `bounded` is false: a lower bound).
ShootoutEntry search(const QString &server, int round, double capacity, bool bounded = true)
{
    ShootoutEntry e = entry(server, u"W6"_s, round, capacity);
    e.summary.capacity.slo = { u"p99<10ms"_s };
    e.summary.capacity.capacity = capacity;
    if (capacity > 0)
        e.summary.capacity.steps.append(CapacityStep { capacity, capacity, 1, 2, 100, 0, true, {}, {} });
    if (bounded)
        e.summary.capacity.steps.append(CapacityStep {
            capacity * 1.05 + 1, capacity, 20, 40, 100, 0, false, u"p99<10ms"_s, u"p99<10ms: 40 ms"_s });
    return e;
}

StoredShootout stored(const QList<ShootoutEntry> &entries, const QStringList &servers, bool capacity)
{
    ShootoutOptions o;
    o.servers = servers;
    o.workloads = { u"W1"_s, u"W6"_s };
    if (capacity)
        o.capacitySlo = { u"p99<10ms"_s };
    StoredShootout s;
    s.id = 7;
    s.startedAtMs = 1'700'000'000'000;
    s.finished = true;
    s.settings = o.settings();
    QMap<QString, ServerNote> notes;
    notes[u"caddy"_s].status = u"failed"_s;
    notes[u"caddy"_s].message = u"exited: <img src=x onerror=alert(1)> & \"quoted\""_s;
    s.notes = ServerNote::shootoutNotes(notes, false);
    s.entries = entries;
    return s;
}

// The width of the bar of `server` in the chart of `workload`.
double barWidth(const QString &html, const QString &workload, const QString &server)
{
    const qsizetype chart = html.indexOf(u"<svg id=\"chart-%1\""_s.arg(workload));
    const QRegularExpression bar(
        u"<rect class=\"bar %1\" x=\"[0-9.]+\" y=\"[0-9.]+\" width=\"([0-9.]+)\""_s.arg(server));
    const QRegularExpressionMatch match = bar.match(html, chart);
    return match.hasMatch() ? match.captured(1).toDouble() : -1;
}

} // namespace

class TestShootoutHtml final : public QObject
{
    Q_OBJECT

private slots:
    void pageIsSelfContained();
    void textsAreEscaped();
    void barsFollowTheFigures();
    void capacityRanksTheServers();
    void capacityInEveryFormat();
    void capacityStepEventRoundTrips();
};

void TestShootoutHtml::pageIsSelfContained()
{
    const StoredShootout s
        = stored({ entry(u"hostbench"_s, u"W1"_s, 1, 40'000), entry(u"nginx"_s, u"W1"_s, 1, 20'000) },
            { u"hostbench"_s, u"nginx"_s }, false);
    const QString html = ShootoutExport::text(s, ShootoutExport::Format::Html);
    QCOMPARE(ShootoutExport::format(u"html"_s), ShootoutExport::Format::Html);
    QVERIFY(html.startsWith(u"<!DOCTYPE html>"_s));
    QVERIFY(html.contains(u"content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\""_s));
    QVERIFY(!html.contains(u"<script"_s, Qt::CaseInsensitive));
    QVERIFY(!html.contains(u"src=\""_s) && !html.contains(u"href=\""_s));
    QVERIFY(!html.contains(u"http://"_s) && !html.contains(u"https://"_s));
    QVERIFY(html.contains(u"<h1>Shootout 7</h1>"_s));
    QVERIFY(html.contains(u"<section id=\"workload-W1\">"_s));
    QVERIFY(html.contains(u"<h2>W1: /x.txt 4,070-byte text file</h2>"_s));
    QVERIFY(html.contains(u"<td>40000.0</td>"_s));
    QVERIFY(html.contains(u"hostbench-cli shootout export 7 --format html"_s));
    QVERIFY(html.endsWith(u"</html>\n"_s));
}

void TestShootoutHtml::textsAreEscaped()
{
    const StoredShootout s = stored({ entry(u"nginx"_s, u"W1"_s, 1, 20'000) }, { u"nginx"_s }, false);
    const QString html = ShootoutHtml::page(s);
    QVERIFY2(html.contains(
                 u"caddy: failed: exited: &lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;"_s),
        qPrintable(html));
    QVERIFY(!html.contains(u"<img"_s));
}

void TestShootoutHtml::barsFollowTheFigures()
{
    const StoredShootout s
        = stored({ entry(u"hostbench"_s, u"W1"_s, 1, 40'000), entry(u"nginx"_s, u"W1"_s, 1, 20'000),
                     entry(u"nginx"_s, u"W6"_s, 1, 9'000) },
            { u"hostbench"_s, u"nginx"_s }, false);
    const QString html = ShootoutHtml::page(s);
    const double hostbench = barWidth(html, u"W1"_s, u"hostbench"_s);
    const double nginx = barWidth(html, u"W1"_s, u"nginx"_s);
    QVERIFY2(hostbench > 0 && nginx > 0, qPrintable(html));
    QVERIFY2(qAbs(hostbench / nginx - 2.0) < 0.01, qPrintable(u"%1 %2"_s.arg(hostbench).arg(nginx)));
    QVERIFY(barWidth(html, u"W6"_s, u"nginx"_s) > 0);
    QCOMPARE(barWidth(html, u"W6"_s, u"hostbench"_s), -1.0); // not measured there: no bar
    QVERIFY(html.contains(u"<title>nginx: 20000.0</title>"_s));
}

void TestShootoutHtml::capacityRanksTheServers()
{
    // nginx's capacity is the better one though its step ran fewer requests/s than hostbench's runs would.
    const QList<ShootoutEntry> entries { search(u"hostbench"_s, 1, 200), search(u"nginx"_s, 1, 400),
        search(u"hostbench"_s, 2, 220), search(u"nginx"_s, 2, 380, false), search(u"h2o"_s, 1, 0),
        search(u"h2o"_s, 2, 0) };
    const auto results
        = ShootoutReport::aggregate(entries, { u"hostbench"_s, u"nginx"_s, u"h2o"_s }, { u"W6"_s });
    QCOMPARE(results.size(), 1);
    QCOMPARE(results[0].capacitySlo, QStringList { u"p99<10ms"_s });
    const auto &cells = results[0].cells;
    QCOMPARE(cells.size(), 3);
    QVERIFY(cells[0].capacityMode);
    QCOMPARE(cells[0].capacity, 210.0);
    QCOMPARE(cells[1].capacity, 390.0);
    QCOMPARE(cells[1].ratioToBest, 1.0);
    QCOMPARE(cells[0].ratioToBest, 210.0 / 390.0);
    QVERIFY(!cells[0].capacityLowerBound);
    QVERIFY(cells[1].capacityLowerBound); // round 2 stopped before a step failed
    QVERIFY(cells[2].capacityNone);
    QCOMPARE(ShootoutReport::capacityText(cells[1]), u">=390.0"_s);
    QCOMPARE(ShootoutReport::capacityText(cells[2]), u"none"_s);
    QCOMPARE(ShootoutReport::capacityText(cells[0]), u"210.0"_s);
}

void TestShootoutHtml::capacityInEveryFormat()
{
    const QList<ShootoutEntry> entries { search(u"hostbench"_s, 1, 200), search(u"nginx"_s, 1, 400, false) };
    const StoredShootout s = stored(entries, { u"hostbench"_s, u"nginx"_s }, true);
    const QString text = ShootoutReport::text(ShootoutExport::results(s));
    QVERIFY2(text.contains(u"W6 (capacity at p99<10ms: the highest rate whose steps met every SLO"_s),
        qPrintable(text));
    QVERIFY2(text.contains(u">=400.0 (±0%)"_s), qPrintable(text));
    QVERIFY(text.contains(u"(>=: a lower bound"_s));
    const QString md = ShootoutExport::text(s, ShootoutExport::Format::Markdown);
    QVERIFY2(md.contains(u"| nginx | >=400.0 (±0%) | 1.00 |"_s), qPrintable(md));
    const QString csv = ShootoutExport::text(s, ShootoutExport::Format::Csv);
    QVERIFY2(csv.contains(u",400.0,true\n"_s) && csv.contains(u",200.0,false\n"_s), qPrintable(csv));
    const QJsonObject json
        = QJsonDocument::fromJson(ShootoutExport::text(s, ShootoutExport::Format::Json).toUtf8()).object();
    QCOMPARE(json[u"settings"_s][u"capacity"_s][u"slo"_s][0].toString(), u"p99<10ms"_s);
    QCOMPARE(json[u"workloads"_s][u"W6"_s][u"nginx"_s][u"capacity"_s].toDouble(), 400.0);
    QCOMPARE(json[u"workloads"_s][u"W6"_s][u"nginx"_s][u"capacity_lower_bound"_s].toBool(), true);
    QCOMPARE(json[u"workloads"_s][u"W6"_s][u"hostbench"_s][u"ratio_to_best"_s].toDouble(), 0.5);
    const QString html = ShootoutHtml::page(s);
    QVERIFY2(html.contains(u"capacity at p99&lt;10ms"_s), qPrintable(html));
    QVERIFY(html.contains(u"<td>&gt;=400.0</td>"_s));
    QVERIFY2(qAbs(barWidth(html, u"W6"_s, u"nginx"_s) / barWidth(html, u"W6"_s, u"hostbench"_s) - 2.0) < 0.01,
        qPrintable(html));
    const QString compared
        = ShootoutReport::compare(ShootoutExport::results(s), ShootoutExport::results(s), 7, 7);
    QVERIFY2(compared.contains(u"cap. #7"_s), qPrintable(compared));
}

void TestShootoutHtml::capacityStepEventRoundTrips()
{
    ShootoutEvent event;
    event.kind = ShootoutEvent::Kind::CapacityStep;
    event.server = u"nginx"_s;
    event.workload = u"W6"_s;
    event.round = 2;
    event.step = 3;
    event.capacityStep
        = CapacityStep { 320, 289, 134.5, 193.7, 578, 0, false, u"p99<100ms"_s, u"p99<100ms: 193.7 ms"_s };
    const QByteArray line = QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact);
    QVERIFY2(line.contains("\"event\":\"capacity_step\""), line.constData());
    const std::optional<ShootoutEvent> back = ShootoutEvent::fromJson(line);
    QVERIFY(back);
    QCOMPARE(back->kind, ShootoutEvent::Kind::CapacityStep);
    QCOMPARE(back->step, 3);
    QCOMPARE(back->capacityStep.rate, 320.0);
    QCOMPARE(back->capacityStep.passed, false);
    QCOMPARE(back->capacityStep.failedFigure, u"p99<100ms: 193.7 ms"_s);
    QVERIFY2(event.textLine().contains(u"nginx W6, step 3: 320.0 requests/s asked, 289.0 achieved"_s),
        qPrintable(event.textLine()));

    ShootoutEvent result;
    result.kind = ShootoutEvent::Kind::Result;
    result.server = u"nginx"_s;
    result.workload = u"W6"_s;
    result.entry = search(u"nginx"_s, 1, 300);
    const QJsonObject json = result.toJson();
    QCOMPARE(json[u"capacity"_s][u"capacity"_s].toDouble(), 300.0);
    QCOMPARE(json[u"capacity_lower_bound"_s].toBool(), false);
    const std::optional<ShootoutEvent> read = ShootoutEvent::fromJson(QJsonDocument(json).toJson());
    QVERIFY(read);
    QCOMPARE(read->entry.summary.capacity.capacity, 300.0);
}

QTEST_GUILESS_MAIN(TestShootoutHtml)
#include "tst_shootouthtml.moc"
