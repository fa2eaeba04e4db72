#include "shootout/ShootoutReport.h"

#include "shootout/Workload.h"

#include <QJsonArray>

#include <algorithm>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

QString rate(double value)
{
    return value >= 100 ? QLocale::c().toString(value, 'f', 0) : QString::number(value, 'f', 2);
}

QString ratio(const ShootoutCell &cell, int width)
{
    return cell.reference ? u"ref"_s.rightJustified(width) : u"%1"_s.arg(cell.ratioToBest, width, 'f', 2);
}

// Under a table with the upstream's line: what it is.
QString referenceNote(const ShootoutWorkloadResult &result)
{
    for (const ShootoutCell &cell : result.cells)
        if (cell.reference)
            return u"%1 is the app behind the servers measured alone, for reference (not ranked); each "
                   "server's CPU per request counts its own processes, not the upstream's"_s.arg(cell.server);
    return {};
}

bool isPhp(const ShootoutWorkloadResult &result)
{
    const std::optional<Workload> workload = Workload::find(result.workload);
    return workload && workload->php;
}

// Under a PHP workload's table: what its last column is.
QString phpNote(const ShootoutWorkloadResult &result)
{
    return isPhp(result) ? u"PHP-FPM us/req is the CPU of the one PHP-FPM pool behind every server, measured "
                           "apart; CPU us/req is the front server's own, its overhead per request"_s
                         : QString();
}

const ShootoutCell *findCell(
    const QList<ShootoutWorkloadResult> &results, const QString &workload, const QString &server)
{
    for (const ShootoutWorkloadResult &result : results)
        if (result.workload == workload)
            for (const ShootoutCell &cell : result.cells)
                if (cell.server == server)
                    return &cell;
    return nullptr;
}

} // namespace

double ShootoutReport::median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 ? values.at(middle) : (values.at(middle - 1) + values.at(middle)) / 2;
}

QList<ShootoutWorkloadResult> ShootoutReport::aggregate(
    const QList<model::ShootoutEntry> &entries, const QStringList &servers, const QStringList &workloads)
{
    QStringList workloadOrder = workloads;
    QStringList serverOrder = servers;
    for (const model::ShootoutEntry &entry : entries) {
        if (!workloadOrder.contains(entry.workload))
            workloadOrder.append(entry.workload);
        if (!serverOrder.contains(entry.server))
            serverOrder.append(entry.server);
    }
    QList<ShootoutWorkloadResult> results;
    for (const QString &workload : std::as_const(workloadOrder)) {
        ShootoutWorkloadResult result { workload, {}, {} };
        for (const QString &server : std::as_const(serverOrder)) {
            QList<model::ShootoutEntry> runs;
            for (const model::ShootoutEntry &entry : entries)
                if (entry.workload == workload && entry.server == server)
                    runs.append(entry);
            if (runs.isEmpty())
                continue;
            std::sort(
                runs.begin(), runs.end(), [](const auto &a, const auto &b) { return a.round < b.round; });
            ShootoutCell cell;
            cell.server = server;
            cell.reference = server == Workload::upstreamId();
            const std::optional<Workload> known = Workload::find(workload);
            cell.php = known && known->php;
            cell.rounds = int(runs.size());
            QList<double> p50, p99, cpu, phpCpu;
            cell.http2 = true;
            bool tls = true;
            for (const model::ShootoutEntry &run : std::as_const(runs)) {
                cell.roundRequestsPerSecond.append(run.summary.requestsPerSecond);
                p50.append(run.summary.latencyP50Ms);
                p99.append(run.summary.latencyP99Ms);
                cpu.append(run.cpuUsPerRequest);
                phpCpu.append(run.phpFpmCpuUsPerRequest);
                cell.errors += run.summary.failed + run.summary.non2xx;
                cell.http2 = cell.http2 && run.summary.http2;
                tls = tls && !run.summary.tlsProtocol.isEmpty();
            }
            cell.h2OverTls = cell.http2 && tls;
            cell.requestsPerSecond = median(cell.roundRequestsPerSecond);
            const auto [low, high] = std::minmax_element(
                cell.roundRequestsPerSecond.cbegin(), cell.roundRequestsPerSecond.cend());
            cell.requestsPerSecondMin = *low;
            cell.requestsPerSecondMax = *high;
            cell.spreadPercent
                = cell.requestsPerSecond > 0 ? (*high - *low) / cell.requestsPerSecond * 100.0 : 0.0;
            cell.p50Ms = median(p50);
            cell.p99Ms = median(p99);
            cell.cpuUsPerRequest = median(cpu);
            cell.phpFpmCpuUsPerRequest = cell.php ? median(phpCpu) : 0.0;
            fillCapacity(cell, runs);
            if (cell.capacityMode && result.capacitySlo.isEmpty())
                result.capacitySlo = runs.constFirst().summary.capacity.slo;
            result.cells.append(cell);
        }
        double best = 0;
        for (const ShootoutCell &cell : std::as_const(result.cells))
            if (!cell.reference)
                best = std::max(best, cell.rankValue());
        for (ShootoutCell &cell : result.cells)
            cell.ratioToBest = best > 0 && !cell.reference ? cell.rankValue() / best : 0.0;
        if (!result.cells.isEmpty())
            results.append(result);
    }
    return results;
}

