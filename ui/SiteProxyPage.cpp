#include "ui/SiteProxyPage.h"

#include "model/ProxyRoute.h"
#include "ui/FieldError.h"
#include "ui/ProxyRoutesEditor.h"
#include "ui/WheelGuard.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// Wider than the rules (ProxyCheck), so that a value out of them is typed,
// and named by SiteValidator's message, rather than silently clamped.
constexpr int kMaxTimeoutFieldMs = 24 * 3600 * 1000;
constexpr int kMaxGraceFieldMs = 3600 * 1000;

QSpinBox *msSpinBox(QWidget *parent, const QString &name, int maximum, int value)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(0, maximum);
    box->setValue(std::clamp(value, 0, maximum));
    box->setSuffix(SiteProxyPage::tr(" ms"));
    box->setGroupSeparatorShown(true);
    box->setSingleStep(1000);
    return box;
}

// The field of the app that ProxyCheck::checkApp's one message is about:
// its checks in their order, each with the fields before it.
enum class AppField { Command, WorkingDir, Environment, StopGrace };

AppField appErrorField(const model::AppCommand &app)
{
    if (!app.isSet())
        return AppField::Command; // a folder or environment without a command
    model::AppCommand probe;
    probe.command = app.command;
    if (!model::ProxyCheck::checkApp(probe).isEmpty())
        return AppField::Command;
    probe.workingDir = app.workingDir;
    if (!model::ProxyCheck::checkApp(probe).isEmpty())
        return AppField::WorkingDir;
    probe.environment = app.environment;
    if (!model::ProxyCheck::checkApp(probe).isEmpty())
        return AppField::Environment;
    return AppField::StopGrace;
}

} // namespace

SiteProxyPage::SiteProxyPage(const model::VirtualHost &host, QWidget *parent)
    : QWidget(parent)
    , m_routes(new ProxyRoutesEditor(this))
    , m_sendUpstreamHost(new QCheckBox(tr("Send the upstream's own Host"), this))
    , m_timeout(msSpinBox(this, u"siteUpstreamTimeout"_s, kMaxTimeoutFieldMs, host.proxy.upstreamTimeoutMs))
    , m_command(new QLineEdit(host.proxy.app.command, this))
    , m_workingDir(new QLineEdit(QDir::toNativeSeparators(host.proxy.app.workingDir), this))
    , m_browse(new QPushButton(tr("Browse…"), this))
    , m_environment(new QPlainTextEdit(this))
    , m_stopGrace(msSpinBox(this, u"siteAppStopGrace"_s, kMaxGraceFieldMs, host.proxy.app.stopGraceMs))
{
    setObjectName(u"siteProxyPage"_s);
    setUpFields(host);
    makeFieldErrors();
    buildLayout();
    WheelGuard::guard(this);

    connect(m_routes, &ProxyRoutesEditor::changed, this, &SiteProxyPage::changed);
    connect(m_sendUpstreamHost, &QCheckBox::toggled, this, &SiteProxyPage::changed);
    connect(m_timeout, &QSpinBox::valueChanged, this, &SiteProxyPage::changed);
    connect(m_command, &QLineEdit::textChanged, this, &SiteProxyPage::changed);
    connect(m_workingDir, &QLineEdit::textChanged, this, &SiteProxyPage::changed);
    connect(m_environment, &QPlainTextEdit::textChanged, this, &SiteProxyPage::changed);
    connect(m_stopGrace, &QSpinBox::valueChanged, this, &SiteProxyPage::changed);
    connect(m_browse, &QPushButton::clicked, this, &SiteProxyPage::browseWorkingFolder);
}

void SiteProxyPage::setUpFields(const model::VirtualHost &host)
{
    m_routes->setObjectName(u"siteProxyRoutes"_s);
    m_sendUpstreamHost->setObjectName(u"siteSendUpstreamHost"_s);
    m_command->setObjectName(u"siteAppCommand"_s);
    m_workingDir->setObjectName(u"siteAppFolder"_s);
    m_browse->setObjectName(u"siteAppFolderBrowse"_s);
    m_environment->setObjectName(u"siteAppEnvironment"_s);

    m_routes->setRoutes(host.proxy.routes);
    m_sendUpstreamHost->setChecked(host.proxy.sendUpstreamHost);
    m_sendUpstreamHost->setToolTip(tr("Off: the upstream sees the Host the client sent, as nginx's "
                                      "proxy_set_header Host $host. On: HOST:PORT of the upstream URL."));
    m_timeout->setToolTip(tr("How long the engine waits for the app (to connect, for the response head, "
                             "for each read of the body) before it answers 504."));
    m_command->setPlaceholderText(tr("npm run dev (empty: start no app)"));
    m_command->setToolTip(tr("Started with the engine, without a shell: quotes group words, no pipes "
                             "or variables."));
    m_command->setClearButtonEnabled(true);
    m_workingDir->setPlaceholderText(tr("Empty: the document root"));
    m_environment->setPlaceholderText(tr("One NAME=value per line, e.g. PORT=3000"));
    m_environment->setPlainText(host.proxy.app.environment.join(u'\n'));
    m_environment->setTabChangesFocus(true);
    // About three lines: the page must fit the dialog's default size.
    m_environment->setFixedHeight(m_environment->fontMetrics().lineSpacing() * 3 + 12);
    m_stopGrace->setToolTip(tr("From SIGTERM to SIGKILL when the engine stops the app."));
}

