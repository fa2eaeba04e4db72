#pragma once

#include "model/VirtualHost.h"

#include <QDialog>
#include <QList>

class QCheckBox;
class QDialogButtonBox;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace hostbench::ui {

class FieldError;
class RoutesEditor;
class SiteAdvancedPage;

/*
 * Adds or edits one virtual host: on the General tab host name, aliases,
 * document root (typed or chosen with Browse…), default flag and routes; on
 * the Advanced tab (SiteAdvancedPage) index files, listing, symbolic links,
 * hidden files, logs and request limits. Each field's error shows
 * under it (SiteValidator's rules, duplicates checked against `others`);
 * OK does not close the dialog while an error remains. After the first try
 * the errors follow the user's edits. Saving is the caller's (SitesPage).
 * GUI thread.
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

    model::VirtualHost m_original;
    QList<model::VirtualHost> m_others;
    QString m_dataFolder;
    bool m_triedOnce = false;

    QLineEdit *m_hostName = nullptr;
    QLineEdit *m_aliases = nullptr;
    QLineEdit *m_documentRoot = nullptr;
    QPushButton *m_browse = nullptr;
    QCheckBox *m_default = nullptr;
    RoutesEditor *m_routes = nullptr;
    SiteAdvancedPage *m_advanced = nullptr;
    QTabWidget *m_tabs = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    FieldError *m_hostNameError = nullptr;
    FieldError *m_aliasesError = nullptr;
    FieldError *m_documentRootError = nullptr;
    FieldError *m_routesError = nullptr;
};

} // namespace hostbench::ui
