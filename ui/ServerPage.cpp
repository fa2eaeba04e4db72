#include "ui/ServerPage.h"

#include "storage/Database.h"
#include "tls/LocalCa.h"
#include "tls/TrustStores.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/PortConflictDialog.h"
#include "ui/Tint.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QHostAddress>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

ServerPage::ServerPage(
    storage::Database &database, AppSettings &settings, EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_settings(settings)
    , m_engine(engine)
{
    setupForm(this, m_engine);
    showStored();
    connectFields();
    updateState();
}

void ServerPage::showStored()
{
    showEngineSettings(m_database.serverConfig());
    m_autoStart->setChecked(m_settings.startEngineAtLaunch());
    m_keepInTray->setChecked(m_settings.keepInTray());
    m_controlEnabled->setChecked(m_settings.controlApiEnabled());
    m_controlPort->setValue(m_settings.controlApiPort());
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_settings.language())));
}

void ServerPage::showEngineSettings(const model::ServerConfig &config)
{
    m_address->setCurrentText(config.listenAddress);
    m_port->setValue(config.port);
    m_fallback->setChecked(config.portFallback);
    m_threads->setValue(config.threads);
    m_headerTimeout->setValue(config.headerTimeoutMs);
    m_keepAliveTimeout->setValue(config.keepAliveTimeoutMs);
    m_sendTimeout->setValue(config.sendTimeoutMs);
    m_maxConnections->setValue(config.maxConnectionsPerWorker);
    m_tlsEnabled->setChecked(config.tlsEnabled);
    m_tlsPort->setValue(config.tlsPort);
}

bool ServerPage::takeSettings(const model::ServerConfig &config, QString *error)
{
    showEngineSettings(config);
    if (m_database.saveServerConfig(ServerPage::config()))
        return true;
    *error = m_database.lastError();
    return false;
}

void ServerPage::connectFields()
{
    connect(m_address, &QComboBox::currentTextChanged, m_addressError,
        [this] { m_addressError->setMessage({}); });
    connect(m_start, &QPushButton::clicked, this, [this] { startEngine(); });
    connect(m_stop, &QPushButton::clicked, this, &ServerPage::stopEngine);
    connect(
        m_autoStart, &QCheckBox::toggled, this, [this](bool on) { m_settings.setStartEngineAtLaunch(on); });
    connect(m_keepInTray, &QCheckBox::toggled, this, [this](bool on) { m_settings.setKeepInTray(on); });
    connect(m_language, &QComboBox::currentIndexChanged, this,
        [this] { m_settings.setLanguage(m_language->currentData().toString()); });
    connect(m_controlEnabled, &QCheckBox::toggled, m_controlPort, &QWidget::setEnabled);
    connect(m_tlsEnabled, &QCheckBox::toggled, m_tlsPort, &QWidget::setEnabled);
    connect(m_trustCa, &QPushButton::clicked, this, &ServerPage::trustCa);
    connect(&m_engine, &EngineController::runningChanged, this, &ServerPage::updateState);
}

model::ServerConfig ServerPage::config() const
{
    model::ServerConfig config;
    config.listenAddress = m_address->currentText().trimmed();
    config.port = quint16(m_port->value());
    config.threads = m_threads->value();
    config.portFallback = m_fallback->isChecked();
    config.headerTimeoutMs = m_headerTimeout->value();
    config.keepAliveTimeoutMs = m_keepAliveTimeout->value();
    config.sendTimeoutMs = m_sendTimeout->value();
    config.maxConnectionsPerWorker = m_maxConnections->value();
    // HTTPS on the same address as HTTP.
    config.tlsEnabled = m_tlsEnabled->isChecked();
    config.tlsListenAddress = config.listenAddress;
    config.tlsPort = quint16(m_tlsPort->value());
    return config;
}

