#include "ui/SiteHttpsPage.h"

#include "ui/FieldError.h"
#include "ui/WheelGuard.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

// Ten times SiteTls's range, so that a value beyond it is typed and named by
// the validator's message rather than silently clamped.
constexpr qint64 kMaxHstsField = 10 * model::SiteTls::kMaxHstsSeconds;

} // namespace

SiteHttpsPage::SiteHttpsPage(const model::VirtualHost &host, QWidget *parent)
    : QWidget(parent)
    , m_certificate(new QLineEdit(QDir::toNativeSeparators(host.tls.certificatePath), this))
    , m_key(new QLineEdit(QDir::toNativeSeparators(host.tls.keyPath), this))
    , m_browseCertificate(new QPushButton(tr("Browse…"), this))
    , m_browseKey(new QPushButton(tr("Browse…"), this))
    , m_redirect(new QCheckBox(tr("&Redirect http:// to https:// (308, the method kept)"), this))
    , m_hsts(new QSpinBox(this))
{
    setObjectName(u"siteHttpsPage"_s);
    m_certificate->setObjectName(u"siteTlsCertificate"_s);
    m_key->setObjectName(u"siteTlsKey"_s);
    m_browseCertificate->setObjectName(u"siteTlsBrowseCertificate"_s);
    m_browseKey->setObjectName(u"siteTlsBrowseKey"_s);
    m_redirect->setObjectName(u"siteTlsRedirect"_s);
    m_hsts->setObjectName(u"siteTlsHsts"_s);
    for (QLineEdit *field : { m_certificate, m_key }) {
        field->setPlaceholderText(tr("empty: from Hostbench's certificate authority"));
        field->setClearButtonEnabled(true);
    }
    m_certificate->setToolTip(tr("A PEM file with the site's certificate first, then its chain."));
    m_key->setToolTip(tr("The PEM file of the certificate's private key (unencrypted)."));
    m_redirect->setChecked(host.tls.redirectToHttps);
    m_redirect->setToolTip(tr("While the engine serves HTTPS, a request over http:// is answered "
                              "308 Permanent Redirect to the same path on the HTTPS port."));
    m_hsts->setRange(0, int(kMaxHstsField));
    m_hsts->setValue(int(std::clamp<qint64>(host.tls.hstsMaxAgeSeconds, 0, kMaxHstsField)));
    m_hsts->setSpecialValueText(tr("Off"));
    m_hsts->setSuffix(tr(" s"));
    m_hsts->setGroupSeparatorShown(true);
    m_hsts->setSingleStep(86400);
    m_hsts->setToolTip(tr("Strict-Transport-Security: browsers that saw it use only https:// for this "
                          "name until the max-age runs out (31,536,000 s is a year). Off for local sites "
                          "that may be served over http:// again."));
    m_certificateError = new FieldError(m_certificate, this);
    m_certificateError->setObjectName(u"siteTlsCertificateError"_s);
    m_keyError = new FieldError(m_key, this);
    m_keyError->setObjectName(u"siteTlsKeyError"_s);
    m_hstsError = new FieldError(m_hsts, this);
    m_hstsError->setObjectName(u"siteTlsHstsError"_s);
    buildLayout();
    WheelGuard::guard(this);

    connect(m_certificate, &QLineEdit::textChanged, this, &SiteHttpsPage::changed);
    connect(m_key, &QLineEdit::textChanged, this, &SiteHttpsPage::changed);
    connect(m_redirect, &QCheckBox::toggled, this, &SiteHttpsPage::changed);
    connect(m_hsts, &QSpinBox::valueChanged, this, &SiteHttpsPage::changed);
    connect(m_browseCertificate, &QPushButton::clicked, this,
        [this] { browse(m_certificate, tr("Certificate File")); });
    connect(m_browseKey, &QPushButton::clicked, this, [this] { browse(m_key, tr("Private Key File")); });
}

void SiteHttpsPage::buildLayout()
{
    auto *intro = new QLabel(
        tr("<b>HTTPS</b> serves this site while it is on (the Server page). Without "
           "files of its own the site gets a certificate from Hostbench's certificate "
           "authority for its names and their .localhost forms; browsers trust it "
           "once the authority is trusted (Server page, Trust Hostbench's certificate authority)."),
        this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->addRow(
        tr("&Certificate file:"), FieldError::cell(m_certificate, m_certificateError, m_browseCertificate));
    form->addRow(tr("Private &key file:"), FieldError::cell(m_key, m_keyError, m_browseKey));
    form->addRow(QString(), m_redirect);
    form->addRow(tr("&HSTS max-age:"), FieldError::cell(m_hsts, m_hstsError));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addSpacing(6);
    layout->addLayout(form);
    layout->addStretch(1);
}

void SiteHttpsPage::browse(QLineEdit *field, const QString &title)
{
    const QString current = QDir::fromNativeSeparators(field->text().trimmed());
    const QString start = QFileInfo::exists(current) ? current : QDir::homePath();
    const QString file = QFileDialog::getOpenFileName(
        this, title, start, tr("PEM files (*.pem *.crt *.cer *.key);;All files (*)"));
    if (!file.isEmpty())
        field->setText(QDir::toNativeSeparators(file));
}

model::SiteTls SiteHttpsPage::settings() const
{
    model::SiteTls tls;
    tls.certificatePath = QDir::fromNativeSeparators(m_certificate->text().trimmed());
    tls.keyPath = QDir::fromNativeSeparators(m_key->text().trimmed());
    tls.redirectToHttps = m_redirect->isChecked();
    tls.hstsMaxAgeSeconds = m_hsts->value();
    return tls;
}

bool SiteHttpsPage::showErrors(const model::SiteValidator::Errors &errors)
{
    m_certificateError->setMessage(errors.tlsCertificate);
    m_keyError->setMessage(errors.tlsKey);
    m_hstsError->setMessage(errors.hsts);
    return errors.tlsCertificate.isEmpty() && errors.tlsKey.isEmpty() && errors.hsts.isEmpty();
}

QWidget *SiteHttpsPage::firstInvalidField() const
{
    const std::pair<FieldError *, QWidget *> fields[]
        = { { m_certificateError, m_certificate }, { m_keyError, m_key }, { m_hstsError, m_hsts } };
    for (const auto &[error, field] : fields) {
        if (error->hasError())
            return field;
    }
    return nullptr;
}

} // namespace hostbench::ui
