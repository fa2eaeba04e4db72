#pragma once

#include "model/SiteValidator.h"
#include "model/VirtualHost.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace hostbench::ui {

class FieldError;

/*
 * The "HTTPS" tab of SiteDialog (issue #26; model::SiteTls): the site's own
 * certificate and key files (PEM, with Browse buttons; both empty: the local
 * certificate authority issues one for the site's names), the redirect of
 * http:// to https:// (308) and the HSTS max-age (seconds; "Off" at 0). It
 * applies while HTTPS is on (the Server page); a note says so. The
 * validator's messages (SiteValidator::Errors::tlsCertificate, tlsKey,
 * hsts: the file and the reason) show under their fields (showErrors).
 * GUI thread.
 */
class SiteHttpsPage final : public QWidget
{
    Q_OBJECT

public:
    explicit SiteHttpsPage(const model::VirtualHost &host, QWidget *parent = nullptr);

    model::SiteTls settings() const;
    // Shows the three messages under their fields; true when none.
    bool showErrors(const model::SiteValidator::Errors &errors);
    // The first field with an error, or null.
    QWidget *firstInvalidField() const;

signals:
    void changed();

private:
    void buildLayout();
    void browse(QLineEdit *field, const QString &title);

    QLineEdit *m_certificate = nullptr;
    QLineEdit *m_key = nullptr;
    QPushButton *m_browseCertificate = nullptr;
    QPushButton *m_browseKey = nullptr;
    QCheckBox *m_redirect = nullptr;
    QSpinBox *m_hsts = nullptr; // seconds
    FieldError *m_certificateError = nullptr;
    FieldError *m_keyError = nullptr;
    FieldError *m_hstsError = nullptr;
};

} // namespace hostbench::ui
