#include "SiteTable.h"

#include "http/RequestTarget.h"

#include "model/SiteValidator.h"

#include <QDir>
#include <QFileInfo>

#include <fcntl.h>

#include <algorithm>
#include <array>

namespace hostbench::http {

namespace {

constexpr size_t kMaxHostLength = 255; // RFC 1035 §2.3.4

std::string lowerCase(std::string_view s)
{
    std::string lower(s);
    for (char &c : lower) {
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return lower;
}

} // namespace

bool SiteTable::isWithin(std::string_view path, std::string_view folder)
{
    if (path.empty() || folder.empty())
        return false;
    if (folder == "/")
        return path.front() == '/';
    return path.starts_with(folder) && (path.size() == folder.size() || path[folder.size()] == '/');
}

namespace {

std::string normalisedName(const QString &name)
{
    const std::string utf8 = name.trimmed().toStdString();
    return lowerCase(SiteTable::hostWithoutPort(utf8));
}

} // namespace

std::string_view SiteTable::hostWithoutPort(std::string_view host)
{
    while (!host.empty() && (host.front() == ' ' || host.front() == '\t'))
        host.remove_prefix(1);
    while (!host.empty() && (host.back() == ' ' || host.back() == '\t'))
        host.remove_suffix(1);
    if (!host.empty() && host.front() == '[') {
        const size_t close = host.find(']');
        if (close == std::string_view::npos)
            return host; // malformed; matches no site
        return host.substr(1, close - 1);
    }
    // One colon: host:port. More than one is an unbracketed IPv6 literal; keep it whole.
    if (const size_t colon = host.find(':');
        colon != std::string_view::npos && host.find(':', colon + 1) == std::string_view::npos) {
        host = host.substr(0, colon);
    }
    if (!host.empty() && host.back() == '.')
        host.remove_suffix(1);
    return host;
}

size_t SiteTable::indexForHost(std::string_view host) const
{
    host = hostWithoutPort(host);
    if (host.empty() || host.size() > kMaxHostLength)
        return m_default;
    std::array<char, kMaxHostLength> lower;
    for (size_t i = 0; i < host.size(); ++i) {
        const char c = host[i];
        lower[i] = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    }
    const std::string_view name(lower.data(), host.size());
    auto it = m_byName.find(name);
    // RFC 6761 §6.3: browsers resolve every name under .localhost to
    // loopback, so "blog.test.localhost:8080" reaches site blog.test with no
    // hosts entry. A site named so itself was matched above; only a miss
    // pays for the second look-up.
    constexpr std::string_view kLocalhost = ".localhost";
    if (it == m_byName.end() && name.size() > kLocalhost.size() && name.ends_with(kLocalhost))
        it = m_byName.find(name.substr(0, name.size() - kLocalhost.size()));
    return it == m_byName.end() ? m_default : it->second;
}

namespace {

// The site's root, open as an O_PATH handle; false (with `error`) when it must exist and does not.
bool openRoot(const model::VirtualHost &host, Site &site, bool requireRoots, QString *error)
{
    const QFileInfo rootInfo(host.documentRoot);
    const QString canonicalRoot = rootInfo.canonicalFilePath();
    if (!canonicalRoot.isEmpty() && rootInfo.isDir()) {
        site.documentRoot = canonicalRoot.toStdString();
        site.rootFd.reset(::open(site.documentRoot.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
    }
    if (site.rootFd.isValid())
        return true;
    site.documentRoot.clear();
    if (!requireRoots)
        return true;
    if (error)
        *error = QStringLiteral("the document root of %1 is not a directory: %2")
                     .arg(host.hostName, host.documentRoot);
    return false;
}

// The paths the site answers by itself: fixed routes, index names, error pages, normalised.
void addPaths(const model::VirtualHost &host, Site &site)
{
    std::string path;
    for (const model::Route &route : host.routes) {
        const std::string rawPath = route.path.section(QLatin1Char('?'), 0, 0).toStdString();
        if (!RequestTarget::normalizePath(rawPath, path))
            continue; // a route no request can reach
        FixedResponse response;
        response.status = route.status;
        response.contentType = route.contentType.toStdString();
        response.body = route.body.toStdString();
        site.routes.try_emplace(path, std::move(response));
    }
    // An index name is one path segment; anything else could climb or nest.
    for (const QString &index : host.indexFiles) {
        const std::string name = index.trimmed().toStdString();
        if (!name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos)
            site.indexFiles.push_back(name);
    }
    for (auto it = host.errorPages.cbegin(); it != host.errorPages.cend(); ++it) {
        std::string pagePath = it.value().trimmed().toStdString();
        if (!pagePath.empty() && pagePath.front() != '/')
            pagePath.insert(0, 1, '/');
        if (it.key() >= 400 && it.key() <= 599 && RequestTarget::normalizePath(pagePath, path)
            && path.back() != '/')
            site.errorPages.try_emplace(it.key(), path);
    }
}

// The data folder's guard (Site::guarded).
void guard(Site &site, const std::string &protectedFolder, const std::string &servedFolder)
{
    if (protectedFolder.empty())
        return;
    site.protectedFolder = protectedFolder;
    site.servedFolder = servedFolder;
    const std::string &root = site.documentRoot;
    site.guarded = site.followSymlinks || SiteTable::isWithin(protectedFolder, root)
        || (SiteTable::isWithin(root, protectedFolder) && !SiteTable::isWithin(root, servedFolder));
}

// The proxied path prefixes (VirtualHost::proxy), the longest first, and the proxy's settings.
void addProxies(const model::VirtualHost &host, Site &site)
{
    for (const model::ProxyRoute &route : host.proxy.routes)
        site.proxies.push_back(UpstreamTarget::make(route, host.hostName));
    std::stable_sort(site.proxies.begin(), site.proxies.end(),
        [](const UpstreamTarget &a, const UpstreamTarget &b) { return a.prefix.size() > b.prefix.size(); });
    site.sendUpstreamHost = host.proxy.sendUpstreamHost;
    site.upstreamTimeoutMs = host.proxy.upstreamTimeoutMs;
}

// The site's PHP settings (VirtualHost::php), the prefix without a trailing '/' but for "/".
void addPhp(const model::VirtualHost &host, Site &site)
{
    site.serverName = host.hostName.toStdString();
    site.runsPhp = host.php.isSet();
    if (!site.runsPhp)
        return;
    QString prefix = host.php.pathPrefix.isEmpty() ? QStringLiteral("/") : host.php.pathPrefix;
    while (prefix.size() > 1 && prefix.endsWith(u'/'))
        prefix.chop(1);
    site.php.prefix = prefix.toStdString();
    site.php.frontController = host.php.frontController;
    site.php.timeoutMs = host.php.timeoutMs;
    site.php.address = host.php.address.trimmed().toStdString();
    resolvePhpAddress(site.php);
    // An error page is sent as a static file: one that is PHP source would
    // show its code, so a PHP site answers the built-in page instead.
    std::erase_if(site.errorPages, [](const auto &page) {
        const std::string &path = page.second;
        return isPhpLike(std::string_view(path).substr(path.rfind('/') + 1));
    });
}

// The counters of the site named `name` in `previous`, so that a reload keeps them; else new ones.
std::shared_ptr<SiteCounters> countersFor(const std::string &name, const SiteTable *previous, int workerCount)
{
    for (size_t i = 0; previous && i < previous->size(); ++i) {
        const Site &old = previous->site(i);
        if (normalisedName(old.hostName) == name && old.counters->workerCount == workerCount)
            return old.counters;
    }
    return std::make_shared<SiteCounters>(workerCount);
}

} // namespace

std::shared_ptr<const SiteTable> SiteTable::build(const QList<model::VirtualHost> &hosts, int workerCount,
    const SiteTable *previous, bool requireRoots, QString *error, const QString &dataFolder)
{
    // The data folder and its "sites" folder, links resolved where they exist.
    const auto canonical = [](const QString &path) {
        const QString resolved = QFileInfo(path).canonicalFilePath();
        return (resolved.isEmpty() ? QDir::cleanPath(path) : resolved).toStdString();
    };
    const std::string protectedFolder = dataFolder.isEmpty() ? std::string() : canonical(dataFolder);
    const std::string servedFolder
        = dataFolder.isEmpty() ? std::string() : canonical(model::SiteValidator::sitesFolder(dataFolder));
    if (hosts.isEmpty()) {
        if (error)
            *error = QStringLiteral("no virtual hosts to serve");
        return nullptr;
    }
    auto table = std::make_shared<SiteTable>();
    table->m_sites.reserve(size_t(hosts.size()));
    bool defaultSeen = false;
    for (const model::VirtualHost &host : hosts) {
        Site site;
        site.hostName = host.hostName;
        if (!openRoot(host, site, requireRoots, error))
            return nullptr;
        addPaths(host, site);
        site.directoryListing = host.directoryListing;
        site.followSymlinks = host.followSymlinks;
        site.serveHiddenFiles = host.serveHiddenFiles;
        guard(site, protectedFolder, servedFolder);
        site.limits = host.limits;
        addProxies(host, site);
        table->m_hasProxies = table->m_hasProxies || !site.proxies.empty();
        addPhp(host, site);
        table->m_hasPhp = table->m_hasPhp || site.runsPhp;
        site.redirectToHttps = host.tls.redirectToHttps;
        table->m_hasTlsRedirects = table->m_hasTlsRedirects || site.redirectToHttps;
        if (const qint64 maxAge
            = std::clamp<qint64>(host.tls.hstsMaxAgeSeconds, 0, model::SiteTls::kMaxHstsSeconds);
            maxAge > 0)
            site.hstsField = "Strict-Transport-Security: max-age=" + std::to_string(maxAge) + "\r\n";
        const std::string name = normalisedName(host.hostName);
        site.counters = countersFor(name, previous, workerCount);

        const size_t index = table->m_sites.size();
        if (!name.empty())
            table->m_byName.try_emplace(name, index);
        for (const QString &alias : host.aliases) {
            const std::string aliasName = normalisedName(alias);
            if (!aliasName.empty())
                table->m_byName.try_emplace(aliasName, index);
        }
        if (host.isDefault && !defaultSeen) {
            table->m_default = index;
            defaultSeen = true;
        }
        table->m_sites.push_back(std::move(site));
    }
    return table;
}

} // namespace hostbench::http
