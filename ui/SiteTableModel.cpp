#include "ui/SiteTableModel.h"

#include <QDir>
#include <QFont>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {

QString proxiedPath(const model::ProxyRoute &route)
{
    return route.pathPrefix + u" → "_s + route.upstream;
}

// "PHP: / → auto", "PHP 8.2.7: /blog → unix:/run/php/php8.2-fpm.sock".
QString phpText(const model::PhpSettings &php, const QString &version)
{
    const QString name
        = version.isEmpty() ? SiteTableModel::tr("PHP") : SiteTableModel::tr("PHP %1").arg(version);
    return name + u": "_s + php.pathPrefix + u" → "_s + php.address.trimmed();
}

// The proxied paths, "/" (the whole site) first, or beside the files; then the PHP-FPM.
QString rootText(const model::VirtualHost &site, const QString &phpVersion)
{
    const QString root = QDir::toNativeSeparators(site.documentRoot);
    const QString php = site.php.isSet() ? phpText(site.php, phpVersion) : QString();
    if (site.proxy.routes.isEmpty())
        return php.isEmpty() ? root : root + u"; "_s + php;
    QStringList parts;
    bool wholeSite = false;
    for (const model::ProxyRoute &route : site.proxy.routes) {
        if (route.pathPrefix == u"/"_s) {
            wholeSite = true;
            parts.prepend(proxiedPath(route));
        } else {
            parts.append(proxiedPath(route));
        }
    }
    if (!wholeSite)
        parts.prepend(root);
    if (!php.isEmpty())
        parts.append(php);
    return parts.join(u"; "_s);
}

} // namespace

SiteTableModel::SiteTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void SiteTableModel::setSites(const QList<model::VirtualHost> &sites)
{
    beginResetModel();
    m_sites = sites;
    m_urls = QList<Url>(sites.size());
    endResetModel();
}

void SiteTableModel::setUrls(const QList<Url> &urls)
{
    for (int row = 0; row < m_urls.size(); ++row)
        m_urls[row] = row < urls.size() ? urls.at(row) : Url();
    if (!m_sites.isEmpty())
        emit dataChanged(index(0, UrlColumn), index(int(m_sites.size()) - 1, UrlColumn),
            { Qt::DisplayRole, Qt::ToolTipRole });
}

void SiteTableModel::setPhpVersions(const QHash<QString, QString> &versions)
{
    m_phpVersions = versions;
    if (!m_sites.isEmpty())
        emit dataChanged(index(0, RootColumn), index(int(m_sites.size()) - 1, RootColumn),
            { Qt::DisplayRole, Qt::ToolTipRole });
}

QString SiteTableModel::phpVersionOf(const model::VirtualHost &site) const
{
    if (!site.php.isSet())
        return {};
    const QString address = site.php.address.trimmed();
    QString version
        = m_phpVersions.value(address.compare(u"auto"_s, Qt::CaseInsensitive) == 0 ? u"auto"_s : address);
    // As `php-fpm -v` says it ("PHP 8.2.7 (fpm-fcgi)"): the number alone.
    if (version.startsWith(u"PHP "_s))
        version = version.mid(4);
    return version.section(u' ', 0, 0);
}

int SiteTableModel::rowOf(qint64 id) const
{
    for (int row = 0; row < m_sites.size(); ++row) {
        if (m_sites.at(row).id == id)
            return row;
    }
    return -1;
}

int SiteTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_sites.size());
}

int SiteTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString SiteTableModel::text(const model::VirtualHost &site, int row, int column) const
{
    switch (column) {
    case HostColumn:
        return site.isDefault ? u"★ "_s + site.hostName : site.hostName;
    case AliasesColumn:
        return site.aliases.join(u", "_s);
    case RootColumn:
        return rootText(site, phpVersionOf(site));
    case RoutesColumn:
        return site.routes.isEmpty() ? tr("none") : QString::number(site.routes.size());
    case UrlColumn:
        return m_urls.at(row).text;
    }
    return {};
}

QVariant SiteTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const model::VirtualHost &site = m_sites.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return text(site, index.row(), column);
    case Qt::ToolTipRole:
        if (column == HostColumn && site.isDefault)
            return tr("The default site: it answers requests for unknown host names.");
        if (column == RootColumn)
            return rootToolTip(site, phpVersionOf(site));
        if (column == UrlColumn)
            return m_urls.at(index.row()).toolTip;
        return {};
    case Qt::FontRole:
        if (column == HostColumn && site.isDefault) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == RoutesColumn ? QVariant(int(Qt::AlignCenter)) : QVariant();
    case kHostIdRole:
        return site.id;
    case kDefaultRole:
        return site.isDefault;
    }
    return {};
}

QString SiteTableModel::rootToolTip(const model::VirtualHost &site, const QString &phpVersion)
{
    const QString root = QDir::toNativeSeparators(site.documentRoot);
    const model::ProxySettings &proxy = site.proxy;
    if (proxy.routes.isEmpty() && !proxy.app.isSet() && !site.php.isSet())
        return root;
    QStringList lines { tr("Document root: %1").arg(root) };
    if (!proxy.routes.isEmpty()) {
        lines.append(tr("Proxied paths (upstream timeout %1 ms, Host: %2):")
                         .arg(proxy.upstreamTimeoutMs)
                         .arg(proxy.sendUpstreamHost ? tr("the upstream's own") : tr("the client's")));
        for (const model::ProxyRoute &route : proxy.routes)
            lines.append(u"  "_s + proxiedPath(route));
    }
    if (proxy.app.isSet()) {
        lines.append(tr("App: %1").arg(proxy.app.command));
        lines.append(proxy.app.workingDir.isEmpty()
                ? tr("  in the document root")
                : tr("  in %1").arg(QDir::toNativeSeparators(proxy.app.workingDir)));
        if (!proxy.app.environment.isEmpty())
            lines.append(tr("  with %1").arg(proxy.app.environment.join(u' ')));
    }
    if (site.php.isSet())
        lines.append(phpToolTip(site.php, phpVersion));
    return lines.join(u'\n');
}

QString SiteTableModel::phpToolTip(const model::PhpSettings &php, const QString &version)
{
    const QString address = php.address.trimmed();
    QStringList lines { tr("PHP files under %1 run in PHP-FPM at %2 (timeout %3 ms)")
                            .arg(php.pathPrefix, address)
                            .arg(php.timeoutMs) };
    if (address.compare(u"auto"_s, Qt::CaseInsensitive) == 0)
        lines.append(tr("  auto: the pool Hostbench runs for its data folder"));
    if (php.frontController)
        lines.append(
            tr("  front controller: missing files go to %1")
                .arg(php.pathPrefix + (php.pathPrefix.endsWith(u'/') ? u""_s : u"/"_s) + u"index.php"_s));
    lines.append(
        version.isEmpty() ? tr("  PHP version: not known yet") : tr("  PHP version: %1").arg(version));
    return lines.join(u'\n');
}

QVariant SiteTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case HostColumn:
        return tr("Host Name");
    case AliasesColumn:
        return tr("Aliases");
    case RootColumn:
        return tr("Document Root");
    case RoutesColumn:
        return tr("Routes");
    case UrlColumn:
        return tr("URL");
    }
    return {};
}

} // namespace hostbench::ui
