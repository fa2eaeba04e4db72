#include "ui/LogsPage.h"

#include "instance/AppLog.h"
#include "instance/LogTail.h"
#include "instance/PhpFpmSetup.h"
#include "storage/DataFolder.h"
#include "storage/Database.h"
#include "ui/DesktopOpener.h"
#include "ui/LogFilter.h"

#include <QComboBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>
#include <tuple>
#include <utility>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

LogsPage::LogsPage(storage::Database &database, QString logsFolder, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_logsFolder(std::move(logsFolder))
    , m_model(new LogLineModel(this))
    , m_filter(new LogFilter(this))
    , m_site(new QComboBox(this))
    , m_status(new QComboBox(this))
    , m_text(new QLineEdit(this))
    , m_view(new QTableView(this))
    , m_paused(new QLabel(this))
    , m_files(new QLabel(this))
    , m_open(new QPushButton(tr("&Open Log File"), this))
    , m_timer(new QTimer(this))
{
    setObjectName(u"logsPage"_s);
    m_site->setObjectName(u"logsSite"_s);
    m_status->setObjectName(u"logsStatus"_s);
    m_text->setObjectName(u"logsText"_s);
    m_view->setObjectName(u"logsView"_s);
    m_paused->setObjectName(u"logsPaused"_s);
    m_files->setObjectName(u"logsFiles"_s);
    m_open->setObjectName(u"logsOpenFile"_s);

    setUpFilters();
    setUpView();
    m_paused->setVisible(false);
    m_paused->setWordWrap(true);
    m_files->setWordWrap(true);
    m_files->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layOut();
    connectFields();
    m_timer->start(kPollIntervalMs);
    refreshSites();
}

void LogsPage::setUpFilters()
{
    m_status->addItem(tr("All statuses"), AllStatuses);
    m_status->addItem(tr("2xx success"), Status2xx);
    m_status->addItem(tr("3xx redirection"), Status3xx);
    m_status->addItem(tr("4xx client error"), Status4xx);
    m_status->addItem(tr("5xx server error"), Status5xx);
    m_status->addItem(tr("Error log lines"), ErrorLogs);
    m_status->addItem(tr("App output"), AppLogs);
    m_text->setPlaceholderText(tr("Filter: text in the line"));
    m_text->setClearButtonEnabled(true);
}

void LogsPage::setUpView()
{
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->verticalHeader()->setVisible(false);
    // Rows of one height: the view need not measure 5,000 lines.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 4);
    m_view->horizontalHeader()->setSectionResizeMode(LogLineModel::SiteColumn, QHeaderView::Interactive);
    m_view->horizontalHeader()->setSectionResizeMode(LogLineModel::StatusColumn, QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setColumnWidth(LogLineModel::SiteColumn, 160);
    m_view->setColumnWidth(LogLineModel::StatusColumn, 90); // "hostbench", an app line's level
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
}

void LogsPage::layOut()
{
    auto *filters = new QHBoxLayout;
    auto *siteLabel = new QLabel(tr("S&ite:"), this);
    siteLabel->setBuddy(m_site);
    auto *statusLabel = new QLabel(tr("Stat&us:"), this);
    statusLabel->setBuddy(m_status);
    filters->addWidget(siteLabel);
    filters->addWidget(m_site);
    filters->addWidget(statusLabel);
    filters->addWidget(m_status);
    filters->addWidget(m_text, 1);
    filters->addWidget(m_open);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_paused);
    layout->addWidget(m_files);
}

void LogsPage::connectFields()
{
    connect(m_site, &QComboBox::currentIndexChanged, this, &LogsPage::applyFilter);
    connect(m_status, &QComboBox::currentIndexChanged, this, &LogsPage::applyFilter);
    connect(m_text, &QLineEdit::textChanged, this, &LogsPage::applyFilter);
    connect(m_open, &QPushButton::clicked, this, &LogsPage::openFile);
    connect(
        m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LogsPage::updateOpenButton);
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] {
        if (!isPaused())
            takePending();
    });
    connect(m_timer, &QTimer::timeout, this, &LogsPage::poll);
}

LogsPage::~LogsPage() = default;

namespace {

// The site's app log (service::AppLog) while it has an app, or while the
// file of one it had is there.
QString appLogOf(const model::VirtualHost &host, const QString &logsFolder)
{
    const QString path = service::AppLog::pathFor(host, logsFolder);
    return host.proxy.app.isSet() || QFileInfo::exists(path) ? path : QString();
}

} // namespace

