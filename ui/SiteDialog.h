#pragma once

#include "model/VirtualHost.h"

#include <QDialog>
#include <QList>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace hostbench::ui {

class FieldError;
class RoutesEditor;
class SiteAdvancedPage;
class SiteHttpsPage;
class SitePhpPage;
class SiteProxyPage;

/*
 * Adds or edits one virtual host: on the General tab host name, aliases,
 * what the site serves ("Files", "Proxy to an app" (issue #24) or "PHP"
 * (issue #25)), document root (typed or chosen with Browse…), default flag
 * and routes; on the Proxy tab (SiteProxyPage, enabled for a proxied or a
 * PHP site) its proxied paths, Host, upstream timeout and app command; on
 * the PHP tab (SitePhpPage, enabled for a PHP site) its PHP-FPM address,
 * path prefix, front controller and timeout; on the Advanced tab (SiteAdvancedPage)
 * index files, listing, symbolic links, hidden files, logs and request
 * limits. Each field's error shows under it (SiteValidator's rules,
 * duplicates checked against `others`) and each tab with an error has a
 * warning icon; OK does not close the dialog while an error remains. After
 * the first try the errors follow the user's edits. A site shown as "Files"
 * comes back without proxied paths, app or PHP-FPM address, one shown as
 * "Proxy to an app" without a PHP-FPM address (a PHP site keeps its
 * proxied paths: they win over PHP); the other proxy and PHP values are the
 * site's own. A site with a PHP-FPM address opens as "PHP". Saving is the
 * caller's (SitesPage). GUI thread.
 */
class SiteDialog final : public QDialog
{
    Q_OBJECT

public:
    // `host.id == 0` adds a site; `others` are the sites already stored;
    // `dataFolder` is Hostbench's data folder, which no document root may
    // expose (SiteValidator::checkDocumentRoot; empty: none known).
    SiteDialog(const model::VirtualHost &host, const QList<model::VirtualHost> &others,
        const QString &dataFolder, QWidget *parent = nullptr);

    // The host as entered, names trimmed and lower-cased.
    model::VirtualHost host() const;
    // Shows the errors of every field; true when there is none.
    bool validate();

    void accept() override;

    // The choices of "Serves" (siteServes), as its items' data.
    enum class Serves { Files, Proxy, Php };
    Serves serves() const;
    void setServes(Serves serves);
    // The PHP-FPM program that "auto" runs (SitePhpPage::setPhpFpmProgram);
    // empty: none installed, which the PHP tab then says. By default the
    // one SitePhpPage::findPhpFpm() finds.
    void setPhpFpmProgram(const QString &program);

private:
    // Object names, placeholders.
    void setUpFields();
    void makeFieldErrors();
    void showDefaultAndRoutes(const model::VirtualHost &host);
    // The General tab: names, document root, default flag, routes.
    QWidget *generalTab();
    void connectFields();
    void browseDocumentRoot();
    void createDocumentRoot();
    void revalidate();
    // The Proxy tab is enabled for a proxied or PHP site, the PHP tab for a
    // PHP site; the note by the document root follows.
    void servesChanged();
    // The warning icon on each tab with an error.
    void markTabs(bool generalHasError);

    model::VirtualHost m_original;
    QList<model::VirtualHost> m_others;
    QString m_dataFolder;
    bool m_triedOnce = false;

    QLineEdit *m_hostName = nullptr;
    QLineEdit *m_aliases = nullptr;
    QLineEdit *m_documentRoot = nullptr;
    QPushButton *m_browse = nullptr;
    QCheckBox *m_default = nullptr;
    QComboBox *m_serves = nullptr;
    QLabel *m_rootNote = nullptr; // what the document root is for, by what the site serves
    RoutesEditor *m_routes = nullptr;
    SiteProxyPage *m_proxy = nullptr;
    SitePhpPage *m_php = nullptr;
    SiteHttpsPage *m_https = nullptr;
    SiteAdvancedPage *m_advanced = nullptr;
    QTabWidget *m_tabs = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    FieldError *m_hostNameError = nullptr;
    FieldError *m_aliasesError = nullptr;
    FieldError *m_documentRootError = nullptr;
    FieldError *m_routesError = nullptr;
};

} // namespace hostbench::ui
