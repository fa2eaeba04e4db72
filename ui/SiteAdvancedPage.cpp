#include "ui/SiteAdvancedPage.h"

#include "model/SiteValidator.h"

#include "ui/FieldError.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

constexpr qint64 kKiB = 1024;

QStringList splitNames(const QString &text)
{
    QStringList names;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (!name.isEmpty() && !names.contains(name))
            names.append(name);
    }
    return names;
}

QSpinBox *spinBox(
    QWidget *parent, const QString &name, int minimum, qint64 maximum, qint64 value, const QString &suffix)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(minimum, int(std::min<qint64>(maximum, std::numeric_limits<int>::max())));
    box->setValue(int(std::clamp<qint64>(value, minimum, box->maximum())));
    box->setSuffix(suffix);
    box->setGroupSeparatorShown(true);
    return box;
}

// A stored value that is not a whole number of KiB stays as it was unless the user changes it.
qint64 fromKiB(const QSpinBox *box, qint64 original)
{
    return box->value() == int(original / kKiB) ? original : qint64(box->value()) * kKiB;
}

} // namespace

SiteAdvancedPage::SiteAdvancedPage(const model::VirtualHost &host, QWidget *parent)
    : QWidget(parent)
    , m_original(host)
    , m_indexFiles(new QLineEdit(host.indexFiles.join(u", "_s), this))
    , m_listing(new QCheckBox(tr("List a folder's files when it has no index file"), this))
    , m_symlinks(new QCheckBox(tr("Follow symbolic links out of the document root"), this))
    , m_hiddenFiles(
          new QCheckBox(tr("Serve hidden files (names starting with “.”, such as .git or .env)"), this))
    , m_accessLog(new QCheckBox(tr("Access log:"), this))
    , m_accessLogPath(new QLineEdit(QDir::toNativeSeparators(host.accessLogPath), this))
    , m_errorLog(new QCheckBox(tr("Error log:"), this))
    , m_errorLogPath(new QLineEdit(QDir::toNativeSeparators(host.errorLogPath), this))
    , m_logLoadGenerator(new QCheckBox(tr("Log the requests of Hostbench's own benchmarks"), this))
{
    setObjectName(u"siteAdvanced"_s);
    setUpFileFields(host);
    setUpLogFields(host);
    makeLimitFields(host);
    setHostName(host.hostName);
    makeFieldErrors();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(filesBox());
    layout->addWidget(logsBox());
    layout->addWidget(limitsBox());
    layout->addStretch();

    connect(m_accessLog, &QCheckBox::toggled, m_accessLogPath, &QWidget::setEnabled);
    connect(m_errorLog, &QCheckBox::toggled, m_errorLogPath, &QWidget::setEnabled);
    for (QLineEdit *edit : { m_indexFiles, m_accessLogPath, m_errorLogPath })
        connect(edit, &QLineEdit::textChanged, this, &SiteAdvancedPage::changed);
    for (QCheckBox *box : { m_accessLog, m_errorLog, m_logLoadGenerator })
        connect(box, &QCheckBox::toggled, this, &SiteAdvancedPage::changed);
}

void SiteAdvancedPage::setUpFileFields(const model::VirtualHost &host)
{
    m_indexFiles->setObjectName(u"siteIndexFiles"_s);
    m_listing->setObjectName(u"siteDirectoryListing"_s);
    m_symlinks->setObjectName(u"siteFollowSymlinks"_s);
    m_hiddenFiles->setObjectName(u"siteServeHiddenFiles"_s);
    m_hiddenFiles->setToolTip(
        tr("Off: a path with a part starting with “.” answers 404 and listings leave such "
           "names out; /.well-known/ is always served."));
    m_indexFiles->setPlaceholderText(tr("index.html, index.htm"));
    m_indexFiles->setToolTip(tr("File names tried in order when a folder is requested."));
    m_listing->setChecked(host.directoryListing);
    m_symlinks->setChecked(host.followSymlinks);
    m_hiddenFiles->setChecked(host.serveHiddenFiles);
}

