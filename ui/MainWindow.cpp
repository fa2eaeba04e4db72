#include "ui/MainWindow.h"

#include "export/ConfigWriter.h"

#include "storage/DataFolder.h"
#include "ui/AppIcon.h"
#include "ui/AppSettings.h"
#include "ui/BenchCharts.h"
#include "ui/BenchmarkPage.h"
#include "ui/DesktopOpener.h"
#include "ui/EngineController.h"
#include "ui/EngineStatusLine.h"
#include "ui/ExportDialog.h"
#include "ui/Format.h"
#include "ui/LogsPage.h"
#include "ui/RunsPage.h"
#include "ui/ServerPage.h"
#include "ui/ShootoutPage.h"
#include "ui/SitesPage.h"
#include "ui/TrayIcon.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QGuiApplication>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>
#include <QTabWidget>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

MainWindow::MainWindow(storage::DataFolder &folder, QWidget *parent)
    : QMainWindow(parent)
    , m_folder(folder)
    , m_settings(std::make_unique<AppSettings>(folder.database()))
    , m_engine(new EngineController(folder.database(), *m_settings, this))
    , m_tabs(new QTabWidget(this))
{
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("Hostbench"));
    setWindowIcon(AppIcon::icon());

    openControlApi();
    makePages();
    shareLatencyScale();
    setUpTabs();
    setCentralWidget(m_tabs);
    statusBar()->setObjectName(u"statusBar"_s);
    statusBar()->addWidget(new EngineStatusLine(*m_engine, statusBar()));
    createMenus();
    createTray();
    connectPages();

    if (!restoreGeometry(m_settings->windowGeometry()))
        resize(firstSize());
}

void MainWindow::openControlApi()
{
    m_engine->setLogsFolder(m_folder.logsPath());
    m_engine->setTokenFolder(m_folder.path());
    // The control API answers from the window's start, the engine stopped or
    // not; POST /api/engine/start starts it as the Server page's Start does.
    m_engine->setEngineStarter([this](QString *error) {
        // No one to ask at the window: the Server page's "next free port" decides.
        if (m_server->startEngine(ServerPage::StartBy::ControlApi))
            return true;
        *error = m_server->errorText();
        return false;
    });
    m_engine->setSettingsKeeper({ [this] { return m_server->config(); },
        [this](const model::ServerConfig &config, QString *error) {
            return m_server->takeSettings(config, error);
        } });
    m_engine->openControlApi();
}

void MainWindow::makePages()
{
    storage::Database &database = m_folder.database();
    m_sites = new SitesPage(database, *m_engine, m_tabs);
    m_server = new ServerPage(database, *m_settings, *m_engine, m_tabs);
    m_benchmark = new BenchmarkPage(database, *m_settings, *m_engine, m_tabs);
    m_runs = new RunsPage(database, m_tabs);
    m_logs = new LogsPage(database, m_folder.logsPath(), m_tabs);
    m_shootout = new ShootoutPage(database, m_tabs);
}

void MainWindow::shareLatencyScale()
{
    // The run charts' latency scale: one choice for the Benchmark and Runs pages, remembered.
    const QList<BenchCharts *> runCharts = findChildren<BenchCharts *>();
    for (BenchCharts *charts : runCharts) {
        charts->setLogScale(m_settings->latencyLogScale());
        connect(charts, &BenchCharts::logScaleToggled, this, [this, runCharts](bool on) {
            m_settings->setLatencyLogScale(on);
            for (BenchCharts *each : runCharts)
                each->setLogScale(on);
        });
    }
}

void MainWindow::setUpTabs()
{
    m_tabs->setObjectName(u"mainTabs"_s);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_sites, tr("Sites"));
    m_tabs->addTab(m_server, tr("Server"));
    m_tabs->addTab(m_benchmark, tr("Benchmark"));
    m_tabs->addTab(m_runs, tr("Runs"));
    m_tabs->addTab(m_logs, tr("Logs"));
    m_tabs->addTab(m_shootout, tr("Shootout"));
    m_tabs->setTabToolTip(0, tr("Virtual hosts: host names, document roots, routes"));
    m_tabs->setTabToolTip(1, tr("Where the engine listens; start and stop it"));
    m_tabs->setTabToolTip(2, tr("Load-test a URL"));
    m_tabs->setTabToolTip(3, tr("Stored benchmark runs"));
    m_tabs->setTabToolTip(4, tr("The access and error logs of every site, live"));
    m_tabs->setTabToolTip(5, tr("Hostbench beside nginx, lighttpd, h2o, Apache and Caddy on the same site"));
}