void LogsPage::refreshSites()
{
    QList<model::VirtualHost> hosts = m_database.virtualHosts();
    storage::DataFolder::applyDefaultLogPaths(hosts, m_logsFolder);
    std::vector<Source> sources;
    QStringList paths;
    enum Kind { Access, Error, App };
    std::vector<std::tuple<QString, Kind, QString>> logs; // site, kind, path
    for (const model::VirtualHost &host : std::as_const(hosts)) {
        logs.emplace_back(host.hostName, Access, host.accessLogEnabled ? host.accessLogPath : QString());
        logs.emplace_back(host.hostName, Error, host.errorLogEnabled ? host.errorLogPath : QString());
        logs.emplace_back(host.hostName, App, appLogOf(host, m_logsFolder));
    }
    // PHP-FPM's log (service::PhpFpmPool), as an app's: while a site is "auto", or while the file is there.
    const QString fpmLog = service::PhpFpmSetup::logPathIn(m_logsFolder);
    if (!m_logsFolder.isEmpty() && (service::PhpFpmSetup::anyAuto(hosts) || QFileInfo::exists(fpmLog)))
        logs.emplace_back(kPhpFpmSite, App, fpmLog);
    for (const auto &[site, kind, path] : logs) {
        if (path.trimmed().isEmpty())
            continue; // no such log
        const QString absolute = QFileInfo(path.trimmed()).absoluteFilePath();
        // Sites sharing a file: the engine writes it once, the page reads it once
        // (its lines under the first site naming it, as the engine takes that site's rotation).
        if (paths.contains(absolute))
            continue;
        Source source { site, kind == Error, kind == App, nullptr };
        // A file followed already goes on where it was; the others are no longer read.
        for (Source &old : m_sources) {
            if (old.tail && old.tail->path() == absolute && old.errorLog == source.errorLog
                && old.appLog == source.appLog) {
                source.tail = std::move(old.tail);
                source.lastTime = old.lastTime;
                break;
            }
        }
        if (!source.tail)
            source.tail = std::make_unique<LogTail>(absolute);
        paths << absolute;
        sources.push_back(std::move(source));
    }
    m_sources = std::move(sources);
    m_files->setText(paths.isEmpty() ? tr("No site writes a log.")
                                     : tr("Following %n file(s) in %1.", nullptr, int(paths.size()))
                                           .arg(QFileInfo(paths.constFirst()).absolutePath()));
    m_files->setToolTip(paths.join(u'\n'));

    const QString chosen = m_site->currentData().toString();
    const QSignalBlocker blocker(m_site);
    m_site->clear();
    m_site->addItem(tr("All sites"), QString());
    for (const model::VirtualHost &host : std::as_const(hosts))
        m_site->addItem(host.hostName, host.hostName);
    if (paths.contains(QFileInfo(fpmLog).absoluteFilePath()))
        m_site->addItem(kPhpFpmSite, kPhpFpmSite);
    m_site->setCurrentIndex(std::max(0, m_site->findData(chosen)));
    applyFilter();
}

namespace {

// The request line of an access line ("GET /x HTTP/1.1" after the time) or of
// an error line (after ", request: "), as LogFormat writes both; empty if none.
QStringView requestOf(const LogLineModel::Line &line)
{
    const QString &text = line.text;
    const QString opening = line.errorLog ? u", request: \""_s : u"] \""_s;
    const qsizetype at = text.indexOf(opening);
    if (at < 0)
        return {};
    const qsizetype from = at + opening.size();
    const qsizetype end = text.indexOf(u'"', from); // quotes inside are written \x22
    return end < 0 ? QStringView() : QStringView(text).mid(from, end - from);
}

} // namespace

std::deque<LogLineModel::Line> LogsPage::pairErrorLines(std::deque<LogLineModel::Line> lines)
{
    // The logs' times are whole seconds: within one, each error line goes
    // right after the access line of its request (same site, same request
    // line; the first one not taken yet), where the engine wrote it; one
    // without goes after the other lines of its second.
    std::deque<LogLineModel::Line> out;
    std::vector<std::vector<size_t>> after; // per line of the second: the error lines that follow it
    std::vector<size_t> unpaired;
    for (size_t first = 0; first < lines.size();) {
        size_t end = first + 1;
        while (end < lines.size() && lines[end].time == lines[first].time)
            ++end;
        after.assign(end - first, {});
        unpaired.clear();
        for (size_t i = first; i < end; ++i) {
            if (!lines[i].errorLog)
                continue;
            const QStringView request = requestOf(lines[i]);
            bool paired = false;
            for (size_t j = first; j < end && !paired && !request.isEmpty(); ++j) {
                if (!lines[j].errorLog && !lines[j].appLog && after[j - first].empty()
                    && lines[j].site == lines[i].site && requestOf(lines[j]) == request) {
                    after[j - first].push_back(i);
                    paired = true;
                }
            }
            if (!paired)
                unpaired.push_back(i);
        }
        for (size_t j = first; j < end; ++j) {
            if (lines[j].errorLog)
                continue;
            out.push_back(std::move(lines[j]));
            for (size_t i : after[j - first])
                out.push_back(std::move(lines[i]));
        }
        for (size_t i : unpaired)
            out.push_back(std::move(lines[i]));
        first = end;
    }
    return out;
}