bool ServerPage::startEngine(StartBy by)
{
    // Its own port is taken by itself: no question to ask.
    if (m_engine.isRunning())
        return true;
    model::ServerConfig wanted = config();
    if (!checkAddress(wanted.listenAddress))
        return false;
    const QHostAddress address(wanted.listenAddress);
    const bool person = by == StartBy::Person;
    // Asked before the engine moves anywhere: the answer goes into the form,
    // so that the port stored, shown and served are one.
    // With "Use the next free port if taken" ticked nobody is asked: the
    // engine moves, the page and the status bar say so, and the port set
    // stays the one stored (never the fallback).
    bool asked = false;
    if (person && !wanted.portFallback && wanted.port != 0
        && PortConflictDialog::isTaken(address, wanted.port)) {
        asked = true;
        if (!askForPort(PortConflictDialog::Listener::Engine, wanted.listenAddress, m_port)) {
            showError(tr("Port %1 is in use by %2; the engine was not started.")
                          .arg(QString::number(wanted.port), PortConflictDialog::holderOf(wanted.port)));
            return false;
        }
        wanted.port = quint16(m_port->value());
    }
    const quint16 controlPort = quint16(m_controlPort->value());
    if (person && !wanted.portFallback && m_controlEnabled->isChecked() && controlPort != 0
        && m_engine.controlApiPort() != controlPort
        && PortConflictDialog::isTaken(QHostAddress(QHostAddress::LocalHost), controlPort)) {
        // Cancelled: the engine starts without it, as the page then says.
        askForPort(PortConflictDialog::Listener::ControlApi, u"127.0.0.1"_s, m_controlPort);
    }
    m_settings.setControlApiEnabled(m_controlEnabled->isChecked());
    m_settings.setControlApiPort(quint16(m_controlPort->value()));
    if (!m_database.saveServerConfig(wanted))
        showError(tr("The settings could not be saved: %1").arg(m_database.lastError()));
    // A person was asked: the engine never moves on its own then (a port
    // taken since the question fails, and says by whom).
    if (asked)
        wanted.portFallback = false;

    QString error;
    if (!m_engine.start(wanted, &error)) {
        showStartFailure(wanted, error);
        return false;
    }
    showError({});
    // Never another port without saying so, and by whom the asked one is held.
    QStringList notes;
    if (m_engine.servesAnotherPort())
        notes << tr("Port %1 is in use by %2, so the engine serves on port %3 instead.")
                     .arg(QString::number(wanted.port), PortConflictDialog::holderOf(wanted.port),
                         QString::number(m_engine.port()));
    // A site without a certificate of its own is served the default site's over HTTPS.
    for (const QString &warning : m_engine.tlsWarnings())
        notes << tr("HTTPS: %1").arg(warning);
    m_portNote->setMessage(notes.join(u'\n'));
    updateState();
    return true;
}

bool ServerPage::checkAddress(const QString &text)
{
    // QHostAddress also takes inet_aton's short forms ("127.1" for 127.0.0.1):
    // an IPv4 address is asked for in full, so that what is served is what
    // was meant.
    const QHostAddress address(text);
    if (address.isNull() || (address.protocol() == QAbstractSocket::IPv4Protocol && text.count(u'.') != 3)) {
        m_addressError->setMessage(tr("“%1” is not an IP address. Use 127.0.0.1 for this computer only, "
                                      "0.0.0.0 for every IPv4 interface.")
                                       .arg(text));
        m_address->setFocus();
        return false;
    }
    m_addressError->setMessage({});
    return true;
}

void ServerPage::showStartFailure(const model::ServerConfig &wanted, const QString &error)
{
    // Taken: say by whom, and what to do, rather than the engine's words.
    const bool taken
        = wanted.port != 0 && PortConflictDialog::isTaken(QHostAddress(wanted.listenAddress), wanted.port);
    if (taken && !wanted.portFallback)
        showError(tr("Port %1 is in use by %2. Start again to choose another port.")
                      .arg(QString::number(wanted.port), PortConflictDialog::holderOf(wanted.port)));
    else
        showError(tr("The engine did not start: %1").arg(error));
}