void MainWindow::createTray()
{
    // The status in the tray, and the window's way back when it is closed there.
    m_tray = new TrayIcon(*m_engine, *m_benchmark, this);
    connect(m_tray, &TrayIcon::startRequested, this, [this] {
        if (!m_server->startEngine()) {
            bringToFront();
            m_tabs->setCurrentWidget(m_server);
        }
    });
    connect(m_tray, &TrayIcon::stopRequested, m_server, &ServerPage::stopEngine);
    connect(m_tray, &TrayIcon::showWindowRequested, this, &MainWindow::bringToFront);
    connect(m_tray, &TrayIcon::quitRequested, this, &MainWindow::quit);
    m_tray->showIfAvailable();
}

void MainWindow::connectPages()
{
    connect(m_sites, &SitesPage::sitesChanged, m_benchmark, &BenchmarkPage::refreshTargets);
    connect(m_sites, &SitesPage::sitesChanged, m_logs, &LogsPage::refreshSites);
    connect(m_engine, &EngineController::sitesEditedRemotely, m_logs, &LogsPage::refreshSites);
    // A reload of sites changed outside the window (hostbench-cli reload) moves the logs too.
    connect(m_engine, &EngineController::sitesReloaded, m_logs, &LogsPage::refreshSites);
    connect(
        m_benchmark, &BenchmarkPage::runFinished, m_runs, [this](qint64 runId) { m_runs->refresh(runId); });
    connect(m_benchmark, &BenchmarkPage::runFinished, this, &MainWindow::notifyRunEnded);
    // A shootout's runs are stored runs too.
    connect(m_shootout, &ShootoutPage::finished, m_runs, [this] { m_runs->refresh(); });
    connect(m_shootout, &ShootoutPage::removed, m_runs, [this] { m_runs->refresh(); });
    // Runs through the control API (hostbench-cli, a script) show without Refresh.
    connect(m_engine, &EngineController::runsEditedRemotely, m_runs, [this] { m_runs->refresh(); });
    // The version of the PHP-FPM pool of the "auto" sites, once read, on the Sites page.
    connect(m_engine, &EngineController::phpChanged, m_sites, [this] {
        const QString version = m_engine->php().phpVersion();
        if (!version.isEmpty())
            m_sites->setPhpVersions({ { QStringLiteral("auto"), version } });
    });
}

QSize MainWindow::firstSize() const
{
    // 1180x760 where the screen has room, else the screen's free area (a
    // 1024x700 screen, or no window manager to fit the window to it).
    const QSize wanted(1180, 760);
    const QScreen *display = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!display)
        return wanted;
    // The frame around the window takes a little of the free area.
    const QSize frame = frameGeometry().size() - geometry().size();
    return wanted.boundedTo(display->availableGeometry().size() - frame).expandedTo(minimumSizeHint());
}

void MainWindow::notifyRunEnded()
{
    // The user is looking at the page: it shows the result itself.
    const bool seen = isVisible() && !isMinimized() && m_tabs->currentWidget() == m_benchmark;
    if (seen)
        return;
    const model::RunSummary &summary = m_benchmark->lastSummary();
    m_tray->notify(summary.interrupted ? tr("Benchmark stopped") : tr("Benchmark finished"),
        tr("%1 requests/s, p99 %2 (%3)")
            .arg(Format::rate(summary.requestsPerSecond), Format::milliseconds(summary.latencyP99Ms),
                m_benchmark->lastParameters().url));
}

MainWindow::~MainWindow()
{
    // The pages and the status line hold references to the engine and the
    // settings: they go first (a live benchmark is stopped and joined), then
    // the engine, then (as a member) the settings. The tray icon follows the
    // engine and the Benchmark page: it goes before them.
    delete m_tray;
    delete m_tabs;
    delete statusBar();
    delete m_engine;
}

void MainWindow::startEngineAtLaunch()
{
    // The control API opened with the window; its port may have been taken.
    m_server->askAboutControlApiPort();
    if (!m_settings->startEngineAtLaunch())
        return;
    // A failure, or a port other than the one set: the Server page says why.
    if (!m_server->startEngine() || m_engine->servesAnotherPort())
        m_tabs->setCurrentWidget(m_server);
}

void MainWindow::bringToFront()
{
    if (isMinimized())
        showNormal();
    else
        show();
    raise();
    activateWindow();
}

