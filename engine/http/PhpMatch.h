#pragma once

#include <boost/asio/generic/stream_protocol.hpp>

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hostbench::http {

class FileCache;
struct Request;
struct Site;

/*
 * A PHP site's settings as the workers use them (from model::PhpSettings,
 * converted once per start() or reload() by SiteTable). Plain value; built
 * on the owner's thread, read by every worker.
 */
struct PhpSite
{
    std::string prefix; // whole-segment path prefix, "/" for the whole site; no trailing '/' but for "/"
    bool frontController = false; // missing files -> <prefix>/index.php
    int timeoutMs = 60 * 1000;
    // Where PHP-FPM listens: "unix:/path.sock" or "HOST:PORT" (an unresolved
    // "auto" stays "auto": the engine answers 502, no pool running).
    std::string address;
    // `address` as resolvePhpAddress() left it: the endpoint, or why there is
    // none (every request of the site then answers 502 with that reason).
    boost::asio::generic::stream_protocol::endpoint endpoint;
    bool resolved = false;
    std::string unresolved; // "PHP-FPM pool not running", "the name php.internal did not resolve"
    // Connections to this PHP-FPM, on every worker, opened and not answered
    // within FastCgiResponder::kPinnedAfter: while there are any, no
    // connection is kept idle (see FastCgiResponder.h, "pinned"). Shared by
    // the workers; relaxed atomics.
    std::shared_ptr<std::atomic<int>> unanswered = std::make_shared<std::atomic<int>>(0);
};

/*
 * Resolves php.address into php.endpoint once, when the SiteTable is built
 * (on the owner's thread; a host name is looked up here, blocking, never per
 * request, and its first address is used, as nginx does for fastcgi_pass;
 * "localhost" is 127.0.0.1, RFC 6761 §6.3). Sets php.resolved, or
 * php.unresolved: "auto" that service/ did not replace (no pool running),
 * an address FastCgiAddress refuses, a socket path too long, a name that
 * does not resolve.
 */
void resolvePhpAddress(PhpSite &php);

/*
 * What a PHP site does with a request (issue #25; nginx's
 * `location ~ \.php$ { try_files $fastcgi_script_name =404; fastcgi_split_path_info
 * ^(.+?\.php)(/.*)$; }` plus the front controller's
 * `try_files $uri $uri/ /index.php?$query_string`). Plain value.
 */
struct PhpScript
{
    enum class Kind {
        Static, // not PHP's: the static-file phase serves the path as before
        Script, // run scriptFilename in PHP-FPM
        NotFound, // 404: a .php path with no such file (and no front controller)
        Forbidden // 403: a PHP source that must never be sent as text (x.PHP, x.php., x.phps, .phtml, .phar)
    };
    Kind kind = Kind::Static;
    std::string scriptFilename; // Script: absolute path of the existing regular .php file, under the root
    std::string scriptName; // Script: its URL path, e.g. "/blog/index.php"
    std::string pathInfo; // Script: the decoded path after the script's name ("/x/y"), or ""
    std::string documentRoot; // Script: the site's (canonical)
    // NotFound and Forbidden: why, for the error log (a static string:
    // StaticFile's reasons, kPhpSource), or null.
    const char *reason = nullptr;

    static constexpr const char *kPhpSource
        = "PHP source under another name (case, trailing dots or blanks, .phps, .phtml, .phar) is never sent";
};

/*
 * The PHP rules of one request. Thread: any worker (stat() and openat()
 * under the site's root only; no state).
 *
 *  - Only a path under php.prefix is PHP's; others are Static, but for a
 *    last segment that names an existing PHP file (any spelling below,
 *    ".php" included), which is Forbidden: a PHP site never sends its
 *    source as text, even outside its prefix.
 *  - The script is the path up to and including the first segment that ends
 *    in ".php" and names an existing regular file under the document root
 *    (the site's followSymlinks and data-folder guard as for static files);
 *    what follows it is PATH_INFO. "/uploads/photo.jpg/x.php" never runs
 *    photo.jpg: no segment before ".php" is taken for the script (the
 *    cgi.fix_pathinfo hole), so it is NotFound (or the front controller).
 *  - A ".php" segment that names a directory is not a script: the walk
 *    goes on below it ("/d.php/a.php" runs d.php/a.php; "/d.php" is Static,
 *    the static phase redirects it to "/d.php/").
 *  - A directory path ending in '/' tries "index.php" first, then the
 *    site's index files as static files (one of those that is a ".php"
 *    file runs, one that is PHP source under another spelling is Forbidden).
 *  - Hidden segments (".env", ".git/") stay 404 unless the site serves
 *    hidden files (the static phase's rule, applied before any script runs).
 *  - A file that is PHP source under another spelling (case, trailing
 *    dots or blanks, .phps/.phtml/.phar) is Forbidden, never Static.
 *  - With frontController, a path that names no file or directory (a
 *    missing ".php" script included) goes to <prefix>/index.php (Script,
 *    pathInfo "") when that file exists, else NotFound.
 *  - Every look-up is StaticFile::open's (openat2 beneath the root's
 *    O_PATH descriptor, the link policy, the data-folder guard): a script
 *    outside the root, behind a link that leaves it (links not followed)
 *    or in the data folder is NotFound, never run.
 *
 * `normalizedPath`: RequestTarget's decoded, normalised path. `cache`: the
 * calling worker's FileCache (its thread only), whose entries answer the
 * look-ups as they do the static phase's: a script created, removed or
 * replaced shows within FileCache::kValidMs (nginx's open_file_cache_valid);
 * null looks up every time.
 */
PhpScript matchPhp(
    const Site &site, const PhpSite &php, std::string_view normalizedPath, FileCache *cache = nullptr);

// True when the file name `name` (one segment) is PHP source: a script's name
// ("x.php") or another spelling of one (PhpScript::Kind::Forbidden's). Any thread.
bool isPhpLike(std::string_view name);

/*
 * The FastCGI parameters of one request (FastCGI 1.0 §6.2; CGI/1.1, RFC
 * 3875 §4.1), as nginx's fastcgi_params plus SCRIPT_FILENAME, PATH_INFO,
 * DOCUMENT_ROOT and REQUEST_SCHEME: QUERY_STRING, REQUEST_METHOD,
 * CONTENT_TYPE, CONTENT_LENGTH, SCRIPT_NAME, REQUEST_URI, DOCUMENT_URI,
 * SERVER_PROTOCOL, GATEWAY_INTERFACE, SERVER_SOFTWARE, REMOTE_ADDR,
 * REMOTE_PORT, SERVER_ADDR, SERVER_PORT, SERVER_NAME (the site's host
 * name), REDIRECT_STATUS=200, HTTPS=on only when `https`, and HTTP_* for
 * each request field (Host as HTTP_HOST; Content-Type and Content-Length
 * only as CONTENT_*; a "Proxy" field dropped: httpoxy, CVE-2016-5385).
 * CONTENT_TYPE and CONTENT_LENGTH are always sent, empty when absent, as
 * nginx does; PATH_INFO too ("" when none, as Debian's fastcgi-php.conf);
 * DOCUMENT_URI is SCRIPT_NAME (nginx's $document_uri after Debian's
 * `try_files $fastcgi_script_name =404`); REQUEST_URI the target as sent
 * (from its path on for the absolute form), the original one for the
 * front controller. HTTP_HOST is the target's authority for an absolute-form
 * target (RFC 9112 §3.2.2: it wins over Host), else Host as sent. A field
 * name with any byte but letters, digits and '-' is dropped (nginx's
 * ignore_invalid_headers, underscores_in_headers off: "X_Forwarded_For"
 * would pose as HTTP_X_FORWARDED_FOR); a field sent more than once is
 * joined with ", " (Cookie with "; "), in the order sent.
 * `contentLength`: the body's length, -1 when unknown, 0 for none (then
 * CONTENT_LENGTH is "" unless the request sent Content-Length: 0). Note
 * that PHP-FPM reads no more of FCGI_STDIN than CONTENT_LENGTH says
 * (fpm_main.c, sapi_cgi_read_post): a chunked body must be counted
 * (spooled) first, as nginx does, for PHP to see it. Thread: any.
 */
struct FastCgiPeer
{
    std::string remoteAddress; // "127.0.0.1", "::1"
    unsigned remotePort = 0;
    std::string localAddress;
    unsigned localPort = 0;
    bool https = false;
    bool known = false; // looked up (Connection keeps one per connection)
};
std::vector<std::pair<std::string, std::string>> fastCgiParams(const PhpScript &script,
    const Request &request, const Site &site, const FastCgiPeer &peer, long long contentLength);

} // namespace hostbench::http
