// The Logs page on the real engine: requests sent over 127.0.0.1 to two
// sites, logged by the engine's log thread into their files under a real
// data folder (SQLite, logs/), show up in the page; the filters by site,
// status class and text; the bound on the lines kept; the pause while the
// user reads above the end; a rotated file followed from its new start.
#include "Screenshots.h"
#include "http/HttpServer.h"
#include "storage/DataFolder.h"
#include "ui/LogLineModel.h"
#include "ui/LogsPage.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

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
    void parsesStatusAndLevel_data();
    void parsesStatusAndLevel();

private:
    // GET `path` with Host `host` on its own connection; returns the status.
    int get(const QByteArray &host, const QByteArray &path);
    QAbstractItemModel *shown() const { return view()->model(); }
    QTableView *view() const { return m_page->findChild<QTableView *>(u"logsView"_s); }
    // The texts of the rows shown.
    QStringList shownLines() const;

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
    fresh.write("127.0.0.1 - - [30/Nov/2026:10:00:00 +0000] \"GET /after HTTP/1.1\" 200 5 \"-\" \"-\"\n");
    fresh.close();
    QTRY_COMPARE_WITH_TIMEOUT(shown()->rowCount(), 2, kTimeoutMs);
    QVERIFY(shownLines().constLast().contains(u"GET /after "_s));
}

void TestLogsPage::parsesStatusAndLevel_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("errorLog");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("level");
    QTest::newRow("access") << QByteArray(
        "127.0.0.1 - - [30/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 404 5 \"-\" \"curl/8\"")
                            << false << 404 << QString();
    QTest::newRow("escaped quote in the request")
        << QByteArray("::1 - - [30/Nov/2026:10:00:00 +0000] \"GET /a\\x22b HTTP/1.1\" 200 0 \"-\" \"-\"")
        << false << 200 << QString();
    QTest::newRow("unparsed request")
        << QByteArray("127.0.0.1 - - [30/Nov/2026:10:00:00 +0000] \"-\" 400 0 \"-\" \"-\"") << false << 400
        << QString();
    QTest::newRow("not a log line") << QByteArray("hello") << false << 0 << QString();
    QTest::newRow("error") << QByteArray("2026/11/30 10:00:00 [error] 1#0: *1 open() failed") << true << 0
                           << u"error"_s;
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
}

QTEST_MAIN(TestLogsPage)
#include "tst_logspage.moc"
