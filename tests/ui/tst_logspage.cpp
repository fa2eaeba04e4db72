// The Logs page on the real engine: requests sent over 127.0.0.1 to two
// sites, logged by the engine's log thread into their files under a real
// data folder (SQLite, logs/), show up in the page; the filters by site,
// status class and text; the bound on the lines kept; the pause while the
// user reads above the end; a rotated file followed from its new start;
// the lines of every file merged by their times, after a restart and live;
// the files of a renamed site followed instead of the old ones; a file
// two sites share read once; a site's app log (issue #24: a real app's
// stdout and stderr, written by service::AppSupervisor) as a source of its
// own, beside the site's access and error logs; PHP-FPM's log (issue #25: a
// real php-fpm8.2 run by service::PhpFpmPool for an "auto" site) as the
// source "PHP-FPM", its lines' times and levels read.
#include "Screenshots.h"
#include "http/HttpServer.h"
#include "instance/AppLog.h"
#include "instance/AppSupervisor.h"
#include "instance/PhpFpmPool.h"
#include "instance/PhpFpmSetup.h"
#include "storage/DataFolder.h"
#include "ui/LogLineModel.h"
#include "ui/LogsPage.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {
constexpr int kTimeoutMs = 30000; // generous: the suite runs on two busy cores
}

class TestLogsPage final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void requestsShowUp();
    void filters();
    void boundedToTheLastLines();
    void pausedWhileReadingAbove();
    void followsARotatedFile();
    void restartInterleavesTheFiles();
    void lateLineGoesAboveNewerOnes();
    void followsTheFilesOfARenamedSite();
    void sharedFileReadOnce();
    void appLogIsASource();
    void phpFpmLogIsASource();
    void parsesStatusAndLevel_data();
    void parsesStatusAndLevel();
    void parsesAppLines_data();
    void parsesAppLines();

private:
    // GET `path` with Host `host` on its own connection; returns the status.
    int get(const QByteArray &host, const QByteArray &path);
    QAbstractItemModel *shown() const { return view()->model(); }
    QTableView *view() const { return m_page->findChild<QTableView *>(u"logsView"_s); }
    // The texts of the rows shown.
    QStringList shownLines() const;
    // The label under the table ("Following 4 files in ...").
    QString filesNote() const { return m_page->findChild<QLabel *>(u"logsFiles"_s)->text(); }
    QString logFile(const QString &name) const { return QDir(m_folder->logsPath()).filePath(name); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<http::HttpServer> m_server;
    std::unique_ptr<ui::LogsPage> m_page;
};

void TestLogsPage::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir->filePath(u"data"_s), &error), qPrintable(error));
    const QString root = m_dir->filePath(u"blog"_s);
    QVERIFY(QDir().mkpath(root));
    QFile index(root + u"/index.html"_s);
    QVERIFY(index.open(QIODevice::WriteOnly));
    index.write("blog\n");
    index.close();
    model::VirtualHost blog;
    blog.hostName = u"blog.test"_s;
    blog.documentRoot = root;
    blog.routes
        = { { u"/moved"_s, 301, u"text/plain"_s, "moved" }, { u"/broken"_s, 503, u"text/plain"_s, "no" } };
    QVERIFY(m_folder->database().saveVirtualHost(blog));

    QList<model::VirtualHost> sites = m_folder->database().virtualHosts();
    QCOMPARE(sites.size(), 2); // the default site "localhost" and blog.test
    m_folder->applyDefaultLogPaths(sites);
    m_server = std::make_unique<http::HttpServer>();
    model::ServerConfig config;
    config.port = 0;
    config.threads = 1; // one worker: the lines of a file keep the requests' order
    QVERIFY2(m_server->start(config, sites, &error), qPrintable(error));

    m_page = std::make_unique<ui::LogsPage>(m_folder->database(), m_folder->logsPath());
    m_page->resize(1000, 500);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TestLogsPage::cleanup()
{
    m_page.reset();
    m_server.reset();
    m_folder.reset();
    m_dir.reset();
}

