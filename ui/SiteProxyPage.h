#pragma once

#include "model/SiteValidator.h"
#include "model/VirtualHost.h"

#include <QWidget>

class QCheckBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace hostbench::ui {

class FieldError;
class ProxyRoutesEditor;

/*
 * The "Proxy" tab of SiteDialog, for a site that proxies to an app (issue
 * #24): the proxied paths (ProxyRoutesEditor: path prefix -> upstream URL),
 * whether the upstream gets its own host name as Host, the upstream timeout
 * (milliseconds), and the app's start command (model::AppCommand: command
 * line, working folder, empty for the document root, with Browse…;
 * environment, one NAME=value per line; stop grace period in milliseconds).
 * SiteValidator's messages show under their fields (showErrors); the app's
 * one message goes under the field it is about. GUI thread.
 */
class SiteProxyPage final : public QWidget
{
    Q_OBJECT

public:
    explicit SiteProxyPage(const model::VirtualHost &host, QWidget *parent = nullptr);

    // Copies the page's settings into host.proxy; other fields are left alone.
    void apply(model::VirtualHost &host) const;
    // Shows `errors`' proxy messages under their fields (`entered`: the
    // host they are about); true when this page has none.
    bool showErrors(const model::SiteValidator::Errors &errors, const model::VirtualHost &entered);
    // The first field with an error, or null.
    QWidget *firstInvalidField() const;
    // Fills in ProxyRoutesEditor::firstRoute() when there is no proxied path.
    void proposeFirstRoute();

signals:
    void changed();

private:
    // Object names, placeholders, tips and `host`'s values.
    void setUpFields(const model::VirtualHost &host);
    void makeFieldErrors();
    void buildLayout();
    QWidget *appBox();
    void browseWorkingFolder();
    QStringList environment() const;

    ProxyRoutesEditor *m_routes = nullptr;
    QCheckBox *m_sendUpstreamHost = nullptr;
    QSpinBox *m_timeout = nullptr; // milliseconds
    QLineEdit *m_command = nullptr;
    QLineEdit *m_workingDir = nullptr;
    QPushButton *m_browse = nullptr;
    QPlainTextEdit *m_environment = nullptr;
    QSpinBox *m_stopGrace = nullptr; // milliseconds
    FieldError *m_routesError = nullptr;
    FieldError *m_timeoutError = nullptr;
    FieldError *m_commandError = nullptr;
    FieldError *m_workingDirError = nullptr;
    FieldError *m_environmentError = nullptr;
    FieldError *m_stopGraceError = nullptr;
};

} // namespace hostbench::ui