void SiteAdvancedPage::setUpLogFields(const model::VirtualHost &host)
{
    m_accessLog->setObjectName(u"siteAccessLogEnabled"_s);
    m_accessLogPath->setObjectName(u"siteAccessLogPath"_s);
    m_errorLog->setObjectName(u"siteErrorLogEnabled"_s);
    m_errorLogPath->setObjectName(u"siteErrorLogPath"_s);
    m_logLoadGenerator->setObjectName(u"siteLogLoadGenerator"_s);
    m_logLoadGenerator->setChecked(host.logLoadGenerator);
    m_logLoadGenerator->setToolTip(
        tr("Off: requests of Hostbench's load generator (User-Agent Hostbench/…) are counted but not "
           "logged, so that a benchmark does not rotate away the log of the site's real traffic."));
    m_accessLog->setChecked(host.accessLogEnabled);
    m_errorLog->setChecked(host.errorLogEnabled);
    m_accessLogPath->setEnabled(host.accessLogEnabled);
    m_errorLogPath->setEnabled(host.errorLogEnabled);
}

void SiteAdvancedPage::makeLimitFields(const model::VirtualHost &host)
{
    // The log rotation's first: in the tab chain after the logs' other fields.
    m_rotateKiB = spinBox(this, u"siteLogRotateKiB"_s, 0, std::numeric_limits<int>::max(),
        host.logRotateBytes / kKiB, tr(" KiB"));
    m_rotateKiB->setSpecialValueText(tr("Never"));
    m_rotateKeep = spinBox(this, u"siteLogRotateKeep"_s, 0, 99, host.logRotateKeep, tr(" old files"));
    m_maxRequestLine
        = spinBox(this, u"siteMaxRequestLine"_s, 256, 1 << 20, host.limits.maxRequestLineBytes, tr(" bytes"));
    m_maxHeader = spinBox(this, u"siteMaxHeader"_s, 1024, 1 << 24, host.limits.maxHeaderBytes, tr(" bytes"));
    m_maxFields = spinBox(this, u"siteMaxHeaderFields"_s, 1, 10'000, host.limits.maxHeaderFields, QString());
    m_maxBodyKiB = spinBox(this, u"siteMaxBodyKiB"_s, 0, std::numeric_limits<int>::max(),
        host.limits.maxBodyBytes / kKiB, tr(" KiB"));
}

void SiteAdvancedPage::makeFieldErrors()
{
    m_indexFilesError = new FieldError(m_indexFiles, this);
    m_indexFilesError->setObjectName(u"siteIndexFilesError"_s);
    m_accessLogError = new FieldError(m_accessLogPath, this);
    m_accessLogError->setObjectName(u"siteAccessLogPathError"_s);
    m_errorLogError = new FieldError(m_errorLogPath, this);
    m_errorLogError->setObjectName(u"siteErrorLogPathError"_s);
}

QGroupBox *SiteAdvancedPage::filesBox()
{
    auto *files = new QGroupBox(tr("Files"), this);
    auto *filesForm = new QFormLayout(files);
    filesForm->addRow(tr("&Index files:"), FieldError::cell(m_indexFiles, m_indexFilesError));
    filesForm->addRow(QString(), m_listing);
    filesForm->addRow(QString(), m_symlinks);
    filesForm->addRow(QString(), m_hiddenFiles);
    return files;
}

QGroupBox *SiteAdvancedPage::logsBox()
{
    auto *logs = new QGroupBox(tr("Logs"), this);
    auto *logsForm = new QFormLayout(logs);
    logsForm->addRow(m_accessLog, FieldError::cell(m_accessLogPath, m_accessLogError));
    logsForm->addRow(m_errorLog, FieldError::cell(m_errorLogPath, m_errorLogError));
    auto *rotation = new QHBoxLayout;
    rotation->addWidget(m_rotateKiB);
    rotation->addWidget(m_rotateKeep);
    rotation->addStretch();
    // A row of a layout gets a label without a buddy, which shows "&" as is.
    auto *rotateLabel = new QLabel(tr("&Rotate at:"), this);
    rotateLabel->setBuddy(m_rotateKiB);
    logsForm->addRow(rotateLabel, rotation);
    logsForm->addRow(QString(), m_logLoadGenerator);
    return logs;
}

QGroupBox *SiteAdvancedPage::limitsBox()
{
    auto *limits = new QGroupBox(tr("Request limits"), this);
    auto *limitsForm = new QFormLayout(limits);
    limitsForm->addRow(tr("Request &line:"), m_maxRequestLine);
    limitsForm->addRow(tr("&Header block:"), m_maxHeader);
    limitsForm->addRow(tr("Header &fields:"), m_maxFields);
    limitsForm->addRow(tr("Request &body:"), m_maxBodyKiB);
    return limits;
}

void SiteAdvancedPage::apply(model::VirtualHost &host) const
{
    host.indexFiles = splitNames(m_indexFiles->text());
    host.directoryListing = m_listing->isChecked();
    host.followSymlinks = m_symlinks->isChecked();
    host.serveHiddenFiles = m_hiddenFiles->isChecked();
    host.accessLogEnabled = m_accessLog->isChecked();
    host.accessLogPath = QDir::fromNativeSeparators(m_accessLogPath->text().trimmed());
    host.errorLogEnabled = m_errorLog->isChecked();
    host.errorLogPath = QDir::fromNativeSeparators(m_errorLogPath->text().trimmed());
    host.logRotateBytes = fromKiB(m_rotateKiB, m_original.logRotateBytes);
    host.logRotateKeep = m_rotateKeep->value();
    host.logLoadGenerator = m_logLoadGenerator->isChecked();
    host.limits.maxRequestLineBytes = m_maxRequestLine->value();
    host.limits.maxHeaderBytes = m_maxHeader->value();
    host.limits.maxHeaderFields = m_maxFields->value();
    host.limits.maxBodyBytes = fromKiB(m_maxBodyKiB, m_original.limits.maxBodyBytes);
}

void SiteAdvancedPage::setHostName(const QString &hostName)
{
    if (hostName.isEmpty()) {
        const QString unnamed = tr("Default: in logs/ of the data folder, named after the host");
        m_accessLogPath->setPlaceholderText(unnamed);
        m_errorLogPath->setPlaceholderText(unnamed);
        return;
    }
    // The file name DataFolder::applyDefaultLogPaths() will use.
    QString name = hostName;
    name.replace(u'/', u'_');
    m_accessLogPath->setPlaceholderText(tr("Default: logs/%1.access.log in the data folder").arg(name));
    m_errorLogPath->setPlaceholderText(tr("Default: logs/%1.error.log in the data folder").arg(name));
}

bool SiteAdvancedPage::validate()
{
    QString indexError;
    for (const QString &name : splitNames(m_indexFiles->text())) {
        if (name.contains(u'/') || name.contains(u'\\') || name == u"."_s || name == u".."_s) {
            indexError = tr("“%1” is not a plain file name.").arg(name);
            break;
        }
    }
    m_indexFilesError->setMessage(indexError);
    const auto pathError = [this](const QCheckBox *enabled, const QLineEdit *path) {
        const QString text = QDir::fromNativeSeparators(path->text().trimmed());
        if (!enabled->isChecked() || text.isEmpty())
            return QString();
        if (!QDir::isAbsolutePath(text))
            return tr("Give the full path of the file, or leave it empty for the default.");
        if (text.endsWith(u'/') || QFileInfo(text).isDir())
            return tr("This is a folder; give a file name.");
        // A folder that is missing or cannot be written: the engine could not log there.
        return model::SiteValidator::checkLogPath(text);
    };
    m_accessLogError->setMessage(pathError(m_accessLog, m_accessLogPath));
    m_errorLogError->setMessage(pathError(m_errorLog, m_errorLogPath));
    return firstInvalidField() == nullptr;
}

QWidget *SiteAdvancedPage::firstInvalidField() const
{
    if (m_indexFilesError->hasError())
        return m_indexFiles;
    if (m_accessLogError->hasError())
        return m_accessLogPath;
    if (m_errorLogError->hasError())
        return m_errorLogPath;
    return nullptr;
}

} // namespace hostbench::ui
