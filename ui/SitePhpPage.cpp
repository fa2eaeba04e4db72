#include "ui/SitePhpPage.h"

#include "ui/ErrorNote.h"
#include "ui/FieldError.h"
#include "ui/WheelGuard.h"

#include <QCheckBox>
#include <QCollator>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// Wider than PhpCheck's range, so that a value out of it is typed, and
// named by its message, rather than silently clamped.
constexpr int kMaxTimeoutFieldMs = 24 * 3600 * 1000;

enum class PhpField { Address, Prefix, Timeout };

// The field that PhpCheck::check's one message is about: its checks in
// their order, each with the fields before it.
PhpField phpErrorField(const model::PhpSettings &php)
{
    model::PhpSettings probe;
    probe.address = php.address;
    if (!php.isSet() || !model::PhpCheck::check(probe).isEmpty())
        return PhpField::Address;
    probe.pathPrefix = php.pathPrefix;
    if (!model::PhpCheck::check(probe).isEmpty())
        return PhpField::Prefix;
    return PhpField::Timeout;
}

// The installed PHP-FPM pools' sockets (Debian's /run/php/php8.2-fpm.sock).
QStringList runningPoolSockets()
{
    QStringList addresses;
    const QDir run(u"/run/php"_s);
    for (const QFileInfo &socket : run.entryInfoList({ u"*.sock"_s }, QDir::System, QDir::Name))
        addresses.append(u"unix:"_s + socket.absoluteFilePath());
    return addresses;
}

} // namespace

SitePhpPage::SitePhpPage(const model::VirtualHost &host, QWidget *parent)
    : QWidget(parent)
    , m_address(new QComboBox(this))
    , m_prefix(new QLineEdit(host.php.pathPrefix, this))
    , m_frontController(new QCheckBox(
          tr("&Front controller (send missing files to index.php, as Laravel and WordPress)"), this))
    , m_timeout(new QSpinBox(this))
    , m_note(new QLabel(this))
    , m_missing(new ErrorNote(this, ErrorNote::Kind::Warning))
    , m_phpFpm(findPhpFpm())
{
    setObjectName(u"sitePhpPage"_s);
    setUpFields(host);
    makeFieldErrors();
    buildLayout();
    updateNote();
    WheelGuard::guard(this);

    connect(m_address, &QComboBox::currentTextChanged, this, [this] {
        updateNote();
        emit changed();
    });
    connect(m_prefix, &QLineEdit::textChanged, this, &SitePhpPage::changed);
    connect(m_frontController, &QCheckBox::toggled, this, &SitePhpPage::changed);
    connect(m_timeout, &QSpinBox::valueChanged, this, &SitePhpPage::changed);
}

