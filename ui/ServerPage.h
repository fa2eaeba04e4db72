#pragma once

#include "model/ServerConfig.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace hostbench::storage {
class Database;
}
namespace hostbench::sys {
class PortHolder;
}

namespace hostbench::ui {

class FieldError;

class AppSettings;
class EngineController;

/*
 * The Server page: where the engine listens (address, port, fallback to the
 * next free port), its worker threads, timeouts (request head, keep-alive,
 * stalled send) and connection cap per worker, the control API's port, whether the
 * engine starts with the application; Start and Stop; why a start failed
 * (port in use, and by which process) in red under the buttons, and, when
 * the engine moved to the next free port, which port it left, held by
 * whom (sys::PortHolder); live counters beside. Below the
 * engine, the window's language (stored at once, used from the next start)
 * and whether closing the window leaves Hostbench in the tray.
 * Starting stores the configuration (Database::saveServerConfig).
 * GUI thread.
 */
class ServerPage final : public QWidget
{
    Q_OBJECT

public:
    ServerPage(storage::Database &database, AppSettings &settings, EngineController &engine,
        QWidget *parent = nullptr);

    // The configuration in the form.
    model::ServerConfig config() const;
    // Starts the engine on the form's configuration; errors show on the page.
    bool startEngine();
    // The message the page shows after a failed start, or empty.
    QString errorText() const;
    void stopEngine();

private:
    // "nginx (PID 1234)", or what can be said when the holder cannot be seen.
    static QString holderText(const sys::PortHolder &holder);
    void updateState();
    void showError(const QString &message);

    storage::Database &m_database;
    AppSettings &m_settings;
    EngineController &m_engine;

    QComboBox *m_address = nullptr;
    QSpinBox *m_port = nullptr;
    QCheckBox *m_fallback = nullptr;
    QSpinBox *m_threads = nullptr;
    QSpinBox *m_headerTimeout = nullptr; // ms
    QSpinBox *m_keepAliveTimeout = nullptr; // ms
    QSpinBox *m_sendTimeout = nullptr; // ms
    QSpinBox *m_maxConnections = nullptr; // per worker
    QCheckBox *m_autoStart = nullptr;
    QCheckBox *m_keepInTray = nullptr; // AppSettings::keepInTray()
    QCheckBox *m_controlEnabled = nullptr;
    QSpinBox *m_controlPort = nullptr;
    QComboBox *m_language = nullptr; // item data: a Translations::languages() code, "" for the system's
    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_controlStatus = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_portNote = nullptr; // the port asked for was taken: by whom, and the one served
    FieldError *m_addressError = nullptr; // under the listen address
};

} // namespace hostbench::ui