void MainWindow::quit()
{
    m_quitting = true;
    close();
    // A window already hidden in the tray closes no last window: quit anyway.
    QCoreApplication::quit();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_settings->setWindowGeometry(saveGeometry());
    if (!m_quitting && m_tray->isVisible() && m_settings->keepInTray()) {
        // The engine goes on serving; the tray icon brings the window back.
        event->ignore();
        hide();
        if (!m_settings->trayNoticeShown()) {
            m_tray->notify(tr("Hostbench is still running"),
                tr("The engine goes on serving. Click the icon to show the window, or quit from its menu. "
                   "On the Server page you can have the window quit instead."));
            m_settings->setTrayNoticeShown(true);
        }
        return;
    }
    QMainWindow::closeEvent(event);
}

// Each menu's texts carry its name as disambiguation ("File menu"), the
// titles "menu bar": the accelerators (&X) must differ within each of these
// groups only, which tst_translations checks in every language.
void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File", "menu bar"));
    QAction *openFolder = file->addAction(tr("Open &Data Folder", "File menu"));
    openFolder->setObjectName(u"actionOpenDataFolder"_s);
    openFolder->setToolTip(QDir::toNativeSeparators(m_folder.path()));
    connect(openFolder, &QAction::triggered, this,
        [this] { DesktopOpener::open(this, QUrl::fromLocalFile(m_folder.path())); });
    QMenu *exportMenu = file->addMenu(tr("&Export", "File menu"));
    exportMenu->setObjectName(u"menuExport"_s);
    for (const exporter::Server server : exporter::ConfigWriter::servers()) {
        const QString name = exporter::ConfigWriter::name(server);
        QAction *action = exportMenu->addAction(name + u"..."_s);
        action->setObjectName(u"actionExport_"_s + name);
        connect(action, &QAction::triggered, this, [this, server] { exportSites(server); });
    }
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit", "File menu"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &MainWindow::quit);

    QMenu *engine = menuBar()->addMenu(tr("&Engine", "menu bar"));
    QAction *start = engine->addAction(tr("&Start", "Engine menu"));
    start->setObjectName(u"actionStartEngine"_s);
    start->setShortcut(Qt::CTRL | Qt::Key_R);
    QAction *stop = engine->addAction(tr("S&top", "Engine menu"));
    stop->setObjectName(u"actionStopEngine"_s);
    stop->setShortcut(Qt::CTRL | Qt::Key_Period);
    connect(start, &QAction::triggered, m_server, [this] { m_server->startEngine(); });
    connect(stop, &QAction::triggered, m_server, &ServerPage::stopEngine);
    auto updateActions = [start, stop](bool running) {
        start->setEnabled(!running);
        stop->setEnabled(running);
    };
    connect(m_engine, &EngineController::runningChanged, this, updateActions);
    updateActions(m_engine->isRunning());

    QMenu *view = menuBar()->addMenu(tr("&View", "menu bar"));
    const QStringList pages
        = { tr("&Sites", "View menu"), tr("Se&rver", "View menu"), tr("&Benchmark", "View menu"),
              tr("R&uns", "View menu"), tr("&Logs", "View menu"), tr("S&hootout", "View menu") };
    for (int index = 0; index < pages.size(); ++index) {
        QAction *action = view->addAction(pages.at(index));
        action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + index)));
        connect(action, &QAction::triggered, this, [this, index] { m_tabs->setCurrentIndex(index); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help", "menu bar"));
    QAction *about = help->addAction(tr("&About Hostbench", "Help menu"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &MainWindow::showAbout);
    QAction *aboutQt = help->addAction(tr("About &Qt", "Help menu"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

ExportDialog *MainWindow::exportSites(exporter::Server server)
{
    model::ServerConfig config = m_folder.database().serverConfig();
    if (config.port == 0)
        config.port = 8080; // "any free port" is no place for another server
    // open(), not exec(): the engine's timers go on, and tests drive the dialog.
    auto *dialog = new ExportDialog(server, m_folder.database().virtualHosts(), config, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        statusBar()->showMessage(
            tr("Wrote %1. Start it with: %2")
                .arg(QDir::toNativeSeparators(dialog->writtenPath()), dialog->startCommand()),
            30'000);
    });
    dialog->open();
    return dialog;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Hostbench"),
        tr("<h3>Hostbench %1</h3>"
           "<p>A web server with name-based virtual hosts, a load generator in the spirit "
           "of ApacheBench and wrk, and this window to run both.</p>"
           "<p>Data folder: <code>%2</code></p>"
           "<p>Licence: GNU General Public License, version 3 or later "
           "(GPL-3.0-or-later). Hostbench comes with no warranty.</p>")
            .arg(QStringLiteral(HOSTBENCH_VERSION),
                QDir::toNativeSeparators(m_folder.path()).toHtmlEscaped()));
}

} // namespace hostbench::ui
