#include "shootout/ShootoutHtml.h"

#include "bench/ReportPage.h"
#include "bench/SvgBarChart.h"
#include "shootout/ServerNote.h"
#include "shootout/ShootoutExport.h"
#include "shootout/ShootoutOptions.h"
#include "shootout/Workload.h"

#include <QDateTime>
#include <QTimeZone>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

// One colour per server, in the order they are listed (Tableau's ten).
const QStringList kColours { u"#1f77b4"_s, u"#ff7f0e"_s, u"#2ca02c"_s, u"#d62728"_s, u"#9467bd"_s,
    u"#8c564b"_s, u"#e377c2"_s, u"#7f7f7f"_s, u"#bcbd22"_s, u"#17becf"_s };

QString cellTag(const QString &text, bool header = false)
{
    return (header ? u"<th>%1</th>"_s : u"<td>%1</td>"_s).arg(text.toHtmlEscaped());
}

QString settingsText(const ShootoutOptions &o)
{
    QString text = o.capacity()
        ? u"capacity at %1 (each step 1 s warm-up, then %2 s judged)"_s.arg(
            o.capacitySlo.join(u", "_s), QString::number(double(o.stepMs) / 1000.0, 'g', 6))
        : u"%1 s per run"_s.arg(QString::number(double(o.durationMs) / 1000.0, 'g', 6));
    text += u", median of %1 round(s), %2"_s.arg(o.rounds).arg(
        o.concurrency > 0 ? u"%1 connections"_s.arg(o.concurrency) : u"each workload's connections"_s);
    if (o.rate > 0)
        text += o.capacity() ? u", searches from %1 requests/s"_s.arg(o.rate)
                             : u", open model at %1 requests/s"_s.arg(o.rate);
    return text + (o.keepAlive ? u", keep-alive"_s : u", a new connection per request"_s);
}

QString notesList(const QJsonObject &notes)
{
    QString out;
    const QMap<QString, ServerNote> servers = ServerNote::ofShootout(notes);
    for (auto it = servers.cbegin(); it != servers.cend(); ++it) {
        const ServerNote &note = it.value();
        QString line;
        if (note.status == u"missing"_s)
            line = u"%1: not installed (apt-get install %2)"_s.arg(it.key(), note.package);
        else if (note.status == u"failed"_s || note.status == u"wrong bytes"_s)
            line = u"%1: %2: %3"_s.arg(it.key(), note.status, note.message);
        if (!line.isEmpty())
            out += u"<li>%1</li>\n"_s.arg(line.toHtmlEscaped());
    }
    return out.isEmpty() ? QString() : u"<ul class=\"notes\">\n"_s + out + u"</ul>\n"_s;
}

QString table(const ShootoutWorkloadResult &result)
{
    const bool capacity = !result.capacitySlo.isEmpty();
    QString out = u"<table>\n<tr>"_s;
    for (const QString &head :
        { u"server"_s, capacity ? u"capacity requests/s"_s : u"requests/s"_s, u"spread"_s, u"ratio to best"_s,
            u"p50 ms"_s, u"p99 ms"_s, capacity ? u"steps"_s : u"CPU µs/request"_s, u"errors"_s })
        out += cellTag(head, true);
    out += u"</tr>\n"_s;
    for (const ShootoutCell &c : result.cells) {
        out += u"<tr>"_s + cellTag(c.server)
            + cellTag(
                capacity ? ShootoutReport::capacityText(c) : QString::number(c.requestsPerSecond, 'f', 1))
            + cellTag(u"±%1%"_s.arg(c.spreadPercent, 0, 'f', 0))
            + cellTag(c.reference ? u"ref"_s : QString::number(c.ratioToBest, 'f', 2))
            + cellTag(QString::number(c.p50Ms, 'f', 3)) + cellTag(QString::number(c.p99Ms, 'f', 3))
            + cellTag(capacity ? QString::number(c.steps) : QString::number(c.cpuUsPerRequest, 'f', 1))
            + cellTag(QString::number(c.errors)) + u"</tr>\n"_s;
    }
    return out + u"</table>\n"_s;
}

