// The tray icon of a real window (offscreen, so without a system tray: the
// tests that need one show the QSystemTrayIcon themselves, as a desktop
// with a tray would let the window do): its colour and tooltip follow the
// engine and a benchmark run; Start/Stop, Show Window and Quit reach the
// window; closing the window leaves Hostbench serving in the tray, said
// once, unless the setting is off. The engine runs on 127.0.0.1 port 0.
// HOSTBENCH_SCREENSHOTS=DIR saves the menu and icon as DIR/tray-STATE.png (Screenshots.h).
#include "Screenshots.h"
#include "WindowTest.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"
#include "ui/TrayIcon.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSystemTrayIcon>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;

namespace {
constexpr int kTimeoutMs = 30000; // generous: the suite runs on two busy cores

// The colour at the centre of the state dot (lower right quarter) of the icon at 32 px.
QColor dotColor(const QIcon &icon)
{
    return icon.pixmap(32, 32).toImage().pixelColor(24, 24);
}
} // namespace

class TestTrayIcon final : public QObject, private test::WindowTest
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void stateFollowsEngineAndBenchmark();
    void showWindowAndQuitActions();
    void closingLeavesItInTrayOnce();
    void closingQuitsWithSettingOff();

private:
    ui::TrayIcon *tray() const { return m_window->trayIcon(); }
    // With HOSTBENCH_SCREENSHOTS set: the menu, open, beside the icon at 64 px.
    void saveScreenshot(const QString &state) const;
};

void TestTrayIcon::init()
{
    QApplication::setQuitOnLastWindowClosed(false);
    openFolder();
    openWindow();
    QVERIFY(tray());
}

void TestTrayIcon::cleanup()
{
    closeAll();
}

void TestTrayIcon::saveScreenshot(const QString &state) const
{
    if (!test::Screenshots::wanted())
        return;
    QMenu *menu = tray()->menu();
    menu->popup(QPoint(0, 0));
    QVERIFY(QTest::qWaitForWindowExposed(menu));
    const QPixmap menuPicture = menu->grab();
    menu->hide();
    const QPixmap iconPicture = tray()->systemTrayIcon()->icon().pixmap(64, 64);
    QPixmap picture(
        iconPicture.width() + 8 + menuPicture.width(), qMax(iconPicture.height(), menuPicture.height()));
    picture.fill(Qt::white);
    QPainter painter(&picture);
    painter.drawPixmap(0, 0, iconPicture);
    painter.drawPixmap(iconPicture.width() + 8, 0, menuPicture);
    painter.end();
    QVERIFY(test::Screenshots::save(picture, u"tray-%1"_s.arg(state)));
}