int TestLogsPage::get(const QByteArray &host, const QByteArray &path)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, m_server->port());
    if (!socket.waitForConnected(kTimeoutMs))
        return 0;
    socket.write("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    QByteArray reply;
    while (socket.waitForReadyRead(kTimeoutMs))
        reply += socket.readAll();
    return reply.startsWith("HTTP/1.1 ") ? reply.mid(9, 3).toInt() : 0;
}

QStringList TestLogsPage::shownLines() const
{
    QStringList lines;
    for (int row = 0; row < shown()->rowCount(); ++row)
        lines << shown()->index(row, ui::LogLineModel::LineColumn).data().toString();
    return lines;
}

void TestLogsPage::requestsShowUp()
{
    QCOMPARE(shown()->rowCount(), 0);
    QCOMPARE(get("blog.test", "/index.html?first"), 200);
    QCOMPARE(get("localhost", "/missing?second"), 404);
    // The log thread writes every 150 ms, the page reads every 500 ms.
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 3, kTimeoutMs); // two access lines, one error line
    const QStringList lines = shownLines();
    QVERIFY2(lines.join(u'\n').contains(u"\"GET /index.html?first HTTP/1.1\" 200"_s),
        qPrintable(lines.join(u'\n')));
    QVERIFY2(
        lines.join(u'\n').contains(u"\"GET /missing?second HTTP/1.1\" 404"_s), qPrintable(lines.join(u'\n')));
    // Each row names its site and status, or the error line's level.
    QStringList sites, statuses;
    for (int row = 0; row < shown()->rowCount(); ++row) {
        sites << shown()->index(row, ui::LogLineModel::SiteColumn).data().toString();
        statuses << shown()->index(row, ui::LogLineModel::StatusColumn).data().toString();
    }
    QVERIFY2(sites.contains(u"blog.test"_s) && sites.contains(u"localhost"_s), qPrintable(sites.join(u',')));
    QVERIFY2(statuses.contains(u"200"_s) && statuses.contains(u"404"_s) && statuses.contains(u"error"_s),
        qPrintable(statuses.join(u',')));
    // Open Log File: the file of the line selected.
    view()->selectRow(0);
    const QString file = m_page->fileToOpen();
    QVERIFY2(file.startsWith(m_folder->logsPath()), qPrintable(file));
    QVERIFY(QFile::exists(file));
    QVERIFY(m_page->findChild<QPushButton *>(u"logsOpenFile"_s)->isEnabled());
}

void TestLogsPage::filters()
{
    for (const auto &[host, path] : { std::pair { "blog.test", "/index.html" }, { "blog.test", "/moved" },
             { "blog.test", "/nothing-here" }, { "blog.test", "/broken" }, { "localhost", "/" } })
        QVERIFY(get(host, path) > 0);
    // 5 access lines, error lines for the 404 and the 503.
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 7, kTimeoutMs);

    auto *site = m_page->findChild<QComboBox *>(u"logsSite"_s);
    auto *status = m_page->findChild<QComboBox *>(u"logsStatus"_s);
    auto *text = m_page->findChild<QLineEdit *>(u"logsText"_s);
    site->setCurrentIndex(site->findData(u"localhost"_s));
    QCOMPARE(shown()->rowCount(), 1);
    QVERIFY(shownLines().constFirst().contains(u"\"GET / HTTP/1.1\" 200"_s));
    // With a site chosen and nothing selected, Open Log File opens its access log.
    QCOMPARE(m_page->fileToOpen(), QDir(m_folder->logsPath()).filePath(u"localhost.access.log"_s));

    site->setCurrentIndex(site->findData(u"blog.test"_s));
    QCOMPARE(shown()->rowCount(), 6);
    const std::pair<ui::LogsPage::StatusClass, QString> classes[]
        = { { ui::LogsPage::Status2xx, u"/index.html"_s }, { ui::LogsPage::Status3xx, u"/moved"_s },
              { ui::LogsPage::Status4xx, u"/nothing-here"_s }, { ui::LogsPage::Status5xx, u"/broken"_s } };
    for (const auto &[statusClass, path] : classes) {
        status->setCurrentIndex(status->findData(statusClass));
        QCOMPARE(shown()->rowCount(), 1);
        QVERIFY2(shownLines().constFirst().contains(u"GET %1 HTTP/1.1"_s.arg(path)),
            qPrintable(shownLines().constFirst()));
    }
    status->setCurrentIndex(status->findData(ui::LogsPage::ErrorLogs));
    QCOMPARE(shown()->rowCount(), 2);
    QCOMPARE(m_page->fileToOpen(), QDir(m_folder->logsPath()).filePath(u"blog.test.error.log"_s));

    status->setCurrentIndex(status->findData(ui::LogsPage::AllStatuses));
    QTest::keyClicks(text, u"NOTHING-HERE"_s); // any case
    QCOMPARE(shown()->rowCount(), 2); // its access line and its error line
    text->clear();
    site->setCurrentIndex(0);
    QCOMPARE(shown()->rowCount(), 7);

    // Every line again, for review: the page at its size in a 1024x700 window (Screenshots.h).
    if (test::Screenshots::wanted()) {
        m_page->resize(1024, 620);
        QVERIFY(test::Screenshots::save(m_page.get(), u"logs-page"_s));
    }
}

