#include "ui/ServerForm.h"

#include "ui/EngineController.h"
#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/GaveUpAppsNote.h"
#include "ui/MetricsPanel.h"
#include "ui/Translations.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QThread>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

void ServerForm::setupForm(QWidget *page, EngineController &engine)
{
    makeWidgets(page);
    m_gaveUpApps = new GaveUpAppsNote(engine.apps(), page);
    nameWidgets(page);
    setUpEngineFields();
    setUpOtherFields();

    QGroupBox *engineGroup = engineBox(page);
    QGroupBox *windowGroup = windowBox(page);
    auto *leftColumn = new QVBoxLayout;
    leftColumn->addWidget(engineGroup, 1);
    leftColumn->addWidget(windowGroup);

    auto *metricsBox = new QGroupBox(tr("Live Counters"), page);
    auto *metricsLayout = new QVBoxLayout(metricsBox);
    metricsLayout->addWidget(new MetricsPanel(engine, metricsBox));

    auto *layout = new QHBoxLayout(page);
    // The settings at their width, the rest to the charts.
    layout->addLayout(leftColumn);
    layout->addWidget(metricsBox, 1);
}

void ServerForm::makeWidgets(QWidget *page)
{
    // In the order of the tab chain.
    m_address = new QComboBox(page);
    m_port = new QSpinBox(page);
    m_fallback = new QCheckBox(tr("Use the next free port if taken"), page);
    m_threads = new QSpinBox(page);
    m_headerTimeout = new QSpinBox(page);
    m_keepAliveTimeout = new QSpinBox(page);
    m_sendTimeout = new QSpinBox(page);
    m_maxConnections = new QSpinBox(page);
    m_tlsEnabled = new QCheckBox(tr("HTTPS on port"), page);
    m_tlsPort = new QSpinBox(page);
    m_trustCa = new QPushButton(tr("T&rust the CA…"), page);
    m_autoStart = new QCheckBox(tr("Start the engine at launch"), page);
    m_keepInTray = new QCheckBox(tr("Keep running in the tray when closed"), page);
    m_controlEnabled = new QCheckBox(tr("Control API on 127.0.0.1, port"), page);
    m_controlPort = new QSpinBox(page);
    m_language = new QComboBox(page);
    m_start = new QPushButton(page->style()->standardIcon(QStyle::SP_MediaPlay), tr("&Start"), page);
    m_stop = new QPushButton(page->style()->standardIcon(QStyle::SP_MediaStop), tr("S&top"), page);
    m_status = new QLabel(page);
    m_controlStatus = new QLabel(page);
    m_controlWarning = new ErrorNote(page, ErrorNote::Kind::Warning);
    m_error = new ErrorNote(page);
    m_portNote = new ErrorNote(page, ErrorNote::Kind::Warning);
    m_addressError = new FieldError(m_address, page);
}

void ServerForm::nameWidgets(QWidget *page)
{
    page->setObjectName(u"serverPage"_s);
    m_address->setObjectName(u"serverAddress"_s);
    m_port->setObjectName(u"serverPort"_s);
    m_fallback->setObjectName(u"serverPortFallback"_s);
    m_threads->setObjectName(u"serverThreads"_s);
    m_headerTimeout->setObjectName(u"serverHeaderTimeout"_s);
    m_keepAliveTimeout->setObjectName(u"serverKeepAliveTimeout"_s);
    m_sendTimeout->setObjectName(u"serverSendTimeout"_s);
    m_maxConnections->setObjectName(u"serverMaxConnections"_s);
    m_tlsEnabled->setObjectName(u"serverTlsEnabled"_s);
    m_tlsPort->setObjectName(u"serverTlsPort"_s);
    m_trustCa->setObjectName(u"serverTrustCa"_s);
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
}

void ServerForm::setUpEngineFields()
{
    m_address->setEditable(true);
    m_address->addItems({ u"127.0.0.1"_s, u"::1"_s, u"0.0.0.0"_s, u"::"_s });
    m_address->setToolTip(tr("127.0.0.1 serves this computer only; 0.0.0.0 or :: serves the network too."));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("Any free port"));
    // The label is short; the tool tip says when it applies.
    m_fallback->setToolTip(tr("If the port is taken, the engine and the control API move to the next free "
                              "port without asking and say so; the port set here stays as it is.")
        + u'\n' + tr("Untick it to be asked which port to use instead."));
    m_threads->setRange(0, model::ServerConfig::kMaxThreads);
    m_threads->setSpecialValueText(tr("One per core (%1)").arg(QThread::idealThreadCount()));
    for (QSpinBox *box : { m_headerTimeout, m_keepAliveTimeout, m_sendTimeout }) {
        box->setRange(model::ServerConfig::kMinTimeoutMs, model::ServerConfig::kMaxTimeoutMs);
        box->setSingleStep(500);
        box->setSuffix(tr(" ms"));
        box->setGroupSeparatorShown(true);
    }
    m_headerTimeout->setToolTip(tr("A request head must arrive within this time of its first byte."));
    m_keepAliveTimeout->setToolTip(tr("An idle kept-alive connection is closed after this time."));
    m_sendTimeout->setToolTip(tr("A response the client stops reading is abandoned after this time."));
    m_maxConnections->setRange(1, model::ServerConfig::kMaxConnectionsLimit);
    m_maxConnections->setGroupSeparatorShown(true);
    m_maxConnections->setToolTip(tr("Open connections per worker thread; more are answered 503."));
    m_tlsPort->setRange(0, 65535);
    m_tlsPort->setSpecialValueText(tr("Any free port"));
    m_tlsPort->setSizePolicy(QSizePolicy::Minimum, m_tlsPort->sizePolicy().verticalPolicy());
    m_tlsEnabled->setToolTip(tr("Serves every site over HTTPS too, on the listen address and this port, with "
                                "a certificate from Hostbench's own certificate authority."));
    m_trustCa->setToolTip(tr("Makes this computer's certificate store and the browsers' (Chromium, Firefox) "
                             "trust Hostbench's certificate authority, so that HTTPS pages open without a "
                             "warning. What cannot be done as this user is shown as commands to run."));
}

