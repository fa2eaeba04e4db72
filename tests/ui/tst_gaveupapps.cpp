// Issue #24's leftover: a site's app that gave up (service::AppSupervisor,
// AppTiming::maxFailures failed starts in a row) is shown on the Server page,
// in the main window at its smallest size, 1024x700, with real widgets on the
// offscreen platform, the real engine on port 0 and real app processes: a
// `sh -c` command that exits at once with status 3 unless a file exists
// (then it runs `sleep 60`), beside a site whose app runs. The backoff is
// scaled down with AppSupervisor::setTiming() (50 ms doubled up to 300 ms,
// 5 failed starts give up), as in tst_appsupervisor.
//
// What is checked: the warning names the site, the app's program (its tool
// tip the whole command) and its last exit status, the page's fields not
// squeezed for it at 1024x700, and not the site whose app runs; Retry starts the app
// again (the note goes at once, the app log has a second run of starts, and
// it gives up again while the cause is there); once the cause is fixed,
// Retry leaves it running and the note hidden; an engine stop takes the
// note away. With HOSTBENCH_SCREENSHOTS=DIR it saves server-page-app-gave-up.png.
#include "Screenshots.h"
#include "instance/AppSupervisor.h"
#include "model/ServerConfig.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;
using State = service::AppProcess::State;

namespace {

constexpr int kTimeoutMs = 20'000; // two busy cores

service::AppTiming fastTiming()
{
    service::AppTiming timing;
    timing.firstBackoffMs = 50;
    timing.maxBackoffMs = 300;
    timing.stableMs = 10'000;
    timing.maxFailures = 5;
    return timing;
}

} // namespace

class TestGaveUpApps final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void gaveUpAppIsShownOnTheServerPage();
    void retryStartsItAgain();
    void retryAfterTheFixLeavesItRunning();
    void engineStopTakesTheNoteAway();

private:
    service::AppSupervisor &apps() const { return m_window->engine().apps(); }
    QLabel *note() const { return m_window->findChild<QLabel *>(u"serverAppsGaveUpNote"_s); }
    QPushButton *retry() const { return m_window->findChild<QPushButton *>(u"serverAppsRetry"_s); }
    int gaveUpLines() const;

    QTemporaryDir m_dir;
    QString m_flag; // the crashing app runs once this file exists
    QString m_command;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::MainWindow> m_window;
};

void TestGaveUpApps::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_folder = std::make_unique<storage::DataFolder>();
    QString error;
    QVERIFY2(m_folder->open(m_dir.filePath(u"data"_s), &error), qPrintable(error));
    storage::Database &database = m_folder->database();
    model::ServerConfig config = database.serverConfig();
    config.port = 0;
    config.threads = 1;
    QVERIFY(database.saveServerConfig(config));
    ui::AppSettings(database).setControlApiPort(0);
    for (const char *folder : { "crash", "fine" })
        QVERIFY(QDir(m_dir.path()).mkpath(QString::fromLatin1(folder)));

    m_flag = m_dir.filePath(u"fixed"_s);
    m_command = u"sh -c \"test -f %1 && exec sleep 60; exit 3\""_s.arg(m_flag);
    model::VirtualHost crash;
    crash.hostName = u"crash.test"_s;
    crash.documentRoot = m_dir.filePath(u"crash"_s);
    crash.proxy.app.command = m_command;
    crash.proxy.app.stopGraceMs = 200;
    QVERIFY(database.saveVirtualHost(crash));
    model::VirtualHost fine;
    fine.hostName = u"fine.test"_s;
    fine.documentRoot = m_dir.filePath(u"fine"_s);
    fine.proxy.app.command = u"sleep 60"_s;
    fine.proxy.app.stopGraceMs = 200;
    QVERIFY(database.saveVirtualHost(fine));

    m_window = std::make_unique<ui::MainWindow>(*m_folder);
    m_window->resize(1024, 700);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    auto *tabs = m_window->findChild<QTabWidget *>(u"mainTabs"_s);
    QVERIFY(tabs);
    tabs->setCurrentWidget(m_window->findChild<QWidget *>(u"serverPage"_s));
    QVERIFY(note() && retry());
    QVERIFY(!note()->isVisible()); // nothing to say before the engine runs
    apps().setTiming(fastTiming());
    m_window->startEngineAtLaunch();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);
}

void TestGaveUpApps::cleanupTestCase()
{
    m_window.reset(); // stops the engine and its apps
    m_folder.reset();
}

int TestGaveUpApps::gaveUpLines() const
{
    // The app log where the supervisor writes it (AppLog::pathFor, beside the site's logs).
    QFile log(apps().app(u"crash.test"_s)->spec().logPath);
    if (!log.open(QIODevice::ReadOnly))
        return -1;
    return int(log.readAll().count("gave up after 5 failed starts"));
}

