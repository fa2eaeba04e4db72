#include "ui/LogLineModel.h"

#include <QDateTime>

#include <algorithm>
#include <iterator>
#include <string_view>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

LogLineModel::LogLineModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

namespace {

// The number in text[at, at + digits), or -1 if those are not all digits.
int digitsAt(const QByteArray &text, qsizetype at, int digits)
{
    if (at < 0 || at + digits > text.size())
        return -1;
    int value = 0;
    for (qsizetype i = at; i < at + digits; ++i) {
        const char c = text.at(i);
        if (c < '0' || c > '9')
            return -1;
        value = value * 10 + (c - '0');
    }
    return value;
}

bool isAt(const QByteArray &text, qsizetype at, char c)
{
    return at >= 0 && at < text.size() && text.at(at) == c;
}

} // namespace

qint64 LogLineModel::timeOf(bool errorLog, const QByteArray &text)
{
    if (errorLog) {
        // "2000/10/10 13:55:36 [error] ...": local time, as nginx writes it.
        const int year = digitsAt(text, 0, 4), month = digitsAt(text, 5, 2), day = digitsAt(text, 8, 2);
        const int hour = digitsAt(text, 11, 2), minute = digitsAt(text, 14, 2),
                  second = digitsAt(text, 17, 2);
        if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || !isAt(text, 4, '/')
            || !isAt(text, 7, '/') || !isAt(text, 10, ' ') || !isAt(text, 13, ':') || !isAt(text, 16, ':'))
            return -1;
        if (!QDate::isValid(year, month, day) || !QTime::isValid(hour, minute, second))
            return -1;
        const QDateTime time(QDate(year, month, day), QTime(hour, minute, second));
        return time.isValid() ? time.toSecsSinceEpoch() : -1;
    }
    // "HOST - - [10/Oct/2000:13:55:36 +0200] ...": the first '[' opens the time.
    static constexpr std::string_view kMonths[]
        = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    const qsizetype at = text.indexOf('[') + 1;
    if (at <= 0 || at + 26 > text.size() || text.at(at + 26) != ']')
        return -1;
    const int day = digitsAt(text, at, 2), year = digitsAt(text, at + 7, 4);
    const int hour = digitsAt(text, at + 12, 2), minute = digitsAt(text, at + 15, 2);
    const int second = digitsAt(text, at + 18, 2), offsetHours = digitsAt(text, at + 22, 2);
    const int offsetMinutes = digitsAt(text, at + 24, 2);
    const char sign = text.at(at + 21);
    const std::string_view monthName(text.constData() + at + 3, 3);
    const auto month = std::find(std::begin(kMonths), std::end(kMonths), monthName);
    if (day < 0 || year < 0 || hour < 0 || minute < 0 || second < 0 || offsetHours < 0 || offsetMinutes < 0
        || month == std::end(kMonths) || (sign != '+' && sign != '-') || !isAt(text, at + 2, '/')
        || !isAt(text, at + 6, '/') || !isAt(text, at + 11, ':') || !isAt(text, at + 20, ' '))
        return -1;
    const QDate date(year, int(month - std::begin(kMonths)) + 1, day);
    const QTime clock(hour, minute, second);
    if (!date.isValid() || !clock.isValid())
        return -1;
    const qint64 offset = (offsetHours * 60 + offsetMinutes) * 60;
    constexpr qint64 kEpochJulianDay = 2440588; // 1970-01-01
    const qint64 civil = (date.toJulianDay() - kEpochJulianDay) * 86400 + clock.msecsSinceStartOfDay() / 1000;
    return sign == '+' ? civil - offset : civil + offset;
}