void TestLogsPage::boundedToTheLastLines()
{
    m_page->lines().setMaxLines(50);
    for (int i = 0; i < 80; ++i)
        QCOMPARE(get("blog.test", "/index.html?n=" + QByteArray::number(i)), 200);
    QTRY_VERIFY_WITH_TIMEOUT(shownLines().join(u'\n').contains(u"?n=79 "_s), kTimeoutMs);
    QCOMPARE(m_page->lines().rowCount(), 50);
    const QStringList lines = shownLines();
    QVERIFY2(lines.constFirst().contains(u"?n=30 "_s), qPrintable(lines.constFirst()));
    QVERIFY2(lines.constLast().contains(u"?n=79 "_s), qPrintable(lines.constLast()));
    // The default bound.
    QCOMPARE(ui::LogLineModel::kDefaultMaxLines, 5000);
}

void TestLogsPage::pausedWhileReadingAbove()
{
    for (int i = 0; i < 100; ++i)
        QCOMPARE(get("blog.test", "/index.html?n=" + QByteArray::number(i)), 200);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 100, kTimeoutMs);
    QScrollBar *bar = view()->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum()); // it follows the end
    QVERIFY(!m_page->isPaused());

    // Scrolled up: new lines wait, and the page says so.
    bar->setValue(0);
    QVERIFY(m_page->isPaused());
    QCOMPARE(get("blog.test", "/index.html?late"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(m_page->pendingLines(), 1, kTimeoutMs);
    QCOMPARE(shown()->rowCount(), 100);
    QCOMPARE(bar->value(), 0);
    auto *note = m_page->findChild<QLabel *>(u"logsPaused"_s);
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(u"1 new line"_s), qPrintable(note->text()));

    // Back at the end: they come in.
    bar->setValue(bar->maximum());
    QCOMPARE(shown()->rowCount(), 101);
    QVERIFY(shownLines().constLast().contains(u"?late "_s));
    QVERIFY(!note->isVisible());
    QCOMPARE(m_page->pendingLines(), 0);
}

void TestLogsPage::followsARotatedFile()
{
    QCOMPARE(get("blog.test", "/index.html?before"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 1, kTimeoutMs);
    // As LogFile rotates: the file moves aside, a new one takes its name.
    const QString path = QDir(m_folder->logsPath()).filePath(u"blog.test.access.log"_s);
    QVERIFY(QFile::rename(path, path + u".1"_s));
    QFile fresh(path);
    QVERIFY(fresh.open(QIODevice::WriteOnly));
    // Written now: lines are shown in the order of their times.
    const QString now = QLocale::c().toString(QDateTime::currentDateTimeUtc(), u"dd/MMM/yyyy:HH:mm:ss"_s);
    fresh.write("127.0.0.1 - - [" + now.toLatin1() + " +0000] \"GET /after HTTP/1.1\" 200 5 \"-\" \"-\"\n");
    fresh.close();
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 2, kTimeoutMs);
    QVERIFY(shownLines().constLast().contains(u"GET /after "_s));
}

