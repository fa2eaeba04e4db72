#pragma once

#include "model/VirtualHost.h"

#include <QWidget>

class QCheckBox;
class QGroupBox;
class QLineEdit;
class QSpinBox;

namespace hostbench::ui {

class FieldError;

/*
 * The "Advanced" tab of SiteDialog: index files, directory listing,
 * symbolic links, the access and error logs (on/off, path, rotation,
 * whether the requests of Hostbench's own load generator go in) and
 * the request limits of one virtual host. An empty log path means the
 * default one, logs/<host>.access.log (or .error.log) in the data folder,
 * which DataFolder::applyDefaultLogPaths() resolves when the engine gets
 * the site. Field errors show under the fields, as on the General tab.
 * GUI thread.
 */
class SiteAdvancedPage final : public QWidget
{
    Q_OBJECT

public:
    explicit SiteAdvancedPage(const model::VirtualHost &host, QWidget *parent = nullptr);

    // Copies the page's settings into `host`; other fields are left alone.
    void apply(model::VirtualHost &host) const;
    // Shows the errors of the page's fields; true when there is none.
    bool validate();
    // The first field with an error, or null.
    QWidget *firstInvalidField() const;
    // The site's host name as typed on the General tab: the default log
    // paths shown as placeholders follow it.
    void setHostName(const QString &hostName);

signals:
    void changed();

private:
    // Object names, tips and `host`'s values: index files, listing, links, hidden files.
    void setUpFileFields(const model::VirtualHost &host);
    // The logs: on/off, paths, the load generator's requests.
    void setUpLogFields(const model::VirtualHost &host);
    // The spin boxes: the log rotation and the request limits.
    void makeLimitFields(const model::VirtualHost &host);
    void makeFieldErrors();
    QGroupBox *filesBox();
    QGroupBox *logsBox();
    QGroupBox *limitsBox();

    model::VirtualHost m_original;

    QLineEdit *m_indexFiles = nullptr;
    QCheckBox *m_listing = nullptr;
    QCheckBox *m_symlinks = nullptr;
    QCheckBox *m_hiddenFiles = nullptr;
    QCheckBox *m_accessLog = nullptr;
    QLineEdit *m_accessLogPath = nullptr;
    QCheckBox *m_errorLog = nullptr;
    QLineEdit *m_errorLogPath = nullptr;
    QCheckBox *m_logLoadGenerator = nullptr; // VirtualHost::logLoadGenerator
    QSpinBox *m_rotateKiB = nullptr;
    QSpinBox *m_rotateKeep = nullptr;
    QSpinBox *m_maxRequestLine = nullptr;
    QSpinBox *m_maxHeader = nullptr;
    QSpinBox *m_maxFields = nullptr;
    QSpinBox *m_maxBodyKiB = nullptr;
    FieldError *m_indexFilesError = nullptr;
    FieldError *m_accessLogError = nullptr;
    FieldError *m_errorLogError = nullptr;
};

} // namespace hostbench::ui
