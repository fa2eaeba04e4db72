#include "ui/RunCompareModel.h"

#include "ui/Format.h"
#include "ui/RunListModel.h"

#include <QLocale>

#include <functional>

namespace hostbench::ui {

RunCompareModel::RunCompareModel(const QList<storage::StoredRun> &runs, QObject *parent)
    : QAbstractTableModel(parent)
    , m_columns(int(runs.size()))
    , m_cells(RowCount * runs.size())
{
    for (const storage::StoredRun &run : runs)
        m_runNames.append(runName(run));
    fillTexts(runs);
    fillNumbers(runs);
}

QString RunCompareModel::runName(const storage::StoredRun &run)
{
    return tr("%1 · %2").arg(RunListModel::idText(run.id), Format::dateTime(run.startedAtMs));
}

void RunCompareModel::fillTexts(const QList<storage::StoredRun> &runs)
{
    for (int column = 0; column < runs.size(); ++column) {
        const storage::StoredRun &run = runs[column];
        cell(UrlRow, column).text = RunListModel::displayUrl(run);
        cell(ModelRow, column).text = RunListModel::modelText(run.parameters);
        cell(LengthRow, column).text = RunListModel::lengthText(run);
        cell(KeepAliveRow, column).text = run.parameters.keepAlive ? tr("Yes") : tr("No");
    }
}

void RunCompareModel::fillNumbers(const QList<storage::StoredRun> &runs)
{
    if (runs.isEmpty())
        return;
    using Figure = std::function<double(const storage::StoredRun &)>;
    using Text = std::function<QString(double)>;
    // A number with, after the first run, its ratio to the first run's:
    // "2,000 (×1.25)". No ratio against a 0.
    const auto number = [&](int row, const Figure &figure, const Text &format) {
        const double base = figure(runs.first());
        for (int column = 0; column < runs.size(); ++column) {
            const double value = figure(runs[column]);
            Cell &target = cell(row, column);
            target.value = value;
            target.text = format(value);
            if (column > 0 && base != 0) {
                target.ratio = value / base;
                target.text = tr("%1 (×%2)").arg(target.text, QLocale().toString(value / base, 'f', 2));
            }
        }
    };
    const Text count = [](double value) { return Format::count(quint64(value)); };
    const Text ms = [](double value) { return Format::milliseconds(value); };
    using Run = storage::StoredRun;
    number(
        ConcurrencyRow, [](const Run &run) { return double(run.parameters.concurrency); }, count);
    number(
        ThreadsRow, [](const Run &run) { return double(run.parameters.threads); }, count);
    number(
        RateRow, [](const Run &run) { return run.summary.requestsPerSecond; }, Format::rate);
    number(
        P50Row, [](const Run &run) { return run.summary.latencyP50Ms; }, ms);
    number(
        P90Row, [](const Run &run) { return run.summary.latencyP90Ms; }, ms);
    number(
        P99Row, [](const Run &run) { return run.summary.latencyP99Ms; }, ms);
    number(
        MaxRow, [](const Run &run) { return run.summary.latencyMaxMs; }, ms);
    number(
        FailedRow, [](const Run &run) { return double(run.summary.failed); }, count);
}

int RunCompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int RunCompareModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns;
}

QVariant RunCompareModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Cell &shown = m_cells.at(index.row() * m_columns + index.column());
    const bool isNumber = shown.value.isValid();
    switch (role) {
    case Qt::DisplayRole:
        return shown.text;
    case Qt::ToolTipRole:
        return isNumber ? QVariant() : QVariant(shown.text);
    case Qt::TextAlignmentRole:
        return isNumber ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case kValueRole:
        return shown.value;
    case kRatioRole:
        return shown.ratio;
    }
    return {};
}

QVariant RunCompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (orientation == Qt::Horizontal)
        return section >= 0 && section < m_runNames.size() ? QVariant(m_runNames.at(section)) : QVariant();
    const QString names[RowCount] = { tr("URL"), tr("Model"), tr("Length"), tr("Concurrency"), tr("Threads"),
        tr("Keep-alive"), tr("Requests/s"), tr("p50"), tr("p90"), tr("p99"), tr("Max"), tr("Failed") };
    return section >= 0 && section < RowCount ? QVariant(names[section]) : QVariant();
}

} // namespace hostbench::ui
