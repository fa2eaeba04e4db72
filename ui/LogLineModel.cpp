#include "ui/LogLineModel.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

LogLineModel::LogLineModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

LogLineModel::Line LogLineModel::parse(
    const QString &site, const QString &path, bool errorLog, const QByteArray &text)
{
    Line line;
    line.site = site;
    line.path = path;
    line.errorLog = errorLog;
    line.text = QString::fromUtf8(text);
    if (errorLog) {
        // nginx's form (LogFormat): "2026/11/30 14:00:00 [error] ..."
        const qsizetype open = text.indexOf(" ["), close = text.indexOf("] ");
        if (open >= 0 && close > open)
            line.level = QString::fromLatin1(text.mid(open + 2, close - open - 2));
        return line;
    }
    // Combined Log Format: HOST - - [TIME] "REQUEST" STATUS BYTES ... The
    // request line escapes its quotes (\x22), so the next quote closes it.
    const qsizetype time = text.indexOf("] \"");
    const qsizetype requestEnd = time < 0 ? -1 : text.indexOf('"', time + 3);
    if (requestEnd >= 0 && requestEnd + 5 <= text.size() && text.at(requestEnd + 1) == ' ') {
        bool ok = false;
        const int status = text.mid(requestEnd + 2, 3).toInt(&ok);
        if (ok && status >= 100 && status <= 999)
            line.status = status;
    }
    return line;
}

void LogLineModel::append(std::deque<Line> lines)
{
    if (lines.empty())
        return;
    // More than fit: only the newest are worth a row.
    while (lines.size() > size_t(m_maxLines))
        lines.pop_front();
    trimTo(m_maxLines - int(lines.size()));
    const int first = int(m_lines.size());
    beginInsertRows({}, first, first + int(lines.size()) - 1);
    std::move(lines.begin(), lines.end(), std::back_inserter(m_lines));
    endInsertRows();
}

void LogLineModel::clear()
{
    beginResetModel();
    m_lines.clear();
    endResetModel();
}

void LogLineModel::setMaxLines(int lines)
{
    m_maxLines = std::max(1, lines);
    trimTo(m_maxLines);
}

void LogLineModel::trimTo(int lines)
{
    const int excess = int(m_lines.size()) - std::max(0, lines);
    if (excess <= 0)
        return;
    beginRemoveRows({}, 0, excess - 1);
    m_lines.erase(m_lines.begin(), m_lines.begin() + excess);
    endRemoveRows();
}

int LogLineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size());
}

int LogLineModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogLineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_lines.size()))
        return {};
    const Line &line = m_lines[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SiteColumn:
            return line.site;
        case StatusColumn:
            return line.errorLog ? line.level : (line.status ? QString::number(line.status) : QString());
        case LineColumn:
            return line.text;
        }
        return {};
    case Qt::ToolTipRole:
        return index.column() == LineColumn ? line.text : line.path;
    case SiteRole:
        return line.site;
    case StatusRole:
        return line.errorLog ? 0 : line.status;
    case PathRole:
        return line.path;
    }
    return {};
}

QVariant LogLineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SiteColumn:
        return tr("Site");
    case StatusColumn:
        return tr("Status");
    case LineColumn:
        return tr("Line");
    }
    return {};
}

} // namespace hostbench::ui
