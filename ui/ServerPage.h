#pragma once

#include "model/ServerConfig.h"
#include "ui/PortConflictDialog.h"
#include "ui/ServerForm.h"

#include <QWidget>

class QSpinBox;

namespace hostbench::storage {
class Database;
}
namespace hostbench::ui {

class AppSettings;
class EngineController;

/*
 * The Server page: where the engine listens (address, port, fallback to the
 * next free port), its worker threads, timeouts (request head, keep-alive,
 * stalled send) and connection cap per worker, HTTPS (its port, and trusting
 * the local certificate authority), the control API's port, whether the
 * engine starts with the application; Start and Stop. A port taken when a
 * person starts the engine brings up a PortConflictDialog (who holds it,
 * the next free port or another); why a start failed in red under the
 * buttons, and, when the engine was started through the control API and
 * moved to the next free port, which port it left, held by whom, in a
 * warning note (ErrorNote, coloured from the palette); live
 * counters beside. Below the
 * engine, the window's language (stored at once, used from the next start)
 * and whether closing the window leaves Hostbench in the tray.
 * Starting stores the configuration (Database::saveServerConfig).
 * The widgets and their layout are the form's (ServerForm::setupForm).
 * GUI thread.
 */
class ServerPage final : public QWidget, private ServerForm
{
    Q_OBJECT

public:
    ServerPage(storage::Database &database, AppSettings &settings, EngineController &engine,
        QWidget *parent = nullptr);

    // Who started the engine: a person at the window (Start, the Engine
    // menu, the tray, the start at launch), who is asked when a port is
    // taken; or the control API, with no one to ask, where the form's
    // "next free port" setting decides and the page says what was done.
    enum class StartBy { Person, ControlApi };

    // The configuration in the form.
    model::ServerConfig config() const;
    // Puts the engine's part of `config` (listen address, ports, threads,
    // HTTPS, timeouts, the connection cap) in the form and stores it (the
    // control API's PUT /api/engine/settings); false with *error when the
    // database does not take it (the form shows it all the same).
    bool takeSettings(const model::ServerConfig &config, QString *error);
    // Starts the engine on the form's configuration; errors show on the page.
    // A person is asked (PortConflictDialog) when the engine's or the control
    // API's port is taken; the port chosen goes into the form and is stored.
    bool startEngine(StartBy by = StartBy::Person);
    // The control API could not listen because its port is taken: ask which
    // port to use instead (PortConflictDialog) and open it there. No-op otherwise.
    void askAboutControlApiPort();
    // The message the page shows after a failed start, or empty.
    QString errorText() const;
    void stopEngine();

protected:
    void changeEvent(QEvent *event) override;

private:
    // The port in `field` is taken: ask, and put the answer in the field.
    // False when the user cancels.
    bool askForPort(PortConflictDialog::Listener listener, const QString &address, QSpinBox *field);
    // The stored configuration and settings into the form.
    void showStored();
    void showEngineSettings(const model::ServerConfig &config);
    void connectFields();
    // False, with the reason under the field, when `text` is not an IP address written in full.
    bool checkAddress(const QString &text);
    // Why the engine did not start on `wanted`: by whom its port is held, or the engine's `error`.
    void showStartFailure(const model::ServerConfig &wanted, const QString &error);
    void updateState();
    void showError(const QString &message);
    // "Trust the CA": the data folder's local CA (made if need be) into the
    // trust stores (tls::TrustStores, HOSTBENCH_TRUST_STORES's scope), on a
    // thread of its own (it runs certutil and update-ca-certificates); the
    // report in a message box when done.
    void trustCa();
    void showTrustReport(bool ok, const QStringList &report);

    storage::Database &m_database;
    AppSettings &m_settings;
    EngineController &m_engine;
};

} // namespace hostbench::ui
