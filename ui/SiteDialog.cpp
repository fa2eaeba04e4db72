#include "ui/SiteDialog.h"

#include "model/SiteValidator.h"
#include "ui/ButtonTexts.h"
#include "ui/FieldError.h"
#include "ui/RoutesEditor.h"
#include "ui/SiteAdvancedPage.h"
#include "ui/SiteHttpsPage.h"
#include "ui/SitePhpPage.h"
#include "ui/SiteProxyPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

constexpr int kGeneralTab = 0;
constexpr int kProxyTab = 1;
constexpr int kPhpTab = 2;

QString normalizedOrRaw(const QString &name)
{
    QString error;
    const QString normalized = model::SiteValidator::normalizeHostName(name, &error);
    return normalized.isEmpty() ? name.trimmed().toLower() : normalized;
}

} // namespace

SiteDialog::SiteDialog(const model::VirtualHost &host, const QList<model::VirtualHost> &others,
    const QString &dataFolder, QWidget *parent)
    : QDialog(parent)
    , m_original(host)
    , m_others(others)
    , m_dataFolder(dataFolder)
    , m_hostName(new QLineEdit(host.hostName, this))
    , m_aliases(new QLineEdit(host.aliases.join(u", "_s), this))
    , m_documentRoot(new QLineEdit(QDir::toNativeSeparators(host.documentRoot), this))
    , m_browse(new QPushButton(tr("Browse…"), this))
    , m_default(new QCheckBox(tr("Default site: answers requests for unknown host names"), this))
    , m_serves(new QComboBox(this))
    , m_rootNote(new QLabel(this))
    , m_routes(new RoutesEditor(this))
    , m_proxy(new SiteProxyPage(host, this))
    , m_php(new SitePhpPage(host, this))
    , m_https(new SiteHttpsPage(host, this))
    , m_advanced(new SiteAdvancedPage(host, this))
    , m_tabs(new QTabWidget(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"siteDialog"_s);
    setWindowTitle(host.id == 0 ? tr("Add Site") : tr("Edit Site %1").arg(host.hostName));
    setUpFields();
    makeFieldErrors();
    showDefaultAndRoutes(host);

    m_tabs->addTab(generalTab(), tr("&General"));
    m_tabs->addTab(m_proxy, tr("Pro&xy"));
    m_tabs->addTab(m_php, tr("PH&P"));
    m_tabs->addTab(m_https, tr("H&TTPS"));
    m_tabs->addTab(m_advanced, tr("Ad&vanced"));
    // A PHP site shows its PHP, one with proxied paths or an app those; a new one serves files.
    if (host.php.isSet())
        setServes(Serves::Php);
    else
        setServes(host.proxy.routes.isEmpty() && !host.proxy.app.isSet() ? Serves::Files : Serves::Proxy);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_buttons);

    // A tab's warning icon no taller than its text: the tabs do not grow as errors come and go.
    const int iconSide = std::min(m_tabs->iconSize().height(), m_tabs->fontMetrics().height());
    m_tabs->setIconSize(QSize(iconSide, iconSide));
    connectFields();
    resize(640, 600);
}

void SiteDialog::setUpFields()
{
    m_hostName->setObjectName(u"siteHostName"_s);
    m_aliases->setObjectName(u"siteAliases"_s);
    m_documentRoot->setObjectName(u"siteDocumentRoot"_s);
    m_browse->setObjectName(u"siteBrowse"_s);
    m_default->setObjectName(u"siteDefault"_s);
    m_routes->setObjectName(u"siteRoutes"_s);
    m_serves->setObjectName(u"siteServes"_s);
    m_rootNote->setObjectName(u"siteDocumentRootNote"_s);
    m_serves->addItem(tr("Files"), int(Serves::Files));
    m_serves->addItem(tr("Proxy to an app"), int(Serves::Proxy));
    m_serves->addItem(tr("PHP"), int(Serves::Php));
    m_serves->setToolTip(tr("Files: the document root's files. Proxy to an app: the paths of the Proxy "
                            "tab go to an app server (the others are still files). PHP: the files, and "
                            "the PHP files run in PHP-FPM (the PHP tab)."));
    m_rootNote->setWordWrap(true);
    m_rootNote->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_buttons->setObjectName(u"siteButtons"_s);
    m_tabs->setObjectName(u"siteTabs"_s);
    ButtonTexts::translate(m_buttons);

    m_hostName->setPlaceholderText(tr("example.test"));
    m_aliases->setPlaceholderText(tr("www.example.test, example.local"));
    m_documentRoot->setPlaceholderText(tr("/srv/www/example"));
    m_hostName->setClearButtonEnabled(true);
    m_aliases->setClearButtonEnabled(true);
}

void SiteDialog::showDefaultAndRoutes(const model::VirtualHost &host)
{
    m_default->setChecked(host.isDefault);
    if (host.isDefault) {
        // There is always one default site: another one takes the flag over.
        m_default->setEnabled(false);
        m_default->setToolTip(tr("To change the default site, make another site the default."));
    }
    m_routes->setRoutes(host.routes);
}

