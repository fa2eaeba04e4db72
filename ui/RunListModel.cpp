#include "ui/RunListModel.h"

#include "model/RunComparison.h"

#include "ui/Format.h"
#include "ui/Tint.h"

#include <QDateTime>
#include <QGuiApplication>

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

QString RunListModel::idText(qint64 runId)
{
    return tr("#%1").arg(runId);
}

QString RunListModel::displayUrl(const storage::StoredRun &run)
{
    const QString url = displayUrl(run.parameters);
    if (run.shootoutId == 0 || run.shootoutServer.isEmpty())
        return url;
    return tr("%1 · %2").arg(run.shootoutServer, url);
}

QString RunListModel::urlToolTip(const storage::StoredRun &run)
{
    const QString url = displayUrl(run.parameters);
    if (run.shootoutId == 0)
        return url;
    return tr("%1\nShootout %2: %3, workload %4, round %5")
        .arg(url)
        .arg(run.shootoutId)
        .arg(run.shootoutServer, run.shootoutWorkload)
        .arg(run.shootoutRound);
}

QString RunListModel::modelText(const model::BenchParameters &parameters)
{
    if (!parameters.stages.isEmpty())
        return tr("open, in stages");
    return parameters.rate > 0 ? tr("open, %1 req/s").arg(Format::rate(parameters.rate)) : tr("closed");
}

QString RunListModel::lengthText(const model::BenchParameters &parameters)
{
    if (parameters.requests > 0)
        return tr("%1 requests").arg(Format::count(quint64(parameters.requests)));
    return Format::duration(parameters.durationMs);
}

QString RunListModel::lengthText(const storage::StoredRun &run)
{
    return lengthText(run, QDateTime::currentMSecsSinceEpoch());
}

QString RunListModel::lengthText(const storage::StoredRun &run, qint64 nowMs)
{
    const QString asked = lengthText(run.parameters);
    const auto reached = qint64(run.summary.timeTakenSec * 1000 + 0.5);
    // Not finished and not behind: still going (no sample yet in its warm-up).
    const qint64 behindMs = nowMs - (run.startedAtMs + run.parameters.warmupMs + reached);
    if (!run.finished && run.startedAtMs <= nowMs && behindMs <= kRunningSlackMs) {
        return reached > 0 ? tr("running, at %1 of %2").arg(Format::elapsed(reached), asked)
                           : tr("starting (%1)").arg(asked);
    }
    if (!run.finished) {
        return reached > 0 ? tr("broken off at %1 of %2").arg(Format::elapsed(reached), asked)
                           : tr("broken off, nothing stored (%1)").arg(asked);
    }
    if (!run.summary.abortedBy.isEmpty())
        return tr("aborted at %1 of %2 (%3)").arg(Format::elapsed(reached), asked, run.summary.abortedBy);
    if (run.summary.interrupted)
        return tr("stopped at %1 of %2").arg(Format::elapsed(reached), asked);
    return asked;
}

Qt::ItemFlags RunListModel::flags(const QModelIndex &index) const
{
    const Qt::ItemFlags base = QAbstractTableModel::flags(index);
    return index.isValid() && index.column() == NoteColumn ? base | Qt::ItemIsEditable : base;
}

