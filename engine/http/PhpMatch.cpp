#include "PhpMatch.h"

#include "http/FileResponder.h"
#include "http/SiteTable.h"
#include "http/StaticFile.h"

#include "model/PhpSettings.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/local/stream_protocol.hpp>

#include <sys/un.h>

#include <algorithm>
#include <array>

// The PHP rules of a request (PhpMatch.h): which path runs which script,
// what is refused, and the front controller. Every look-up goes through
// StaticFile::open, so the link policy and the data-folder guard are the
// static files' own.

namespace hostbench::http {

namespace {

// A segment that names a script: "x.php" (case-sensitive, as nginx's `\.php$`).
bool isScriptName(std::string_view name)
{
    return name.ends_with(".php");
}

char lowerCase(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

// PHP source under another spelling: without its trailing dots and blanks,
// the name ends in one of PHP's extensions in any case, and it is not a
// script's own name ("x.PHP", "x.php.", "x.php ", "x.phps", "x.phtml",
// "x.phar", "x.php5").
bool isSourceSpelling(std::string_view name)
{
    if (isScriptName(name))
        return false;
    while (!name.empty() && (name.back() == '.' || static_cast<unsigned char>(name.back()) <= 0x20))
        name.remove_suffix(1);
    const std::size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || name.size() - dot - 1 > 5)
        return false;
    std::array<char, 5> lower {};
    const std::string_view extension = name.substr(dot + 1);
    for (std::size_t i = 0; i < extension.size(); ++i)
        lower[i] = lowerCase(extension[i]);
    const std::string_view ext(lower.data(), extension.size());
    for (const std::string_view known :
        { "php", "phps", "phtml", "pht", "phar", "php3", "php4", "php5", "php7", "php8" }) {
        if (ext == known)
            return true;
    }
    return false;
}

// One request's look-ups under the root (StaticFile::open: no index files
// for a path without a trailing '/'); the descriptor is closed at once. With
// the worker's FileCache, a Found or NotFound checked within
// FileCache::kValidMs costs no system call (an openat2, an fstat and a
// close a W5 request before).
class Probe
{
public:
    Probe(const Site &site, FileCache *cache)
        : m_site(site)
        , m_cache(cache)
    { }
    StaticFile::Result open(std::string_view path)
    {
        StaticFile::Result result = StaticFile::Result::NotFound;
        if (m_cache) {
            SharedFd fd;
            m_cache->lookup(m_site, path, false, false, result, fd, m_scratch, &reason);
            return result;
        }
        UniqueFd fd;
        StaticFile::Stat stat;
        return StaticFile::open(m_site, path, m_scratch, fd, stat, &reason);
    }
    const char *reason = nullptr; // of the last open()

private:
    const Site &m_site;
    FileCache *m_cache;
    std::string m_scratch;
};

PhpScript refused(PhpScript::Kind kind, const char *reason)
{
    PhpScript out;
    out.kind = kind;
    out.reason = reason;
    return out;
}

PhpScript script(const Site &site, std::string_view scriptName, std::string_view pathInfo)
{
    PhpScript out;
    out.kind = PhpScript::Kind::Script;
    out.scriptName.assign(scriptName);
    out.scriptFilename.reserve(site.documentRoot.size() + scriptName.size());
    out.scriptFilename.assign(site.documentRoot).append(scriptName);
    out.pathInfo.assign(pathInfo);
    out.documentRoot = site.documentRoot;
    return out;
}

// The front controller, <prefix>/index.php, when it exists; else NotFound.
PhpScript frontController(const Site &site, const PhpSite &php, Probe &probe)
{
    std::string name = php.prefix == "/" ? std::string() : php.prefix;
    name.append("/index.php");
    if (probe.open(name) == StaticFile::Result::Found)
        return script(site, name, {});
    return refused(PhpScript::Kind::NotFound, probe.reason);
}

// A path that names nothing: the front controller's, else NotFound.
PhpScript missing(const Site &site, const PhpSite &php, Probe &probe, const char *reason)
{
    if (php.frontController)
        return frontController(site, php, probe);
    return refused(PhpScript::Kind::NotFound, reason ? reason : StaticFile::kNoSuchFile);
}

// A path ending in '/' that no script segment took: index.php, then the
// index file the static phase would pick when it is PHP's, then (front
// controller) a directory that does not exist.
PhpScript directory(const Site &site, const PhpSite &php, std::string_view path, Probe &probe)
{
    std::string candidate(path);
    candidate.append("index.php");
    switch (probe.open(candidate)) {
    case StaticFile::Result::Found:
        return script(site, candidate, {});
    case StaticFile::Result::Forbidden:
        return refused(PhpScript::Kind::Forbidden, probe.reason);
    default:
        break;
    }
    if (std::any_of(site.indexFiles.begin(), site.indexFiles.end(), isPhpLike)) {
        for (const std::string &index : site.indexFiles) {
            candidate.assign(path).append(index);
            if (probe.open(candidate) != StaticFile::Result::Found)
                continue;
            if (isScriptName(index))
                return script(site, candidate, {});
            if (isSourceSpelling(index))
                return refused(PhpScript::Kind::Forbidden, PhpScript::kPhpSource);
            return {}; // the static phase serves this index file
        }
    }
    if (php.frontController && path != "/"
        && probe.open(path.substr(0, path.size() - 1)) != StaticFile::Result::DirectoryWithoutSlash)
        return missing(site, php, probe, probe.reason);
    return {};
}

// A path outside the prefix: Static, but PHP source is never sent.
PhpScript outsidePrefix(const Site &site, std::string_view path, FileCache *cache)
{
    if (!isPhpLike(StaticFile::fileName(path)))
        return {};
    Probe probe(site, cache);
    if (probe.open(path) == StaticFile::Result::Found)
        return refused(PhpScript::Kind::Forbidden, PhpScript::kPhpSource);
    return {};
}

} // namespace

bool isPhpLike(std::string_view name)
{
    return isScriptName(name) || isSourceSpelling(name);
}

PhpScript matchPhp(const Site &site, const PhpSite &php, std::string_view path, FileCache *cache)
{
    if (!site.runsPhp || path.empty() || path.front() != '/')
        return {};
    if (!site.serveHiddenFiles && FileResponder::isHiddenPath(path))
        return refused(PhpScript::Kind::NotFound, StaticFile::kHiddenFile);
    if (!SiteTable::isWithin(path, php.prefix))
        return outsidePrefix(site, path, cache);
    Probe probe(site, cache);
    // Each segment in turn; only a ".php" one (or PHP source) is looked up.
    for (std::size_t start = 1; start < path.size();) {
        std::size_t end = path.find('/', start);
        if (end == std::string_view::npos)
            end = path.size();
        const std::string_view name = path.substr(start, end - start);
        start = end + 1;
        if (!isPhpLike(name))
            continue;
        const std::string_view candidate = path.substr(0, end);
        const StaticFile::Result result = probe.open(candidate);
        if (!isScriptName(name) || !SiteTable::isWithin(candidate, php.prefix)) {
            if (result == StaticFile::Result::Found)
                return refused(PhpScript::Kind::Forbidden, PhpScript::kPhpSource);
            continue; // a directory "x.PHP", or nothing: not a script
        }
        switch (result) {
        case StaticFile::Result::Found:
            return script(site, candidate, path.substr(end));
        case StaticFile::Result::DirectoryWithoutSlash:
            continue; // "d.php/": a folder, the walk goes on below it
        case StaticFile::Result::Forbidden:
            return refused(PhpScript::Kind::Forbidden, probe.reason);
        default:
            // "/uploads/photo.jpg/x.php": no such script, and no segment before it is one.
            return missing(site, php, probe, probe.reason);
        }
    }
    if (path.back() == '/')
        return directory(site, php, path, probe);
    if (php.frontController && probe.open(path) == StaticFile::Result::NotFound)
        return missing(site, php, probe, probe.reason);
    return {};
}

void resolvePhpAddress(PhpSite &php)
{
    namespace asio = boost::asio;
    php.resolved = false;
    QString problem;
    const model::FastCgiAddress address
        = model::FastCgiAddress::parse(QString::fromStdString(php.address), &problem);
    if (address.kind == model::FastCgiAddress::Kind::Auto) { // any case: service/ did not replace it
        php.unresolved = "PHP-FPM pool not running";
        return;
    }
    if (address.kind == model::FastCgiAddress::Kind::Unix) {
        const std::string path = address.socketPath.toStdString();
        if (path.size() >= sizeof(sockaddr_un {}.sun_path)) {
            php.unresolved = "the socket path is longer than a Unix socket allows";
            return;
        }
        php.endpoint = asio::local::stream_protocol::endpoint(path);
        php.resolved = true;
        return;
    }
    if (address.kind != model::FastCgiAddress::Kind::Tcp) {
        php.unresolved = problem.isEmpty() ? std::string("not a PHP-FPM address") : problem.toStdString();
        return;
    }
    const std::string host
        = address.host == u"localhost" ? std::string("127.0.0.1") : address.host.toStdString();
    boost::system::error_code ec;
    const asio::ip::address ip = asio::ip::make_address(host, ec);
    if (!ec) {
        php.endpoint = asio::ip::tcp::endpoint(ip, address.port);
        php.resolved = true;
        return;
    }
    asio::io_context context;
    asio::ip::tcp::resolver resolver(context);
    const auto results = resolver.resolve(host, std::to_string(address.port), ec);
    if (ec || results.empty()) {
        php.unresolved = "the name " + host + " did not resolve";
        return;
    }
    php.endpoint = results.begin()->endpoint();
    php.resolved = true;
}

} // namespace hostbench::http