void SiteDialog::makeFieldErrors()
{
    m_hostNameError = new FieldError(m_hostName, this);
    m_hostNameError->setObjectName(u"siteHostNameError"_s);
    m_aliasesError = new FieldError(m_aliases, this);
    m_aliasesError->setObjectName(u"siteAliasesError"_s);
    m_documentRootError = new FieldError(m_documentRoot, this);
    m_documentRootError->setObjectName(u"siteDocumentRootError"_s);
    m_routesError = new FieldError(m_routes->table(), this);
    m_routesError->setObjectName(u"siteRoutesError"_s);
}

QWidget *SiteDialog::generalTab()
{
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->addRow(tr("&Host name:"), FieldError::cell(m_hostName, m_hostNameError));
    form->addRow(tr("&Aliases:"), FieldError::cell(m_aliases, m_aliasesError));
    form->addRow(tr("&Serves:"), m_serves);
    form->addRow(tr("&Document root:"), FieldError::cell(m_documentRoot, m_documentRootError, m_browse));
    form->addRow(QString(), m_rootNote);
    form->addRow(QString(), m_default);

    auto *routesLabel = new QLabel(tr("<b>Routes</b> answer a path with a fixed response, "
                                      "before any file of the document root."),
        this);
    routesLabel->setWordWrap(true);

    auto *general = new QWidget(this);
    general->setObjectName(u"siteGeneral"_s);
    auto *generalLayout = new QVBoxLayout(general);
    generalLayout->addLayout(form);
    generalLayout->addSpacing(6);
    generalLayout->addWidget(routesLabel);
    generalLayout->addWidget(m_routes, 1);
    generalLayout->addWidget(m_routesError);
    return general;
}

void SiteDialog::connectFields()
{
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SiteDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SiteDialog::reject);
    connect(m_browse, &QPushButton::clicked, this, &SiteDialog::browseDocumentRoot);
    connect(m_documentRootError, &QLabel::linkActivated, this, &SiteDialog::createDocumentRoot);
    connect(m_hostName, &QLineEdit::textChanged, this, &SiteDialog::revalidate);
    connect(m_hostName, &QLineEdit::textChanged, m_advanced,
        [this](const QString &text) { m_advanced->setHostName(normalizedOrRaw(text)); });
    connect(m_aliases, &QLineEdit::textChanged, this, &SiteDialog::revalidate);
    connect(m_documentRoot, &QLineEdit::textChanged, this, &SiteDialog::revalidate);
    connect(m_routes, &RoutesEditor::changed, this, &SiteDialog::revalidate);
    connect(m_advanced, &SiteAdvancedPage::changed, this, &SiteDialog::revalidate);
    connect(m_proxy, &SiteProxyPage::changed, this, &SiteDialog::revalidate);
    connect(m_php, &SitePhpPage::changed, this, &SiteDialog::revalidate);
    connect(m_https, &SiteHttpsPage::changed, this, &SiteDialog::revalidate);
    connect(m_serves, &QComboBox::currentIndexChanged, this, [this] {
        // Picked by the user: a first path to start from.
        if (serves() == Serves::Proxy)
            m_proxy->proposeFirstRoute();
        servesChanged();
    });
}

model::VirtualHost SiteDialog::host() const
{
    model::VirtualHost host = m_original;
    host.hostName = normalizedOrRaw(m_hostName->text());
    host.aliases.clear();
    for (const QString &alias : model::SiteValidator::splitAliases(m_aliases->text()))
        host.aliases.append(normalizedOrRaw(alias));
    host.documentRoot = QDir::fromNativeSeparators(m_documentRoot->text().trimmed());
    // "/srv/www/" and "/srv/www" are the same folder; keep one spelling.
    if (host.documentRoot.size() > 1 && host.documentRoot.endsWith(u'/'))
        host.documentRoot.chop(1);
    host.isDefault = m_default->isChecked();
    host.routes = m_routes->routes();
    m_advanced->apply(host);
    const Serves chosen = serves();
    if (chosen == Serves::Files) {
        host.proxy.routes.clear();
        host.proxy.app = {};
    } else {
        m_proxy->apply(host);
    }
    if (chosen == Serves::Php)
        host.php = m_php->settings();
    else
        host.php.address.clear();
    host.tls = m_https->settings();
    return host;
}