bool RunListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || index.column() != NoteColumn || role != Qt::EditRole
        || index.row() >= m_runs.size())
        return false;
    const QString note = value.toString().trimmed();
    storage::StoredRun &run = m_runs[index.row()];
    if (note == run.note)
        return true;
    run.note = note;
    emit dataChanged(index, index);
    emit noteEdited(run.id, note);
    return true;
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
    const int column = index.column();
    if (role == Qt::TextAlignmentRole) {
        const bool text = (column >= DateColumn && column <= UrlColumn) || column == ModelColumn
            || column == LengthColumn || column == KeepAliveColumn || column == NoteColumn;
        return text ? int(Qt::AlignLeft | Qt::AlignVCenter) : int(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role == Qt::ToolTipRole && column == UrlColumn)
        return urlToolTip(run);
    if (role == Qt::ToolTipRole && column == IdColumn && run.baseline)
        return tr("The baseline of %1: hostbench-cli bench --compare-baseline compares the runs of this "
                  "method and URL with it")
            .arg(model::runTarget(run.parameters));
    if (role == Qt::ToolTipRole && column == NoteColumn)
        return run.note.isEmpty() ? tr("Double-click to write a note") : run.note;
    if (role == Qt::EditRole && column == NoteColumn)
        return run.note;
    if (role == Qt::ToolTipRole && column == ModelColumn)
        return !run.parameters.stages.isEmpty()
            ? tr("Open model in stages: %1, latency corrected for coordinated omission")
                  .arg(model::LoadStages::format(run.parameters.stages))
            : run.parameters.rate > 0
            ? tr("Open model: requests sent at a constant rate, latency corrected for coordinated omission")
            : tr("Closed model: each connection sends its next request when the last one is answered");
    // The palette of the moment: the view asks again when it changes (a dark theme).
    if (role == Qt::ForegroundRole && index.column() == FailedColumn && s.failed > 0)
        return Tint::errorText(QGuiApplication::palette());
    if (role == Qt::ForegroundRole && index.column() == LengthColumn && s.interrupted)
        return Tint::warningText(QGuiApplication::palette());
    if (role != Qt::DisplayRole && role != kSortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case IdColumn:
        // A baseline carries a star, its tool tip says of what.
        if (display)
            return run.baseline ? QVariant(idText(run.id) + u" ★"_s) : QVariant(idText(run.id));
        return run.id;
    case DateColumn:
        return display ? QVariant(Format::dateTime(run.startedAtMs)) : QVariant(run.startedAtMs);
    case UrlColumn:
        return displayUrl(run);
    case ModelColumn:
        return display ? QVariant(modelText(run.parameters)) : QVariant(run.parameters.rate);
    case LengthColumn:
        // Runs of a request count sort after the timed ones: a count is not a time.
        if (display)
            return lengthText(run);
        return run.parameters.requests > 0 ? 1e15 + double(run.parameters.requests)
                                           : double(run.parameters.durationMs);
    case KeepAliveColumn:
        return display ? QVariant(run.parameters.keepAlive ? tr("yes") : tr("no"))
                       : QVariant(run.parameters.keepAlive);
    case ThreadsColumn:
        return display ? QVariant(Format::count(quint64(qMax(0, run.parameters.threads))))
                       : QVariant(run.parameters.threads);
    case NoteColumn:
        // One line in the table; the whole note in the tool tip and the editor.
        return display ? QVariant(QString(run.note).replace(u'\n', u' ')) : QVariant(run.note);
    case ConcurrencyColumn:
        return display ? QVariant(Format::count(quint64(qMax(0, s.concurrency)))) : QVariant(s.concurrency);
    case RequestsColumn:
        return display ? QVariant(Format::count(s.completed)) : QVariant(s.completed);
    case RateColumn:
        return display ? QVariant(Format::rate(s.requestsPerSecond)) : QVariant(s.requestsPerSecond);
    // No answered request, no latency: a dash, as on the Benchmark page, not
    // "0.00 ms". Nor for a run broken off: its percentiles were never computed.
    case P50Column:
        if (display)
            return s.completed > 0 && run.finished ? Format::milliseconds(s.latencyP50Ms) : u"–"_s;
        return s.latencyP50Ms;
    case P99Column:
        if (display)
            return s.completed > 0 && run.finished ? Format::milliseconds(s.latencyP99Ms) : u"–"_s;
        return s.latencyP99Ms;
    case FailedColumn:
        return display ? QVariant(Format::count(s.failed)) : QVariant(s.failed);
    default:
        return {};
    }
}

QVariant RunListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole)
        return headerToolTip(section);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Run");
    case DateColumn:
        return tr("Date");
    case UrlColumn:
        return tr("URL");
    case ModelColumn:
        return tr("Model");
    case LengthColumn:
        return tr("Length");
    case KeepAliveColumn:
        return tr("Keep-alive");
    case ConcurrencyColumn:
        return tr("Concurrency");
    case ThreadsColumn:
        return tr("Threads");
    case NoteColumn:
        return tr("Note");
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

QString RunListModel::headerToolTip(int section)
{
    switch (section) {
    case IdColumn:
        return tr("The run's number, as the Compare dialog and hostbench-cli runs name it");
    case UrlColumn:
        return tr("The URL the run was sent to; for a shootout's run, the server it measured first");
    case ModelColumn:
        return tr("Load model: closed (each connection waits for its answer) or open (a constant rate of "
                  "requests per second)");
    case LengthColumn:
        return tr("How long the run was asked to last, or how many requests it was asked to send");
    case KeepAliveColumn:
        return tr("Whether connections were kept alive for further requests");
    case ConcurrencyColumn:
        return tr("Connections open at once");
    case ThreadsColumn:
        return tr("Load generator threads");
    case NoteColumn:
        return tr("Your note on the run: double-click or F2 to write it; it is stored at once");
    case RequestsColumn:
        return tr("Requests answered");
    case RateColumn:
        return tr("Requests per second");
    case P50Column:
        return tr("Median latency (50th percentile)");
    case P99Column:
        return tr("99th percentile latency");
    case FailedColumn:
        return tr("Requests that failed (connect, read, write, timeout, parse)");
    default:
        return {};
    }
}

} // namespace hostbench::ui