void TestTrayIcon::stateFollowsEngineAndBenchmark()
{
    QSystemTrayIcon *icon = tray()->systemTrayIcon();
    QCOMPARE(tray()->state(), ui::TrayIcon::State::Stopped);
    QVERIFY2(icon->toolTip().contains(u"stopped"_s), qPrintable(icon->toolTip()));
    QCOMPARE(dotColor(icon->icon()), ui::TrayIcon::color(ui::TrayIcon::State::Stopped));
    QCOMPARE(tray()->startStopAction()->text(), u"&Start the Engine"_s);

    tray()->startStopAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);
    QCOMPARE(tray()->state(), ui::TrayIcon::State::Serving);
    QVERIFY2(icon->toolTip().contains(m_window->engine().url()), qPrintable(icon->toolTip()));
    QCOMPARE(dotColor(icon->icon()), ui::TrayIcon::color(ui::TrayIcon::State::Serving));
    QCOMPARE(tray()->startStopAction()->text(), u"S&top the Engine"_s);
    saveScreenshot(u"serving"_s);

    // A one-second run against the engine: orange while it runs.
    auto *url = m_window->findChild<QComboBox *>(u"benchUrl"_s);
    auto *byDuration = m_window->findChild<QRadioButton *>(u"benchByDuration"_s);
    auto *duration = m_window->findChild<QSpinBox *>(u"benchDuration"_s);
    auto *start = m_window->findChild<QPushButton *>(u"benchStart"_s);
    QVERIFY(url && byDuration && duration && start);
    url->setCurrentText(m_window->engine().url());
    byDuration->setChecked(true);
    duration->setValue(1);
    start->click();
    QTRY_COMPARE_WITH_TIMEOUT(tray()->state(), ui::TrayIcon::State::Benchmarking, kTimeoutMs);
    QCOMPARE(dotColor(icon->icon()), ui::TrayIcon::color(ui::TrayIcon::State::Benchmarking));
    QVERIFY2(icon->toolTip().contains(u"benchmark"_s), qPrintable(icon->toolTip()));
    saveScreenshot(u"benchmarking"_s);
    QTRY_COMPARE_WITH_TIMEOUT(tray()->state(), ui::TrayIcon::State::Serving, kTimeoutMs);

    tray()->startStopAction()->trigger();
    QTRY_VERIFY(!m_window->engine().isRunning());
    QCOMPARE(tray()->state(), ui::TrayIcon::State::Stopped);
    QCOMPARE(dotColor(icon->icon()), ui::TrayIcon::color(ui::TrayIcon::State::Stopped));
    saveScreenshot(u"stopped"_s);
    // Three states, three colours.
    QVERIFY(ui::TrayIcon::color(ui::TrayIcon::State::Stopped)
        != ui::TrayIcon::color(ui::TrayIcon::State::Serving));
    QVERIFY(ui::TrayIcon::color(ui::TrayIcon::State::Serving)
        != ui::TrayIcon::color(ui::TrayIcon::State::Benchmarking));
}

void TestTrayIcon::showWindowAndQuitActions()
{
    QCOMPARE(tray()->systemTrayIcon()->contextMenu(), tray()->menu());
    const QList<QAction *> actions = tray()->menu()->actions();
    QVERIFY(actions.contains(tray()->startStopAction()));
    QVERIFY(actions.contains(tray()->showWindowAction()));
    QVERIFY(actions.contains(tray()->quitAction()));

    m_window->hide();
    tray()->showWindowAction()->trigger();
    QVERIFY(m_window->isVisible());

    // Quit asks the window to quit Hostbench; here only the request is
    // checked (quitting would end the test program).
    QObject::disconnect(tray(), &ui::TrayIcon::quitRequested, m_window.get(), nullptr);
    QSignalSpy quit(tray(), &ui::TrayIcon::quitRequested);
    tray()->quitAction()->trigger();
    QCOMPARE(quit.count(), 1);
}

void TestTrayIcon::closingLeavesItInTrayOnce()
{
    tray()->systemTrayIcon()->show(); // as on a desktop with a tray
    QVERIFY(tray()->isVisible());
    tray()->startStopAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(m_window->engine().isRunning(), kTimeoutMs);
    QVERIFY(ui::AppSettings(m_folder->database()).keepInTray()); // the default
    QSignalSpy notices(tray(), &ui::TrayIcon::notified);

    QVERIFY(!m_window->close()); // hidden, not closed
    QVERIFY(!m_window->isVisible());
    QVERIFY(m_window->engine().isRunning());
    QCOMPARE(notices.count(), 1);
    QVERIFY2(notices.at(0).at(1).toString().contains(u"goes on serving"_s),
        qPrintable(notices.at(0).at(1).toString()));
    QVERIFY(ui::AppSettings(m_folder->database()).trayNoticeShown());

    // Said once: the second time it goes to the tray without a word.
    m_window->bringToFront();
    QVERIFY(m_window->isVisible());
    QVERIFY(!m_window->close());
    QVERIFY(!m_window->isVisible());
    QCOMPARE(notices.count(), 1);
}

void TestTrayIcon::closingQuitsWithSettingOff()
{
    tray()->systemTrayIcon()->show();
    ui::AppSettings(m_folder->database()).setKeepInTray(false);
    QSignalSpy notices(tray(), &ui::TrayIcon::notified);
    QVERIFY(m_window->close());
    QVERIFY(!m_window->isVisible());
    QCOMPARE(notices.count(), 0);
}

QTEST_MAIN(TestTrayIcon)
#include "tst_trayicon.moc"