void TestGaveUpApps::gaveUpAppIsShownOnTheServerPage()
{
    QTRY_VERIFY_WITH_TIMEOUT(note()->isVisible(), kTimeoutMs);
    QCOMPARE(apps().app(u"crash.test"_s)->state(), State::GaveUp);
    const QString text = note()->text();
    QVERIFY2(text.contains(u"crash.test"_s), qPrintable(text));
    QVERIFY2(text.contains(u"crash.test (sh)"_s), qPrintable(text)); // the app's program
    const QString tip = note()->toolTip(); // its command line whole
    QVERIFY2(tip.contains(u"crash.test: "_s + m_command) && tip.contains(u"Logs page"_s), qPrintable(tip));
    QVERIFY2(text.contains(u"exited with code 3"_s), qPrintable(text)); // its last exit status
    QVERIFY2(text.contains(u"5 failed starts"_s), qPrintable(text));
    QVERIFY2(!text.contains(u"fine.test"_s), qPrintable(text)); // its app runs
    QCOMPARE(apps().app(u"fine.test"_s)->state(), State::Running);
    QVERIFY(retry()->isVisible() && retry()->isEnabled());
    // The note and its button inside the page at 1024x700, and no field of
    // the page squeezed below its height for them.
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QApplication::processEvents();
    QWidget *page = m_window->findChild<QWidget *>(u"serverPage"_s);
    for (QWidget *widget : { static_cast<QWidget *>(note()), static_cast<QWidget *>(retry()) }) {
        const QRect rect(widget->mapTo(page, QPoint(0, 0)), widget->size());
        QVERIFY2(page->rect().contains(rect), qPrintable(widget->objectName()));
    }
    QVERIFY2(note()->heightForWidth(note()->width()) <= note()->height(), qPrintable(note()->text()));
    for (QWidget *field : page->findChildren<QWidget *>()) {
        if (field->isVisible() && field->objectName().startsWith(u"server"_s)
            && !qobject_cast<QLabel *>(field) && field->objectName() != u"serverAppsGaveUp"_s)
            QVERIFY2(field->height() >= field->minimumSizeHint().height(), qPrintable(field->objectName()));
    }
    QVERIFY(test::Screenshots::save(m_window.get(), u"server-page-app-gave-up"_s));
}

void TestGaveUpApps::retryStartsItAgain()
{
    QTRY_VERIFY_WITH_TIMEOUT(note()->isVisible(), kTimeoutMs);
    QCOMPARE(gaveUpLines(), 1);
    QTest::mouseClick(retry(), Qt::LeftButton);
    // Started again at once: the note goes.
    QVERIFY(apps().app(u"crash.test"_s)->state() != State::GaveUp);
    QVERIFY(!note()->isVisible());
    // The cause is still there: it gives up again, after five more starts, and says so again.
    QTRY_VERIFY_WITH_TIMEOUT(note()->isVisible(), kTimeoutMs);
    QCOMPARE(apps().app(u"crash.test"_s)->state(), State::GaveUp);
    QCOMPARE(gaveUpLines(), 2);
}

void TestGaveUpApps::retryAfterTheFixLeavesItRunning()
{
    QTRY_VERIFY_WITH_TIMEOUT(note()->isVisible(), kTimeoutMs);
    QFile flag(m_flag);
    QVERIFY(flag.open(QIODevice::WriteOnly));
    flag.close();
    QTest::mouseClick(retry(), Qt::LeftButton);
    QVERIFY(!note()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(apps().app(u"crash.test"_s)->state() == State::Running, kTimeoutMs);
    QTest::qWait(500); // longer than the first backoffs: it stays up
    QCOMPARE(apps().app(u"crash.test"_s)->state(), State::Running);
    QVERIFY(!note()->isVisible());
}

void TestGaveUpApps::engineStopTakesTheNoteAway()
{
    QVERIFY(QFile::remove(m_flag));
    // The running app is killed: it exits with 3 from now on, and gives up again.
    const qint64 pid = apps().app(u"crash.test"_s)->pid();
    QVERIFY(pid > 0);
    QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
    QTRY_VERIFY_WITH_TIMEOUT(note()->isVisible(), kTimeoutMs);
    m_window->engine().stop();
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->engine().isRunning(), kTimeoutMs);
    QTRY_VERIFY(!note()->isVisible());
    QVERIFY(apps().sites().isEmpty());
}

QTEST_MAIN(TestGaveUpApps)
#include "tst_gaveupapps.moc"