void TestLogsPage::restartInterleavesTheFiles()
{
    // Three rounds a second apart: blog.test 200, 404, 200 and localhost 200,
    // 404; four files, the 404s in the access and the error logs.
    for (int round = 0; round < 3; ++round) {
        if (round > 0)
            QTest::qWait(1100); // the logs' times are whole seconds
        const QByteArray tag = "?round=" + QByteArray::number(round);
        QCOMPARE(get("blog.test", "/index.html" + tag), 200);
        QCOMPARE(get("blog.test", "/nothing-here" + tag), 404);
        QCOMPARE(get("blog.test", "/index.html" + tag + "&again"), 200);
        QCOMPARE(get("localhost", "/" + tag), 200);
        QCOMPARE(get("localhost", "/missing" + tag), 404);
    }
    m_server->stop(); // every line is in its file
    // A restart: a new page reads the files' recent past.
    m_page = std::make_unique<ui::LogsPage>(m_folder->database(), m_folder->logsPath());
    m_page->resize(1024, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    m_page->poll();
    QCOMPARE(shown()->rowCount(), 3 * 7);
    const QStringList lines = shownLines();
    const QString all = lines.join(u'\n');
    // Round by round, whatever the file: never all of one file, then the next.
    int lastRound = 0;
    QStringList kinds;
    for (int row = 0; row < lines.size(); ++row) {
        const int at = lines[row].indexOf(u"?round="_s);
        QVERIFY2(at >= 0, qPrintable(lines[row]));
        const int round = lines[row].mid(at + 7, 1).toInt();
        QVERIFY2(round >= lastRound,
            qPrintable(
                u"row %1 of round %2 after round %3:\n%4"_s.arg(row).arg(round).arg(lastRound).arg(all)));
        lastRound = round;
        const ui::LogLineModel::Line &line = m_page->lines().line(row);
        QVERIFY2(line.time > 0, qPrintable(lines[row]));
        if (row > 0)
            QVERIFY(line.time >= m_page->lines().line(row - 1).time);
        kinds << (line.errorLog ? u"error"_s : u"access"_s);
    }
    // Error lines between access lines: interleaved.
    QVERIFY2(kinds.indexOf(u"error"_s) < kinds.lastIndexOf(u"access"_s), qPrintable(kinds.join(u',')));
    // Both sites in each round; each file's lines in their order.
    for (const QString &site : { u"blog.test"_s, u"localhost"_s }) {
        QStringList rounds;
        for (int row = 0; row < lines.size(); ++row) {
            const ui::LogLineModel::Line &line = m_page->lines().line(row);
            if (line.site == site && !line.errorLog)
                rounds << line.text.mid(line.text.indexOf(u"?round="_s) + 7, 1);
        }
        QCOMPARE(rounds.size(), site == u"blog.test"_s ? 9 : 6);
        QVERIFY(std::is_sorted(rounds.begin(), rounds.end()));
    }
    // Each error line right after the access line of its request (a second
    // holds many lines: ping, 404, its error, ping).
    for (int row = 0; row < lines.size(); ++row) {
        if (!m_page->lines().line(row).errorLog)
            continue;
        QVERIFY(row > 0);
        const QString request = lines[row].mid(lines[row].indexOf(u"request: \""_s) + 10).section(u'"', 0, 0);
        QVERIFY2(lines[row - 1].contains(u"\"%1\" 404 "_s.arg(request)),
            qPrintable(u"row %1: %2\nafter: %3"_s.arg(row).arg(lines[row], lines[row - 1])));
    }

    // The page at 1024x700 after the restart, access and error lines interleaved (Screenshots.h).
    if (test::Screenshots::wanted())
        QVERIFY(test::Screenshots::save(m_page.get(), u"logs-after-restart"_s));
}

void TestLogsPage::lateLineGoesAboveNewerOnes()
{
    QCOMPARE(get("blog.test", "/index.html?now"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 1, kTimeoutMs);
    const qint64 shownTime = m_page->lines().line(0).time;
    QVERIFY(shownTime > 0);
    // A line of another file, ten seconds older, read a poll later (a file
    // written late): it goes in above, where its time puts it.
    const QDateTime older = QDateTime::fromSecsSinceEpoch(shownTime - 10);
    QFile errors(logFile(u"localhost.error.log"_s));
    QVERIFY(errors.open(QIODevice::Append));
    errors.write(older.toString(u"yyyy/MM/dd HH:mm:ss"_s).toLatin1()
        + " [error] request failed: 404 Not Found, \"/late\", client: 127.0.0.1, server: localhost\n");
    errors.close();
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 2, kTimeoutMs);
    QVERIFY2(shownLines().at(0).contains(u"\"/late\""_s), qPrintable(shownLines().join(u'\n')));
    QVERIFY(shownLines().at(1).contains(u"?now "_s));
    // What comes later still goes at the end.
    QCOMPARE(get("localhost", "/missing?later"), 404);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 4, kTimeoutMs);
    QVERIFY(shownLines().at(0).contains(u"\"/late\""_s));
    QVERIFY(shownLines().at(1).contains(u"?now "_s));
    // Its access and error lines (of one second: in the order they were read).
    for (int row : { 2, 3 })
        QVERIFY2(shownLines().at(row).contains(u"GET /missing?later HTTP/1.1"_s),
            qPrintable(shownLines().join(u'\n')));
}