void ServerForm::setUpOtherFields()
{
    m_keepInTray->setToolTip(tr("Keep running in the system tray when the window is closed"));
    if (!QSystemTrayIcon::isSystemTrayAvailable()) {
        m_keepInTray->setEnabled(false);
        m_keepInTray->setToolTip(tr("This desktop has no system tray: closing the window quits Hostbench."));
    }
    m_controlPort->setRange(0, 65535);
    m_controlPort->setSpecialValueText(tr("Any free port"));
    // Never narrower than its longest text: the row's long check box squeezed
    // it to "An" at 1280 px.
    m_controlPort->setSizePolicy(QSizePolicy::Minimum, m_controlPort->sizePolicy().verticalPolicy());
    m_controlPort->setToolTip(
        tr("GET /api/status (JSON) and GET /metrics (Prometheus) while the engine runs."));
    m_language->addItem(tr("System default"), QString());
    for (const Translations::Language &language : Translations::languages())
        m_language->addItem(language.nativeName, language.code);

    for (QLabel *label : { m_status, m_controlStatus }) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    }
    m_status->setOpenExternalLinks(true);
    m_start->setDefault(true);
}

QGroupBox *ServerForm::engineBox(QWidget *page)
{
    auto *form = new QFormLayout;
    form->addRow(tr("Listen &address:"), FieldError::cell(m_address, m_addressError));
    form->addRow(tr("&Port:"), m_port);
    form->addRow(QString(), m_fallback);
    form->addRow(tr("&Worker threads:"), m_threads);
    form->addRow(tr("&Header timeout:"), m_headerTimeout);
    form->addRow(tr("&Keep-alive timeout:"), m_keepAliveTimeout);
    form->addRow(tr("S&end timeout:"), m_sendTimeout);
    form->addRow(tr("&Connections per worker:"), m_maxConnections);
    auto *controlRow = new QHBoxLayout;
    controlRow->addWidget(m_controlEnabled);
    controlRow->addWidget(m_controlPort);
    controlRow->addStretch();
    // Rows of their own, from the labels' edge: the column stays narrow
    // enough for the charts beside it at 1024 px.
    auto *tlsRow = new QHBoxLayout;
    tlsRow->addWidget(m_tlsEnabled);
    tlsRow->addWidget(m_tlsPort);
    tlsRow->addWidget(m_trustCa);
    tlsRow->addStretch();
    form->addRow(tlsRow);
    form->addRow(controlRow);

    // "Start at launch" beside the buttons, not in a row of its own: with the
    // HTTPS row the page stays within 700 px.
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_stop);
    buttons->addSpacing(12);
    buttons->addWidget(m_autoStart);
    buttons->addStretch();

    auto *box = new QGroupBox(tr("Engine"), page);
    auto *layout = new QVBoxLayout(box);
    layout->addLayout(form);
    layout->addSpacing(6);
    layout->addLayout(buttons);
    // The error a framed, tinted note the user must read, not a status line;
    // served, but not where the form says, a warning, as for the control API.
    layout->addWidget(m_error);
    layout->addWidget(m_portNote);
    layout->addWidget(m_status);
    layout->addWidget(m_controlStatus);
    layout->addWidget(m_controlWarning);
    layout->addWidget(m_gaveUpApps);
    layout->addStretch();
    return box;
}

QGroupBox *ServerForm::windowBox(QWidget *page)
{
    auto *languageNote = new QLabel(tr("Takes effect when Hostbench starts again."), page);
    languageNote->setObjectName(u"serverLanguageNote"_s);
    languageNote->setWordWrap(true);
    auto *box = new QGroupBox(tr("Window"), page);
    auto *form = new QFormLayout(box);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), languageNote);
    form->addRow(m_keepInTray);
    return box;
}

} // namespace hostbench::ui