QString ShootoutReport::text(const QList<ShootoutWorkloadResult> &results)
{
    QString out;
    for (const ShootoutWorkloadResult &result : results) {
        if (!result.capacitySlo.isEmpty()) {
            out += capacityTable(result);
            continue;
        }
        const bool php = isPhp(result);
        out += u"\n%1\n"_s.arg(result.workload);
        out += u"  %1  %2  %3  %4  %5  %6  %7"_s.arg(u"server"_s, -10)
                   .arg(u"requests/s (spread)"_s, 20)
                   .arg(u"ratio"_s, 6)
                   .arg(u"p50 ms"_s, 8)
                   .arg(u"p99 ms"_s, 8)
                   .arg(u"CPU us/req"_s, 10)
                   .arg(u"errors"_s, 7)
            + (php ? u"  PHP-FPM us/req\n"_s : u"\n"_s);
        for (const ShootoutCell &cell : result.cells) {
            const QString figure
                = u"%1 (±%2%)"_s.arg(rate(cell.requestsPerSecond)).arg(cell.spreadPercent, 0, 'f', 0);
            out += u"  %1  %2  %3  %4  %5  %6  %7"_s.arg(cell.server, -10)
                       .arg(figure, 20)
                       .arg(ratio(cell, 6))
                       .arg(cell.p50Ms, 8, 'f', 3)
                       .arg(cell.p99Ms, 8, 'f', 3)
                       .arg(cell.cpuUsPerRequest, 10, 'f', 1)
                       .arg(cell.errors, 7)
                + (php ? u"  %1\n"_s.arg(cell.phpFpmCpuUsPerRequest, 14, 'f', 1) : u"\n"_s);
        }
        if (const QString note = referenceNote(result); !note.isEmpty())
            out += u"  (%1)\n"_s.arg(note);
        if (php)
            out += u"  (%1)\n"_s.arg(phpNote(result));
    }
    return out;
}

QString ShootoutReport::markdown(const QList<ShootoutWorkloadResult> &results)
{
    QString out;
    for (const ShootoutWorkloadResult &result : results) {
        if (!result.capacitySlo.isEmpty()) {
            out += capacityMarkdown(result);
            continue;
        }
        const bool php = isPhp(result);
        out += u"\n### %1\n\n"_s.arg(result.workload);
        out += php
            ? u"| server | requests/s (spread) | ratio to best | p50 ms | p99 ms | CPU µs/request | errors "
              "| PHP-FPM CPU µs/request |\n|---|---:|---:|---:|---:|---:|---:|---:|\n"_s
            : u"| server | requests/s (spread) | ratio to best | p50 ms | p99 ms | CPU µs/request | errors "
              "|\n|---|---:|---:|---:|---:|---:|---:|\n"_s;
        for (const ShootoutCell &cell : result.cells)
            out += u"| %1 | %2 (±%3%) | %4 | %5 | %6 | %7 | %8 |"_s
                       .arg(cell.server, rate(cell.requestsPerSecond))
                       .arg(cell.spreadPercent, 0, 'f', 0)
                       .arg(ratio(cell, 0))
                       .arg(cell.p50Ms, 0, 'f', 3)
                       .arg(cell.p99Ms, 0, 'f', 3)
                       .arg(cell.cpuUsPerRequest, 0, 'f', 1)
                       .arg(cell.errors)
                + (php ? u" %1 |\n"_s.arg(cell.phpFpmCpuUsPerRequest, 0, 'f', 1) : u"\n"_s);
        if (const QString note = referenceNote(result); !note.isEmpty())
            out += u"\n%1.\n"_s.arg(note);
        if (php)
            out += u"\n%1.\n"_s.arg(phpNote(result));
    }
    return out;
}