void SitePhpPage::setUpFields(const model::VirtualHost &host)
{
    m_address->setObjectName(u"sitePhpAddress"_s);
    m_prefix->setObjectName(u"sitePhpPrefix"_s);
    m_frontController->setObjectName(u"sitePhpFrontController"_s);
    m_timeout->setObjectName(u"sitePhpTimeout"_s);
    m_note->setObjectName(u"sitePhpNote"_s);
    m_missing->setObjectName(u"sitePhpFpmMissing"_s);

    m_address->setEditable(true);
    // As wide as the form, as the line edits: a socket path is long.
    m_address->setSizePolicy(QSizePolicy::Expanding, m_address->sizePolicy().verticalPolicy());
    m_address->setInsertPolicy(QComboBox::NoInsert);
    m_address->addItem(u"auto"_s);
    m_address->addItems(runningPoolSockets());
    m_address->setCurrentText(host.php.isSet() ? host.php.address.trimmed() : u"auto"_s);
    m_address->lineEdit()->setPlaceholderText(tr("unix:/path.sock or HOST:PORT"));
    m_address->lineEdit()->setClearButtonEnabled(true);
    m_address->setToolTip(tr("auto: a PHP-FPM pool that Hostbench starts and stops for its data folder. "
                             "Else where a PHP-FPM pool listens: unix:/run/php/php8.2-fpm.sock or "
                             "127.0.0.1:9000."));
    m_prefix->setPlaceholderText(tr("/ (the whole site)"));
    m_prefix->setToolTip(tr("Only requests under this path run PHP; the others are files."));
    m_frontController->setChecked(host.php.frontController);
    m_frontController->setToolTip(
        tr("A request for a file that does not exist goes to index.php under the path, with its query "
           "(nginx's try_files $uri $uri/ /index.php?$query_string)."));
    m_timeout->setRange(0, kMaxTimeoutFieldMs);
    m_timeout->setValue(std::clamp(host.php.timeoutMs, 0, kMaxTimeoutFieldMs));
    m_timeout->setSuffix(tr(" ms"));
    m_timeout->setGroupSeparatorShown(true);
    m_timeout->setSingleStep(1000);
    m_timeout->setToolTip(tr("How long the engine waits for PHP-FPM (to connect, for the response head, "
                             "for each read of the body) before it answers 504 and aborts the script."));
    m_note->setWordWrap(true);
    m_note->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    for (QLabel *note : { m_note, static_cast<QLabel *>(m_missing) })
        note->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void SitePhpPage::makeFieldErrors()
{
    m_addressError = new FieldError(m_address, this);
    m_addressError->setObjectName(u"sitePhpAddressError"_s);
    m_prefixError = new FieldError(m_prefix, this);
    m_prefixError->setObjectName(u"sitePhpPrefixError"_s);
    m_timeoutError = new FieldError(m_timeout, this);
    m_timeoutError->setObjectName(u"sitePhpTimeoutError"_s);
}

void SitePhpPage::buildLayout()
{
    auto *intro = new QLabel(tr("<b>PHP</b> files (*.php, and index.php for a folder) run in PHP-FPM over "
                                "FastCGI; the other files are sent as they are, a PHP file never as text."),
        this);
    intro->setWordWrap(true);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    // The notes in the address's cell, under its error: the cell's layout gives
    // them their height for the form's width.
    QWidget *addressCell = FieldError::cell(m_address, m_addressError);
    addressCell->layout()->addWidget(m_note);
    addressCell->layout()->addWidget(m_missing);
    form->addRow(tr("PHP-FPM &address:"), addressCell);
    form->addRow(tr("Path p&refix:"), FieldError::cell(m_prefix, m_prefixError));
    form->addRow(QString(), m_frontController);
    form->addRow(tr("&Timeout:"), FieldError::cell(m_timeout, m_timeoutError));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addSpacing(6);
    layout->addLayout(form);
    layout->addStretch(1);
}

model::PhpSettings SitePhpPage::settings() const
{
    model::PhpSettings php;
    php.address = m_address->currentText().trimmed();
    php.pathPrefix = m_prefix->text().trimmed();
    php.frontController = m_frontController->isChecked();
    php.timeoutMs = m_timeout->value();
    return php;
}

bool SitePhpPage::showErrors(const QString &message, const model::PhpSettings &entered)
{
    QString shown = message;
    if (shown.isEmpty() && !entered.isSet())
        model::FastCgiAddress::parse(entered.address, &shown);
    const PhpField field = phpErrorField(entered);
    m_addressError->setMessage(field == PhpField::Address ? shown : QString());
    m_prefixError->setMessage(field == PhpField::Prefix ? shown : QString());
    m_timeoutError->setMessage(field == PhpField::Timeout ? shown : QString());
    return shown.isEmpty();
}

void SitePhpPage::clearErrors()
{
    for (FieldError *error : { m_addressError, m_prefixError, m_timeoutError })
        error->setMessage({});
}

QWidget *SitePhpPage::firstInvalidField() const
{
    const std::pair<FieldError *, QWidget *> fields[]
        = { { m_addressError, m_address }, { m_prefixError, m_prefix }, { m_timeoutError, m_timeout } };
    for (const auto &[error, field] : fields) {
        if (error->hasError())
            return field;
    }
    return nullptr;
}

void SitePhpPage::setPhpFpmProgram(const QString &program)
{
    m_phpFpm = program;
    updateNote();
}

void SitePhpPage::updateNote()
{
    QString error;
    const model::FastCgiAddress address = model::FastCgiAddress::parse(m_address->currentText(), &error);
    const bool automatic = address.kind == model::FastCgiAddress::Kind::Auto;
    if (automatic && m_phpFpm.isEmpty()) {
        m_note->clear();
        m_missing->setMessage(tr("No PHP-FPM is installed, so Hostbench cannot start its pool: install the "
                                 "Debian package %1 (sudo apt-get install %1), or give the address of a "
                                 "PHP-FPM that runs.")
                                  .arg(phpFpmPackage()));
    } else {
        m_missing->setMessage({});
        if (automatic)
            m_note->setText(tr("Hostbench runs its own PHP-FPM pool for this data folder with %1, started "
                               "and stopped with the engine.")
                                .arg(QDir::toNativeSeparators(m_phpFpm)));
        else if (address.kind != model::FastCgiAddress::Kind::Invalid)
            m_note->setText(tr("PHP-FPM must listen at %1; while it does not, PHP requests answer 502.")
                                .arg(address.display()));
        else
            m_note->clear();
    }
    m_note->setVisible(!m_note->text().isEmpty());
}

QString SitePhpPage::findPhpFpm()
{
    const QStringList folders { u"/usr/sbin"_s, u"/usr/local/sbin"_s };
    for (const QString &name : { u"php-fpm8.2"_s, u"php-fpm"_s }) {
        QString found = QStandardPaths::findExecutable(name);
        if (found.isEmpty())
            found = QStandardPaths::findExecutable(name, folders);
        if (!found.isEmpty())
            return found;
    }
    // Another version (php-fpm8.3, php-fpm7.4): the newest.
    QStringList others;
    for (const QString &folder : folders) {
        for (const QFileInfo &file :
            QDir(folder).entryInfoList({ u"php-fpm*"_s }, QDir::Files | QDir::Executable))
            others.append(file.absoluteFilePath());
    }
    QCollator collator;
    collator.setNumericMode(true);
    std::sort(others.begin(), others.end(),
        [&collator](const QString &a, const QString &b) { return collator.compare(a, b) > 0; });
    return others.value(0);
}

} // namespace hostbench::ui