QString chart(const ShootoutWorkloadResult &result, const QStringList &servers)
{
    const bool capacity = !result.capacitySlo.isEmpty();
    bench::SvgBarChart bars;
    bars.id = u"chart-"_s + result.workload;
    bars.title = (capacity
            ? u"%1: capacity of each server at %2"_s.arg(result.workload, result.capacitySlo.join(u", "_s))
            : u"%1: median requests per second of each server"_s.arg(result.workload));
    bars.valueTitle = capacity ? u"requests per second meeting every SLO"_s : u"requests per second"_s;
    for (const ShootoutCell &c : result.cells) {
        const qsizetype index = std::max<qsizetype>(0, servers.indexOf(c.server));
        QString cssClass = c.server.toLower();
        cssClass.removeIf(
            [](QChar ch) { return !(ch.isLetterOrNumber() && ch.unicode() < 128) && ch != u'-'; });
        bars.bars.append({ c.server, c.rankValue(),
            capacity ? ShootoutReport::capacityText(c) : QString::number(c.requestsPerSecond, 'f', 1),
            cssClass, kColours.at(index % kColours.size()), c.reference });
    }
    return bars.toSvg();
}

QString section(const ShootoutWorkloadResult &result, const QStringList &servers)
{
    const std::optional<Workload> workload = Workload::find(result.workload);
    QString out = u"<section id=\"workload-%1\">\n<h2>%2</h2>\n"_s.arg(result.workload.toHtmlEscaped(),
        (workload ? u"%1: %2 %3"_s.arg(result.workload, workload->path, workload->label) : result.workload)
            .toHtmlEscaped());
    out += table(result);
    out += u"<figure>\n"_s + chart(result, servers)
        + u"<figcaption>%1</figcaption>\n</figure>\n"_s.arg((result.capacitySlo.isEmpty()
                ? u"The median requests per second of each server over the rounds."_s
                : u"The capacity of each server: the highest rate whose steps met every SLO (>= a lower "
                  "bound, none: the first step already failed)."_s)
                                                                .toHtmlEscaped());
    return out + u"</section>\n"_s;
}

} // namespace

QString ShootoutHtml::page(const storage::StoredShootout &shootout)
{
    const ShootoutOptions o = ShootoutOptions::fromSettings(shootout.settings);
    const QString heading = u"Shootout %1"_s.arg(shootout.id);
    QString html = bench::ReportPage::head(heading + u": "_s + o.workloads.join(u", "_s));
    html += u"<h1>%1</h1>\n<p class=\"target\">%2 on %3</p>\n"_s.arg(heading.toHtmlEscaped(),
        o.servers.join(u", "_s).toHtmlEscaped(), o.workloads.join(u", "_s).toHtmlEscaped());
    const QString started = QDateTime::fromMSecsSinceEpoch(shootout.startedAtMs, QTimeZone::utc())
                                .toString(u"yyyy-MM-dd HH:mm:ss"_s);
    const QString state = !shootout.finished      ? u"broken off (its process ended before it did)"_s
        : ServerNote::interrupted(shootout.notes) ? u"interrupted (stopped before its end)"_s
                                                  : u"finished"_s;
    html += u"<p class=\"started\">Started %1 UTC; %2; %3.</p>\n"_s.arg(
        started.toHtmlEscaped(), state.toHtmlEscaped(), settingsText(o).toHtmlEscaped());
    // The rates count for that machine only (stored since 2026-12-07; older shootouts have none).
    if (const QString machine = shootout.settings.value(u"machine"_s).toString(); !machine.isEmpty())
        html += u"<p class=\"machine\">Machine: %1.</p>\n"_s.arg(machine.toHtmlEscaped());
    html += notesList(shootout.notes);
    for (const ShootoutWorkloadResult &result : ShootoutExport::results(shootout))
        html += section(result, o.servers);
    html += bench::ReportPage::footer(u"hostbench-cli shootout export %1 --format html"_s.arg(shootout.id));
    return html;
}

} // namespace hostbench::shootout