LogLineModel::Line LogLineModel::parse(
    const QString &site, const QString &path, bool errorLog, const QByteArray &text)
{
    Line line;
    line.site = site;
    line.path = path;
    line.errorLog = errorLog;
    line.text = QString::fromUtf8(text);
    line.time = timeOf(errorLog, text);
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

namespace {

// PHP-FPM's own log (its error_log): "[02-Dec-2026 00:40:00] NOTICE: fpm is
// running, pid 7", local time; -1 if the line is not of that layout.
qint64 fpmTimeOf(const QByteArray &text, QString *level)
{
    static constexpr std::string_view kMonths[]
        = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    if (!isAt(text, 0, '[') || !isAt(text, 3, '-') || !isAt(text, 7, '-') || !isAt(text, 12, ' ')
        || !isAt(text, 15, ':') || !isAt(text, 18, ':') || !isAt(text, 21, ']') || !isAt(text, 22, ' '))
        return -1;
    const std::string_view monthName(text.constData() + 4, 3);
    const auto month = std::find(std::begin(kMonths), std::end(kMonths), monthName);
    const int day = digitsAt(text, 1, 2), year = digitsAt(text, 8, 4), hour = digitsAt(text, 13, 2);
    const int minute = digitsAt(text, 16, 2), second = digitsAt(text, 19, 2);
    if (month == std::end(kMonths) || day < 0 || year < 0 || hour < 0 || minute < 0 || second < 0
        || !QDate::isValid(year, int(month - std::begin(kMonths)) + 1, day)
        || !QTime::isValid(hour, minute, second))
        return -1;
    const qsizetype colon = text.indexOf(": ", 23);
    if (colon > 23)
        *level = QString::fromLatin1(text.mid(23, colon - 23)).toLower();
    const QDateTime time(QDate(year, int(month - std::begin(kMonths)) + 1, day), QTime(hour, minute, second));
    return time.isValid() ? time.toSecsSinceEpoch() : -1;
}

} // namespace

LogLineModel::Line LogLineModel::parseAppLine(
    const QString &site, const QString &path, const QByteArray &text)
{
    Line line = parse(site, path, true, text);
    line.errorLog = false;
    line.appLog = true;
    if (line.time < 0)
        line.time = fpmTimeOf(text, &line.level);
    return line;
}

void LogLineModel::append(std::deque<Line> lines)
{
    if (lines.empty())
        return;
    // More than fit: only the newest are worth a row.
    while (lines.size() > size_t(m_maxLines))
        lines.pop_front();
    if (m_lines.empty() || m_lines.back().time <= lines.front().time) {
        // The usual case: all of them after the newest shown.
        trimTo(m_maxLines - int(lines.size()));
        const int first = int(m_lines.size());
        beginInsertRows({}, first, first + int(lines.size()) - 1);
        std::move(lines.begin(), lines.end(), std::back_inserter(m_lines));
        endInsertRows();
        return;
    }
    // Some are older than the newest shown (a file read a poll late): each
    // goes after the last line of its second or earlier, those bound for
    // one place in one insertion.
    size_t next = 0;
    while (next < lines.size()) {
        size_t at = m_lines.size();
        while (at > 0 && m_lines[at - 1].time > lines[next].time)
            --at;
        size_t end = next + 1;
        while (end < lines.size() && (at == m_lines.size() || lines[end].time < m_lines[at].time))
            ++end;
        beginInsertRows({}, int(at), int(at + (end - next)) - 1);
        m_lines.insert(m_lines.begin() + qsizetype(at),
            std::make_move_iterator(lines.begin() + qsizetype(next)),
            std::make_move_iterator(lines.begin() + qsizetype(end)));
        endInsertRows();
        next = end;
    }
    trimTo(m_maxLines);
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
            return line.errorLog || line.appLog ? line.level
                                                : (line.status ? QString::number(line.status) : QString());
        case LineColumn:
            return line.text;
        }
        return {};
    case Qt::ToolTipRole:
        return index.column() == LineColumn ? line.text : line.path;
    case SiteRole:
        return line.site;
    case StatusRole:
        return line.errorLog || line.appLog ? 0 : line.status;
    case PathRole:
        return line.path;
    case AppLogRole:
        return line.appLog;
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
