#include "ui/ServerPage.h"

#include "storage/Database.h"
#include "ui/AppSettings.h"
#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/MetricsPanel.h"
#include "ui/PortConflictDialog.h"
#include "ui/Tint.h"
#include "ui/Translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHostAddress>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

ServerPage::ServerPage(
    storage::Database &database, AppSettings &settings, EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_database(database)
    , m_settings(settings)
    , m_engine(engine)
    , m_address(new QComboBox(this))
    , m_port(new QSpinBox(this))
    , m_fallback(new QCheckBox(tr("Use the next free port if taken"), this))
    , m_threads(new QSpinBox(this))
    , m_headerTimeout(new QSpinBox(this))
    , m_keepAliveTimeout(new QSpinBox(this))
    , m_sendTimeout(new QSpinBox(this))
    , m_maxConnections(new QSpinBox(this))
    , m_autoStart(new QCheckBox(tr("Start the engine at launch"), this))
    , m_keepInTray(new QCheckBox(tr("Keep running in the tray when closed"), this))
    , m_controlEnabled(new QCheckBox(tr("Control API on 127.0.0.1, port"), this))
    , m_controlPort(new QSpinBox(this))
    , m_language(new QComboBox(this))
    , m_start(new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Start"), this))
    , m_stop(new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("S&top"), this))
    , m_status(new QLabel(this))
    , m_controlStatus(new QLabel(this))
    , m_controlWarning(new ErrorNote(this, ErrorNote::Kind::Warning))
    , m_error(new ErrorNote(this))
    , m_portNote(new ErrorNote(this, ErrorNote::Kind::Warning))
    , m_addressError(new FieldError(m_address, this))
{
    setObjectName(u"serverPage"_s);
    m_address->setObjectName(u"serverAddress"_s);
    m_port->setObjectName(u"serverPort"_s);
    m_fallback->setObjectName(u"serverPortFallback"_s);
    m_threads->setObjectName(u"serverThreads"_s);
    m_autoStart->setObjectName(u"serverAutoStart"_s);
    m_keepInTray->setObjectName(u"serverKeepInTray"_s);
    m_controlEnabled->setObjectName(u"serverControlEnabled"_s);
    m_controlPort->setObjectName(u"serverControlPort"_s);
    m_language->setObjectName(u"serverLanguage"_s);
    m_start->setObjectName(u"serverStart"_s);
    m_stop->setObjectName(u"serverStop"_s);
    m_status->setObjectName(u"serverStatus"_s);
    m_controlStatus->setObjectName(u"serverControlStatus"_s);
    m_controlWarning->setObjectName(u"serverControlWarning"_s);
    m_error->setObjectName(u"serverError"_s);
    m_addressError->setObjectName(u"serverAddressError"_s);
    m_portNote->setObjectName(u"serverPortNote"_s);

    const model::ServerConfig stored = m_database.serverConfig();
    m_address->setEditable(true);
    m_address->addItems({ u"127.0.0.1"_s, u"::1"_s, u"0.0.0.0"_s, u"::"_s });
    m_address->setCurrentText(stored.listenAddress);
    m_address->setToolTip(tr("127.0.0.1 serves this computer only; 0.0.0.0 or :: serves the network too."));
    connect(m_address, &QComboBox::currentTextChanged, m_addressError,
        [this] { m_addressError->setMessage({}); });
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("Any free port"));
    m_port->setValue(stored.port);
    m_fallback->setChecked(stored.portFallback);
    // The label is short; the tool tip says when it applies.
    m_fallback->setToolTip(tr("If the port is taken, the engine and the control API move to the next free "
                              "port without asking and say so; the port set here stays as it is.")
        + u'\n' + tr("Untick it to be asked which port to use instead."));
    const int cores = QThread::idealThreadCount();
    m_threads->setRange(0, 256);
    m_threads->setSpecialValueText(tr("One per core (%1)").arg(cores));
    m_threads->setValue(stored.threads);
    const std::pair<QSpinBox *, int> timeouts[] = { { m_headerTimeout, stored.headerTimeoutMs },
        { m_keepAliveTimeout, stored.keepAliveTimeoutMs }, { m_sendTimeout, stored.sendTimeoutMs } };
    for (const auto &[box, value] : timeouts) {
        box->setRange(100, 3'600'000);
        box->setSingleStep(500);
        box->setSuffix(tr(" ms"));
        box->setGroupSeparatorShown(true);
        box->setValue(value);
    }
    m_headerTimeout->setObjectName(u"serverHeaderTimeout"_s);
    m_headerTimeout->setToolTip(tr("A request head must arrive within this time of its first byte."));
    m_keepAliveTimeout->setObjectName(u"serverKeepAliveTimeout"_s);
    m_keepAliveTimeout->setToolTip(tr("An idle kept-alive connection is closed after this time."));
    m_sendTimeout->setObjectName(u"serverSendTimeout"_s);
    m_sendTimeout->setToolTip(tr("A response the client stops reading is abandoned after this time."));
    m_maxConnections->setObjectName(u"serverMaxConnections"_s);
    m_maxConnections->setRange(1, 1'000'000);
    m_maxConnections->setGroupSeparatorShown(true);
    m_maxConnections->setValue(stored.maxConnectionsPerWorker);
    m_maxConnections->setToolTip(tr("Open connections per worker thread; more are answered 503."));
    m_autoStart->setChecked(m_settings.startEngineAtLaunch());
    m_keepInTray->setChecked(m_settings.keepInTray());
    m_keepInTray->setToolTip(tr("Keep running in the system tray when the window is closed"));
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        m_keepInTray->setEnabled(false);
        m_keepInTray->setToolTip(tr("This desktop has no system tray: closing the window quits Hostbench."));
    }
    m_controlEnabled->setChecked(m_settings.controlApiEnabled());
    m_controlPort->setRange(0, 65535);
    m_controlPort->setSpecialValueText(tr("Any free port"));
    // Never narrower than its longest text: the row's long check box squeezed
    // it to "An" at 1280 px.
    m_controlPort->setSizePolicy(QSizePolicy::Minimum, m_controlPort->sizePolicy().verticalPolicy());
    m_controlPort->setValue(m_settings.controlApiPort());
    m_controlPort->setToolTip(
        tr("GET /api/status (JSON) and GET /metrics (Prometheus) while the engine runs."));
    m_language->addItem(tr("System default"), QString());
    for (const Translations::Language &language : Translations::languages())
        m_language->addItem(language.nativeName, language.code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(m_settings.language())));

    for (QLabel *label : { m_status, m_controlStatus }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    }
    m_status->setOpenExternalLinks(true);
    // The error a framed, tinted note the user must read, not a status line;
    // served, but not where the form says, a warning, as for the control API.
    m_start->setDefault(true);

    auto *engineForm = new QFormLayout;
    engineForm->addRow(tr("Listen &address:"), FieldError::cell(m_address, m_addressError));
    engineForm->addRow(tr("&Port:"), m_port);
    engineForm->addRow(QString(), m_fallback);
    engineForm->addRow(tr("&Worker threads:"), m_threads);
    engineForm->addRow(tr("&Header timeout:"), m_headerTimeout);
    engineForm->addRow(tr("&Keep-alive timeout:"), m_keepAliveTimeout);
    engineForm->addRow(tr("S&end timeout:"), m_sendTimeout);
    engineForm->addRow(tr("&Connections per worker:"), m_maxConnections);
    auto *controlRow = new QHBoxLayout;
    controlRow->addWidget(m_controlEnabled);
    controlRow->addWidget(m_controlPort);
    controlRow->addStretch();
    // Rows of their own, from the labels' edge: the column stays narrow
    // enough for the charts beside it at 1024 px.
    engineForm->addRow(controlRow);
    engineForm->addRow(m_autoStart);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addStretch();

    auto *engineBox = new QGroupBox(tr("Engine"), this);
    auto *engineLayout = new QVBoxLayout(engineBox);
    engineLayout->addLayout(engineForm);
    engineLayout->addSpacing(6);
    engineLayout->addLayout(buttons);
    engineLayout->addWidget(m_error);
    engineLayout->addWidget(m_portNote);
    engineLayout->addWidget(m_status);
    engineLayout->addWidget(m_controlStatus);
    engineLayout->addWidget(m_controlWarning);
    engineLayout->addStretch();

    auto *languageNote = new QLabel(tr("Takes effect when Hostbench starts again."), this);
    languageNote->setObjectName(u"serverLanguageNote"_s);
    languageNote->setWordWrap(true);
    auto *windowBox = new QGroupBox(tr("Window"), this);
    auto *windowForm = new QFormLayout(windowBox);
    windowForm->addRow(tr("&Language:"), m_language);
    windowForm->addRow(QString(), languageNote);
    windowForm->addRow(m_keepInTray);

    auto *leftColumn = new QVBoxLayout;
    leftColumn->addWidget(engineBox, 1);
    leftColumn->addWidget(windowBox);

    auto *metricsBox = new QGroupBox(tr("Live Counters"), this);
    auto *metricsLayout = new QVBoxLayout(metricsBox);
    metricsLayout->addWidget(new MetricsPanel(m_engine, metricsBox));

    auto *layout = new QHBoxLayout(this);
    // The settings at their width, the rest to the charts.
    layout->addLayout(leftColumn);
    layout->addWidget(metricsBox, 1);

    connect(m_start, &QPushButton::clicked, this, [this] { startEngine(); });
    connect(m_stop, &QPushButton::clicked, this, &ServerPage::stopEngine);
    connect(
        m_autoStart, &QCheckBox::toggled, this, [this](bool on) { m_settings.setStartEngineAtLaunch(on); });
    connect(m_keepInTray, &QCheckBox::toggled, this, [this](bool on) { m_settings.setKeepInTray(on); });
    connect(m_language, &QComboBox::currentIndexChanged, this,
        [this] { m_settings.setLanguage(m_language->currentData().toString()); });
    connect(m_controlEnabled, &QCheckBox::toggled, m_controlPort, &QWidget::setEnabled);
    connect(&m_engine, &EngineController::runningChanged, this, &ServerPage::updateState);
    updateState();
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
    return config;
}

