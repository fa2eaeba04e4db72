#pragma once

#include "instance/LogTail.h"
#include "ui/LogLineModel.h"

#include <QWidget>

#include <deque>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class LogFilter;

/*
 * The Logs page: a live tail of the access and error logs of every site,
 * and the app log of each site that starts an app, or whose app log file is
 * there (service::AppLog: its stdout and stderr, the supervisor's lines),
 * and PHP-FPM's log (kPhpFpmSite), as sources beside them
 * (their files, as the engine's log thread writes them: LogTail reads them
 * every kPollIntervalMs, nothing hooks the request path), filtered by site,
 * status class (2xx...5xx, or the error logs) and text. Lines of all the
 * files are in the order of their times (to the second, as the logs write
 * them), access and error lines interleaved: the files' recent past read at
 * the start (after a restart, say) and the lines that arrive later alike,
 * a line read a poll late going in above newer ones (LogLineModel::append);
 * lines of one file keep their order. Within one second, an error line
 * follows the access line of its request (same site and request line) read
 * with it; other lines of one second come file by file. Each file is followed once, however
 * many sites share it. Memory stays bounded: the newest LogLineModel::maxLines() lines.
 * While the user scrolls up to read, new lines wait (as many as the
 * bound allows) and a note says how many; back at the end, they come in.
 * Open Log File opens the file of the selected line (or of the site
 * chosen) in the desktop's editor (DesktopOpener). GUI thread.
 */
class LogsPage final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kPollIntervalMs = 500;
    // The "site" of PHP-FPM's own log (service::PhpFpmPool's DATA/logs/php-fpm.log),
    // followed as an app log while a site's PHP address is "auto" or while the file is there.
    static inline const QString kPhpFpmSite = QStringLiteral("PHP-FPM");
    enum StatusClass { AllStatuses, Status2xx, Status3xx, Status4xx, Status5xx, ErrorLogs, AppLogs };

    // `logsFolder`: where sites with an empty log path log (DataFolder::logsPath()).
    LogsPage(storage::Database &database, QString logsFolder, QWidget *parent = nullptr);
    ~LogsPage() override;

    // Reads the sites, and so the files to follow, again (after an edit, a
    // rename, a reload): new files are followed, those no site names any more are not.
    void refreshSites();
    // The files followed, absolute, in the sites' order.
    QStringList followedFiles() const;
    // Reads what the files gained; the timer calls it.
    void poll();
    LogLineModel &lines() { return *m_model; }
    // New lines wait while the user reads above the end.
    bool isPaused() const;
    int pendingLines() const { return int(m_pending.size()); }
    // The file Open Log File opens now; empty when none.
    QString fileToOpen() const;
    void openFile();

private:
    struct Source
    {
        QString site;
        bool errorLog = false;
        bool appLog = false;
        std::unique_ptr<LogTail> tail;
        qint64 lastTime = -1; // of its last line read, for a line without a time
    };

    void setUpFilters(); // the status classes and the text field
    void setUpView();
    void layOut();
    void connectFields();
    static std::deque<LogLineModel::Line> pairErrorLines(std::deque<LogLineModel::Line> lines);
    void applyFilter();
    void takePending();
    void updatePausedNote();
    void updateOpenButton();

    storage::Database &m_database;
    QString m_logsFolder;
    std::vector<Source> m_sources;
    std::deque<LogLineModel::Line> m_pending; // read while paused, at most maxLines()
    LogLineModel *m_model = nullptr;
    LogFilter *m_filter = nullptr;
    QComboBox *m_site = nullptr; // item data: host name; "" for all
    QComboBox *m_status = nullptr; // item data: StatusClass
    QLineEdit *m_text = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_paused = nullptr;
    QLabel *m_files = nullptr;
    QPushButton *m_open = nullptr;
    QTimer *m_timer = nullptr;
};

} // namespace hostbench::ui