QStringList LogsPage::followedFiles() const
{
    QStringList files;
    for (const Source &source : m_sources)
        files << source.tail->path();
    return files;
}

void LogsPage::poll()
{
    // Each file's new lines in its order; a line without a time takes its predecessor's.
    std::vector<std::deque<LogLineModel::Line>> read(m_sources.size());
    size_t total = 0;
    for (size_t i = 0; i < m_sources.size(); ++i) {
        Source &source = m_sources[i];
        for (const QByteArray &text : source.tail->poll()) {
            if (text.isEmpty())
                continue;
            LogLineModel::Line line = source.appLog
                ? LogLineModel::parseAppLine(source.site, source.tail->path(), text)
                : LogLineModel::parse(source.site, source.tail->path(), source.errorLog, text);
            if (line.time < 0)
                line.time = source.lastTime;
            source.lastTime = line.time;
            read[i].push_back(std::move(line));
        }
        total += read[i].size();
    }
    if (total == 0)
        return;
    // Merged by time, access and error lines alike; each file keeps its own
    // order, and of lines of one second the file named first comes first
    // (a site's access log before its error log, as the engine writes them).
    std::deque<LogLineModel::Line> merged;
    std::vector<size_t> next(read.size(), 0);
    for (size_t left = total; left > 0; --left) {
        size_t from = read.size();
        for (size_t i = 0; i < read.size(); ++i) {
            if (next[i] < read[i].size()
                && (from == read.size() || read[i][next[i]].time < read[from][next[from]].time))
                from = i;
        }
        merged.push_back(std::move(read[from][next[from]++]));
    }
    std::deque<LogLineModel::Line> lines = pairErrorLines(std::move(merged));
    if (isPaused()) {
        // The user reads above: nothing moves under the eyes, and what
        // waits stays within the bound too (and in time order).
        if (m_pending.empty() || m_pending.back().time <= lines.front().time) {
            std::move(lines.begin(), lines.end(), std::back_inserter(m_pending));
        } else {
            std::deque<LogLineModel::Line> merged;
            std::merge(std::make_move_iterator(m_pending.begin()), std::make_move_iterator(m_pending.end()),
                std::make_move_iterator(lines.begin()), std::make_move_iterator(lines.end()),
                std::back_inserter(merged),
                [](const LogLineModel::Line &a, const LogLineModel::Line &b) { return a.time < b.time; });
            m_pending = std::move(merged);
        }
        while (m_pending.size() > size_t(m_model->maxLines()))
            m_pending.pop_front();
        updatePausedNote();
        return;
    }
    m_model->append(std::move(lines));
    m_view->scrollToBottom();
}

bool LogsPage::isPaused() const
{
    const QScrollBar *bar = m_view->verticalScrollBar();
    return bar->maximum() > 0 && bar->value() < bar->maximum();
}

void LogsPage::takePending()
{
    if (m_pending.empty())
        return;
    m_model->append(std::exchange(m_pending, {}));
    updatePausedNote();
    m_view->scrollToBottom();
}

void LogsPage::updatePausedNote()
{
    m_paused->setText(tr("Paused while you read: %n new line(s) wait. Scroll to the end to see them.",
        nullptr, int(m_pending.size())));
    m_paused->setVisible(!m_pending.empty());
}

void LogsPage::applyFilter()
{
    m_filter->set(m_site->currentData().toString(), m_status->currentData().toInt(), m_text->text());
    updateOpenButton();
    if (!isPaused())
        m_view->scrollToBottom();
}

QString LogsPage::fileToOpen() const
{
    const QModelIndexList selected = m_view->selectionModel()->selectedRows();
    if (!selected.isEmpty())
        return selected.constFirst().data(LogLineModel::PathRole).toString();
    const QString site = m_site->currentData().toString();
    const bool errors = m_status->currentData().toInt() == ErrorLogs;
    const bool app = m_status->currentData().toInt() == AppLogs;
    for (const Source &source : m_sources) {
        if (source.site == site && source.errorLog == errors && source.appLog == app)
            return source.tail->path();
    }
    return {};
}

void LogsPage::updateOpenButton()
{
    const QString file = fileToOpen();
    m_open->setEnabled(!file.isEmpty());
    m_open->setToolTip(file.isEmpty() ? tr("Select a line, or a site, to open its log file") : file);
}

void LogsPage::openFile()
{
    const QString file = fileToOpen();
    if (!file.isEmpty())
        DesktopOpener::open(this, QUrl::fromLocalFile(file));
}

} // namespace hostbench::ui
