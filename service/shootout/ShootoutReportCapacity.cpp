#include "shootout/ShootoutReport.h"

#include <QJsonArray>

#include <algorithm>

// ShootoutReport's --capacity part: a cell's capacity over its rounds, and
// the tables of a workload whose servers were ranked by capacity.

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

QString header(const ShootoutWorkloadResult &result)
{
    return u"capacity at %1: the highest rate whose steps met every SLO, median of the rounds"_s.arg(
        result.capacitySlo.join(u", "_s));
}

QString ratio(const ShootoutCell &cell)
{
    return cell.reference ? u"ref"_s : QString::number(cell.ratioToBest, 'f', 2);
}

} // namespace

QString ShootoutReport::capacityText(const ShootoutCell &cell)
{
    if (cell.capacityNone)
        return u"none"_s;
    return (cell.capacityLowerBound ? u">="_s : QString()) + QString::number(cell.capacity, 'f', 1);
}

void ShootoutReport::fillCapacity(ShootoutCell &cell, const QList<model::ShootoutEntry> &runs)
{
    cell.capacityMode = !runs.isEmpty() && std::all_of(runs.cbegin(), runs.cend(), [](const auto &run) {
        return !run.summary.capacity.isEmpty();
    });
    if (!cell.capacityMode)
        return;
    cell.capacityNone = true;
    for (const model::ShootoutEntry &run : runs) {
        const model::CapacityResult &result = run.summary.capacity;
        cell.roundCapacity.append(result.capacity);
        cell.capacityLowerBound = cell.capacityLowerBound || result.lowerBound(run.summary.interrupted);
        cell.capacityNone = cell.capacityNone && result.capacity <= 0;
        cell.steps += int(result.steps.size());
    }
    cell.capacity = median(cell.roundCapacity);
    const auto [low, high] = std::minmax_element(cell.roundCapacity.cbegin(), cell.roundCapacity.cend());
    cell.spreadPercent = cell.capacity > 0 ? (*high - *low) / cell.capacity * 100.0 : 0.0;
}

QString ShootoutReport::capacityTable(const ShootoutWorkloadResult &result)
{
    QString out = u"\n%1 (%2)\n"_s.arg(result.workload, header(result));
    out += u"  %1  %2  %3  %4  %5  %6  %7\n"_s.arg(u"server"_s, -10)
               .arg(u"capacity req/s (spread)"_s, 24)
               .arg(u"ratio"_s, 6)
               .arg(u"p50 ms"_s, 8)
               .arg(u"p99 ms"_s, 8)
               .arg(u"steps"_s, 6)
               .arg(u"errors"_s, 7);
    for (const ShootoutCell &cell : result.cells)
        out += u"  %1  %2  %3  %4  %5  %6  %7\n"_s.arg(cell.server, -10)
                   .arg(u"%1 (±%2%)"_s.arg(capacityText(cell)).arg(cell.spreadPercent, 0, 'f', 0), 24)
                   .arg(ratio(cell), 6)
                   .arg(cell.p50Ms, 8, 'f', 3)
                   .arg(cell.p99Ms, 8, 'f', 3)
                   .arg(cell.steps, 6)
                   .arg(cell.errors, 7);
    if (std::any_of(
            result.cells.cbegin(), result.cells.cend(), [](const auto &c) { return c.capacityLowerBound; }))
        out += u"  (>=: a lower bound, the search stopped before a step failed)\n"_s;
    out += u"  (p50 and p99 of the step at the capacity; errors of those steps)\n"_s;
    return out;
}

QString ShootoutReport::capacityMarkdown(const ShootoutWorkloadResult &result)
{
    QString out = u"\n### %1\n\n%2.\n\n"_s.arg(result.workload, header(result));
    out += u"| server | capacity requests/s (spread) | ratio to best | p50 ms | p99 ms | steps | errors |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n"_s;
    for (const ShootoutCell &cell : result.cells)
        out += u"| %1 | %2 (±%3%) | %4 | %5 | %6 | %7 | %8 |\n"_s.arg(cell.server, capacityText(cell))
                   .arg(cell.spreadPercent, 0, 'f', 0)
                   .arg(ratio(cell))
                   .arg(cell.p50Ms, 0, 'f', 3)
                   .arg(cell.p99Ms, 0, 'f', 3)
                   .arg(cell.steps)
                   .arg(cell.errors);
    if (std::any_of(
            result.cells.cbegin(), result.cells.cend(), [](const auto &c) { return c.capacityLowerBound; }))
        out += u"\n>= is a lower bound: the search stopped before a step failed.\n"_s;
    return out;
}

void ShootoutReport::addCapacityJson(QJsonObject &object, const ShootoutCell &cell)
{
    if (!cell.capacityMode)
        return;
    QJsonArray rounds;
    for (const double value : cell.roundCapacity)
        rounds.append(value);
    object.insert(u"capacity"_s, cell.capacity);
    object.insert(u"capacity_lower_bound"_s, cell.capacityLowerBound);
    object.insert(u"capacity_none"_s, cell.capacityNone);
    object.insert(u"round_capacity"_s, rounds);
    object.insert(u"capacity_steps"_s, cell.steps);
}

} // namespace hostbench::shootout