bool ServerPage::startEngine(StartBy by)
{
    // Its own port is taken by itself: no question to ask.
    if (m_engine.isRunning())
        return true;
    model::ServerConfig wanted = config();
    // QHostAddress also takes inet_aton's short forms ("127.1" for 127.0.0.1):
    // an IPv4 address is asked for in full, so that what is served is what
    // was meant.
    const QHostAddress address(wanted.listenAddress);
    if (address.isNull()
        || (address.protocol() == QAbstractSocket::IPv4Protocol && wanted.listenAddress.count(u'.') != 3)) {
        m_addressError->setMessage(tr("“%1” is not an IP address. Use 127.0.0.1 for this computer only, "
                                      "0.0.0.0 for every IPv4 interface.")
                                       .arg(wanted.listenAddress));
        m_address->setFocus();
        return false;
    }
    m_addressError->setMessage({});
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
        // Taken: say by whom, and what to do, rather than the engine's words.
        const bool taken = wanted.port != 0
            && PortConflictDialog::isTaken(QHostAddress(wanted.listenAddress), wanted.port);
        if (taken && !wanted.portFallback)
            showError(tr("Port %1 is in use by %2. Start again to choose another port.")
                          .arg(QString::number(wanted.port), PortConflictDialog::holderOf(wanted.port)));
        else
            showError(tr("The engine did not start: %1").arg(error));
        return false;
    }
    showError({});
    // Never another port without saying so, and by whom the asked one is held.
    if (m_engine.servesAnotherPort())
        m_portNote->setMessage(
            tr("Port %1 is in use by %2, so the engine serves on port %3 instead.")
                .arg(QString::number(wanted.port), PortConflictDialog::holderOf(wanted.port),
                    QString::number(m_engine.port())));
    else
        m_portNote->setMessage({});
    updateState();
    return true;
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
    for (QWidget *field :
        std::initializer_list<QWidget *> { m_address, m_port, m_fallback, m_threads, m_headerTimeout,
            m_keepAliveTimeout, m_sendTimeout, m_maxConnections, m_controlEnabled, m_controlPort })
        field->setEnabled(!running);
    if (!running)
        m_controlPort->setEnabled(m_controlEnabled->isChecked());
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    if (running) {
        const QString url = m_engine.url();
        m_status->setText(
            tr("Serving <a href=\"%1\">%1</a> with %n worker thread(s).", nullptr, m_engine.threadCount())
                .arg(url.toHtmlEscaped()));
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
