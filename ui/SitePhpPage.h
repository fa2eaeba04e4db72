#pragma once

#include "model/PhpSettings.h"
#include "model/VirtualHost.h"

#include <QString>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace hostbench::ui {

class ErrorNote;
class FieldError;

/*
 * The "PHP" tab of SiteDialog, for a site whose PHP files run in PHP-FPM
 * over FastCGI (issue #25; model::PhpSettings): the PHP-FPM address (an
 * editable list: "auto", Hostbench's own pool, first, then the sockets of
 * the PHP-FPM pools found in /run/php; any unix:/path.sock or HOST:PORT may
 * be typed), the path prefix whose requests may run PHP ("/": the whole
 * site), the front controller switch (missing files go to index.php, as
 * Laravel and WordPress expect) and the timeout (milliseconds). PhpCheck's
 * one message (SiteValidator::Errors::php) shows under the field it is
 * about (showErrors). With "auto", a note says which PHP-FPM the pool runs,
 * or, when none is installed, which Debian package to install (php8.2-fpm);
 * setPhpFpmProgram() says which was found. GUI thread.
 */
class SitePhpPage final : public QWidget
{
    Q_OBJECT

public:
    // The fields show host.php, "auto" as the address when it has none; the
    // installed PHP-FPM is looked up (findPhpFpm()).
    explicit SitePhpPage(const model::VirtualHost &host, QWidget *parent = nullptr);

    // The page's settings (address, prefix, front controller, timeout).
    model::PhpSettings settings() const;
    // Shows `message` (SiteValidator::Errors::php; empty: none) under its
    // field, found from `entered` as PhpCheck::check orders its checks; an
    // empty address is an error of its own (FastCgiAddress::parse's), since
    // a site that serves PHP needs one. True when the page has no error.
    bool showErrors(const QString &message, const model::PhpSettings &entered);
    // Removes every message (the site does not serve PHP).
    void clearErrors();
    // The first field with an error, or null.
    QWidget *firstInvalidField() const;

    // The PHP-FPM program that "auto" would run (an absolute path), or empty
    // when none is installed; the note follows.
    void setPhpFpmProgram(const QString &program);
    QString phpFpmProgram() const { return m_phpFpm; }
    // The installed PHP-FPM: php-fpm8.2 or php-fpm on $PATH or in /usr/sbin
    // and /usr/local/sbin, else any other php-fpm* there (the newest version
    // first); empty when there is none. A few stat() calls; any thread.
    static QString findPhpFpm();
    // The Debian package that provides PHP-FPM on the supported systems.
    static QString phpFpmPackage() { return QStringLiteral("php8.2-fpm"); }

signals:
    void changed();

private:
    void setUpFields(const model::VirtualHost &host);
    void makeFieldErrors();
    void buildLayout();
    // The note under the address: which PHP-FPM "auto" runs, or what to install.
    void updateNote();

    QComboBox *m_address = nullptr; // editable
    QLineEdit *m_prefix = nullptr;
    QCheckBox *m_frontController = nullptr;
    QSpinBox *m_timeout = nullptr; // milliseconds
    QLabel *m_note = nullptr;
    ErrorNote *m_missing = nullptr; // "auto" without PHP-FPM installed
    FieldError *m_addressError = nullptr;
    FieldError *m_prefixError = nullptr;
    FieldError *m_timeoutError = nullptr;
    QString m_phpFpm;
};

} // namespace hostbench::ui