void TestLogsPage::followsTheFilesOfARenamedSite()
{
    QCOMPARE(get("blog.test", "/index.html?old-name"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 1, kTimeoutMs);
    QVERIFY2(filesNote().startsWith(u"Following 4 file"_s), qPrintable(filesNote()));

    // blog.test becomes news.test, the engine reloads (it logs to news.test.*.log now), the page refreshes.
    QList<model::VirtualHost> hosts = m_folder->database().virtualHosts();
    for (model::VirtualHost &host : hosts) {
        if (host.hostName == u"blog.test"_s) {
            host.hostName = u"news.test"_s;
            QVERIFY(m_folder->database().saveVirtualHost(host));
        }
    }
    hosts = m_folder->database().virtualHosts();
    m_folder->applyDefaultLogPaths(hosts);
    m_server->reload(hosts);
    m_page->refreshSites();

    const QStringList expected { logFile(u"localhost.access.log"_s), logFile(u"localhost.error.log"_s),
        logFile(u"news.test.access.log"_s), logFile(u"news.test.error.log"_s) };
    QStringList followed = m_page->followedFiles();
    followed.sort();
    QCOMPARE(followed, expected);
    QVERIFY2(filesNote().startsWith(u"Following 4 file"_s), qPrintable(filesNote()));
    QVERIFY(m_page->findChild<QLabel *>(u"logsFiles"_s)->toolTip().contains(u"news.test.access.log"_s));
    QVERIFY(!m_page->findChild<QLabel *>(u"logsFiles"_s)->toolTip().contains(u"blog.test"_s));

    QCOMPARE(get("news.test", "/index.html?new-name"), 200);
    QCOMPARE(get("news.test", "/gone?new-name"), 404);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 4, kTimeoutMs);
    for (int row = 1; row < 4; ++row)
        QCOMPARE(m_page->lines().line(row).site, u"news.test"_s);
    QVERIFY(shownLines().at(1).contains(u"?new-name "_s));
    // The old file is no longer read.
    QFile old(logFile(u"blog.test.access.log"_s));
    QVERIFY(old.open(QIODevice::Append));
    old.write(
        "127.0.0.1 - - [30/Nov/2037:10:00:00 +0000] \"GET /written-late HTTP/1.1\" 200 5 \"-\" \"-\"\n");
    old.close();
    QCOMPARE(get("localhost", "/?after"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 5, kTimeoutMs);
    QTest::qWait(2 * ui::LogsPage::kPollIntervalMs);
    QCOMPARE(shown()->rowCount(), 5);
    QVERIFY(!shownLines().join(u'\n').contains(u"written-late"_s));
}

void TestLogsPage::sharedFileReadOnce()
{
    // localhost logs into blog.test's access log too: the engine writes that file once, so the page reads it
    // once.
    QList<model::VirtualHost> hosts = m_folder->database().virtualHosts();
    for (model::VirtualHost &host : hosts) {
        if (host.hostName == u"localhost"_s) {
            host.accessLogPath = logFile(u"blog.test.access.log"_s);
            QVERIFY(m_folder->database().saveVirtualHost(host));
        }
    }
    hosts = m_folder->database().virtualHosts();
    m_folder->applyDefaultLogPaths(hosts);
    m_server->reload(hosts);
    m_page->refreshSites();
    QVERIFY2(filesNote().startsWith(u"Following 3 file"_s), qPrintable(filesNote()));
    QCOMPARE(m_page->followedFiles().size(), 3);

    QCOMPARE(get("localhost", "/?shared"), 200);
    QCOMPARE(get("blog.test", "/index.html?shared"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 2, kTimeoutMs);
    QTest::qWait(2 * ui::LogsPage::kPollIntervalMs);
    QCOMPARE(shown()->rowCount(), 2); // not each line twice
}

void TestLogsPage::appLogIsASource()
{
    // blog.test's app, run as service::Instance runs it (the site's command
    // set here, as the store keeps it): its lines on stdout and stderr.
    QList<model::VirtualHost> hosts = m_folder->database().virtualHosts();
    m_folder->applyDefaultLogPaths(hosts);
    model::VirtualHost blog = hosts.constFirst().hostName == u"blog.test"_s ? hosts[0] : hosts[1];
    QCOMPARE(blog.hostName, u"blog.test"_s);
    blog.proxy.app.command = u"python3 -u -c \"import sys, time; print('app says hello'); "
                             "print('app complains', file=sys.stderr); time.sleep(60)\""_s;
    blog.proxy.app.stopGraceMs = 200;
    const QString appLog = logFile(u"blog.test.app.log"_s);
    QCOMPARE(service::AppLog::pathFor(blog, m_folder->logsPath()), appLog);
    service::AppSupervisor apps;
    apps.setLogsFolder(m_folder->logsPath());
    apps.apply({ blog });
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(appLog), kTimeoutMs);
    QCOMPARE(get("blog.test", "/index.html"), 200);

    m_page->refreshSites();
    QVERIFY2(m_page->followedFiles().contains(appLog), qPrintable(m_page->followedFiles().join(u'\n')));
    QVERIFY2(filesNote().startsWith(u"Following 5 file"_s), qPrintable(filesNote()));
    const auto appLines = [this] {
        QStringList lines;
        for (int row = 0; row < shown()->rowCount(); ++row) {
            if (shown()->index(row, 0).data(ui::LogLineModel::AppLogRole).toBool())
                lines << shown()->index(row, ui::LogLineModel::StatusColumn).data().toString() + u' '
                        + shown()->index(row, ui::LogLineModel::LineColumn).data().toString();
        }
        return lines;
    };
    QTRY_VERIFY_WITH_TIMEOUT(appLines().join(u'\n').contains(u"app complains"_s), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(shown()->rowCount() >= 4, kTimeoutMs); // and the access line
    const QStringList lines = appLines();
    // Its level column says the stream (or "hostbench"), the line as written.
    const auto once = [&lines](const QString &level, const QString &text) {
        return std::count_if(lines.begin(), lines.end(), [&](const QString &line) {
            return line.startsWith(level + u' ') && line.contains(u" ["_s + level + u"] "_s + text);
        }) == 1;
    };
    QVERIFY2(once(u"stdout"_s, u"app says hello"_s), qPrintable(lines.join(u'\n')));
    QVERIFY2(once(u"stderr"_s, u"app complains"_s), qPrintable(lines.join(u'\n')));
    QVERIFY2(once(u"hostbench"_s, u"started python3"_s), qPrintable(lines.join(u'\n')));

    // "App output": the app's lines only, under their site; not among the error log's.
    auto *site = m_page->findChild<QComboBox *>(u"logsSite"_s);
    auto *status = m_page->findChild<QComboBox *>(u"logsStatus"_s);
    site->setCurrentIndex(site->findData(u"blog.test"_s));
    status->setCurrentIndex(status->findData(ui::LogsPage::AppLogs));
    QCOMPARE(shown()->rowCount(), int(appLines().size()));
    QVERIFY(shown()->rowCount() >= 3);
    QCOMPARE(m_page->fileToOpen(), appLog);
    status->setCurrentIndex(status->findData(ui::LogsPage::ErrorLogs));
    QCOMPARE(shown()->rowCount(), 0);
    QCOMPARE(m_page->fileToOpen(), logFile(u"blog.test.error.log"_s));
    status->setCurrentIndex(status->findData(ui::LogsPage::Status2xx));
    QCOMPARE(shown()->rowCount(), 1);
    status->setCurrentIndex(status->findData(ui::LogsPage::AppLogs));
    if (test::Screenshots::wanted())
        QVERIFY(test::Screenshots::save(m_page.get(), u"logs-page-app"_s));
}

void TestLogsPage::phpFpmLogIsASource()
{
    // The pool of the data folder, as service::Instance runs it for an "auto" site.
    model::VirtualHost php;
    php.hostName = u"php.test"_s;
    php.documentRoot = m_dir->filePath(u"blog"_s);
    php.php.address = u"auto"_s;
    service::PhpFpmPool pool;
    pool.setDataFolder(m_folder->path());
    pool.apply({ php }, 1);
    const QString fpmLog = logFile(u"php-fpm.log"_s);
    QCOMPARE(pool.logPath(), fpmLog);
    QTRY_COMPARE_WITH_TIMEOUT(pool.state(), service::PhpFpmPool::State::Ready, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(QFile(fpmLog).size() > 0, kTimeoutMs);

    m_page->refreshSites();
    QVERIFY2(m_page->followedFiles().contains(fpmLog), qPrintable(m_page->followedFiles().join(u'\n')));
    auto *site = m_page->findChild<QComboBox *>(u"logsSite"_s);
    auto *status = m_page->findChild<QComboBox *>(u"logsStatus"_s);
    QVERIFY(site->findData(ui::LogsPage::kPhpFpmSite) > 0);
    site->setCurrentIndex(site->findData(ui::LogsPage::kPhpFpmSite));
    status->setCurrentIndex(status->findData(ui::LogsPage::AppLogs));
    const auto has = [this](const QString &level, const QString &text) {
        for (int row = 0; row < shown()->rowCount(); ++row) {
            if (shown()->index(row, ui::LogLineModel::SiteColumn).data().toString()
                    == ui::LogsPage::kPhpFpmSite
                && shown()->index(row, ui::LogLineModel::StatusColumn).data().toString() == level
                && shown()->index(row, ui::LogLineModel::LineColumn).data().toString().contains(text))
                return true;
        }
        return false;
    };
    // php-fpm's own lines ("[02-Dec-2026 00:40:00] NOTICE: ...") and the supervisor's.
    QTRY_VERIFY_WITH_TIMEOUT(has(u"notice"_s, u"ready to handle connections"_s), kTimeoutMs);
    QVERIFY(has(u"hostbench"_s, u"started"_s));
    QCOMPARE(m_page->fileToOpen(), fpmLog);
    if (test::Screenshots::wanted())
        QVERIFY(test::Screenshots::save(m_page.get(), u"logs-page-php-fpm"_s));
    pool.stop();
    QTRY_COMPARE_WITH_TIMEOUT(pool.state(), service::PhpFpmPool::State::Off, kTimeoutMs);
}

void TestLogsPage::parsesAppLines_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("level");
    QTest::addColumn<qint64>("time");
    const qint64 local = QDateTime(QDate(2026, 11, 30), QTime(10, 0)).toSecsSinceEpoch();
    QTest::newRow("stdout") << QByteArray("2026/11/30 10:00:00 [stdout] Listening") << u"stdout"_s << local;
    QTest::newRow("hostbench") << QByteArray("2026/11/30 10:00:00 [hostbench] started x (pid 7)")
                               << u"hostbench"_s << local;
    QTest::newRow("php-fpm notice") << QByteArray("[30-Nov-2026 10:00:00] NOTICE: fpm is running, pid 7")
                                    << u"notice"_s << local;
    QTest::newRow("php-fpm worker output")
        << QByteArray("[30-Nov-2026 10:00:00] WARNING: [pool hostbench] child 8 said into stderr: \"x\"")
        << u"warning"_s << local;
    QTest::newRow("php-fpm, no such month")
        << QByteArray("[30-Foo-2026 10:00:00] NOTICE: x") << QString() << qint64(-1);
    QTest::newRow("php-fpm, no such day")
        << QByteArray("[31-Nov-2026 10:00:00] NOTICE: x") << QString() << qint64(-1);
    QTest::newRow("php-fpm, time cut short")
        << QByteArray("[30-Nov-2026 10:00] NOTICE: x") << QString() << qint64(-1);
    QTest::newRow("not a log line") << QByteArray("hello") << QString() << qint64(-1);
}

void TestLogsPage::parsesAppLines()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, level);
    QFETCH(qint64, time);
    const ui::LogLineModel::Line line = ui::LogLineModel::parseAppLine(u"PHP-FPM"_s, u"/x.log"_s, text);
    QVERIFY(line.appLog);
    QVERIFY(!line.errorLog);
    QCOMPARE(line.level, level);
    QCOMPARE(line.time, time);
    QCOMPARE(line.text, QString::fromUtf8(text));
}

