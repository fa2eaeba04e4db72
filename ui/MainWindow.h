#pragma once

#include "export/ExportOptions.h"

#include <QMainWindow>

#include <memory>

class QTabWidget;

namespace hostbench::storage {
class DataFolder;
}

namespace hostbench::ui {

class AppSettings;
class BenchmarkPage;
class EngineController;
class ExportDialog;
class LogsPage;
class RunsPage;
class ServerPage;
class ShootoutPage;
class SitesPage;
class TrayIcon;

/*
 * Hostbench's main window: the pages Sites, Server, Benchmark, Runs, Logs and Shootout in
 * tabs, the engine's URL, request rate and open connections in the status
 * bar, and menus for the data folder, the engine and About. Owns the engine
 * (EngineController) and the settings; the data folder is the caller's and
 * must outlive the window. GUI thread.
 */
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(storage::DataFolder &folder, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Starts the engine if the setting "Start the engine at launch" is on
    // (the default); a failure, or a port other than the one set (taken by
    // another program), shows on the Server page.
    void startEngineAtLaunch();

    EngineController &engine() const { return *m_engine; }
    // Shows the window, restored and raised: a second start on the same
    // data folder asks for it (sys::InstanceLock).
    void bringToFront();
    // Quits Hostbench, also from the tray (closing the window may only hide it).
    void quit();
    TrayIcon *trayIcon() const { return m_tray; }
    // File > Export > SERVER: opens the export dialog (window-modal, deleted
    // when closed) on the stored sites and server settings.
    ExportDialog *exportSites(exporter::Server server);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    // The engine's folders and its starter for the control API, which opens at once.
    void openControlApi();
    void makePages();
    // The Benchmark and Runs pages' charts share one latency scale, stored.
    void shareLatencyScale();
    void setUpTabs();
    void createTray();
    // What one page does that another shows (sites, runs, logs).
    void connectPages();
    // The size of a first start (nothing stored): within the screen.
    QSize firstSize() const;
    void createMenus();
    // A run that ends out of sight (window hidden or minimised, another
    // page showing) is told through the tray: its requests/s and p99.
    void notifyRunEnded();
    void showAbout();

    storage::DataFolder &m_folder;
    std::unique_ptr<AppSettings> m_settings;
    EngineController *m_engine = nullptr;
    QTabWidget *m_tabs = nullptr;
    SitesPage *m_sites = nullptr;
    ServerPage *m_server = nullptr;
    BenchmarkPage *m_benchmark = nullptr;
    RunsPage *m_runs = nullptr;
    LogsPage *m_logs = nullptr;
    ShootoutPage *m_shootout = nullptr;
    TrayIcon *m_tray = nullptr;
    bool m_quitting = false;
};

} // namespace hostbench::ui
