#pragma once

#include <QAbstractTableModel>
#include <QString>

#include <deque>

namespace hostbench::ui {

/*
 * The lines the Logs page shows: the newest maxLines() of the access and
 * error logs of every site, in the order of their times (Line::time, the
 * second each line was written in), oldest first; past the bound the
 * oldest go (memory stays bounded however long the window stays open). Columns:
 * site, status (the access line's HTTP status, or the error line's level),
 * the line as written. For the filter, roles give the site, the status
 * (0 for an error-log or app-log line), the file and whether it is an app
 * log's line. GUI thread.
 */
class LogLineModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kDefaultMaxLines = 5000;
    enum Column { SiteColumn, StatusColumn, LineColumn, ColumnCount };
    enum Role { SiteRole = Qt::UserRole + 1, StatusRole, PathRole, AppLogRole };

    struct Line
    {
        QString site;
        QString path; // the log file
        bool errorLog = false;
        bool appLog = false; // a line of the site's app log (service::AppLog): level "stdout", "stderr"...
        int status = 0; // access lines: the HTTP status; 0 when it cannot be read
        QString level; // error lines: "error", "info"...
        QString text;
        // Seconds since the epoch, read from the line (its local time, and the
        // access line's UTC offset); -1 when it has none (parse() cannot read one).
        qint64 time = -1;
    };

    explicit LogLineModel(QObject *parent = nullptr);

    // Adds `lines` (in time order, oldest first) where their times put them:
    // after the lines of the same second or earlier, so usually at the end;
    // one older than the newest shown goes in above it. Then drops the oldest
    // past maxLines().
    void append(std::deque<Line> lines);
    void clear();
    int maxLines() const { return m_maxLines; }
    void setMaxLines(int lines);
    const Line &line(int row) const { return m_lines[size_t(row)]; }

    // A line of `site`'s access log (Combined Log Format) or error log.
    static Line parse(const QString &site, const QString &path, bool errorLog, const QByteArray &text);
    // A line of `site`'s app log (service::AppLog: the error log's layout,
    // the stream or "hostbench" as its level), or of PHP-FPM's log
    // ("[02-Dec-2026 00:40:00] NOTICE: ...", its level in lower case).
    static Line parseAppLine(const QString &site, const QString &path, const QByteArray &text);
    // The time of a line as the engine writes it (http::LogFormat), seconds
    // since the epoch: "[10/Oct/2000:13:55:36 +0200]" in an access line,
    // "2000/10/10 13:55:36" (local time) at the start of an error line; -1 if none.
    static qint64 timeOf(bool errorLog, const QByteArray &text);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void trimTo(int lines);

    std::deque<Line> m_lines;
    int m_maxLines = kDefaultMaxLines;
};

} // namespace hostbench::ui
