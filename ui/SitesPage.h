#pragma once

#include "model/VirtualHost.h"

#include <QHash>
#include <QList>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;
class QUrl;

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class EngineController;
class SiteDialog;
class SiteTableModel;

/*
 * The Sites page: the virtual hosts stored in the database (host name,
 * aliases, document root and a proxied site's paths, a PHP site's PHP-FPM
 * with its PHP version when known, routes, URL on the
 * running engine, the default one marked), with Add, Edit,
 * Remove, Open in Browser and Open Folder. A site's name rarely resolves (example.test):
 * the URL's tooltip and a selectable line under the table say where the
 * engine serves it and give the curl command that reaches it (the engine's
 * address with the site's Host header, TargetResolver); Open in Browser
 * opens http://HOST.localhost:PORT/, which browsers resolve to loopback
 * (RFC 6761 §6.3) and the engine serves as HOST; when no browser or file
 * manager can be started, a message box says so (DesktopOpener). Add and Edit open a SiteDialog
 * (window-modal, not exec()); an accepted dialog is saved to the database and, when the engine runs, handed
 * to it (HttpServer::reload via EngineController). The table (sitesTable) is
 * a QTableView on a SiteTableModel. GUI thread.
 */
class SitesPage final : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kHostIdRole = Qt::UserRole + 1; // SiteTableModel's
    static constexpr int kDefaultRole = Qt::UserRole + 2;

    SitesPage(storage::Database &database, EngineController &engine, QWidget *parent = nullptr);

    // Reads the sites again from the database.
    void refresh();
    const QList<model::VirtualHost> &sites() const;
    // The PHP version behind each PHP-FPM address (SiteTableModel::setPhpVersions:
    // "auto" -> "8.2.7"), shown beside each PHP site's PHP-FPM.
    void setPhpVersions(const QHash<QString, QString> &versions);

    // Open the dialog; it is a child of this page named "siteDialog".
    SiteDialog *addSite();
    SiteDialog *editSelectedSite();
    void removeSelectedSite();
    // In the browser at http://HOST.localhost:PORT/ (browserUrl()).
    void openSelectedSite();
    // The document root in the file manager.
    void openSelectedFolder();
    // Where a browser on this computer reaches `site`: http://HOST.localhost:PORT/
    // while the engine listens on loopback (or every address), else the
    // engine's own address for the default site and the site's name for another.
    QUrl browserUrl(const model::VirtualHost &site) const;

signals:
    // A site was added, changed or removed.
    void sitesChanged();

private:
    void nameWidgets();
    void setupTable();
    void buildLayout();
    void connectActions();
    SiteDialog *openDialog(const model::VirtualHost &host);
    void save(model::VirtualHost host);
    void removeSite(qint64 id);
    // After a change is stored: hands the sites to the engine, and says in a
    // message box (sitesReloadFailed) when it did not take them.
    void reloadEngine();
    int selectedIndex() const;
    void updateUrls();
    void updateServedBy();
    // Where the engine serves the site: its address, and the Host header to send.
    QString servedBy(const model::VirtualHost &site, QString *curl) const;
    QUrl siteUrl(const model::VirtualHost &site) const;
    void updateButtons();

    storage::Database &m_database;
    EngineController &m_engine;
    SiteTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_openFolder = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_servedBy = nullptr;
};

} // namespace hostbench::ui
