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
class SiteProxyPage;

/*
 * Adds or edits one virtual host: on the General tab host name, aliases,
 * what the site serves ("Files" or "Proxy to an app"; issue #24), document
 * root (typed or chosen with Browse…), default flag and routes; on the Proxy
 * tab (SiteProxyPage, enabled for a proxied site) its proxied paths, Host,
 * upstream timeout and app command; on the Advanced tab (SiteAdvancedPage)
 * index files, listing, symbolic links, hidden files, logs and request
 * limits. Each field's error shows under it (SiteValidator's rules,
 * duplicates checked against `others`) and each tab with an error has a
 * warning icon; OK does not close the dialog while an error remains. After
 * the first try the errors follow the user's edits. A site shown as "Files"
 * comes back without proxied paths or app; the other proxy values are the
 * site's own. Saving is the caller's (SitesPage). GUI thread.
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

    // The choices of "Serves" (siteServes), as its items' data; part 2 of
    // issue #24 plans a third, PHP.
    enum class Serves { Files, Proxy };
    Serves serves() const;
    void setServes(Serves serves);

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
    // The Proxy tab is enabled for a proxied site; the note by the document root follows.
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
    SiteAdvancedPage *m_advanced = nullptr;
    QTabWidget *m_tabs = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    FieldError *m_hostNameError = nullptr;
    FieldError *m_aliasesError = nullptr;
    FieldError *m_documentRootError = nullptr;
    FieldError *m_routesError = nullptr;
};

} // namespace hostbench::ui