bool SiteDialog::validate()
{
    const model::VirtualHost entered = host();
    const model::SiteValidator::Errors errors
        = model::SiteValidator::validate(entered, m_others, m_dataFolder);
    m_hostNameError->setMessage(errors.hostName);
    m_aliasesError->setMessage(errors.aliases);
    m_documentRootError->setMessage(errors.documentRoot);
    // A missing folder can be made on the spot.
    if (!errors.documentRoot.isEmpty() && QDir::isAbsolutePath(entered.documentRoot)
        && !QFileInfo::exists(entered.documentRoot)) {
        m_documentRootError->setTextFormat(Qt::RichText);
        m_documentRootError->setText(
            errors.documentRoot.toHtmlEscaped() + u" <a href=\"create\">"_s + tr("Create it") + u"</a>"_s);
    } else {
        m_documentRootError->setTextFormat(Qt::PlainText);
    }
    m_routesError->setMessage(errors.routes);
    m_routes->markRow(errors.routeRow);
    const bool proxyValid = m_proxy->showErrors(errors, entered);
    bool phpValid = true;
    if (serves() == Serves::Php)
        phpValid = m_php->showErrors(errors.php, entered.php);
    else
        m_php->clearErrors();
    const bool httpsValid = m_https->showErrors(errors);
    const bool advancedValid = m_advanced->validate();
    markTabs(!errors.hostName.isEmpty() || !errors.aliases.isEmpty() || !errors.documentRoot.isEmpty()
        || !errors.routes.isEmpty());
    return errors.isEmpty() && proxyValid && phpValid && httpsValid && advancedValid;
}

void SiteDialog::accept()
{
    m_triedOnce = true;
    if (!validate()) {
        // Take the user to the first field that needs work.
        const std::pair<FieldError *, QWidget *> fields[]
            = { { m_hostNameError, m_hostName }, { m_aliasesError, m_aliases },
                  { m_documentRootError, m_documentRoot }, { m_routesError, m_routes->table() } };
        for (const auto &[error, field] : fields) {
            if (error->hasError()) {
                m_tabs->setCurrentIndex(kGeneralTab);
                field->setFocus();
                return;
            }
        }
        const std::pair<QWidget *, QWidget *> pages[] = { { m_proxy, m_proxy->firstInvalidField() },
            { m_php, m_php->firstInvalidField() }, { m_https, m_https->firstInvalidField() },
            { m_advanced, m_advanced->firstInvalidField() } };
        for (const auto &[page, field] : pages) {
            if (field) {
                m_tabs->setCurrentWidget(page);
                field->setFocus();
                return;
            }
        }
        return;
    }
    QDialog::accept();
}

void SiteDialog::browseDocumentRoot()
{
    const QString start
        = QFileInfo::exists(m_documentRoot->text()) ? m_documentRoot->text() : QDir::homePath();
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Document Root"), start);
    if (!folder.isEmpty())
        m_documentRoot->setText(QDir::toNativeSeparators(folder));
}

void SiteDialog::createDocumentRoot()
{
    const QString path = host().documentRoot;
    if (!QDir().mkpath(path))
        m_documentRootError->setMessage(tr("The folder could not be created."));
    else
        revalidate();
}

void SiteDialog::revalidate()
{
    if (m_triedOnce)
        validate();
}

SiteDialog::Serves SiteDialog::serves() const
{
    return Serves(m_serves->currentData().toInt());
}

void SiteDialog::setServes(Serves serves)
{
    const QSignalBlocker quiet(m_serves); // not the user's pick: nothing proposed
    m_serves->setCurrentIndex(m_serves->findData(int(serves)));
    servesChanged();
}

void SiteDialog::setPhpFpmProgram(const QString &program)
{
    m_php->setPhpFpmProgram(program);
}

void SiteDialog::servesChanged()
{
    const Serves chosen = serves();
    const bool proxied = chosen != Serves::Files; // a PHP site may proxy paths too
    m_tabs->setTabEnabled(kProxyTab, proxied);
    m_tabs->setTabToolTip(
        kProxyTab, proxied ? QString() : tr("Choose “Proxy to an app” under Serves first."));
    m_tabs->setTabEnabled(kPhpTab, chosen == Serves::Php);
    m_tabs->setTabToolTip(
        kPhpTab, chosen == Serves::Php ? QString() : tr("Choose “PHP” under Serves first."));
    if (chosen == Serves::Php)
        m_rootNote->setText(tr("The site's files: its PHP files run in PHP-FPM, the others are sent from "
                               "this folder."));
    else if (proxied)
        m_rootNote->setText(tr("Still needed: the paths that are not proxied are served from this folder."));
    else
        m_rootNote->setText(tr("The site's files: each request is answered from this folder."));
    revalidate();
}

void SiteDialog::markTabs(bool generalHasError)
{
    const bool hasError[]
        = { generalHasError, m_proxy->firstInvalidField() != nullptr, m_php->firstInvalidField() != nullptr,
              m_https->firstInvalidField() != nullptr, m_advanced->firstInvalidField() != nullptr };
    for (int tab = 0; tab < m_tabs->count(); ++tab) {
        m_tabs->setTabIcon(
            tab, hasError[tab] ? style()->standardIcon(QStyle::SP_MessageBoxWarning) : QIcon());
    }
}

} // namespace hostbench::ui