QString ShootoutReport::csv(const QList<ShootoutWorkloadResult> &results)
{
    QString out
        = u"workload,server,rounds,requests_per_second,requests_per_second_min,requests_per_second_max,"
          "spread_percent,ratio_to_best,p50_ms,p99_ms,cpu_us_per_request,errors,php_fpm_cpu_us_per_request,"
          "capacity,capacity_lower_bound\n"_s;
    for (const ShootoutWorkloadResult &result : results)
        for (const ShootoutCell &cell : result.cells)
            out += u"%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15\n"_s.arg(result.workload, cell.server)
                       .arg(cell.rounds)
                       .arg(cell.requestsPerSecond, 0, 'f', 2)
                       .arg(cell.requestsPerSecondMin, 0, 'f', 2)
                       .arg(cell.requestsPerSecondMax, 0, 'f', 2)
                       .arg(cell.spreadPercent, 0, 'f', 1)
                       .arg(cell.ratioToBest, 0, 'f', 3)
                       .arg(cell.p50Ms, 0, 'f', 3)
                       .arg(cell.p99Ms, 0, 'f', 3)
                       .arg(cell.cpuUsPerRequest, 0, 'f', 1)
                       .arg(cell.errors)
                       .arg(cell.php ? QString::number(cell.phpFpmCpuUsPerRequest, 'f', 1) : QString())
                       .arg(cell.capacityMode ? QString::number(cell.capacity, 'f', 1) : QString())
                       .arg(cell.capacityMode ? (cell.capacityLowerBound ? u"true"_s : u"false"_s)
                                              : QString());
    return out;
}

QJsonObject ShootoutReport::workloadsJson(const QList<ShootoutWorkloadResult> &results)
{
    QJsonObject workloads;
    for (const ShootoutWorkloadResult &result : results) {
        QJsonObject servers;
        for (const ShootoutCell &cell : result.cells) {
            QJsonArray rounds;
            for (const double value : cell.roundRequestsPerSecond)
                rounds.append(value);
            QJsonObject object { { u"requests_per_second"_s, cell.requestsPerSecond },
                { u"requests_per_second_min"_s, cell.requestsPerSecondMin },
                { u"requests_per_second_max"_s, cell.requestsPerSecondMax },
                { u"spread_percent"_s, cell.spreadPercent }, { u"ratio_to_best"_s, cell.ratioToBest },
                { u"p50_ms"_s, cell.p50Ms }, { u"p99_ms"_s, cell.p99Ms },
                { u"cpu_us_per_request"_s, cell.cpuUsPerRequest }, { u"errors"_s, qint64(cell.errors) },
                { u"rounds"_s, cell.rounds }, { u"round_requests_per_second"_s, rounds } };
            if (cell.reference)
                object.insert(u"reference"_s, true);
            if (cell.php)
                object.insert(u"php_fpm_cpu_us_per_request"_s, cell.phpFpmCpuUsPerRequest);
            if (cell.http2)
                object.insert(u"protocol"_s, cell.h2OverTls ? u"h2"_s : u"h2c"_s);
            addCapacityJson(object, cell);
            servers.insert(cell.server, object);
        }
        workloads.insert(result.workload, servers);
    }
    return workloads;
}

QString ShootoutReport::compare(const QList<ShootoutWorkloadResult> &before,
    const QList<ShootoutWorkloadResult> &after, qint64 beforeId, qint64 afterId)
{
    QString out
        = u"Shootout %1 against shootout %2 (median requests/s, or capacity, and p99 ms; change = %1 / %2)\n"_s
              .arg(afterId)
              .arg(beforeId);
    for (const ShootoutWorkloadResult &result : after) {
        const QString figure = result.capacitySlo.isEmpty() ? u"req/s"_s : u"cap."_s;
        out += u"\n%1\n  %2  %3  %4  %5  %6  %7  %8\n"_s.arg(result.workload)
                   .arg(u"server"_s, -10)
                   .arg(u"%1 #%2"_s.arg(figure).arg(beforeId), 12)
                   .arg(u"%1 #%2"_s.arg(figure).arg(afterId), 12)
                   .arg(u"change"_s, 7)
                   .arg(u"p99 #%1"_s.arg(beforeId), 10)
                   .arg(u"p99 #%1"_s.arg(afterId), 10)
                   .arg(u"change"_s, 7);
        for (const ShootoutCell &cell : result.cells) {
            const ShootoutCell *old = findCell(before, result.workload, cell.server);
            const auto ratio = [](double now, double then) {
                return then > 0 ? QString::number(now / then, 'f', 2) : u"-"_s;
            };
            out += u"  %1  %2  %3  %4  %5  %6  %7\n"_s.arg(cell.server, -10)
                       .arg(old ? rate(old->rankValue()) : u"-"_s, 12)
                       .arg(rate(cell.rankValue()), 12)
                       .arg(old ? ratio(cell.rankValue(), old->rankValue()) : u"-"_s, 7)
                       .arg(old ? QString::number(old->p99Ms, 'f', 3) : u"-"_s, 10)
                       .arg(QString::number(cell.p99Ms, 'f', 3), 10)
                       .arg(old ? ratio(cell.p99Ms, old->p99Ms) : u"-"_s, 7);
        }
    }
    return out;
}

} // namespace hostbench::shootout