bool ServerPage::askForPort(PortConflictDialog::Listener listener, const QString &address, QSpinBox *field)
{
    PortConflictDialog dialog(listener, QHostAddress(address), quint16(field->value()), this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    field->setValue(dialog.chosenPort());
    return true;
}

void ServerPage::askAboutControlApiPort()
{
    const quint16 port = m_settings.controlApiPort();
    if (m_fallback->isChecked() || !m_engine.controlApiFailed() || !m_settings.controlApiEnabled()
        || port == 0 || !PortConflictDialog::isTaken(QHostAddress(QHostAddress::LocalHost), port))
        return;
    m_controlPort->setValue(port);
    if (!askForPort(PortConflictDialog::Listener::ControlApi, u"127.0.0.1"_s, m_controlPort))
        return;
    m_settings.setControlApiPort(quint16(m_controlPort->value()));
    m_engine.openControlApi();
    updateState();
}

QString ServerPage::errorText() const
{
    return m_error->text();
}

void ServerPage::stopEngine()
{
    m_engine.stop();
}

void ServerPage::showError(const QString &message)
{
    m_error->setMessage(message);
}

void ServerPage::trustCa()
{
    const QString dataFolder = QFileInfo(m_database.filePath()).absolutePath();
    if (m_database.filePath().isEmpty()) {
        showTrustReport(
            false, { tr("There is no data folder, so there is no certificate authority to trust.") });
        return;
    }
    m_trustCa->setEnabled(false);
    m_trustCa->setText(tr("Trusting…"));
    const tls::TrustStores::Scope scope = tls::TrustStores::scopeFromEnvironment();
    QPointer<ServerPage> page(this);
    // The worker thread's object is deleted by the GUI thread once it ends;
    // the report goes to the page only if the page is still there.
    QThread *thread = QThread::create([page, dataFolder, scope] {
        QStringList report;
        QString error;
        bool ok = false;
        if (const std::optional<tls::LocalCa> ca
            = tls::LocalCa::open(tls::LocalCa::folderIn(dataFolder), true, &error))
            ok = tls::TrustStores(*ca).trust(&report, scope);
        else
            report << error;
        QMetaObject::invokeMethod(
            qApp,
            [page, ok, report] {
                if (page)
                    page->showTrustReport(ok, report);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void ServerPage::showTrustReport(bool ok, const QStringList &report)
{
    m_trustCa->setEnabled(true);
    m_trustCa->setText(tr("T&rust the CA…"));
    auto *box = new QMessageBox(ok ? QMessageBox::Information : QMessageBox::Warning,
        tr("Trust Hostbench's certificate authority"),
        ok ? tr("Each trust store below says what was done. Restart the browser if it was open.")
           : tr("Not every trust store could be changed."),
        QMessageBox::Ok, this);
    box->setObjectName(u"serverTrustReport"_s);
    box->setInformativeText(report.join(u'\n'));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void ServerPage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The served URL's link in the new palette's colour.
    if (event->type() == QEvent::PaletteChange)
        Tint::takeLinkColour(m_status);
}

void ServerPage::updateState()
{
    const bool running = m_engine.isRunning();
    for (QWidget *field : std::initializer_list<QWidget *> { m_address, m_port, m_fallback, m_threads,
             m_headerTimeout, m_keepAliveTimeout, m_sendTimeout, m_maxConnections, m_tlsEnabled, m_tlsPort,
             m_controlEnabled, m_controlPort })
        field->setEnabled(!running);
    if (!running) {
        m_controlPort->setEnabled(m_controlEnabled->isChecked());
        m_tlsPort->setEnabled(m_tlsEnabled->isChecked());
    }
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    if (running) {
        const QString url = m_engine.url();
        const QString tlsUrl = m_engine.tlsUrl();
        if (tlsUrl.isEmpty())
            m_status->setText(
                tr("Serving <a href=\"%1\">%1</a> with %n worker thread(s).", nullptr, m_engine.threadCount())
                    .arg(url.toHtmlEscaped()));
        else
            m_status->setText(tr("Serving <a href=\"%1\">%1</a> and <a href=\"%2\">%2</a> with %n worker "
                                 "thread(s).",
                nullptr, m_engine.threadCount())
                                  .arg(url.toHtmlEscaped(), tlsUrl.toHtmlEscaped()));
    } else {
        m_status->setText(tr("The engine is stopped."));
    }
    // The control API lives with the window, engine running or not. When it
    // could not listen, not fatal, but the user asked for it: a warning, not
    // a status line.
    const bool controlFailed = m_engine.controlApiFailed();
    m_controlStatus->setText(controlFailed ? QString() : m_engine.controlApiStatus());
    m_controlStatus->setVisible(!m_controlStatus->text().isEmpty());
    m_controlWarning->setMessage(controlFailed ? m_engine.controlApiStatus() : QString());
    if (!running)
        m_portNote->setMessage({});
}

} // namespace hostbench::ui
