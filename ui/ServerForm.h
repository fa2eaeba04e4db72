#pragma once

#include <QCoreApplication>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QWidget;

namespace hostbench::ui {

class EngineController;
class ErrorNote;
class FieldError;
class GaveUpAppsNote;

/*
 * The Server page's form, apart from what it does (ServerPage): its widgets
 * with their object names, ranges and tips, and their layout. The Engine box:
 * listen address (with its FieldError), port, "next free port" fallback,
 * worker threads, the header, keep-alive and send timeouts (ms), connections
 * per worker, HTTPS's switch and port with "Trust the local CA" beside them,
 * the control API's switch and port, start at launch; Start and
 * Stop; the error, port and status notes, and the sites' apps that gave up
 * (GaveUpAppsNote, with Retry). The Window box: language (with its
 * note) and keep in tray. The Live Counters box (MetricsPanel) beside them.
 * setupForm() plays the part of a Designer form's setupUi(), as BenchmarkForm
 * does for the Benchmark page, and ServerPage inherits the pointers; the
 * values (the stored configuration and settings) are the page's to fill in.
 * The widgets are made in the order of the tab chain. The texts are
 * ServerPage's (translation context). GUI thread.
 */
class ServerForm
{
    Q_DECLARE_TR_FUNCTIONS(hostbench::ui::ServerPage)

public:
    // Makes the widgets as children of `page` and lays them out on it; the
    // live counters show `engine`'s figures.
    void setupForm(QWidget *page, EngineController &engine);

    QComboBox *m_address = nullptr; // editable: the usual addresses offered
    QSpinBox *m_port = nullptr; // 0: any free port
    QCheckBox *m_fallback = nullptr;
    QSpinBox *m_threads = nullptr; // 0: one per core
    QSpinBox *m_headerTimeout = nullptr; // ms
    QSpinBox *m_keepAliveTimeout = nullptr; // ms
    QSpinBox *m_sendTimeout = nullptr; // ms
    QSpinBox *m_maxConnections = nullptr; // per worker
    QCheckBox *m_autoStart = nullptr;
    QCheckBox *m_keepInTray = nullptr; // AppSettings::keepInTray(); disabled without a system tray
    QCheckBox *m_tlsEnabled = nullptr; // a second listener that speaks TLS (ServerConfig::tlsEnabled)
    QSpinBox *m_tlsPort = nullptr; // 0: any free port
    QPushButton *m_trustCa = nullptr; // makes the system store and the browsers trust the local CA
    QCheckBox *m_controlEnabled = nullptr;
    QSpinBox *m_controlPort = nullptr; // 0: any free port
    QComboBox *m_language = nullptr; // item data: a Translations::languages() code, "" for the system's
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_status = nullptr; // rich text: the served URL is a link
    QLabel *m_controlStatus = nullptr; // where the control API listens
    ErrorNote *m_controlWarning = nullptr; // the control API asked for could not listen
    ErrorNote *m_error = nullptr;
    ErrorNote *m_portNote = nullptr; // the port asked for was taken: by whom, and the one served
    FieldError *m_addressError = nullptr; // under the listen address
    GaveUpAppsNote *m_gaveUpApps = nullptr; // the sites' apps that gave up, with Retry

private:
    void makeWidgets(QWidget *page);
    void nameWidgets(QWidget *page);
    void setUpEngineFields();
    void setUpOtherFields(); // the control API's port, tray, language, the status lines
    QGroupBox *engineBox(QWidget *page);
    QGroupBox *windowBox(QWidget *page);
};

} // namespace hostbench::ui
