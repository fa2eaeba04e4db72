#include "ui/RunListModel.h"

#include "ui/Format.h"

#include <QColor>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

RunListModel::RunListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    setObjectName(u"runListModel"_s);
}

void RunListModel::setRuns(const QList<storage::StoredRun> &runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

int RunListModel::rowOf(qint64 runId) const
{
    for (int row = 0; row < m_runs.size(); ++row) {
        if (m_runs.at(row).id == runId)
            return row;
    }
    return -1;
}

QString RunListModel::displayUrl(const model::BenchParameters &parameters)
{
    if (parameters.hostOverride.isEmpty())
        return parameters.url;
    return tr("%1 (Host: %2)").arg(parameters.url, parameters.hostOverride);
}

int RunListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int RunListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    const storage::StoredRun &run = m_runs.at(index.row());
    const model::RunSummary &s = run.summary;
    if (role == kRunIdRole)
        return run.id;
    if (role == Qt::TextAlignmentRole)
        return index.column() <= UrlColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                           : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == UrlColumn)
        return displayUrl(run.parameters);
    if (role == Qt::ForegroundRole && index.column() == FailedColumn && s.failed > 0)
        return QColor(0xc6, 0x28, 0x28);
    if (role != Qt::DisplayRole && role != kSortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (index.column()) {
    case DateColumn:
        return display ? QVariant(Format::dateTime(run.startedAtMs)) : QVariant(run.startedAtMs);
    case UrlColumn:
        return displayUrl(run.parameters);
    case ConcurrencyColumn:
        return display ? QVariant(Format::count(quint64(qMax(0, s.concurrency)))) : QVariant(s.concurrency);
    case RequestsColumn:
        return display ? QVariant(Format::count(s.completed)) : QVariant(s.completed);
    case RateColumn:
        return display ? QVariant(Format::rate(s.requestsPerSecond)) : QVariant(s.requestsPerSecond);
    // No answered request, no latency: a dash, as on the Benchmark page, not "0.00 ms".
    case P50Column:
        if (display)
            return s.completed > 0 ? Format::milliseconds(s.latencyP50Ms) : u"–"_s;
        return s.latencyP50Ms;
    case P99Column:
        if (display)
            return s.completed > 0 ? Format::milliseconds(s.latencyP99Ms) : u"–"_s;
        return s.latencyP99Ms;
    case FailedColumn:
        return display ? QVariant(Format::count(s.failed)) : QVariant(s.failed);
    default:
        return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DateColumn:
        return tr("Date");
    case UrlColumn:
        return tr("URL");
    case ConcurrencyColumn:
        return tr("Concurrency");
    case RequestsColumn:
        return tr("Requests");
    case RateColumn:
        return tr("Req/s");
    case P50Column:
        return tr("p50");
    case P99Column:
        return tr("p99");
    case FailedColumn:
        return tr("Failed");
    default:
        return {};
    }
}

} // namespace hostbench::ui