void SiteProxyPage::makeFieldErrors()
{
    const std::pair<FieldError **, std::pair<QWidget *, QString>> errors[] = {
        { &m_routesError, { m_routes->table(), u"siteProxyRoutesError"_s } },
        { &m_timeoutError, { m_timeout, u"siteUpstreamTimeoutError"_s } },
        { &m_commandError, { m_command, u"siteAppCommandError"_s } },
        { &m_workingDirError, { m_workingDir, u"siteAppFolderError"_s } },
        { &m_environmentError, { m_environment, u"siteAppEnvironmentError"_s } },
        { &m_stopGraceError, { m_stopGrace, u"siteAppStopGraceError"_s } },
    };
    for (const auto &[error, field] : errors) {
        *error = new FieldError(field.first, this);
        (*error)->setObjectName(field.second);
    }
}

void SiteProxyPage::buildLayout()
{
    auto *routesLabel = new QLabel(tr("<b>Proxied paths</b> go to an app server (HTTP/1.1); the others are "
                                      "served from the document root."),
        this);
    routesLabel->setWordWrap(true);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->addRow(QString(), m_sendUpstreamHost);
    form->addRow(tr("Upstream &timeout:"), FieldError::cell(m_timeout, m_timeoutError));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(routesLabel);
    layout->addWidget(m_routes, 1);
    layout->addWidget(m_routesError);
    layout->addLayout(form);
    layout->addWidget(appBox());
}

QWidget *SiteProxyPage::appBox()
{
    auto *box = new QGroupBox(tr("App started with the engine"), this);
    box->setObjectName(u"siteAppBox"_s);
    auto *form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->addRow(tr("Co&mmand:"), FieldError::cell(m_command, m_commandError));
    form->addRow(tr("&Working folder:"), FieldError::cell(m_workingDir, m_workingDirError, m_browse));
    form->addRow(tr("E&nvironment:"), FieldError::cell(m_environment, m_environmentError));
    form->addRow(tr("Stop gra&ce:"), FieldError::cell(m_stopGrace, m_stopGraceError));
    return box;
}

QStringList SiteProxyPage::environment() const
{
    QStringList entries;
    for (QString line : m_environment->toPlainText().split(u'\n')) {
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (!line.trimmed().isEmpty())
            entries.append(line); // as typed: a value may end in blanks
    }
    return entries;
}

void SiteProxyPage::apply(model::VirtualHost &host) const
{
    host.proxy.routes = m_routes->routes();
    host.proxy.sendUpstreamHost = m_sendUpstreamHost->isChecked();
    host.proxy.upstreamTimeoutMs = m_timeout->value();
    host.proxy.app.command = m_command->text().trimmed();
    host.proxy.app.workingDir = QDir::fromNativeSeparators(m_workingDir->text().trimmed());
    host.proxy.app.environment = environment();
    host.proxy.app.stopGraceMs = m_stopGrace->value();
}

bool SiteProxyPage::showErrors(const model::SiteValidator::Errors &errors, const model::VirtualHost &entered)
{
    m_routesError->setMessage(errors.proxies);
    m_routes->markRow(errors.proxyRow);
    m_timeoutError->setMessage(errors.upstreamTimeout);
    const AppField appField = appErrorField(entered.proxy.app);
    const std::pair<FieldError *, AppField> appErrors[]
        = { { m_commandError, AppField::Command }, { m_workingDirError, AppField::WorkingDir },
              { m_environmentError, AppField::Environment }, { m_stopGraceError, AppField::StopGrace } };
    for (const auto &[error, field] : appErrors)
        error->setMessage(field == appField ? errors.app : QString());
    return firstInvalidField() == nullptr;
}

QWidget *SiteProxyPage::firstInvalidField() const
{
    const std::pair<FieldError *, QWidget *> fields[] = { { m_routesError, m_routes->table() },
        { m_timeoutError, m_timeout }, { m_commandError, m_command }, { m_workingDirError, m_workingDir },
        { m_environmentError, m_environment }, { m_stopGraceError, m_stopGrace } };
    for (const auto &[error, field] : fields) {
        if (error->hasError())
            return field;
    }
    return nullptr;
}

void SiteProxyPage::proposeFirstRoute()
{
    if (m_routes->routes().isEmpty()) {
        m_routes->setRoutes({ ProxyRoutesEditor::firstRoute() });
        emit changed();
    }
}

void SiteProxyPage::browseWorkingFolder()
{
    const QString typed = m_workingDir->text().trimmed();
    const QString start = QFileInfo::exists(typed) ? typed : QDir::homePath();
    const QString folder = QFileDialog::getExistingDirectory(this, tr("App's Working Folder"), start);
    if (!folder.isEmpty())
        m_workingDir->setText(QDir::toNativeSeparators(folder));
}

} // namespace hostbench::ui