void TestLogsPage::parsesStatusAndLevel_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("errorLog");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("level");
    QTest::addColumn<qint64>("time");
    // 2026-11-30 10:00:00 UTC
    const qint64 utc = QDateTime(QDate(2026, 11, 30), QTime(10, 0), QTimeZone::utc()).toSecsSinceEpoch();
    const qint64 local = QDateTime(QDate(2026, 11, 30), QTime(10, 0)).toSecsSinceEpoch();
    QTest::newRow("access") << QByteArray(
        "127.0.0.1 - - [30/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 404 5 \"-\" \"curl/8\"")
                            << false << 404 << QString() << utc;
    QTest::newRow("escaped quote in the request")
        << QByteArray("::1 - - [30/Nov/2026:10:00:00 +0000] \"GET /a\\x22b HTTP/1.1\" 200 0 \"-\" \"-\"")
        << false << 200 << QString() << utc;
    QTest::newRow("unparsed request")
        << QByteArray("127.0.0.1 - - [30/Nov/2026:10:00:00 +0000] \"-\" 400 0 \"-\" \"-\"") << false << 400
        << QString() << utc;
    QTest::newRow("access, east of UTC")
        << QByteArray("127.0.0.1 - - [30/Nov/2026:11:30:00 +0130] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"")
        << false << 200 << QString() << utc;
    QTest::newRow("access, west of UTC, the day before")
        << QByteArray("127.0.0.1 - - [29/Nov/2026:23:00:00 -1100] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"")
        << false << 200 << QString() << utc;
    QTest::newRow("access, no such month")
        << QByteArray("127.0.0.1 - - [30/Foo/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"")
        << false << 200 << QString() << qint64(-1);
    QTest::newRow("access, no such day")
        << QByteArray("127.0.0.1 - - [31/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"")
        << false << 200 << QString() << qint64(-1);
    QTest::newRow("access, time cut short")
        << QByteArray("127.0.0.1 - - [30/Nov/2026:10:00] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"") << false
        << 200 << QString() << qint64(-1);
    QTest::newRow("not a log line") << QByteArray("hello") << false << 0 << QString() << qint64(-1);
    QTest::newRow("error") << QByteArray("2026/11/30 10:00:00 [error] 1#0: *1 open() failed") << true << 0
                           << u"error"_s << local;
    QTest::newRow("error, no time") << QByteArray("at noon [error] open() failed") << true << 0 << u"error"_s
                                    << qint64(-1);
    QTest::newRow("error, no such hour")
        << QByteArray("2026/11/30 25:00:00 [info] x") << true << 0 << u"info"_s << qint64(-1);
}

void TestLogsPage::parsesStatusAndLevel()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, errorLog);
    QFETCH(int, status);
    QFETCH(QString, level);
    const ui::LogLineModel::Line line = ui::LogLineModel::parse(u"a.test"_s, u"/x.log"_s, errorLog, text);
    QCOMPARE(line.status, status);
    QCOMPARE(line.level, level);
    QCOMPARE(line.text, QString::fromUtf8(text));
    QFETCH(qint64, time);
    QCOMPARE(line.time, time);
}

QTEST_MAIN(TestLogsPage)
#include "tst_logspage.moc"
