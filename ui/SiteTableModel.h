#pragma once

#include "model/VirtualHost.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QString>

namespace hostbench::ui {

/*
 * The Sites page's table: one row per stored site, in the order given
 * (Database::virtualHosts: the default first), columns host name (the
 * default marked "★ " and bold, its tool tip saying what a default site
 * does), aliases (", "), document root (native separators; the tool tip
 * has it whole) with a proxied site's paths ("/ → http://127.0.0.1:3000"
 * for the whole site, else "ROOT; /api → …"; the tool tip lists every
 * path, the upstream timeout, the Host sent and the app's command; issue
 * #24) and a PHP site's PHP-FPM ("ROOT; PHP: / → auto", "PHP 8.2.7: …"
 * once its version is known, setPhpVersions(); the tool tip adds the
 * front controller and the timeout; issue #25), routes (their count or
 * "none", centred) and URL. The URL
 * cells are the page's to fill (setUrls: where the engine serves each site,
 * or a dash while it is stopped). kHostIdRole holds the site's row id,
 * kDefaultRole whether it is the default. Read-only; not sorted. GUI thread.
 */
class SiteTableModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { HostColumn, AliasesColumn, RootColumn, RoutesColumn, UrlColumn, ColumnCount };
    static constexpr int kHostIdRole = Qt::UserRole + 1;
    static constexpr int kDefaultRole = Qt::UserRole + 2;

    // A URL cell: its text and its tool tip.
    struct Url
    {
        QString text;
        QString toolTip;
    };

    explicit SiteTableModel(QObject *parent = nullptr);

    // Replaces the sites (a model reset); their URL cells empty until setUrls().
    void setSites(const QList<model::VirtualHost> &sites);
    const QList<model::VirtualHost> &sites() const { return m_sites; }
    // One per site, in row order; extra entries are ignored, missing ones
    // leave their cells empty. Changes the URL column only (dataChanged).
    void setUrls(const QList<Url> &urls);
    // The PHP version behind each PHP-FPM address, by the address as sites
    // give it ("auto": Hostbench's own pool; "unix:/run/php/php8.2-fpm.sock"),
    // e.g. "8.2.7", or as `php-fpm -v` says it ("PHP 8.2.7 (fpm-fcgi)": the
    // number is shown); an address not in it shows no version. Changes the
    // document root column only (dataChanged).
    void setPhpVersions(const QHash<QString, QString> &versions);
    const QHash<QString, QString> &phpVersions() const { return m_phpVersions; }
    // The row of the site with this id; -1 if none.
    int rowOf(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The document root cell's tool tip: the root, or a proxied site's settings, one a line.
    // `phpVersion`: the version behind the site's PHP-FPM, empty when not known.
    static QString rootToolTip(const model::VirtualHost &site, const QString &phpVersion = {});

private:
    QString text(const model::VirtualHost &site, int row, int column) const;
    QString phpVersionOf(const model::VirtualHost &site) const;
    // The tool tip's lines about a site's PHP-FPM.
    static QString phpToolTip(const model::PhpSettings &php, const QString &version);

    QList<model::VirtualHost> m_sites;
    QList<Url> m_urls; // as many as m_sites
    QHash<QString, QString> m_phpVersions;
};

} // namespace hostbench::ui
